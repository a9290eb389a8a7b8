#pragma once
// The random laws of background traffic (docs/traffic.md §2): flow sizes (bytes) and on/off
// period lengths (seconds). Every law is given by its mean, so a load can be set from it.
//
//   exponential  P(X > x) = exp(−x/m)                              mean m
//   pareto       P(X > x) = (x_m/x)^α for x ≥ x_m, α > 1,          mean m = α·x_m/(α − 1),
//                so x_m = m·(α − 1)/α; infinite variance for α ≤ 2 (heavy tail)
//   lognormal    ln X ~ N(μ, σ²),                                  mean m = exp(μ + σ²/2),
//                so μ = ln m − σ²/2
//   empirical    a CDF given as points (x_i, F_i), x and F non-decreasing, F from 0 to 1,
//                linear between points (as ns-2's EmpiricalRandomVariable with interpolation,
//                which the DCTCP and pFabric simulations used): mean
//                Σ_i (F_i − F_{i−1})·(x_{i−1} + x_i)/2.
// Sampling is by inversion of one uniform draw of the caller's stream (two for lognormal),
// so a generator's draws depend only on its own stream (sim::RngStream).

#include "meridian/sim/RngStream.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace meridian::traffic {

struct CdfPoint
{
    double x = 0.0; ///< bytes (or seconds)
    double p = 0.0; ///< P(X ≤ x)
};

class Distribution
{
public:
    enum class Kind
    {
        Exponential,
        Pareto,
        Lognormal,
        Empirical
    };

    static Distribution exponential(double mean);
    static Distribution pareto(double mean, double shape);
    static Distribution lognormal(double mean, double sigma);
    /// Points must pass cdfProblem() (MERIDIAN_ASSERT).
    static Distribution empirical(std::vector<CdfPoint> points);

    Kind kind() const { return m_kind; }
    double mean() const { return m_mean; }
    double shape() const { return m_shape; } ///< pareto α
    double sigma() const { return m_sigma; } ///< lognormal σ
    const std::vector<CdfPoint>& points() const { return m_points; }

    /// One draw (≥ 0).
    double sample(sim::RngStream& rng) const;
    /// P(X ≤ x): exponential 1 − e^(−x/m); pareto 1 − (x_m/x)^α for x ≥ x_m, else 0;
    /// lognormal Φ((ln x − μ)/σ) = erfc(−(ln x − μ)/(σ√2))/2; empirical linear between points.
    double cdf(double x) const;

private:
    Kind m_kind = Kind::Exponential;
    double m_mean = 1.0;
    double m_shape = 0.0;
    double m_sigma = 0.0;
    std::vector<CdfPoint> m_points;
};

std::string_view toString(Distribution::Kind kind);

/// "" when the points are a CDF (at least two points, finite, x ≥ 0 and non-decreasing, F
/// non-decreasing from 0 at the first point to 1 at the last, the last x > 0), else what is
/// wrong, naming the point ("point 3: ...", 0-based).
std::string cdfProblem(const std::vector<CdfPoint>& points);

/// Mean of the piecewise-linear CDF (formula above).
double cdfMean(const std::vector<CdfPoint>& points);

/// Reads a CDF file's text: one point per line, "x,F" (or "x F"), '#' starts a comment,
/// blank lines are skipped, a first line of two column names is a header; F may be a fraction or,
/// when the last point's F is 100, a percentage (the form of the HPCC and pFabric distribution
/// files). Throws InputError (file, "line N", problem) for a line that is not two numbers; the CDF
/// itself is checked by cdfProblem() by the caller.
std::vector<CdfPoint> parseCdfText(std::string_view text, const std::string& file);

} // namespace meridian::traffic
