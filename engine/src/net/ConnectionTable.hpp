#pragma once
// The connections of the Network (docs/network-model.md §2, §4, §5, §11): one per ordered
// (src, dst, stream), kept across messages. A connection is
//   its route      forward arcs and resources, reverse (ACK) arcs, re-routed when the routes
//                  change while it is idle;
//   its path       PathFigures measured from the links now (RTT, loss, bottleneck, caps);
//   its window     TcpWindow, one state machine for every path;
//   its place      among the connections sharing its bottleneck (SharedBottlenecks);
//   its send log   the bytes in flight, for the receive window;
//   its messages   the Network's bookkeeping of what it carries (ConnectionMessages).
// The table composes these and samples a message's one-way latency (§4):
//   L = Σ_l max(0, τ_l + j_l) + Σ_l P_l/B_l − P_b/B_b + q_b/B_b
// with one jitter sample per message and link direction (netem correlation
// j = (1 − ρ)·fresh + ρ·previous), store-and-forward of one packet P_l (the link's
// mtu_bytes, else transport.packet_bytes) at every hop but the bottleneck, and the standing queue
// q_b of the first saturated link carrying TCP in congestion avoidance
// (SharedBottlenecks::standingQueueBytes). Checked by tests/net/NetworkTest.cpp and
// tests/validation/JitterValidationTest.cpp.

#include "PathFigures.hpp"
#include "SharedBottlenecks.hpp"
#include "TcpWindow.hpp"
#include "WirePricing.hpp"
#include "meridian/core/StrongId.hpp"
#include "meridian/net/LinkDirection.hpp"
#include "meridian/net/NetworkConfig.hpp"
#include "meridian/net/Protocol.hpp"
#include "meridian/sim/EventHandle.hpp"
#include "meridian/sim/SimTime.hpp"
#include "meridian/topology/Router.hpp"

#include <cstdint>
#include <deque>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

namespace meridian::net {

/// Whether a resource allocating `alloc_bps` of its `capacity_bps` is saturated: within 1e-9 of
/// full. The one test for the standing-queue rule (message latency, ConnectionTable) and the
/// per-link queue and loss it reports (Network::resourceState).
inline bool isSaturated(double alloc_bps, double capacity_bps)
{
    return capacity_bps > 0.0 && alloc_bps >= capacity_bps * (1.0 - 1e-9);
}

class MaxMinSolver;

/// Recent sending of a connection, for the bytes in flight (sent less than one RTT ago):
/// points (time s, bytes logged by then) at the start and end of every TCP message, the rate
/// uniform within a message.
class SendLog
{
public:
    /// A TCP message starts sending (bytes = 0) or finishes (bytes = its wire bytes) now.
    void record(sim::SimTime now, double bytes, double rtt_s);
    /// Bytes in flight now, with `sending_bytes` already sent by the messages still sending.
    double inFlightBytes(sim::SimTime now, double sending_bytes, double rtt_s) const;

private:
    std::deque<std::pair<double, double>> m_points;
    double m_logged_bytes = 0.0; ///< wire bytes of messages that finished sending
};

/// The Network's bookkeeping of the messages a connection carries.
struct ConnectionMessages
{
    std::uint32_t active = 0;   ///< messages in data phase or delivery
    std::uint32_t tcpFlows = 0; ///< TCP messages in their data phase
    std::uint32_t bursts = 0;   ///< of which send their last window as a burst
    /// The TCP message sending now followed the connection's previous one within an RTT,
    /// shares the connection with another, or is part of a merged NCCL stream whose gaps stand
    /// for sending time (TransferOptions::keep_window): the bytes ahead of it are in the
    /// connection's own serialisation, not in a standing queue on top
    /// (SharedBottlenecks::standingQueueBytes).
    bool followsOn = false;
    bool ended = false;               ///< a TCP data phase has ended on the connection
    sim::SimTime lastDataEnd;         ///< when the last one ended
    std::vector<std::uint32_t> flows; ///< slots of messages in their data phase
    /// In-order messages (one byte stream): slots waiting for the one sending to finish.
    std::deque<std::uint32_t> queued;
    /// Slot of the in-order message in its data phase, or UINT32_MAX.
    std::uint32_t orderedSending = std::numeric_limits<std::uint32_t>::max();
    sim::SimTime lastDelivery; ///< delivery of the last in-order message (no overtaking)
    /// Bytes the application keeps in flight at most (TransferOptions::app_window_bytes of its
    /// last message; 0 = no limit besides rwnd).
    double appWindow_bytes = 0.0;
    /// The unsent bytes of its TCP messages exceed appWindow_bytes (and they are not a merged
    /// stream, whose slots collective::MergedSteps charges): the application's slots, not
    /// its messages, pace it (ConnectionTable::flowCapBps).
    bool appBound = false;
    sim::EventHandle round; ///< the window's next round
    sim::SimTime roundFrom; ///< when `round` was scheduled
    sim::SimTime roundAt;   ///< when `round` fires
    bool used = false;      ///< has carried a message
};

struct Connection
{
    NodeId src;
    NodeId dst;
    std::uint32_t stream = 0;
    std::uint64_t routeEpoch = 0;
    std::uint64_t paramEpoch = 0;         ///< table's parameter epoch when `path` was measured
    std::vector<std::uint32_t> arcs;      ///< forward route
    std::vector<std::uint32_t> revArcs;   ///< reverse route (ACK path, for the RTT)
    std::vector<std::uint32_t> resources; ///< forward route's resources
    PathFigures path;
    TcpWindow window;
    BottleneckPlace place;
    SendLog sendLog;
    ConnectionMessages messages;
    bool hasRoute = false;
};

class ConnectionTable
{
public:
    /// The router, link directions (their lastJitter_s is updated by latencyS) and solver
    /// must outlive the table; resources are numbered 0..resourceCount−1 as in the solver.
    /// `endHosts` marks, by node index, the nodes that send through their own interface (hosts
    /// and GPUs; not centres, switches or routers, which stand for a fabric behind the link).
    ConnectionTable(const NetworkConfig& config, topology::Router& router,
                    std::vector<LinkDirection>& arcs, const MaxMinSolver& solver,
                    std::size_t resourceCount, std::vector<bool> endHosts);

    std::uint32_t connectionFor(NodeId src, NodeId dst, std::uint32_t stream = 0);
    Connection& operator[](std::uint32_t ci) { return m_connections[ci]; }
    const Connection& operator[](std::uint32_t ci) const { return m_connections[ci]; }
    std::uint32_t size() const noexcept { return static_cast<std::uint32_t>(m_connections.size()); }
    SharedBottlenecks& bottlenecks() noexcept { return m_shared; }
    const SharedBottlenecks& bottlenecks() const noexcept { return m_shared; }
    const WirePricing& pricing() const noexcept { return m_pricing; }
    /// What c's window rules read: the settings and c's path.
    TcpContext context(const Connection& c) const { return {m_config, c.path}; }

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
    /// Measures c's path figures from the links now; a new loss restarts its loss clock.
    void refresh(Connection& c);
    bool stale(const Connection& c) const noexcept { return c.paramEpoch != m_paramEpoch; }
    void markStale(Connection& c) const noexcept { c.paramEpoch = 0; }
    /// Shortest paths changed (delays, links up/down): connections re-route when idle.
    void routesChanged() noexcept { ++m_routeEpoch; }
    /// Link parameters changed: every connection's figures are stale.
    void paramsChanged() noexcept { ++m_paramEpoch; }

    // --- TCP --------------------------------------------------------------------------------
    /// Transport cap of one message: its share of the window for TCP (concurrent messages of
    /// a connection share it equally), +∞ otherwise; queue_s the shared queue at c's
    /// bottleneck (SharedBottlenecks::queueS).
    double flowCapBps(const Connection& c, Protocol protocol, double queue_s) const;
    double flowCapBps(const Connection& c, Protocol protocol) const;
    /// One round of c's window (TcpWindow::round) with the rules of c's bottleneck.
    bool windowRound(Connection& c, double tcpRate_bps, sim::SimTime now);
    double roundS(const Connection& c, double tcpRate_bps, sim::SimTime now) const
    {
        return c.window.roundS(context(c), tcpRate_bps, now);
    }
    /// A TCP message of c starts (+1) or stops (−1) sending (c.messages.tcpFlows updated).
    void countTcpFlow(Connection& c, int delta);

    // --- latency ----------------------------------------------------------------------------
    /// Samples the one-way latency (s) of message `flow` on c's path now; with
    /// includeQueueing, the standing queue of the first saturated TCP link is added.
    double latencyS(const Connection& c, FlowId flow, bool includeQueueing);

private:
    std::optional<topology::Route> pathOf(NodeId a, NodeId b, std::uint32_t stream);

    const NetworkConfig& m_config;
    topology::Router& m_router;
    std::vector<LinkDirection>& m_arcs;
    const MaxMinSolver& m_solver;
    std::vector<Connection> m_connections;
    SharedBottlenecks m_shared;
    WirePricing m_pricing;
    std::vector<bool> m_endHosts; ///< by node index
    /// One entry of the connection index: (src·2^32 + dst, stream) → connection index.
    struct IndexEntry
    {
        std::uint64_t pair = 0;
        std::uint32_t stream = 0;
        std::uint32_t connection = kNoEntry; ///< kNoEntry: an empty entry
    };
    static constexpr std::uint32_t kNoEntry = std::numeric_limits<std::uint32_t>::max();
    /// Doubles the index and re-inserts every connection.
    void growIndex();
    /// The entry of (pair, stream) in the index, or the empty entry where it goes: the first
    /// of the two along its linear probe sequence (from its hash). The index must have an empty
    /// entry. growIndex's re-insertion and connectionFor's lookup-or-insert both probe here.
    std::size_t probe(std::uint64_t pair, std::uint32_t stream) const;
    /// The connection index, open addressing with linear probing (a power-of-two size, at
    /// most half full): one probe into one array per message start in the common case, where
    /// a node-based hash map took a bucket and a node (two cache misses) and an allocation
    /// per new connection. Which index a connection gets (its creation order) is unchanged.
    std::vector<IndexEntry> m_connectionIndex;
    std::uint64_t m_routeEpoch = 1;
    std::uint64_t m_paramEpoch = 1; ///< bumped by every link change
};

} // namespace meridian::net
