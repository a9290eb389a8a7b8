#pragma once
// Plots of a sweep's table (docs/sweeps.md, "Plots"), drawn with QCustomPlot: the figures
// `meridian-cli sweep --plot` writes and the Sweep dialog shows are drawn by this one code.
//   one dimension   lines: the metric over the axis's values (a log axis for a log range or
//                   positive values spanning two decades; categories for text values)
//   two dimensions  a heatmap: first axis across, second up, each cell labelled with its value
//   more            small multiples: one panel per combination of the third and later axes,
//                   each with lines over the first axis, one line per value of the second
// Zipped axes are one dimension, labelled by the first. Failed points leave gaps.
// Labels go through QCoreApplication::translate (context "SweepPlot"): English in the CLI,
// which loads no translation, the window's language in the dialog.

#include "app/sweep/SweepSpec.hpp"
#include "app/sweep/SweepTable.hpp"

#include <QSize>
#include <QString>
#include <optional>
#include <string>
#include <vector>

class QCPAxis;
class QCustomPlot;
class QPointF;

namespace meridian::ui {

/// Where each point of the table lies in a drawn plot, to find the point under the mouse.
struct SweepPlotMap
{
    struct Mark
    {
        QCPAxis* x = nullptr;
        QCPAxis* y = nullptr;
        double xCoord = 0.0;
        double yCoord = 0.0;
        std::size_t row = 0; ///< the point's row of the table
    };
    std::vector<Mark> marks;
    /// Heatmap: a click anywhere in a cell picks it; lines: within kPickRadiusPx of a point.
    bool cells = false;
    static constexpr double kPickRadiusPx = 14.0;

    /// The row of the point at `pixel` (plot coordinates), if any.
    std::optional<std::size_t> rowAt(const QPointF& pixel) const;
};

/// More panels than this are refused (checkPlot): they cannot be read.
constexpr std::size_t kMaxSweepPanels = 36;

/// The panels the third and later axes make (1 for one or two dimensions).
std::size_t sweepPanelCount(const sweep::SweepSpec& spec);
/// The table's figure columns that can be plotted (numbers, not axes), in table order.
std::vector<std::string> sweepPlotColumns(const sweep::Table& table, const sweep::SweepSpec& spec);
/// The default metric of a table: GPU effective compute for training, the bus bandwidth for
/// collectives, the mean time for p2p.
std::string defaultSweepMetric(const sweep::Table& table);
/// The metric's label with its unit ("GPU effective compute (%)").
QString sweepMetricLabel(const std::string& column);
/// The factor from the table's value to the plotted one (100 for a ratio shown in %).
double sweepMetricScale(const std::string& column);
/// The size a file of the plot gets (larger for small multiples).
QSize sweepPlotSize(const sweep::SweepSpec& spec);

/// Draws `metric` of the table into `plot`, a QCustomPlot as constructed (its default axis
/// rect is used or replaced); `heading` is its title.
SweepPlotMap drawSweepPlot(QCustomPlot* plot, const sweep::Table& table,
                           const sweep::SweepSpec& spec, const std::string& metric,
                           const QString& heading);

} // namespace meridian::ui
