#pragma once
// Plots of a sweep's table (docs/sweeps.md, "Plots"), drawn on Qt's offscreen platform by the
// GUI library's drawing (ui/sweep/SweepPlots.hpp, which the Sweep dialog shows too): one figure
// per metric, OUT/plot-<metric>.<format>.
//   one dimension   lines: the metric over the axis's values (a log axis for a log range or
//                   positive values spanning two decades; categories for text values)
//   two dimensions  a heatmap: first axis across, second up, each cell labelled with its value
//   more            small multiples: one panel per combination of the third and later axes,
//                   each with lines over the first axis, one line per value of the second
// Zipped axes are one dimension, labelled by the first. Failed points leave gaps.
// Only builds with the GUI libraries draw (MERIDIAN_CLI_REPORTS); elsewhere requirePlotSupport
// throws before anything runs.

#include "app/sweep/SweepSpec.hpp"
#include "app/sweep/SweepTable.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace meridian::cli::sweep {

// The sweep core (app/sweep, shared with the GUI) under the CLI's own sweep namespace.
using namespace ::meridian::sweep;

struct PlotRequest
{
    bool enabled = false;
    std::vector<std::string> metrics; ///< table columns; empty = the kind's default
    std::vector<std::string> formats; ///< png, svg, pdf
};

/// Throws InputError (exit 2) when this build cannot draw plots.
void requirePlotSupport();
/// Checks what can be checked before the run: the metrics are figures of the table, the
/// panels not too many. Throws InputError.
void checkPlot(const PlotRequest& request, const SweepSpec& spec,
               const std::vector<std::string>& wanLinks);
/// Draws the plots; returns the files written. Throws InputError for an unknown metric or a
/// file that cannot be written.
std::vector<std::string> writePlots(const PlotRequest& request, const Table& table,
                                    const SweepSpec& spec, const std::string& topologyName,
                                    const std::filesystem::path& out);

} // namespace meridian::cli::sweep
