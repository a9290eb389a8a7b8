#include "meridian/net/TransportModel.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace meridian::net {

double TransportModel::pathLoss(const double* losses, int count)
{
    double delivered = 1.0;
    for (int i = 0; i < count; ++i)
        delivered *= 1.0 - std::clamp(losses[i], 0.0, 1.0);
    return 1.0 - delivered;
}

double TransportModel::pftkRateBps(double mss_bytes, double rtt_s, double loss, double b,
                                   double t0_s)
{
    if (loss <= 0.0)
        return std::numeric_limits<double>::infinity();
    const double p = std::min(loss, 1.0);
    const double denom =
        rtt_s * std::sqrt(2.0 * b * p / 3.0) +
        t0_s * std::min(1.0, 3.0 * std::sqrt(3.0 * b * p / 8.0)) * p * (1.0 + 32.0 * p * p);
    if (denom <= 0.0)
        return std::numeric_limits<double>::infinity();
    return mss_bytes * 8.0 / denom;
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
    if (loss <= 0.0 || packets <= 0.0)
        return 0.0;
    const double p = std::min(loss, 1.0 - 1e-12);
    double sum = 0.0;
    double pk = p;
    for (int k = 1; k < 10000; ++k) {
        // 1 − (1 − p^k)^n computed without cancellation: −expm1(n·log1p(−p^k)).
        const double term = -std::expm1(packets * std::log1p(-pk));
        sum += term;
        if (term < 1e-12)
            break;
        pk *= p;
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
