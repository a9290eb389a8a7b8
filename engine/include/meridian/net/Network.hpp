#pragma once
// Flow-level network model (docs/architecture.md "net"; every formula in
// docs/network-model.md).
//
// A transfer (message) of `bytes` from src to dst becomes a flow on the route the Router
// picks. Its life:
//   1. data phase — the flow holds a rate r on every directed link resource of its route;
//      r comes from progressive-filling max-min fairness over all active flows, each flow
//      capped by its transport (TCP: its connection's window per RTT plus the queue it
//      shares, at most the steady cap min(rwnd/RTT, U(B_q, BDP)·C_b) — TcpWindow; UDP, GBN,
//      SR: none). Wire bytes = bytes / efficiency (retransmissions, WirePricing).
//   2. delivery — when the last wire byte has left (one completion event per flow,
//      rescheduled whenever r changes), the message still needs its one-way latency:
//        Σ_l max(0, τ_l + jitter_l) + store-and-forward + queueing (+ recovery rounds)
//      with one jitter sample per link from that link direction's RNG stream.
//   The completion callback fires at delivery with a TransferResult.
//
// The Network composes three units and owns the transfers:
//   MaxMinSolver      resources, the flows on them, their max-min rates (incremental, exact);
//   ConnectionTable   per-(src, dst, stream) connections (engine/src/net: route, PathFigures,
//                     TcpWindow, SharedBottlenecks, WirePricing) and one-way latency samples;
//   LinkStatsRecorder link byte counts, busy time, peak, utilisation series.
// All changes at one instant are batched into one recomputation event: the solver re-solves
// what they affect, progress and statistics are brought up to now under the old rates, then
// the new rates apply and the completions of changed flows are re-timed.
//
// Usage (the experiment runner):
//   sim::Simulator sim;
//   net::Network net(sim, topo, config);           // schedules the links' schedule steps
//   net.startTransfer(a, b, 64e6, net::Protocol::Tcp,
//                     [](const net::TransferResult& r) { ... });
//   sim.run();
//   net.linkStats(link, 0), net.flowRecords(), net.sampleTimes() ...
//
// The Topology must outlive the Network. Node and link ids are those of the Topology.

#include "meridian/net/LinkDirection.hpp"
#include "meridian/net/LinkStats.hpp"
#include "meridian/net/LinkStatsRecorder.hpp"
#include "meridian/net/MaxMinSolver.hpp"
#include "meridian/net/NetworkConfig.hpp"
#include "meridian/net/Protocol.hpp"
#include "meridian/net/TransferResult.hpp"
#include "meridian/sim/RngStream.hpp"
#include "meridian/sim/Simulator.hpp"
#include "meridian/topology/Router.hpp"
#include "meridian/topology/Topology.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace meridian::net {

using CompletionCallback = std::function<void(const TransferResult&)>;
class ConnectionTable;
class FlowSlotIndex;

/// How a message uses its connection (docs/network-model.md §10).
struct TransferOptions
{
    /// Which connection between src and dst carries the message: stream 0 is the pair's
    /// default connection, others are further sockets (own window, own ECMP hash).
    std::uint32_t stream = 0;
    /// In order on its connection, as bytes in one TCP stream (or work requests on one RDMA
    /// queue pair): the message starts sending when the in-order message before it has sent
    /// its last byte, and is never delivered before it. Otherwise concurrent messages of a
    /// connection send side by side, sharing its window.
    bool ordered = false;
    /// Bytes the application keeps in flight on the connection at most (NCCL: its buffer);
    /// 0 = no limit besides the receive window. Bounds the standing queue it can build.
    double app_window_bytes = 0.0;
    /// The application kept the connection busy since its previous message (a merged NCCL
    /// stream whose gaps stand for sending time): no idle restart of the window (RFC 2861).
    bool keep_window = false;
    /// The application's own sending rate (bit/s of wire bytes; 0 = none): a paced or
    /// constant-bit-rate source never sends faster, whatever its share (background traffic,
    /// docs/traffic.md). The flow's cap is the smaller of this and its transport's.
    double rate_cap_bps = 0.0;
    /// Background traffic (a traffic generator's flow, docs/traffic.md): its wire bytes are
    /// also counted apart on every link it crosses (backgroundBytes()).
    bool background = false;
    /// The message opens a new connection on its stream (a new socket of the same 4-tuple's
    /// place, the previous one closed): its TCP window starts fresh (initial window, slow
    /// start), whatever the stream's previous message left, and it never follows on that
    /// message. No effect while the stream carries another TCP message (it shares that window).
    bool new_connection = false;
};

class Network
{
public:
    /// Throws InputError for invalid configuration or schedule times (negative, NaN).
    Network(sim::Simulator& sim, const topology::Topology& topology, NetworkConfig config = {});
    ~Network();
    Network(const Network&) = delete;
    Network& operator=(const Network&) = delete;

    /// Starts a transfer of `bytes` (≥ 0, finite; else InputError) from src to dst now.
    /// The callback is always called exactly once, from a simulator event (never from
    /// inside this call): at delivery, or at once with ok = false if there is no path;
    /// src == dst completes at the current time.
    FlowId startTransfer(NodeId src, NodeId dst, double bytes, Protocol protocol,
                         CompletionCallback onComplete, TransferOptions options = {});

    /// The application stops sending a transfer now (a constant-bit-rate or on-off source at
    /// the end of its period, a bulk window that closes): its data phase ends with what it
    /// has sent, which is then delivered as a message of that size (TransferResult::bytes is
    /// the part sent). False, and nothing changes, if the flow is not in its data phase.
    bool stopTransfer(FlowId flow);

    // --- observation -----------------------------------------------------------------
    /// Current max-min rate of an active flow in its data phase (wire bit/s), else 0.
    double flowRateBps(FlowId flow) const;
    /// Current transport cap of an active flow (bit/s; +∞ when uncapped), else 0.
    double flowCapBps(FlowId flow) const;
    /// Application bytes an active flow has sent so far (its data phase, or all of them once
    /// it is delivering); 0 for a finished or unknown flow.
    double flowSentBytes(FlowId flow) const;
    /// Wire bytes of background flows (TransferOptions::background) carried by one direction
    /// of a link up to now (a half-duplex link reports its shared medium in both).
    double backgroundBytes(LinkId link, int dir);
    /// Rates of one link direction now (wire bit/s): of all its flows, and of its background
    /// flows. Read-only (no flow is settled), so an observer that reads it leaves the run's
    /// arithmetic, and its results, as they would be without it.
    struct DirectionRates
    {
        double total_bps = 0.0;
        double background_bps = 0.0;
    };
    /// DirectionRates of every link direction, in (LinkId, dir) order: O(links), the
    /// background's rate being the one the link statistics keep (noteBackgroundRate).
    std::vector<DirectionRates> directionRates() const;
    /// Flows in their data phase.
    std::size_t activeFlows() const noexcept { return m_solver.activeFlows(); }
    /// Finished transfers in completion order (if NetworkConfig::keep_flow_records).
    const std::vector<TransferResult>& flowRecords() const noexcept { return m_records; }
    /// Statistics of one direction of a link, up to now(); its series are empty if the link's
    /// index is not below NetworkConfig::series_links.
    LinkStats linkStats(LinkId link, int dir);
    /// Utilisation of one direction of a link over the last finished sample interval (the
    /// last element of linkStats().utilisation_series; 0 before the first sample).
    double lastUtilisation(LinkId link, int dir) const;
    /// One direction of a link now: the delay of its standing queue (network-model.md §4; 0
    /// where it is not saturated) and the fraction of the bits arriving at it that it loses
    /// (its random loss and paced sources' overflow) — the figures whose interval means are
    /// LinkStats::queue_delay_s_series and loss_series: O(1), read from the state the link
    /// statistics integrate, as of the last re-allocation (network-model.md §4).
    struct QueueAndLoss
    {
        double queue_s = 0.0;
        double loss = 0.0;
    };
    QueueAndLoss queueAndLoss(LinkId link, int dir) const;
    /// Both directions of every link, in (LinkId, dir) order.
    std::vector<LinkStats> allLinkStats();
    /// End times of the utilisation sample intervals (seconds): a fixed grid of
    /// sample_interval_s while flows are sending, plus a final sample when the network goes
    /// idle. At most NetworkConfig::max_samples: beyond, adjacent pairs are merged and the grid
    /// interval doubles (docs §9).
    const std::vector<double>& sampleTimes() const noexcept { return m_stats.sampleTimes(); }
    /// Interval of the sample grid now: NetworkConfig::sample_interval_s × 2^(times merged).
    double sampleIntervalS() const noexcept { return m_stats.sampleIntervalS(); }
    /// Round-trip time TCP uses between two nodes (forward + reverse route delay), or
    /// nullopt without a route.
    std::optional<double> rttS(NodeId src, NodeId dst);
    /// Current parameters of one link direction (after schedule steps).
    const topology::LinkParams& linkParams(LinkId link, int dir) const;
    bool linkUp(LinkId link) const { return m_router.linkUp(link); }

    topology::Router& router() noexcept { return m_router; }
    const NetworkConfig& config() const noexcept { return m_config; }
    /// Max-min recomputations and the flows they touched (benchmarks).
    std::uint64_t recomputations() const noexcept { return m_solver.recomputations(); }
    std::uint64_t flowsRecomputed() const noexcept { return m_solver.flowsRecomputed(); }
    /// Flows whose rate an update changed (relative change > 1e-9): what any exact max-min
    /// solver must rewrite and re-time (benchmarks).
    std::uint64_t flowsRateChanged() const noexcept { return m_solver.flowsRateChanged(); }
    /// With NetworkConfig::debug_verify_max_min: the largest relative difference between the
    /// incremental rates and a from-scratch solve of all flows, over all updates so far.
    double maxMinDeviation() const noexcept { return m_solver.maxDeviation(); }

    // --- changes at run time (also used by the links' schedules) ----------------------
    /// Applies a schedule step to a link now (bandwidth/delay/jitter/loss/queue, up/down).
    void applyLinkChange(LinkId link, const topology::ScheduleStep& step);
    /// Routing changes (control-plane orders): the metric, ECMP, a pinned path. Idle
    /// connections take the new routes with their next message; busy ones keep their path
    /// until idle (or until a link of it fails). pinPath is false if the nodes are not a path.
    void setRouteMetric(topology::RouteMetric metric);
    void setEcmp(bool on);
    bool pinPath(const std::vector<NodeId>& nodes);
    void unpinPath(NodeId from, NodeId to);

private:
    struct Flow;

    double capacityOf(std::uint32_t resource) const;

    // connections (ConnectionTable holds their state; these move their flows)
    bool prepareConnection(std::uint32_t conn);
    bool rerouteBusy(std::uint32_t conn, LinkId failed);
    void refreshBusy(std::uint32_t conn);
    void updateConnCaps(std::uint32_t conn);
    /// Sets the caps of conn's messages with the shared queue at its bottleneck (queue_s).
    void setConnCaps(std::uint32_t conn, double queue_s);
    /// The solver cap of a flow: its transport's cap, at most its own rate cap.
    double capOf(const Flow& f, double transportCap_bps) const;
    /// A resource's standing queue and losses under the current rates (LinkStatsRecorder).
    LinkStatsRecorder::State resourceState(std::uint32_t resource) const;
    /// The connection's messages changed what its resources' states count without a
    /// re-allocation (a message entering or leaving its last-window burst): each of them whose
    /// state differs now is settled under the old one and notes the new (network-model.md §9).
    void refreshStates(std::uint32_t conn);
    bool saturated(std::uint32_t resource) const;
    void setFlowBurst(Flow& f, bool burst);
    void evaluateBurst(std::uint32_t conn);
    /// A message of the connection stopped sending (tcp: it was a TCP message): the window
    /// closes when the connection's last TCP message has stopped.
    void connectionFlowEnded(std::uint32_t conn, bool tcp);
    void retargetWireBytes(std::uint32_t conn);
    void onSlowStartRound(std::uint32_t conn);
    /// Total rate of the connection's TCP messages (bit/s); settle: first bring their progress
    /// (and the connection's sent_bytes, its loss clock) up to now.
    double tcpRateBps(std::uint32_t conn, bool settle);
    void scheduleRound(std::uint32_t conn);
    /// The rate of a connection on a lossy path changed: its next round, timed for the loss
    /// at the old rate, moves earlier if the loss now comes sooner (at least one RTT after
    /// the round was scheduled).
    void retimeLossRound(std::uint32_t conn);

    // transfers
    /// A flow slot (reused or new) for message `id` on connection `conn`, not yet sending.
    std::uint32_t newFlow(FlowId id, std::uint32_t conn, Protocol protocol, double bytes,
                          const TransferOptions& options);
    void beginSending(std::uint32_t slot, bool freshConnection);
    void sendNextQueued(std::uint32_t conn);
    void attachFlow(std::uint32_t slot);
    void detachFlow(std::uint32_t slot);
    void onDataComplete(std::uint32_t slot);
    void deliver(std::uint32_t slot);
    void failFlow(std::uint32_t slot, const std::string& error);
    TransferResult resultOf(const Flow& f) const;
    void onDrain();
    void releaseFlow(std::uint32_t slot);
    void finish(const TransferResult& result, CompletionCallback& cb);

    // rates
    void requestRecompute();
    void recompute();
    void settleFlow(std::uint32_t slot);
    /// Brings a background flow's rate in its resources' background rates up to date (its
    /// solver rate while sending, 0 otherwise); does nothing for other flows.
    void noteBackgroundRate(std::uint32_t slot);
    void reschedule(std::uint32_t slot);

    sim::Simulator& m_sim;
    const topology::Topology& m_topology;
    NetworkConfig m_config;
    topology::Router m_router;

    /// 2·LinkId + dir. Resources (in the solver, table and recorder) are numbered like the
    /// arcs: full duplex, one per arc; half duplex, arc 2l's resource serves both directions.
    std::vector<LinkDirection> m_arcs;
    MaxMinSolver m_solver;
    std::unique_ptr<ConnectionTable> m_connectionTable;
    ConnectionTable& m_connections; ///< *m_connectionTable
    LinkStatsRecorder m_stats;
    std::vector<Flow> m_flows;
    std::vector<std::uint32_t> m_freeFlows;
    std::unique_ptr<FlowSlotIndex> m_slotOfFlow; ///< FlowId → slot (live)
    std::uint32_t m_nextFlowId = 0;
    std::uint64_t m_drainHook = 0;
    bool m_recomputePending = false;
    std::vector<TransferResult> m_records;
    std::vector<double> m_backgroundBits; ///< by solver resource (TransferOptions::background)
    std::vector<bool> m_hostSends; ///< by arc: its sender is a host or GPU (no standing queue)
};

} // namespace meridian::net
