#include "ui/charts/PlotFrame.hpp"

#include "ui/charts/ChartStyle.hpp"

namespace meridian::ui::charts {

namespace {

void styleAxis(QCPAxis* axis)
{
    axis->setLabelFont(chartFont(9));
    axis->setTickLabelFont(chartFont(8));
    axis->setBasePen(QPen(QColor(60, 60, 60), 1));
    axis->setTickPen(QPen(QColor(60, 60, 60), 1));
    axis->setSubTickPen(QPen(QColor(60, 60, 60), 1));
    axis->setLabelColor(QColor(30, 30, 30));
    axis->setTickLabelColor(QColor(30, 30, 30));
    axis->grid()->setPen(QPen(QColor(225, 225, 225), 1, Qt::DotLine));
    axis->grid()->setSubGridVisible(false);
}

} // namespace

void prepare(QCustomPlot* plot)
{
    if (plot->property(kPrepared).toBool())
        return;
    plot->setProperty(kPrepared, true);
    plot->setBackground(Qt::white);
    plot->setFont(chartFont(9));
    plot->setNoAntialiasingOnDrag(true);
    plot->setAntialiasedElements(QCP::aeAll);
    for (QCPAxis* a : {plot->xAxis, plot->yAxis, plot->xAxis2, plot->yAxis2})
        styleAxis(a);
    plot->legend->setVisible(true);
    plot->legend->setFont(chartFont(8));
    plot->legend->setBorderPen(Qt::NoPen);
    plot->legend->setBrush(Qt::NoBrush);
    plot->legend->setIconSize(14, 10);
    plot->legend->setFillOrder(QCPLegend::foColumnsFirst);
    plot->legend->setWrap(6);
    plot->axisRect()->insetLayout()->take(plot->legend);
    plot->plotLayout()->addElement(1, 0, plot->legend);
    plot->plotLayout()->setRowStretchFactor(1, 0.001);
    plot->plotLayout()->setRowSpacing(2);
    plot->legend->setMargins(QMargins(4, 0, 4, 2));
}

void clear(QCustomPlot* plot)
{
    prepare(plot);
    plot->clearPlottables();
    plot->clearItems();
    plot->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    plot->yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    plot->yAxis->setRangeReversed(false);
    plot->yAxis2->setVisible(false);
    plot->xAxis->grid()->setVisible(true);
    plot->yAxis->grid()->setVisible(true);
    if (!plot->plotLayout()->hasElement(1, 0)) { // taken out by emptyState()
        plot->plotLayout()->addElement(1, 0, plot->legend);
        plot->plotLayout()->setRowStretchFactor(1, 0.001);
    }
    plot->axisRect()->setRangeZoomAxes(plot->xAxis, plot->yAxis);
    plot->axisRect()->setRangeDragAxes(plot->xAxis, plot->yAxis);
    plot->setProperty(kHome2, QVariant());
}

void setHome(QCustomPlot* plot, QCPRange x, QCPRange y, std::optional<QCPRange> y2)
{
    plot->setProperty(kHome, QRectF(QPointF(x.lower, y.upper), QPointF(x.upper, y.lower)));
    if (y2)
        plot->setProperty(kHome2, QPointF(y2->lower, y2->upper));
    if (plot->property(kUserView).toBool())
        return;
    plot->xAxis->setRange(x);
    plot->yAxis->setRange(y);
    if (y2)
        plot->yAxis2->setRange(*y2);
}

void goHome(QCustomPlot* plot)
{
    const QRectF home = plot->property(kHome).toRectF();
    if (home.isNull())
        return;
    plot->xAxis->setRange(home.left(), home.right());
    plot->yAxis->setRange(home.bottom(), home.top());
    const QVariant h2 = plot->property(kHome2);
    if (h2.isValid())
        plot->yAxis2->setRange(h2.toPointF().x(), h2.toPointF().y());
}

void emptyState(QCustomPlot* plot, const QString& text)
{
    // An empty legend's maximum width is its margins, and QCPLayoutGrid gives a column the
    // smallest maximum of its elements: the axis rect above it shrank to its tick labels, which
    // ran together under the message. Without entries the legend leaves the layout (clear()
    // puts it back).
    if (plot->plotLayout()->take(plot->legend))
        plot->plotLayout()->simplify();
    auto* t = new QCPItemText(plot);
    t->position->setType(QCPItemPosition::ptAxisRectRatio);
    t->position->setCoords(0.5, 0.5);
    t->setPositionAlignment(Qt::AlignCenter);
    t->setText(text);
    t->setFont(chartFont(10));
    t->setColor(QColor(110, 110, 110));
    t->setClipToAxisRect(false);
}

void legendSwatch(QCustomPlot* plot, const QColor& c, const QString& name)
{
    auto* b = new QCPBars(plot->xAxis, plot->yAxis);
    b->setName(name);
    b->setBrush(c);
    b->setPen(QPen(c.darker(130), 0.8));
    b->setSelectable(QCP::stNone);
}

bool startIndexedBars(QCustomPlot* plot, const QString& xLabel, const QString& yLabel, bool empty,
                      const QString& emptyText)
{
    clear(plot);
    plot->xAxis->setLabel(xLabel);
    plot->yAxis->setLabel(yLabel);
    plot->xAxis->grid()->setVisible(false);
    if (empty) {
        emptyState(plot, emptyText);
        setHome(plot, QCPRange(-0.5, 0.5), QCPRange(0, 1));
        plot->replot(QCustomPlot::rpQueuedReplot);
        return false;
    }
    auto ticker = QSharedPointer<QCPAxisTickerFixed>::create();
    ticker->setTickStep(1.0);
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    plot->xAxis->setTicker(ticker);
    plot->xAxis->setSubTicks(false);
    return true;
}

QCPBars* indexedBars(QCustomPlot* plot, const QString& name, const QColor& colour,
                     const QVector<double>& keys, const QVector<double>& values,
                     const QString& keyName)
{
    auto* b = new QCPBars(plot->xAxis, plot->yAxis);
    b->setName(name);
    b->setBrush(colour);
    b->setPen(QPen(colour.darker(130), 0.6));
    b->setWidth(0.7);
    b->setData(keys, values, true);
    b->setProperty(kUnit, QStringLiteral("s"));
    b->setProperty(kKeyName, keyName);
    return b;
}

} // namespace meridian::ui::charts
