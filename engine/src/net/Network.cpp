#include "meridian/net/Network.hpp"

#include "meridian/core/Error.hpp"
#include "meridian/net/TransportModel.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace meridian::net {

using topology::LinkParams;
using topology::ScheduleStep;

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr std::uint32_t kNone = UINT32_MAX;
// A resource is "saturated" when its allocation is within this fraction of its capacity.
constexpr double kSaturated = 1e-9;
// Remaining wire bytes below this count as finished (float residue of rate·time).
constexpr double kDoneBytes = 1e-6;

std::uint64_t pairKey(NodeId a, NodeId b)
{
    return (static_cast<std::uint64_t>(a.value()) << 32) | b.value();
}

// Domain tag of the jitter streams' entity ids: (tag << 32 | arc), so that no other user of
// RngStream(seed, small id, ...) can draw the same stream.
constexpr std::uint64_t kJitterDomain = 0x4A495454ull; // "JITT"
} // namespace

// One direction of a link: current parameters.
struct Network::Arc
{
    LinkParams params;
    double lastJitter_s = 0.0; ///< for netem-style correlation
    std::uint32_t resource = 0;
};

// A capacity shared by flows: one link direction (full duplex) or a whole half-duplex link.
struct Network::Resource
{
    LinkId link;
    int dir = 0;
    std::uint32_t tcpFlows = 0;
    std::uint32_t burstTcpFlows = 0; ///< TCP flows sending their last window as a burst
    // statistics
    sim::SimTime last;
    double bits = 0.0;
    double capBits = 0.0; ///< ∫ capacity dt
    double busy_s = 0.0;
    double peak = 0.0;
    double bitsAtSample = 0.0;
    double capBitsAtSample = 0.0;
    std::vector<double> seriesBits; ///< per sample interval: ∫alloc dt
    std::vector<double> seriesCap;  ///< per sample interval: ∫capacity dt
};

// Persistent state between a (src, dst) pair: route and TCP window.
struct Network::Connection
{
    NodeId src;
    NodeId dst;
    std::uint64_t routeEpoch = 0;
    std::uint64_t paramEpoch = 0; ///< m_paramEpoch when rtt/loss/caps were last computed
    bool hasRoute = false;
    std::vector<std::uint32_t> arcs;      ///< forward route
    std::vector<std::uint32_t> revArcs;   ///< reverse route (ACK path, for the RTT)
    std::vector<std::uint32_t> resources; ///< forward route's resources
    double rtt_s = 0.0;
    double loss = 0.0;
    double bottleneck_bps = kInf;
    double buffer_bytes = 0.0; ///< queue of the bottleneck direction
    double rttvar_s = 0.0;
    double steadyCap_bps = kInf;
    // TCP state, one window per connection shared by its concurrent messages, kept across
    // messages.
    double cwnd_bytes = 0.0;
    bool slowStart = true;
    bool burst = false; ///< slow start, but everything left fits in the current window
    bool used = false;
    sim::SimTime lastSend;            ///< when the last TCP data-phase flow stopped sending
    sim::EventHandle round;           ///< next slow-start round
    std::uint32_t active = 0;         ///< flows in data phase or delivery
    std::uint32_t tcpFlows = 0;       ///< TCP flows in their data phase
    std::vector<std::uint32_t> flows; ///< slots of flows in their data phase
};

struct Network::Flow
{
    FlowId id;
    std::uint32_t conn = kNone;
    Protocol protocol = Protocol::Tcp;
    double bytes = 0.0;
    double wire_bytes = 0.0;
    double remaining_bytes = 0.0; ///< wire bytes still to send
    double retransmitted_bytes = 0.0;
    double lost_bytes = 0.0;
    double extraRounds = 0.0;
    double efficiency = 1.0; ///< payload bytes per wire byte at `loss` (wireEfficiency)
    double loss = 0.0;       ///< path loss the wire bytes still to send were computed for
    bool burst = false;      ///< counted in its resources' burstTcpFlows
    bool dataPhase = false;
    bool live = false;
    sim::SimTime start;
    sim::SimTime lastUpdate;
    sim::EventHandle done;
    CompletionCallback cb;
};

Network::Network(sim::Simulator& sim, const topology::Topology& topology, NetworkConfig config)
    : m_sim(sim), m_topology(topology), m_config(config), m_router(topology, config.metric)
{
    const auto bad = [](const char* field, const char* problem) {
        return InputError({}, std::string("network/") + field, problem);
    };
    if (!(m_config.mss_bytes > 0.0) || !std::isfinite(m_config.mss_bytes))
        throw bad("mss_bytes", "must be a positive number");
    if (!(m_config.packet_bytes > 0.0) || !std::isfinite(m_config.packet_bytes))
        throw bad("packet_bytes", "must be a positive number");
    if (m_config.initial_window_segments < 1)
        throw bad("initial_window_segments", "must be at least 1");
    if (!(m_config.max_window_bytes >= 0.0))
        throw bad("max_window_bytes", "must be ≥ 0 (0 = unlimited)");
    if (!(m_config.min_rto_s >= 0.0) || !std::isfinite(m_config.min_rto_s))
        throw bad("min_rto_s", "must be ≥ 0");
    if (!(m_config.delayed_ack_b >= 1.0))
        throw bad("delayed_ack_b", "must be ≥ 1");
    if (!std::isfinite(m_config.sample_interval_s) ||
        !(m_config.sample_interval_s == 0.0 || m_config.sample_interval_s >= 1e-9))
        throw bad("sample_interval_s", "must be 0 (no time series) or ≥ 1e-9 s (1 ns)");
    if (m_config.max_samples < 2)
        throw bad("max_samples", "must be at least 2");
    m_sampleInterval_s = m_config.sample_interval_s;
    m_drainHook = m_sim.addDrainHook([this] { onDrain(); });

    const std::size_t links = topology.linkCount();
    m_arcs.resize(2 * links);
    m_resources.resize(2 * links);
    for (std::size_t l = 0; l < links; ++l) {
        const LinkId id = LinkId::fromIndex(l);
        const auto& attrs = topology.link(id);
        const bool half = attrs.duplex == topology::Duplex::Half;
        for (int dir = 0; dir < 2; ++dir) {
            const std::size_t a = 2 * l + dir;
            m_arcs[a].params = attrs.direction(dir);
            m_arcs[a].resource = static_cast<std::uint32_t>(half ? 2 * l : a);
            m_resources[a].link = id;
            m_resources[a].dir = dir;
        }
        m_solver.addResource(capacityOf(static_cast<std::uint32_t>(2 * l)));
        m_solver.addResource(capacityOf(static_cast<std::uint32_t>(2 * l + 1)));
        for (std::size_t s = 0; s < attrs.schedule.size(); ++s) {
            const ScheduleStep& step = attrs.schedule[s];
            if (!std::isfinite(step.at_s) || step.at_s < 0.0)
                throw InputError({},
                                 "/links/" + attrs.id + "/schedule/" + std::to_string(s) + "/at_s",
                                 "schedule time must be a finite number ≥ 0");
            const sim::SimTime at = sim::SimTime::fromSeconds(step.at_s);
            m_sim.schedule(std::max(at, m_sim.now()),
                           [this, id, step] { applyLinkChange(id, step); });
        }
    }
}

Network::~Network()
{
    m_sim.removeDrainHook(m_drainHook);
}

const LinkParams& Network::linkParams(LinkId link, int dir) const
{
    MERIDIAN_ASSERT(link.index() < m_topology.linkCount() && (dir == 0 || dir == 1),
                    "Network::linkParams: unknown link direction");
    return m_arcs[2 * link.index() + dir].params;
}

double Network::capacityOf(std::uint32_t r) const
{
    const Resource& res = m_resources[r];
    const std::size_t l = res.link.index();
    const bool up = m_router.linkUp(res.link);
    const bool half = m_arcs[2 * l].resource == m_arcs[2 * l + 1].resource;
    double cap = m_arcs[r].params.bandwidth_bps;
    if (half) // one medium for both directions: the slower direction's rate bounds it
        cap = std::min(m_arcs[2 * l].params.bandwidth_bps, m_arcs[2 * l + 1].params.bandwidth_bps);
    return up ? std::max(0.0, cap) : 0.0;
}

// ---------------------------------------------------------------------------------------
// Connections and transport caps

std::uint32_t Network::connectionFor(NodeId src, NodeId dst)
{
    const auto [it, inserted] = m_connectionIndex.try_emplace(
        pairKey(src, dst), static_cast<std::uint32_t>(m_connections.size()));
    if (inserted) {
        Connection c;
        c.src = src;
        c.dst = dst;
        m_connections.push_back(std::move(c));
    }
    return it->second;
}

std::optional<topology::Route> Network::pathOf(NodeId a, NodeId b)
{
    // ECMP: the connection (one 5-tuple in a real network) hashes onto one equal-cost path.
    if (!m_config.ecmp)
        return m_router.route(a, b);
    std::uint64_t key = pairKey(a, b);
    return m_router.hashedRoute(a, b, sim::RngStream::splitMix64(key));
}

void Network::routeReverse(Connection& c)
{
    c.revArcs.clear();
    if (const auto rev = pathOf(c.dst, c.src)) {
        for (const auto& h : rev->hops)
            c.revArcs.push_back(static_cast<std::uint32_t>(2 * h.link.index() + h.dir));
    } // else: no ACK path (one-way failure); the RTT falls back to 2× the forward delay
}

bool Network::pathDown(const std::vector<std::uint32_t>& arcs) const
{
    for (std::uint32_t a : arcs)
        if (!m_router.linkUp(LinkId::fromIndex(a / 2)))
            return true;
    return false;
}

bool Network::routeConnection(std::uint32_t ci)
{
    Connection& c = m_connections[ci];
    if (c.routeEpoch == m_routeEpoch) {
        // Same route, but a schedule step may have changed a link parameter since.
        if (c.hasRoute && c.paramEpoch != m_paramEpoch)
            refreshConnection(c);
        return c.hasRoute;
    }
    c.routeEpoch = m_routeEpoch;
    c.arcs.clear();
    c.revArcs.clear();
    c.resources.clear();
    const auto fwd = pathOf(c.src, c.dst);
    c.hasRoute = fwd.has_value();
    if (!c.hasRoute)
        return false;
    for (const auto& h : fwd->hops) {
        const auto a = static_cast<std::uint32_t>(2 * h.link.index() + h.dir);
        c.arcs.push_back(a);
        c.resources.push_back(m_arcs[a].resource);
    }
    routeReverse(c);
    refreshConnection(c);
    return true;
}

bool Network::prepareConnection(std::uint32_t ci)
{
    Connection& c = m_connections[ci];
    // An idle connection follows route changes; a busy one keeps its path unless a link of
    // it failed (then it moves, with its flows).
    if (c.active == 0 || !c.hasRoute)
        return routeConnection(ci);
    if (pathDown(c.arcs)) {
        LinkId failed;
        for (std::uint32_t a : c.arcs)
            if (!m_router.linkUp(LinkId::fromIndex(a / 2)))
                failed = LinkId::fromIndex(a / 2);
        return rerouteBusy(ci, failed);
    }
    if (pathDown(c.revArcs)) {
        routeReverse(c);
        c.paramEpoch = 0;
    }
    if (c.paramEpoch != m_paramEpoch) {
        refreshConnection(c);
        updateConnCaps(ci);
        retargetWireBytes(ci);
    }
    return true;
}

bool Network::rerouteBusy(std::uint32_t ci, LinkId failed)
{
    std::vector<std::uint32_t> slots = m_connections[ci].flows;
    std::sort(slots.begin(), slots.end()); // deterministic order
    for (std::uint32_t slot : slots)
        detachFlow(slot);
    m_connections[ci].routeEpoch = 0; // force a new route
    if (routeConnection(ci)) {
        for (std::uint32_t slot : slots)
            attachFlow(slot);
        Connection& c = m_connections[ci];
        if (c.tcpFlows > 0 && c.slowStart && !m_sim.pending(c.round))
            c.round = m_sim.scheduleIn(sim::SimTime::fromSeconds(c.rtt_s),
                                       [this, ci] { onSlowStartRound(ci); });
        updateConnCaps(ci);
        retargetWireBytes(ci); // the new path may lose more or less
        return true;
    }
    const Connection& c = m_connections[ci];
    const std::string why = "link " + m_topology.link(failed).id +
                            " failed at t = " + std::to_string(m_sim.now().toSeconds()) +
                            " s and no other path leads from " + m_topology.node(c.src).id +
                            " to " + m_topology.node(c.dst).id;
    for (std::uint32_t slot : slots)
        failFlow(slot, why);
    connectionFlowEnded(ci);
    return false;
}

void Network::refreshConnection(Connection& c)
{
    // RTT = forward one-way delay + reverse (ACK path) one-way delay, base values without
    // queueing (the queue's effect on a Reno flow is in renoQueueUtilisation).
    double fwd = 0.0;
    double var = 0.0;
    std::vector<double> losses;
    losses.reserve(c.arcs.size());
    c.bottleneck_bps = kInf;
    c.buffer_bytes = 0.0;
    for (std::uint32_t a : c.arcs) {
        const LinkParams& p = m_arcs[a].params;
        fwd += std::max(0.0, p.delay_s);
        const double sd = TransportModel::jitterStdDev(p.jitter_s, p.jitter_distribution);
        var += sd * sd;
        losses.push_back(p.loss);
        const double cap = m_solver.capacityBps(m_arcs[a].resource);
        if (cap < c.bottleneck_bps) {
            c.bottleneck_bps = cap;
            c.buffer_bytes = p.queueBytes(m_config.packet_bytes);
        }
    }
    double rev = 0.0;
    for (std::uint32_t a : c.revArcs) {
        const LinkParams& p = m_arcs[a].params;
        rev += std::max(0.0, p.delay_s);
        const double sd = TransportModel::jitterStdDev(p.jitter_s, p.jitter_distribution);
        var += sd * sd;
    }
    if (c.revArcs.empty() && !c.arcs.empty()) {
        rev = fwd;
        var *= 2.0;
    }
    c.rtt_s = fwd + rev;
    c.paramEpoch = m_paramEpoch;
    c.rttvar_s = std::sqrt(var);
    c.loss = TransportModel::pathLoss(losses.data(), static_cast<int>(losses.size()));
    c.steadyCap_bps = steadyCapBps(c);
}

double Network::steadyCapBps(const Connection& c) const
{
    // Steady TCP rate cap = min(rwnd/RTT, PFTK(p, RTT, T0), U(B_q, BDP)·C_bottleneck);
    // the max-min share is applied on top by the solver.
    if (c.rtt_s <= 0.0)
        return kInf; // zero-delay path: no window or loss dynamics to model
    double cap = kInf;
    if (m_config.max_window_bytes > 0.0)
        cap = std::min(cap, m_config.max_window_bytes * 8.0 / c.rtt_s);
    // T0 as Linux computes the RTO: SRTT + max(4·RTTVAR, rto_min); RTTVAR from the jitter.
    const double t0 = c.rtt_s + std::max(m_config.min_rto_s, 4.0 * c.rttvar_s);
    cap = std::min(cap, TransportModel::pftkRateBps(m_config.mss_bytes, c.rtt_s, c.loss,
                                                    m_config.delayed_ack_b, t0));
    if (std::isfinite(c.bottleneck_bps) && c.bottleneck_bps > 0.0) {
        const double bdp = c.bottleneck_bps * c.rtt_s / 8.0;
        cap = std::min(cap, TransportModel::renoQueueUtilisation(c.buffer_bytes, bdp) *
                                c.bottleneck_bps);
    }
    return cap;
}

double Network::connectionCap(const Connection& c) const
{
    if (c.slowStart && !c.burst && c.rtt_s > 0.0)
        return std::min(c.cwnd_bytes * 8.0 / c.rtt_s, c.steadyCap_bps);
    return c.steadyCap_bps;
}

double Network::transportCap(const Flow& f) const
{
    if (f.protocol != Protocol::Tcp)
        return kInf;
    // Concurrent messages of one connection share its window (docs §5).
    const Connection& c = m_connections[f.conn];
    return connectionCap(c) / std::max<std::uint32_t>(1, c.tcpFlows);
}

void Network::updateConnCaps(std::uint32_t ci)
{
    for (std::uint32_t slot : m_connections[ci].flows) {
        if (m_solver.setFlowCap(slot, transportCap(m_flows[slot])))
            requestRecompute();
    }
}

void Network::setFlowBurst(Flow& f, bool burst)
{
    if (f.burst == burst)
        return;
    f.burst = burst;
    for (std::uint32_t r : m_connections[f.conn].resources) {
        if (burst)
            ++m_resources[r].burstTcpFlows;
        else
            --m_resources[r].burstTcpFlows;
    }
}

void Network::evaluateBurst(std::uint32_t ci)
{
    // Real TCP sends the last window as a burst: once everything the connection still has to
    // send fits in cwnd, the window no longer limits it (docs §5).
    Connection& c = m_connections[ci];
    bool burst = false;
    if (c.slowStart && c.tcpFlows > 0) {
        double left = 0.0;
        for (std::uint32_t slot : c.flows) {
            Flow& f = m_flows[slot];
            if (f.protocol != Protocol::Tcp)
                continue;
            settleFlow(slot);
            left += f.remaining_bytes;
        }
        burst = left <= c.cwnd_bytes * (1.0 + 1e-9) + kDoneBytes * c.tcpFlows;
    }
    c.burst = burst;
    for (std::uint32_t slot : c.flows)
        if (m_flows[slot].protocol == Protocol::Tcp)
            setFlowBurst(m_flows[slot], burst);
}

void Network::connectionFlowEnded(std::uint32_t ci)
{
    Connection& c = m_connections[ci];
    if (c.tcpFlows == 0) {
        // Keep the TCP window for the next message on this connection.
        if (!c.slowStart && std::isfinite(c.steadyCap_bps))
            c.cwnd_bytes = std::max(c.cwnd_bytes, c.steadyCap_bps * c.rtt_s / 8.0);
        c.burst = false;
        c.lastSend = m_sim.now();
        m_sim.cancel(c.round);
        c.round = {};
    }
    updateConnCaps(ci);
}

double Network::wireEfficiency(Protocol protocol, const Connection& c) const
{
    // Payload bytes per wire byte (expected values, docs §5-7); 0 when nothing gets through.
    const double p = c.loss;
    switch (protocol) {
    case Protocol::Tcp:
    case Protocol::ReliableSr:
        // Every packet is sent until it gets through: 1/(1 − p) transmissions on average.
        return p < 1.0 ? 1.0 - p : 0.0;
    case Protocol::ReliableGbn: {
        // Window = the path's BDP in packets (an RDMA NIC keeps the pipe full).
        const double w = std::isfinite(c.bottleneck_bps)
                             ? std::max(1.0, c.bottleneck_bps * c.rtt_s / 8.0 / m_config.mss_bytes)
                             : 1.0;
        return TransportModel::goBackNEfficiency(w, p);
    }
    case Protocol::Udp:
        break;
    }
    return 1.0; // UDP sends every byte once
}

void Network::retargetWireBytes(std::uint32_t ci)
{
    // The connection's loss (or, for go-back-N, its window) changed while messages are sending
    // (a schedule step, a reroute): the payload still to send costs wire bytes at the new
    // repair rate from now on, and what UDP loses of it is lost at the new rate (docs §8).
    const Connection& c = m_connections[ci];
    const std::vector<std::uint32_t> slots = c.flows;
    for (std::uint32_t slot : slots) {
        Flow& f = m_flows[slot];
        const double eff = wireEfficiency(f.protocol, c);
        if (eff == f.efficiency && c.loss == f.loss)
            continue;
        settleFlow(slot);
        const double payload = f.remaining_bytes * f.efficiency;
        if (!(eff > 0.0)) {
            failFlow(slot, "path from " + m_topology.node(c.src).id + " to " +
                               m_topology.node(c.dst).id + " loses every packet");
            continue;
        }
        const double remaining = payload / eff;
        f.wire_bytes += remaining - f.remaining_bytes;
        if (f.protocol == Protocol::Udp)
            f.lost_bytes += payload * (c.loss - f.loss);
        else
            f.retransmitted_bytes = f.wire_bytes - f.bytes;
        // Recovery tail of the packets still to send, at the loss they will meet.
        if (f.protocol == Protocol::ReliableGbn || f.protocol == Protocol::ReliableSr)
            f.extraRounds = TransportModel::expectedExtraRounds(
                std::ceil(payload / m_config.mss_bytes), c.loss);
        f.remaining_bytes = remaining;
        f.efficiency = eff;
        f.loss = c.loss;
        reschedule(slot);
    }
}

std::optional<double> Network::rttS(NodeId src, NodeId dst)
{
    const std::uint32_t ci = connectionFor(src, dst);
    if (!prepareConnection(ci))
        return std::nullopt;
    return m_connections[ci].rtt_s;
}

// ---------------------------------------------------------------------------------------
// Transfers

void Network::finish(TransferResult result, CompletionCallback& cb)
{
    if (m_config.keep_flow_records)
        m_records.push_back(result);
    if (cb)
        cb(result);
}

FlowId Network::startTransfer(NodeId src, NodeId dst, double bytes, Protocol protocol,
                              CompletionCallback onComplete)
{
    if (!std::isfinite(bytes) || bytes < 0.0)
        throw InputError({}, "transfer",
                         "size must be a finite number of bytes ≥ 0, got " + std::to_string(bytes));
    if (src.index() >= m_topology.nodeCount() || dst.index() >= m_topology.nodeCount())
        throw InputError({}, "transfer", "unknown source or destination node");
    const FlowId id = FlowId::fromIndex(m_nextFlowId++);
    const double now_s = m_sim.now().toSeconds();
    TransferResult base;
    base.flow = id;
    base.src = src;
    base.dst = dst;
    base.protocol = protocol;
    base.bytes = bytes;
    base.start_s = now_s;
    base.end_s = now_s;

    if (src == dst) {
        m_sim.schedule(m_sim.now(),
                       [this, base, cb = std::move(onComplete)]() mutable { finish(base, cb); });
        return id;
    }
    const std::uint32_t ci = connectionFor(src, dst);
    const bool routed = prepareConnection(ci);
    if (!routed) {
        base.ok = false;
        base.error = "no path from " + m_topology.node(src).id + " to " + m_topology.node(dst).id;
        m_sim.schedule(m_sim.now(),
                       [this, base, cb = std::move(onComplete)]() mutable { finish(base, cb); });
        return id;
    }
    Connection& c = m_connections[ci];

    std::uint32_t slot;
    if (!m_freeFlows.empty()) {
        slot = m_freeFlows.back();
        m_freeFlows.pop_back();
    } else {
        slot = static_cast<std::uint32_t>(m_flows.size());
        m_flows.emplace_back();
    }
    Flow& f = m_flows[slot];
    f = Flow{};
    f.id = id;
    f.conn = ci;
    f.protocol = protocol;
    f.bytes = bytes;
    f.start = m_sim.now();
    f.lastUpdate = m_sim.now();
    f.cb = std::move(onComplete);
    f.live = true;
    m_slotOfFlow.emplace(id.value(), slot);
    const bool freshConnection = !c.used;
    c.used = true;
    ++c.active;

    // Wire bytes and repairs per protocol (expected values, docs §5-7).
    const double p = c.loss;
    const double packets = std::ceil(bytes / m_config.mss_bytes);
    f.efficiency = wireEfficiency(protocol, c);
    f.loss = p;
    f.wire_bytes = f.efficiency > 0.0 ? bytes / f.efficiency : kInf;
    if (protocol == Protocol::Udp)
        f.lost_bytes = bytes * p;
    if (protocol != Protocol::Udp)
        f.retransmitted_bytes = std::isfinite(f.wire_bytes) ? f.wire_bytes - bytes : 0.0;
    if (protocol == Protocol::ReliableGbn || protocol == Protocol::ReliableSr)
        f.extraRounds = TransportModel::expectedExtraRounds(packets, p);
    if (!std::isfinite(f.wire_bytes)) {
        failFlow(slot, "path from " + m_topology.node(src).id + " to " + m_topology.node(dst).id +
                           " loses every packet");
        return id;
    }
    f.remaining_bytes = f.wire_bytes;

    if (protocol == Protocol::Tcp && c.tcpFlows == 0) {
        // The window is not in use: fresh, kept from the last message, or decayed by idleness.
        const double iw = m_config.initial_window_segments * m_config.mss_bytes;
        const double rto = c.rtt_s + std::max(m_config.min_rto_s, 4.0 * c.rttvar_s);
        const double idle = (m_sim.now() - c.lastSend).toSeconds();
        // A connection first used by UDP/reliable messages has no window yet (cwnd 0 would
        // give a zero cap and a flow stalled forever): start it like a fresh one.
        if (freshConnection || !(c.cwnd_bytes > 0.0)) {
            c.cwnd_bytes = iw;
            c.slowStart = true;
        } else if (m_config.slow_start_after_idle && idle > rto) {
            // Linux tcp_cwnd_restart (RFC 2861): halve once per RTO of idle time after the
            // first, never below the initial window; then slow start back up.
            double cwnd = c.cwnd_bytes;
            for (double delta = idle - rto; delta > 0.0 && cwnd > iw; delta -= rto)
                cwnd *= 0.5;
            c.cwnd_bytes = std::max(cwnd, std::min(iw, c.cwnd_bytes));
            c.slowStart = true;
        }
        c.slowStart =
            c.slowStart && c.rtt_s > 0.0 && c.cwnd_bytes * 8.0 / c.rtt_s < c.steadyCap_bps;
    }
    attachFlow(slot);
    if (protocol == Protocol::Tcp) {
        evaluateBurst(ci);
        if (c.slowStart && !m_sim.pending(c.round))
            c.round = m_sim.scheduleIn(sim::SimTime::fromSeconds(c.rtt_s),
                                       [this, ci] { onSlowStartRound(ci); });
        updateConnCaps(ci);
    }
    ensureSampler();
    return id;
}

void Network::attachFlow(std::uint32_t slot)
{
    Flow& f = m_flows[slot];
    f.dataPhase = true;
    f.lastUpdate = m_sim.now();
    f.burst = false;
    Connection& c = m_connections[f.conn];
    c.flows.push_back(slot);
    if (f.protocol == Protocol::Tcp) {
        ++c.tcpFlows;
        for (std::uint32_t r : c.resources)
            ++m_resources[r].tcpFlows;
        setFlowBurst(f, c.burst);
    }
    m_solver.addFlow(slot, c.resources.data(), c.resources.size(), transportCap(f));
    requestRecompute();
}

void Network::detachFlow(std::uint32_t slot)
{
    Flow& f = m_flows[slot];
    if (!f.dataPhase)
        return;
    settleFlow(slot);
    setFlowBurst(f, false);
    Connection& c = m_connections[f.conn];
    c.flows.erase(std::find(c.flows.begin(), c.flows.end(), slot));
    if (f.protocol == Protocol::Tcp) {
        --c.tcpFlows;
        for (std::uint32_t r : c.resources)
            --m_resources[r].tcpFlows;
    }
    m_solver.removeFlow(slot);
    requestRecompute();
    f.dataPhase = false;
    m_sim.cancel(f.done);
}

void Network::releaseFlow(std::uint32_t slot)
{
    Flow& f = m_flows[slot];
    Connection& c = m_connections[f.conn];
    --c.active;
    m_slotOfFlow.erase(f.id.value());
    f.live = false;
    f.cb = nullptr;
    m_freeFlows.push_back(slot);
}

void Network::onSlowStartRound(std::uint32_t ci)
{
    Connection& c = m_connections[ci];
    c.round = {};
    if (c.tcpFlows == 0 || !c.slowStart)
        return;
    // Slow start: cwnd doubles every RTT (RFC 5681, one ACK per segment growth ×2/RTT).
    // It ends when cwnd/RTT reaches the steady cap, or when the network, not the window,
    // limits the connection (in a real stack the queue would overflow and cwnd halve).
    double rate = 0.0;
    for (std::uint32_t slot : c.flows)
        if (m_flows[slot].protocol == Protocol::Tcp)
            rate += m_solver.rateBps(slot);
    const bool networkLimited = !c.burst && rate < connectionCap(c) * (1.0 - 1e-9);
    c.cwnd_bytes *= 2.0;
    if (networkLimited || c.cwnd_bytes * 8.0 / c.rtt_s >= c.steadyCap_bps) {
        c.slowStart = false;
        evaluateBurst(ci);
    } else {
        c.round = m_sim.scheduleIn(sim::SimTime::fromSeconds(c.rtt_s),
                                   [this, ci] { onSlowStartRound(ci); });
        evaluateBurst(ci);
    }
    updateConnCaps(ci);
}

void Network::onDataComplete(std::uint32_t slot)
{
    Flow& f = m_flows[slot];
    if (!f.live || !f.dataPhase)
        return;
    const std::uint32_t ci = f.conn;
    // Latency is sampled now, while this flow still counts on its resources.
    double latency = sampleLatencyS(m_connections[ci], f, true);
    latency += f.extraRounds * m_connections[ci].rtt_s;
    f.done = {};
    detachFlow(slot);
    connectionFlowEnded(ci);
    f.remaining_bytes = 0.0;
    if (m_solver.activeFlows() == 0)
        finalSample();
    const double horizon = static_cast<double>(sim::SimTime::max().ns() - m_sim.now().ns()) * 1e-9;
    if (!(latency < horizon)) {
        failFlow(slot, "delivery would be later than the simulated time horizon (int64 ns, "
                       "≈ 292 years)");
        return;
    }
    m_sim.schedule(m_sim.now() + sim::SimTime::fromSeconds(latency),
                   [this, slot] { deliver(slot); });
}

void Network::deliver(std::uint32_t slot)
{
    Flow& f = m_flows[slot];
    const Connection& c = m_connections[f.conn];
    TransferResult r;
    r.flow = f.id;
    r.src = c.src;
    r.dst = c.dst;
    r.protocol = f.protocol;
    r.bytes = f.bytes;
    r.start_s = f.start.toSeconds();
    r.end_s = m_sim.now().toSeconds();
    r.retransmitted_bytes = f.retransmitted_bytes;
    r.lost_bytes = f.lost_bytes;
    CompletionCallback cb = std::move(f.cb);
    releaseFlow(slot);
    finish(std::move(r), cb);
}

void Network::failFlow(std::uint32_t slot, const std::string& error)
{
    Flow& f = m_flows[slot];
    const bool wasSending = f.dataPhase;
    detachFlow(slot);
    if (wasSending)
        connectionFlowEnded(f.conn);
    if (m_solver.activeFlows() == 0)
        finalSample();
    const Connection& c = m_connections[f.conn];
    TransferResult r;
    r.flow = f.id;
    r.src = c.src;
    r.dst = c.dst;
    r.protocol = f.protocol;
    r.bytes = f.bytes;
    r.start_s = f.start.toSeconds();
    r.end_s = m_sim.now().toSeconds();
    r.ok = false;
    r.error = error;
    CompletionCallback cb = std::move(f.cb);
    releaseFlow(slot);
    // Report from an event so that callers never see their callback re-enter them.
    m_sim.schedule(m_sim.now(), [this, r = std::move(r), cb = std::move(cb)]() mutable {
        finish(std::move(r), cb);
    });
}

double Network::sampleLatencyS(const Connection& c, const Flow& flow, bool includeQueueing)
{
    // One-way latency of a message: Σ_l max(0, τ_l + j_l) with one jitter sample per link
    // (netem correlation: j = (1 − ρ)·fresh + ρ·previous), plus store-and-forward of one
    // packet at every hop but the bottleneck (whose packet time is inside the fluid data
    // time), plus the standing queue of saturated TCP-carrying links (B_q/2 drained at C).
    double latency = 0.0;
    double packetTimes = 0.0;
    double bottleneckPacket = 0.0;
    const double packetBits = m_config.packet_bytes * 8.0;
    for (std::uint32_t a : c.arcs) {
        Arc& arc = m_arcs[a];
        const LinkParams& p = arc.params;
        // Counter-based stream of this message on this link direction: its sample does not
        // depend on which other messages crossed the link before.
        double j = 0.0;
        if (p.jitter_s > 0.0) {
            sim::RngStream rng(m_config.seed, (kJitterDomain << 32) | a, flow.id.value());
            j = TransportModel::jitterSample(rng, p.jitter_s, p.jitter_distribution);
        }
        if (p.jitter_correlation > 0.0) {
            const double rho = std::clamp(p.jitter_correlation, 0.0, 1.0);
            j = (1.0 - rho) * j + rho * arc.lastJitter_s;
        }
        arc.lastJitter_s = j;
        latency += std::max(0.0, p.delay_s + j);
        const Resource& res = m_resources[arc.resource];
        const double capacity_bps = m_solver.capacityBps(arc.resource);
        if (capacity_bps > 0.0) {
            const double t = packetBits / capacity_bps;
            packetTimes += t;
            bottleneckPacket = std::max(bottleneckPacket, t);
            // Standing queue of TCP flows in congestion avoidance; a last-window burst
            // (docs §5) builds no standing queue.
            if (includeQueueing && res.tcpFlows > res.burstTcpFlows &&
                m_solver.allocBps(arc.resource) >= capacity_bps * (1.0 - kSaturated))
                latency += 0.5 * p.queueBytes(m_config.packet_bytes) * 8.0 / capacity_bps;
        }
    }
    return latency + (packetTimes - bottleneckPacket);
}

// ---------------------------------------------------------------------------------------
// Max-min fair sharing

void Network::requestRecompute()
{
    // All changes at one instant are solved together by one event at the same time.
    if (m_recomputePending)
        return;
    m_recomputePending = true;
    m_sim.schedule(m_sim.now(), [this] { recompute(); });
}

void Network::settleFlow(std::uint32_t slot)
{
    Flow& f = m_flows[slot];
    const double dt = (m_sim.now() - f.lastUpdate).toSeconds();
    const double rate_bps = m_solver.hasFlow(slot) ? m_solver.rateBps(slot) : 0.0;
    if (dt > 0.0 && rate_bps > 0.0) {
        const double sent_bytes = rate_bps * dt / 8.0;
        // Completions are rounded up to the next nanosecond, so a flow may be settled a
        // fraction of a ns past its last byte, whichever settles it first (its completion,
        // or an update at that instant). Its resources count its rate over that fraction
        // too: take it back from them.
        const double overshoot_bytes = sent_bytes - f.remaining_bytes;
        if (overshoot_bytes > 0.0)
            for (std::uint32_t r : m_connections[f.conn].resources) {
                settleResource(r);
                Resource& res = m_resources[r];
                res.bits = std::max(0.0, res.bits - overshoot_bytes * 8.0);
            }
        f.remaining_bytes = std::max(0.0, f.remaining_bytes - sent_bytes);
    }
    f.lastUpdate = m_sim.now();
}

void Network::settleResource(std::uint32_t resource)
{
    Resource& r = m_resources[resource];
    const double dt = (m_sim.now() - r.last).toSeconds();
    if (dt > 0.0) {
        const double alloc_bps = m_solver.allocBps(resource);
        r.bits += alloc_bps * dt;
        r.capBits += m_solver.capacityBps(resource) * dt;
        if (alloc_bps > 0.0)
            r.busy_s += dt;
    }
    r.last = m_sim.now();
}

void Network::settleAllResources()
{
    for (std::size_t i = 0; i < m_resources.size(); ++i)
        if (m_arcs[i].resource == i)
            settleResource(static_cast<std::uint32_t>(i));
}

void Network::recompute()
{
    // The solver finds the new rates; progress and statistics are brought up to now under the
    // old rates before it applies them, then the changed flows are re-timed.
    m_recomputePending = false;
    m_solver.solve();
    for (std::uint32_t slot : m_solver.solvedFlows())
        settleFlow(slot);
    for (std::uint32_t r : m_solver.solvedResources())
        settleResource(r);
    m_solver.apply();
    for (std::uint32_t r : m_solver.solvedResources()) {
        Resource& res = m_resources[r];
        const double cap = m_solver.capacityBps(r);
        if (cap > 0.0)
            res.peak = std::max(res.peak, std::min(1.0, m_solver.allocBps(r) / cap));
    }
    for (std::uint32_t slot : m_solver.solvedFlows())
        if (m_solver.rateChanged(slot) || !m_sim.pending(m_flows[slot].done))
            reschedule(slot);
    if (m_config.debug_verify_max_min)
        m_solver.verifyAgainstFullSolve();
    ensureSampler(); // restarts it when stalled flows got a rate again
}

void Network::reschedule(std::uint32_t slot)
{
    Flow& f = m_flows[slot];
    m_sim.cancel(f.done);
    f.done = {};
    if (f.remaining_bytes <= kDoneBytes) {
        f.done = m_sim.schedule(m_sim.now(), [this, slot] { onDataComplete(slot); });
    } else if (m_solver.rateBps(slot) > 0.0) {
        const double dt = f.remaining_bytes * 8.0 / m_solver.rateBps(slot);
        // SimTime arithmetic saturates: an end at max() means it is not representable.
        const sim::SimTime end = m_sim.now() + sim::SimTime::fromSecondsCeil(dt);
        if (!(dt >= 0.0) || end >= sim::SimTime::max()) {
            // Not representable in int64 ns: report instead of overflowing the clock.
            f.done = m_sim.schedule(m_sim.now(), [this, slot] {
                failFlow(slot, "transfer would end later than the simulated time horizon "
                               "(int64 ns, ≈ 292 years) at its current rate");
            });
            return;
        }
        f.done = m_sim.schedule(end, [this, slot] { onDataComplete(slot); });
    } // rate 0: stalled (capacity 0) until a change gives it a share
}

double Network::flowRateBps(FlowId flow) const
{
    const auto it = m_slotOfFlow.find(flow.value());
    if (it == m_slotOfFlow.end())
        return 0.0;
    const Flow& f = m_flows[it->second];
    return f.dataPhase ? m_solver.rateBps(it->second) : 0.0;
}

double Network::flowCapBps(FlowId flow) const
{
    const auto it = m_slotOfFlow.find(flow.value());
    if (it == m_slotOfFlow.end())
        return 0.0;
    const Flow& f = m_flows[it->second];
    return f.dataPhase ? m_solver.capBps(it->second) : 0.0;
}

// ---------------------------------------------------------------------------------------
// Link changes (schedules, failures)

void Network::applyLinkChange(LinkId link, const ScheduleStep& step)
{
    MERIDIAN_ASSERT(link.index() < m_topology.linkCount(), "applyLinkChange: unknown link");
    const std::size_t l = link.index();
    const bool wasUp = m_router.linkUp(link);
    for (int dir = 0; dir < 2; ++dir) {
        if ((step.direction == ScheduleStep::Direction::Forward && dir == 1) ||
            (step.direction == ScheduleStep::Direction::Reverse && dir == 0))
            continue;
        Arc& arc = m_arcs[2 * l + dir];
        step.patch.applyTo(arc.params);
        if (step.patch.delay_s)
            m_router.setDelay(link, dir, arc.params.delay_s);
    }
    if (step.patch.delay_s)
        ++m_routeEpoch; // idle connections pick up the new shortest paths
    const bool up = step.up.value_or(wasUp);
    if (up != wasUp) {
        m_router.setLinkUp(link, up);
        ++m_routeEpoch;
    }
    // Settle the affected resources under the old capacity, then change it.
    for (int dir = 0; dir < 2; ++dir) {
        const std::uint32_t r = m_arcs[2 * l + dir].resource;
        settleResource(r);
        m_solver.setCapacity(r, capacityOf(r));
        requestRecompute();
    }
    // Every connection now holds stale parameters (m_paramEpoch): idle ones refresh when used
    // next (routeConnection). Busy ones (sending or delivering) whose forward or reverse path
    // crosses the link are brought up to date now: re-routed if a forward link went down
    // (their flows move, or fail with an error naming the link), their ACK path re-routed if it
    // went down, RTT/loss/caps refreshed otherwise.
    ++m_paramEpoch;
    const auto crosses = [l](const std::vector<std::uint32_t>& arcs) {
        for (std::uint32_t a : arcs)
            if (a / 2 == l)
                return true;
        return false;
    };
    for (std::uint32_t ci = 0; ci < m_connections.size(); ++ci) {
        Connection& c = m_connections[ci];
        if (c.active == 0 || !c.hasRoute)
            continue;
        const bool fwd = crosses(c.arcs);
        const bool rev = crosses(c.revArcs);
        if (!fwd && !rev)
            continue;
        if (!up && fwd) {
            rerouteBusy(ci, link);
            continue;
        }
        if (!up && rev)
            routeReverse(c);
        refreshConnection(c);
        updateConnCaps(ci);
        retargetWireBytes(ci);
    }
    ensureSampler();
}

// ---------------------------------------------------------------------------------------
// Statistics

void Network::ensureSampler()
{
    if (m_samplerRunning || m_sampleInterval_s <= 0.0 || m_solver.activeFlows() == 0)
        return;
    m_samplerRunning = true;
    const auto interval = sim::SimTime::fromSeconds(m_sampleInterval_s);
    // Next multiple of the interval after now, so samples sit on a fixed grid.
    const std::int64_t step = std::max<std::int64_t>(1, interval.ns());
    const std::int64_t k = m_sim.now().ns() / step + 1;
    if (k > (sim::SimTime::max().ns() - 1) / step) {
        m_samplerRunning = false; // next grid point beyond the time horizon
        return;
    }
    m_sampleEvent = m_sim.schedule(sim::SimTime::fromNs(step * k), [this] { onSample(); });
}

void Network::finalSample()
{
    // The network went idle: close the current interval now instead of keeping an event
    // alive that would push the simulated clock past the last delivery.
    if (!m_samplerRunning)
        return;
    m_sim.cancel(m_sampleEvent);
    m_samplerRunning = false;
    if (m_sampleTimes.empty() || m_sampleTimes.back() < m_sim.now().toSeconds())
        takeSample();
}

void Network::onSample()
{
    takeSample();
    m_samplerRunning = false;
    // Stop while nothing is sending (all active flows stalled on failed links): the sampler
    // alone must not keep the simulation alive. The next rate change restarts it.
    bool sending = false;
    for (std::size_t i = 0; i < m_resources.size() && !sending; ++i)
        sending = m_arcs[i].resource == i && m_solver.allocBps(static_cast<std::uint32_t>(i)) > 0.0;
    if (sending)
        ensureSampler();
}

void Network::takeSample()
{
    settleAllResources();
    for (std::size_t i = 0; i < m_resources.size(); ++i) {
        Resource& r = m_resources[m_arcs[i].resource];
        if (m_arcs[i].resource != i)
            continue;
        r.seriesBits.push_back(r.bits - r.bitsAtSample);
        r.seriesCap.push_back(r.capBits - r.capBitsAtSample);
        r.bitsAtSample = r.bits;
        r.capBitsAtSample = r.capBits;
    }
    m_sampleTimes.push_back(m_sim.now().toSeconds());
    if (m_sampleTimes.size() > m_config.max_samples)
        coarsenSeries();
}

void Network::coarsenSeries()
{
    // Bounded memory: merge adjacent pairs of intervals (sums of ∫alloc and ∫capacity, end time
    // of the later one) and double the interval of the grid from now on.
    const auto mergePairs = [](std::vector<double>& v, bool sum) {
        std::size_t out = 0;
        for (std::size_t i = 0; i < v.size(); i += 2)
            v[out++] = i + 1 < v.size() ? (sum ? v[i] + v[i + 1] : v[i + 1]) : v[i];
        v.resize(out);
    };
    for (std::size_t i = 0; i < m_resources.size(); ++i) {
        if (m_arcs[i].resource != i)
            continue;
        mergePairs(m_resources[i].seriesBits, true);
        mergePairs(m_resources[i].seriesCap, true);
    }
    mergePairs(m_sampleTimes, false);
    m_sampleInterval_s *= 2.0;
}

void Network::onDrain()
{
    // The simulator ran out of events: a flow still in its data phase has rate 0 (a failed or
    // zero-bandwidth link on its path) and nothing left could revive it. Report it instead of
    // hanging: fail with an error naming the link.
    std::vector<std::uint32_t> stalled;
    for (std::uint32_t slot = 0; slot < m_flows.size(); ++slot)
        if (m_flows[slot].live && m_flows[slot].dataPhase)
            stalled.push_back(slot);
    for (std::uint32_t slot : stalled) {
        const Connection& c = m_connections[m_flows[slot].conn];
        std::string why = "transfer stalled at t = " + std::to_string(m_sim.now().toSeconds()) +
                          " s with no pending event that could resume it";
        for (std::uint32_t r : c.resources)
            if (m_solver.capacityBps(r) <= 0.0) {
                const LinkId l = m_resources[r].link;
                why = "transfer stalled at t = " + std::to_string(m_sim.now().toSeconds()) +
                      " s: link " + m_topology.link(l).id +
                      (m_router.linkUp(l) ? " has no bandwidth" : " is down") +
                      " and no pending event can restore it";
                break;
            }
        failFlow(slot, why);
    }
}

LinkStats Network::linkStats(LinkId link, int dir)
{
    MERIDIAN_ASSERT(link.index() < m_topology.linkCount() && (dir == 0 || dir == 1),
                    "Network::linkStats: unknown link direction");
    const std::uint32_t resource = m_arcs[2 * link.index() + dir].resource;
    settleResource(resource);
    const Resource& r = m_resources[resource];
    LinkStats s;
    s.link = link;
    s.dir = dir;
    s.bytes = r.bits / 8.0;
    s.busy_s = r.busy_s;
    s.utilisation_mean = r.capBits > 0.0 ? r.bits / r.capBits : 0.0;
    s.utilisation_peak = r.peak;
    s.utilisation_series.reserve(r.seriesBits.size());
    for (std::size_t i = 0; i < r.seriesBits.size(); ++i)
        s.utilisation_series.push_back(r.seriesCap[i] > 0.0 ? r.seriesBits[i] / r.seriesCap[i]
                                                            : 0.0);
    return s;
}

std::vector<LinkStats> Network::allLinkStats()
{
    std::vector<LinkStats> out;
    out.reserve(m_arcs.size());
    for (std::size_t l = 0; l < m_topology.linkCount(); ++l)
        for (int dir = 0; dir < 2; ++dir)
            out.push_back(linkStats(LinkId::fromIndex(l), dir));
    return out;
}

} // namespace meridian::net
