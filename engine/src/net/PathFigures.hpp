#pragma once
// The figures of one connection's path that the TCP model reads (docs/network-model.md §2,
// §5.1, §5.3), measured from the links as they are now:
//   RTT     = Σ_fwd max(0, τ_l) + Σ_rev max(0, τ_l)  (2× the forward delay without an ACK path)
//   RTTVAR  = √(Σ σ_l²) over both directions (σ: TransportModel::jitterStdDev)
//   p       = 1 − Π_fwd (1 − p_l)                      (TransportModel::pathLoss)
//   C_b     = the smallest forward capacity, B_q its queue (bytes), BDP = C_b·RTT/8
//   RTO     = RTT + max(rto_min, 4·RTTVAR)             (RFC 6298 with Linux's TCP_RTO_MIN)
//   steady cap = min(rwnd/RTT, U(B_q, BDP)·C_b), U the mean utilisation of one Reno or CUBIC
//     sawtooth in a drop-tail buffer smaller than the BDP (TransportModel, §5.3)
// Checked by tests/net/NetworkTest.cpp (RTT, loss) and tests/validation (caps).

#include "meridian/net/LinkDirection.hpp"
#include "meridian/net/NetworkConfig.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

namespace meridian::net {

class MaxMinSolver;

struct PathFigures
{
    double rtt_s = 0.0;
    double rttvar_s = 0.0;
    double loss = 0.0;
    double bottleneck_bps = std::numeric_limits<double>::infinity();
    double buffer_bytes = 0.0; ///< queue of the bottleneck direction
    /// Capacity of the first link: the rate a window burst leaves the sender at.
    double firstLink_bps = std::numeric_limits<double>::infinity();
    std::uint32_t bottleneckResource = 0;
    bool routed = false; ///< measured over a forward route of at least one link
    double steadyCap_bps = std::numeric_limits<double>::infinity();
    /// The steady cap without its rwnd/RTT term: the rate of a message that fits in the
    /// receive window with what is already in flight (TcpWindow::withinWindow).
    double unwindowedCap_bps = std::numeric_limits<double>::infinity();

    bool hasBottleneck() const noexcept
    {
        return std::isfinite(bottleneck_bps) && bottleneck_bps > 0.0;
    }
    /// The bottleneck's bandwidth-delay product C_b·RTT/8 (bytes).
    double bdpBytes() const noexcept { return bottleneck_bps * rtt_s / 8.0; }
    /// What the pipe and the bottleneck's buffer hold together: BDP + B_q (bytes).
    double pipeAndBufferBytes() const noexcept { return bdpBytes() + buffer_bytes; }
    /// Retransmission timeout T0 = RTT + max(rto_min, 4·RTTVAR) (RFC 6298 §2, Linux
    /// tcp_rtt_estimator with TCP_RTO_MIN).
    double rtoS(double minRto_s) const noexcept
    {
        return rtt_s + std::max(minRto_s, 4.0 * rttvar_s);
    }
    /// Whether TCP on this path follows the loss-event model (a lossy path with an RTT).
    bool lossEvents() const noexcept { return loss > 0.0 && rtt_s > 0.0; }
};

/// Measures the figures of the path `arcs` (forward) with ACKs on `revArcs` (empty: no ACK
/// path) over the link directions `links` as they are now.
PathFigures measurePath(const std::vector<std::uint32_t>& arcs,
                        const std::vector<std::uint32_t>& revArcs,
                        const std::vector<LinkDirection>& links, const MaxMinSolver& solver,
                        const NetworkConfig& config);

} // namespace meridian::net
