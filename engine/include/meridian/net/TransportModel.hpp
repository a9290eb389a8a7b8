#pragma once
// Closed-form transport formulas the network model uses (every one documented with its source
// and validity range in docs/network-model.md; checked by tests/net/TransportModelTest.cpp).
// Pure functions: no state, no Simulator. The loss-limited rates of PFTK and RFC 9438's
// response function are not here: the model reaches them through its loss events
// (TcpWindow), and tests/validation compares it with them.

#include "meridian/sim/RngStream.hpp"
#include "meridian/topology/Attributes.hpp"

namespace meridian::net {

class TransportModel
{
public:
    /// Path loss of independent per-link losses: p = 1 − Π(1 − λ_l).
    static double pathLoss(const double* losses, int count);

    /// Mean link utilisation of one Reno flow whose drop-tail buffer B_q is smaller than the
    /// bandwidth-delay product (both in bytes); 1 when B_q ≥ BDP:
    ///   U = ¾·W² / (BDP² − W·BDP + W²),  W = BDP + B_q  (0.75 at B_q = 0, 1 at B_q = BDP).
    static double renoQueueUtilisation(double buffer_bytes, double bdp_bytes);

    /// CUBIC's constants (RFC 9438 §4, Linux tcp_cubic.c): C = 0.4 segments/s³, β = 0.7.
    static constexpr double kCubicC = 0.4;
    static constexpr double kCubicBeta = 0.7;
    /// Additive increase of CUBIC's Reno-friendly estimate, segments per RTT (RFC 9438 §4.3):
    /// α = 3(1 − β)/(1 + β).
    static constexpr double kCubicAlpha = 3.0 * (1.0 - kCubicBeta) / (1.0 + kCubicBeta);
    /// Growth of CUBIC's window per RTT before its first loss (Linux tcp_cubic.c
    /// bictcp_update: while last_max_cwnd = 0 the ACKs per increment are capped at 20, so cwnd
    /// grows by at least 1/20 per RTT): ×1.05 per RTT, exponentially. RFC 9438 has no such cap.
    static constexpr double kCubicNoLossGrowthPerRtt = 1.0 + 1.0 / 20.0;
    /// Linux recomputes CUBIC's increment at most every HZ/32 jiffies while cwnd is unchanged
    /// (tcp_cubic.c bictcp_update; ACKs are still counted meanwhile): 1/32 s.
    static constexpr double kCubicRecomputeS = 1.0 / 32.0;

    /// Mean link utilisation of one CUBIC flow whose drop-tail buffer B_q is smaller than
    /// BDP/β − BDP: after a drop at W_max = BDP + B_q the window restarts at β·W_max and
    /// follows W(t) = C(t − K)³ + W_max (segments, t in s), K = ∛(W_max(1 − β)/C), or the
    /// Reno-friendly β·W_max + α·t/RTT if larger; the link runs at min(1, W(t)/BDP):
    ///   U = (1/K) ∫₀^K min(1, W(t)/BDP) dt  (midpoint rule, 256 steps).
    /// 1 when β·W_max ≥ BDP.
    static double cubicQueueUtilisation(double buffer_bytes, double bdp_bytes, double rtt_s,
                                        double mss_bytes);

    /// Go-back-N efficiency (goodput / wire rate) with window W packets and loss p:
    ///   η = (1 − p) / (1 − p + W·p)   (Bertsekas & Gallager, Data Networks, §2.4).
    static double goBackNEfficiency(double window_packets, double loss);

    /// Expected number of extra recovery rounds until all n packets are delivered when each
    /// round resends the lost ones: E[R] − 1 = Σ_{k≥1} (1 − (1 − p^k)^n).
    static double expectedExtraRounds(double packets, double loss);

    /// Standard deviation of one jitter sample with parameter σ: σ/√3 for uniform ±σ, σ for
    /// normal, pareto and paretonormal (those are normalised to unit variance).
    static double jitterStdDev(double sigma_s, topology::JitterDistribution d);

    /// One zero-mean jitter sample with parameter σ (seconds):
    ///   Uniform: U(−σ, σ) (netem default); Normal: N(0, σ²);
    ///   Pareto: σ·(X − 1.5)/√0.75 with X ~ Pareto(α = 3, x_m = 1) (mean 1.5, var 0.75),
    ///           i.e. unit-variance, heavy right tail;
    ///   ParetoNormal: σ·(¼·Z + ¾·P)/√(1/16 + 9/16), Z standard normal, P the normalised
    ///           pareto above (netem's paretonormal mixes the two the same way).
    static double jitterSample(sim::RngStream& rng, double sigma_s, topology::JitterDistribution d);
};

} // namespace meridian::net
