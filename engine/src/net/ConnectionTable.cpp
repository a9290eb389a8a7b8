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
// ACKs closer than this continue HyStart's ACK train (tcp_cubic.c hystart_ack_delta_us).
constexpr double kHystartAckDeltaS = 0.002;
// HyStart's delay threshold η = clamp(RTT_min/8, 4 ms, 16 ms) (tcp_cubic.c HYSTART_DELAY_MIN,
// HYSTART_DELAY_MAX).
constexpr double kHystartDelayMinS = 0.004;
constexpr double kHystartDelayMaxS = 0.016;
// Domain tag of the jitter streams' entity ids: (tag << 32 | arc), so that no other user of
// RngStream(seed, small id, ...) can draw the same stream.
constexpr std::uint64_t kJitterDomain = 0x4A495454ull; // "JITT"
// Domain tag of the loss streams (mixed with the connection's src, dst and stream).
constexpr std::uint64_t kLossDomain = 0x4C4F5353ull; // "LOSS"

// Slow-start overshoot (docs/network-model.md §5): in a slow-start round the ACKs of the
// previous round's inflight_prev bytes come back spaced by the bottleneck (rate C), and each
// releases the segments cwnd's growth allows, so the round's inflight_new bytes arrive at the
// bottleneck at a = min(access rate, C·inflight_new/inflight_prev) and queue at a − C while
// they arrive: the queue peaks at inflight_new·(1 − C/a) (inflight_new/2 when a = 2C), then
// drains to what exceeds the pipe, inflight_new − BDP. A drop-tail buffer B_q overflows when
// the larger of the two exceeds it. `ahead` connections slow-starting in step reach the
// bottleneck before this one, each with the same window (their rounds' blocks arrive one after
// the other): this one's block finds their bursts queued, ahead·inflight_new·(1 − C/a), and
// their windows in the pipe. Returns how many of the round's bytes arrive before the first
// drop (+∞: no drop): what is left of B_q, times a/(a − C), for the burst (the queue fills at
// a − C), and (BDP + B_q − ahead·inflight_new − inflight_prev)·inflight_new/(inflight_new −
// inflight_prev) for the standing queue (the flight grows from inflight_prev to inflight_new
// over the round).
double slowStartBytesBeforeDrop(double inflightPrev_bytes, double inflightNew_bytes,
                                double access_bps, double bottleneck_bps, double rtt_s,
                                double buffer_bytes, double ahead)
{
    constexpr double kNone = std::numeric_limits<double>::infinity();
    if (!std::isfinite(bottleneck_bps) || !(bottleneck_bps > 0.0) || !(inflightPrev_bytes > 0.0))
        return kNone;
    double first = kNone;
    const double arrival_bps =
        std::min(access_bps, bottleneck_bps * inflightNew_bytes / inflightPrev_bytes);
    if (arrival_bps > bottleneck_bps) {
        const double burst_bytes = inflightNew_bytes * (1.0 - bottleneck_bps / arrival_bps);
        const double queued_bytes = ahead * burst_bytes;
        if (queued_bytes + burst_bytes > buffer_bytes)
            first = std::max(0.0, buffer_bytes - queued_bytes) * arrival_bps /
                    (arrival_bps - bottleneck_bps);
    }
    const double pipe = bottleneck_bps * rtt_s / 8.0 + buffer_bytes - ahead * inflightNew_bytes;
    if (inflightNew_bytes > pipe && inflightNew_bytes > inflightPrev_bytes)
        first = std::min(first, std::max(0.0, pipe - inflightPrev_bytes) * inflightNew_bytes /
                                    (inflightNew_bytes - inflightPrev_bytes));
    if (!std::isfinite(first))
        return kNone;
    return std::min(first, inflightNew_bytes);
}

// CUBIC before its first loss grows at least ×1.05 per RTT (tcp_cubic.c caps the ACKs per
// increment at 20 while last_max_cwnd = 0; docs §5): the window `start_bytes` becomes after
// t_s of sending, and the sending time it takes to grow by `ratio`.
double noLossCapBytes(double start_bytes, double t_s, double rtt_s)
{
    return start_bytes * std::pow(TransportModel::kCubicNoLossGrowthPerRtt, t_s / rtt_s);
}

double noLossCapTimeS(double ratio, double rtt_s)
{
    return rtt_s * std::log(ratio) / std::log(TransportModel::kCubicNoLossGrowthPerRtt);
}

// Linux's CUBIC after a loss (tcp_cubic.c bictcp_update, docs §5): at the epoch's start the
// curve's slope is 3·C·K² segments/s, so cwnd first grows after 1/(3·C·K²) s; while cwnd is
// unchanged the increment is recomputed only every HZ/32 jiffies (1/32 s), the ACKs meanwhile
// counted, so the window stays at its cut for 1/32 s and then catches up with max(cubic, Reno).
// The time the window stays flat, 0 where the curve moves it sooner (K ≥ 5.1 s, W ≳ 180 segs).
double cubicFlatS(const Connection& c, const NetworkConfig& config)
{
    if (config.congestion_control != CongestionControl::Cubic || c.cubicWmax_bytes <= 0.0)
        return 0.0;
    const double slope = 3.0 * TransportModel::kCubicC * c.cubicK_s * c.cubicK_s; // segments/s
    return slope * TransportModel::kCubicRecomputeS < 1.0 ? TransportModel::kCubicRecomputeS : 0.0;
}

// Time until the window of c's congestion-avoidance epoch has grown by 1/32 more.
double growthStepS(const Connection& c, const NetworkConfig& config, sim::SimTime now)
{
    const double target = c.cwnd_bytes * (1.0 + 1.0 / 32.0);
    const double t = c.cubicElapsed_s + (now - c.cubicEpoch).toSeconds();
    const double mss = config.mss_bytes;
    double until; // growth time at which the window reaches target
    if (config.congestion_control == CongestionControl::Cubic) {
        const double byCubic =
            c.cubicK_s + std::cbrt((target - c.cubicOrigin_bytes) / mss / TransportModel::kCubicC);
        const double byReno =
            (target - c.renoStart_bytes) / mss * c.rtt_s / TransportModel::kCubicAlpha;
        until = std::max(std::min(byCubic, byReno), cubicFlatS(c, config));
        if (c.cubicWmax_bytes <= 0.0) // no loss yet: at least ×1.05 per RTT
            until = std::min(until, noLossCapTimeS(target / c.renoStart_bytes, c.rtt_s));
    } else {
        until = (target - c.renoStart_bytes) / mss * config.delayed_ack_b * c.rtt_s;
    }
    return until - t;
}

// HyStart's ACK train (tcp_cubic.c, docs §5) ends slow start in the round that takes cwnd
// from `before` to `after` bytes (in flight: at most `sendCeiling`), `sharers` connections
// sending through the bottleneck. A window sent back to back returns as a train W/C_b long; the
// train ends slow start once it spans half the minimum RTT, i.e. W ≥ BDP/2. And when the gap
// between two rounds' trains, RTT − W/C_b, is within hystart_ack_delta (2 ms) the trains merge:
// slow start ends in the first round HyStart watches (cwnd ≥ 16 segments), whatever the BDP —
// ns-3's TcpCubic exits at 19 segments on a 2 ms, 1 Gbit/s path, as does a class with Linux's own
// rules (tests/reference/ns3/linux_cc.cc).
bool hystartExits(const Connection& c, double before, double after, double sendCeiling,
                  const NetworkConfig& config, double sharers)
{
    if (config.congestion_control != CongestionControl::Cubic || !std::isfinite(c.bottleneck_bps) ||
        c.bottleneck_bps <= 0.0 || after < kHystartLowWindowSegments * config.mss_bytes)
        return false;
    // Two rounds' trains merge when the gap between them is within hystart_ack_delta.
    const double trainBefore_s = std::min(before, sendCeiling) * 8.0 / c.bottleneck_bps;
    if (c.rtt_s - trainBefore_s <= kHystartAckDeltaS)
        return true;
    // A train longer than half the RTT: only a connection alone there. Connections that slow-
    // start together reach the bottleneck one window after the other (overshootWindowBytes),
    // so each one's ACKs come back as short full-rate trains with the others' between them,
    // longer than hystart_ack_delta apart: the train does not end their slow start, the delay
    // increase does (hystartDelayExit). Kernel, four CUBIC flows at 100 Mbit/s, RTT 20-200 ms:
    // 0 train exits in 11 runs (TcpExtTCPHystartTrainDetect), every flow left by the delay;
    // ns-3 with Linux's rules at 20-80 ms: 1 train exit of 20 flows, one sender host or four.
    return sharers < 2.0 && std::min(after, sendCeiling) >= 0.5 * c.bottleneck_bps * c.rtt_s / 8.0;
}

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
    c.bottleneckResource = c.arcs.empty() ? 0 : m_arcs[c.arcs.front()].resource;
    for (std::uint32_t a : c.arcs) {
        const LinkParams& p = m_arcs[a].params;
        fwd += std::max(0.0, p.delay_s);
        const double sd = TransportModel::jitterStdDev(p.jitter_s, p.jitter_distribution);
        var += sd * sd;
        losses.push_back(p.loss);
        const double cap = m_solver.capacityBps(m_arcs[a].resource);
        if (cap < c.bottleneck_bps) {
            c.bottleneck_bps = cap;
            c.bottleneckResource = m_arcs[a].resource;
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
    const double loss = TransportModel::pathLoss(losses.data(), static_cast<int>(losses.size()));
    if (loss != c.loss) {
        // A new loss rate restarts the loss clock: the next loss is a spacing at p away.
        c.loss = loss;
        if (loss > 0.0)
            c.nextLoss_bytes = c.sent_bytes + lossSpacingBytes(c);
    }
    c.steadyCap_bps = steadyCapBps(c);
    c.unwindowedCap_bps = steadyCapBps(c, false);
}

bool ConnectionTable::lossDue(const Connection& c) const
{
    // The round was timed for the loss; a hundredth of a segment absorbs the rounding of its
    // time to whole nanoseconds.
    return c.sent_bytes >= c.nextLoss_bytes - 0.01 * m_config.mss_bytes;
}

double ConnectionTable::lossUniform(Connection& c) const
{
    std::uint64_t state = pairKey(c.src, c.dst) ^ (kLossDomain << 16);
    const std::uint64_t entity = sim::RngStream::splitMix64(state) ^ c.stream;
    return sim::RngStream(m_config.seed, entity, c.lossDraws++).uniform();
}

double ConnectionTable::lossSpacingBytes(Connection& c) const
{
    // Bernoulli loss p per segment: the number of segments sent up to and including the next
    // loss is geometric, P(k) = (1 − p)^(k−1)·p, mean 1/p; inverted from a uniform u ∈ (0, 1]
    // as ⌈ln u / ln(1 − p)⌉.
    if (!(c.loss > 0.0))
        return kInf;
    const double p = std::min(1.0, c.loss);
    if (m_config.loss_model == LossModel::Mean || p >= 1.0)
        return m_config.mss_bytes / p;
    const double u = 1.0 - lossUniform(c);
    return m_config.mss_bytes * std::max(1.0, std::ceil(std::log(u) / std::log1p(-p)));
}

double ConnectionTable::steadyCapBps(const Connection& c, bool receiveWindow) const
{
    // Steady TCP rate cap = min(rwnd/RTT, U(B_q, BDP)·C_bottleneck), U of the connection's
    // congestion control (the Reno sawtooth or CUBIC's cycle in a small drop-tail buffer);
    // random loss acts through the window (loss events, lossyRound), not through this cap;
    // the max-min share is applied on top by the solver.
    if (c.rtt_s <= 0.0)
        return kInf; // zero-delay path: no window or loss dynamics to model
    double cap = kInf;
    if (receiveWindow && m_config.max_window_bytes > 0.0)
        cap = std::min(cap, m_config.max_window_bytes * 8.0 / c.rtt_s);
    const bool cubic = m_config.congestion_control == CongestionControl::Cubic;
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
    return windowCapBps(c, sharedQueueS(c));
}

double ConnectionTable::windowCapBps(const Connection& c, double queue_s) const
{
    // The round after a loss event carries one window over RTT + the expected timeout time.
    if (windowLimited(c) && !c.burst && c.rtt_s > 0.0) {
        const double w = c.rateWindow_bytes > 0.0 ? c.rateWindow_bytes : c.cwnd_bytes;
        return std::min(w * 8.0 / (c.rtt_s + c.stall_s + queue_s), c.steadyCap_bps);
    }
    return c.withinWindow ? c.unwindowedCap_bps : c.steadyCap_bps;
}

double ConnectionTable::flowCapBps(const Connection& c, Protocol protocol) const
{
    return flowCapBps(c, protocol, sharedQueueS(c));
}

double ConnectionTable::flowCapBps(const Connection& c, Protocol protocol, double queue_s) const
{
    if (protocol != Protocol::Tcp)
        return kInf;
    // Concurrent messages of one connection share its window (docs §5).
    return windowCapBps(c, queue_s) / std::max<std::uint32_t>(1, c.tcpFlows);
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
    c.stall_s = 0.0;
    c.roundSent_bytes = c.sent_bytes; // the first round starts now
    c.rateWindow_bytes = 0.0;
    if (freshConnection || !(c.cwnd_bytes > 0.0)) {
        c.cwnd_bytes = iw;
        c.slowStart = true;
        c.growth = false;
        c.ssthresh_bytes = kInf;
        c.cubicWmax_bytes = 0.0;
    } else if (m_config.slow_start_after_idle && !keepWindow && idle > rto) {
        // Linux tcp_cwnd_restart (RFC 2861): ssthresh = max(ssthresh, ¾·cwnd), then halve
        // once per RTO of idle time after the first, never below the initial window; then slow
        // start back up (to ssthresh; without loss events, to the steady cap).
        c.ssthresh_bytes = std::max(c.ssthresh_bytes, 0.75 * c.cwnd_bytes);
        double cwnd = c.cwnd_bytes;
        for (double delta = idle - rto; delta > 0.0 && cwnd > iw; delta -= rto)
            cwnd *= 0.5;
        c.cwnd_bytes = std::max(cwnd, std::min(iw, c.cwnd_bytes));
        c.slowStart = true;
        c.growth = false;
    }
    if (lossEvents(c))
        return; // the loss-event model keeps its window state (lossyRound)
    c.slowStart = c.slowStart && c.rtt_s > 0.0 && c.cwnd_bytes * 8.0 / c.rtt_s < c.steadyCap_bps;
    c.growth = c.growth && c.rtt_s > 0.0 && c.cwnd_bytes * 8.0 / c.rtt_s < c.steadyCap_bps;
}

double ConnectionTable::rwndBytes() const
{
    if (m_config.max_window_bytes > 0.0)
        return m_config.max_window_bytes;
    return kInf;
}

double ConnectionTable::sendLimitBytes(const Connection& c) const
{
    const double rwnd = rwndBytes();
    return c.appWindow_bytes > 0.0 ? std::min(rwnd, c.appWindow_bytes) : rwnd;
}

double ConnectionTable::sharers(std::uint32_t resource) const
{
    return std::max(1.0, static_cast<double>(m_tcpLoad[resource].members.size()));
}

double ConnectionTable::firstLinkBps(const Connection& c) const
{
    return m_solver.capacityBps(m_arcs[c.arcs.front()].resource);
}

double ConnectionTable::slowStartOrder(const Connection& c) const
{
    return std::min(static_cast<double>(c.rank) + 1.0, sharers(c.bottleneckResource));
}

double ConnectionTable::overshootWindowBytes(const Connection& c, double before) const
{
    // Whether c's slow-start round from cwnd `before` to c.cwnd_bytes overflows its
    // bottleneck's buffer; in flight is min(cwnd, rwnd). Connections that slow-start together
    // (streams, a collective's step) reach the bottleneck one window after the other, in the
    // order they started (each one's ACKs release its next window as one block): c's block
    // finds the bursts of the rank connections ahead of it queued and their windows in the
    // pipe, so the last one overflows first and the first one as if alone (docs §5, shared
    // bottleneck). ns-3 with Linux's rules, 4 NewReno flows, 80 ms, 0.1-BDP queue: the losses
    // are seen at 642, 822, 1,462 and 3,894 segments in reverse order of start (this model:
    // 640, 742, 1,382, 3,942).
    // The sender learns of the first drop one RTT later, and until then every ACK of the
    // round's bytes sent before it still grows cwnd by what it acknowledges (slow start,
    // byte counting): the loss is detected at cwnd + those bytes (ns-3 with Linux's rules,
    // 1 GiB at 10 Gbit/s, 1,000-packet queue: the window doubles to 2,235 segments, the first
    // drop comes after ≈ 2·B_q = 2,000 of the next round's, the loss is seen at 4,296).
    if (c.arcs.empty() || c.rtt_s <= 0.0)
        return 0.0;
    const double sendCeiling = rwndBytes();
    const double first = slowStartBytesBeforeDrop(
        std::min(before, sendCeiling), std::min(c.cwnd_bytes, sendCeiling), firstLinkBps(c),
        c.bottleneck_bps, c.rtt_s, c.buffer_bytes, slowStartOrder(c) - 1.0);
    if (!std::isfinite(first))
        return 0.0;
    return std::min(c.cwnd_bytes + first, 2.0 * sendCeiling);
}

bool ConnectionTable::overshootLoss(Connection& c, double before, bool networkLimited,
                                    sim::SimTime now) const
{
    // Slow-start overshoot (overshootWindowBytes): the doubled window's burst overflows the
    // bottleneck's buffer, a loss event at the window the drop is seen at that is not one of
    // the random losses. A network-limited round or a last-window burst does not overshoot.
    const double overshoot = networkLimited || c.burst ? 0.0 : overshootWindowBytes(c, before);
    if (!(overshoot > 0.0))
        return false;
    c.cwnd_bytes = std::max(c.cwnd_bytes, overshoot);
    lossWithRecovery(c, now, false);
    return true;
}

bool ConnectionTable::sharedOverflow(Connection& c, sim::SimTime now) const
{
    // Connections through one bottleneck share its pipe and its drop-tail buffer: when their
    // windows together exceed what both hold, C_b·RTT + B_q, the queue overflows and drops the
    // packets of every connection sending then, not only of the one whose window grew last
    // (each connection's own ceiling, inflightCeilingBytes, is the whole BDP + B_q). c found
    // the overflow; Network cuts the others (overflowCut). ns-3 with Linux's rules, four Reno
    // flows, 20 ms, 1-BDP queue, p = 1e-4, run 10: three flows overflow in slow start and are
    // cut at 0.190-0.241 s (1,880, 1,921, 2,890 segments), the fourth, in congestion avoidance
    // at 64 segments after a random loss, at 0.271 s too (to 34); the kernel's four Reno flows
    // into 1-2 BDP drop 2,600-4,500 packets at the bottleneck. A connection in its recovery
    // does not count the overflow again. Like overshootLoss, the overflow is c's loss event.
    if (!c.slowStart || c.arcs.empty() || c.rtt_s <= 0.0 || !std::isfinite(c.bottleneck_bps) ||
        sharers(c.bottleneckResource) < 2.0 || inRecovery(c, now))
        return false;
    if (!(bottleneckWindowsBytes(c) > c.bottleneck_bps * c.rtt_s / 8.0 + c.buffer_bytes))
        return false;
    overflowLoss(c, now);
    c.overflowed = true;
    return true;
}

double ConnectionTable::sharedQueueS(const Connection& c) const
{
    if (c.arcs.empty() || sharers(c.bottleneckResource) < 2.0)
        return 0.0;
    return sharedQueueS(c, bottleneckWindowsBytes(c));
}

double ConnectionTable::sharedQueueS(const Connection& c, double windows_bytes) const
{
    // Windows beyond the pipe wait in the bottleneck's drop-tail queue, at most its buffer:
    // each connection then gets W_i/(RTT + Q/C_b), i.e. C_b·W_i/ΣW, the fluid model of a FIFO
    // (a flow's share of the queue is its share of the arrivals), not a max-min fair share.
    if (c.arcs.empty() || !std::isfinite(c.bottleneck_bps) || c.bottleneck_bps <= 0.0 ||
        sharers(c.bottleneckResource) < 2.0)
        return 0.0;
    const double queue_bytes =
        std::clamp(windows_bytes - c.bottleneck_bps * c.rtt_s / 8.0, 0.0, c.buffer_bytes);
    return queue_bytes * 8.0 / c.bottleneck_bps;
}

bool ConnectionTable::noteSharedQueue(std::uint32_t resource, double queue_s) const
{
    double& last = m_tcpLoad[resource].queue_s;
    if (last == queue_s)
        return false;
    last = queue_s;
    return true;
}

double ConnectionTable::bottleneckWindowsBytes(const Connection& c) const
{
    double windows = 0.0;
    for (std::uint32_t oi : m_tcpLoad[c.bottleneckResource].members) {
        const Connection& o = m_connections[oi];
        if (o.bottleneckResource == c.bottleneckResource)
            windows += std::min(o.cwnd_bytes, sendLimitBytes(o));
    }
    return windows;
}

bool ConnectionTable::hystartDelayExit(Connection& c, sim::SimTime now) const
{
    // HyStart's delay increase (tcp_cubic.c hystart_update, HYSTART_DELAY): slow start ends in
    // the round whose first RTT samples exceed the minimum by η = clamp(RTT/8, 4 ms, 16 ms),
    // i.e. once the windows through the bottleneck keep a queue of C_b·η (never, when the
    // buffer cannot hold η). Past the pipe slow start grows the windows by C_b per second (a
    // segment more per segment served) and the queue delay by a second per second, and a
    // round lasts RTT + the queue delay at its start: the first round that sees more than η
    // starts with the windows at 2·(BDP + C_b·η). Every connection in slow start there sees it
    // within that RTT and leaves slow start at the window it has; those windows are unequal
    // (each one's rounds reach the queue behind the bursts of the ones that started before
    // it): rank r holds a share ∝ 1/(r + 1). Where 2·(BDP + C_b·η) is beyond the pipe and the
    // buffer the queue overflows as well, and every connection is cut from its share.
    // Measured (docs §5): the kernel's four CUBIC flows at 100 Mbit/s leave slow start by the
    // delay (0 ACK-train exits in 11 runs), the windows summing to 2.4-3.2 BDP at RTT 20 ms,
    // 1.5-2.2 at 80 ms, 1.9-3.0 at 200 ms, sorted by size 1 : 0.31-0.98 : 0.22-0.31 :
    // 0.14-0.26 of the largest (ss -ti, two runs); ns-3 with Linux's rules 1.9-2.7 BDP,
    // 1 : 0.29-0.56 : 0.15-0.56 : 0.15-0.5.
    if (m_config.congestion_control != CongestionControl::Cubic || c.arcs.empty() ||
        c.rtt_s <= 0.0 || !std::isfinite(c.bottleneck_bps) || c.bottleneck_bps <= 0.0 ||
        sharers(c.bottleneckResource) < 2.0 ||
        c.cwnd_bytes < kHystartLowWindowSegments * m_config.mss_bytes)
        return false;
    const double eta_s = std::clamp(c.rtt_s / 8.0, kHystartDelayMinS, kHystartDelayMaxS);
    const double delay_bytes = c.bottleneck_bps * eta_s / 8.0;
    const double pipe_bytes = c.bottleneck_bps * c.rtt_s / 8.0;
    const double full_bytes = pipe_bytes + c.buffer_bytes;
    if (c.buffer_bytes < delay_bytes)
        return false;
    // The windows through the bottleneck (as bottleneckWindowsBytes), and what the connections
    // in slow start share at the exit: those windows less the ones already past slow start.
    double windows_bytes = 0.0;
    double others_bytes = 0.0;
    double weights = 0.0;
    for (std::uint32_t oi : m_tcpLoad[c.bottleneckResource].members) {
        const Connection& o = m_connections[oi];
        if (o.bottleneckResource != c.bottleneckResource)
            continue;
        const double w = std::min(o.cwnd_bytes, sendLimitBytes(o));
        windows_bytes += w;
        if (o.slowStart)
            weights += 1.0 / slowStartOrder(o);
        else
            others_bytes += w;
    }
    if (windows_bytes < std::min(2.0 * (pipe_bytes + delay_bytes), full_bytes))
        return false;
    c.delayExitShared_bytes = std::max(0.0, windows_bytes - others_bytes);
    c.delayExitWeights = weights;
    c.cwnd_bytes = std::max(2.0 * m_config.mss_bytes, delayExitShare(c, c));
    c.delayExited = true;
    if (windows_bytes > full_bytes) {
        overflowLoss(c, now);
        c.overflowed = true;
    } else {
        leaveSlowStart(c, now);
    }
    return true;
}

double ConnectionTable::delayExitShare(const Connection& o, const Connection& by) const
{
    return by.delayExitWeights > 0.0
               ? by.delayExitShared_bytes / slowStartOrder(o) / by.delayExitWeights
               : o.cwnd_bytes;
}

void ConnectionTable::leaveSlowStart(Connection& c, sim::SimTime now) const
{
    c.slowStart = false;
    c.growth = true;
    c.cubicOrigin_bytes = std::max(c.cwnd_bytes, c.cubicWmax_bytes);
    c.cubicK_s = std::cbrt((c.cubicOrigin_bytes - c.cwnd_bytes) / m_config.mss_bytes /
                           TransportModel::kCubicC);
    c.renoStart_bytes = c.cwnd_bytes;
    c.cubicElapsed_s = 0.0;
    c.cubicEpoch = now;
}

bool ConnectionTable::delayExitJoin(Connection& o, const Connection& by, sim::SimTime now) const
{
    if (&o == &by || o.tcpFlows == 0 || !o.slowStart || o.rtt_s <= 0.0 ||
        o.bottleneckResource != by.bottleneckResource)
        return false;
    o.cwnd_bytes = std::max(2.0 * m_config.mss_bytes, delayExitShare(o, by));
    leaveSlowStart(o, now);
    return true;
}

bool ConnectionTable::inRecovery(const Connection& c, sim::SimTime now)
{
    return c.lossEvents > 0 && (now - c.lastCut).toSeconds() < c.rtt_s;
}

void ConnectionTable::overflowLoss(Connection& c, sim::SimTime now) const
{
    lossWithRecovery(c, now, false);
    if (!lossEvents(c))
        c.nextLoss_bytes = kInf; // loss-free path: growth from the cut window (windowRound)
    c.rateWindow_bytes = 0.0;
}

bool ConnectionTable::overflowCut(Connection& o, const Connection& by, sim::SimTime now) const
{
    // A loss event for o from the overflow `by` found (sharedOverflow), unless o is `by`, has
    // another bottleneck, or is in its recovery. A connection still in slow start sees the
    // loss after the round in progress has doubled its window.
    if (&o == &by || o.tcpFlows == 0 || o.rtt_s <= 0.0 ||
        o.bottleneckResource != by.bottleneckResource || inRecovery(o, now))
        return false;
    if (o.slowStart)
        o.cwnd_bytes =
            std::min(2.0 * o.cwnd_bytes, std::max(o.cwnd_bytes, inflightCeilingBytes(o)));
    overflowLoss(o, now);
    return true;
}

void ConnectionTable::lossWithRecovery(Connection& c, sim::SimTime now, bool random) const
{
    // A loss event at cwnd = c.cwnd_bytes (lossEvent), then what its recovery does to the send
    // buffer. Linux keeps every unacknowledged byte in the send buffer (tcp_wmem, rwnd here):
    // from the loss until the retransmission is acknowledged the lost segment holds the left
    // edge, so the window in flight at the loss, W, plus what recovery sends at the cut window
    // must fit in it. When they do not, the sender stalls until the cumulative ACK frees the
    // buffer at once, and then sends what the cut window allows, min(W_cut, W + W_cut − rwnd),
    // as one burst at its first link's rate a. If that burst, ·(1 − C_b/a), overflows the
    // bottleneck's buffer, recovery ends in a second loss event: the window is cut twice.
    // ns-3 with Linux's rules, 80 ms, 1 Gbit/s, 0.1-BDP queue, 4 MiB buffers, a slow-start
    // overshoot at 3,894 segments: drops at 0.73 s (486) and again at 0.96 s (631); NewReno
    // 3,894 → 1,947 → 974 segments, CUBIC 3,894 → 2,726 → 1,914; with a 16 MiB send buffer one
    // cut.
    const double seen_bytes = c.cwnd_bytes;
    lossEvent(c, now, random);
    const double sendCeiling = rwndBytes();
    if (!std::isfinite(sendCeiling) || c.arcs.empty())
        return;
    const double burst_bytes =
        std::min(c.cwnd_bytes, std::min(seen_bytes, sendCeiling) + c.cwnd_bytes - sendCeiling);
    const double access_bps = firstLinkBps(c);
    if (burst_bytes > 0.0 && access_bps > c.bottleneck_bps &&
        burst_bytes * (1.0 - c.bottleneck_bps / access_bps) > c.buffer_bytes)
        lossEvent(c, now, false);
}

double ConnectionTable::cubicWindowBytes(const Connection& c, sim::SimTime now) const
{
    // CUBIC from HyStart's exit, no loss yet (tcp_cubic.c: last_max_cwnd = 0, so K = 0 and
    // the origin is the exit window W0): W(t) = W0 + C·t³ segments, or the Reno-friendly
    // estimate W0 + α·t/RTT (α = 3(1 − β)/(1 + β), tcp_friendliness) if larger, over the
    // connection's sending time t.
    // Before the first loss the window also grows at least ×1.05 per RTT (the cnt cap of 20).
    const double t = c.cubicElapsed_s + (now - c.cubicEpoch).toSeconds();
    const double grown =
        std::max(TransportModel::kCubicC * t * t * t, TransportModel::kCubicAlpha * t / c.rtt_s);
    return std::max(c.cubicOrigin_bytes + grown * m_config.mss_bytes,
                    noLossCapBytes(c.cubicOrigin_bytes, t, c.rtt_s));
}

double ConnectionTable::growthWindowBytes(const Connection& c, sim::SimTime now) const
{
    // Congestion avoidance since the epoch's start (a loss event or HyStart's exit), t the
    // sending time since then (negative during the expected timeout time of a loss):
    //   CUBIC (RFC 9438 §4.2-4.3, tcp_cubic.c): W(t) = max(W_max + C·(t − K)³,
    //         W_start + α·t/RTT) segments, α = 3(1 − β)/(1 + β);
    //   Reno (RFC 5681 with byte counting, tcp_cong_avoid_ai): W(t) = W_start + t/(b·RTT).
    const double t = std::max(0.0, c.cubicElapsed_s + (now - c.cubicEpoch).toSeconds());
    const double mss = m_config.mss_bytes;
    if (m_config.congestion_control == CongestionControl::Cubic) {
        const double dt = t - c.cubicK_s;
        const double cubic = c.cubicOrigin_bytes + TransportModel::kCubicC * dt * dt * dt * mss;
        const double reno = c.renoStart_bytes + TransportModel::kCubicAlpha * t / c.rtt_s * mss;
        if (c.cubicWmax_bytes <= 0.0) // no loss yet (HyStart's exit): at least ×1.05 per RTT
            return std::max({cubic, reno, noLossCapBytes(c.renoStart_bytes, t, c.rtt_s)});
        if (t < cubicFlatS(c, m_config))
            return c.renoStart_bytes; // flat until the increment is recomputed
        return std::max(cubic, reno);
    }
    return c.renoStart_bytes + t / (m_config.delayed_ack_b * c.rtt_s) * mss;
}

double ConnectionTable::inflightCeilingBytes(const Connection& c) const
{
    // The application's own in-flight limit (NCCL's slots) is applied by the application
    // layer, which issues messages only as slots free; it does not bound cwnd here.
    double ceiling = rwndBytes();
    if (std::isfinite(c.bottleneck_bps) && c.bottleneck_bps > 0.0)
        ceiling = std::min(ceiling, c.bottleneck_bps * c.rtt_s / 8.0 + c.buffer_bytes);
    return ceiling;
}

double ConnectionTable::roundS(const Connection& c, double tcpRate_bps, sim::SimTime now) const
{
    if (lossEvents(c)) {
        // Loss-event model: the round after a loss lasts RTT + the expected timeout time;
        // otherwise the next event is the earlier of a 1/32 growth of the window (one RTT in
        // slow start) and the next loss at the current rate, at least one RTT apart, at most
        // kMaxLossRounds RTTs (the rate may change meanwhile).
        constexpr double kMaxLossRounds = 16.0;
        if (c.stall_s > 0.0)
            return c.rtt_s + c.stall_s;
        double next = kMaxLossRounds * c.rtt_s;
        if (c.slowStart)
            next = c.rtt_s;
        else if (c.growth && c.cwnd_bytes < inflightCeilingBytes(c))
            next = std::min(next, growthStepS(c, m_config, now));
        if (tcpRate_bps > 0.0)
            next = std::min(next, (c.nextLoss_bytes - c.sent_bytes) * 8.0 / tcpRate_bps);
        return std::max(c.rtt_s, next);
    }
    if (c.stall_s > 0.0)
        return c.rtt_s + c.stall_s; // the round after a slow-start overshoot
    if (!c.growth)
        return c.rtt_s;
    if (!(c.cubicK_s == 0.0 && c.cubicOrigin_bytes == c.renoStart_bytes &&
          m_config.congestion_control == CongestionControl::Cubic))
        return std::max(c.rtt_s, growthStepS(c, m_config, now)); // an epoch after a loss event
    const double t = c.cubicElapsed_s + (now - c.cubicEpoch).toSeconds();
    const double step = c.cwnd_bytes / 32.0 / m_config.mss_bytes; // segments
    const double byCubic = std::cbrt(t * t * t + step / TransportModel::kCubicC) - t;
    const double byReno = step * c.rtt_s / TransportModel::kCubicAlpha;
    const double byNoLossCap = noLossCapTimeS(1.0 + 1.0 / 32.0, c.rtt_s);
    return std::max(c.rtt_s, std::min({byCubic, byReno, byNoLossCap}));
}

void ConnectionTable::lossEvent(Connection& c, sim::SimTime now, bool random) const
{
    // One loss event (docs §5): the window W at the loss is cut — Reno to W/2 (RFC 5681,
    // tcp_reno_ssthresh), CUBIC to β·W with W_max = W, or (1 + β)/2·W when W is below the
    // previous W_max (fast convergence), and K = ∛((W_max − β·W)/C) (RFC 9438 §4.6-4.7,
    // tcp_cubic.c) — never below 2 segments; slow start ends. The loss is a timeout with
    // probability Q, each costing T0·(1 + 32p²) (PFTK's backoff series): a sampled random
    // loss, recovered by SACK from the duplicate ACKs of what is sent after it, only when its
    // retransmission is lost too (Q = p) unless W < 4 segments; an overflow (losses correlated
    // within the round) or a loss at the mean spacing with PFTK's Q = min(1, 3/W) (W in
    // segments; fewer than three duplicate ACKs come back). The round after the loss carries
    // its window over RTT + the timeout time — drawn for a random loss (LossModel::Sampled),
    // else the expected Q·T0·(1 + 32p²).
    const double mss = m_config.mss_bytes;
    const double w = c.cwnd_bytes;
    const double p = std::min(1.0, c.loss);
    const bool cubic = m_config.congestion_control == CongestionControl::Cubic;
    double cut;
    if (cubic) {
        c.cubicWmax_bytes =
            w < c.cubicWmax_bytes ? w * (1.0 + TransportModel::kCubicBeta) / 2.0 : w;
        cut = std::max(2.0 * mss, TransportModel::kCubicBeta * w);
        c.cubicOrigin_bytes = std::max(c.cubicWmax_bytes, cut);
        c.cubicK_s = std::cbrt((c.cubicOrigin_bytes - cut) / mss / TransportModel::kCubicC);
    } else {
        cut = std::max(2.0 * mss, 0.5 * w);
    }
    c.cwnd_bytes = cut;
    c.ssthresh_bytes = cut;
    c.renoStart_bytes = cut;
    c.slowStart = false;
    c.growth = true;
    const double t0 = c.rtt_s + std::max(m_config.min_rto_s, 4.0 * c.rttvar_s);
    const bool sack = random && m_config.loss_model == LossModel::Sampled && w >= 4.0 * mss;
    const double q = sack ? p : std::min(1.0, 3.0 * mss / w);
    const double timeout_s = t0 * (1.0 + 32.0 * p * p);
    if (m_config.loss_model == LossModel::Mean || !random)
        c.stall_s = q * timeout_s;
    else
        c.stall_s = lossUniform(c) < q ? timeout_s : 0.0;
    // The epoch's growth starts after the timeout time.
    c.cubicElapsed_s = -c.stall_s;
    c.cubicEpoch = now;
    ++c.lossEvents;
    c.lastCut = now;
    // Random losses among what is sent in the RTT after the loss are the same loss event:
    // TCP learns of the loss one RTT later and recovers everything sent until then as one
    // (SACK recovery up to its recovery point, RFC 6675). The cut applies from the loss on, so
    // that RTT carries the cut window, not w.
    if (random)
        c.nextLoss_bytes += lossSpacingBytes(c);
    while (c.nextLoss_bytes <= c.sent_bytes + cut)
        c.nextLoss_bytes += lossSpacingBytes(c);
}

bool ConnectionTable::lossyRound(Connection& c, double tcpRate_bps, sim::SimTime now) const
{
    // Loss-event model (docs §5): the window follows slow start, HyStart and CUBIC/Reno growth
    // between loss events, never beyond what the connection can have in flight (rwnd, the
    // application's window, BDP + buffer: Linux grows cwnd only while cwnd-limited, in slow
    // start up to twice the packets in flight, tcp_is_cwnd_limited).
    const double ceiling = inflightCeilingBytes(c);
    c.stall_s = 0.0;
    const double roundStart_bytes = c.roundSent_bytes;
    c.roundSent_bytes = c.sent_bytes; // the next round starts now
    if (c.slowStart) {
        const double sendCeiling = rwndBytes(); // in slow start ×2
        const double ssCeiling = std::min(2.0 * sendCeiling, ceiling);
        const bool networkLimited = !c.burst && tcpRate_bps < windowCapBps(c) * (1.0 - 1e-9);
        const double before = c.cwnd_bytes;
        if (lossDue(c)) {
            // A random loss among the round's segments, j bytes into it: the sender sees it one
            // RTT later, when the ACKs of the j bytes before it have grown cwnd by j (slow
            // start, byte counting), and cuts from before + j, not from the doubled window.
            const double j = std::clamp(c.nextLoss_bytes - roundStart_bytes, 0.0, before);
            c.cwnd_bytes = std::min(before + j, std::max(before, ssCeiling));
            lossWithRecovery(c, now, true);
            c.rateWindow_bytes = 0.0;
            return true;
        }
        c.cwnd_bytes = std::min(2.0 * c.cwnd_bytes, std::max(c.cwnd_bytes, ssCeiling));
        if (hystartDelayExit(c, now)) {
            c.rateWindow_bytes = 0.0;
            return true;
        }
        if (overshootLoss(c, before, networkLimited, now) || sharedOverflow(c, now))
            return true;
        const bool hystart = hystartExits(c, before, c.cwnd_bytes, sendCeiling, m_config,
                                          sharers(c.bottleneckResource));
        if (c.cwnd_bytes >= c.ssthresh_bytes || networkLimited || hystart ||
            c.cwnd_bytes >= ssCeiling) {
            // Congestion avoidance from this window: CUBIC's curve from the last W_max (K = 0
            // and origin = cwnd when there is none above it), Reno's line.
            c.cwnd_bytes =
                std::min(c.cwnd_bytes, std::max(c.ssthresh_bytes, 2.0 * m_config.mss_bytes));
            leaveSlowStart(c, now);
        }
    } else if (c.growth) {
        // Linux does not grow cwnd while it is not the limit (tcp_is_cwnd_limited).
        c.cwnd_bytes = std::min(growthWindowBytes(c, now), std::max(c.cwnd_bytes, ceiling));
    }
    c.rateWindow_bytes = 0.0;
    if (lossDue(c)) {
        lossWithRecovery(c, now, true);
    } else if (c.growth) {
        // The rate of this round follows the window at its midpoint.
        const double half = 0.5 * roundS(c, tcpRate_bps, now);
        c.rateWindow_bytes = std::min(growthWindowBytes(c, now + sim::SimTime::fromSeconds(half)),
                                      std::max(c.cwnd_bytes, ceiling));
    }
    return true;
}

bool ConnectionTable::windowRound(Connection& c, double tcpRate_bps, sim::SimTime now) const
{
    if (lossEvents(c))
        return lossyRound(c, tcpRate_bps, now);
    const bool cubic = m_config.congestion_control == CongestionControl::Cubic;
    if (c.growth) {
        // HyStart's exit (K = 0, both lines from the exit window), or an epoch left from a
        // time the path was lossy.
        const bool fromHystart =
            cubic && c.cubicK_s == 0.0 && c.cubicOrigin_bytes == c.renoStart_bytes;
        c.stall_s = 0.0;
        c.cwnd_bytes = fromHystart ? cubicWindowBytes(c, now) : growthWindowBytes(c, now);
        c.growth = c.cwnd_bytes * 8.0 / c.rtt_s < c.steadyCap_bps;
        return c.growth;
    }
    // Slow start: cwnd doubles every RTT (RFC 5681, one ACK per segment growth ×2/RTT). It
    // ends when cwnd/RTT reaches the steady cap, or when the network, not the window, limits
    // the connection (in a real stack the queue would overflow and cwnd halve).
    const bool networkLimited = !c.burst && tcpRate_bps < windowCapBps(c) * (1.0 - 1e-9);
    const double before = c.cwnd_bytes;
    c.cwnd_bytes *= 2.0;
    if (hystartDelayExit(c, now)) // an overflow too: overflowLoss, growth from the cut
        return true;
    if (overshootLoss(c, before, networkLimited, now) || sharedOverflow(c, now)) {
        // CUBIC/Reno growth from the cut window until the steady cap (docs §5).
        c.nextLoss_bytes = kInf;
        return true;
    }
    if (networkLimited || c.cwnd_bytes * 8.0 / c.rtt_s >= c.steadyCap_bps) {
        c.slowStart = false;
        return false;
    }
    // HyStart's ACK train (hystartExits): slow start ends without a loss and CUBIC grows from
    // there.
    if (hystartExits(c, before, c.cwnd_bytes, kInf, m_config, sharers(c.bottleneckResource))) {
        c.slowStart = false;
        c.growth = true;
        c.cubicOrigin_bytes = c.cwnd_bytes;
        c.cubicK_s = 0.0;
        c.renoStart_bytes = c.cwnd_bytes;
        c.cubicElapsed_s = 0.0;
        c.cubicEpoch = now;
    }
    return true;
}

void ConnectionTable::closeWindow(Connection& c, sim::SimTime now) const
{
    if (c.growth) // growth pauses while nothing is sent (tcp_cubic.c CA_EVENT_TX_START)
        c.cubicElapsed_s += (now - c.cubicEpoch).toSeconds();
    else if (!c.slowStart && !lossEvents(c) && std::isfinite(c.steadyCap_bps))
        c.cwnd_bytes = std::max(c.cwnd_bytes, c.steadyCap_bps * c.rtt_s / 8.0);
    c.burst = false;
    c.lastSend = now;
}

void ConnectionTable::logSend(Connection& c, sim::SimTime now, double bytes)
{
    c.logged_bytes += bytes;
    c.sendLog.emplace_back(now.toSeconds(), c.logged_bytes);
    // Keep one point at or before the horizon now − RTT; older ones are never read again.
    const double horizon = now.toSeconds() - c.rtt_s;
    while (c.sendLog.size() > 2 && c.sendLog[1].first <= horizon)
        c.sendLog.pop_front();
}

double ConnectionTable::inFlightBytes(const Connection& c, sim::SimTime now, double sending_bytes)
{
    const double t = now.toSeconds();
    const double horizon = t - c.rtt_s;
    const double total = c.logged_bytes + sending_bytes;
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

void ConnectionTable::countTcpFlow(Connection& c, int delta)
{
    // Called after c.tcpFlows changed by delta: a connection counts while it has a message.
    const bool opened = delta > 0 && c.tcpFlows == 1;
    const bool closed = delta < 0 && c.tcpFlows == 0;
    if (opened && c.bottleneckResource < m_tcpLoad.size())
        c.rank = static_cast<std::uint32_t>(m_tcpLoad[c.bottleneckResource].members.size());
    const auto ci = static_cast<std::uint32_t>(&c - m_connections.data());
    for (std::uint32_t r : c.resources) {
        TcpLoad& load = m_tcpLoad[r];
        load.flows += static_cast<std::uint32_t>(delta);
        if (opened)
            load.members.push_back(ci);
        if (closed)
            load.members.erase(std::find(load.members.begin(), load.members.end(), ci));
    }
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
    const double window = sendLimitBytes(c);
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
