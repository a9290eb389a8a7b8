#pragma once
// One TCP connection's congestion window (docs/network-model.md §5.2-§5.5, §5.7): one state machine
// for every path, driven one RTT round at a time (round()):
//
//   slow start      cwnd ×2 per round (RFC 5681, IW = RFC 6928) until ssthresh, the network
//                   (not the window) limiting the rate, HyStart's ACK train (W ≥ BDP/2, or
//                   trains merged when RTT − W/C_b ≤ 2 ms; tcp_cubic.c), HyStart's delay
//                   increase or an overflow of a shared bottleneck (SharedBottlenecks), or a
//                   slow-start overshoot of the bottleneck's buffer (a loss event);
//   growth          congestion avoidance over sending time t since the epoch:
//                   CUBIC W(t) = max(W_max + C·(t − K)³, W_start + α·t/RTT) (RFC 9438 §4),
//                   ×1.05 per RTT at least before the first loss (tcp_cubic.c's cnt cap),
//                   flat for 1/32 s after a cut (bictcp_update's recompute interval);
//                   Reno W(t) = W_start + t/(b·RTT) (RFC 5681, byte counting);
//   loss event      Reno W/2, CUBIC β·W with W_max and K (RFC 9438 §4.6-4.7, fast convergence),
//                   never below 2 segments; a timeout with probability Q costing
//                   T0·(1 + 32p²) (PFTK), Q = p for a sampled random loss that SACK recovers,
//                   min(1, 3/W) otherwise; a second cut when recovery stalls on the send
//                   buffer and its burst overflows the bottleneck (cutWithRecovery);
//   idle restart    RFC 2861 / tcp_cwnd_restart: cwnd halves per RTO idle beyond the first.
//
// A loss-free path (p = 0) has no loss events: its slow start and growth end where cwnd/RTT
// reaches the steady cap U(B_q, BDP)·C_b, which stands for the sawtooth's mean (§5.3). A lossy path
// draws its random losses from the connection's own stream (geometric spacing, mean MSS/p;
// LossModel::Mean: exactly MSS/p) and caps cwnd at what can be in flight, min(rwnd, BDP + B_q) (×2
// for rwnd in slow start, tcp_is_cwnd_limited).
//
// Checked by tests/validation/SlowStartValidationTest.cpp, CubicValidationTest.cpp,
// TcpModelValidationTest.cpp, MidTransferLossTest.cpp and the reference rows of
// docs/validation.md (the tcp-* and lx-* groups).

#include "PathFigures.hpp"
#include "meridian/net/NetworkConfig.hpp"
#include "meridian/sim/SimTime.hpp"

#include <cstdint>
#include <limits>

namespace meridian::net {

/// What a window rule reads besides the window: the stack's settings and the path now.
struct TcpContext
{
    const NetworkConfig& config;
    const PathFigures& path;
};

/// The rules of the connections that share this one's bottleneck, as a round of its window
/// consults them (SharedBottlenecks implements them for one connection).
class BottleneckRules
{
public:
    virtual ~BottleneckRules() = default;
    /// TCP connections sending through the bottleneck, at least 1.
    virtual double sharers() const = 0;
    /// Connections whose slow-start rounds reach the bottleneck's queue before this one's.
    virtual double ahead() const = 0;
    /// The queue delay the windows through the bottleneck keep there now (s).
    virtual double queueS() const = 0;
    /// HyStart's delay increase seen by this connection alone, from the slow-start bursts
    /// of the connections ahead of it: whether this round ends its slow start at its window.
    virtual bool positionalExit(sim::SimTime now) = 0;
    /// HyStart's delay increase for every connection in slow start there: whether this
    /// round ends this one's slow start (its window then set by the rule).
    virtual bool delayExit(sim::SimTime now) = 0;
    /// Whether the windows there overflow the pipe and the buffer in this round (in slow
    /// start; in congestion avoidance into a queue that locks out): this connection then cut
    /// unless the lock-out spares it, and flagged so that the others are cut too.
    virtual bool overflow(sim::SimTime now) = 0;
};

class TcpWindow
{
public:
    /// HyStart acts only from this window on (tcp_cubic.c hystart_low_window).
    static constexpr double kHystartLowWindowSegments = 16.0;

    TcpWindow() = default;
    /// lossStream: the entity id of the connection's loss stream (one per (seed, src, dst,
    /// stream), so that its losses do not depend on what else the network carries).
    explicit TcpWindow(std::uint64_t lossStream) : m_lossStream(lossStream) {}

    // --- state ------------------------------------------------------------------------------
    double cwndBytes() const noexcept { return m_cwnd_bytes; }
    bool inSlowStart() const noexcept { return m_slowStart; }
    /// The connection sends its last window: everything left fits in cwnd.
    bool lastWindow() const noexcept { return m_lastWindow; }
    /// Expected (or drawn) retransmission-timeout time of the current round.
    double stallS() const noexcept { return m_stall_s; }
    /// Wire bytes to send until the next random loss.
    double bytesToNextLoss() const noexcept { return m_nextLoss_bytes - m_sent_bytes; }
    /// Whether the window, not the steady cap, may limit the connection: slow start,
    /// congestion-avoidance growth, or a lossy path where loss events cut it.
    bool limits(const PathFigures& path) const noexcept
    {
        return m_slowStart || m_growth || path.lossEvents();
    }
    /// A loss event has cut the window since it last started fresh (on a loss-free path: the
    /// window has filled the bottleneck's buffer).
    bool cutSinceFresh() const noexcept { return m_lossEvents > m_freshLossEvents; }
    /// Cut less than an RTT ago: a further overflow is part of the same recovery.
    bool inRecovery(const PathFigures& path, sim::SimTime now) const;

    /// Rate the window allows the whole connection (bit/s): one window per RTT plus the
    /// timeout time of the round plus queue_s, the shared queue at its bottleneck; at most the
    /// steady cap.
    double capBps(const PathFigures& path, double queue_s) const;

    // --- the life of the window ---------------------------------------------------------------
    /// A TCP message starts on a connection with no TCP message sending: the window is fresh,
    /// kept from the last message, or decayed by idleness (RFC 2861; keepWindow: the
    /// application kept the connection busy meanwhile).
    void open(const TcpContext& ctx, bool fresh, bool keepWindow, sim::SimTime now);
    /// The connection's last TCP message stopped sending: keep the window for the next one.
    void close(const TcpContext& ctx, sim::SimTime now);
    /// Whether the connection sends its last window, and whether everything left plus what is
    /// in flight fits in the receive window (then rwnd/RTT does not cap the rate: Linux's
    /// tcp_snd_wnd_test limits the bytes in flight, not the rate).
    void setLastWindow(bool lastWindow, bool withinWindow) noexcept
    {
        m_lastWindow = lastWindow;
        m_withinWindow = withinWindow;
    }
    /// The connection sent `bytes` more wire bytes (its loss clock).
    void noteSent(double bytes) noexcept { m_sent_bytes += bytes; }
    /// The path's loss changed: the next loss is one spacing at the new p away.
    void restartLossClock(const TcpContext& ctx);

    /// One RTT round of a window-limited connection whose TCP messages send at tcpRate_bps in
    /// total; returns whether the window still limits the connection.
    bool round(const TcpContext& ctx, double tcpRate_bps, sim::SimTime now,
               BottleneckRules& shared);
    /// Time to the next round: one RTT in slow start; in growth, the time the window takes to
    /// grow by 1/32 (at least one RTT); on a lossy path no later than the next loss at the
    /// current rate (at least one RTT, at most 16); after a loss event RTT + its timeout time.
    double roundS(const TcpContext& ctx, double tcpRate_bps, sim::SimTime now) const;

    // --- transitions the shared-bottleneck rules make -----------------------------------------
    /// Leaves slow start at `window_bytes` (HyStart's delay exit).
    void exitSlowStartAt(const TcpContext& ctx, double window_bytes, sim::SimTime now);
    /// A loss event from an overflow of the shared bottleneck (not a random loss), then growth
    /// from the cut window.
    void overflowLoss(const TcpContext& ctx, sim::SimTime now);
    /// The same, with cwnd first set to window_bytes.
    void overflowLossAt(const TcpContext& ctx, double window_bytes, sim::SimTime now);
    /// The overflow another connection found cuts this one: in slow start the round in
    /// progress first doubles the window (up to what can be in flight).
    void cutByOverflow(const TcpContext& ctx, sim::SimTime now);

private:
    bool slowStartRound(const TcpContext& ctx, double tcpRate_bps, sim::SimTime now,
                        BottleneckRules& shared, double roundStart_bytes);
    bool avoidanceRound(const TcpContext& ctx, double tcpRate_bps, sim::SimTime now,
                        BottleneckRules& shared);
    /// What every round on a lossy path ends with: the random loss due in it, or the rate of
    /// the round from the window at its midpoint.
    bool lossyRoundEnd(const TcpContext& ctx, double tcpRate_bps, sim::SimTime now);
    /// Whether the network, not the window, limited the round's rate.
    bool networkLimited(const PathFigures& path, double tcpRate_bps, double queue_s) const;
    /// Congestion avoidance from the window now: CUBIC's curve from the last W_max (K = 0 and
    /// origin = cwnd when there is none above it), Reno's line.
    void leaveSlowStart(const TcpContext& ctx, sim::SimTime now);
    /// HyStart's ACK train ended slow start without a loss: CUBIC grows from this window.
    void exitByAckTrain(sim::SimTime now);
    /// A loss event at cwnd (Reno ½, CUBIC β with W_max and K) and its timeout time (random:
    /// a random loss, whose timeout is drawn unless LossModel::Mean).
    void cut(const TcpContext& ctx, sim::SimTime now, bool random);
    /// cut(), and a second one when recovery stalls on the send buffer and the burst that
    /// follows overflows the bottleneck's buffer.
    void cutWithRecovery(const TcpContext& ctx, sim::SimTime now, bool random);
    /// A slow-start round from `before` to cwnd that overflows the bottleneck's buffer behind
    /// `ahead` connections' bursts is a loss event at the window the drop is seen at.
    bool overshootLoss(const TcpContext& ctx, double before, bool networkLimited, double ahead,
                       sim::SimTime now);
    double overshootWindowBytes(const TcpContext& ctx, double before, double ahead) const;
    /// The first round of a fresh connection: its initial window left as one burst at its
    /// first link's rate behind the initial windows of `ahead` connections that started with
    /// it; a loss event at the window the drop is seen at when they overflow the buffer.
    bool initialBurstLoss(const TcpContext& ctx, double before, double ahead, sim::SimTime now);
    /// Sending time since the epoch's start (negative during a loss's timeout time).
    double epochTimeS(sim::SimTime now) const;
    /// Window of the current congestion-avoidance epoch at `now`.
    double growthWindowBytes(const TcpContext& ctx, sim::SimTime now) const;
    /// CUBIC from an origin with K = 0 (HyStart's exit): origin + max(C·t³, α·t/RTT)
    /// segments, at least ×1.05 per RTT.
    double cubicFromOriginBytes(const TcpContext& ctx, sim::SimTime now) const;
    /// Time until the epoch's window has grown by 1/32 more.
    double growthStepS(const TcpContext& ctx, sim::SimTime now) const;
    /// Time CUBIC's window stays at its cut (1/32 s, or 0 where the curve moves it sooner).
    double cubicFlatS(const TcpContext& ctx) const;
    /// Largest window the connection can have in flight: min(rwnd, BDP + B_q).
    static double inflightCeilingBytes(const TcpContext& ctx);
    static double rwndBytes(const NetworkConfig& config);
    // The loss clock: Bernoulli loss p per segment.
    bool lossDue(const TcpContext& ctx) const;
    double lossSpacingBytes(const TcpContext& ctx);
    double lossUniform(const TcpContext& ctx);

    double m_cwnd_bytes = 0.0;
    double m_ssthresh_bytes = std::numeric_limits<double>::infinity();
    // The congestion-avoidance epoch (HyStart's exit or the last loss event).
    double m_cubicWmax_bytes = 0.0; ///< CUBIC's last_max_cwnd (0: no loss yet)
    double m_origin_bytes = 0.0;    ///< the cubic curve's plateau, W_max of the epoch
    double m_cubicK_s = 0.0;        ///< time the cubic curve takes back to its origin
    double m_renoStart_bytes = 0.0; ///< start of the Reno(-friendly) line of the epoch
    double m_epochElapsed_s = 0.0;  ///< growth time before the current sending period
    sim::SimTime m_epochResumed;    ///< start of the current sending period
    double m_stall_s = 0.0;         ///< timeout time of this round
    /// Window the rate of the current round is computed from while the window grows: cwnd at
    /// the round's midpoint (0: cwnd itself), so that a stepwise rate follows the growth.
    double m_rateWindow_bytes = 0.0;
    // The loss clock.
    double m_sent_bytes = 0.0;      ///< TCP wire bytes the connection has sent
    double m_nextLoss_bytes = 0.0;  ///< m_sent_bytes at which the next random loss comes
    double m_roundSent_bytes = 0.0; ///< m_sent_bytes when the current round started
    std::uint64_t m_lossStream = 0;
    std::uint64_t m_lossDraws = 0;
    std::uint64_t m_lossEvents = 0;
    /// m_lossEvents when the window last started fresh.
    std::uint64_t m_freshLossEvents = 0;
    sim::SimTime m_lastCut;  ///< when the last loss event came
    sim::SimTime m_lastSend; ///< when the last TCP message stopped sending
    bool m_slowStart = true;
    bool m_growth = false;
    bool m_lastWindow = false;
    bool m_initialRound = false; ///< the next round is a fresh connection's first
    bool m_withinWindow = false;
};

} // namespace meridian::net
