#include "ui/report/ReportTraffic.hpp"

#include "meridian/core/Units.hpp"
#include "ui/report/ReportHtml.hpp"

#include <QCoreApplication>
#include <algorithm>

namespace meridian::ui::report {

namespace {

QString trafficRate(double bps)
{
    return QString::fromStdString(units::formatBandwidth(bps));
}

QString trafficTime(double s, std::uint64_t completed)
{
    return completed == 0 ? QStringLiteral("–") : QString::fromStdString(units::formatDuration(s));
}

} // namespace

QString trafficSection(const experiment::Results& results)
{
    if (results.traffic.empty())
        return {};
    QList<QStringList> rows;
    for (const auto& g : results.traffic)
        rows.append({esc(g.id), esc(g.kind), esc(g.protocol), trafficRate(g.offered_bps),
                     trafficRate(g.carried_bps), QString::number(g.flows),
                     QString::number(g.flows_completed),
                     trafficTime(g.fct_p50_s, g.flows_completed),
                     trafficTime(g.fct_p99_s, g.flows_completed),
                     g.flows_completed == 0 ? QStringLiteral("–")
                                            : QString::number(g.slowdown_mean, 'g', 4)});
    QString h = h3(QCoreApplication::translate("Report", "Background traffic"));
    h += table({QCoreApplication::translate("Report", "generator"),
                QCoreApplication::translate("Report", "kind"),
                QCoreApplication::translate("Report", "protocol"),
                QCoreApplication::translate("Report", "offered"),
                QCoreApplication::translate("Report", "carried"),
                QCoreApplication::translate("Report", "flows"),
                QCoreApplication::translate("Report", "completed"),
                QCoreApplication::translate("Report", "FCT p50"),
                QCoreApplication::translate("Report", "FCT p99"),
                QCoreApplication::translate("Report", "slowdown")},
               rows, {3, 4, 5, 6, 7, 8, 9});
    QList<QStringList> links;
    for (const auto& l : results.links)
        if (l.background_bytes > 0.0)
            links.append({esc(l.id),
                          QString::fromStdString(
                              units::formatBytes(std::max(0.0, l.bytes - l.background_bytes))),
                          QString::fromStdString(units::formatBytes(l.background_bytes)),
                          QStringLiteral("%1 %").arg(
                              100.0 * l.background_bytes / std::max(l.bytes, 1.0), 0, 'f', 1)});
    if (!links.isEmpty())
        h += table({QCoreApplication::translate("Report", "link"),
                    QCoreApplication::translate("Report", "experiment bytes"),
                    QCoreApplication::translate("Report", "background bytes"),
                    QCoreApplication::translate("Report", "background share")},
                   links, {1, 2, 3});
    return h;
}

} // namespace meridian::ui::report
