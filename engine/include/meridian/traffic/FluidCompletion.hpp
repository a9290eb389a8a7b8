#pragma once
// The completion times of a fluid (aggregate) Poisson generator's flows (docs/traffic.md §2.7).
// A fluid generator starts no flow, so its flows' completion times come from a closed form:
// M/G/1 processor sharing on each link direction l of a pair's route at the fluid load
// ρ_l = load_l / C_l of the segment, a flow of x bytes taking
//
//   FCT(x) = d + 8x / (C_b (1 − ρ_b)),
//
// d the route's propagation delay, b the link direction with the largest 8 / (C_l (1 − ρ_l))
// (Kleinrock, JACM 1967; Harchol-Balter 2013, ch. 22: E[T | x] = x / (C(1 − ρ)) for PS
// whatever the size law). The figures are the mean and quantiles of FCT(S) over the flows that
// arrived, S from the size law: a mixture over the segments and pairs, each weighted by its
// expected arrivals. Valid for ρ < 1 on every link direction of every route (else PS has no
// steady state and the figures are 0); the quantiles take each flow at its conditional mean
// (they leave out the spread of T given x).
//
// TrafficRun keeps one model per fluid generator: it adds a segment per pair as the generator's
// rate changes (with the load every fluid generator puts on the route's links then) and reads
// the figures when the run reports.

#include "meridian/traffic/Distribution.hpp"

#include <vector>

namespace meridian::traffic {

/// One link direction of a pair's route, as the fluid model sees it over a segment.
struct FluidHop
{
    double bandwidth_bps = 0.0; ///< C_l
    double delay_s = 0.0;       ///< its propagation delay
    double load_bps = 0.0;      ///< the fluid rate over it in the segment: ρ_l = load_bps / C_l
};

/// What a fluid generator reports of its flows' completion times (GeneratorResult's fields).
struct FluidCompletionTimes
{
    double fct_mean_s = 0.0;
    double fct_p50_s = 0.0;
    double fct_p99_s = 0.0;
    /// The mixture of C_path / (C_b (1 − ρ_b)), C_path the route's slowest link direction:
    /// the PS slowdown of the transfer part (1/(1 − ρ) on a one-link route).
    double slowdown_mean = 0.0;
};

class FluidCompletionModel
{
public:
    /// One pair's flows over the segment [from_s, end_s): Poisson arrivals at `arrivals_per_s`
    /// over `route` (its link directions in order; not empty). A link direction at ρ ≥ 1
    /// makes the model unstable for good.
    void addSegment(double from_s, double end_s, double arrivals_per_s,
                    const std::vector<FluidHop>& route);
    /// No segment has had a link direction at ρ ≥ 1.
    bool stable() const { return !m_unstable; }
    /// The figures of the flows that arrived until `now_s`, their sizes from `law`; all 0 when
    /// the model is unstable or no flow arrived (a quantile: the smallest t with
    /// P(FCT ≤ t) ≥ q, by bisection to a relative 1e-12).
    FluidCompletionTimes times(const Distribution& law, double now_s) const;

private:
    /// A segment of one pair: each flow of size x completes after latency_s + s_per_byte · x.
    struct Piece
    {
        double from_s = 0.0;
        double end_s = 0.0;
        double arrivals_per_s = 0.0;
        double latency_s = 0.0;  ///< Σ propagation delay of the route's link directions
        double s_per_byte = 0.0; ///< max over them of 8 / (C (1 − ρ))
        double slowdown = 0.0;   ///< s_per_byte · C_path / 8
    };
    std::vector<Piece> m_pieces;
    bool m_unstable = false;
};

} // namespace meridian::traffic
