#pragma once
// The multi-centre control plane (docs/control-plane.md): every centre runs a coordinator, a
// logical process with a Lamport clock and a vector clock, and the coordinators agree on each
// training iteration by small control messages that cross the simulated WAN.
//
// Per iteration k, with the group's members M and its leader (the lowest-numbered member):
//   1. centre i starts k (compute, then its intra-centre all-reduce) when it may (below);
//      when done it broadcasts READY(k);
//   2. the inter-centre exchange of k starts once every member has delivered READY(k) from
//      every member (and the exchange of k−1 has ended);
//   3. when the exchange has delivered every contribution, each member broadcasts VOTE(k)
//      (phase 1 of a two-phase commit: "I hold every contribution of k");
//   4. the leader, having delivered every member's VOTE(k), broadcasts COMMIT(k) (phase 2),
//      carrying the switch orders that take effect from k + 1;
//   5. centre i applies the update of k (in-centre broadcast, optimiser step) when it
//      delivers COMMIT(k) — causal delivery guarantees it has delivered every VOTE(k) by
//      then — and then, with sync = barrier, broadcasts APPLIED(k).
// Centre i may start k + 1 when: barrier — it has delivered APPLIED(k) from every member;
// local — it has applied update k − max_lead_iterations (its model is a whole committed
// version, at most max_lead_iterations behind).
//
// Messages are causal broadcasts (CausalBuffer) sent reliably: each copy is retransmitted
// until the receiver acknowledges it, with the timer of RFC 6298 before any sample,
// RTO = max(min_rto_s, RTT + 4·σ_RTT) from the route's nominal round trip and jitter,
// doubled on every retry up to max_rto_s. Heartbeats (every heartbeat_interval_s) are
// unreliable; a member from which nothing has arrived for failure_timeout_s is suspected.
// The leader (lowest unsuspected member) that still sees a strict majority of the members
// then either stops the run (on_failure = stop) or re-forms the group without the suspects
// (REFORM(e+1, M'), every member answers STATE(e+1, last committed iteration), the leader
// broadcasts RESUME with the highest committed iteration and every member catches up;
// an iteration that had not committed re-runs its exchange among M').
//
// The control plane drives a DataPlane (the experiment's network and GPUs, or a test
// double) and sends messages over a MessagePath; it schedules its own events on the
// simulator. Qt-free; everything is simulated time.

#include "meridian/control/CausalBuffer.hpp"
#include "meridian/control/LamportClock.hpp"
#include "meridian/sim/Simulator.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace meridian::control {

enum class SyncMode
{
    Barrier, ///< every centre starts k + 1 after every centre applied k
    Local    ///< a centre runs ahead up to max_lead_iterations committed versions
};

enum class FailurePolicy
{
    Reform, ///< continue without the failed centres (needs a strict majority)
    Stop    ///< stop the run with a result that names the failure
};

struct ControlSettings
{
    /// Messages cross the network (delay, jitter, loss of the route) or arrive at once and
    /// are never lost ("instant": the global-clock behaviour of runs without a control plane).
    bool instant = false;
    double message_bytes = 256.0; ///< size of one control message on the wire
    SyncMode sync = SyncMode::Barrier;
    int max_lead_iterations = 0; ///< Local only
    double heartbeat_interval_s = 0.5;
    double failure_timeout_s = 2.0;
    FailurePolicy on_failure = FailurePolicy::Reform;
    double min_rto_s = 0.2;  ///< Linux TCP_RTO_MIN
    double max_rto_s = 60.0; ///< RFC 6298 (2.5) upper bound
};

/// How one control message crosses the network between two centres' coordinators.
class MessagePath
{
public:
    virtual ~MessagePath() = default;
    /// One transmission of `bytes` from centre `from` to centre `to`, starting now: its
    /// one-way delay, or nullopt if it is lost (or there is no route).
    virtual std::optional<double> transmit(int from, int to, double bytes) = 0;
    /// Nominal round trip between the two and the standard deviation of its jitter, for the
    /// retransmission timer; nullopt without a route.
    virtual std::optional<std::pair<double, double>> roundTrip(int from, int to) = 0;
};

/// What the training does between control steps (the experiment's network and GPUs).
class DataPlane
{
public:
    virtual ~DataPlane() = default;
    /// Centre `centre` computes iteration `k` and reduces within the centre; `done` when its
    /// gradient is ready for the exchange.
    virtual void startLocal(int centre, int k, std::function<void()> done) = 0;
    /// The inter-centre exchange of k among `members` (ascending); `done` when every member
    /// holds every contribution. `attempt` counts restarts of the same k after a re-forming.
    virtual void startExchange(int k, int attempt, const std::vector<int>& members,
                               std::function<void()> done) = 0;
    /// Abandons the running exchange of k (a member failed); its `done` must not run.
    virtual void abortExchange(int k) = 0;
    /// Centre `centre` applies the committed update of k; `done` when its model is k + 1.
    virtual void startUpdate(int centre, int k, std::function<void()> done) = 0;
    /// The centre's coordinator failed (its GPUs and transfers stop) or was excluded.
    virtual void centreLost(int centre) = 0;
};

/// A switch order (trigger action) and its adoption.
struct OrderAdoption
{
    int order = 0;
    int centre = 0;
    double time_s = 0.0;       ///< when the centre delivered the COMMIT carrying it
    std::uint64_t lamport = 0; ///< the centre's Lamport time then
    int iteration = 0;         ///< first iteration it applies to
};

struct FailureDetection
{
    int centre = 0;        ///< the failed centre
    double failed_s = -1;  ///< when it failed, if known (scheduled or triggered)
    double detected_s = 0; ///< when the leader suspected it
    int detected_by = 0;
    std::string outcome; ///< "reformed" or "stopped"
};

struct IterationControl
{
    int iteration = 0;
    double exchange_start_s = 0;     ///< when the last member could enter the exchange
    double exchange_end_s = 0;       ///< every contribution delivered
    double commit_s = 0;             ///< the leader's COMMIT
    double ready_wait_s = 0;         ///< exchange start − last READY sent
    double commit_wait_s = 0;        ///< last COMMIT delivery − exchange end
    std::vector<int> members;        ///< who took part (ascending)
    std::vector<double> start_s;     ///< per centre: start of local work (NaN if not a member)
    std::vector<double> ready_s;     ///< per centre: READY sent
    std::vector<double> committed_s; ///< per centre: COMMIT delivered
    std::vector<double> applied_s;   ///< per centre: update applied
};

struct ControlStats
{
    std::uint64_t messages = 0;      ///< protocol broadcasts × receivers (first copies)
    std::uint64_t transmissions = 0; ///< every copy sent, retransmissions and ACKs included
    std::uint64_t retransmissions = 0;
    std::uint64_t acks = 0;
    std::uint64_t heartbeats = 0;
    std::uint64_t lost = 0;       ///< transmissions lost on the way
    double bytes = 0.0;           ///< every transmission's bytes
    std::uint64_t reordered = 0;  ///< deliveries that waited for a causal predecessor
    std::uint64_t duplicates = 0; ///< copies that arrived after their first
    double wait_mean_s = 0.0;     ///< over every delivery (0 for those that did not wait)
    double wait_max_s = 0.0;
    std::uint64_t deliveries = 0;
};

struct ControlOutcome
{
    bool stopped = false;
    double stopped_s = 0.0;
    std::string stop_reason;
    int completed_iterations = 0;
};

class ControlPlane
{
public:
    /// `centres` coordinators, numbered 0 … centres − 1. `sim`, `path` and `data` must
    /// outlive the control plane.
    ControlPlane(int centres, const ControlSettings& settings, sim::Simulator& sim,
                 MessagePath& path, DataPlane& data);
    ~ControlPlane();
    ControlPlane(const ControlPlane&) = delete;
    ControlPlane& operator=(const ControlPlane&) = delete;

    /// Issues switch order `order` from the leader now: it rides on the next COMMIT and
    /// applies from the iteration after it. Returns the Lamport time of the issue.
    std::uint64_t issueOrder(int order);
    /// Issues `order` so that it applies from iteration `k` (sent with COMMIT(k − 1); before
    /// the first iteration starts, k = 0 adopts it at once).
    void issueOrderAt(int order, int k);
    /// The centre's coordinator fails now (it sends and receives nothing more).
    void failCentre(int centre);

    /// Starts the training (iterations 0 … iterations − 1); `finished` runs when every member
    /// has applied the last iteration, or the run stopped.
    void start(int iterations, std::function<void()> finished);
    bool done() const noexcept { return m_done; }

    /// Called after every committed iteration, with its record (in iteration order).
    void setOnIterationCommitted(std::function<void(const IterationControl&)> cb)
    {
        m_onCommitted = std::move(cb);
    }
    /// Called when a centre adopts an order (its first iteration is `adoption.iteration`).
    void setOnAdoption(std::function<void(const OrderAdoption&)> cb)
    {
        m_onAdoption = std::move(cb);
    }
    /// Called for every protocol message copy (not ACKs or heartbeats) when it arrives, or
    /// when it is lost (arrived_s < 0): from, to, kind ("READY", "VOTE", …), sent, arrived.
    using MessageCallback = std::function<void(int, int, const char*, double, double)>;
    void setOnMessage(MessageCallback cb) { m_onMessage = std::move(cb); }

    // --- state (tests, results) ---------------------------------------------------------
    const ControlStats& stats() const;
    const std::vector<OrderAdoption>& adoptions() const noexcept { return m_adoptions; }
    const std::vector<FailureDetection>& failures() const noexcept { return m_failures; }
    const ControlOutcome& outcome() const noexcept { return m_outcome; }
    /// The iteration whose update centre c applied last (−1 before the first).
    int appliedVersion(int centre) const;
    std::uint64_t lamportTime(int centre) const;
    const std::vector<int>& members() const noexcept { return m_members; }
    /// Current leader (lowest member), or −1 when stopped.
    int leader() const;
    /// Invariant checks done while running (atomic update, no mixed model): the number of
    /// violations found (0 in a correct run) and the first one's description.
    std::uint64_t invariantViolations() const noexcept { return m_violations; }
    const std::string& firstViolation() const noexcept { return m_firstViolation; }

private:
    struct Impl;
    std::function<void(const IterationControl&)> m_onCommitted;
    std::function<void(const OrderAdoption&)> m_onAdoption;
    MessageCallback m_onMessage;
    std::vector<OrderAdoption> m_adoptions;
    std::vector<FailureDetection> m_failures;
    ControlOutcome m_outcome;
    std::vector<int> m_members;
    bool m_done = false;
    std::uint64_t m_violations = 0;
    std::string m_firstViolation;
    std::unique_ptr<Impl> m_impl; ///< last: its constructor fills the members above
    friend struct Impl;
};

} // namespace meridian::control
