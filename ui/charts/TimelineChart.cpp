// The phase timeline (a Gantt chart per centre) and, over it, the control plane's
// message-sequence chart: plotTimeline in LiveCharts.hpp.
#include "ui/charts/LiveCharts.hpp"
#include "ui/charts/PlotFrame.hpp"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <unordered_map>

namespace meridian::ui::charts {

namespace {

QColor controlKindColour(const std::string& kind)
{
    if (kind == "READY")
        return {0x1F, 0x5F, 0xAF};
    if (kind == "VOTE")
        return {0x2A, 0x9D, 0x8F};
    if (kind == "COMMIT")
        return {0xC0, 0x5A, 0x00};
    if (kind == "APPLIED")
        return {0x3A, 0x7D, 0x22};
    return {0x7B, 0x3F, 0x9E}; // STATE, RESUME: the view change
}

/// A control-plane curve: lines (`stride` 3) or symbols (`stride` 1), one tooltip per mark.
QCPCurve* controlCurve(QCustomPlot* plot, const QString& name, const QVector<double>& x,
                       const QVector<double>& y, const QStringList& tips, int stride)
{
    auto* c = new QCPCurve(plot->xAxis, plot->yAxis);
    c->setName(name);
    QVector<double> t(x.size());
    for (int i = 0; i < t.size(); ++i)
        t[i] = i;
    c->setData(t, x, y);
    c->setProperty(kTips, tips);
    c->setProperty(kTipStride, stride);
    c->setSelectable(QCP::stNone);
    return c;
}

QCPCurve* controlSymbols(QCustomPlot* plot, const QString& name,
                         QCPScatterStyle::ScatterShape shape, const QColor& colour, double size,
                         const QVector<double>& x, const QVector<double>& y,
                         const QStringList& tips)
{
    QCPCurve* c = controlCurve(plot, name, x, y, tips, 1);
    c->setLineStyle(QCPCurve::lsNone);
    c->setScatterStyle(QCPScatterStyle(shape, QPen(colour.darker(120), 1.6), colour, size));
    return c;
}

/// A dashed (trigger) or solid (stop) vertical line over the whole chart, labelled at the top.
void controlMarker(QCustomPlot* plot, double t_s, const QColor& colour, Qt::PenStyle style,
                   const QString& label, const QString& tip, int lane)
{
    auto* line = new QCPItemStraightLine(plot);
    line->point1->setCoords(t_s, 0.0);
    line->point2->setCoords(t_s, 1.0);
    line->setPen(QPen(colour, 1.4, style));
    line->setProperty(kTips, tip);
    auto* text = new QCPItemText(plot);
    text->position->setTypeX(QCPItemPosition::ptPlotCoords);
    text->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    // Labels of firings close in time go one below the other (lane 0 at the top).
    text->position->setCoords(t_s, 0.07 * lane);
    text->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    text->setPadding(QMargins(3, 1, 3, 1));
    text->setText(label);
    text->setFont(chartFont(8));
    text->setColor(colour);
    text->setBrush(QColor(255, 255, 255, 220));
    text->setSelectable(false);
}

/// Marks of one kind: x (time), y (row) and a tooltip per mark.
struct Marks
{
    QVector<double> x, y;
    QStringList tips;
};

/// What the parts of the control-plane overlay share: the timeline's rows, the time span
/// drawn (widened by every mark) and the counts of what was drawn.
struct ControlOverlay
{
    QCustomPlot* plot;
    const std::unordered_map<std::string, int>& rowOf;
    double& tMin;
    double& tMax;
    TimelineControlMarks marks;

    double row(const std::string& centre) const
    {
        const auto it = rowOf.find(centre);
        return it == rowOf.end() ? 0.0 : double(it->second);
    }
    void span(double a, double b)
    {
        tMin = std::min(tMin, a);
        tMax = std::max(tMax, b);
    }
};

/// One curve of lines per message kind, in protocol order (then other kinds by name).
void drawMessageLines(QCustomPlot* plot, const std::map<std::string, Marks>& byKind)
{
    static const char* const kOrder[] = {"READY", "VOTE", "COMMIT", "APPLIED", "STATE", "RESUME"};
    std::vector<std::string> kinds(std::begin(kOrder), std::end(kOrder));
    for (const auto& [kind, l] : byKind)
        if (std::find(kinds.begin(), kinds.end(), kind) == kinds.end())
            kinds.push_back(kind);
    for (const auto& kind : kinds) {
        const auto it = byKind.find(kind);
        if (it == byKind.end())
            continue;
        QColor c = controlKindColour(kind);
        c.setAlpha(170);
        QCPCurve* curve = controlCurve(plot, QString::fromStdString(kind), it->second.x,
                                       it->second.y, it->second.tips, 3);
        curve->setPen(QPen(c, 1.0));
    }
}

/// Messages: a line from the sender's row at the send time to the receiver's row at the
/// arrival time, one curve per kind; lost copies as crosses on the sender's row.
void plotMessages(ControlOverlay& o, const std::vector<experiment::ControlMessageSpan>& spans)
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    std::map<std::string, Marks> byKind;
    Marks lost;
    for (const auto& m : spans) {
        const double a = o.row(m.from), b = o.row(m.to);
        const QString what = QCoreApplication::translate("Charts", "%1 %2 → %3")
                                 .arg(QString::fromStdString(m.kind),
                                      QString::fromStdString(m.from), QString::fromStdString(m.to));
        if (m.arrived_s < 0.0) {
            lost.x << m.sent_s;
            lost.y << a + (b > a ? 0.22 : -0.22);
            lost.tips << what + QCoreApplication::translate("Charts", "\nsent %1, lost")
                                    .arg(seconds(m.sent_s));
            o.span(m.sent_s, m.sent_s);
            ++o.marks.lost;
            continue;
        }
        Marks& l = byKind[m.kind];
        l.x << m.sent_s << m.arrived_s << nan;
        l.y << a << b << nan;
        l.tips << what + QCoreApplication::translate("Charts", "\nsent %1, arrived %2 (%3)")
                             .arg(seconds(m.sent_s), seconds(m.arrived_s),
                                  seconds(m.arrived_s - m.sent_s));
        o.span(m.sent_s, m.arrived_s);
        ++o.marks.messages;
    }
    drawMessageLines(o.plot, byKind);
    if (!lost.x.isEmpty())
        controlSymbols(o.plot, QCoreApplication::translate("Charts", "lost message"),
                       QCPScatterStyle::ssCross, QColor(0xD0, 0x20, 0x20), 7, lost.x, lost.y,
                       lost.tips);
}

/// Adoptions of orders: a diamond where each centre took the order on.
void plotAdoptions(ControlOverlay& o, const std::vector<experiment::ControlAdoption>& adoptions)
{
    Marks adopted;
    for (const auto& a : adoptions) {
        adopted.x << a.time_s;
        adopted.y << o.row(a.centre);
        adopted.tips << QCoreApplication::translate(
                            "Charts", "%1 adopted by %2\nat %3, Lamport %4, from iteration %5")
                            .arg(QString::fromStdString(a.trigger),
                                 QString::fromStdString(a.centre), seconds(a.time_s))
                            .arg(a.lamport)
                            .arg(a.iteration);
        o.span(a.time_s, a.time_s);
        ++o.marks.adoptions;
    }
    if (!adopted.x.isEmpty())
        controlSymbols(o.plot, QCoreApplication::translate("Charts", "order adopted"),
                       QCPScatterStyle::ssDiamond, QColor(0x22, 0x22, 0x22), 8, adopted.x,
                       adopted.y, adopted.tips);
}

/// Failures: when the centre failed (if known) and when its failure was detected.
void plotFailures(ControlOverlay& o, const std::vector<experiment::ControlFailure>& failures)
{
    Marks failed, detected;
    for (const auto& f : failures) {
        if (f.failed_s >= 0.0) {
            failed.x << f.failed_s;
            failed.y << o.row(f.centre);
            failed.tips << QCoreApplication::translate("Charts", "centre %1 failed at %2")
                               .arg(QString::fromStdString(f.centre), seconds(f.failed_s));
            o.span(f.failed_s, f.failed_s);
        }
        detected.x << f.detected_s;
        detected.y << o.row(f.detected_by);
        detected.tips << QCoreApplication::translate("Charts",
                                                     "%1 detected the failure of %2 at %3 (%4)")
                             .arg(QString::fromStdString(f.detected_by),
                                  QString::fromStdString(f.centre), seconds(f.detected_s),
                                  QString::fromStdString(f.outcome));
        o.span(f.detected_s, f.detected_s);
        ++o.marks.failures;
    }
    if (!failed.x.isEmpty())
        controlSymbols(o.plot, QCoreApplication::translate("Charts", "centre failed"),
                       QCPScatterStyle::ssCrossSquare, QColor(0xB0, 0x00, 0x00), 10, failed.x,
                       failed.y, failed.tips);
    if (!detected.x.isEmpty())
        controlSymbols(o.plot, QCoreApplication::translate("Charts", "failure detected"),
                       QCPScatterStyle::ssTriangle, QColor(0xE0, 0x40, 0x40), 9, detected.x,
                       detected.y, detected.tips);
}

/// Lanes of the labels of vertical lines: a label goes to the first lane not taken by a label
/// within `near_s` before it (labels are about that wide on an unzoomed chart; firings at one
/// instant stack), lane 0 at the top.
class LabelLanes
{
public:
    explicit LabelLanes(double near_s) : m_near_s(near_s) {}
    int place(double t_s)
    {
        int lane = 0;
        for (bool taken = true; taken && lane < 8;) {
            taken = std::any_of(m_placed.begin(), m_placed.end(), [&](const auto& p) {
                return p.second == lane && std::abs(p.first - t_s) < m_near_s;
            });
            if (taken)
                ++lane;
        }
        m_placed.emplace_back(t_s, lane);
        return lane;
    }

private:
    double m_near_s;
    std::vector<std::pair<double, int>> m_placed;
};

/// Trigger firings and a stop: vertical lines with a label, and a legend entry each.
void plotTriggersAndStop(ControlOverlay& o, const experiment::ControlPlaneResult& cp)
{
    const QColor triggerColour(0x8B, 0x1A, 0x4A);
    LabelLanes lanes(0.06 * std::max(o.tMax - o.tMin, 1e-9)); // 6 % of the run's span
    for (const auto& t : cp.triggers) {
        QString tip =
            QCoreApplication::translate("Charts", "trigger %1 (%2) fired at %3, Lamport %4")
                .arg(QString::fromStdString(t.id), QString::fromStdString(t.action),
                     seconds(t.time_s))
                .arg(t.lamport);
        if (t.applies_from >= 0)
            tip += QCoreApplication::translate("Charts", "\napplies from iteration %1")
                       .arg(t.applies_from);
        controlMarker(o.plot, t.time_s, triggerColour, Qt::DashLine, QString::fromStdString(t.id),
                      tip, lanes.place(t.time_s));
        o.span(t.time_s, t.time_s);
        ++o.marks.triggers;
    }
    if (o.marks.triggers > 0) {
        auto* swatch = new QCPGraph(o.plot->xAxis, o.plot->yAxis);
        swatch->setName(QCoreApplication::translate("Charts", "trigger fired"));
        swatch->setPen(QPen(triggerColour, 1.4, Qt::DashLine));
        swatch->setSelectable(QCP::stNone);
    }
    if (cp.stopped) {
        controlMarker(o.plot, cp.stopped_s, QColor(0xD0, 0x20, 0x20), Qt::SolidLine,
                      QCoreApplication::translate("Charts", "stopped"),
                      QCoreApplication::translate("Charts", "run stopped at %1: %2")
                          .arg(seconds(cp.stopped_s), QString::fromStdString(cp.stop_reason)),
                      lanes.place(cp.stopped_s));
        o.span(cp.stopped_s, cp.stopped_s);
        o.marks.stopped = true;
    }
}

/// Draws the control plane over the timeline (rows by centre id) and records what it drew.
void plotControl(QCustomPlot* plot, const experiment::ControlPlaneResult& cp,
                 const std::unordered_map<std::string, int>& rowOf, double& tMin, double& tMax)
{
    ControlOverlay o{plot, rowOf, tMin, tMax, {}};
    plotMessages(o, cp.message_spans);
    plotAdoptions(o, cp.adoptions);
    plotFailures(o, cp.failures);
    plotTriggersAndStop(o, cp);
    const TimelineControlMarks& m = o.marks;
    plot->setProperty(kControlMarks, QVariantList{m.messages, m.lost, m.triggers, m.adoptions,
                                                  m.failures, m.stopped});
}

// ---- the timeline ---------------------------------------------------------------------------

/// The timeline's rows: the critical path (row 0), then the centres in order of first
/// appearance in the spans, then centres of the control plane without phase spans (lost
/// before their first phase: they still get a row for their messages).
struct TimelineRows
{
    std::vector<std::string> names{""};
    std::unordered_map<std::string, int> rowOf;

    void add(const std::string& centre)
    {
        if (rowOf.emplace(centre, static_cast<int>(names.size())).second)
            names.push_back(centre);
    }
};

TimelineRows timelineRows(const std::vector<experiment::CenterPhaseSpan>& spans,
                          const experiment::ControlPlaneResult* control)
{
    TimelineRows rows;
    for (const auto& s : spans)
        rows.add(s.center);
    if (control)
        for (const auto& m : control->message_spans) {
            rows.add(m.from);
            rows.add(m.to);
        }
    return rows;
}

/// The y axis: one labelled row per entry of `rows`, the critical path at the top.
void setRowAxis(QCustomPlot* plot, const std::vector<std::string>& rows)
{
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    ticker->addTick(0, QCoreApplication::translate("Charts", "critical path"));
    for (std::size_t r = 1; r < rows.size(); ++r)
        ticker->addTick(double(r), QString::fromStdString(rows[r]));
    plot->yAxis->setTicker(ticker);
    plot->yAxis->setSubTicks(false);
    plot->yAxis->setTickLength(0, 0);
    plot->yAxis->setRangeReversed(true);
}

/// The bars of one phase: row (key), start, end and iteration of each.
struct Bars
{
    QVector<double> key, start, end;
    QList<int> iteration;
};

/// The bars per phase name, in order of first appearance, and the time they span.
struct TimelineBars
{
    std::map<std::string, Bars> byPhase;
    std::vector<std::string> seen;
    double tMin = std::numeric_limits<double>::max(), tMax = 0.0;

    void add(int row, const std::string& name, int iteration, double start, double end)
    {
        auto [it, fresh] = byPhase.try_emplace(name);
        if (fresh)
            seen.push_back(name);
        Bars& b = it->second;
        b.key.push_back(row);
        b.start.push_back(start);
        b.end.push_back(end);
        b.iteration.push_back(iteration);
        tMin = std::min(tMin, start);
        tMax = std::max(tMax, end);
    }
};

/// The critical path's phases on row 0, then the centres' spans row by row (they come centre
/// by centre within an iteration), so that the data is "already sorted" by key and a data
/// index is also the index of its tooltip.
TimelineBars timelineBars(const std::vector<experiment::CenterPhaseSpan>& spans,
                          const std::vector<experiment::PhaseResult>& phases,
                          const std::unordered_map<std::string, int>& rowOf)
{
    TimelineBars bars;
    for (const auto& p : phases)
        bars.add(0, p.name, p.iteration, p.start_s, p.end_s);
    std::vector<std::size_t> order(spans.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return rowOf.at(spans[a].center) < rowOf.at(spans[b].center);
    });
    for (std::size_t i : order) {
        const auto& s = spans[i];
        bars.add(rowOf.at(s.center), s.name, s.iteration, s.start_s, s.end_s);
    }
    return bars;
}

/// One candlestick plottable per phase, its key axis vertical: a candle whose body runs from
/// open = start to close = end at key = row is a Gantt bar. Five plottables draw any number
/// of bars, so a refill stays cheap for long runs.
void drawPhaseBars(QCustomPlot* plot, const std::string& name, const Bars& b)
{
    const QColor c = phaseColour(name);
    auto* f = new QCPFinancial(plot->yAxis, plot->xAxis);
    f->setChartStyle(QCPFinancial::csCandlestick);
    f->setWidthType(QCPFinancial::wtPlotCoords);
    f->setWidth(0.72);
    f->setTwoColored(false);
    f->setBrush(c);
    // A darker 1 px outline keeps back-to-back bars of one phase apart (repetitions).
    f->setPen(QPen(c.darker(150), 0));
    f->setName(phaseLabel(name));
    f->setData(b.key, b.start, b.end, b.start, b.end, true);
    f->setProperty(kIterations, QVariant::fromValue(b.iteration));
    f->setAntialiased(false); // axis-aligned rectangles: sharp and cheaper without
    f->removeFromLegend();
}

/// The bars and the legend in canonical phase order, then other names (micro-benchmark
/// operations) in order of first appearance.
void drawTimelineBars(QCustomPlot* plot, const TimelineBars& bars)
{
    std::vector<std::string> names;
    for (const auto& p : canonicalPhases())
        if (bars.byPhase.count(p))
            names.push_back(p);
    for (const auto& p : bars.seen)
        if (std::find(names.begin(), names.end(), p) == names.end())
            names.push_back(p);
    for (const auto& name : names)
        drawPhaseBars(plot, name, bars.byPhase.at(name));
    for (const auto& name : names)
        legendSwatch(plot, phaseColour(name), phaseLabel(name));
}

} // namespace

TimelineControlMarks timelineControlMarks(QCustomPlot* plot)
{
    TimelineControlMarks m;
    const QVariantList v = plot->property(kControlMarks).toList();
    if (v.size() == 6) {
        m.messages = v[0].toInt();
        m.lost = v[1].toInt();
        m.triggers = v[2].toInt();
        m.adoptions = v[3].toInt();
        m.failures = v[4].toInt();
        m.stopped = v[5].toBool();
    }
    return m;
}

void plotTimeline(QCustomPlot* plot, const std::vector<experiment::CenterPhaseSpan>& spans,
                  const std::vector<experiment::PhaseResult>& phases,
                  const experiment::ControlPlaneResult* control)
{
    clear(plot);
    plot->setProperty(kControlMarks, QVariant());
    if (control && !control->enabled)
        control = nullptr;
    plot->xAxis->setLabel(QCoreApplication::translate("Charts", "simulated time (s)"));
    plot->yAxis->setLabel(QString());
    plot->yAxis->grid()->setVisible(false);
    if (phases.empty() && spans.empty()) {
        emptyState(plot, QCoreApplication::translate("Charts", "No phases yet"));
        setHome(plot, QCPRange(0, 1), QCPRange(0, 1));
        plot->replot(QCustomPlot::rpQueuedReplot);
        return;
    }
    const TimelineRows rows = timelineRows(spans, control);
    setRowAxis(plot, rows.names);
    TimelineBars bars = timelineBars(spans, phases, rows.rowOf);
    drawTimelineBars(plot, bars);
    if (control)
        plotControl(plot, *control, rows.rowOf, bars.tMin, bars.tMax);
    const double pad = std::max(bars.tMax - bars.tMin, 1e-9) * 0.01;
    setHome(plot, QCPRange(bars.tMin - pad, bars.tMax + pad),
            QCPRange(-0.6, double(rows.names.size()) - 0.4));
    plot->replot(QCustomPlot::rpQueuedReplot);
}

int timelineBarCount(QCustomPlot* plot)
{
    int n = 0;
    for (int i = 0; i < plot->plottableCount(); ++i)
        if (auto* f = qobject_cast<QCPFinancial*>(plot->plottable(i)))
            n += f->data()->size();
    return n;
}

} // namespace meridian::ui::charts
