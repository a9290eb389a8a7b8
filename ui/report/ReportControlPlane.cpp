// The control plane of a run as HTML (Report.hpp's controlPlaneHtml): the report's "Control
// plane" section and the run view's Control plane tab.
#include "ui/report/Report.hpp"
#include "ui/report/ReportHtml.hpp"

#include <QCoreApplication>
#include <algorithm>

namespace meridian::ui::report {

namespace {

/// Message statistics of the control plane: how messages travel, counts, bytes, waits.
QString controlPlaneStats(const experiment::ControlPlaneResult& cp)
{
    return kvTable({
        {QCoreApplication::translate("Report", "messages"),
         cp.messages == "instant"
             ? QCoreApplication::translate("Report", "instant (no delay, no loss)")
             : QCoreApplication::translate("Report", "through the network")},
        {QCoreApplication::translate("Report", "synchronisation"),
         cp.sync == "local" ? QCoreApplication::translate("Report", "local progress (bounded lead)")
                            : QCoreApplication::translate("Report", "global barrier")},
        {QCoreApplication::translate("Report", "protocol messages sent"),
         QString::number(cp.messages_sent)},
        {QCoreApplication::translate("Report", "transmissions (retransmissions)"),
         QStringLiteral("%1 (%2)").arg(cp.transmissions).arg(cp.retransmissions)},
        {QCoreApplication::translate("Report", "acknowledgements / heartbeats"),
         QStringLiteral("%1 / %2").arg(cp.acks).arg(cp.heartbeats)},
        {QCoreApplication::translate("Report", "bytes on the wire"), bytesText(cp.bytes)},
        {QCoreApplication::translate("Report", "copies lost"), QString::number(cp.lost)},
        {QCoreApplication::translate("Report", "deliveries (reordered, duplicates)"),
         QStringLiteral("%1 (%2, %3)").arg(cp.deliveries).arg(cp.reordered).arg(cp.duplicates)},
        {QCoreApplication::translate("Report", "causal buffering wait (mean / max)"),
         QStringLiteral("%1 / %2").arg(dur(cp.buffer_wait_mean_s), dur(cp.buffer_wait_max_s))},
    });
}

QString triggersTable(const std::vector<experiment::ControlTriggerFiring>& triggers)
{
    QList<QStringList> rows;
    for (const auto& t : triggers)
        rows.append({esc(t.id), esc(t.action), num(t.time_s, 6), QString::number(t.lamport),
                     t.applies_from >= 0 ? QString::number(t.applies_from) : QStringLiteral("—")});
    return h4(QCoreApplication::translate("Report", "Trigger firings")) +
           table({QCoreApplication::translate("Report", "trigger"),
                  QCoreApplication::translate("Report", "action"),
                  QCoreApplication::translate("Report", "fired at (s)"),
                  QCoreApplication::translate("Report", "Lamport time"),
                  QCoreApplication::translate("Report", "applies from iteration")},
                 rows, {2, 3, 4});
}

QString adoptionsTable(const std::vector<experiment::ControlAdoption>& adoptions)
{
    QList<QStringList> rows;
    for (const auto& a : adoptions)
        rows.append({esc(a.trigger), esc(a.centre), num(a.time_s, 6), QString::number(a.lamport),
                     QString::number(a.iteration)});
    return h4(QCoreApplication::translate("Report", "Adoption per centre")) +
           table({QCoreApplication::translate("Report", "order"),
                  QCoreApplication::translate("Report", "centre"),
                  QCoreApplication::translate("Report", "adopted at (s)"),
                  QCoreApplication::translate("Report", "Lamport time"),
                  QCoreApplication::translate("Report", "from iteration")},
                 rows, {2, 3, 4});
}

QString failuresTable(const std::vector<experiment::ControlFailure>& failures)
{
    QList<QStringList> rows;
    for (const auto& f : failures)
        rows.append({esc(f.centre),
                     f.failed_s >= 0.0 ? num(f.failed_s, 6)
                                       : QCoreApplication::translate("Report", "unknown"),
                     num(f.detected_s, 6), esc(f.detected_by), esc(f.outcome)});
    return h4(QCoreApplication::translate("Report", "Failures detected")) +
           table({QCoreApplication::translate("Report", "centre"),
                  QCoreApplication::translate("Report", "failed at (s)"),
                  QCoreApplication::translate("Report", "detected at (s)"),
                  QCoreApplication::translate("Report", "detected by"),
                  QCoreApplication::translate("Report", "outcome")},
                 rows, {1, 2});
}

/// Per iteration (the first kMaxPhaseRows): the members and the READY and COMMIT waits.
QString coordinationTable(const std::vector<experiment::ControlIterationResult>& iterations)
{
    using It = experiment::ControlIterationResult;
    const std::vector<It> shown(iterations.begin(),
                                iterations.begin() +
                                    std::ptrdiff_t(std::min(iterations.size(), kMaxPhaseRows)));
    const auto ready = durationColumn(shown, [](const It& i) { return i.ready_wait_s; });
    const auto commit = durationColumn(shown, [](const It& i) { return i.commit_wait_s; });
    QList<QStringList> rows;
    for (const auto& it : shown) {
        QStringList members;
        for (const auto& m : it.members)
            members << esc(m);
        rows.append({QString::number(it.index), members.join(QStringLiteral(", ")),
                     ready.text(it.ready_wait_s), commit.text(it.commit_wait_s)});
    }
    return h4(QCoreApplication::translate("Report", "Coordination per iteration")) +
           table({QCoreApplication::translate("Report", "iteration"),
                  QCoreApplication::translate("Report", "members"),
                  QCoreApplication::translate("Report", "wait for READY"),
                  QCoreApplication::translate("Report", "wait for COMMIT")},
                 rows, {0, 2, 3});
}

} // namespace

QString controlPlaneHtml(const experiment::ControlPlaneResult& cp)
{
    if (!cp.enabled)
        return {};
    QString h = controlPlaneStats(cp);
    if (!cp.triggers.empty())
        h += triggersTable(cp.triggers);
    if (!cp.adoptions.empty())
        h += adoptionsTable(cp.adoptions);
    if (!cp.failures.empty())
        h += failuresTable(cp.failures);
    if (cp.stopped)
        h += note(QCoreApplication::translate("Report", "The run stopped at %1: %2")
                      .arg(dur(cp.stopped_s), esc(cp.stop_reason)));
    if (!cp.iterations.empty())
        h += coordinationTable(cp.iterations);
    return h;
}

} // namespace meridian::ui::report
