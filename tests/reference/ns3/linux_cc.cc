// Linux's congestion control for the ns-3 reference programs: see linux_cc.h.
#include "linux_cc.h"

#include "ns3/config.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/string.h"

#include <algorithm>
#include <cmath>
#include <iostream>

namespace ns3 {

namespace {
constexpr uint32_t kBetaScale = 1024;              // BICTCP_BETA_SCALE
constexpr uint32_t kBeta = 717;                    // beta = 0.7 (tcp_cubic.c default)
constexpr double kCubicC = 0.4;                    // C, segments / s^3 (bic_scale 41 / 1024 * 10)
constexpr uint32_t kCntClampNoLoss = 20;           // cnt cap while last_max_cwnd == 0
constexpr uint32_t kHystartLowWindow = 16;         // hystart_low_window, segments
constexpr uint32_t kHystartMinSamples = 8;         // HYSTART_MIN_SAMPLES
const Time kHystartAckDelta = MicroSeconds(2000);  // hystart_ack_delta_us
const Time kHystartDelayMin = MicroSeconds(4000);  // HYSTART_DELAY_MIN
const Time kHystartDelayMax = MicroSeconds(16000); // HYSTART_DELAY_MAX
constexpr double kGsoMaxBytes = 65536.0;           // sk_gso_max_size without BIG TCP
// beta_scale of the Reno-friendly estimate: 8 (1024 + beta) / 3 / (1024 - beta), integer.
constexpr uint32_t kFriendlyScale = 8 * (kBetaScale + kBeta) / 3 / (kBetaScale - kBeta);
} // namespace

bool LinuxCwndLimited(Ptr<const TcpSocketState> tcb, uint32_t segmentsAcked)
{
    const uint32_t cwnd = tcb->m_cWnd.Get();
    // The flight when this ACK's data was still out: m_bytesInFlight, refreshed as the ACK
    // arrives, no longer counts the segments it acknowledges (checked on traces).
    const uint32_t inflight = tcb->m_bytesInFlight.Get() + segmentsAcked * tcb->m_segmentSize;
    if (cwnd < tcb->m_ssThresh.Get()) {
        return cwnd < 2 * inflight; // slow start: cwnd may reach twice the flight
    }
    return inflight + tcb->m_segmentSize > cwnd; // the flight filled cwnd
}

bool UseCongestionControl(const std::string& cc)
{
    const char* type = cc == "cubic"         ? "ns3::TcpCubic"
                       : cc == "newreno"     ? "ns3::TcpNewReno"
                       : cc == "linux-cubic" ? "ns3::MeridianLinuxCubic"
                       : cc == "linux-reno"  ? "ns3::MeridianLinuxReno"
                                             : nullptr;
    if (type == nullptr) {
        std::cerr << "unknown --cc " << cc << "\n";
        return false;
    }
    Config::SetDefault("ns3::TcpL4Protocol::SocketType", StringValue(type));
    return true;
}

NS_OBJECT_ENSURE_REGISTERED(MeridianLinuxReno);
NS_OBJECT_ENSURE_REGISTERED(MeridianLinuxCubic);

TypeId MeridianLinuxReno::GetTypeId()
{
    static TypeId tid = TypeId("ns3::MeridianLinuxReno")
                            .SetParent<TcpLinuxReno>()
                            .SetGroupName("Internet")
                            .AddConstructor<MeridianLinuxReno>();
    return tid;
}

void MeridianLinuxReno::IncreaseWindow(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked)
{
    if (LinuxCwndLimited(tcb, segmentsAcked)) {
        TcpLinuxReno::IncreaseWindow(tcb, segmentsAcked);
    }
}

Ptr<TcpCongestionOps> MeridianLinuxReno::Fork()
{
    return CopyObject<MeridianLinuxReno>(this);
}

TypeId MeridianLinuxCubic::GetTypeId()
{
    static TypeId tid = TypeId("ns3::MeridianLinuxCubic")
                            .SetParent<TcpCongestionOps>()
                            .SetGroupName("Internet")
                            .AddConstructor<MeridianLinuxCubic>();
    return tid;
}

Ptr<TcpCongestionOps> MeridianLinuxCubic::Fork()
{
    return CopyObject<MeridianLinuxCubic>(this);
}

void MeridianLinuxCubic::ResetCubic()
{
    m_cnt = 0;
    m_lastMaxCwnd = 0;
    m_lastCwnd = 0;
    m_lastTime = Seconds(0);
    m_originPoint = 0.0;
    m_k_s = 0.0;
    m_delayMin = Seconds(0);
    m_inEpoch = false;
    m_ackCnt = 0;
    m_tcpCwnd = 0;
    m_found = false;
}

void MeridianLinuxCubic::ResetHystartRound(Ptr<const TcpSocketState> tcb)
{
    m_roundStart = m_lastAck = Simulator::Now();
    m_endSeq = tcb->m_highTxMark;
    m_currRtt = Seconds(0);
    m_sampleCnt = 0;
}

uint32_t MeridianLinuxCubic::GetSsThresh(Ptr<const TcpSocketState> tcb, uint32_t)
{
    const uint32_t cwnd = tcb->GetCwndInSegments();
    m_inEpoch = false; // end of epoch
    // W_max with fast convergence: a loss below the previous W_max releases bandwidth.
    if (cwnd < m_lastMaxCwnd) {
        m_lastMaxCwnd = cwnd * (kBetaScale + kBeta) / (2 * kBetaScale);
    } else {
        m_lastMaxCwnd = cwnd;
    }
    return std::max(cwnd * kBeta / kBetaScale, 2U) * tcb->m_segmentSize;
}

void MeridianLinuxCubic::CongestionStateSet(Ptr<TcpSocketState> tcb,
                                            const TcpSocketState::TcpCongState_t newState)
{
    if (newState == TcpSocketState::CA_LOSS) { // retransmission timeout
        ResetCubic();
        ResetHystartRound(tcb);
    }
}

uint32_t MeridianLinuxCubic::UpdateCnt(uint32_t cwnd, uint32_t acked)
{
    const Time now = Simulator::Now();
    m_ackCnt += acked;
    // Recomputed at most every 1/32 s while cwnd is unchanged.
    if (m_lastCwnd == cwnd && now - m_lastTime <= MilliSeconds(1000) / 32) {
        return m_cnt;
    }
    if (!(m_inEpoch && now == m_lastTime)) {
        m_lastCwnd = cwnd;
        m_lastTime = now;
        if (!m_inEpoch) {
            m_inEpoch = true;
            m_epochStart = now;
            m_ackCnt = acked;
            m_tcpCwnd = cwnd;
            if (m_lastMaxCwnd <= cwnd) {
                m_k_s = 0.0;
                m_originPoint = cwnd;
            } else {
                m_k_s = std::cbrt((m_lastMaxCwnd - cwnd) / kCubicC);
                m_originPoint = m_lastMaxCwnd;
            }
        }
        // The target one minimum RTT ahead.
        const double t_s = (now - m_epochStart + m_delayMin).GetSeconds();
        const double offs_s = std::fabs(t_s - m_k_s);
        const double delta = kCubicC * offs_s * offs_s * offs_s;
        const double target = t_s < m_k_s ? m_originPoint - delta : m_originPoint + delta;
        if (target > cwnd) {
            m_cnt = static_cast<uint32_t>(std::max(1.0, std::floor(cwnd / (target - cwnd))));
        } else {
            m_cnt = 100 * cwnd; // very small increment
        }
        if (m_lastMaxCwnd == 0 && m_cnt > kCntClampNoLoss) {
            m_cnt = kCntClampNoLoss;
        }
    }
    // Reno-friendly region: the window a Reno flow with the same cuts would have.
    const uint32_t perSegment = std::max(1U, cwnd * kFriendlyScale >> 3);
    while (m_ackCnt > perSegment) {
        m_ackCnt -= perSegment;
        ++m_tcpCwnd;
    }
    if (m_tcpCwnd > cwnd) {
        const uint32_t maxCnt = cwnd / (m_tcpCwnd - cwnd);
        m_cnt = std::min(m_cnt, maxCnt);
    }
    m_cnt = std::max(m_cnt, 2U);
    return m_cnt;
}

void MeridianLinuxCubic::IncreaseWindow(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked)
{
    if (!LinuxCwndLimited(tcb, segmentsAcked)) {
        return;
    }
    uint32_t acked = segmentsAcked;
    if (tcb->m_cWnd < tcb->m_ssThresh) { // tcp_slow_start: up to ssthresh, the rest in CA
        // (HyStart's rounds are reset in PktsAcked, as hystart_update does since Linux 5.16.)
        const uint32_t seg = tcb->m_segmentSize;
        const uint32_t cwnd = tcb->GetCwndInSegments();
        const uint32_t ssthresh = tcb->m_ssThresh.Get() / seg;
        const uint32_t grown = std::min(cwnd + acked, std::max(ssthresh, cwnd));
        acked -= std::min(acked, grown - cwnd);
        tcb->m_cWnd = grown * seg;
        if (acked == 0) {
            return;
        }
    }
    const uint32_t cwnd = tcb->GetCwndInSegments();
    const uint32_t cnt = UpdateCnt(cwnd, acked);
    // tcp_cong_avoid_ai(tp, cnt, acked)
    uint32_t grown = cwnd;
    if (m_cwndCnt >= cnt) {
        m_cwndCnt = 0;
        ++grown;
    }
    m_cwndCnt += acked;
    if (m_cwndCnt >= cnt) {
        const uint32_t delta = m_cwndCnt / cnt;
        m_cwndCnt -= delta * cnt;
        grown += delta;
    }
    tcb->m_cWnd = grown * tcb->m_segmentSize;
}

void MeridianLinuxCubic::PktsAcked(Ptr<TcpSocketState> tcb, uint32_t, const Time& rtt)
{
    if (!rtt.IsStrictlyPositive()) {
        return;
    }
    // Discard delay samples right after a loss (within one second of the epoch's start).
    if (m_inEpoch && Simulator::Now() - m_epochStart < Seconds(1)) {
        return;
    }
    if (m_delayMin.IsZero() || m_delayMin > rtt) {
        m_delayMin = rtt;
    }
    if (!m_found && tcb->m_cWnd < tcb->m_ssThresh) {
        HystartUpdate(tcb, rtt);
    }
}

void MeridianLinuxCubic::HystartUpdate(Ptr<TcpSocketState> tcb, Time delay)
{
    // A new round starts when an ACK passes the end of the previous one (snd_una after
    // end_seq), tested first on every slow-start RTT sample, before the ACK-train test: Linux
    // >= 5.16, commit 4e1fddc98d25 ("tcp_cubic: fix spurious Hystart ACK train detections for
    // not-cwnd-limited flows") moved the reset from bictcp_cong_avoid (cwnd-limited ACKs only,
    // after hystart_update) to the top of hystart_update. So the first ACK of a round starts a
    // new train instead of continuing the previous round's (with the old placement slow start
    // ended at ~19 segments at RTT <= ~2 ms; now near half the BDP). The reset comes before
    // the hystart_low_window test: commit 25c1a9ca53db ("tcp_cubic: fix incorrect HyStart
    // round start detection", Linux 6.13, in 6.1.y and 6.6.y stable since February 2025),
    // so rounds are also tracked below 16 segments and the first round at 16 starts at a
    // round boundary.
    if (tcb->m_lastAckedSeq > m_endSeq) {
        ResetHystartRound(tcb);
    }
    if (tcb->GetCwndInSegments() < kHystartLowWindow) {
        return;
    }
    const Time now = Simulator::Now();
    // ACK train: ACKs closely spaced for longer than half the minimum RTT (plus half the
    // expected ACK delay, hystart_ack_delay: 4 GSO packets at the pacing rate, <= 1 ms).
    if (now - m_lastAck <= kHystartAckDelta) {
        m_lastAck = now;
        Time ackDelay = MilliSeconds(1);
        const double srtt_s = tcb->m_lastRtt.Get().GetSeconds(); // ~srtt in slow start
        if (srtt_s > 0) {
            const double pacingBytesPerS = 2.0 * tcb->m_cWnd.Get() / srtt_s; // ss ratio 200 %
            ackDelay = std::min(ackDelay, Seconds(4.0 * kGsoMaxBytes / pacingBytesPerS));
        }
        const Time threshold = (m_delayMin + ackDelay) / 2;
        if (now - m_roundStart > threshold) {
            m_found = true;
            tcb->m_ssThresh = tcb->m_cWnd.Get();
            return;
        }
    }
    // Delay increase: the round's minimum RTT, after 8 samples, above the threshold.
    if (m_currRtt.IsZero() || m_currRtt > delay) {
        m_currRtt = delay;
    }
    if (m_sampleCnt < kHystartMinSamples) {
        ++m_sampleCnt;
    } else {
        const Time thresh = std::clamp(m_delayMin / 8, kHystartDelayMin, kHystartDelayMax);
        if (m_currRtt > m_delayMin + thresh) {
            m_found = true;
            tcb->m_ssThresh = tcb->m_cWnd.Get();
        }
    }
}

} // namespace ns3
