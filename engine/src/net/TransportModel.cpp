#include "meridian/net/TransportModel.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

namespace meridian::net {

double TransportModel::pathLoss(const double* losses, int count)
{
    double delivered = 1.0;
    for (int i = 0; i < count; ++i)
        delivered *= 1.0 - std::clamp(losses[i], 0.0, 1.0);
    return 1.0 - delivered;
}

double TransportModel::cubicQueueUtilisation(double buffer_bytes, double bdp_bytes, double rtt_s,
                                             double mss_bytes)
{
    if (bdp_bytes <= 0.0 || rtt_s <= 0.0 || mss_bytes <= 0.0)
        return 1.0;
    const double bdp = bdp_bytes / mss_bytes; // segments
    const double wMax = bdp + std::max(0.0, buffer_bytes) / mss_bytes;
    if (kCubicBeta * wMax >= bdp)
        return 1.0;
    const double k = std::cbrt(wMax * (1.0 - kCubicBeta) / kCubicC);
    constexpr int kSteps = 256;
    double sum = 0.0;
    for (int i = 0; i < kSteps; ++i) {
        const double t = (i + 0.5) * k / kSteps;
        const double cubic = kCubicC * std::pow(t - k, 3.0) + wMax;
        const double reno = kCubicBeta * wMax + kCubicAlpha * t / rtt_s;
        sum += std::min(1.0, std::max(cubic, reno) / bdp);
    }
    return sum / kSteps;
}

double TransportModel::renoQueueUtilisation(double buffer_bytes, double bdp_bytes)
{
    if (bdp_bytes <= 0.0 || buffer_bytes >= bdp_bytes)
        return 1.0;
    const double q = std::max(0.0, buffer_bytes);
    const double w = bdp_bytes + q; // window at the moment of the drop
    return 0.75 * w * w / (bdp_bytes * bdp_bytes - w * bdp_bytes + w * w);
}

double TransportModel::goBackNEfficiency(double window_packets, double loss)
{
    const double p = std::clamp(loss, 0.0, 1.0);
    const double w = std::max(1.0, window_packets);
    if (p >= 1.0)
        return 0.0;
    return (1.0 - p) / (1.0 - p + w * p);
}

double TransportModel::expectedExtraRounds(double packets, double loss)
{
    // E[extra rounds] = Σ_{k≥1} (1 − (1 − p^k)^n): the expected maximum, over n packets, of
    // the transmissions each needs, minus one. Terms are ≈ 1 until n·p^k falls to O(1),
    // i.e. for k up to about ln(n)/(−ln p), then decay geometrically.
    if (loss <= 0.0 || packets <= 0.0)
        return 0.0;
    const double p = std::min(loss, 1.0 - 1e-15);
    const double L = -std::log(p); // > 0 since p < 1
    const double n = packets;
    if (40.0 / L > 2e6) {
        // Extreme loss (−ln p tiny, millions of terms): Euler–Maclaurin on the smooth summand
        // f(x) = 1 − (1 − e^{−Lx})^n: Σ_{k≥1} f(k) ≈ ∫_0^∞ f dx − f(0)/2, and with
        // u = 1 − e^{−Lx}, ∫_0^∞ f dx = (1/L)·∫_0^1 (1 − u^n)/(1 − u) du = H_n / L
        // (H_n the n-th harmonic number; for n = 1 this is p/(1 − p) up to O(1)).
        constexpr double kEulerGamma = 0.57721566490153286;
        double harmonic = 0.0;
        if (n <= 1e6) {
            for (std::int64_t j = 1; static_cast<double>(j) <= n; ++j)
                harmonic += 1.0 / static_cast<double>(j);
        } else {
            harmonic = std::log(n) + kEulerGamma + 0.5 / n - 1.0 / (12.0 * n * n);
        }
        return std::max(0.0, harmonic / L - 0.5);
    }
    // Skip the leading terms that equal 1 to within e^{−50}: k < k0 with n·p^k > 50.
    double k0 = std::floor((std::log(n) - std::log(50.0)) / L);
    k0 = std::max(1.0, k0);
    double sum = k0 - 1.0;
    for (double k = k0;; k += 1.0) {
        const double pk = std::exp(-L * k);
        // 1 − (1 − p^k)^n computed without cancellation: −expm1(n·log1p(−p^k)).
        const double term = -std::expm1(n * std::log1p(-pk));
        sum += term;
        if (term < 1e-12 * std::max(1.0, sum))
            break;
    }
    return sum;
}

double TransportModel::jitterStdDev(double sigma_s, topology::JitterDistribution d)
{
    return d == topology::JitterDistribution::Uniform ? sigma_s / std::sqrt(3.0) : sigma_s;
}

double TransportModel::jitterSample(sim::RngStream& rng, double sigma_s,
                                    topology::JitterDistribution d)
{
    if (sigma_s <= 0.0)
        return 0.0;
    using topology::JitterDistribution;
    const auto stdPareto = [&rng] { return (rng.pareto(3.0, 1.0) - 1.5) / std::sqrt(0.75); };
    switch (d) {
    case JitterDistribution::Uniform:
        return rng.uniform(-sigma_s, sigma_s);
    case JitterDistribution::Normal:
        return rng.normal(0.0, sigma_s);
    case JitterDistribution::Pareto:
        return sigma_s * stdPareto();
    case JitterDistribution::ParetoNormal: {
        const double z = rng.normal();
        const double p = stdPareto();
        return sigma_s * (0.25 * z + 0.75 * p) / std::sqrt(0.0625 + 0.5625);
    }
    }
    return 0.0;
}

} // namespace meridian::net
