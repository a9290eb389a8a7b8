#include "meridian/control/ControlPlane.hpp"

#include "meridian/core/Error.hpp"

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <map>
#include <set>
#include <tuple>

namespace meridian::control {

namespace {

enum class Kind : std::uint8_t
{
    Ready,   ///< READY(k): the centre's gradient of k is ready for the exchange
    Vote,    ///< VOTE(k): it holds every contribution of k (2PC phase 1)
    Commit,  ///< COMMIT(k, orders): apply k (2PC phase 2), orders apply from k + 1
    Applied, ///< APPLIED(k): its model is k + 1 (barrier)
    State,   ///< STATE(e, c): after REFORM(e), its last committed iteration c
    Resume,  ///< RESUME(e, c): the group continues after iteration c
};

struct Payload
{
    Kind kind = Kind::Ready;
    int iteration = 0;
    int epoch = 0;
    std::vector<std::pair<int, int>> orders; ///< Commit: (order, first iteration)
};

const char* kindName(Kind k)
{
    switch (k) {
    case Kind::Ready:
        return "READY";
    case Kind::Vote:
        return "VOTE";
    case Kind::Commit:
        return "COMMIT";
    case Kind::Applied:
        return "APPLIED";
    case Kind::State:
        return "STATE";
    case Kind::Resume:
        return "RESUME";
    }
    return "?";
}

using Buffer = CausalBuffer<Payload>;
using Message = Buffer::Message;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kAckBytes = 64.0; ///< an acknowledgement on the wire

} // namespace

struct ControlPlane::Impl
{
    struct Coordinator
    {
        Coordinator(int n, int self) : buffer(n, self), lastHeard(static_cast<std::size_t>(n), 0.0)
        {}
        bool alive = true;
        bool excluded = false;
        LamportClock clock;
        std::uint64_t sequence = 0; ///< own broadcasts so far
        Buffer buffer;
        std::vector<double> lastHeard;
        std::set<int> suspected;
        int epoch = 0;
        std::vector<int> members;
        // iteration progress
        int next = 0;           ///< next iteration to start
        bool localBusy = false; ///< computing / reducing in the centre
        bool updating = false;  ///< applying an update
        int applied = -1;       ///< last iteration whose update is applied
        int committed = -1;     ///< last COMMIT delivered
        std::deque<int> updateQueue;
        std::map<int, std::set<int>> ready, votes, appliedFrom; ///< k → senders (this epoch)
        std::set<int> readyFor;              ///< iterations whose local work is done
        std::map<int, std::set<int>> states; ///< leader: epoch → STATE senders
        int stateMax = -1;                   ///< leader: highest committed in STATEs of its epoch
        bool committing = false;             ///< leader: COMMIT of the current vote round sent
        std::set<int> commitSent;            ///< leader: iterations it committed
        bool viewChange = false;             ///< between REFORM and RESUME
    };

    Impl(ControlPlane& owner, int n, const ControlSettings& s, sim::Simulator& sim,
         MessagePath& path, DataPlane& data)
        : self(owner), settings(s), sim(sim), path(path), data(data), n(n)
    {
        if (n < 1)
            throw InputError("control plane", "centres", "needs at least one centre");
        coords.reserve(static_cast<std::size_t>(n));
        for (int i = 0; i < n; ++i) {
            coords.emplace_back(n, i);
            for (int j = 0; j < n; ++j)
                coords.back().members.push_back(j);
        }
        for (int j = 0; j < n; ++j)
            owner.m_members.push_back(j);
        failedAt.assign(static_cast<std::size_t>(n), kNaN);
        lostReported.assign(static_cast<std::size_t>(n), 0);
    }

    ControlPlane& self;
    ControlSettings settings;
    sim::Simulator& sim;
    MessagePath& path;
    DataPlane& data;
    int n;
    std::vector<Coordinator> coords;
    ControlStats stats;
    double waitSum_s = 0.0;
    std::vector<double> failedAt;
    std::vector<char> lostReported;
    int iterations = 0;
    std::function<void()> finished;
    bool started = false;
    int epoch = 0; ///< the group's epoch (latest REFORM)
    // exchange (global: one collective among the members)
    int exchangeRunning = -1;
    int exchangeEnded = -1; ///< last iteration whose exchange ended
    std::map<int, int> attempts;
    std::map<int, IterationControl> records;
    int nextRecord = 0;
    // orders
    std::vector<int> pendingOrders;           ///< ride on the next COMMIT
    std::map<int, std::vector<int>> ordersAt; ///< first iteration → orders
    // reliable delivery: (from, to, sender, sequence) copies waiting for their ACK
    std::set<std::tuple<int, int, int, std::uint64_t>> unacked;
    // work queue of deliveries (never re-entered)
    std::deque<std::pair<int, Message>> inbox;
    bool pumping = false;

    double now() const { return sim.now().toSeconds(); }
    Coordinator& at(int i) { return coords[static_cast<std::size_t>(i)]; }
    bool member(int i) const
    {
        return std::find(self.m_members.begin(), self.m_members.end(), i) != self.m_members.end();
    }
    int leaderOf(const Coordinator& c) const
    {
        for (int m : c.members)
            if (!c.suspected.count(m))
                return m;
        return -1;
    }

    void violation(const std::string& what)
    {
        if (self.m_violations++ == 0)
            self.m_firstViolation = what;
    }

    IterationControl& record(int k)
    {
        auto [it, inserted] = records.try_emplace(k);
        if (inserted) {
            it->second.iteration = k;
            it->second.start_s.assign(static_cast<std::size_t>(n), kNaN);
            it->second.ready_s.assign(static_cast<std::size_t>(n), kNaN);
            it->second.applied_s.assign(static_cast<std::size_t>(n), kNaN);
            it->second.committed_s.assign(static_cast<std::size_t>(n), kNaN);
        }
        return it->second;
    }

    // --- messages ------------------------------------------------------------------------

    double rtoS(int from, int to, int attempt)
    {
        double base = settings.min_rto_s;
        if (auto rt = path.roundTrip(from, to))
            base = std::max(settings.min_rto_s, rt->first + 4.0 * rt->second);
        return std::min(settings.max_rto_s, base * std::ldexp(1.0, std::min(attempt, 30)));
    }

    void broadcast(int from, Payload p)
    {
        Coordinator& c = at(from);
        if (!c.alive || c.excluded)
            return;
        Message m;
        m.sender = from;
        m.clock = c.buffer.delivered();
        m.clock[static_cast<std::size_t>(from)] = ++c.sequence;
        c.buffer.deliveredOwn(c.sequence);
        m.lamport = c.clock.send();
        m.payload = std::move(p);
        for (int r : c.members)
            if (r != from) {
                ++stats.messages;
                sendCopy(from, r, m, 0);
            }
        inbox.emplace_back(from, std::move(m)); // the sender delivers its own at once
        pump();
    }

    void sendCopy(int from, int to, const Message& m, int attempt)
    {
        ++stats.transmissions;
        stats.bytes += settings.message_bytes;
        if (attempt > 0)
            ++stats.retransmissions;
        const double sent = now();
        if (settings.instant) {
            sim.scheduleIn(sim::SimTime::zero(), [this, to, from, m, sent] {
                observe(from, to, m, sent, now());
                arrive(to, from, m);
            });
            return;
        }
        if (auto d = path.transmit(from, to, settings.message_bytes)) {
            sim.scheduleIn(sim::SimTime::fromSeconds(*d), [this, to, from, m, sent] {
                observe(from, to, m, sent, now());
                arrive(to, from, m);
            });
        } else {
            ++stats.lost;
            observe(from, to, m, sent, -1.0);
        }
        const auto key = std::make_tuple(from, to, m.sender, m.sequence());
        unacked.insert(key);
        sim.scheduleIn(sim::SimTime::fromSeconds(rtoS(from, to, attempt)), [this, key, m, attempt] {
            if (!unacked.count(key))
                return;
            const int f = std::get<0>(key), t = std::get<1>(key);
            const Coordinator& c = at(f);
            const bool stillMember =
                std::find(c.members.begin(), c.members.end(), t) != c.members.end();
            if (!c.alive || c.excluded || !stillMember || self.m_done) {
                unacked.erase(key);
                return;
            }
            sendCopy(f, t, m, attempt + 1);
        });
    }

    void observe(int from, int to, const Message& m, double sent_s, double arrived_s)
    {
        if (self.m_onMessage)
            self.m_onMessage(from, to, kindName(m.payload.kind), sent_s, arrived_s);
    }

    void sendAck(int from, int to, int sender, std::uint64_t seq)
    {
        ++stats.transmissions;
        ++stats.acks;
        stats.bytes += kAckBytes;
        auto d = path.transmit(from, to, kAckBytes);
        if (!d) {
            ++stats.lost;
            return;
        }
        sim.scheduleIn(sim::SimTime::fromSeconds(*d), [this, from, to, sender, seq] {
            if (at(to).alive)
                unacked.erase(std::make_tuple(to, from, sender, seq));
            at(to).lastHeard[static_cast<std::size_t>(from)] = now();
        });
    }

    void arrive(int to, int from, const Message& m)
    {
        Coordinator& c = at(to);
        if (!c.alive || c.excluded)
            return;
        c.lastHeard[static_cast<std::size_t>(from)] = now();
        if (!settings.instant)
            sendAck(to, from, m.sender, m.sequence());
        const std::uint64_t dupBefore = c.buffer.duplicates();
        const std::uint64_t heldBefore = c.buffer.reordered();
        auto deliveries = c.buffer.offer(m, now());
        stats.duplicates += c.buffer.duplicates() - dupBefore;
        stats.reordered += c.buffer.reordered() - heldBefore;
        for (auto& d : deliveries) {
            ++stats.deliveries;
            waitSum_s += d.waited_s();
            stats.wait_max_s = std::max(stats.wait_max_s, d.waited_s());
            inbox.emplace_back(to, std::move(d.message));
        }
        pump();
    }

    void pump()
    {
        if (pumping)
            return;
        pumping = true;
        while (!inbox.empty()) {
            auto [to, m] = std::move(inbox.front());
            inbox.pop_front();
            Coordinator& c = at(to);
            if (!c.alive || c.excluded)
                continue;
            if (m.sender != to)
                c.clock.receive(m.lamport);
            handle(to, m);
        }
        pumping = false;
    }

    // --- protocol ------------------------------------------------------------------------

    void handle(int i, const Message& m)
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
            if (p.epoch == c.epoch && leaderOf(c) == i) {
                c.states[p.epoch].insert(m.sender);
                c.stateMax = std::max(c.stateMax, p.iteration);
                if (std::all_of(c.members.begin(), c.members.end(),
                                [&](int j) { return c.states[p.epoch].count(j) > 0; }))
                    broadcast(i, {Kind::Resume, c.stateMax, c.epoch, {}});
            }
            break;
        case Kind::Resume:
            if (p.epoch == c.epoch)
                onResume(i, p.iteration);
            break;
        }
    }

    bool containsAll(const std::set<int>& s, const std::vector<int>& members) const
    {
        return std::all_of(members.begin(), members.end(), [&](int j) { return s.count(j) > 0; });
    }

    void tryStart(int i)
    {
        Coordinator& c = at(i);
        while (c.alive && !c.excluded && !c.localBusy && !c.viewChange && c.next < iterations &&
               !self.m_done) {
            const int k = c.next;
            bool may = false;
            if (settings.sync == SyncMode::Barrier)
                may =
                    k == 0 || (c.applied >= k - 1 && containsAll(c.appliedFrom[k - 1], c.members));
            else
                may = c.applied >= k - 1 - settings.max_lead_iterations && !c.updating;
            if (!may)
                return;
            // The atomic-update invariants: a whole model version, never one being updated,
            // and no more than the allowed lead.
            if (c.updating)
                violation("centre " + std::to_string(i) + " starts iteration " + std::to_string(k) +
                          " while applying an update (mixed model)");
            const int lead = settings.sync == SyncMode::Barrier ? 0 : settings.max_lead_iterations;
            if (c.applied < k - 1 - lead)
                violation("centre " + std::to_string(i) + " starts iteration " + std::to_string(k) +
                          " with model version " + std::to_string(c.applied + 1));
            c.next = k + 1;
            c.localBusy = true;
            record(k).start_s[static_cast<std::size_t>(i)] = now();
            c.clock.tick();
            data.startLocal(i, k, [this, i, k] { localDone(i, k); });
        }
    }

    void localDone(int i, int k)
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

    /// The exchange of the next iteration starts once every member has delivered READY(k)
    /// from every member, the previous exchange has ended and no view change is under way.
    void tryExchange()
    {
        if (exchangeRunning >= 0 || self.m_done)
            return;
        const int k = exchangeEnded + 1;
        if (k >= iterations)
            return;
        for (int j : self.m_members) {
            const Coordinator& c = at(j);
            if (c.viewChange || c.epoch != epoch)
                return;
            auto it = c.ready.find(k);
            if (it == c.ready.end() || !containsAll(it->second, self.m_members))
                return;
        }
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
            exchangeRunning = -1;
            exchangeEnded = k;
            record(k).exchange_end_s = now();
            const std::vector<int> voters = self.m_members;
            for (int j : voters)
                broadcast(j, {Kind::Vote, k, at(j).epoch, {}});
            tryExchange();
        });
    }

    void tryCommit(int i, int k)
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

    void onCommit(int i, const Message& m)
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

    void runUpdates(int i)
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
    void checkComplete()
    {
        while (!self.m_done && nextRecord < iterations) {
            const int k = nextRecord;
            for (int j : self.m_members)
                if (at(j).applied < k)
                    return;
            IterationControl& r = record(k);
            for (int j : r.members)
                if (!std::isnan(r.committed_s[static_cast<std::size_t>(j)]))
                    r.commit_wait_s =
                        std::max(r.commit_wait_s,
                                 r.committed_s[static_cast<std::size_t>(j)] - r.exchange_end_s);
            ++nextRecord;
            self.m_outcome.completed_iterations = nextRecord;
            if (self.m_onCommitted)
                self.m_onCommitted(r);
        }
        if (nextRecord == iterations)
            finish();
    }

    void finish()
    {
        if (self.m_done)
            return;
        self.m_done = true;
        unacked.clear();
        if (finished)
            sim.scheduleIn(sim::SimTime::zero(), [this] { finished(); });
    }

    void stop(double at_s, std::string reason)
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

    // --- failures ------------------------------------------------------------------------

    void heartbeat(int i)
    {
        Coordinator& c = at(i);
        if (self.m_done || !c.alive || c.excluded)
            return;
        for (int j : c.members)
            if (j != i) {
                ++stats.heartbeats;
                ++stats.transmissions;
                stats.bytes += kAckBytes;
                const std::uint64_t stamp = c.clock.send();
                std::optional<double> d =
                    settings.instant ? std::optional<double>(0.0) : path.transmit(i, j, kAckBytes);
                if (!d) {
                    ++stats.lost;
                    continue;
                }
                sim.scheduleIn(sim::SimTime::fromSeconds(*d), [this, i, j, stamp] {
                    Coordinator& r = at(j);
                    if (!r.alive || r.excluded)
                        return;
                    r.lastHeard[static_cast<std::size_t>(i)] = now();
                    r.clock.receive(stamp);
                });
            }
        suspect(i);
        sim.scheduleIn(sim::SimTime::fromSeconds(settings.heartbeat_interval_s),
                       [this, i] { heartbeat(i); });
    }

    void suspect(int i)
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

    void declare(int leader, const std::string& outcome, std::string reason)
    {
        Coordinator& c = at(leader);
        for (int j : c.suspected) {
            const bool known =
                std::any_of(self.m_failures.begin(), self.m_failures.end(),
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

    void reform(int leader)
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

    void sendReform(int from, int to, int e, const std::vector<int>& survivors, int attempt)
    {
        ++stats.transmissions;
        stats.bytes += settings.message_bytes;
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

    void onReform(int i, int from, int e, const std::vector<int>& survivors)
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
        for (auto& d : released) {
            ++stats.deliveries;
            waitSum_s += d.waited_s();
            stats.wait_max_s = std::max(stats.wait_max_s, d.waited_s());
            inbox.emplace_back(i, std::move(d.message));
        }
        pump();
        broadcast(i, {Kind::State, c.committed, e, {}});
    }

    void onResume(int i, int committed)
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
};

ControlPlane::ControlPlane(int centres, const ControlSettings& settings, sim::Simulator& sim,
                           MessagePath& path, DataPlane& data)
    : m_impl(std::make_unique<Impl>(*this, centres, settings, sim, path, data))
{}

ControlPlane::~ControlPlane() = default;

std::uint64_t ControlPlane::issueOrder(int order)
{
    m_impl->pendingOrders.push_back(order);
    const int l = leader();
    return l >= 0 ? m_impl->at(l).clock.tick() : 0;
}

void ControlPlane::issueOrderAt(int order, int k)
{
    Impl& s = *m_impl;
    if (k <= 0 && !s.started) {
        for (int i : m_members) {
            OrderAdoption a{order, i, s.now(), s.at(i).clock.time(), 0};
            m_adoptions.push_back(a);
            if (m_onAdoption)
                m_onAdoption(a);
        }
        return;
    }
    s.ordersAt[std::max(k, 1)].push_back(order);
}

void ControlPlane::failCentre(int centre)
{
    Impl& s = *m_impl;
    if (centre < 0 || centre >= s.n || !s.at(centre).alive)
        return;
    s.at(centre).alive = false;
    s.failedAt[static_cast<std::size_t>(centre)] = s.now();
    if (!s.lostReported[static_cast<std::size_t>(centre)]) {
        s.lostReported[static_cast<std::size_t>(centre)] = 1;
        s.data.centreLost(centre);
    }
}

void ControlPlane::start(int iterations, std::function<void()> finished)
{
    Impl& s = *m_impl;
    s.iterations = iterations;
    s.finished = std::move(finished);
    s.started = true;
    if (iterations <= 0) {
        s.finish();
        return;
    }
    for (int i = 0; i < s.n; ++i) {
        s.at(i).lastHeard.assign(static_cast<std::size_t>(s.n), s.now());
        s.tryStart(i);
    }
    for (int i = 0; i < s.n; ++i)
        s.sim.scheduleIn(sim::SimTime::fromSeconds(s.settings.heartbeat_interval_s),
                         [&s, i] { s.heartbeat(i); });
}

const ControlStats& ControlPlane::stats() const
{
    Impl& s = *m_impl;
    s.stats.wait_mean_s =
        s.stats.deliveries ? s.waitSum_s / static_cast<double>(s.stats.deliveries) : 0.0;
    return s.stats;
}

int ControlPlane::appliedVersion(int centre) const
{
    return m_impl->at(centre).applied;
}

std::uint64_t ControlPlane::lamportTime(int centre) const
{
    return m_impl->at(centre).clock.time();
}

int ControlPlane::leader() const
{
    if (m_done && m_outcome.stopped)
        return -1;
    return m_members.empty() ? -1 : m_members.front();
}

} // namespace meridian::control
