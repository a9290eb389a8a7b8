#pragma once
// Exported run reports (docs/reports.md): one self-contained HTML file, or an A4 PDF, with
// the inputs (topology picture, centres, links, model, parallelism, collective and transport
// settings), the results (per phase, per iteration, per centre, per link), the charts
// (timeline, iterations, WAN links, phase totals, centre breakdown), engine statistics and
// warnings. Both need a QApplication (the offscreen platform is enough) and no window.

#include "meridian/experiment/Results.hpp"
#include "meridian/io/ProjectFile.hpp"

#include <QImage>
#include <QString>

namespace meridian::ui::report {

/// Writes the HTML report to `path`: one file, every picture inline as a base64 PNG data URI,
/// inline CSS, no external reference. `topologyName` is the file name shown in the title.
/// Written atomically (temporary file, then rename): a failure throws InputError naming the
/// file and the reason and leaves no file behind.
void writeHtmlReport(const io::Project& project, const experiment::Results& results,
                     const QString& topologyName, const QString& path);
/// Writes the same content as an A4 PDF (Qt's PDF writer): pictures at print resolution,
/// tables that continue on the next page with their header row repeated, page numbers.
/// Atomic like writeHtmlReport; throws InputError on failure.
void writePdfReport(const io::Project& project, const experiment::Results& results,
                    const QString& topologyName, const QString& path);
/// The report's HTML text (what writeHtmlReport writes).
QString htmlReport(const io::Project& project, const experiment::Results& results,
                   const QString& topologyName);

/// The control plane of a run (docs/control-plane.md) as HTML: message statistics, trigger
/// firings (simulated and Lamport time, first iteration), adoption per centre, failures
/// detected, per-iteration waits, and a stop. Empty when the run had no control plane. The
/// report's "Control plane" section and the run view's Control plane tab show it.
QString controlPlaneHtml(const experiment::ControlPlaneResult& control);

/// The project's topology drawn as on the canvas (white background, no grid, no selection),
/// the longer side `maxSidePx` pixels at most (a 2× image: half as many logical pixels, the
/// size at which the canvas's constant-size labels are drawn).
QImage topologyImage(const io::Project& project, int maxSidePx = 1400);

} // namespace meridian::ui::report
