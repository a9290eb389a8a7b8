#include "meridian/traffic/LoadProfile.hpp"

#include "meridian/core/Error.hpp"
#include "meridian/core/Units.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace meridian::traffic {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr std::size_t kMaxProfilePoints = 10000;
constexpr double kMaxMultiplier = 1000.0;

} // namespace

std::string profileProblem(const std::vector<ProfilePoint>& points, double period_s)
{
    if (points.empty())
        return "needs at least one point [t_s, multiplier]";
    if (points.size() > kMaxProfilePoints)
        return "at most " + std::to_string(kMaxProfilePoints) + " points";
    bool positive = false;
    for (std::size_t i = 0; i < points.size(); ++i) {
        const ProfilePoint& p = points[i];
        const std::string at = "point " + std::to_string(i) + ": ";
        if (!std::isfinite(p.t_s) || p.t_s < 0.0)
            return at + "the time must be a finite number ≥ 0 (seconds), got " +
                   units::formatNumber(p.t_s);
        if (i > 0 && !(p.t_s > points[i - 1].t_s))
            return at + "times must increase (" + units::formatNumber(p.t_s) + " s after " +
                   units::formatNumber(points[i - 1].t_s) + " s)";
        if (period_s > 0.0 && !(p.t_s < period_s))
            return at + "the time must be within the period (< " + units::formatNumber(period_s) +
                   " s), got " + units::formatNumber(p.t_s);
        if (!std::isfinite(p.multiplier) || p.multiplier < 0.0 || p.multiplier > kMaxMultiplier)
            return at + "the multiplier must be within [0, 1000], got " +
                   units::formatNumber(p.multiplier);
        positive = positive || p.multiplier > 0.0;
    }
    if (!positive)
        return "every multiplier is 0: the generator would never send";
    return {};
}

LoadProfile LoadProfile::steps(std::vector<ProfilePoint> points, double period_s)
{
    return fromPoints(Shape::Steps, std::move(points), period_s);
}

LoadProfile LoadProfile::linear(std::vector<ProfilePoint> points, double period_s)
{
    return fromPoints(Shape::Linear, std::move(points), period_s);
}

LoadProfile LoadProfile::fromPoints(Shape shape, std::vector<ProfilePoint> points, double period_s)
{
    MERIDIAN_ASSERT(profileProblem(points, period_s).empty(), "LoadProfile: invalid points");
    LoadProfile p;
    p.m_shape = shape;
    p.m_period_s = period_s;
    const bool lin = shape == Shape::Linear;
    const ProfilePoint first = points.front();
    const ProfilePoint last = points.back();
    // The value where a period starts (t = 0 of the next): a linear profile runs from the last
    // point to the first point + P; a steps profile holds its last value.
    double wrap = last.multiplier;
    if (period_s > 0.0 && lin)
        wrap = last.multiplier + (first.multiplier - last.multiplier) * (period_s - last.t_s) /
                                     (first.t_s + period_s - last.t_s);
    const double v0 = period_s > 0.0 ? wrap : first.multiplier;
    if (first.t_s > 0.0)
        p.m_pieces.push_back({0.0, first.t_s, v0, lin ? first.multiplier : v0});
    for (std::size_t i = 0; i + 1 < points.size(); ++i)
        p.m_pieces.push_back({points[i].t_s, points[i + 1].t_s, points[i].multiplier,
                              lin ? points[i + 1].multiplier : points[i].multiplier});
    if (period_s > 0.0)
        p.m_pieces.push_back({last.t_s, period_s, last.multiplier, wrap});
    else
        p.m_pieces.push_back({last.t_s, kInf, last.multiplier, last.multiplier});
    p.m_max = 0.0;
    for (const Piece& piece : p.m_pieces)
        p.m_max = std::max({p.m_max, piece.va, piece.vb});
    return p;
}

LoadProfile LoadProfile::diurnal(double period_s, double min_multiplier, double peak_at_s)
{
    MERIDIAN_ASSERT(period_s > 0.0 && min_multiplier >= 0.0 && min_multiplier <= 1.0 &&
                        peak_at_s >= 0.0,
                    "LoadProfile::diurnal: invalid parameters");
    LoadProfile p;
    p.m_shape = Shape::Diurnal;
    p.m_period_s = period_s;
    p.m_min = min_multiplier;
    p.m_peak_s = peak_at_s;
    p.m_max = 1.0;
    return p;
}

const LoadProfile::Piece& LoadProfile::pieceAt(double tau_s) const
{
    const auto it = std::upper_bound(m_pieces.begin(), m_pieces.end(), tau_s,
                                     [](double t, const Piece& piece) { return t < piece.a; });
    return it == m_pieces.begin() ? m_pieces.front() : *std::prev(it);
}

double LoadProfile::diurnalPrimitive(double t_s) const
{
    // ∫ m = m_min·t + (1 − m_min)/2 · (t + P/(2π)·sin(2π(t − t_peak)/P)).
    const double w = 2.0 * std::numbers::pi / m_period_s;
    return m_min * t_s + 0.5 * (1.0 - m_min) * (t_s + std::sin(w * (t_s - m_peak_s)) / w);
}

double LoadProfile::at(double t_s) const
{
    if (m_shape == Shape::Diurnal) {
        const double w = 2.0 * std::numbers::pi / m_period_s;
        return m_min + 0.5 * (1.0 - m_min) * (1.0 + std::cos(w * (t_s - m_peak_s)));
    }
    double tau = std::max(0.0, t_s);
    if (m_period_s > 0.0)
        tau = std::fmod(tau, m_period_s);
    const Piece& p = pieceAt(tau);
    if (std::isinf(p.b) || p.va == p.vb)
        return p.va;
    return p.va + (p.vb - p.va) * (tau - p.a) / (p.b - p.a);
}

double LoadProfile::integralWithin(double a_s, double b_s) const
{
    double sum = 0.0;
    for (const Piece& p : m_pieces) {
        const double x = std::max(a_s, p.a);
        const double y = std::min(b_s, p.b);
        if (!(y > x))
            continue;
        if (std::isinf(p.b) || p.va == p.vb) {
            sum += p.va * (y - x);
            continue;
        }
        const double slope = (p.vb - p.va) / (p.b - p.a);
        sum += (y - x) * (2.0 * p.va + slope * ((x - p.a) + (y - p.a))) / 2.0;
    }
    return sum;
}

double LoadProfile::integral(double a_s, double b_s) const
{
    a_s = std::max(0.0, a_s);
    b_s = std::max(a_s, b_s);
    if (m_shape == Shape::Diurnal)
        return diurnalPrimitive(b_s) - diurnalPrimitive(a_s);
    if (!(m_period_s > 0.0))
        return integralWithin(a_s, b_s);
    const double ka = std::floor(a_s / m_period_s);
    const double kb = std::floor(b_s / m_period_s);
    const double ta = a_s - ka * m_period_s;
    const double tb = b_s - kb * m_period_s;
    if (ka == kb)
        return integralWithin(ta, tb);
    return integralWithin(ta, m_period_s) + (kb - ka - 1.0) * integralWithin(0.0, m_period_s) +
           integralWithin(0.0, tb);
}

double LoadProfile::nextChange(double t_s) const
{
    t_s = std::max(0.0, t_s);
    double end = kInf;
    if (m_shape == Shape::Diurnal) {
        const double step = m_period_s / kDiurnalSegments;
        end = (std::floor(t_s / step) + 1.0) * step;
    } else {
        const double base = m_period_s > 0.0 ? std::floor(t_s / m_period_s) * m_period_s : 0.0;
        const double tau = t_s - base;
        const Piece& p = pieceAt(tau);
        if (std::isinf(p.b))
            return kInf;
        double local = p.b;
        if (m_shape == Shape::Linear && p.va != p.vb) {
            const double sub = (p.b - p.a) / kLinearSegments;
            local = std::min(p.b, p.a + (std::floor((tau - p.a) / sub) + 1.0) * sub);
        }
        end = base + local;
    }
    // Rounding must not give a segment of zero length.
    return end > t_s ? end : std::nextafter(t_s, kInf);
}

} // namespace meridian::traffic
