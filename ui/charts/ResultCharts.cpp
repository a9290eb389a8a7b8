#include "ui/charts/ResultCharts.hpp"

#include "meridian/io/ProjectFile.hpp"
#include "ui/charts/QCustomPlot.hpp"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QBuffer>
#include <QChart>
#include <QCoreApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QPdfWriter>
#include <QStackedBarSeries>
#include <QSvgGenerator>
#include <QToolTip>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <unordered_map>

namespace meridian::ui::charts {

namespace {

// Properties kept on a QCustomPlot between refills.
constexpr const char* kPrepared = "meridianPrepared"; // look and legend placed once
constexpr const char* kUserView = "meridianUserView"; // the user zoomed or panned
constexpr const char* kHome = "meridianHome";   // QRectF: x range (left/right), y (top/bottom)
constexpr const char* kHome2 = "meridianHome2"; // QPointF: right axis range
constexpr const char* kIterations = "meridianIterations"; // timeline: iteration of each bar
constexpr const char* kUnit = "meridianUnit";             // value unit of a plottable
constexpr const char* kKeyName = "meridianKeyName";       // what a plottable's key is
constexpr const char* kPressPos = "meridianPressPos";
constexpr const char* kTips = "meridianTips";                 // control marks: tooltip per mark
constexpr const char* kTipStride = "meridianTipStride";       // data points per mark (3: a line)
constexpr const char* kControlMarks = "meridianControlMarks"; // plot: QVariantMap of counts

QFont chartFont(int pointSize, bool bold = false)
{
    QFont f(QStringLiteral("DejaVu Sans"));
    f.setPointSize(pointSize);
    f.setBold(bold);
    return f;
}

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

/// The paper look and the legend below the axis rect, done once per plot.
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

/// Empties a plot for a refill: plottables (and so their legend entries), items, tickers.
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
    plot->axisRect()->setRangeZoomAxes(plot->xAxis, plot->yAxis);
    plot->axisRect()->setRangeDragAxes(plot->xAxis, plot->yAxis);
    plot->setProperty(kHome2, QVariant());
}

/// Sets the home view and shows it unless the user zoomed or panned.
void setHome(QCustomPlot* plot, QCPRange x, QCPRange y, std::optional<QCPRange> y2 = {})
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
    auto* t = new QCPItemText(plot);
    t->position->setType(QCPItemPosition::ptAxisRectRatio);
    t->position->setCoords(0.5, 0.5);
    t->setPositionAlignment(Qt::AlignCenter);
    t->setText(text);
    t->setFont(chartFont(10));
    t->setColor(QColor(110, 110, 110));
    t->setClipToAxisRect(false);
}

/// A legend entry of colour `c` named `name` (an empty bars plottable).
void legendSwatch(QCustomPlot* plot, const QColor& c, const QString& name)
{
    auto* b = new QCPBars(plot->xAxis, plot->yAxis);
    b->setName(name);
    b->setBrush(c);
    b->setPen(QPen(c.darker(130), 0.8));
    b->setSelectable(QCP::stNone);
}

QString seconds(double s)
{
    if (s != 0.0 && std::abs(s) < 1e-3)
        return QString::number(s * 1e6, 'g', 4) + QStringLiteral(" µs");
    if (s != 0.0 && std::abs(s) < 1.0)
        return QString::number(s * 1e3, 'g', 4) + QStringLiteral(" ms");
    return QString::number(s, 'g', 5) + QStringLiteral(" s");
}

const QColor kLinkColours[] = {QColor(0x33, 0x22, 0x88), QColor(0x88, 0xCC, 0xEE),
                               QColor(0x44, 0xAA, 0x99), QColor(0x11, 0x77, 0x33),
                               QColor(0x99, 0x99, 0x33), QColor(0xDD, 0xCC, 0x77),
                               QColor(0xCC, 0x66, 0x77), QColor(0x88, 0x22, 0x55),
                               QColor(0xAA, 0x44, 0x99), QColor(0x55, 0x55, 0x55)};

QString hoverText(QCustomPlot* plot, const QPointF& pos)
{
    // Trigger and stop lines of the control plane name themselves.
    if (QCPAbstractItem* item = plot->itemAt(pos, false))
        if (const QString tip = item->property(kTips).toString(); !tip.isEmpty())
            return tip;
    int index = -1;
    QCPAbstractPlottable* p = plot->plottableAt(pos, false, &index);
    if (!p || index < 0)
        return {};
    if (auto* curve = qobject_cast<QCPCurve*>(p)) {
        // A control-plane mark: a message line (3 points: from, to, gap) or a symbol.
        const QStringList tips = curve->property(kTips).toStringList();
        const int mark = index / std::max(1, curve->property(kTipStride).toInt());
        return mark < tips.size() ? tips[mark] : QString();
    }
    if (auto* f = qobject_cast<QCPFinancial*>(p)) {
        // A timeline bar: its row names the centre, the data its start and end.
        if (index >= f->data()->size())
            return {};
        const auto it = f->data()->at(index);
        const auto ticker = plot->yAxis->ticker().dynamicCast<QCPAxisTickerText>();
        const QString row = ticker ? ticker->ticks().value(it->key) : QString();
        QString tip =
            f->name() + QStringLiteral(" — ") +
            (it->key == 0.0 ? row : QCoreApplication::translate("Charts", "centre %1").arg(row));
        const QList<int> iterations = f->property(kIterations).value<QList<int>>();
        if (index < iterations.size() && iterations[index] >= 0)
            tip += QCoreApplication::translate("Charts", ", iteration %1").arg(iterations[index]);
        return tip + QCoreApplication::translate("Charts", "\nstart %1, duration %2")
                         .arg(seconds(it->open), seconds(it->close - it->open));
    }
    const QString unit = p->property(kUnit).toString();
    const QString keyName = p->property(kKeyName).toString();
    if (auto* bars = qobject_cast<QCPBars*>(p)) {
        if (index >= bars->data()->size())
            return {};
        const auto it = bars->data()->at(index);
        return QStringLiteral("%1\n%2 %3: %4 %5")
            .arg(bars->name(), keyName)
            .arg(it->key)
            .arg(it->value, 0, 'g', 5)
            .arg(unit);
    }
    if (auto* graph = qobject_cast<QCPGraph*>(p)) {
        if (index >= graph->data()->size())
            return {};
        const auto it = graph->data()->at(index);
        const QString key =
            keyName == QLatin1String("t") ? seconds(it->key) : QString::number(it->key, 'g', 6);
        return QStringLiteral("%1\n%2 = %3: %4 %5")
            .arg(graph->name(), keyName, key)
            .arg(it->value, 0, 'g', 4)
            .arg(unit);
    }
    return {};
}

/// Renders the plot with `painter` on a paint device of `size`.
void paintPlot(QCustomPlot* plot, QPaintDevice* device, QSize size)
{
    QCPPainter painter(device);
    painter.setMode(QCPPainter::pmVectorized);
    painter.setMode(QCPPainter::pmNoCaching);
    plot->toPainter(&painter, size.width(), size.height());
    painter.end();
}

QSize exportSize(QCustomPlot* plot)
{
    return QSize(std::max(plot->width(), 1200), std::max(plot->height(), 700));
}

void chartLook(QChart* chart, const QString& title)
{
    chart->setTheme(QChart::ChartThemeLight);
    chart->setBackgroundRoundness(0);
    chart->setBackgroundBrush(Qt::white);
    chart->setTitle(title);
    chart->setTitleFont(chartFont(11, true));
    chart->legend()->setFont(chartFont(8));
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setMargins(QMargins(6, 6, 6, 6));
    chart->setPlotAreaBackgroundVisible(false);
}

QValueAxis* valueAxis(const QString& title)
{
    auto* a = new QValueAxis;
    a->setTitleText(title);
    a->setTitleFont(chartFont(9));
    a->setLabelsFont(chartFont(8));
    a->setLabelFormat(QStringLiteral("%.3g"));
    a->setGridLinePen(QPen(QColor(225, 225, 225), 1, Qt::DotLine));
    a->setMin(0);
    return a;
}

QBarCategoryAxis* categoryAxis(const QStringList& categories)
{
    auto* a = new QBarCategoryAxis;
    a->append(categories);
    a->setLabelsFont(chartFont(8));
    a->setGridLineVisible(false);
    return a;
}

/// The chart's category axis (`emptyLabel` when there are no categories) and a value axis
/// from 0 to a little above `top`, attached to `series`.
void attachBarAxes(QChart* chart, QAbstractBarSeries* series, const QStringList& categories,
                   const QString& emptyLabel, const QString& valueTitle, double top)
{
    auto* x = categoryAxis(categories.isEmpty() ? QStringList{emptyLabel} : categories);
    auto* y = valueAxis(valueTitle);
    y->setMax(top > 0 ? top * 1.05 : 1.0);
    y->applyNiceNumbers();
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
}

} // namespace

const std::vector<std::string>& canonicalPhases()
{
    static const std::vector<std::string> phases{"broadcast", "compute", "intra_center",
                                                 "inter_center", "update"};
    return phases;
}

double linkBandwidthBps(const topology::LinkAttributes& link)
{
    return std::max(link.direction(0).bandwidth_bps, link.direction(1).bandwidth_bps);
}

QColor phaseColour(const std::string& phase)
{
    // Paul Tol's colour-blind safe "bright" scheme.
    if (phase == "broadcast")
        return QColor(0xAA, 0x33, 0x77);
    if (phase == "compute")
        return QColor(0x44, 0x77, 0xAA);
    if (phase == "intra_center")
        return QColor(0x66, 0xCC, 0xEE);
    if (phase == "inter_center")
        return QColor(0xEE, 0x66, 0x77);
    if (phase == "update")
        return QColor(0x22, 0x88, 0x33);
    return QColor(0x77, 0x88, 0x99);
}

QString phaseLabel(const std::string& phase)
{
    if (phase == "intra_center")
        return QStringLiteral("intra-centre");
    if (phase == "inter_center")
        return QStringLiteral("inter-centre");
    return QString::fromStdString(phase);
}

void setupInteractive(QCustomPlot* plot)
{
    prepare(plot);
    plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    plot->axisRect()->setRangeDrag(Qt::Horizontal | Qt::Vertical);
    plot->axisRect()->setRangeZoom(Qt::Horizontal | Qt::Vertical);
    plot->setMouseTracking(true);
    QObject::connect(plot, &QCustomPlot::mouseWheel, plot,
                     [plot](QWheelEvent*) { plot->setProperty(kUserView, true); });
    QObject::connect(plot, &QCustomPlot::mousePress, plot,
                     [plot](QMouseEvent* e) { plot->setProperty(kPressPos, e->position()); });
    QObject::connect(plot, &QCustomPlot::mouseRelease, plot, [plot](QMouseEvent* e) {
        const QPointF press = plot->property(kPressPos).toPointF();
        if (e->button() == Qt::LeftButton && (e->position() - press).manhattanLength() > 3)
            plot->setProperty(kUserView, true);
    });
    QObject::connect(plot, &QCustomPlot::mouseDoubleClick, plot, [plot](QMouseEvent*) {
        plot->setProperty(kUserView, false);
        goHome(plot);
        plot->replot(QCustomPlot::rpQueuedReplot);
    });
    QObject::connect(plot, &QCustomPlot::mouseMove, plot, [plot](QMouseEvent* e) {
        if (e->buttons() != Qt::NoButton)
            return;
        const QString text = hoverText(plot, e->position());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(e->globalPosition().toPoint(), text, plot);
    });
    plot->setContextMenuPolicy(Qt::CustomContextMenu);
    QObject::connect(plot, &QWidget::customContextMenuRequested, plot, [plot](const QPoint& pos) {
        QMenu menu(plot);
        QAction* reset = menu.addAction(QCoreApplication::translate("Charts", "Reset view"));
        menu.addSeparator();
        QAction* save =
            menu.addAction(QCoreApplication::translate("Charts", "Save as PNG/PDF/SVG…"));
        QAction* chosen = menu.exec(plot->mapToGlobal(pos));
        if (chosen == reset) {
            plot->setProperty(kUserView, false);
            goHome(plot);
            plot->replot();
        } else if (chosen == save) {
            const QString path = QFileDialog::getSaveFileName(
                plot, QCoreApplication::translate("Charts", "Save chart"),
                QStringLiteral("chart.png"),
                QCoreApplication::translate(
                    "Charts", "PNG image (*.png);;PDF document (*.pdf);;SVG drawing (*.svg)"));
            QString error;
            if (!path.isEmpty() && !savePlot(plot, path, &error))
                QMessageBox::warning(
                    plot, QCoreApplication::translate("Charts", "Cannot save chart"), error);
        }
    });
}

bool savePlot(QCustomPlot* plot, const QString& path, QString* error)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    const QSize size = exportSize(plot);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (suffix == QLatin1String("png")) {
        QImage image(size * 2, QImage::Format_ARGB32_Premultiplied);
        image.setDevicePixelRatio(2.0);
        image.fill(Qt::white);
        {
            QCPPainter painter(&image);
            painter.setRenderHint(QPainter::Antialiasing);
            plot->toPainter(&painter, size.width(), size.height());
        }
        image.setDevicePixelRatio(1.0);
        if (!image.save(&buffer, "PNG")) {
            if (error)
                *error = QCoreApplication::translate("Charts", "cannot encode %1 as PNG").arg(path);
            return false;
        }
    } else if (suffix == QLatin1String("pdf")) {
        QPdfWriter pdf(&buffer);
        pdf.setCreator(QStringLiteral("Meridian"));
        pdf.setResolution(96);
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        pdf.setPageSize(QPageSize(QSizeF(size) * 72.0 / 96.0, QPageSize::Point));
        paintPlot(plot, &pdf, size);
    } else if (suffix == QLatin1String("svg")) {
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setSize(size);
        // The width/height attributes are in mm from the resolution: 96 dpi makes them the
        // plot's size in CSS pixels (the default 72 dpi shows it 4/3 too large).
        svg.setResolution(96);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setTitle(QStringLiteral("Meridian chart"));
        paintPlot(plot, &svg, size);
    } else {
        if (error)
            *error =
                QCoreApplication::translate(
                    "Charts", "cannot save %1: unknown format '%2' (expected .png, .pdf or .svg)")
                    .arg(path, suffix);
        return false;
    }
    buffer.close();
    try {
        io::writeFileAtomically(path.toStdString(),
                                std::string_view(bytes.constData(), bytes.size()));
    } catch (const std::exception& e) {
        if (error)
            *error = QString::fromStdString(e.what());
        return false;
    }
    return true;
}

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

/// Draws the control plane over the timeline (rows by centre id) and records what it drew.
void plotControl(QCustomPlot* plot, const experiment::ControlPlaneResult& cp,
                 const std::unordered_map<std::string, int>& rowOf, double& tMin, double& tMax)
{
    TimelineControlMarks marks;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    auto rowFor = [&](const std::string& centre) {
        const auto it = rowOf.find(centre);
        return it == rowOf.end() ? 0.0 : double(it->second);
    };
    auto span = [&](double a, double b) {
        tMin = std::min(tMin, a);
        tMax = std::max(tMax, b);
    };

    // Messages, one curve per kind (in protocol order), lost copies as crosses.
    struct Lines
    {
        QVector<double> x, y;
        QStringList tips;
    };
    std::map<std::string, Lines> byKind;
    Lines lost;
    for (const auto& m : cp.message_spans) {
        const double a = rowFor(m.from), b = rowFor(m.to);
        const QString what = QCoreApplication::translate("Charts", "%1 %2 → %3")
                                 .arg(QString::fromStdString(m.kind),
                                      QString::fromStdString(m.from), QString::fromStdString(m.to));
        if (m.arrived_s < 0.0) {
            lost.x << m.sent_s;
            lost.y << a + (b > a ? 0.22 : -0.22);
            lost.tips << what + QCoreApplication::translate("Charts", "\nsent %1, lost")
                                    .arg(seconds(m.sent_s));
            span(m.sent_s, m.sent_s);
            ++marks.lost;
            continue;
        }
        Lines& l = byKind[m.kind];
        l.x << m.sent_s << m.arrived_s << nan;
        l.y << a << b << nan;
        l.tips << what + QCoreApplication::translate("Charts", "\nsent %1, arrived %2 (%3)")
                             .arg(seconds(m.sent_s), seconds(m.arrived_s),
                                  seconds(m.arrived_s - m.sent_s));
        span(m.sent_s, m.arrived_s);
        ++marks.messages;
    }
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
    if (!lost.x.isEmpty())
        controlSymbols(plot, QCoreApplication::translate("Charts", "lost message"),
                       QCPScatterStyle::ssCross, QColor(0xD0, 0x20, 0x20), 7, lost.x, lost.y,
                       lost.tips);

    // Adoptions of orders: a diamond where each centre took the order on.
    Lines adopted;
    for (const auto& a : cp.adoptions) {
        adopted.x << a.time_s;
        adopted.y << rowFor(a.centre);
        adopted.tips << QCoreApplication::translate(
                            "Charts", "%1 adopted by %2\nat %3, Lamport %4, from iteration %5")
                            .arg(QString::fromStdString(a.trigger),
                                 QString::fromStdString(a.centre), seconds(a.time_s))
                            .arg(a.lamport)
                            .arg(a.iteration);
        span(a.time_s, a.time_s);
        ++marks.adoptions;
    }
    if (!adopted.x.isEmpty())
        controlSymbols(plot, QCoreApplication::translate("Charts", "order adopted"),
                       QCPScatterStyle::ssDiamond, QColor(0x22, 0x22, 0x22), 8, adopted.x,
                       adopted.y, adopted.tips);

    // Failures: when the centre failed (if known) and when its failure was detected.
    Lines failed, detected;
    for (const auto& f : cp.failures) {
        if (f.failed_s >= 0.0) {
            failed.x << f.failed_s;
            failed.y << rowFor(f.centre);
            failed.tips << QCoreApplication::translate("Charts", "centre %1 failed at %2")
                               .arg(QString::fromStdString(f.centre), seconds(f.failed_s));
            span(f.failed_s, f.failed_s);
        }
        detected.x << f.detected_s;
        detected.y << rowFor(f.detected_by);
        detected.tips << QCoreApplication::translate("Charts",
                                                     "%1 detected the failure of %2 at %3 (%4)")
                             .arg(QString::fromStdString(f.detected_by),
                                  QString::fromStdString(f.centre), seconds(f.detected_s),
                                  QString::fromStdString(f.outcome));
        span(f.detected_s, f.detected_s);
        ++marks.failures;
    }
    if (!failed.x.isEmpty())
        controlSymbols(plot, QCoreApplication::translate("Charts", "centre failed"),
                       QCPScatterStyle::ssCrossSquare, QColor(0xB0, 0x00, 0x00), 10, failed.x,
                       failed.y, failed.tips);
    if (!detected.x.isEmpty())
        controlSymbols(plot, QCoreApplication::translate("Charts", "failure detected"),
                       QCPScatterStyle::ssTriangle, QColor(0xE0, 0x40, 0x40), 9, detected.x,
                       detected.y, detected.tips);

    // Trigger firings and a stop: vertical lines with a label, and a legend entry each.
    const QColor triggerColour(0x8B, 0x1A, 0x4A);
    // A label's lane: the first not taken by a label within 6 % of the run's span before it
    // (labels are about that wide on an unzoomed chart; firings at one instant stack).
    std::vector<std::pair<double, int>> placed;
    const double near_s = 0.06 * std::max(tMax - tMin, 1e-9);
    auto laneFor = [&](double t_s) {
        int lane = 0;
        for (bool taken = true; taken && lane < 8;) {
            taken = std::any_of(placed.begin(), placed.end(), [&](const auto& p) {
                return p.second == lane && std::abs(p.first - t_s) < near_s;
            });
            if (taken)
                ++lane;
        }
        placed.emplace_back(t_s, lane);
        return lane;
    };
    for (const auto& t : cp.triggers) {
        QString tip =
            QCoreApplication::translate("Charts", "trigger %1 (%2) fired at %3, Lamport %4")
                .arg(QString::fromStdString(t.id), QString::fromStdString(t.action),
                     seconds(t.time_s))
                .arg(t.lamport);
        if (t.applies_from >= 0)
            tip += QCoreApplication::translate("Charts", "\napplies from iteration %1")
                       .arg(t.applies_from);
        controlMarker(plot, t.time_s, triggerColour, Qt::DashLine, QString::fromStdString(t.id),
                      tip, laneFor(t.time_s));
        span(t.time_s, t.time_s);
        ++marks.triggers;
    }
    if (marks.triggers > 0) {
        auto* swatch = new QCPGraph(plot->xAxis, plot->yAxis);
        swatch->setName(QCoreApplication::translate("Charts", "trigger fired"));
        swatch->setPen(QPen(triggerColour, 1.4, Qt::DashLine));
        swatch->setSelectable(QCP::stNone);
    }
    if (cp.stopped) {
        controlMarker(plot, cp.stopped_s, QColor(0xD0, 0x20, 0x20), Qt::SolidLine,
                      QCoreApplication::translate("Charts", "stopped"),
                      QCoreApplication::translate("Charts", "run stopped at %1: %2")
                          .arg(seconds(cp.stopped_s), QString::fromStdString(cp.stop_reason)),
                      laneFor(cp.stopped_s));
        span(cp.stopped_s, cp.stopped_s);
        marks.stopped = true;
    }
    plot->setProperty(kControlMarks, QVariantList{marks.messages, marks.lost, marks.triggers,
                                                  marks.adoptions, marks.failures, marks.stopped});
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

QString plotToolTipAt(QCustomPlot* plot, const QPointF& pos)
{
    return hoverText(plot, pos);
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
    // Rows: the critical path, then the centres in order of first appearance.
    std::vector<std::string> rows{""};
    std::unordered_map<std::string, int> rowOf;
    auto addRow = [&](const std::string& centre) {
        if (rowOf.emplace(centre, static_cast<int>(rows.size())).second)
            rows.push_back(centre);
    };
    for (const auto& s : spans)
        addRow(s.center);
    // A centre of the control plane without phase spans (lost before its first phase) still
    // gets a row for its messages.
    if (control)
        for (const auto& m : control->message_spans) {
            addRow(m.from);
            addRow(m.to);
        }
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    ticker->addTick(0, QCoreApplication::translate("Charts", "critical path"));
    for (std::size_t r = 1; r < rows.size(); ++r)
        ticker->addTick(double(r), QString::fromStdString(rows[r]));
    plot->yAxis->setTicker(ticker);
    plot->yAxis->setSubTicks(false);
    plot->yAxis->setTickLength(0, 0);
    plot->yAxis->setRangeReversed(true);

    // One candlestick plottable per phase, its key axis vertical: a candle whose body runs
    // from open = start to close = end at key = row is a Gantt bar. Five plottables draw any
    // number of bars, so a refill stays cheap for long runs. Bars are added row by row (the
    // data is "already sorted" by key), so a data index is also the index of its tooltip.
    struct Bars
    {
        QVector<double> key, start, end;
        QList<int> iteration;
    };
    std::map<std::string, Bars> byPhase;
    std::vector<std::string> seen;
    double tMin = std::numeric_limits<double>::max(), tMax = 0.0;
    auto add = [&](int row, const std::string& name, int iteration, double start, double end) {
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
    };
    for (const auto& p : phases)
        add(0, p.name, p.iteration, p.start_s, p.end_s);
    // Spans come centre by centre within an iteration; order them by row for the keys.
    std::vector<std::size_t> order(spans.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return rowOf.at(spans[a].center) < rowOf.at(spans[b].center);
    });
    for (std::size_t i : order) {
        const auto& s = spans[i];
        add(rowOf.at(s.center), s.name, s.iteration, s.start_s, s.end_s);
    }
    // Legend (swatches) and bars in canonical phase order, then other names (micro-benchmark
    // operations).
    std::vector<std::string> names;
    for (const auto& p : canonicalPhases())
        if (byPhase.count(p))
            names.push_back(p);
    for (const auto& p : seen)
        if (std::find(names.begin(), names.end(), p) == names.end())
            names.push_back(p);
    for (const auto& name : names) {
        const Bars& b = byPhase.at(name);
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
    for (const auto& name : names)
        legendSwatch(plot, phaseColour(name), phaseLabel(name));
    if (control)
        plotControl(plot, *control, rowOf, tMin, tMax);
    const double pad = std::max(tMax - tMin, 1e-9) * 0.01;
    setHome(plot, QCPRange(tMin - pad, tMax + pad), QCPRange(-0.6, double(rows.size()) - 0.4));
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

void plotIterations(QCustomPlot* plot, const std::vector<experiment::IterationResult>& iterations)
{
    clear(plot);
    plot->xAxis->setLabel(QCoreApplication::translate("Charts", "iteration"));
    plot->yAxis->setLabel(QCoreApplication::translate("Charts", "phase duration (s)"));
    plot->xAxis->grid()->setVisible(false);
    if (iterations.empty()) {
        emptyState(plot, QCoreApplication::translate("Charts", "No iteration finished yet"));
        setHome(plot, QCPRange(-0.5, 0.5), QCPRange(0, 1));
        plot->replot(QCustomPlot::rpQueuedReplot);
        return;
    }
    auto ticker = QSharedPointer<QCPAxisTickerFixed>::create();
    ticker->setTickStep(1.0);
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    plot->xAxis->setTicker(ticker);
    plot->xAxis->setSubTicks(false);

    const std::size_t n = iterations.size();
    QVector<double> keys(n), compute(n), intra(n), inter(n), update(n), ratio(n);
    double maxTotal = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        const auto& it = iterations[i];
        keys[i] = it.index;
        compute[i] = it.compute_s;
        intra[i] = it.intra_center_s;
        inter[i] = it.inter_center_s;
        update[i] = it.update_s;
        ratio[i] = 100.0 * it.gpu_effective_compute_ratio;
        maxTotal =
            std::max(maxTotal, it.compute_s + it.intra_center_s + it.inter_center_s + it.update_s);
    }
    const double width = 0.7;
    QCPBars* below = nullptr;
    for (const auto& [name, values] :
         std::initializer_list<std::pair<const char*, const QVector<double>*>>{
             {"compute", &compute},
             {"intra_center", &intra},
             {"inter_center", &inter},
             {"update", &update}}) {
        auto* b = new QCPBars(plot->xAxis, plot->yAxis);
        b->setName(phaseLabel(name));
        const QColor c = phaseColour(name);
        b->setBrush(c);
        b->setPen(QPen(c.darker(130), 0.6));
        b->setWidth(width);
        b->setStackingGap(0);
        b->setData(keys, *values, true);
        b->setProperty(kUnit, QStringLiteral("s"));
        b->setProperty(kKeyName, QCoreApplication::translate("Charts", "iteration"));
        if (below)
            b->moveAbove(below);
        below = b;
    }
    plot->yAxis2->setVisible(true);
    plot->yAxis2->setLabel(
        QCoreApplication::translate("Charts", "GPU effective compute ratio (%)"));
    plot->yAxis2->grid()->setVisible(false);
    auto* line = new QCPGraph(plot->xAxis, plot->yAxis2);
    line->setName(QCoreApplication::translate("Charts", "GPU effective compute ratio"));
    line->setPen(QPen(QColor(30, 30, 30), 1.6));
    line->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QColor(30, 30, 30), Qt::white, 6));
    line->setData(keys, ratio, true);
    line->setProperty(kUnit, QStringLiteral("%"));
    line->setProperty(kKeyName, QCoreApplication::translate("Charts", "iteration"));
    const double first = keys.front(), last = keys.back();
    setHome(plot, QCPRange(first - 0.6, last + 0.6),
            QCPRange(0, maxTotal > 0 ? maxTotal * 1.08 : 1), QCPRange(0, 105));
    plot->replot(QCustomPlot::rpQueuedReplot);
}

void plotRepetitions(QCustomPlot* plot, const experiment::CollectiveResult& collective)
{
    clear(plot);
    plot->xAxis->setLabel(QCoreApplication::translate("Charts", "repetition"));
    plot->yAxis->setLabel(QCoreApplication::translate("Charts", "time (s)"));
    plot->xAxis->grid()->setVisible(false);
    const auto& reps = collective.repetitions_s;
    if (reps.empty()) {
        emptyState(plot, QCoreApplication::translate("Charts", "No repetition finished yet"));
        setHome(plot, QCPRange(-0.5, 0.5), QCPRange(0, 1));
        plot->replot(QCustomPlot::rpQueuedReplot);
        return;
    }
    auto ticker = QSharedPointer<QCPAxisTickerFixed>::create();
    ticker->setTickStep(1.0);
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    plot->xAxis->setTicker(ticker);
    plot->xAxis->setSubTicks(false);
    QVector<double> keys(reps.size()), values(reps.size());
    double sum = 0.0, top = 0.0;
    for (std::size_t i = 0; i < reps.size(); ++i) {
        keys[i] = double(i);
        values[i] = reps[i];
        sum += reps[i];
        top = std::max(top, reps[i]);
    }
    auto* b = new QCPBars(plot->xAxis, plot->yAxis);
    const std::string op = collective.operation.empty() ? "repetition" : collective.operation;
    b->setName(QString::fromStdString(op));
    const QColor c = phaseColour(op);
    b->setBrush(c);
    b->setPen(QPen(c.darker(130), 0.6));
    b->setWidth(0.7);
    b->setData(keys, values, true);
    b->setProperty(kUnit, QStringLiteral("s"));
    b->setProperty(kKeyName, QCoreApplication::translate("Charts", "repetition"));
    const double mean = sum / double(reps.size());
    auto* meanLine = new QCPGraph(plot->xAxis, plot->yAxis);
    meanLine->setName(QCoreApplication::translate("Charts", "mean %1").arg(seconds(mean)));
    meanLine->setPen(QPen(QColor(30, 30, 30), 1.2, Qt::DashLine));
    meanLine->setData({keys.front() - 0.5, keys.back() + 0.5}, {mean, mean}, true);
    meanLine->setProperty(kUnit, QStringLiteral("s"));
    meanLine->setProperty(kKeyName, QCoreApplication::translate("Charts", "repetition"));
    setHome(plot, QCPRange(keys.front() - 0.6, keys.back() + 0.6),
            QCPRange(0, top > 0 ? top * 1.1 : 1));
    plot->replot(QCustomPlot::rpQueuedReplot);
}

void plotIterationsOf(QCustomPlot* plot, const experiment::Results& results)
{
    if (results.has_collective && results.iterations.empty())
        plotRepetitions(plot, results.collective);
    else
        plotIterations(plot, results.iterations);
}

std::vector<LinkSeries> linkSeriesFromResults(const experiment::Results& results,
                                              const topology::Topology& topology,
                                              const std::vector<std::string>& ids)
{
    std::vector<LinkSeries> out;
    out.reserve(ids.size());
    for (const auto& id : ids) {
        const auto link = std::find_if(results.links.begin(), results.links.end(),
                                       [&](const experiment::LinkResult& l) { return l.id == id; });
        if (link == results.links.end())
            continue;
        LinkSeries s;
        s.id = id;
        if (const auto lid = topology.findLink(id)) {
            s.bandwidth_bps = linkBandwidthBps(topology.link(*lid));
        }
        const std::size_t n =
            std::min(link->utilization_series.size(), results.sample_times_s.size());
        s.time_s.assign(results.sample_times_s.begin(), results.sample_times_s.begin() + long(n));
        s.utilisation.assign(link->utilization_series.begin(),
                             link->utilization_series.begin() + long(n));
        out.push_back(std::move(s));
    }
    return out;
}

void plotLinks(QCustomPlot* plot, const std::vector<LinkSeries>& series, bool throughput)
{
    clear(plot);
    plot->xAxis->setLabel(QCoreApplication::translate("Charts", "simulated time (s)"));
    plot->yAxis->setLabel(throughput ? QCoreApplication::translate("Charts", "throughput (Gbit/s)")
                                     : QCoreApplication::translate("Charts", "utilisation (%)"));
    bool any = false;
    double tMin = std::numeric_limits<double>::max(), tMax = 0.0, vMax = 0.0;
    std::size_t colour = 0;
    for (const auto& s : series) {
        const std::size_t n = std::min(s.time_s.size(), s.utilisation.size());
        // Samples are taken only while traffic flows: a gap longer than the sampling step
        // gets a zero just before the next sample, so the step line drops to 0 while idle.
        double step = std::numeric_limits<double>::max();
        for (std::size_t i = 1; i < n; ++i)
            if (s.time_s[i] > s.time_s[i - 1])
                step = std::min(step, s.time_s[i] - s.time_s[i - 1]);
        const double scale = throughput ? s.bandwidth_bps / 1e9 : 100.0;
        QVector<double> keys, values;
        keys.reserve(int(n + n / 4 + 1));
        values.reserve(keys.capacity());
        for (std::size_t i = 0; i < n; ++i) {
            if (i > 0 && step < std::numeric_limits<double>::max() &&
                s.time_s[i] - s.time_s[i - 1] > 1.5 * step) {
                keys.push_back(s.time_s[i] - step);
                values.push_back(0.0);
            }
            keys.push_back(s.time_s[i]);
            values.push_back(s.utilisation[i] * scale);
            vMax = std::max(vMax, s.utilisation[i] * scale);
        }
        auto* g = new QCPGraph(plot->xAxis, plot->yAxis);
        g->setName(QString::fromStdString(s.id));
        g->setLineStyle(QCPGraph::lsStepLeft);
        g->setPen(QPen(kLinkColours[colour++ % std::size(kLinkColours)], 1.5));
        g->setData(keys, values, true);
        g->setProperty(kUnit, throughput ? QStringLiteral("Gbit/s") : QStringLiteral("%"));
        g->setProperty(kKeyName, QStringLiteral("t"));
        if (n > 0) {
            any = true;
            tMin = std::min(tMin, s.time_s.front());
            tMax = std::max(tMax, s.time_s[n - 1]);
        }
    }
    if (!any) {
        emptyState(plot, series.empty()
                             ? QCoreApplication::translate("Charts", "No links chosen")
                             : QCoreApplication::translate("Charts", "No link traffic yet"));
        setHome(plot, QCPRange(0, 1), QCPRange(0, throughput ? 1 : 100));
    } else {
        const double pad = (tMax - tMin) * 0.01;
        const double top = throughput ? (vMax > 0 ? vMax * 1.1 : 1) : 105;
        setHome(plot, QCPRange(std::max(0.0, tMin - pad) - (tMax > tMin ? 0 : 1), tMax + pad),
                QCPRange(0, top));
    }
    plot->replot(QCustomPlot::rpQueuedReplot);
}

std::vector<std::string> defaultPlottedLinks(const topology::Topology& topology)
{
    // Site = outermost enclosing centre, or the node itself.
    auto site = [&](const std::string& id) {
        std::string cur = id;
        for (int guard = 0; guard < 64; ++guard) {
            const auto n = topology.findNode(cur);
            if (!n)
                break;
            const std::string& parent = topology.node(*n).parent;
            if (parent.empty())
                break;
            cur = parent;
        }
        return cur;
    };
    std::vector<std::string> out;
    for (std::size_t i = 0; i < topology.linkCount() && out.size() < kMaxDefaultLinks; ++i) {
        const auto& l = topology.link(LinkId(static_cast<std::uint32_t>(i)));
        if (site(l.a) != site(l.b))
            out.push_back(l.id);
    }
    return out;
}

QChart* phaseTotalsChart(const experiment::Results& results)
{
    auto* chart = new QChart;
    chartLook(chart, QCoreApplication::translate("Charts", "Total time per phase"));
    std::vector<std::string> order;
    std::map<std::string, double> total;
    for (const auto& p : results.phases) {
        if (!total.count(p.name))
            order.push_back(p.name);
        total[p.name] += p.duration_s();
    }
    std::stable_sort(order.begin(), order.end(), [](const std::string& a, const std::string& b) {
        auto rank = [](const std::string& n) {
            const auto& c = canonicalPhases();
            return std::find(c.begin(), c.end(), n) - c.begin();
        };
        return rank(a) < rank(b);
    });
    QStringList categories;
    for (const auto& n : order)
        categories << phaseLabel(n);
    // One set per phase with its value at its own category: a bar per phase in its colour.
    auto* series = new QStackedBarSeries;
    double top = 0.0;
    for (std::size_t i = 0; i < order.size(); ++i) {
        auto* set = new QBarSet(phaseLabel(order[i]));
        for (std::size_t j = 0; j < order.size(); ++j)
            *set << (i == j ? total[order[i]] : 0.0);
        set->setColor(phaseColour(order[i]));
        set->setBorderColor(phaseColour(order[i]).darker(130));
        series->append(set);
        top = std::max(top, total[order[i]]);
    }
    series->setBarWidth(0.6);
    chart->addSeries(series);
    attachBarAxes(chart, series, categories, QCoreApplication::translate("Charts", "no phases"),
                  QCoreApplication::translate("Charts", "total time (s)"), top);
    chart->legend()->setVisible(false);
    return chart;
}

QChart* centreBreakdownChart(const experiment::Results& results)
{
    auto* chart = new QChart;
    chartLook(chart, QCoreApplication::translate("Charts", "Time per centre"));
    QStringList categories;
    auto* compute = new QBarSet(QCoreApplication::translate("Charts", "compute"));
    // Short legend label: "communication" was elided to "communica…" in the Run dock's Summary
    // tab; the report's caption spells it out.
    auto* comm = new QBarSet(QCoreApplication::translate("Charts", "comm."));
    auto* update = new QBarSet(QCoreApplication::translate("Charts", "update"));
    auto* idle = new QBarSet(QCoreApplication::translate("Charts", "idle"));
    double top = 0.0;
    for (const auto& c : results.centers) {
        categories << QString::fromStdString(c.id);
        *compute << c.compute_s;
        *comm << c.communication_s;
        *update << c.update_s;
        *idle << c.idle_s;
        top = std::max(top, c.compute_s + c.communication_s + c.update_s + c.idle_s);
    }
    const std::pair<QBarSet*, QColor> sets[] = {{compute, phaseColour("compute")},
                                                {comm, phaseColour("inter_center")},
                                                {update, phaseColour("update")},
                                                {idle, QColor(0xBB, 0xBB, 0xBB)}};
    auto* series = new QStackedBarSeries;
    for (const auto& [set, colour] : sets) {
        set->setColor(colour);
        set->setBorderColor(colour.darker(130));
        series->append(set);
    }
    series->setBarWidth(0.6);
    chart->addSeries(series);
    attachBarAxes(chart, series, categories, QCoreApplication::translate("Charts", "no centres"),
                  QCoreApplication::translate("Charts", "time over all iterations (s)"), top);
    return chart;
}

} // namespace meridian::ui::charts
