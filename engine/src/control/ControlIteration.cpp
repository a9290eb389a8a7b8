// One training iteration through the coordinators (ControlPlane.hpp, steps 1–5):
//   local work → READY(k) → exchange (every member delivered every READY(k)) → VOTE(k) →
//   the leader's COMMIT(k) (every VOTE(k) delivered; carries the switch orders for k + 1) →
//   update → APPLIED(k) (barrier).
// A centre starts k + 1 when the synchronisation mode allows (barrier: every member applied
// k; local: it applied k − max_lead_iterations and is not updating). Iterations complete in
// order, once every member has applied them. The atomic-update invariants (a whole committed
// version, never one being updated, COMMITs in order and after every contribution) are
// checked as the protocol runs and counted in ControlPlane::invariantViolations().
// Checked by tests/control/ProtocolTest.cpp (latencyDelaysEveryIteration,
// atomicUpdateUnderJitterAndLoss, ordersApplyFromTheSameIterationEverywhere) and
// tests/experiment/ControlPlaneRunTest.cpp (localProgressIsNoSlowerThanTheBarrier).

#include "ControlPlaneImpl.hpp"

#include <cmath>

namespace meridian::control {

IterationControl& ControlPlane::Impl::record(int k)
{
    auto [it, inserted] = records.try_emplace(k);
    if (inserted) {
        it->second.iteration = k;
        it->second.start_s.assign(static_cast<std::size_t>(n), detail::kNaN);
        it->second.ready_s.assign(static_cast<std::size_t>(n), detail::kNaN);
        it->second.applied_s.assign(static_cast<std::size_t>(n), detail::kNaN);
        it->second.committed_s.assign(static_cast<std::size_t>(n), detail::kNaN);
    }
    return it->second;
}

void ControlPlane::Impl::handle(int i, const Message& m)
{
    Coordinator& c = at(i);
    const Payload& p = m.payload;
    switch (p.kind) {
    case Kind::Ready:
        if (p.epoch == c.epoch) {
            c.ready[p.iteration].insert(m.sender);
            tryExchange();
        }
        break;
    case Kind::Vote:
        if (p.epoch == c.epoch) {
            c.votes[p.iteration].insert(m.sender);
            tryCommit(i, p.iteration);
        }
        break;
    case Kind::Commit:
        onCommit(i, m);
        break;
    case Kind::Applied:
        c.appliedFrom[p.iteration].insert(m.sender);
        tryStart(i);
        checkComplete();
        break;
    case Kind::State:
        onState(i, m);
        break;
    case Kind::Resume:
        if (p.epoch == c.epoch)
            onResume(i, p.iteration);
        break;
    }
}

/// The leader of epoch e, once it has delivered every member's STATE(e, c), broadcasts
/// RESUME(e, highest c).
void ControlPlane::Impl::onState(int i, const Message& m)
{
    Coordinator& c = at(i);
    const Payload& p = m.payload;
    if (p.epoch != c.epoch || leaderOf(c) != i)
        return;
    c.states[p.epoch].insert(m.sender);
    c.stateMax = std::max(c.stateMax, p.iteration);
    if (std::all_of(c.members.begin(), c.members.end(),
                    [&](int j) { return c.states[p.epoch].count(j) > 0; }))
        broadcast(i, {Kind::Resume, c.stateMax, c.epoch, {}});
}

/// Whether the synchronisation mode lets the centre start iteration k.
bool ControlPlane::Impl::mayStart(Coordinator& c, int k)
{
    if (settings.sync == SyncMode::Barrier)
        return k == 0 || (c.applied >= k - 1 && containsAll(c.appliedFrom[k - 1], c.members));
    return c.applied >= k - 1 - settings.max_lead_iterations && !c.updating;
}

/// The atomic-update invariants at a start: a whole model version, never one being updated,
/// and no more than the allowed lead.
void ControlPlane::Impl::checkStartInvariants(int i, const Coordinator& c, int k)
{
    if (c.updating)
        violation("centre " + std::to_string(i) + " starts iteration " + std::to_string(k) +
                  " while applying an update (mixed model)");
    const int lead = settings.sync == SyncMode::Barrier ? 0 : settings.max_lead_iterations;
    if (c.applied < k - 1 - lead)
        violation("centre " + std::to_string(i) + " starts iteration " + std::to_string(k) +
                  " with model version " + std::to_string(c.applied + 1));
}

void ControlPlane::Impl::tryStart(int i)
{
    Coordinator& c = at(i);
    while (c.alive && !c.excluded && !c.localBusy && !c.viewChange && c.next < iterations &&
           !self.m_done) {
        const int k = c.next;
        if (!mayStart(c, k))
            return;
        checkStartInvariants(i, c, k);
        c.next = k + 1;
        c.localBusy = true;
        record(k).start_s[static_cast<std::size_t>(i)] = now();
        c.clock.tick();
        data.startLocal(i, k, [this, i, k] { localDone(i, k); });
    }
}

void ControlPlane::Impl::localDone(int i, int k)
{
    Coordinator& c = at(i);
    if (!c.alive || c.excluded)
        return;
    c.localBusy = false;
    c.readyFor.insert(k);
    record(k).ready_s[static_cast<std::size_t>(i)] = now();
    if (!c.viewChange)
        broadcast(i, {Kind::Ready, k, c.epoch, {}});
    tryStart(i);
}

/// Every member is in the group's epoch, past any view change, and has delivered READY(k)
/// from every member.
bool ControlPlane::Impl::everyoneReady(int k)
{
    for (int j : self.m_members) {
        const Coordinator& c = at(j);
        if (c.viewChange || c.epoch != epoch)
            return false;
        auto it = c.ready.find(k);
        if (it == c.ready.end() || !containsAll(it->second, self.m_members))
            return false;
    }
    return true;
}

/// The exchange of the next iteration starts once everyone is ready for it and the previous
/// exchange has ended.
void ControlPlane::Impl::tryExchange()
{
    if (exchangeRunning >= 0 || self.m_done)
        return;
    const int k = exchangeEnded + 1;
    if (k >= iterations || !everyoneReady(k))
        return;
    IterationControl& r = record(k);
    r.exchange_start_s = now();
    r.members = self.m_members;
    double lastReady = 0.0;
    for (int j : self.m_members)
        lastReady = std::max(lastReady, r.ready_s[static_cast<std::size_t>(j)]);
    r.ready_wait_s = now() - lastReady;
    exchangeRunning = k;
    const int attempt = attempts[k]++;
    const int myEpoch = epoch;
    data.startExchange(k, attempt, self.m_members, [this, k, myEpoch] {
        if (exchangeRunning != k || epoch != myEpoch)
            return;
        exchangeDone(k);
    });
}

/// Every contribution of k is delivered: every member votes, and the next exchange may start.
void ControlPlane::Impl::exchangeDone(int k)
{
    exchangeRunning = -1;
    exchangeEnded = k;
    record(k).exchange_end_s = now();
    const std::vector<int> voters = self.m_members;
    for (int j : voters)
        broadcast(j, {Kind::Vote, k, at(j).epoch, {}});
    tryExchange();
}

/// The leader commits k once it has delivered every member's VOTE(k); the COMMIT carries the
/// orders pending now and those issued for k + 1.
void ControlPlane::Impl::tryCommit(int i, int k)
{
    Coordinator& c = at(i);
    if (leaderOf(c) != i || c.commitSent.count(k) || c.viewChange ||
        !containsAll(c.votes[k], c.members))
        return;
    c.commitSent.insert(k);
    Payload p{Kind::Commit, k, c.epoch, {}};
    for (int o : pendingOrders)
        p.orders.emplace_back(o, k + 1);
    pendingOrders.clear();
    if (auto it = ordersAt.find(k + 1); it != ordersAt.end()) {
        for (int o : it->second)
            p.orders.emplace_back(o, k + 1);
        ordersAt.erase(it);
    }
    record(k).commit_s = now();
    broadcast(i, std::move(p));
}

void ControlPlane::Impl::onCommit(int i, const Message& m)
{
    Coordinator& c = at(i);
    const int k = m.payload.iteration;
    if (k <= c.committed)
        return; // a re-commit of what this centre already applies
    if (k != c.committed + 1)
        violation("centre " + std::to_string(i) + " delivers COMMIT(" + std::to_string(k) +
                  ") after COMMIT(" + std::to_string(c.committed) + ")");
    // Atomic update: every contribution of k has been delivered here.
    if (m.payload.epoch == c.epoch && !containsAll(c.votes[k], c.members))
        violation("centre " + std::to_string(i) + " commits iteration " + std::to_string(k) +
                  " before every contribution was delivered");
    c.committed = k;
    record(k).committed_s[static_cast<std::size_t>(i)] = now();
    for (auto [order, first] : m.payload.orders) {
        OrderAdoption a{order, i, now(), c.clock.time(), first};
        self.m_adoptions.push_back(a);
        if (self.m_onAdoption)
            self.m_onAdoption(a);
    }
    c.updateQueue.push_back(k);
    runUpdates(i);
}

/// Applies the committed updates one at a time, in order.
void ControlPlane::Impl::runUpdates(int i)
{
    Coordinator& c = at(i);
    if (c.updating || c.updateQueue.empty() || !c.alive || c.excluded)
        return;
    const int k = c.updateQueue.front();
    c.updateQueue.pop_front();
    c.updating = true;
    data.startUpdate(i, k, [this, i, k] {
        Coordinator& cc = at(i);
        if (!cc.alive || cc.excluded)
            return;
        cc.updating = false;
        cc.applied = k;
        record(k).applied_s[static_cast<std::size_t>(i)] = now();
        if (settings.sync == SyncMode::Barrier)
            broadcast(i, {Kind::Applied, k, cc.epoch, {}});
        runUpdates(i);
        tryStart(i);
        checkComplete();
    });
}

/// Iterations are complete, in order, once every member has applied them.
void ControlPlane::Impl::checkComplete()
{
    while (!self.m_done && nextRecord < iterations) {
        const int k = nextRecord;
        for (int j : self.m_members)
            if (at(j).applied < k)
                return;
        IterationControl& r = record(k);
        for (int j : r.members)
            if (!std::isnan(r.committed_s[static_cast<std::size_t>(j)]))
                r.commit_wait_s = std::max(
                    r.commit_wait_s, r.committed_s[static_cast<std::size_t>(j)] - r.exchange_end_s);
        ++nextRecord;
        self.m_outcome.completed_iterations = nextRecord;
        if (self.m_onCommitted)
            self.m_onCommitted(r);
    }
    if (nextRecord == iterations)
        finish();
}

void ControlPlane::Impl::finish()
{
    if (self.m_done)
        return;
    self.m_done = true;
    unacked.clear();
    if (finished)
        sim.scheduleIn(sim::SimTime::zero(), [this] { finished(); });
}

void ControlPlane::Impl::stop(double at_s, std::string reason)
{
    if (self.m_done)
        return;
    self.m_outcome.stopped = true;
    self.m_outcome.stopped_s = at_s;
    self.m_outcome.stop_reason = std::move(reason);
    if (exchangeRunning >= 0)
        data.abortExchange(exchangeRunning);
    exchangeRunning = -1;
    finish();
}

} // namespace meridian::control
