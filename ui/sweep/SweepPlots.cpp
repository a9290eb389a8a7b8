#include "ui/sweep/SweepPlots.hpp"

#include "meridian/experiment/OptionTable.hpp"
#include "meridian/topology/AttributeTable.hpp"
#include "ui/charts/ChartStyle.hpp"
#include "ui/charts/QCustomPlot.hpp"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>

namespace meridian::ui {

// The helpers have generic names (Grid, title, position): a namespace of their own keeps them
// apart from other files' in a unity build.
namespace sweepplots {
namespace {

/// One plotted dimension: an axis, or a group of zipped axes (shown by the first).
struct Dim
{
    std::size_t axis = 0;
    std::size_t size = 0;
};

std::vector<Dim> dims(const sweep::SweepSpec& spec)
{
    std::vector<Dim> out;
    if (spec.zip)
        return {{0, spec.axes[0].values.size()}};
    for (std::size_t a = 0; a < spec.axes.size(); ++a)
        out.push_back({a, spec.axes[a].values.size()});
    return out;
}

std::size_t panelCount(const std::vector<Dim>& d)
{
    std::size_t n = 1;
    for (std::size_t k = 2; k < d.size(); ++k)
        n *= d[k].size;
    return n;
}

using charts::chartFont;
using sweep::Axis;
using sweep::SweepSpec;
using sweep::Table;

struct Metric
{
    std::string column;
    QString label; ///< with its unit
    double scale = 1.0;
};

Metric metricInfo(const std::string& column)
{
    static const std::vector<std::tuple<std::string, const char*, double>> known = {
        {"gpu_effective_compute_ratio", QT_TRANSLATE_NOOP("SweepPlot", "GPU effective compute (%)"),
         100.0},
        {"total_s", QT_TRANSLATE_NOOP("SweepPlot", "simulated time (s)"), 1.0},
        {"broadcast_s", QT_TRANSLATE_NOOP("SweepPlot", "broadcast phase (s)"), 1.0},
        {"compute_s", QT_TRANSLATE_NOOP("SweepPlot", "compute per iteration (s)"), 1.0},
        {"intra_center_s", QT_TRANSLATE_NOOP("SweepPlot", "intra-centre phase per iteration (s)"),
         1.0},
        {"inter_center_s", QT_TRANSLATE_NOOP("SweepPlot", "inter-centre phase per iteration (s)"),
         1.0},
        {"update_s", QT_TRANSLATE_NOOP("SweepPlot", "update per iteration (s)"), 1.0},
        {"iteration_s", QT_TRANSLATE_NOOP("SweepPlot", "iteration time (s)"), 1.0},
        {"mean_s", QT_TRANSLATE_NOOP("SweepPlot", "mean time (s)"), 1.0},
        {"min_s", QT_TRANSLATE_NOOP("SweepPlot", "minimum time (s)"), 1.0},
        {"max_s", QT_TRANSLATE_NOOP("SweepPlot", "maximum time (s)"), 1.0},
        {"algbw_gbps", QT_TRANSLATE_NOOP("SweepPlot", "algorithm bandwidth (Gbit/s)"), 1.0},
        {"busbw_gbps", QT_TRANSLATE_NOOP("SweepPlot", "bus bandwidth (Gbit/s)"), 1.0},
        {"seed", QT_TRANSLATE_NOOP("SweepPlot", "seed"), 1.0}};
    for (const auto& [c, label, scale] : known)
        if (c == column)
            return {column, QCoreApplication::translate("SweepPlot", label), scale};
    if (column.rfind("bytes.", 0) == 0)
        return {column,
                QCoreApplication::translate("SweepPlot", "bytes over link %1 (GB)")
                    .arg(QString::fromStdString(column.substr(6))),
                1e-9};
    return {column, QString::fromStdString(column), 1.0};
}

/// The unit of the value at an axis's path, from the attribute and option tables.
std::string axisUnit(const Axis& axis)
{
    const std::string key = axis.path.substr(axis.path.rfind('.') + 1);
    const std::vector<topology::AttributeInfo>* table = nullptr;
    if (axis.path.rfind("experiment.", 0) == 0) {
        if (const auto* o = experiment::findExperimentOption(axis.path.substr(11)))
            return o->unit;
        return {};
    }
    if (axis.pointer.find("/fabric/") != std::string::npos)
        table = &topology::fabricAttributeTable();
    else if (axis.pointer.rfind("/nodes/", 0) == 0)
        table = &topology::nodeAttributeTable();
    else
        table = &topology::linkAttributeTable();
    for (const auto& row : *table)
        if (row.key == key)
            return row.unit;
    return {};
}

QString axisLabel(const SweepSpec& spec, const Dim& d)
{
    const Axis& a = spec.axes[d.axis];
    QString label = QString::fromStdString(a.path);
    if (spec.zip)
        for (std::size_t k = 1; k < spec.axes.size(); ++k)
            label += QStringLiteral(" = ") + QString::fromStdString(spec.axes[k].path);
    const std::string unit = axisUnit(a);
    if (!unit.empty() && a.numeric())
        label += QStringLiteral(" (%1)").arg(QString::fromStdString(unit));
    return label;
}

/// How an axis's values lie along a plot axis.
enum class Scale
{
    Linear,
    Log,
    Category
};

Scale scaleOf(const Axis& a)
{
    if (!a.numeric())
        return Scale::Category;
    double lo = HUGE_VAL, hi = 0.0;
    bool positive = true;
    for (const auto& v : a.values) {
        const double x = v.get<double>();
        positive = positive && x > 0;
        if (x > 0) {
            lo = std::min(lo, x);
            hi = std::max(hi, x);
        }
    }
    if (positive && (a.log_range || (hi / lo >= 100.0)))
        return Scale::Log;
    // Zero next to values a decade apart (a loss of 0, 1e-6, 1e-5): evenly spaced categories,
    // as neither a linear nor a log axis shows them.
    return hi > 0 && hi / lo >= 10.0 && !positive ? Scale::Category : Scale::Linear;
}

double position(const Axis& a, Scale s, std::size_t i)
{
    return s == Scale::Category ? static_cast<double>(i) : a.values[i].get<double>();
}

void setupAxis(QCPAxis* axis, const Axis& a, Scale s, const QString& label)
{
    axis->setLabel(label);
    axis->setLabelFont(chartFont(10));
    axis->setTickLabelFont(chartFont(9));
    if (s == Scale::Category) {
        auto ticker = QSharedPointer<QCPAxisTickerText>::create();
        for (std::size_t i = 0; i < a.values.size(); ++i)
            ticker->addTick(static_cast<double>(i), QString::fromStdString(a.label(i)));
        axis->setTicker(ticker);
        axis->setRange(-0.5, static_cast<double>(a.values.size()) - 0.5);
    } else if (s == Scale::Log) {
        axis->setScaleType(QCPAxis::stLogarithmic);
        auto ticker = QSharedPointer<QCPAxisTickerLog>::create();
        axis->setTicker(ticker);
        axis->setNumberFormat(QStringLiteral("eb"));
        axis->setNumberPrecision(0);
        double lo = HUGE_VAL, hi = 0;
        for (const auto& v : a.values) {
            lo = std::min(lo, v.get<double>());
            hi = std::max(hi, v.get<double>());
        }
        axis->setRange(lo / 1.5, hi * 1.5);
    } else {
        double lo = HUGE_VAL, hi = -HUGE_VAL;
        for (const auto& v : a.values) {
            lo = std::min(lo, v.get<double>());
            hi = std::max(hi, v.get<double>());
        }
        const double pad = hi > lo ? (hi - lo) * 0.05 : std::max(1.0, std::abs(hi) * 0.1);
        axis->setRange(lo - pad, hi + pad);
    }
}

/// Row-major index of a tuple of value indices (the first axis slowest, as the points).
class Grid
{
public:
    Grid(const Table& table, const SweepSpec& spec, const Metric& metric)
        : m_table(table), m_spec(spec), m_metric(metric)
    {}
    /// The metric at the point with value index `idx[k]` on dimension k (NaN: failed).
    double at(const std::vector<std::size_t>& idx) const
    {
        const auto& r = m_table.rows.at(row(idx));
        const auto it = r.find(m_metric.column);
        if (it == r.end() || !it->is_number())
            return std::numeric_limits<double>::quiet_NaN();
        return it->get<double>() * m_metric.scale;
    }

    /// The table row of that point.
    std::size_t row(const std::vector<std::size_t>& idx) const
    {
        if (m_spec.zip)
            return idx[0];
        std::size_t flat = 0;
        for (std::size_t k = 0; k < m_spec.axes.size(); ++k)
            flat = flat * m_spec.axes[k].values.size() + idx[k];
        return flat;
    }

private:
    const Table& m_table;
    const SweepSpec& m_spec;
    const Metric& m_metric;
};

const QColor kLineColours[] = {QColor(0x44, 0x77, 0xAA), QColor(0xEE, 0x66, 0x77),
                               QColor(0x22, 0x88, 0x33), QColor(0xCC, 0xBB, 0x44),
                               QColor(0x66, 0xCC, 0xEE), QColor(0xAA, 0x33, 0x77),
                               QColor(0x33, 0x22, 0x88), QColor(0x99, 0x99, 0x33),
                               QColor(0x88, 0x22, 0x55), QColor(0x55, 0x55, 0x55)};

QCPGraph* addLine(QCustomPlot* plot, QCPAxisRect* rect, const QColor& colour)
{
    QCPGraph* g = plot->addGraph(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
    g->setPen(QPen(colour, 2.0));
    g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, colour, colour, 7));
    return g;
}

void fitValueAxis(QCPAxis* axis, double lo, double hi)
{
    if (!(lo <= hi))
        lo = 0, hi = 1;
    const double pad = hi > lo ? (hi - lo) * 0.08 : std::max(std::abs(hi) * 0.1, 1e-9);
    axis->setRange(lo - pad, hi + pad);
}

void styleRect(QCPAxisRect* rect)
{
    for (QCPAxis* a : {rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft)}) {
        a->setTickLabelFont(chartFont(9));
        a->setLabelFont(chartFont(10));
        a->grid()->setPen(QPen(QColor(220, 220, 220), 1, Qt::DotLine));
    }
}

QCPTextElement* title(QCustomPlot* plot, const QString& text, int size)
{
    auto* t = new QCPTextElement(plot, text, chartFont(size, true));
    return t;
}

/// Lines: one dimension, or the panels of small multiples (x = dims[0], a line per dims[1]).
void drawLines(QCustomPlot* plot, const Table& table, const SweepSpec& spec, const Metric& m,
               const QString& heading, SweepPlotMap& map)
{
    const std::vector<Dim> d = dims(spec);
    const Grid grid(table, spec, m);
    const Axis& xAxis = spec.axes[d[0].axis];
    const Scale xs = scaleOf(xAxis);
    const std::size_t series = d.size() >= 2 ? d[1].size : 1;
    const std::size_t panels = panelCount(d);
    const int cols = static_cast<int>(std::ceil(std::sqrt(static_cast<double>(panels))));
    plot->plotLayout()->clear();
    plot->setAutoAddPlottableToLegend(false);
    plot->plotLayout()->addElement(0, 0, title(plot, heading, 12));
    auto* panelsLayout = new QCPLayoutGrid;
    plot->plotLayout()->addElement(1, 0, panelsLayout);
    double lo = HUGE_VAL, hi = -HUGE_VAL;
    std::vector<QCPAxisRect*> rects;
    QCPLegend* legend = nullptr;
    if (series > 1) {
        // In the layout before any graph joins it (a legend takes its plot from there).
        legend = new QCPLegend;
        plot->plotLayout()->addElement(2, 0, legend);
        legend->setFont(chartFont(9));
        legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
        legend->setWrap(4);
        legend->setBorderPen(Qt::NoPen);
        plot->plotLayout()->setRowStretchFactor(2, 0.001);
    }
    plot->plotLayout()->setRowStretchFactor(0, 0.001);
    for (std::size_t p = 0; p < panels; ++p) {
        // The panel's values of dims[2…] (the third axis slowest).
        std::vector<std::size_t> idx(spec.axes.size(), 0);
        std::size_t rest = p;
        QStringList panelTitle;
        for (std::size_t k = d.size(); k-- > 2;) {
            idx[d[k].axis] = rest % d[k].size;
            rest /= d[k].size;
        }
        for (std::size_t k = 2; k < d.size(); ++k)
            panelTitle << QStringLiteral("%1 = %2").arg(
                QString::fromStdString(spec.axes[d[k].axis].path),
                QString::fromStdString(spec.axes[d[k].axis].label(idx[d[k].axis])));
        auto* rect = new QCPAxisRect(plot);
        styleRect(rect);
        const int row = static_cast<int>(p) / cols, col = static_cast<int>(p) % cols;
        if (panelTitle.isEmpty()) {
            panelsLayout->addElement(row, col, rect);
        } else {
            // A title row above each row of panels.
            panelsLayout->addElement(2 * row, col,
                                     title(plot, panelTitle.join(QStringLiteral(", ")), 10));
            panelsLayout->addElement(2 * row + 1, col, rect);
            panelsLayout->setRowStretchFactor(2 * row, 0.001);
        }
        setupAxis(rect->axis(QCPAxis::atBottom), xAxis, xs, axisLabel(spec, d[0]));
        rect->axis(QCPAxis::atLeft)->setLabel(m.label);
        for (std::size_t s = 0; s < series; ++s) {
            if (d.size() >= 2)
                idx[d[1].axis] = s;
            QCPGraph* g = addLine(plot, rect, kLineColours[s % std::size(kLineColours)]);
            for (std::size_t i = 0; i < d[0].size; ++i) {
                idx[d[0].axis] = i; // zipped axes: the grid reads the first's index
                const double v = grid.at(idx);
                g->addData(position(xAxis, xs, i), v);
                if (std::isfinite(v)) {
                    lo = std::min(lo, v);
                    hi = std::max(hi, v);
                    map.marks.push_back({rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft),
                                         position(xAxis, xs, i), v, grid.row(idx)});
                }
            }
            if (legend && p == 0) {
                g->setName(QStringLiteral("%1 = %2").arg(
                    QString::fromStdString(spec.axes[d[1].axis].path),
                    QString::fromStdString(spec.axes[d[1].axis].label(s))));
                g->addToLegend(legend);
            }
        }
        rects.push_back(rect);
    }
    for (QCPAxisRect* r : rects)
        fitValueAxis(r->axis(QCPAxis::atLeft), lo, hi); // one scale for every panel
}

/// A heatmap of two dimensions, each cell labelled with its value.
void drawHeatmap(QCustomPlot* plot, const Table& table, const SweepSpec& spec, const Metric& m,
                 const QString& heading, SweepPlotMap& marks)
{
    const std::vector<Dim> d = dims(spec);
    const Grid grid(table, spec, m);
    marks.cells = true;
    const Axis& ax = spec.axes[d[0].axis];
    const Axis& ay = spec.axes[d[1].axis];
    QCPAxisRect* rect = plot->axisRect();
    styleRect(rect);
    rect->axis(QCPAxis::atBottom)->grid()->setVisible(false);
    rect->axis(QCPAxis::atLeft)->grid()->setVisible(false);
    plot->plotLayout()->insertRow(0);
    plot->plotLayout()->addElement(0, 0, title(plot, heading, 12));
    setupAxis(plot->xAxis, ax, Scale::Category, axisLabel(spec, d[0]));
    setupAxis(plot->yAxis, ay, Scale::Category, axisLabel(spec, d[1]));
    auto* map = new QCPColorMap(plot->xAxis, plot->yAxis);
    map->data()->setSize(static_cast<int>(d[0].size), static_cast<int>(d[1].size));
    map->data()->setRange(QCPRange(0, static_cast<double>(d[0].size) - 1),
                          QCPRange(0, static_cast<double>(d[1].size) - 1));
    double lo = HUGE_VAL, hi = -HUGE_VAL;
    std::vector<std::size_t> idx(spec.axes.size(), 0);
    for (std::size_t i = 0; i < d[0].size; ++i)
        for (std::size_t j = 0; j < d[1].size; ++j) {
            idx[d[0].axis] = i;
            idx[d[1].axis] = j;
            const double v = grid.at(idx);
            map->data()->setCell(static_cast<int>(i), static_cast<int>(j), v);
            marks.marks.push_back({plot->xAxis, plot->yAxis, static_cast<double>(i),
                                   static_cast<double>(j), grid.row(idx)});
            if (std::isfinite(v)) {
                lo = std::min(lo, v);
                hi = std::max(hi, v);
            }
        }
    // Viridis (perceptually uniform, colour-blind safe).
    QCPColorGradient gradient;
    gradient.setColorStops({{0.0, QColor(68, 1, 84)},
                            {0.25, QColor(59, 82, 139)},
                            {0.5, QColor(33, 145, 140)},
                            {0.75, QColor(94, 201, 98)},
                            {1.0, QColor(253, 231, 37)}});
    gradient.setNanHandling(QCPColorGradient::nhTransparent);
    map->setInterpolate(false); // one flat colour per point
    if (!(lo <= hi))
        lo = 0, hi = 1;
    auto* scale = new QCPColorScale(plot);
    plot->plotLayout()->addElement(1, 1, scale);
    scale->setType(QCPAxis::atRight);
    scale->axis()->setLabel(m.label);
    scale->axis()->setLabelFont(chartFont(10));
    scale->axis()->setTickLabelFont(chartFont(9));
    map->setColorScale(scale); // the scale's gradient and range now rule the map
    scale->setGradient(gradient);
    scale->setDataRange(QCPRange(lo, hi > lo ? hi : lo + 1e-12));
    auto* group = new QCPMarginGroup(plot);
    rect->setMarginGroup(QCP::msBottom | QCP::msTop, group);
    scale->setMarginGroup(QCP::msBottom | QCP::msTop, group);
    if (d[0].size * d[1].size <= 400)
        for (std::size_t i = 0; i < d[0].size; ++i)
            for (std::size_t j = 0; j < d[1].size; ++j) {
                idx[d[0].axis] = i;
                idx[d[1].axis] = j;
                const double v = grid.at(idx);
                auto* text = new QCPItemText(plot);
                text->position->setCoords(static_cast<double>(i), static_cast<double>(j));
                text->setText(std::isfinite(v)
                                  ? QString::number(v, 'g', 4)
                                  : QCoreApplication::translate("SweepPlot", "failed"));
                text->setFont(chartFont(9, true));
                const double f = hi > lo ? (v - lo) / (hi - lo) : 0.5;
                text->setColor(std::isfinite(v) && f > 0.6 ? Qt::black : Qt::white);
                if (!std::isfinite(v))
                    text->setColor(Qt::black);
            }
}

} // namespace
} // namespace sweepplots

std::optional<std::size_t> SweepPlotMap::rowAt(const QPointF& pixel) const
{
    std::optional<std::size_t> best;
    double bestDistance = HUGE_VAL;
    for (const Mark& m : marks) {
        const double dx = m.x->coordToPixel(m.xCoord) - pixel.x();
        const double dy = m.y->coordToPixel(m.yCoord) - pixel.y();
        if (cells) {
            // Inside the cell: within half a step of its centre along both axes.
            const double halfX = std::abs(m.x->coordToPixel(m.xCoord + 0.5) - (dx + pixel.x()));
            const double halfY = std::abs(m.y->coordToPixel(m.yCoord + 0.5) - (dy + pixel.y()));
            if (std::abs(dx) <= halfX && std::abs(dy) <= halfY)
                return m.row;
            continue;
        }
        const double distance = std::hypot(dx, dy);
        if (distance <= kPickRadiusPx && distance < bestDistance) {
            bestDistance = distance;
            best = m.row;
        }
    }
    return best;
}

std::size_t sweepPanelCount(const sweep::SweepSpec& spec)
{
    return spec.axes.empty() ? 1 : sweepplots::panelCount(sweepplots::dims(spec));
}

std::vector<std::string> sweepPlotColumns(const sweep::Table& table, const sweep::SweepSpec& spec)
{
    std::vector<std::string> out;
    for (const std::string& c : table.columns)
        if (c != "point" && c != "status" && c != "results" && c != "error" &&
            std::find_if(spec.axes.begin(), spec.axes.end(),
                         [&](const sweep::Axis& a) { return a.path == c; }) == spec.axes.end())
            out.push_back(c);
    return out;
}

std::string defaultSweepMetric(const sweep::Table& table)
{
    for (const char* c : {"gpu_effective_compute_ratio", "busbw_gbps", "mean_s", "total_s"})
        if (std::find(table.columns.begin(), table.columns.end(), c) != table.columns.end())
            return c;
    return "total_s";
}

QString sweepMetricLabel(const std::string& column)
{
    return sweepplots::metricInfo(column).label;
}

double sweepMetricScale(const std::string& column)
{
    return sweepplots::metricInfo(column).scale;
}

QSize sweepPlotSize(const sweep::SweepSpec& spec)
{
    const std::vector<sweepplots::Dim> d = sweepplots::dims(spec);
    if (d.size() == 2)
        return {1200, 800};
    const std::size_t panels = sweepplots::panelCount(d);
    const int cols = static_cast<int>(std::ceil(std::sqrt(static_cast<double>(panels))));
    const int rows = static_cast<int>((panels + static_cast<std::size_t>(cols) - 1) /
                                      static_cast<std::size_t>(cols));
    return {std::max(1200, 520 * cols), std::max(700, 380 * rows + 160)};
}

SweepPlotMap drawSweepPlot(QCustomPlot* plot, const sweep::Table& table,
                           const sweep::SweepSpec& spec, const std::string& metric,
                           const QString& heading)
{
    SweepPlotMap map;
    plot->setBackground(Qt::white);
    const sweepplots::Metric m = sweepplots::metricInfo(metric);
    if (sweepplots::dims(spec).size() == 2)
        sweepplots::drawHeatmap(plot, table, spec, m, heading, map);
    else
        sweepplots::drawLines(plot, table, spec, m, heading, map);
    plot->replot();
    return map;
}

} // namespace meridian::ui
