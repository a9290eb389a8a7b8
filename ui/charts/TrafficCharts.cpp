#include "ui/charts/TrafficCharts.hpp"

#include "ui/charts/PlotFrame.hpp"
#include "ui/charts/QCustomPlot.hpp"

#include <QCoreApplication>
#include <algorithm>
#include <limits>

namespace meridian::ui::charts {

bool hasBackgroundRates(const std::vector<LinkSeries>& series)
{
    return std::any_of(series.begin(), series.end(),
                       [](const LinkSeries& s) { return !s.background_bps.empty(); });
}

void plotLinkBackground(QCustomPlot* plot, const std::vector<LinkSeries>& series)
{
    clear(plot);
    plot->xAxis->setLabel(QCoreApplication::translate("Charts", "simulated time (s)"));
    plot->yAxis->setLabel(QCoreApplication::translate("Charts", "throughput (Gbit/s)"));
    double tMin = std::numeric_limits<double>::max(), tMax = 0.0, vMax = 0.0;
    bool any = false;
    for (std::size_t i = 0; i < series.size(); ++i) {
        const LinkSeries& s = series[i];
        const std::size_t n =
            std::min({s.time_s.size(), s.experiment_bps.size(), s.background_bps.size()});
        if (n == 0)
            continue;
        any = true;
        tMin = std::min(tMin, s.time_s.front());
        tMax = std::max(tMax, s.time_s[n - 1]);
        const QVector<double> keys(s.time_s.begin(), s.time_s.begin() + long(n));
        for (const bool background : {false, true}) {
            const std::vector<double>& bps = background ? s.background_bps : s.experiment_bps;
            QVector<double> values(static_cast<qsizetype>(n));
            for (std::size_t k = 0; k < n; ++k) {
                values[static_cast<qsizetype>(k)] = bps[k] / 1e9;
                vMax = std::max(vMax, values[static_cast<qsizetype>(k)]);
            }
            auto* g = new QCPGraph(plot->xAxis, plot->yAxis);
            const QString id = QString::fromStdString(s.id);
            g->setName(background ? QCoreApplication::translate("Charts", "%1 background").arg(id)
                                  : QCoreApplication::translate("Charts", "%1 experiment").arg(id));
            g->setLineStyle(QCPGraph::lsStepLeft);
            g->setPen(QPen(linkColour(i), 1.5, background ? Qt::DashLine : Qt::SolidLine));
            g->setData(keys, values, true);
            g->setProperty(kUnit, QStringLiteral("Gbit/s"));
            g->setProperty(kKeyName, QStringLiteral("t"));
        }
    }
    if (!any) {
        emptyState(plot, QCoreApplication::translate(
                             "Charts", "No background rates: the run has no traffic section"));
        setHome(plot, QCPRange(0, 1), QCPRange(0, 1));
    } else {
        const double pad = (tMax - tMin) * 0.01;
        setHome(plot, QCPRange(std::max(0.0, tMin - pad) - (tMax > tMin ? 0 : 1), tMax + pad),
                QCPRange(0, vMax > 0 ? vMax * 1.1 : 1));
    }
    plot->replot(QCustomPlot::rpQueuedReplot);
}

void plotLinkMetric(QCustomPlot* plot, const std::vector<LinkSeries>& series, LinkMetric metric)
{
    clear(plot);
    const bool delay = metric == LinkMetric::QueueDelay;
    plot->xAxis->setLabel(QCoreApplication::translate("Charts", "simulated time (s)"));
    plot->yAxis->setLabel(delay ? QCoreApplication::translate("Charts", "queueing delay (ms)")
                                : QCoreApplication::translate("Charts", "loss (%)"));
    const double toUnit = delay ? 1e3 : 100.0;
    double tMin = std::numeric_limits<double>::max(), tMax = 0.0, vMax = 0.0;
    bool any = false;
    for (std::size_t i = 0; i < series.size(); ++i) {
        const LinkSeries& s = series[i];
        const std::vector<double>& metricValues = delay ? s.queue_delay_s : s.loss;
        const std::size_t n = std::min(s.time_s.size(), metricValues.size());
        if (n == 0)
            continue;
        any = true;
        tMin = std::min(tMin, s.time_s.front());
        tMax = std::max(tMax, s.time_s[n - 1]);
        const QVector<double> keys(s.time_s.begin(), s.time_s.begin() + long(n));
        QVector<double> values(static_cast<qsizetype>(n));
        for (std::size_t k = 0; k < n; ++k) {
            values[static_cast<qsizetype>(k)] = metricValues[k] * toUnit;
            vMax = std::max(vMax, values[static_cast<qsizetype>(k)]);
        }
        auto* g = new QCPGraph(plot->xAxis, plot->yAxis);
        g->setName(QString::fromStdString(s.id));
        g->setLineStyle(QCPGraph::lsStepLeft);
        g->setPen(QPen(linkColour(i), 1.5));
        g->setData(keys, values, true);
        g->setProperty(kUnit, delay ? QStringLiteral("ms") : QStringLiteral("%"));
        g->setProperty(kKeyName, QStringLiteral("t"));
    }
    if (!any) {
        emptyState(plot,
                   delay ? QCoreApplication::translate("Charts", "No queueing delay recorded yet")
                         : QCoreApplication::translate("Charts", "No loss recorded yet"));
        setHome(plot, QCPRange(0, 1), QCPRange(0, 1));
    } else {
        const double pad = (tMax - tMin) * 0.01;
        setHome(plot, QCPRange(std::max(0.0, tMin - pad) - (tMax > tMin ? 0 : 1), tMax + pad),
                QCPRange(0, vMax > 0 ? vMax * 1.1 : 1));
    }
    plot->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace meridian::ui::charts
