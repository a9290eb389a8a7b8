#include "ui/run/LiveStatus.hpp"

#include "meridian/core/Units.hpp"
#include "ui/charts/ChartStyle.hpp"
#include "ui/run/RunController.hpp"

#include <QCoreApplication>
#include <cmath>

namespace meridian::ui {

namespace {

QString duration(double s)
{
    return QString::fromStdString(units::formatDuration(s));
}

QString bytes(double b)
{
    return QString::fromStdString(units::formatBytes(b));
}

/// "iteration 0: inter-centre", or the phase alone outside iterations.
QString where(const LiveRun& live)
{
    const QString phase = charts::phaseLabel(live.phase);
    return live.iteration >= 0 ? QCoreApplication::translate("RunWorkbench", "iteration %1: %2")
                                     .arg(live.iteration)
                                     .arg(phase)
                               : phase;
}

} // namespace

QString liveStatusText(const LiveRun& live)
{
    if (live.phase.empty())
        return QCoreApplication::translate("RunWorkbench", "between phases — t = %1")
            .arg(duration(live.time_s));
    if (live.phaseFraction())
        return QCoreApplication::translate("RunWorkbench", "%1 — t = %2 · %3 of %4")
            .arg(where(live), duration(live.time_s), bytes(live.phase_bytes_done),
                 bytes(live.phase_bytes_total));
    return QCoreApplication::translate("RunWorkbench", "%1 — t = %2 · %3 into the phase")
        .arg(where(live), duration(live.time_s), duration(live.time_s - live.phase_start_s));
}

QString liveStatusToolTip(const LiveRun& live)
{
    const QString run =
        QCoreApplication::translate("RunWorkbench", "The run: %1 % of its phases finished.")
            .arg(std::floor(live.progress * 100.0), 0, 'f', 0);
    if (live.phase.empty())
        return run;
    const QString phase =
        live.phaseFraction()
            ? QCoreApplication::translate("RunWorkbench",
                                          "%1 started at t = %2 and has run %3. Its collectives "
                                          "and transfers have delivered %4 of the %5 they move.")
                  .arg(where(live), duration(live.phase_start_s),
                       duration(live.time_s - live.phase_start_s), bytes(live.phase_bytes_done),
                       bytes(live.phase_bytes_total))
            : QCoreApplication::translate("RunWorkbench",
                                          "%1 started at t = %2 and has run %3. It moves no "
                                          "bytes of its own.")
                  .arg(where(live), duration(live.phase_start_s),
                       duration(live.time_s - live.phase_start_s));
    return phase + QLatin1Char('\n') + run;
}

QString liveProgressFormat(const LiveRun& live)
{
    return QCoreApplication::translate("RunWorkbench", "%1 %p %")
        .arg(charts::phaseLabel(live.phase));
}

} // namespace meridian::ui
