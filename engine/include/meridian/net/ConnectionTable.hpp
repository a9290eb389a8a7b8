#pragma once
// Per-connection transport state (docs/network-model.md §2, §4-8): one connection per ordered
// (src, dst) pair, kept across messages. Owns its route (forward arcs and resources, reverse
// ACK path), the path figures derived from the links' current parameters (RTT, loss, RTT
// variation, bottleneck and its queue), the TCP window (slow start, idle restart, last-window
// burst state), the count of TCP messages (and bursts) per resource, the wire-byte pricing of
// a message on the path and its one-way latency.
//
// Math:
//   RTT  = Σ_fwd max(0, τ_l) + Σ_rev max(0, τ_l)   (2× the forward delay without an ACK path)
//   RTTVAR = √(Σ σ_j,l²) over both directions; loss p = 1 − Π(1 − p_l) (TransportModel)
//   steady TCP cap = min(rwnd/RTT, U(B_q, BDP)·C_bottleneck)
//   window cap = min(cwnd/RTT, steady cap) in slow start (cwnd ×2 per RTT, RFC 5681) and
//     CUBIC growth, steady cap after; a connection's concurrent TCP messages share it equally
//   lossy path (p > 0): losses Bernoulli p per segment (geometric spacing drawn from the seed;
//     LossModel::Mean: every MSS/p wire bytes); a loss cuts cwnd (Reno ½, CUBIC β with W_max,
//     K), later losses within the window in flight at it are the same loss event; it is a
//     timeout with probability min(1, 3/W) costing T0·(1 + 32p²) (PFTK; Mean: the expected
//     time), T0 = RTT + max(rto_min, 4·RTTVAR) (Linux RTO); between losses cwnd grows by
//     slow start / HyStart / CUBIC / Reno, never beyond min(rwnd, BDP + B_q) (×2 for rwnd in
//     slow start: Linux tcp_is_cwnd_limited); window cap = cwnd/(RTT + stall)
//   slow-start overshoot: a round whose burst (peak queue inflight·(1 − C/a), a = the arrival
//     rate of the ACK-clocked burst) or standing queue (inflight − BDP) exceeds B_q is a loss
//     event (also on loss-free paths)
//   idle restart (RFC 2861): cwnd halves per RTO idle beyond the first, never below the IW
//   wire bytes = payload / efficiency: TCP and selective repeat 1 − p; go-back-N
//     TransportModel::goBackNEfficiency(BDP window, p); UDP 1 (it loses payload·p instead)
//   one-way latency = Σ_l max(0, τ_l + j_l) (one jitter sample per link direction, netem
//     correlation j = (1 − ρ)·fresh + ρ·previous) + store-and-forward of one packet at every
//     hop but the bottleneck + the standing queue of the first saturated TCP link:
//     n·(rwnd − r·RTT) while that fits its buffer B_q, else B_q/2 (sawtooth), drained at C
// The max-min share is applied on top of these caps by MaxMinSolver.

#include "meridian/core/StrongId.hpp"
#include "meridian/net/NetworkConfig.hpp"
#include "meridian/net/Protocol.hpp"
#include "meridian/sim/Simulator.hpp"
#include "meridian/topology/Router.hpp"
#include "meridian/topology/Topology.hpp"

#include <cstdint>
#include <deque>
#include <limits>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

namespace meridian::net {

class MaxMinSolver;

/// One direction of a link: its current parameters.
struct LinkDirection
{
    topology::LinkParams params;
    double lastJitter_s = 0.0; ///< for netem-style correlation
    std::uint32_t resource = 0;
};

/// Persistent state of one connection (src, dst, stream): route and TCP window. Stream 0 is
/// the default connection of a pair; other streams are further sockets between the same hosts
/// (NCCL channels and sockets, iperf3 -P), each with its own window and, under ECMP, its own
/// hash (a different 5-tuple).
struct Connection
{
    NodeId src;
    NodeId dst;
    std::uint32_t stream = 0;
    std::uint32_t bottleneckResource = 0; ///< resource of the bottleneck (bottleneck_bps)
    /// TCP connections already sending through the bottleneck when this one started (its
    /// place in the order the connections' slow-start rounds reach the bottleneck's queue).
    std::uint32_t rank = 0;
    std::uint64_t routeEpoch = 0;
    std::uint64_t paramEpoch = 0;    ///< table's parameter epoch when rtt/loss/caps were computed
    std::vector<std::uint32_t> arcs; ///< forward route
    std::vector<std::uint32_t> revArcs;   ///< reverse route (ACK path, for the RTT)
    std::vector<std::uint32_t> resources; ///< forward route's resources
    double rtt_s = 0.0;
    double loss = 0.0;
    double bottleneck_bps = std::numeric_limits<double>::infinity();
    double buffer_bytes = 0.0; ///< queue of the bottleneck direction
    double rttvar_s = 0.0;
    double steadyCap_bps = std::numeric_limits<double>::infinity();
    /// The steady cap without its rwnd/RTT term: the rate of a message that fits in the
    /// receive window with what is already in flight (withinWindow).
    double unwindowedCap_bps = std::numeric_limits<double>::infinity();
    // TCP state, one window per connection shared by its concurrent messages, kept across
    // messages.
    double cwnd_bytes = 0.0;
    // Congestion-avoidance growth (`growth`, below) over sending time t since the epoch
    // (HyStart's exit or the last loss event): CUBIC cwnd = max(origin + C·(t − K)³,
    // renoStart + α·t/RTT) segments, Reno (lossy paths only) cwnd = renoStart + t/(b·RTT).
    // Without loss it runs until cwnd/RTT reaches the steady cap.
    double cubicOrigin_bytes = 0.0; ///< W_max of the epoch (the exit window after HyStart)
    double cubicK_s = 0.0;          ///< time the cubic curve takes back to its origin
    double renoStart_bytes = 0.0;   ///< start of the Reno(-friendly) line of the epoch
    double cubicElapsed_s = 0.0;    ///< growth time before the current sending period
    sim::SimTime cubicEpoch;        ///< start of the current sending period
    // Loss events (lossy paths, docs/network-model.md §5): Bernoulli loss p per segment the
    // connection sends — geometric spacing drawn from the seed (LossModel::Sampled), or every
    // MSS/p wire bytes (LossModel::Mean, the assumption of the Mathis and PFTK derivations).
    double sent_bytes = 0.0;      ///< TCP wire bytes the connection has sent
    double nextLoss_bytes = 0.0;  ///< sent_bytes at which the next loss event comes
    double roundSent_bytes = 0.0; ///< sent_bytes when the current round started
    double ssthresh_bytes = std::numeric_limits<double>::infinity();
    double cubicWmax_bytes = 0.0; ///< CUBIC's last_max_cwnd (0: no loss yet)
    double stall_s = 0.0;         ///< expected retransmission-timeout time of this round
    /// Window the rate of the current round is computed from while the window grows: cwnd at
    /// the round's midpoint (0: cwnd itself), so that a stepwise rate follows the growth's mean.
    double rateWindow_bytes = 0.0;
    std::uint64_t lossEvents = 0;
    sim::SimTime lastCut;        ///< when the last loss event came
    std::uint64_t lossDraws = 0; ///< random numbers drawn from the connection's loss stream
    /// Recent sending, for the bytes in flight (sent less than one RTT ago): points (time s,
    /// logged_bytes by then) at the start and end of every TCP message.
    std::deque<std::pair<double, double>> sendLog;
    double logged_bytes = 0.0;        ///< TCP wire bytes of messages that finished sending
    sim::SimTime lastSend;            ///< when the last TCP data-phase flow stopped sending
    sim::EventHandle round;           ///< next slow-start round
    sim::SimTime roundFrom;           ///< when `round` was scheduled
    sim::SimTime roundAt;             ///< when `round` fires
    std::uint32_t active = 0;         ///< flows in data phase or delivery
    std::uint32_t tcpFlows = 0;       ///< TCP flows in their data phase
    std::vector<std::uint32_t> flows; ///< slots of flows in their data phase
    /// In-order messages (one byte stream): slots waiting for the one sending to finish.
    std::deque<std::uint32_t> queued;
    /// Flow slot of the in-order message in its data phase, or UINT32_MAX.
    std::uint32_t orderedSending = std::numeric_limits<std::uint32_t>::max();
    sim::SimTime lastDelivery; ///< delivery of the last in-order message (no overtaking)
    /// Bytes the application keeps in flight at most (TransferOptions::app_window_bytes of its
    /// last message; 0 = no limit besides rwnd): bounds the standing queue it can build.
    double appWindow_bytes = 0.0;
    /// HyStart's delay exit this connection's round found (ConnectionTable::hystartDelayExit):
    /// the bytes the connections leaving slow start there share, and the sum of their weights
    /// 1/(rank + 1).
    double delayExitShared_bytes = 0.0;
    double delayExitWeights = 0.0;
    // Flags last: the struct packs without padding holes (clang-analyzer
    // optin.performance.Padding).
    bool hasRoute = false;
    /// This round found the windows through the bottleneck above its pipe and buffer
    /// (ConnectionTable::sharedOverflow): the other connections there are cut too.
    bool overflowed = false;
    /// This round ended slow start by HyStart's delay increase for every connection in slow
    /// start through the bottleneck (ConnectionTable::hystartDelayExit): the others leave too.
    bool delayExited = false;
    bool slowStart = true;
    bool burst = false;  ///< window-limited, but everything left fits in the current window
    bool growth = false; ///< in congestion-avoidance growth (above)
    /// Everything left plus the bytes in flight fits in the receive window (max_window_bytes):
    /// the sender never waits for an ACK, so rwnd/RTT does not cap the rate (Linux
    /// tcp_snd_wnd_test limits the bytes in flight, not the rate).
    bool withinWindow = false;
    bool used = false;
};

/// Wire-byte accounting of one message (expected values).
struct WireBytes
{
    double efficiency = 1.0; ///< payload bytes per wire byte at `loss`
    double loss = 0.0;       ///< path loss the wire bytes still to send were priced at
    double wire_bytes = 0.0;
    double retransmitted_bytes = 0.0;
    double lost_bytes = 0.0;
    double extraRounds = 0.0; ///< recovery rounds after the last byte (reliable transports)
};

class ConnectionTable
{
public:
    /// The router, link directions (their lastJitter_s is updated by latencyS) and solver
    /// (capacities, allocations) must outlive the table; resources are numbered
    /// 0..resourceCount−1 as in the solver.
    ConnectionTable(const NetworkConfig& config, topology::Router& router,
                    std::vector<LinkDirection>& arcs, const MaxMinSolver& solver,
                    std::size_t resourceCount);

    std::uint32_t connectionFor(NodeId src, NodeId dst, std::uint32_t stream = 0);
    Connection& operator[](std::uint32_t ci) { return m_connections[ci]; }
    const Connection& operator[](std::uint32_t ci) const { return m_connections[ci]; }
    std::uint32_t size() const noexcept { return static_cast<std::uint32_t>(m_connections.size()); }

    // --- routes and path figures -----------------------------------------------------------
    /// Brings a connection's route up to the current routing (a new route if the routes
    /// changed since it was computed, refreshed figures if only parameters did); false
    /// without a route.
    bool route(std::uint32_t ci);
    /// Makes the next route() compute a new route.
    void forgetRoute(std::uint32_t ci) { m_connections[ci].routeEpoch = 0; }
    /// Re-routes the ACK path (no ACK path: the RTT falls back to 2× the forward delay).
    void routeReverse(Connection& c);
    /// Whether a link of the arcs is down.
    bool pathDown(const std::vector<std::uint32_t>& arcs) const;
    /// Recomputes RTT, loss, RTT variation, bottleneck and steady cap from the links now.
    void refresh(Connection& c);
    bool stale(const Connection& c) const noexcept { return c.paramEpoch != m_paramEpoch; }
    void markStale(Connection& c) const noexcept { c.paramEpoch = 0; }
    /// Shortest paths changed (delays, links up/down): connections re-route when idle.
    void routesChanged() noexcept { ++m_routeEpoch; }
    /// Link parameters changed: every connection's figures are stale.
    void paramsChanged() noexcept { ++m_paramEpoch; }

    // --- TCP window ------------------------------------------------------------------------
    /// Whether the connection follows the loss-event model (a lossy path with an RTT).
    static bool lossEvents(const Connection& c) { return c.loss > 0.0 && c.rtt_s > 0.0; }
    /// Whether the window, not the steady cap, may limit the connection (slow start,
    /// congestion-avoidance growth, or a lossy path where loss events cut the window).
    static bool windowLimited(const Connection& c)
    {
        return c.slowStart || c.growth || lossEvents(c);
    }
    /// Rate the window allows the whole connection (bit/s): one window per RTT plus the queue
    /// the windows through its bottleneck keep there (sharedQueueS).
    double windowCapBps(const Connection& c) const;
    /// The same with the shared queue given (queue_s).
    double windowCapBps(const Connection& c, double queue_s) const;
    /// Transport cap of one message: its share of the window for TCP, +∞ otherwise.
    double flowCapBps(const Connection& c, Protocol protocol) const;
    /// The same with the shared queue given (queue_s).
    double flowCapBps(const Connection& c, Protocol protocol, double queue_s) const;
    /// The queue delay the windows through c's bottleneck keep there beyond its pipe (at most
    /// its buffer) when several connections share it, 0 otherwise: every one of them waits it
    /// per round, so a drop-tail FIFO serves each in proportion to its window.
    double sharedQueueS(const Connection& c) const;
    /// The same for windows_bytes in all through the bottleneck (bottleneckWindowsBytes).
    double sharedQueueS(const Connection& c, double windows_bytes) const;
    /// The windows through c's bottleneck (c's included), each at most its send limit.
    double bottleneckWindowsBytes(const Connection& c) const;
    /// Records queue_s as the shared queue the caps through `resource` were last set with;
    /// returns whether it changed.
    bool noteSharedQueue(std::uint32_t resource, double queue_s) const;
    /// A TCP message starts on a connection with no TCP message sending: the window is fresh,
    /// kept from the last message, or decayed by idleness.
    /// keepWindow: the application kept the connection busy meanwhile (no RFC 2861 restart).
    void openWindow(Connection& c, bool freshConnection, bool keepWindow, sim::SimTime now) const;
    /// One RTT round of a window-limited connection whose TCP messages send at tcpRate_bps in
    /// total: slow start doubles cwnd (CUBIC: HyStart leaves it at cwnd ≥ BDP/2), CUBIC growth
    /// follows origin + C·t³; on a lossy path, a loss event is due once the connection has
    /// sent up to nextLoss_bytes (sent_bytes must be current); returns whether the window
    /// still limits the connection.
    bool windowRound(Connection& c, double tcpRate_bps, sim::SimTime now) const;
    /// Time to the next windowRound: one RTT in slow start; in CUBIC growth, the time the
    /// window takes to grow by 1/32 more (at least one RTT), so that a slowly growing window
    /// costs a few events, not one per RTT; on a lossy path also no later than the next loss
    /// event at the current rate (at least one RTT, at most kMaxLossRounds RTTs).
    double roundS(const Connection& c, double tcpRate_bps, sim::SimTime now) const;
    /// The connection's last TCP message stopped sending: keep its window for the next one.
    void closeWindow(Connection& c, sim::SimTime now) const;
    /// A TCP message of the connection starts sending (bytes = 0) or finishes (bytes = its
    /// wire bytes) now: one point of the send log.
    static void logSend(Connection& c, sim::SimTime now, double bytes);
    /// Bytes in flight now: sent within the last RTT (the send log, uniform rate within a
    /// message), with `sending_bytes` already sent by the messages still sending.
    static double inFlightBytes(const Connection& c, sim::SimTime now, double sending_bytes);

    // --- TCP messages per resource (standing queues) --------------------------------------
    /// A TCP message of the connection starts (+1) or stops (−1) sending on its resources.
    /// A connection that starts takes its rank behind the ones already on its bottleneck.
    void countTcpFlow(Connection& c, int delta);
    /// A TCP message of the connection starts (+1) or stops (−1) sending its last window as a
    /// burst (no standing queue).
    void countBurst(const Connection& c, int delta);

    // --- latency -----------------------------------------------------------------------------
    /// Samples the one-way latency (s) of message `flow` on the connection's path now; with
    /// includeQueueing, the standing queue of saturated links carrying TCP in congestion
    /// avoidance is added.
    double latencyS(const Connection& c, FlowId flow, bool includeQueueing);

    // --- wire bytes --------------------------------------------------------------------------
    /// Payload bytes per wire byte of a protocol on the path; 0 when nothing gets through.
    double wireEfficiency(Protocol protocol, const Connection& c) const;
    /// Wire bytes, repairs and losses of a message of `bytes` starting now.
    WireBytes price(Protocol protocol, const Connection& c, double bytes) const;
    /// Whether the path's loss (or go-back-N window) changed since `w` was priced.
    bool repriceNeeded(const WireBytes& w, Protocol protocol, const Connection& c) const;
    /// Prices the payload still to send (remaining_bytes wire bytes at the old efficiency) at
    /// the path's current loss; returns false, changing nothing, when nothing gets through.
    bool reprice(WireBytes& w, Protocol protocol, const Connection& c, double bytes,
                 double& remaining_bytes) const;

private:
    std::optional<topology::Route> pathOf(NodeId a, NodeId b, std::uint32_t stream);
    double steadyCapBps(const Connection& c, bool receiveWindow = true) const;
    double cubicWindowBytes(const Connection& c, sim::SimTime now) const;
    /// Whether c's slow-start round from `before` to c.cwnd_bytes overflows the bottleneck's
    /// buffer, behind the bursts of the connections that started slow start there before it
    /// (its rank): the window at which the sender sees the drop (c.cwnd_bytes + the round's
    /// bytes before it), or 0.
    double overshootWindowBytes(const Connection& c, double before) const;
    /// A slow-start round from `before` that overshoots (overshootWindowBytes) is a loss
    /// event (lossWithRecovery); returns whether the round overshot.
    bool overshootLoss(Connection& c, double before, bool networkLimited, sim::SimTime now) const;
    /// A slow-start round of c that finds the windows through its bottleneck above its pipe
    /// and buffer is a loss event (overflowLoss) and sets c.overflowed; returns whether.
    bool sharedOverflow(Connection& c, sim::SimTime now) const;
    /// HyStart's delay increase for a CUBIC connection sharing its bottleneck: whether c's
    /// slow-start round ends slow start for the connections in slow start there (the windows
    /// through the bottleneck reach 2·(BDP + C_b·η)). c leaves with its share (delayExitShare)
    /// and sets c.delayExited; where the windows are beyond the pipe and the buffer the queue
    /// overflows too (overflowLoss, c.overflowed).
    bool hystartDelayExit(Connection& c, sim::SimTime now) const;
    /// o's window when `by`'s round ended slow start through their bottleneck by HyStart's
    /// delay (its rank's share of by.delayExitShared_bytes).
    double delayExitShare(const Connection& o, const Connection& by) const;
    /// Congestion avoidance from c's window: CUBIC's curve from the last W_max (K = 0 and
    /// origin = cwnd when there is none above it), Reno's line.
    void leaveSlowStart(Connection& c, sim::SimTime now) const;
    /// The loss event of an overflow of the shared bottleneck (lossWithRecovery, then growth
    /// from the cut window).
    void overflowLoss(Connection& c, sim::SimTime now) const;
    /// Cut less than an RTT ago: a further overflow is part of the same recovery.
    static bool inRecovery(const Connection& c, sim::SimTime now);

public:
    /// Cuts `o` for the overflow `by` found (sharedOverflow): whether it was cut.
    bool overflowCut(Connection& o, const Connection& by, sim::SimTime now) const;
    /// Ends o's slow start for the delay exit `by` found (hystartDelayExit) at its share,
    /// unless o is `by`, has another bottleneck or is not in slow start: whether it did.
    bool delayExitJoin(Connection& o, const Connection& by, sim::SimTime now) const;
    /// The connections with a TCP message through `resource`.
    const std::vector<std::uint32_t>& tcpConnections(std::uint32_t resource) const
    {
        return m_tcpLoad[resource].members;
    }

private:
    /// The receive window (max_window_bytes), +∞ when unlimited.
    double rwndBytes() const;
    /// The most the receive window and the application (NCCL's slots) let c have in flight,
    /// +∞ when neither limits it.
    double sendLimitBytes(const Connection& c) const;
    /// TCP connections with a message on `resource` (at least 1).
    double sharers(std::uint32_t resource) const;
    /// Capacity of c's first link (the rate a window burst leaves the sender at); c routed.
    double firstLinkBps(const Connection& c) const;
    /// Connections whose slow-start rounds reach c's bottleneck queue ahead of c's, plus c:
    /// its rank + 1, at most the connections now sending there.
    double slowStartOrder(const Connection& c) const;
    /// Window of the current congestion-avoidance epoch at `now` (CUBIC curve or Reno line).
    double growthWindowBytes(const Connection& c, sim::SimTime now) const;
    /// Largest window the connection can have in flight: min(rwnd, BDP + bottleneck buffer);
    /// cwnd does not grow beyond it (Linux tcp_is_cwnd_limited).
    double inflightCeilingBytes(const Connection& c) const;
    /// Loss-event model of one round (lossy paths).
    bool lossyRound(Connection& c, double tcpRate_bps, sim::SimTime now) const;
    /// A loss event: cut the window (Reno ½, CUBIC β with W_max and K), charge the
    /// retransmission-timeout time (random: a random loss, whose timeout is drawn unless
    /// LossModel::Mean; else a slow-start overshoot, charged the expected time), start a new
    /// congestion-avoidance epoch; the next random loss comes after one RTT at the cut window.
    void lossEvent(Connection& c, sim::SimTime now, bool random) const;
    /// lossEvent, and a second one when recovery stalls on the send buffer and the burst that
    /// follows overflows the bottleneck's buffer.
    void lossWithRecovery(Connection& c, sim::SimTime now, bool random) const;
    /// Wire bytes from one loss to the next (inclusive of the lost segment): geometric in
    /// segments with mean 1/p drawn from c's loss stream, or MSS/p (LossModel::Mean).
    double lossSpacingBytes(Connection& c) const;
    /// Whether c has sent up to its next random loss.
    bool lossDue(const Connection& c) const;
    /// Next uniform in [0, 1) of c's loss stream: one stream per (seed, src, dst, stream),
    /// so a connection's losses do not depend on what else the network carries.
    double lossUniform(Connection& c) const;
    /// Mean standing queue (bytes) TCP in congestion avoidance keeps on a saturated resource
    /// whose buffer holds queue_bytes, as seen by a message of connection c.
    double standingQueueBytes(const Connection& c, std::uint32_t resource,
                              double queue_bytes) const;

    struct TcpLoad
    {
        std::uint32_t flows = 0;
        std::uint32_t bursts = 0; ///< of which send their last window as a burst
        /// The connections with at least one TCP message here (their count: sharers()).
        std::vector<std::uint32_t> members;
        /// The shared queue (sharedQueueS) the members' caps were last set with.
        double queue_s = 0.0;
    };

    const NetworkConfig& m_config;
    topology::Router& m_router;
    std::vector<LinkDirection>& m_arcs;
    const MaxMinSolver& m_solver;
    mutable std::vector<TcpLoad> m_tcpLoad; ///< by resource (queue_s: noteSharedQueue)
    std::vector<Connection> m_connections;
    struct KeyHash
    {
        std::size_t operator()(const std::pair<std::uint64_t, std::uint32_t>& k) const noexcept;
    };
    std::unordered_map<std::pair<std::uint64_t, std::uint32_t>, std::uint32_t, KeyHash>
        m_connectionIndex; ///< (src·2^32 + dst, stream) → index
    std::uint64_t m_routeEpoch = 1;
    std::uint64_t m_paramEpoch = 1; ///< bumped by every link change
};

} // namespace meridian::net
