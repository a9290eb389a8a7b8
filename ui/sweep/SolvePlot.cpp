#include "ui/sweep/SolvePlot.hpp"

#include "ui/charts/ChartStyle.hpp"
#include "ui/charts/QCustomPlot.hpp"
#include "ui/sweep/SweepPlots.hpp"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>

namespace meridian::ui {

// Generic helper names (line, label): a namespace of their own keeps them apart from other
// files' in a unity build.
namespace solveplot {
namespace {

const QColor kTargetColour(0xCC, 0x33, 0x11);
const QColor kAnswerColour(0x22, 0x88, 0x33);

/// Where value `x` of the axis lies on the plot's x axis: itself, or its index when the sweep
/// plot drew the values as categories (a linear range from 0 over several decades).
double xPosition(QCPAxis* axis, const sweep::Axis& a, double x)
{
    if (!qSharedPointerDynamicCast<QCPAxisTickerText>(axis->ticker()))
        return x;
    for (std::size_t i = 0; i < a.values.size(); ++i)
        if (a.values[i].is_number() && a.values[i].get<double>() == x)
            return static_cast<double>(i);
    return x;
}

QCPItemStraightLine* line(QCustomPlot* plot, QCPAxis* x, QCPAxis* y, const QColor& colour)
{
    auto* l = new QCPItemStraightLine(plot);
    for (QCPItemPosition* p : {l->point1, l->point2})
        p->setAxes(x, y);
    l->setClipAxisRect(x->axisRect());
    l->setPen(QPen(colour, 1.6, Qt::DashLine));
    l->setSelectable(false);
    return l;
}

QCPItemText* label(QCustomPlot* plot, QCPAxis* x, QCPAxis* y, const QColor& colour,
                   const QString& text)
{
    auto* t = new QCPItemText(plot);
    t->position->setAxes(x, y);
    t->position->setAxisRect(x->axisRect());
    t->setClipAxisRect(x->axisRect());
    t->setPadding(QMargins(3, 1, 3, 1));
    t->setText(text);
    t->setFont(charts::chartFont(9, true));
    t->setColor(colour);
    t->setBrush(QColor(255, 255, 255, 220));
    t->setSelectable(false);
    return t;
}

QString reasonText(sweep::SolveOutcome outcome)
{
    using O = sweep::SolveOutcome;
    switch (outcome) {
    case O::NotReached:
        return QCoreApplication::translate("SweepPlot", "no answer: the target is met nowhere in "
                                                        "the range");
    case O::MetAtCheapEnd:
        return QCoreApplication::translate("SweepPlot",
                                           "no answer: the target is met at the cheap end");
    case O::NotMonotone:
        return QCoreApplication::translate("SweepPlot", "no answer: the curve is not monotone");
    case O::RunFailed:
        return QCoreApplication::translate("SweepPlot", "no answer: a run failed");
    case O::RunLimit:
        return QCoreApplication::translate("SweepPlot", "no answer within the run limit");
    case O::Interrupted:
        return QCoreApplication::translate("SweepPlot", "interrupted");
    case O::Solved:
        break;
    }
    return {};
}

} // namespace
} // namespace solveplot

void drawSolvePlot(QCustomPlot* plot, const sweep::Table& table, const sweep::SweepSpec& spec,
                   const sweep::SolveRequest& request, const sweep::SolveResult& result,
                   const QString& heading)
{
    using namespace solveplot;
    sweep::SweepSpec shown = spec;
    shown.axes[0].log_range = request.log_scale;
    const SweepPlotMap map = drawSweepPlot(plot, table, shown, request.target.metric, heading);
    if (map.marks.empty())
        return;
    QCPAxis* x = map.marks.front().x;
    QCPAxis* y = map.marks.front().y;
    const double scale = sweepMetricScale(request.target.metric);
    const double target = request.target.value * scale;
    // The value axis holds the target line too, with room above it for its label.
    QCPRange range = y->range();
    const double span = std::max({range.upper, target}) - std::min({range.lower, target});
    const double pad = (span > 0 ? span : std::max(std::abs(target), 1.0)) * 0.1;
    range.lower = std::min(range.lower, target - pad);
    range.upper = std::max(range.upper, target + pad);
    y->setRange(range);
    QCPItemStraightLine* t = line(plot, x, y, kTargetColour);
    t->point1->setCoords(x->range().lower, target);
    t->point2->setCoords(x->range().upper, target);
    QCPItemText* tl =
        label(plot, x, y, kTargetColour,
              QCoreApplication::translate("SweepPlot", "target %1 %2")
                  .arg(request.target.at_least ? QStringLiteral("≥") : QStringLiteral("≤"))
                  .arg(target, 0, 'g', 4));
    tl->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    tl->position->setCoords(0.01, target);
    tl->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    if (!result.solved()) {
        // No answer: the reason, in the middle of the plot.
        QCPItemText* why = label(plot, x, y, kTargetColour, reasonText(result.outcome));
        why->position->setType(QCPItemPosition::ptAxisRectRatio);
        why->position->setCoords(0.5, 0.45);
        why->setPositionAlignment(Qt::AlignCenter);
        plot->replot();
        return;
    }
    const double ax = xPosition(x, shown.axes[0], result.answer);
    QCPItemStraightLine* a = line(plot, x, y, kAnswerColour);
    a->point1->setCoords(ax, range.lower);
    a->point2->setCoords(ax, range.upper);
    QCPItemText* al =
        label(plot, x, y, kAnswerColour,
              QCoreApplication::translate("SweepPlot", "answer %1").arg(result.answer, 0, 'g', 6));
    al->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    al->position->setCoords(ax, 0.04);
    // The label on the side of the line with more room.
    const bool right = x->coordToPixel(ax) < x->axisRect()->left() + x->axisRect()->width() * 0.6;
    al->setPositionAlignment((right ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignTop);
    plot->replot();
}

} // namespace meridian::ui
