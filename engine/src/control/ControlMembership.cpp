// Failure detection and the group's membership (ControlPlane.hpp, "Heartbeats …"): every
// coordinator sends an unreliable heartbeat to every member each heartbeat_interval_s and
// suspects a member from which nothing (message, ACK or heartbeat) has arrived for
// failure_timeout_s. The leader of the current view (lowest unsuspected member) acts once per
// new suspicion: with on_failure = stop it stops the run; otherwise, if it still sees a
// strict majority, it re-forms the group without the suspects — REFORM(e + 1, M') sent
// reliably to each survivor, every survivor answers STATE(e + 1, last committed), the leader
// broadcasts RESUME(e + 1, highest committed) and every member catches up on the commits it
// missed; an exchange that had not committed re-runs among M'. Without a strict majority it
// waits one more timeout (the majority side may exclude it first) and then stops.
// Checked by tests/control/ProtocolTest.cpp (centreFailureIsDetectedAndTheGroupReforms,
// stopPolicyEndsTheRunWithAReason, lostMajorityStops) and
// tests/experiment/ControlPlaneRunTest.cpp (centreFailureIsDetectedWithinTheTimeout,
// cutOffCentreIsExcludedShortCutIsRiddenOut).

#include "ControlPlaneImpl.hpp"

#include <optional>

namespace meridian::control {

void ControlPlane::Impl::heartbeat(int i)
{
    Coordinator& c = at(i);
    if (self.m_done || !c.alive || c.excluded)
        return;
    for (int j : c.members)
        if (j != i)
            sendHeartbeat(i, j);
    suspect(i);
    sim.scheduleIn(sim::SimTime::fromSeconds(settings.heartbeat_interval_s),
                   [this, i] { heartbeat(i); });
}

/// One heartbeat: unreliable, it refreshes the receiver's last-heard time of the sender and
/// carries the sender's Lamport time.
void ControlPlane::Impl::sendHeartbeat(int from, int to)
{
    ++stats.heartbeats;
    countTransmission(detail::kAckBytes);
    const std::uint64_t stamp = at(from).clock.send();
    std::optional<double> d =
        settings.instant ? std::optional<double>(0.0) : path.transmit(from, to, detail::kAckBytes);
    if (!d) {
        ++stats.lost;
        return;
    }
    sim.scheduleIn(sim::SimTime::fromSeconds(*d), [this, from, to, stamp] {
        Coordinator& r = at(to);
        if (!r.alive || r.excluded)
            return;
        r.lastHeard[static_cast<std::size_t>(from)] = now();
        r.clock.receive(stamp);
    });
}

void ControlPlane::Impl::suspect(int i)
{
    Coordinator& c = at(i);
    bool fresh = false;
    for (int j : c.members)
        if (j != i && !c.suspected.count(j) &&
            now() - c.lastHeard[static_cast<std::size_t>(j)] > settings.failure_timeout_s) {
            c.suspected.insert(j);
            fresh = true;
        }
    // Only the leader of the group's current view acts, once per new suspicion: an
    // excluded centre that does not know it is excluded cannot stop or re-form the group.
    if (!fresh || leaderOf(c) != i || !member(i) || c.epoch != epoch)
        return;
    const std::size_t alive = c.members.size() - c.suspected.size();
    if (settings.on_failure == FailurePolicy::Stop) {
        declare(i, "stopped", "");
        return;
    }
    if (2 * alive > c.members.size()) {
        declare(i, "reformed", "");
        return;
    }
    // No strict majority: wait one more timeout (the majority side may exclude this
    // centre first), then stop the run.
    sim.scheduleIn(sim::SimTime::fromSeconds(settings.failure_timeout_s), [this, i, alive] {
        Coordinator& cc = at(i);
        if (member(i) && cc.alive && !cc.excluded && !self.m_done)
            declare(i, "stopped",
                    "the group lost its majority: centre " + std::to_string(i) + " sees " +
                        std::to_string(alive) + " of " + std::to_string(cc.members.size()) +
                        " members");
    });
}

/// Records the leader's suspects as failures (once each) and stops the run or re-forms the
/// group.
void ControlPlane::Impl::declare(int leader, const std::string& outcome, std::string reason)
{
    Coordinator& c = at(leader);
    for (int j : c.suspected) {
        const bool known = std::any_of(self.m_failures.begin(), self.m_failures.end(),
                                       [j](const FailureDetection& f) { return f.centre == j; });
        if (!known)
            self.m_failures.push_back(
                {j, failedAt[static_cast<std::size_t>(j)], now(), leader, outcome});
    }
    if (outcome == "stopped") {
        if (reason.empty()) {
            reason = "centre";
            for (int j : c.suspected)
                reason += " " + std::to_string(j);
            reason += " failed (no message for " + std::to_string(settings.failure_timeout_s) +
                      " s), detected by centre " + std::to_string(leader);
        }
        stop(now(), reason);
        return;
    }
    reform(leader);
}

void ControlPlane::Impl::reform(int leader)
{
    Coordinator& c = at(leader);
    std::vector<int> survivors;
    for (int j : c.members)
        if (!c.suspected.count(j))
            survivors.push_back(j);
    ++epoch;
    self.m_members = survivors;
    for (int j = 0; j < n; ++j)
        if (std::find(survivors.begin(), survivors.end(), j) == survivors.end() &&
            !lostReported[static_cast<std::size_t>(j)]) {
            lostReported[static_cast<std::size_t>(j)] = 1;
            at(j).excluded = true;
            data.centreLost(j);
        }
    if (exchangeRunning >= 0) {
        data.abortExchange(exchangeRunning);
        exchangeRunning = -1;
    }
    // REFORM is a view change, not a causal message: it is delivered on arrival and is
    // sent reliably (retransmitted until it arrives) by the leader.
    for (int j : survivors)
        sendReform(leader, j, epoch, survivors, 0);
}

void ControlPlane::Impl::sendReform(int from, int to, int e, const std::vector<int>& survivors,
                                    int attempt)
{
    countTransmission(settings.message_bytes);
    if (attempt > 0)
        ++stats.retransmissions;
    else if (from != to)
        ++stats.messages;
    std::optional<double> d = (settings.instant || from == to)
                                  ? std::optional<double>(0.0)
                                  : path.transmit(from, to, settings.message_bytes);
    if (d)
        sim.scheduleIn(sim::SimTime::fromSeconds(*d),
                       [this, to, from, e, survivors] { onReform(to, from, e, survivors); });
    else
        ++stats.lost;
    if (from == to || settings.instant)
        return;
    // Retransmit until the receiver is in the new epoch (its STATE proves it).
    sim.scheduleIn(sim::SimTime::fromSeconds(rtoS(from, to, attempt)),
                   [this, from, to, e, survivors, attempt] {
                       if (self.m_done || at(to).epoch >= e || !at(from).alive || epoch != e)
                           return;
                       sendReform(from, to, e, survivors, attempt + 1);
                   });
}

/// A survivor enters epoch e: it forgets the excluded members (its causal buffer releases
/// what waited for them), clears the vote rounds of the old view and answers STATE.
void ControlPlane::Impl::onReform(int i, int from, int e, const std::vector<int>& survivors)
{
    Coordinator& c = at(i);
    if (!c.alive || c.excluded || e <= c.epoch)
        return;
    c.lastHeard[static_cast<std::size_t>(from)] = now();
    std::vector<Buffer::Delivery> released;
    for (int j : c.members)
        if (std::find(survivors.begin(), survivors.end(), j) == survivors.end()) {
            auto r = c.buffer.exclude(j, now());
            released.insert(released.end(), std::make_move_iterator(r.begin()),
                            std::make_move_iterator(r.end()));
        }
    c.epoch = e;
    c.members = survivors;
    c.suspected.clear();
    for (int j : survivors)
        c.lastHeard[static_cast<std::size_t>(j)] = now();
    c.viewChange = true;
    c.ready.clear();
    c.votes.clear();
    c.commitSent.clear();
    queueDeliveries(i, released);
    pump();
    broadcast(i, {Kind::State, c.committed, e, {}});
}

void ControlPlane::Impl::onResume(int i, int committed)
{
    Coordinator& c = at(i);
    c.viewChange = false;
    // Catch up on a commit that the failed leader delivered to others only.
    while (c.committed < committed) {
        ++c.committed;
        c.updateQueue.push_back(c.committed);
    }
    runUpdates(i);
    if (exchangeEnded > committed)
        exchangeEnded = committed; // the uncommitted exchange re-runs among the members
    for (int k : c.readyFor)
        if (k > committed)
            broadcast(i, {Kind::Ready, k, c.epoch, {}});
    tryStart(i);
    tryExchange();
    checkComplete();
}

} // namespace meridian::control
