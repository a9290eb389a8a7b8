// Linux's congestion control for the ns-3 reference programs (docs/validation.md, "ns-3 with
// Linux's congestion control").
//
// ns-3.37's TcpCubic and TcpNewReno depart from Linux in ways that change the grid's answers
// (docs/validation.md, departures 2, 6 and 7). These two classes give ns-3's packet-level TCP
// (segments, ACK clock, SACK, PRR, drop-tail queues) the window rules of Linux 6.x, written
// from the kernel's behaviour as documented in net/ipv4/tcp_cubic.c, tcp_cong.c and
// tcp_output.c:
//
//  * cwnd grows only while it limits the sender (tcp_is_cwnd_limited): in slow start while
//    cwnd < 2 x the packets in flight, in congestion avoidance while the flight fills cwnd;
//  * Reno (MeridianLinuxReno): ns-3's TcpLinuxReno (byte counting, tcp_cong_avoid_ai), plus
//    the rule above;
//  * CUBIC (MeridianLinuxCubic): bictcp_update with the Reno-friendly ("TCP friendliness")
//    estimate, fast convergence, cnt clamp 20 before the first loss, beta 717/1024, C 0.4;
//    HyStart's ACK train ends slow start when a round's ACKs span more than
//    (delay_min + ack_delay)/2 (a round restarts on the first RTT sample past its end, before
//    the train test, as hystart_update does since Linux 5.16), and its delay test when the round's minimum RTT exceeds
//    delay_min + clamp(delay_min/8, 4 ms, 16 ms) after 8 samples; RTT samples in the first
//    second after a loss are ignored; an RTO (CA_Loss) resets the state.
#pragma once

#include "ns3/tcp-congestion-ops.h"
#include "ns3/tcp-linux-reno.h"

#include <string>

namespace ns3 {

/// True when Linux would grow cwnd on this ACK (tcp_is_cwnd_limited): the flight before the
/// ACK, as Linux's packets_out when it validated cwnd at the last send.
bool LinuxCwndLimited(Ptr<const TcpSocketState> tcb, uint32_t segmentsAcked);

/// Sets TcpL4Protocol::SocketType for a --cc value: cubic and newreno are ns-3's own classes,
/// linux-cubic and linux-reno the ones below. False (with a message on stderr) for any other.
bool UseCongestionControl(const std::string& cc);

class MeridianLinuxReno : public TcpLinuxReno
{
public:
    static TypeId GetTypeId();
    MeridianLinuxReno() = default;
    MeridianLinuxReno(const MeridianLinuxReno& other) = default;
    std::string GetName() const override { return "MeridianLinuxReno"; }
    void IncreaseWindow(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked) override;
    Ptr<TcpCongestionOps> Fork() override;
};

class MeridianLinuxCubic : public TcpCongestionOps
{
public:
    static TypeId GetTypeId();
    MeridianLinuxCubic() = default;
    MeridianLinuxCubic(const MeridianLinuxCubic& other) = default;
    std::string GetName() const override { return "MeridianLinuxCubic"; }
    uint32_t GetSsThresh(Ptr<const TcpSocketState> tcb, uint32_t bytesInFlight) override;
    void IncreaseWindow(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked) override;
    void PktsAcked(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked, const Time& rtt) override;
    void CongestionStateSet(Ptr<TcpSocketState> tcb,
                            const TcpSocketState::TcpCongState_t newState) override;
    Ptr<TcpCongestionOps> Fork() override;

private:
    void ResetCubic();
    void ResetHystartRound(Ptr<const TcpSocketState> tcb);
    void HystartUpdate(Ptr<TcpSocketState> tcb, Time delay);
    // Segments acknowledged per cwnd increment (bictcp_update's cnt).
    uint32_t UpdateCnt(uint32_t cwndSegments, uint32_t acked);

    // CUBIC state, in segments (tcp_cubic.c struct bictcp).
    uint32_t m_cnt{0};
    uint32_t m_lastMaxCwnd{0};
    uint32_t m_lastCwnd{0};
    Time m_lastTime{Seconds(0)};
    double m_originPoint{0.0};
    double m_k_s{0.0};
    Time m_delayMin{Seconds(0)}; // 0 = no sample yet
    Time m_epochStart{Seconds(0)};
    bool m_inEpoch{false};
    uint32_t m_ackCnt{0};
    uint32_t m_tcpCwnd{0};
    uint32_t m_cwndCnt{0}; // tcp_cong_avoid_ai's snd_cwnd_cnt
    // HyStart.
    bool m_found{false};
    Time m_roundStart{Seconds(0)};
    Time m_lastAck{Seconds(0)};
    SequenceNumber32 m_endSeq{0};
    Time m_currRtt{Seconds(0)}; // 0 = no sample in this round
    uint32_t m_sampleCnt{0};
};

} // namespace ns3
