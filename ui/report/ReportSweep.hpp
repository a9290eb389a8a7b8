#pragma once
// The report of a sweep (docs/reports.md, "Sweep reports"): one self-contained HTML file or an
// A4 PDF with the sweep's axes, its table (the axis values, status and headline figures of every
// point) and its plots (ui/sweep/SweepPlots: lines for one axis, a heatmap for two, small
// multiples for more) of the default metric and the iteration time. Written by
// `meridian-cli sweep … --format html,pdf` into OUT and by the Sweep dialog's Export Report.
// Needs a QApplication (the offscreen platform is enough).

#include "app/sweep/SweepSpec.hpp"
#include "app/sweep/SweepTable.hpp"

#include <QString>

namespace meridian::ui::report {

/// The sweep report's HTML text, pictures inline as base64 PNG data URIs.
QString sweepReportHtml(const sweep::Table& table, const sweep::SweepSpec& spec,
                        const QString& topologyName);
/// Writes it to `path`, atomically; throws InputError naming the file when it cannot.
void writeSweepHtmlReport(const sweep::Table& table, const sweep::SweepSpec& spec,
                          const QString& topologyName, const QString& path);
/// The same content as an A4 PDF; atomic; throws InputError on failure.
void writeSweepPdfReport(const sweep::Table& table, const sweep::SweepSpec& spec,
                         const QString& topologyName, const QString& path);

} // namespace meridian::ui::report
