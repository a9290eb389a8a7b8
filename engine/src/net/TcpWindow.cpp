#include "TcpWindow.hpp"

#include "meridian/net/MaxMinSolver.hpp"
#include "meridian/net/TransportModel.hpp"
#include "meridian/sim/RngStream.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

namespace meridian::net {

namespace {
// hystart_ack_delay (tcp_cubic.c): at most 1 ms, else the time four GSO bursts of
// sk_gso_max_size (64 KiB) take at the pacing rate.
constexpr double kHystartMaxAckDelayS = 0.001;
constexpr double kHystartGsoBurstBytes = 4.0 * 65536.0;
// A round whose rate is below the window's by more than this was limited by the network.
constexpr double kNetworkLimitedTolerance = 1e-9;
// The tail-loss probe's timeout beyond 2·SRTT (Linux TCP_TIMEOUT_MIN, 2 jiffies at HZ 1000).
constexpr double kTailLossProbeExtraS = 0.002;

// Slow-start overshoot (§5.5): in a slow-start round the ACKs of the
// previous round's inflight_prev bytes come back spaced by the bottleneck (rate C) and each
// releases what cwnd's growth allows, so the round's inflight_new bytes arrive at
// a = min(access rate, C·inflight_new/inflight_prev) and queue at a − C while they arrive: the
// queue peaks at inflight_new·(1 − C/a), then drains to what exceeds the pipe, inflight_new −
// BDP. `ahead` connections slow-starting in step reach the bottleneck first, each with the
// same window: this one's block finds their bursts queued and their windows in the pipe.
// Returns how many of the round's bytes arrive before the first drop (+∞: none): what is left
// of B_q times a/(a − C) for the burst, and (BDP + B_q − ahead·inflight_new −
// inflight_prev)·inflight_new/(inflight_new − inflight_prev) for the standing queue.
// A burst of `window_bytes` arriving at the bottleneck at `arrival_bps` behind `ahead` equal
// bursts queued there queues at arrival − C: how many of its bytes arrive before the first
// drop, what is left of B_q times a/(a − C) (+∞: the buffer holds it).
double burstBytesBeforeDrop(double window_bytes, double arrival_bps, const PathFigures& path,
                            double ahead)
{
    const double bottleneck_bps = path.bottleneck_bps;
    if (!(arrival_bps > bottleneck_bps))
        return kInf;
    const double burst_bytes = window_bytes * (1.0 - bottleneck_bps / arrival_bps);
    const double queued_bytes = ahead * burst_bytes;
    if (!(queued_bytes + burst_bytes > path.buffer_bytes))
        return kInf;
    return std::max(0.0, path.buffer_bytes - queued_bytes) * arrival_bps /
           (arrival_bps - bottleneck_bps);
}

double slowStartBytesBeforeDrop(double inflightPrev_bytes, double inflightNew_bytes,
                                double access_bps, const PathFigures& path, double ahead)
{
    const double bottleneck_bps = path.bottleneck_bps;
    if (!std::isfinite(bottleneck_bps) || !(bottleneck_bps > 0.0) || !(inflightPrev_bytes > 0.0))
        return kInf;
    const double arrival_bps =
        std::min(access_bps, bottleneck_bps * inflightNew_bytes / inflightPrev_bytes);
    double first = burstBytesBeforeDrop(inflightNew_bytes, arrival_bps, path, ahead);
    const double pipe = path.pipeAndBufferBytes() - ahead * inflightNew_bytes;
    if (inflightNew_bytes > pipe && inflightNew_bytes > inflightPrev_bytes)
        first = std::min(first, std::max(0.0, pipe - inflightPrev_bytes) * inflightNew_bytes /
                                    (inflightNew_bytes - inflightPrev_bytes));
    if (!std::isfinite(first))
        return kInf;
    return std::min(first, inflightNew_bytes);
}

// CUBIC before its first loss grows at least ×1.05 per RTT (tcp_cubic.c caps the ACKs per
// increment at 20 while last_max_cwnd = 0): the window `start_bytes` becomes after t_s of
// sending, and the sending time it takes to grow by `ratio`.
double noLossCapBytes(double start_bytes, double t_s, double rtt_s)
{
    return start_bytes * std::pow(TransportModel::kCubicNoLossGrowthPerRtt, t_s / rtt_s);
}

double noLossCapTimeS(double ratio, double rtt_s)
{
    return rtt_s * std::log(ratio) / std::log(TransportModel::kCubicNoLossGrowthPerRtt);
}

// HyStart's ACK train (tcp_cubic.c hystart_update, HYSTART_ACK_TRAIN) ends slow start in the
// round that takes cwnd from `before` to `after` bytes (in flight at most `sendCeiling`): a
// window sent back to back returns as a train W/C_b long, which ends slow start once it spans
// (delay_min + hystart_ack_delay)/2, where hystart_ack_delay = min(1 ms, 4·64 KiB / pacing
// rate) and the pacing rate in slow start is 2·W/RTT (tcp_pacing_ss_ratio): W ≥ BDP/2 plus at
// most C_b·0.5 ms. Since Linux 5.16 (4e1fddc98d25) the round is reset before the train test,
// so the first ACK of a round never continues the previous round's train, however short the
// gap (before it, at RTT ≲ 2 ms slow start ended at ≈ 19 segments, as ns-3.37's TcpCubic
// still does). The rule holds for a connection alone on its bottleneck: with others there
// each one's ACKs come back as short trains with the others' between them, and the delay
// increase ends their slow start instead (SharedBottlenecks::delayExit).
bool hystartExits(const TcpContext& ctx, double after, double sendCeiling, double sharers)
{
    const PathFigures& path = ctx.path;
    if (ctx.config.congestion_control != CongestionControl::Cubic || !path.hasBottleneck() ||
        after < TcpWindow::kHystartLowWindowSegments * ctx.config.mss_bytes || sharers >= 2.0 ||
        !(path.rtt_s > 0.0))
        return false;
    const double window = std::min(after, sendCeiling);
    const double pacing_Bps = 2.0 * window / path.rtt_s;
    const double ackDelay_s = std::min(kHystartMaxAckDelayS, kHystartGsoBurstBytes / pacing_Bps);
    return window * 8.0 / path.bottleneck_bps >= 0.5 * (path.rtt_s + ackDelay_s);
}
} // namespace

// ---------------------------------------------------------------------------------------
// State and rate

bool TcpWindow::inRecovery(const PathFigures& path, sim::SimTime now) const
{
    return m_lossEvents > 0 && (now - m_lastCut).toSeconds() < path.rtt_s;
}

double TcpWindow::capBps(const PathFigures& path, double queue_s) const
{
    if (limits(path) && !m_lastWindow && path.rtt_s > 0.0) {
        const double w = m_rateWindow_bytes > 0.0 ? m_rateWindow_bytes : m_cwnd_bytes;
        return std::min(w * 8.0 / (path.rtt_s + m_stall_s + queue_s), path.steadyCap_bps);
    }
    return m_withinWindow ? path.unwindowedCap_bps : path.steadyCap_bps;
}

double TcpWindow::rwndBytes(const NetworkConfig& config)
{
    if (config.max_window_bytes > 0.0)
        return config.max_window_bytes;
    return kInf;
}

double TcpWindow::inflightCeilingBytes(const TcpContext& ctx)
{
    // The application's own in-flight limit (NCCL's slots) is applied by the application
    // layer, which issues messages only as slots free; it does not bound cwnd here.
    double ceiling = rwndBytes(ctx.config);
    if (ctx.path.hasBottleneck())
        ceiling = std::min(ceiling, ctx.path.pipeAndBufferBytes());
    return ceiling;
}

// ---------------------------------------------------------------------------------------
// Opening and closing

void TcpWindow::open(const TcpContext& ctx, bool fresh, bool keepWindow, sim::SimTime now)
{
    const NetworkConfig& config = ctx.config;
    const double iw = config.initial_window_segments * config.mss_bytes;
    const double rto = ctx.path.rtoS(config.min_rto_s);
    const double idle = (now - m_lastSend).toSeconds();
    m_epochResumed = now; // a paused growth resumes now
    m_stall_s = 0.0;
    m_roundSent_bytes = m_sent_bytes; // the first round starts now
    m_rateWindow_bytes = 0.0;
    // A connection first used by UDP/reliable messages has no window yet: start it fresh.
    if (fresh || !(m_cwnd_bytes > 0.0)) {
        m_cwnd_bytes = iw;
        m_slowStart = true;
        m_initialRound = true;
        m_growth = false;
        m_ssthresh_bytes = kInf;
        m_cubicWmax_bytes = 0.0;
        m_freshLossEvents = m_lossEvents;
    } else if (config.slow_start_after_idle && !keepWindow && idle > rto) {
        // tcp_cwnd_restart (RFC 2861): ssthresh = max(ssthresh, ¾·cwnd), then halve once per
        // RTO of idle time after the first, never below the initial window; slow start back.
        m_ssthresh_bytes = std::max(m_ssthresh_bytes, 0.75 * m_cwnd_bytes);
        double cwnd = m_cwnd_bytes;
        for (double delta = idle - rto; delta > 0.0 && cwnd > iw; delta -= rto)
            cwnd *= 0.5;
        m_cwnd_bytes = std::max(cwnd, std::min(iw, m_cwnd_bytes));
        m_slowStart = true;
        m_growth = false;
    }
    if (ctx.path.lossEvents())
        return; // the loss-event model keeps its window state
    const PathFigures& path = ctx.path;
    const bool belowCap = path.rtt_s > 0.0 && m_cwnd_bytes * 8.0 / path.rtt_s < path.steadyCap_bps;
    m_slowStart = m_slowStart && belowCap;
    m_growth = m_growth && belowCap;
}

void TcpWindow::close(const TcpContext& ctx, sim::SimTime now)
{
    const PathFigures& path = ctx.path;
    if (m_growth) // growth pauses while nothing is sent (tcp_cubic.c CA_EVENT_TX_START)
        m_epochElapsed_s += (now - m_epochResumed).toSeconds();
    else if (!m_slowStart && !path.lossEvents() && std::isfinite(path.steadyCap_bps))
        m_cwnd_bytes = std::max(m_cwnd_bytes, path.steadyCap_bps * path.rtt_s / 8.0);
    m_lastWindow = false;
    m_lastSend = now;
}

// ---------------------------------------------------------------------------------------
// Rounds

bool TcpWindow::networkLimited(const PathFigures& path, double tcpRate_bps, double queue_s) const
{
    return !m_lastWindow && tcpRate_bps < capBps(path, queue_s) * (1.0 - kNetworkLimitedTolerance);
}

bool TcpWindow::round(const TcpContext& ctx, double tcpRate_bps, sim::SimTime now,
                      BottleneckRules& shared)
{
    const double roundStart_bytes = m_roundSent_bytes;
    if (ctx.path.lossEvents())
        m_roundSent_bytes = m_sent_bytes; // the next round starts now
    m_stall_s = 0.0;
    if (m_slowStart)
        return slowStartRound(ctx, tcpRate_bps, now, shared, roundStart_bytes);
    return avoidanceRound(ctx, tcpRate_bps, now, shared);
}

bool TcpWindow::slowStartRound(const TcpContext& ctx, double tcpRate_bps, sim::SimTime now,
                               BottleneckRules& shared, double roundStart_bytes)
{
    const PathFigures& path = ctx.path;
    const bool lossy = path.lossEvents();
    // On a lossy path the window may reach what can be in flight (2·rwnd: Linux grows cwnd in
    // slow start up to twice the packets in flight, tcp_is_cwnd_limited).
    const double sendCeiling = lossy ? rwndBytes(ctx.config) : kInf;
    double ssCeiling = kInf;
    if (lossy)
        ssCeiling = std::min(2.0 * sendCeiling, inflightCeilingBytes(ctx));
    const bool limitedByNetwork = networkLimited(path, tcpRate_bps, shared.queueS());
    const double before = m_cwnd_bytes;
    if (lossy && lossDue(ctx)) {
        // A random loss j bytes into the round: the sender sees it one RTT later, when the ACKs
        // of the j bytes before it have grown cwnd by j (byte counting), and cuts from
        // before + j, not from the doubled window.
        const double j = std::clamp(m_nextLoss_bytes - roundStart_bytes, 0.0, before);
        m_cwnd_bytes = std::min(before + j, std::max(before, ssCeiling));
        cutWithRecovery(ctx, now, true);
        m_rateWindow_bytes = 0.0;
        return true;
    }
    if (std::exchange(m_initialRound, false) &&
        initialBurstLoss(ctx, before, shared.ahead(), now)) {
        if (!lossy)
            m_nextLoss_bytes = kInf; // growth from the cut window until the steady cap
        return true;
    }
    m_cwnd_bytes = std::min(2.0 * m_cwnd_bytes, std::max(m_cwnd_bytes, ssCeiling));
    if (shared.positionalExit(now)) { // the bursts queued ahead of this one's ACKs
        m_rateWindow_bytes = 0.0;
        return true;
    }
    if (shared.delayExit(now)) { // an overflow too: overflowLoss, growth from the cut
        m_rateWindow_bytes = 0.0;
        return true;
    }
    if (overshootLoss(ctx, before, limitedByNetwork, shared.ahead(), now) || shared.overflow(now)) {
        if (!lossy)
            m_nextLoss_bytes = kInf; // growth from the cut window until the steady cap
        return true;
    }
    const bool trainExit = hystartExits(ctx, m_cwnd_bytes, sendCeiling, shared.sharers());
    if (!lossy) {
        // No loss events: the steady cap stands for the sawtooth, and slow start ends there.
        if (limitedByNetwork || m_cwnd_bytes * 8.0 / path.rtt_s >= path.steadyCap_bps) {
            m_slowStart = false;
            return false;
        }
        if (trainExit)
            exitByAckTrain(now);
        return true;
    }
    if (m_cwnd_bytes >= m_ssthresh_bytes || limitedByNetwork || trainExit ||
        m_cwnd_bytes >= ssCeiling) {
        m_cwnd_bytes =
            std::min(m_cwnd_bytes, std::max(m_ssthresh_bytes, 2.0 * ctx.config.mss_bytes));
        leaveSlowStart(ctx, now);
    }
    return lossyRoundEnd(ctx, tcpRate_bps, now);
}

bool TcpWindow::avoidanceRound(const TcpContext& ctx, double tcpRate_bps, sim::SimTime now,
                               BottleneckRules& shared)
{
    const PathFigures& path = ctx.path;
    if (path.lossEvents()) {
        // Linux does not grow cwnd while it is not the limit (tcp_is_cwnd_limited).
        if (m_growth)
            m_cwnd_bytes = std::min(growthWindowBytes(ctx, now),
                                    std::max(m_cwnd_bytes, inflightCeilingBytes(ctx)));
        return lossyRoundEnd(ctx, tcpRate_bps, now);
    }
    // Loss-free growth runs until cwnd/RTT reaches the steady cap. An epoch with K = 0 and
    // both lines from one origin (HyStart's exit) follows CUBIC's curve from that origin.
    const bool fromOrigin = ctx.config.congestion_control == CongestionControl::Cubic &&
                            m_cubicK_s == 0.0 && m_origin_bytes == m_renoStart_bytes;
    m_cwnd_bytes = fromOrigin ? cubicFromOriginBytes(ctx, now) : growthWindowBytes(ctx, now);
    m_growth = m_cwnd_bytes * 8.0 / path.rtt_s < path.steadyCap_bps;
    // Into a queue too small for every connection's burst the windows grown here overflow it
    // again (drop-tail lock-out, SharedBottlenecks::lockOut): a round of its own follows.
    if (shared.overflow(now))
        return true;
    return m_growth;
}

bool TcpWindow::lossyRoundEnd(const TcpContext& ctx, double tcpRate_bps, sim::SimTime now)
{
    m_rateWindow_bytes = 0.0;
    if (lossDue(ctx)) {
        cutWithRecovery(ctx, now, true);
    } else if (m_growth) {
        // The rate of this round follows the window at its midpoint.
        const double half = 0.5 * roundS(ctx, tcpRate_bps, now);
        m_rateWindow_bytes = std::min(growthWindowBytes(ctx, now + sim::SimTime::fromSeconds(half)),
                                      std::max(m_cwnd_bytes, inflightCeilingBytes(ctx)));
    }
    return true;
}

double TcpWindow::roundS(const TcpContext& ctx, double tcpRate_bps, sim::SimTime now) const
{
    const PathFigures& path = ctx.path;
    if (path.lossEvents()) {
        // The next event is the earlier of a 1/32 growth of the window (one RTT in slow start)
        // and the next loss at the current rate, at least one RTT apart, at most
        // kMaxLossRounds RTTs (the rate may change meanwhile).
        constexpr double kMaxLossRounds = 16.0;
        if (m_stall_s > 0.0)
            return path.rtt_s + m_stall_s;
        double next = kMaxLossRounds * path.rtt_s;
        if (m_slowStart)
            next = path.rtt_s;
        else if (m_growth && m_cwnd_bytes < inflightCeilingBytes(ctx))
            next = std::min(next, growthStepS(ctx, now));
        if (tcpRate_bps > 0.0)
            next = std::min(next, (m_nextLoss_bytes - m_sent_bytes) * 8.0 / tcpRate_bps);
        return std::max(path.rtt_s, next);
    }
    if (m_stall_s > 0.0)
        return path.rtt_s + m_stall_s; // the round after a slow-start overshoot
    if (!m_growth)
        return path.rtt_s;
    if (!(m_cubicK_s == 0.0 && m_origin_bytes == m_renoStart_bytes &&
          ctx.config.congestion_control == CongestionControl::Cubic))
        return std::max(path.rtt_s, growthStepS(ctx, now)); // an epoch after a loss event
    const double t = epochTimeS(now);
    const double step = m_cwnd_bytes / 32.0 / ctx.config.mss_bytes; // segments
    const double byCubic = std::cbrt(t * t * t + step / TransportModel::kCubicC) - t;
    const double byReno = step * path.rtt_s / TransportModel::kCubicAlpha;
    const double byNoLossCap = noLossCapTimeS(1.0 + 1.0 / 32.0, path.rtt_s);
    return std::max(path.rtt_s, std::min({byCubic, byReno, byNoLossCap}));
}

// ---------------------------------------------------------------------------------------
// Leaving slow start

void TcpWindow::leaveSlowStart(const TcpContext& ctx, sim::SimTime now)
{
    m_slowStart = false;
    m_growth = true;
    m_origin_bytes = std::max(m_cwnd_bytes, m_cubicWmax_bytes);
    m_cubicK_s =
        std::cbrt((m_origin_bytes - m_cwnd_bytes) / ctx.config.mss_bytes / TransportModel::kCubicC);
    m_renoStart_bytes = m_cwnd_bytes;
    m_epochElapsed_s = 0.0;
    m_epochResumed = now;
}

void TcpWindow::exitByAckTrain(sim::SimTime now)
{
    m_slowStart = false;
    m_growth = true;
    m_origin_bytes = m_cwnd_bytes;
    m_cubicK_s = 0.0;
    m_renoStart_bytes = m_cwnd_bytes;
    m_epochElapsed_s = 0.0;
    m_epochResumed = now;
}

void TcpWindow::exitSlowStartAt(const TcpContext& ctx, double window_bytes, sim::SimTime now)
{
    m_cwnd_bytes = window_bytes;
    leaveSlowStart(ctx, now);
}

// ---------------------------------------------------------------------------------------
// Growth curves

double TcpWindow::epochTimeS(sim::SimTime now) const
{
    return m_epochElapsed_s + (now - m_epochResumed).toSeconds();
}

double TcpWindow::cubicFlatS(const TcpContext& ctx) const
{
    // After a loss the curve's slope at the epoch's start is 3·C·K² segments/s, so cwnd first
    // grows after 1/(3·C·K²) s; while cwnd is unchanged Linux recomputes the increment only
    // every HZ/32 jiffies (tcp_cubic.c bictcp_update), counting the ACKs meanwhile: the window
    // stays at its cut for 1/32 s, then catches up with max(cubic, Reno). 0 where the curve
    // moves it sooner (K ≥ 5.1 s, W ≳ 180 segments).
    if (ctx.config.congestion_control != CongestionControl::Cubic || m_cubicWmax_bytes <= 0.0)
        return 0.0;
    const double slope = 3.0 * TransportModel::kCubicC * m_cubicK_s * m_cubicK_s; // segments/s
    return slope * TransportModel::kCubicRecomputeS < 1.0 ? TransportModel::kCubicRecomputeS : 0.0;
}

double TcpWindow::cubicFromOriginBytes(const TcpContext& ctx, sim::SimTime now) const
{
    const double t = epochTimeS(now);
    const double grown = std::max(TransportModel::kCubicC * t * t * t,
                                  TransportModel::kCubicAlpha * t / ctx.path.rtt_s);
    return std::max(m_origin_bytes + grown * ctx.config.mss_bytes,
                    noLossCapBytes(m_origin_bytes, t, ctx.path.rtt_s));
}

double TcpWindow::growthWindowBytes(const TcpContext& ctx, sim::SimTime now) const
{
    // t = sending time since the epoch's start, 0 during the timeout time of a loss:
    //   CUBIC (RFC 9438 §4.2-4.3): W(t) = max(W_max + C·(t − K)³, W_start + α·t/RTT);
    //   Reno (RFC 5681 with byte counting, tcp_cong_avoid_ai): W(t) = W_start + t/(b·RTT).
    const double t = std::max(0.0, epochTimeS(now));
    const double mss = ctx.config.mss_bytes;
    const double rtt_s = ctx.path.rtt_s;
    if (ctx.config.congestion_control == CongestionControl::Cubic) {
        const double dt = t - m_cubicK_s;
        const double cubic = m_origin_bytes + TransportModel::kCubicC * dt * dt * dt * mss;
        const double reno = m_renoStart_bytes + TransportModel::kCubicAlpha * t / rtt_s * mss;
        if (m_cubicWmax_bytes <= 0.0) // no loss yet (HyStart's exit): at least ×1.05 per RTT
            return std::max({cubic, reno, noLossCapBytes(m_renoStart_bytes, t, rtt_s)});
        if (t < cubicFlatS(ctx))
            return m_renoStart_bytes; // flat until the increment is recomputed
        return std::max(cubic, reno);
    }
    return m_renoStart_bytes + t / (ctx.config.delayed_ack_b * rtt_s) * mss;
}

double TcpWindow::growthStepS(const TcpContext& ctx, sim::SimTime now) const
{
    const double target = m_cwnd_bytes * (1.0 + 1.0 / 32.0);
    const double t = epochTimeS(now);
    const double mss = ctx.config.mss_bytes;
    const double rtt_s = ctx.path.rtt_s;
    double until; // growth time at which the window reaches target
    if (ctx.config.congestion_control == CongestionControl::Cubic) {
        const double byCubic =
            m_cubicK_s + std::cbrt((target - m_origin_bytes) / mss / TransportModel::kCubicC);
        const double byReno =
            (target - m_renoStart_bytes) / mss * rtt_s / TransportModel::kCubicAlpha;
        until = std::max(std::min(byCubic, byReno), cubicFlatS(ctx));
        if (m_cubicWmax_bytes <= 0.0) // no loss yet: at least ×1.05 per RTT
            until = std::min(until, noLossCapTimeS(target / m_renoStart_bytes, rtt_s));
    } else {
        until = (target - m_renoStart_bytes) / mss * ctx.config.delayed_ack_b * rtt_s;
    }
    return until - t;
}

// ---------------------------------------------------------------------------------------
// Loss events

void TcpWindow::cut(const TcpContext& ctx, sim::SimTime now, bool random)
{
    // Reno: W/2 (RFC 5681, tcp_reno_ssthresh). CUBIC: β·W with W_max = W, or (1 + β)/2·W below
    // the previous W_max (fast convergence), K = ∛((W_max − β·W)/C) (RFC 9438 §4.6-4.7).
    // The timeout probability Q: a sampled random loss, recovered by SACK from the duplicate
    // ACKs of what is sent after it, times out only when its retransmission is lost too
    // (Q = p) unless W < 4 segments; an overflow (losses correlated within the round) or a
    // loss at the mean spacing has PFTK's Q = min(1, 3/W). The timeout costs T0·(1 + 32p²)
    // (PFTK's backoff series): drawn for a random loss (LossModel::Sampled), else expected.
    const NetworkConfig& config = ctx.config;
    const double mss = config.mss_bytes;
    const double w = m_cwnd_bytes;
    const double p = std::min(1.0, ctx.path.loss);
    double cutTo;
    if (config.congestion_control == CongestionControl::Cubic) {
        m_cubicWmax_bytes =
            w < m_cubicWmax_bytes ? w * (1.0 + TransportModel::kCubicBeta) / 2.0 : w;
        cutTo = std::max(2.0 * mss, TransportModel::kCubicBeta * w);
        m_origin_bytes = std::max(m_cubicWmax_bytes, cutTo);
        m_cubicK_s = std::cbrt((m_origin_bytes - cutTo) / mss / TransportModel::kCubicC);
    } else {
        cutTo = std::max(2.0 * mss, 0.5 * w);
    }
    m_cwnd_bytes = cutTo;
    m_ssthresh_bytes = cutTo;
    m_renoStart_bytes = cutTo;
    m_slowStart = false;
    m_growth = true;
    const double t0 = ctx.path.rtoS(config.min_rto_s);
    const bool sack = random && config.loss_model == LossModel::Sampled && w >= 4.0 * mss;
    const double q = sack ? p : std::min(1.0, 3.0 * mss / w);
    const double timeout_s = t0 * (1.0 + 32.0 * p * p);
    if (config.loss_model == LossModel::Mean || !random)
        m_stall_s = q * timeout_s;
    else
        m_stall_s = lossUniform(ctx) < q ? timeout_s : 0.0;
    // The epoch's growth starts after the timeout time.
    m_epochElapsed_s = -m_stall_s;
    m_epochResumed = now;
    ++m_lossEvents;
    m_lastCut = now;
    // Random losses among what is sent in the RTT after the loss are the same loss event
    // (SACK recovery up to its recovery point, RFC 6675): the next one comes after one RTT at
    // the cut window.
    if (random)
        m_nextLoss_bytes += lossSpacingBytes(ctx);
    while (m_nextLoss_bytes <= m_sent_bytes + cutTo)
        m_nextLoss_bytes += lossSpacingBytes(ctx);
}

void TcpWindow::cutWithRecovery(const TcpContext& ctx, sim::SimTime now, bool random)
{
    // Linux keeps every unacknowledged byte in the send buffer (tcp_wmem, rwnd here): from the
    // loss until the retransmission is acknowledged the lost segment holds the left edge, so
    // the window in flight at the loss, W, plus what recovery sends at the cut window must fit
    // in it. When they do not, the sender stalls until the cumulative ACK frees the buffer at
    // once, then sends min(W_cut, W + W_cut − rwnd) as one burst at its first link's rate a;
    // if that burst, ·(1 − C_b/a), overflows the bottleneck's buffer, recovery ends in a
    // second loss event (§5.5).
    const PathFigures& path = ctx.path;
    const double seen_bytes = m_cwnd_bytes;
    cut(ctx, now, random);
    const double sendCeiling = rwndBytes(ctx.config);
    if (!std::isfinite(sendCeiling) || !path.routed)
        return;
    const double burst_bytes =
        std::min(m_cwnd_bytes, std::min(seen_bytes, sendCeiling) + m_cwnd_bytes - sendCeiling);
    const double access_bps = path.firstLink_bps;
    if (burst_bytes > 0.0 && access_bps > path.bottleneck_bps &&
        burst_bytes * (1.0 - path.bottleneck_bps / access_bps) > path.buffer_bytes)
        cut(ctx, now, false);
}

double TcpWindow::overshootWindowBytes(const TcpContext& ctx, double before, double ahead) const
{
    // In flight is min(cwnd, rwnd). The sender learns of the first drop one RTT later, and
    // until then every ACK of the round's bytes sent before it still grows cwnd by what it
    // acknowledges (byte counting): the loss is seen at cwnd + those bytes.
    const PathFigures& path = ctx.path;
    if (!path.routed || path.rtt_s <= 0.0)
        return 0.0;
    const double sendCeiling = rwndBytes(ctx.config);
    const double first =
        slowStartBytesBeforeDrop(std::min(before, sendCeiling), std::min(m_cwnd_bytes, sendCeiling),
                                 path.firstLink_bps, path, ahead);
    if (!std::isfinite(first))
        return 0.0;
    return std::min(m_cwnd_bytes + first, 2.0 * sendCeiling);
}

bool TcpWindow::overshootLoss(const TcpContext& ctx, double before, bool networkLimited,
                              double ahead, sim::SimTime now)
{
    // A network-limited round or a last-window burst does not overshoot.
    const double overshoot =
        networkLimited || m_lastWindow ? 0.0 : overshootWindowBytes(ctx, before, ahead);
    if (!(overshoot > 0.0))
        return false;
    m_cwnd_bytes = std::max(m_cwnd_bytes, overshoot);
    cutWithRecovery(ctx, now, false);
    return true;
}

bool TcpWindow::initialBurstLoss(const TcpContext& ctx, double before, double ahead,
                                 sim::SimTime now)
{
    // The initial windows of connections that start together leave back to back at the
    // first link's rate a (no ACK clock yet, no pacing): this one's finds the `ahead` bursts
    // before it queued, ahead·IW·(1 − C_b/a), and its first drop comes after what is left of
    // B_q times a/(a − C_b) of its own (§5.6). A connection alone keeps §5.5's rounds.
    const PathFigures& path = ctx.path;
    if (!(ahead >= 1.0) || !path.routed || !path.hasBottleneck() || !(before > 0.0))
        return false;
    const double first_bytes = burstBytesBeforeDrop(before, path.firstLink_bps, path, ahead);
    if (!std::isfinite(first_bytes))
        return false;
    m_cwnd_bytes = before + std::min(first_bytes, before);
    cutWithRecovery(ctx, now, false);
    // What is dropped is the burst's tail, which no later segment's SACK reveals: Linux
    // recovers it by the tail-loss probe (RFC 8985, tcp_schedule_loss_probe: 2·SRTT plus
    // TCP_TIMEOUT_MIN), not by a retransmission timeout.
    m_stall_s =
        first_bytes >= ctx.config.mss_bytes
            ? 0.0
            : 2.0 * path.rtt_s + kTailLossProbeExtraS +
                  path.rtt_s * std::log2(std::max(1.0, m_cwnd_bytes / ctx.config.mss_bytes));
    m_epochElapsed_s = -m_stall_s;
    return true;
}

void TcpWindow::overflowLoss(const TcpContext& ctx, sim::SimTime now)
{
    cutWithRecovery(ctx, now, false);
    if (!ctx.path.lossEvents())
        m_nextLoss_bytes = kInf; // loss-free path: growth from the cut window
    m_rateWindow_bytes = 0.0;
}

void TcpWindow::overflowLossAt(const TcpContext& ctx, double window_bytes, sim::SimTime now)
{
    m_cwnd_bytes = window_bytes;
    overflowLoss(ctx, now);
}

void TcpWindow::cutByOverflow(const TcpContext& ctx, sim::SimTime now)
{
    if (m_slowStart)
        m_cwnd_bytes =
            std::min(2.0 * m_cwnd_bytes, std::max(m_cwnd_bytes, inflightCeilingBytes(ctx)));
    overflowLoss(ctx, now);
}

// ---------------------------------------------------------------------------------------
// The loss clock

void TcpWindow::restartLossClock(const TcpContext& ctx)
{
    if (ctx.path.loss > 0.0)
        m_nextLoss_bytes = m_sent_bytes + lossSpacingBytes(ctx);
}

bool TcpWindow::lossDue(const TcpContext& ctx) const
{
    // The round was timed for the loss; a hundredth of a segment absorbs the rounding of its
    // time to whole nanoseconds.
    return m_sent_bytes >= m_nextLoss_bytes - 0.01 * ctx.config.mss_bytes;
}

double TcpWindow::lossUniform(const TcpContext& ctx)
{
    return sim::RngStream(ctx.config.seed, m_lossStream, m_lossDraws++).uniform();
}

double TcpWindow::lossSpacingBytes(const TcpContext& ctx)
{
    // Bernoulli loss p per segment: the segments sent up to and including the next loss are
    // geometric, P(k) = (1 − p)^(k−1)·p, mean 1/p; inverted from u ∈ (0, 1] as
    // ⌈ln u / ln(1 − p)⌉.
    const double loss = ctx.path.loss;
    if (!(loss > 0.0))
        return kInf;
    const double p = std::min(1.0, loss);
    if (ctx.config.loss_model == LossModel::Mean || p >= 1.0)
        return ctx.config.mss_bytes / p;
    const double u = 1.0 - lossUniform(ctx);
    return ctx.config.mss_bytes * std::max(1.0, std::ceil(std::log(u) / std::log1p(-p)));
}

} // namespace meridian::net
