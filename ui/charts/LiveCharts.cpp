#include "ui/charts/LiveCharts.hpp"

#include "meridian/io/ProjectFile.hpp"
#include "ui/charts/PlotFrame.hpp"

#include <QBuffer>
#include <QCoreApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QPdfWriter>
#include <QSvgGenerator>
#include <QToolTip>
#include <algorithm>
#include <cmath>
#include <limits>

namespace meridian::ui::charts {

namespace {

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

} // namespace

QColor linkColour(std::size_t index)
{
    return kLinkColours[index % std::size(kLinkColours)];
}

double linkBandwidthBps(const topology::LinkAttributes& link)
{
    return std::max(link.direction(0).bandwidth_bps, link.direction(1).bandwidth_bps);
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

QString plotToolTipAt(QCustomPlot* plot, const QPointF& pos)
{
    return hoverText(plot, pos);
}

namespace {

/// The GPU effective compute ratio (%) per iteration as a line on the right axis.
void plotComputeRatio(QCustomPlot* plot, const QVector<double>& keys, const QVector<double>& ratio)
{
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
}

} // namespace

void plotIterations(QCustomPlot* plot, const std::vector<experiment::IterationResult>& iterations)
{
    if (!startIndexedBars(plot, QCoreApplication::translate("Charts", "iteration"),
                          QCoreApplication::translate("Charts", "phase duration (s)"),
                          iterations.empty(),
                          QCoreApplication::translate("Charts", "No iteration finished yet")))
        return;
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
    QCPBars* below = nullptr;
    for (const auto& [name, values] :
         std::initializer_list<std::pair<const char*, const QVector<double>*>>{
             {"compute", &compute},
             {"intra_center", &intra},
             {"inter_center", &inter},
             {"update", &update}}) {
        QCPBars* b = indexedBars(plot, phaseLabel(name), phaseColour(name), keys, *values,
                                 QCoreApplication::translate("Charts", "iteration"));
        b->setStackingGap(0);
        if (below)
            b->moveAbove(below);
        below = b;
    }
    plotComputeRatio(plot, keys, ratio);
    const double first = keys.front(), last = keys.back();
    setHome(plot, QCPRange(first - 0.6, last + 0.6),
            QCPRange(0, maxTotal > 0 ? maxTotal * 1.08 : 1), QCPRange(0, 105));
    plot->replot(QCustomPlot::rpQueuedReplot);
}

void plotRepetitions(QCustomPlot* plot, const experiment::CollectiveResult& collective)
{
    const auto& reps = collective.repetitions_s;
    if (!startIndexedBars(plot, QCoreApplication::translate("Charts", "repetition"),
                          QCoreApplication::translate("Charts", "time (s)"), reps.empty(),
                          QCoreApplication::translate("Charts", "No repetition finished yet")))
        return;
    QVector<double> keys(reps.size()), values(reps.size());
    double sum = 0.0, top = 0.0;
    for (std::size_t i = 0; i < reps.size(); ++i) {
        keys[i] = double(i);
        values[i] = reps[i];
        sum += reps[i];
        top = std::max(top, reps[i]);
    }
    const std::string op = collective.operation.empty() ? "repetition" : collective.operation;
    indexedBars(plot, QString::fromStdString(op), phaseColour(op), keys, values,
                QCoreApplication::translate("Charts", "repetition"));
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
        if (link->queue_delay_s_series.size() >= n)
            s.queue_delay_s.assign(link->queue_delay_s_series.begin(),
                                   link->queue_delay_s_series.begin() + long(n));
        if (link->loss_series.size() >= n)
            s.loss.assign(link->loss_series.begin(), link->loss_series.begin() + long(n));
        // Runs with a traffic section: the background's share of each interval, and the rest of
        // the utilisation as the experiment's own (wire bit/s at the nominal bandwidth, as the
        // throughput view).
        if (link->background_utilization_series.size() >= n && s.bandwidth_bps > 0.0) {
            s.experiment_bps.resize(n);
            s.background_bps.resize(n);
            for (std::size_t i = 0; i < n; ++i) {
                const double background = link->background_utilization_series[i];
                s.background_bps[i] = background * s.bandwidth_bps;
                s.experiment_bps[i] =
                    std::max(0.0, s.utilisation[i] - background) * s.bandwidth_bps;
            }
        }
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

} // namespace meridian::ui::charts
