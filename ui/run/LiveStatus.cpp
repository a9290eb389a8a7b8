#include "ui/run/LiveStatus.hpp"

#include "meridian/core/Units.hpp"
#include "ui/charts/ChartStyle.hpp"
#include "ui/run/RunController.hpp"

#include <QCoreApplication>

namespace meridian::ui {

QString liveStatusText(const LiveRun& live)
{
    const auto duration = [](double s) { return QString::fromStdString(units::formatDuration(s)); };
    if (live.phase.empty())
        return QCoreApplication::translate("RunWorkbench", "between phases — t = %1")
            .arg(duration(live.time_s));
    const QString phase = charts::phaseLabel(live.phase);
    const QString where = live.iteration >= 0
                              ? QCoreApplication::translate("RunWorkbench", "iteration %1: %2")
                                    .arg(live.iteration)
                                    .arg(phase)
                              : phase;
    return QCoreApplication::translate("RunWorkbench",
                                       "%1 — t = %2 · %3 into the phase, %4 of link traffic")
        .arg(where, duration(live.time_s), duration(live.time_s - live.phase_start_s),
             QString::fromStdString(units::formatBytes(live.phase_traffic_bytes)));
}

} // namespace meridian::ui
