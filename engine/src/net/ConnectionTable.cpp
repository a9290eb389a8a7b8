#include "meridian/net/ConnectionTable.hpp"

#include "meridian/net/MaxMinSolver.hpp"
#include "meridian/net/TransportModel.hpp"
#include "meridian/sim/RngStream.hpp"

#include <algorithm>
#include <cmath>

namespace meridian::net {

using topology::LinkParams;

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
// A resource is "saturated" when its allocation is within this fraction of its capacity.
constexpr double kSaturated = 1e-9;
// HyStart acts only from this window on (tcp_cubic.c hystart_low_window).
constexpr double kHystartLowWindowSegments = 16.0;
// Domain tag of the jitter streams' entity ids: (tag << 32 | arc), so that no other user of
// RngStream(seed, small id, ...) can draw the same stream.
constexpr std::uint64_t kJitterDomain = 0x4A495454ull; // "JITT"

std::uint64_t pairKey(NodeId a, NodeId b)
{
    return (static_cast<std::uint64_t>(a.value()) << 32) | b.value();
}
} // namespace

ConnectionTable::ConnectionTable(const NetworkConfig& config, topology::Router& router,
                                 std::vector<LinkDirection>& arcs, const MaxMinSolver& solver,
                                 std::size_t resourceCount)
    : m_config(config), m_router(router), m_arcs(arcs), m_solver(solver), m_tcpLoad(resourceCount)
{}

std::size_t ConnectionTable::KeyHash::operator()(
    const std::pair<std::uint64_t, std::uint32_t>& k) const noexcept
{
    std::uint64_t state = k.first ^ (std::uint64_t{k.second} << 48);
    return static_cast<std::size_t>(sim::RngStream::splitMix64(state));
}

std::uint32_t ConnectionTable::connectionFor(NodeId src, NodeId dst, std::uint32_t stream)
{
    const auto [it, inserted] =
        m_connectionIndex.try_emplace(std::make_pair(pairKey(src, dst), stream),
                                      static_cast<std::uint32_t>(m_connections.size()));
    if (inserted) {
        Connection c;
        c.src = src;
        c.dst = dst;
        c.stream = stream;
        m_connections.push_back(std::move(c));
    }
    return it->second;
}

// ---------------------------------------------------------------------------------------
// Routes and path figures

std::optional<topology::Route> ConnectionTable::pathOf(NodeId a, NodeId b, std::uint32_t stream)
{
    // ECMP: the connection (one 5-tuple in a real network) hashes onto one equal-cost path;
    // another stream between the same hosts is another 5-tuple (another source port).
    if (!m_config.ecmp)
        return m_router.route(a, b);
    std::uint64_t key = pairKey(a, b) + std::uint64_t{stream} * 0x9E3779B97F4A7C15ull;
    return m_router.hashedRoute(a, b, sim::RngStream::splitMix64(key));
}

void ConnectionTable::routeReverse(Connection& c)
{
    c.revArcs.clear();
    if (const auto rev = pathOf(c.dst, c.src, c.stream)) {
        for (const auto& h : rev->hops)
            c.revArcs.push_back(static_cast<std::uint32_t>(2 * h.link.index() + h.dir));
    } // else: no ACK path (one-way failure); the RTT falls back to 2× the forward delay
}

bool ConnectionTable::pathDown(const std::vector<std::uint32_t>& arcs) const
{
    for (std::uint32_t a : arcs)
        if (!m_router.linkUp(LinkId::fromIndex(a / 2)))
            return true;
    return false;
}

bool ConnectionTable::route(std::uint32_t ci)
{
    Connection& c = m_connections[ci];
    if (c.routeEpoch == m_routeEpoch) {
        // Same route, but a schedule step may have changed a link parameter since.
        if (c.hasRoute && c.paramEpoch != m_paramEpoch)
            refresh(c);
        return c.hasRoute;
    }
    c.routeEpoch = m_routeEpoch;
    c.arcs.clear();
    c.revArcs.clear();
    c.resources.clear();
    const auto fwd = pathOf(c.src, c.dst, c.stream);
    c.hasRoute = fwd.has_value();
    if (!c.hasRoute)
        return false;
    for (const auto& h : fwd->hops) {
        const auto a = static_cast<std::uint32_t>(2 * h.link.index() + h.dir);
        c.arcs.push_back(a);
        c.resources.push_back(m_arcs[a].resource);
    }
    routeReverse(c);
    refresh(c);
    return true;
}

void ConnectionTable::refresh(Connection& c)
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
    c.unwindowedCap_bps = steadyCapBps(c, false);
}

double ConnectionTable::steadyCapBps(const Connection& c, bool receiveWindow) const
{
    // Steady TCP rate cap = min(rwnd/RTT, loss term(p, RTT, T0), U(B_q, BDP)·C_bottleneck),
    // the loss term and U of the connection's congestion control (Reno: PFTK and the Reno
    // sawtooth; CUBIC: its response function and its cycle);
    // the max-min share is applied on top by the solver.
    if (c.rtt_s <= 0.0)
        return kInf; // zero-delay path: no window or loss dynamics to model
    double cap = kInf;
    if (receiveWindow && m_config.max_window_bytes > 0.0)
        cap = std::min(cap, m_config.max_window_bytes * 8.0 / c.rtt_s);
    // T0 as Linux computes the RTO: SRTT + max(4·RTTVAR, rto_min); RTTVAR from the jitter.
    const double t0 = c.rtt_s + std::max(m_config.min_rto_s, 4.0 * c.rttvar_s);
    const bool cubic = m_config.congestion_control == CongestionControl::Cubic;
    const double lossCap = cubic ? TransportModel::cubicRateBps(m_config.mss_bytes, c.rtt_s, c.loss,
                                                                m_config.delayed_ack_b, t0)
                                 : TransportModel::pftkRateBps(m_config.mss_bytes, c.rtt_s, c.loss,
                                                               m_config.delayed_ack_b, t0);
    cap = std::min(cap, lossCap);
    if (std::isfinite(c.bottleneck_bps) && c.bottleneck_bps > 0.0) {
        const double bdp = c.bottleneck_bps * c.rtt_s / 8.0;
        const double u = cubic ? TransportModel::cubicQueueUtilisation(c.buffer_bytes, bdp, c.rtt_s,
                                                                       m_config.mss_bytes)
                               : TransportModel::renoQueueUtilisation(c.buffer_bytes, bdp);
        cap = std::min(cap, u * c.bottleneck_bps);
    }
    return cap;
}

// ---------------------------------------------------------------------------------------
// TCP window

double ConnectionTable::windowCapBps(const Connection& c) const
{
    if (windowLimited(c) && !c.burst && c.rtt_s > 0.0)
        return std::min(c.cwnd_bytes * 8.0 / c.rtt_s, c.steadyCap_bps);
    return c.withinWindow ? c.unwindowedCap_bps : c.steadyCap_bps;
}

double ConnectionTable::flowCapBps(const Connection& c, Protocol protocol) const
{
    if (protocol != Protocol::Tcp)
        return kInf;
    // Concurrent messages of one connection share its window (docs §5).
    return windowCapBps(c) / std::max<std::uint32_t>(1, c.tcpFlows);
}

void ConnectionTable::openWindow(Connection& c, bool freshConnection, bool keepWindow,
                                 sim::SimTime now) const
{
    const double iw = m_config.initial_window_segments * m_config.mss_bytes;
    const double rto = c.rtt_s + std::max(m_config.min_rto_s, 4.0 * c.rttvar_s);
    const double idle = (now - c.lastSend).toSeconds();
    // A connection first used by UDP/reliable messages has no window yet (cwnd 0 would give a
    // zero cap and a flow stalled forever): start it like a fresh one.
    c.cubicEpoch = now; // a paused CUBIC growth resumes now
    if (freshConnection || !(c.cwnd_bytes > 0.0)) {
        c.cwnd_bytes = iw;
        c.slowStart = true;
        c.cubicGrowth = false;
    } else if (m_config.slow_start_after_idle && !keepWindow && idle > rto) {
        // Linux tcp_cwnd_restart (RFC 2861): halve once per RTO of idle time after the first,
        // never below the initial window; then slow start back up.
        double cwnd = c.cwnd_bytes;
        for (double delta = idle - rto; delta > 0.0 && cwnd > iw; delta -= rto)
            cwnd *= 0.5;
        c.cwnd_bytes = std::max(cwnd, std::min(iw, c.cwnd_bytes));
        c.slowStart = true;
        c.cubicGrowth = false;
    }
    c.slowStart = c.slowStart && c.rtt_s > 0.0 && c.cwnd_bytes * 8.0 / c.rtt_s < c.steadyCap_bps;
    c.cubicGrowth =
        c.cubicGrowth && c.rtt_s > 0.0 && c.cwnd_bytes * 8.0 / c.rtt_s < c.steadyCap_bps;
}

double ConnectionTable::cubicWindowBytes(const Connection& c, sim::SimTime now) const
{
    // CUBIC from HyStart's exit, no loss yet (tcp_cubic.c: last_max_cwnd = 0, so K = 0 and
    // the origin is the exit window W0): W(t) = W0 + C·t³ segments, or the Reno-friendly
    // estimate W0 + α·t/RTT (α = 3(1 − β)/(1 + β), tcp_friendliness) if larger, over the
    // connection's sending time t.
    const double t = c.cubicElapsed_s + (now - c.cubicEpoch).toSeconds();
    const double grown =
        std::max(TransportModel::kCubicC * t * t * t, TransportModel::kCubicAlpha * t / c.rtt_s);
    return c.cubicOrigin_bytes + grown * m_config.mss_bytes;
}

double ConnectionTable::roundS(const Connection& c, sim::SimTime now) const
{
    if (!c.cubicGrowth)
        return c.rtt_s;
    const double t = c.cubicElapsed_s + (now - c.cubicEpoch).toSeconds();
    const double step = c.cwnd_bytes / 32.0 / m_config.mss_bytes; // segments
    const double byCubic = std::cbrt(t * t * t + step / TransportModel::kCubicC) - t;
    const double byReno = step * c.rtt_s / TransportModel::kCubicAlpha;
    return std::max(c.rtt_s, std::min(byCubic, byReno));
}

bool ConnectionTable::windowRound(Connection& c, double tcpRate_bps, sim::SimTime now) const
{
    const bool cubic = m_config.congestion_control == CongestionControl::Cubic;
    if (c.cubicGrowth) {
        c.cwnd_bytes = cubicWindowBytes(c, now);
        c.cubicGrowth = c.cwnd_bytes * 8.0 / c.rtt_s < c.steadyCap_bps;
        return c.cubicGrowth;
    }
    // Slow start: cwnd doubles every RTT (RFC 5681, one ACK per segment growth ×2/RTT). It
    // ends when cwnd/RTT reaches the steady cap, or when the network, not the window, limits
    // the connection (in a real stack the queue would overflow and cwnd halve).
    const bool networkLimited = !c.burst && tcpRate_bps < windowCapBps(c) * (1.0 - 1e-9);
    c.cwnd_bytes *= 2.0;
    if (networkLimited || c.cwnd_bytes * 8.0 / c.rtt_s >= c.steadyCap_bps) {
        c.slowStart = false;
        return false;
    }
    // HyStart's ACK train (tcp_cubic.c): a window sent back to back comes back as a train
    // W/C_bottleneck long; once that exceeds half the minimum RTT — cwnd ≥ BDP/2 — slow start
    // ends without a loss and CUBIC grows from there.
    if (cubic && std::isfinite(c.bottleneck_bps) &&
        c.cwnd_bytes >= kHystartLowWindowSegments * m_config.mss_bytes &&
        c.cwnd_bytes >= 0.5 * c.bottleneck_bps * c.rtt_s / 8.0) {
        c.slowStart = false;
        c.cubicGrowth = true;
        c.cubicOrigin_bytes = c.cwnd_bytes;
        c.cubicElapsed_s = 0.0;
        c.cubicEpoch = now;
    }
    return true;
}

void ConnectionTable::closeWindow(Connection& c, sim::SimTime now) const
{
    if (c.cubicGrowth) // growth pauses while nothing is sent (tcp_cubic.c CA_EVENT_TX_START)
        c.cubicElapsed_s += (now - c.cubicEpoch).toSeconds();
    else if (!c.slowStart && std::isfinite(c.steadyCap_bps))
        c.cwnd_bytes = std::max(c.cwnd_bytes, c.steadyCap_bps * c.rtt_s / 8.0);
    c.burst = false;
    c.lastSend = now;
}

void ConnectionTable::logSend(Connection& c, sim::SimTime now, double bytes)
{
    c.sent_bytes += bytes;
    c.sendLog.emplace_back(now.toSeconds(), c.sent_bytes);
    // Keep one point at or before the horizon now − RTT; older ones are never read again.
    const double horizon = now.toSeconds() - c.rtt_s;
    while (c.sendLog.size() > 2 && c.sendLog[1].first <= horizon)
        c.sendLog.pop_front();
}

double ConnectionTable::inFlightBytes(const Connection& c, sim::SimTime now, double sending_bytes)
{
    const double t = now.toSeconds();
    const double horizon = t - c.rtt_s;
    const double total = c.sent_bytes + sending_bytes;
    if (c.sendLog.empty())
        return total;
    // Bytes sent by the horizon: interpolated in the log, extended by (now, total).
    double before = c.sendLog.front().second;
    if (horizon >= c.sendLog.front().first) {
        auto point = [&](std::size_t i) {
            return i < c.sendLog.size() ? c.sendLog[i] : std::make_pair(t, total);
        };
        for (std::size_t i = 0; i < c.sendLog.size(); ++i) {
            const auto [t0, b0] = point(i);
            const auto [t1, b1] = point(i + 1);
            if (horizon < t1 || i + 1 == c.sendLog.size()) {
                const double f = t1 > t0 ? std::clamp((horizon - t0) / (t1 - t0), 0.0, 1.0) : 1.0;
                before = b0 + f * (b1 - b0);
                break;
            }
        }
    }
    return std::max(0.0, total - before);
}

// ---------------------------------------------------------------------------------------
// TCP messages per resource, latency

void ConnectionTable::countTcpFlow(const Connection& c, int delta)
{
    for (std::uint32_t r : c.resources)
        m_tcpLoad[r].flows += static_cast<std::uint32_t>(delta);
}

void ConnectionTable::countBurst(const Connection& c, int delta)
{
    for (std::uint32_t r : c.resources)
        m_tcpLoad[r].bursts += static_cast<std::uint32_t>(delta);
}

double ConnectionTable::latencyS(const Connection& c, FlowId flow, bool includeQueueing)
{
    // One-way latency of a message: Σ_l max(0, τ_l + j_l) with one jitter sample per link
    // (netem correlation: j = (1 − ρ)·fresh + ρ·previous), plus store-and-forward of one
    // packet at every hop but the bottleneck (whose packet time is inside the fluid data
    // time), plus the standing queue of the first saturated link carrying TCP in congestion
    // avoidance (standingQueueBytes), drained at its capacity.
    double latency = 0.0;
    double packetTimes = 0.0;
    double bottleneckPacket = 0.0;
    bool queued = !includeQueueing;
    const double packetBits = m_config.packet_bytes * 8.0;
    for (std::uint32_t a : c.arcs) {
        LinkDirection& arc = m_arcs[a];
        const LinkParams& p = arc.params;
        // Counter-based stream of this message on this link direction: its sample does not
        // depend on which other messages crossed the link before.
        double j = 0.0;
        if (p.jitter_s > 0.0) {
            sim::RngStream rng(m_config.seed, (kJitterDomain << 32) | a, flow.value());
            j = TransportModel::jitterSample(rng, p.jitter_s, p.jitter_distribution);
        }
        if (p.jitter_correlation > 0.0) {
            const double rho = std::clamp(p.jitter_correlation, 0.0, 1.0);
            j = (1.0 - rho) * j + rho * arc.lastJitter_s;
        }
        arc.lastJitter_s = j;
        latency += std::max(0.0, p.delay_s + j);
        const double capacity_bps = m_solver.capacityBps(arc.resource);
        if (capacity_bps > 0.0) {
            const double t = packetBits / capacity_bps;
            packetTimes += t;
            bottleneckPacket = std::max(bottleneckPacket, t);
            // Standing queue of TCP flows in congestion avoidance; a last-window burst
            // (docs §5) builds no standing queue.
            const TcpLoad& tcp = m_tcpLoad[arc.resource];
            if (!queued && tcp.flows > tcp.bursts &&
                m_solver.allocBps(arc.resource) >= capacity_bps * (1.0 - kSaturated)) {
                // Only the first bottleneck queues: downstream links receive at most its rate.
                queued = true;
                latency +=
                    standingQueueBytes(c, arc.resource, p.queueBytes(m_config.packet_bytes)) * 8.0 /
                    capacity_bps;
            }
        }
    }
    return latency + (packetTimes - bottleneckPacket);
}

double ConnectionTable::standingQueueBytes(const Connection& c, std::uint32_t resource,
                                           double queue_bytes) const
{
    // n TCP flows in congestion avoidance share the link (rate r = alloc/n each). A flow whose
    // window W is capped (rwnd = max_window_bytes) keeps W − r·RTT beyond the pipe in the
    // queue: while n·(W − r·RTT) < Q that is a constant standing queue and nothing is lost;
    // when the windows could overfill the buffer, drops cut them and the queue swings between
    // ≈ 0 and Q (Reno sawtooth): mean Q/2.
    const TcpLoad& tcp = m_tcpLoad[resource];
    const auto n = static_cast<double>(tcp.flows - tcp.bursts);
    if (n <= 0.0)
        return 0.0;
    double window = kInf;
    if (m_config.max_window_bytes > 0.0)
        window = m_config.max_window_bytes;
    if (c.appWindow_bytes > 0.0)
        window = std::min(window, c.appWindow_bytes);
    if (!std::isfinite(window))
        return 0.5 * queue_bytes;
    const double share_Bps = m_solver.allocBps(resource) / 8.0 / static_cast<double>(tcp.flows);
    const double excess = n * std::max(0.0, window - share_Bps * c.rtt_s);
    return excess < queue_bytes ? excess : 0.5 * queue_bytes;
}

// ---------------------------------------------------------------------------------------
// Wire bytes

double ConnectionTable::wireEfficiency(Protocol protocol, const Connection& c) const
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

WireBytes ConnectionTable::price(Protocol protocol, const Connection& c, double bytes) const
{
    // Wire bytes and repairs per protocol (expected values, docs §5-7).
    WireBytes w;
    const double p = c.loss;
    const double packets = std::ceil(bytes / m_config.mss_bytes);
    w.efficiency = wireEfficiency(protocol, c);
    w.loss = p;
    w.wire_bytes = w.efficiency > 0.0 ? bytes / w.efficiency : kInf;
    if (protocol == Protocol::Udp)
        w.lost_bytes = bytes * p;
    if (protocol != Protocol::Udp)
        w.retransmitted_bytes = std::isfinite(w.wire_bytes) ? w.wire_bytes - bytes : 0.0;
    if (protocol == Protocol::ReliableGbn || protocol == Protocol::ReliableSr)
        w.extraRounds = TransportModel::expectedExtraRounds(packets, p);
    return w;
}

bool ConnectionTable::repriceNeeded(const WireBytes& w, Protocol protocol,
                                    const Connection& c) const
{
    return wireEfficiency(protocol, c) != w.efficiency || c.loss != w.loss;
}

bool ConnectionTable::reprice(WireBytes& w, Protocol protocol, const Connection& c, double bytes,
                              double& remaining_bytes) const
{
    // The payload still to send costs wire bytes at the new repair rate from now on, and what
    // UDP loses of it is lost at the new rate (docs §8).
    const double eff = wireEfficiency(protocol, c);
    const double payload = remaining_bytes * w.efficiency;
    if (!(eff > 0.0))
        return false;
    const double remaining = payload / eff;
    w.wire_bytes += remaining - remaining_bytes;
    if (protocol == Protocol::Udp)
        w.lost_bytes += payload * (c.loss - w.loss);
    else
        w.retransmitted_bytes = w.wire_bytes - bytes;
    // Recovery tail of the packets still to send, at the loss they will meet.
    if (protocol == Protocol::ReliableGbn || protocol == Protocol::ReliableSr)
        w.extraRounds =
            TransportModel::expectedExtraRounds(std::ceil(payload / m_config.mss_bytes), c.loss);
    remaining_bytes = remaining;
    w.efficiency = eff;
    w.loss = c.loss;
    return true;
}

} // namespace meridian::net
