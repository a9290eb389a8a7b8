#include "meridian/traffic/FluidCompletion.hpp"

#include <algorithm>
#include <limits>

namespace meridian::traffic {

void FluidCompletionModel::addSegment(double from_s, double end_s, double arrivals_per_s,
                                      const std::vector<FluidHop>& route)
{
    Piece piece;
    piece.from_s = from_s;
    piece.end_s = end_s;
    piece.arrivals_per_s = arrivals_per_s;
    double path_bps = std::numeric_limits<double>::infinity();
    for (const FluidHop& hop : route) {
        const double rho = hop.load_bps / hop.bandwidth_bps;
        piece.latency_s += hop.delay_s;
        path_bps = std::min(path_bps, hop.bandwidth_bps);
        if (!(rho < 1.0))
            m_unstable = true;
        else
            piece.s_per_byte = std::max(piece.s_per_byte, 8.0 / (hop.bandwidth_bps * (1.0 - rho)));
    }
    piece.slowdown = piece.s_per_byte * path_bps / 8.0;
    m_pieces.push_back(piece);
}

FluidCompletionTimes FluidCompletionModel::times(const Distribution& law, double now_s) const
{
    // The mixture over the pieces of FCT = d + a·S, each piece weighted by its expected
    // arrivals until now_s.
    FluidCompletionTimes out;
    if (m_unstable)
        return out;
    struct Part
    {
        double weight = 0.0;
        const Piece* piece = nullptr;
    };
    std::vector<Part> parts;
    double total = 0.0;
    double fct = 0.0;
    double slowdown = 0.0;
    for (const Piece& p : m_pieces) {
        const double span_s = std::min(p.end_s, now_s) - p.from_s;
        const double weight = p.arrivals_per_s * span_s;
        if (!(weight > 0.0) || !(p.s_per_byte > 0.0))
            continue;
        parts.push_back({weight, &p});
        total += weight;
        fct += weight * (p.latency_s + p.s_per_byte * law.mean());
        slowdown += weight * p.slowdown;
    }
    if (!(total > 0.0))
        return out;
    out.fct_mean_s = fct / total;
    out.slowdown_mean = slowdown / total;
    const auto cdf = [&](double t) {
        double f = 0.0;
        for (const Part& part : parts)
            f += part.weight * law.cdf((t - part.piece->latency_s) / part.piece->s_per_byte);
        return f / total;
    };
    double lo = std::numeric_limits<double>::infinity();
    double span = 0.0;
    for (const Part& part : parts) {
        lo = std::min(lo, part.piece->latency_s);
        span = std::max(span, part.piece->s_per_byte * law.mean());
    }
    const auto quantile = [&](double q) {
        double below = lo;
        double above = lo + span;
        for (int i = 0; i < 200 && cdf(above) < q; ++i)
            above = lo + 2.0 * (above - lo);
        for (int i = 0; i < 200 && above - below > 1e-12 * above; ++i) {
            const double mid = 0.5 * (below + above);
            (cdf(mid) < q ? below : above) = mid;
        }
        return above;
    };
    out.fct_p50_s = quantile(0.50);
    out.fct_p99_s = quantile(0.99);
    return out;
}

} // namespace meridian::traffic
