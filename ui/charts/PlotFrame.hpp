#pragma once
// Inside ui/charts: the frame every live QCustomPlot chart (LiveCharts.hpp) is drawn in — the
// paper look and legend placed once, the clearing before a refill, the home view that a
// refill shows unless the user zoomed or panned, the empty-state text — and the names of the
// properties the charts keep on a plot between refills (read back by the hover text).

#include "ui/charts/QCustomPlot.hpp"

#include <QColor>
#include <QString>
#include <optional>

namespace meridian::ui::charts {

// Properties kept on a QCustomPlot between refills.
inline constexpr const char* kPrepared = "meridianPrepared"; // look and legend placed once
inline constexpr const char* kUserView = "meridianUserView"; // the user zoomed or panned
inline constexpr const char* kHome = "meridianHome"; // QRectF: x range (left/right), y (top/bottom)
inline constexpr const char* kHome2 = "meridianHome2";           // QPointF: right axis range
inline constexpr const char* kIterations = "meridianIterations"; // timeline: iteration of each bar
inline constexpr const char* kUnit = "meridianUnit";             // value unit of a plottable
inline constexpr const char* kKeyName = "meridianKeyName";       // what a plottable's key is
inline constexpr const char* kPressPos = "meridianPressPos";
inline constexpr const char* kTips = "meridianTips";           // control marks: tooltip per mark
inline constexpr const char* kTipStride = "meridianTipStride"; // data points per mark (3: a line)
inline constexpr const char* kControlMarks = "meridianControlMarks"; // plot: QVariantList of counts

/// The paper look and the legend below the axis rect, done once per plot.
void prepare(QCustomPlot* plot);
/// Empties a plot for a refill: plottables (and so their legend entries), items, tickers.
void clear(QCustomPlot* plot);
/// Sets the home view and shows it unless the user zoomed or panned.
void setHome(QCustomPlot* plot, QCPRange x, QCPRange y, std::optional<QCPRange> y2 = {});
/// Shows the home view.
void goHome(QCustomPlot* plot);
/// A grey text in the middle of the axis rect.
void emptyState(QCustomPlot* plot, const QString& text);
/// A legend entry of colour `c` named `name` (an empty bars plottable).
void legendSwatch(QCustomPlot* plot, const QColor& c, const QString& name);
/// Clears `plot` for bars at whole-number keys (iterations, repetitions): axis labels, no
/// vertical grid. When `empty`, draws `emptyText` in a unit home view and returns false
/// (nothing more to draw); otherwise puts a tick at every whole number and returns true.
bool startIndexedBars(QCustomPlot* plot, const QString& xLabel, const QString& yLabel, bool empty,
                      const QString& emptyText);
/// Bars of `colour` at `keys` (width 0.7, values in seconds), named `name`; hovering names
/// the key `keyName`.
QCPBars* indexedBars(QCustomPlot* plot, const QString& name, const QColor& colour,
                     const QVector<double>& keys, const QVector<double>& values,
                     const QString& keyName);

} // namespace meridian::ui::charts
