#include "meridian/traffic/Distribution.hpp"

#include "meridian/core/Error.hpp"
#include "meridian/core/Units.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <sstream>

namespace meridian::traffic {

Distribution Distribution::exponential(double mean)
{
    Distribution d;
    d.m_kind = Kind::Exponential;
    d.m_mean = mean;
    return d;
}

Distribution Distribution::pareto(double mean, double shape)
{
    Distribution d;
    d.m_kind = Kind::Pareto;
    d.m_mean = mean;
    d.m_shape = shape;
    return d;
}

Distribution Distribution::lognormal(double mean, double sigma)
{
    Distribution d;
    d.m_kind = Kind::Lognormal;
    d.m_mean = mean;
    d.m_sigma = sigma;
    return d;
}

Distribution Distribution::empirical(std::vector<CdfPoint> points)
{
    MERIDIAN_ASSERT(cdfProblem(points).empty(), "Distribution::empirical: not a CDF");
    Distribution d;
    d.m_kind = Kind::Empirical;
    d.m_mean = cdfMean(points);
    d.m_points = std::move(points);
    return d;
}

double Distribution::sample(sim::RngStream& rng) const
{
    // 1 − U is in (0, 1]: its logarithm and negative powers are finite.
    const double v = 1.0 - rng.uniform();
    switch (m_kind) {
    case Kind::Exponential:
        return -m_mean * std::log(v);
    case Kind::Pareto:
        return m_mean * (m_shape - 1.0) / m_shape * std::pow(v, -1.0 / m_shape);
    case Kind::Lognormal:
        return std::exp(std::log(m_mean) - 0.5 * m_sigma * m_sigma + m_sigma * rng.normal());
    case Kind::Empirical:
        break;
    }
    // Inversion of the piecewise-linear CDF at u = 1 − v ∈ [0, 1).
    const double u = 1.0 - v;
    const auto above = std::upper_bound(m_points.begin(), m_points.end(), u,
                                        [](double x, const CdfPoint& c) { return x < c.p; });
    if (above == m_points.begin())
        return m_points.front().x;
    if (above == m_points.end())
        return m_points.back().x;
    const CdfPoint& lo = *(above - 1);
    const CdfPoint& hi = *above;
    return lo.x + (hi.x - lo.x) * (u - lo.p) / (hi.p - lo.p);
}

double Distribution::cdf(double x) const
{
    if (!(x > 0.0))
        return m_kind == Kind::Empirical && !m_points.empty() && x >= m_points.front().x
                   ? m_points.front().p
                   : 0.0;
    switch (m_kind) {
    case Kind::Exponential:
        return 1.0 - std::exp(-x / m_mean);
    case Kind::Pareto: {
        const double xm = m_mean * (m_shape - 1.0) / m_shape;
        return x < xm ? 0.0 : 1.0 - std::pow(xm / x, m_shape);
    }
    case Kind::Lognormal: {
        const double mu = std::log(m_mean) - 0.5 * m_sigma * m_sigma;
        return 0.5 * std::erfc(-(std::log(x) - mu) / (m_sigma * std::sqrt(2.0)));
    }
    case Kind::Empirical:
        break;
    }
    // The first point above x; between it and the one before, the CDF is linear.
    const auto above = std::upper_bound(m_points.begin(), m_points.end(), x,
                                        [](double v, const CdfPoint& c) { return v < c.x; });
    if (above == m_points.begin())
        return 0.0;
    if (above == m_points.end())
        return 1.0;
    const CdfPoint& lo = *(above - 1);
    const CdfPoint& hi = *above;
    return lo.p + (hi.p - lo.p) * (x - lo.x) / (hi.x - lo.x);
}

std::string_view toString(Distribution::Kind kind)
{
    switch (kind) {
    case Distribution::Kind::Exponential:
        return "exponential";
    case Distribution::Kind::Pareto:
        return "pareto";
    case Distribution::Kind::Lognormal:
        return "lognormal";
    case Distribution::Kind::Empirical:
        return "empirical";
    }
    return "exponential";
}

std::string cdfProblem(const std::vector<CdfPoint>& points)
{
    if (points.size() < 2)
        return "a CDF needs at least two points, got " + std::to_string(points.size());
    for (std::size_t i = 0; i < points.size(); ++i) {
        const CdfPoint& c = points[i];
        const std::string at = "point " + std::to_string(i) + ": ";
        if (!std::isfinite(c.x) || c.x < 0.0)
            return at + "the value must be a finite number ≥ 0, got " + units::formatNumber(c.x);
        if (!std::isfinite(c.p) || c.p < 0.0 || c.p > 1.0)
            return at + "the probability must be within [0, 1], got " + units::formatNumber(c.p);
        if (i > 0 && c.x < points[i - 1].x)
            return at + "values must not decrease (" + units::formatNumber(c.x) + " after " +
                   units::formatNumber(points[i - 1].x) + "): the CDF is not monotone";
        if (i > 0 && c.p < points[i - 1].p)
            return at + "probabilities must not decrease (" + units::formatNumber(c.p) + " after " +
                   units::formatNumber(points[i - 1].p) + "): the CDF is not monotone";
    }
    if (points.front().p != 0.0)
        return "point 0: the CDF must start at probability 0, got " +
               units::formatNumber(points.front().p);
    if (!(points.back().x > 0.0))
        return "point " + std::to_string(points.size() - 1) +
               ": the largest value must be > 0 (every draw would be 0)";
    if (points.back().p != 1.0)
        return "point " + std::to_string(points.size() - 1) +
               ": the CDF must end at probability 1, got " + units::formatNumber(points.back().p);
    return {};
}

double cdfMean(const std::vector<CdfPoint>& points)
{
    double mean = 0.0;
    for (std::size_t i = 1; i < points.size(); ++i)
        mean += (points[i].p - points[i - 1].p) * 0.5 * (points[i - 1].x + points[i].x);
    return mean;
}

namespace {

bool parseNumber(std::string_view text, double& out)
{
    const auto* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, out);
    return ec == std::errc() && ptr == end && std::isfinite(out);
}

} // namespace

std::vector<CdfPoint> parseCdfText(std::string_view text, const std::string& file)
{
    std::vector<CdfPoint> points;
    std::size_t lineNo = 0;
    std::size_t pos = 0;
    bool header = false;
    while (pos <= text.size()) {
        const std::size_t eol = std::min(text.find('\n', pos), text.size());
        std::string line(text.substr(pos, eol - pos));
        pos = eol + 1;
        ++lineNo;
        line = line.substr(0, line.find('#'));
        std::replace(line.begin(), line.end(), ',', ' ');
        std::replace(line.begin(), line.end(), '\t', ' ');
        std::replace(line.begin(), line.end(), '\r', ' ');
        std::istringstream fields(line);
        std::vector<std::string> cells;
        for (std::string cell; fields >> cell;)
            cells.push_back(cell);
        if (cells.empty())
            continue;
        CdfPoint c;
        if (points.empty() && !header && cells.size() == 2 && !parseNumber(cells[0], c.x) &&
            !parseNumber(cells[1], c.p)) {
            header = true; // a first line of column names ("bytes,cdf")
            continue;
        }
        if (cells.size() != 2 || !parseNumber(cells[0], c.x) || !parseNumber(cells[1], c.p))
            throw InputError(file, "line " + std::to_string(lineNo),
                             "expected two numbers, \"value,probability\"");
        points.push_back(c);
    }
    if (!points.empty() && points.back().p == 100.0)
        for (CdfPoint& c : points)
            c.p /= 100.0;
    return points;
}

} // namespace meridian::traffic
