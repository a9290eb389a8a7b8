#include "GeneratorShapeReader.hpp"

#include "meridian/core/Error.hpp"
#include "meridian/core/Units.hpp"

#include <cmath>

namespace meridian::traffic::detail {

using io::ObjectReader;
using io::QuantitySpec;
using nlohmann::json;
using Kind = units::QuantityKind;

namespace {

constexpr double kDayS = 86400.0;
constexpr double kDiurnalPeakS = 14.0 * 3600.0; // 14:00, the afternoon peak of a working day

/// A time of a profile point: seconds, or a duration string ("6h").
double profileTime(const json& v, const std::string& at)
{
    if (v.is_number())
        return v.get<double>();
    if (v.is_string())
        if (const auto t = units::parseDurationS(v.get<std::string>()))
            return *t;
    throw InputError({}, at, "expected a time in seconds (a number or a duration such as \"6h\")");
}

std::vector<ProfilePoint> profilePoints(ObjectReader& r, double period_s)
{
    const json* pts = r.optArray("points");
    if (pts == nullptr)
        r.fail("points", "expected an array of [t_s, multiplier] pairs");
    std::vector<ProfilePoint> points;
    for (std::size_t i = 0; i < pts->size(); ++i) {
        const json& p = (*pts)[i];
        const std::string at = r.pathOf("points") + "/" + std::to_string(i);
        if (!p.is_array() || p.size() != 2 || !p[1].is_number())
            throw InputError({}, at, "expected [t_s, multiplier]");
        points.push_back({profileTime(p[0], at), p[1].get<double>()});
    }
    const std::string problem = profileProblem(points, period_s);
    if (!problem.empty())
        r.fail("points", problem);
    return points;
}

std::optional<double> optPositive(ObjectReader& r, const char* key, Kind kind)
{
    const auto v = r.optQuantity(QuantitySpec{key, nullptr, kind, 1.0, 1.0});
    if (v && (!std::isfinite(*v) || !(*v > 0.0)))
        r.fail(key, "must be a finite number > 0, got " + units::formatNumber(*v));
    return v;
}

LoadProfile diurnalProfile(ObjectReader& r)
{
    const double period_s = optPositive(r, "period_s", Kind::Duration).value_or(kDayS);
    const auto min = r.optNumber("min_multiplier");
    if (!min || !std::isfinite(*min) || *min < 0.0 || *min > 1.0)
        r.fail("min_multiplier",
               "a diurnal profile needs \"min_multiplier\" within [0, 1]: the trough, relative "
               "to the peak");
    const auto peak = r.optQuantity(QuantitySpec{"peak_at_s", nullptr, Kind::Duration, 1.0, 1.0});
    if (peak && (!std::isfinite(*peak) || *peak < 0.0))
        r.fail("peak_at_s", "must be a finite time ≥ 0, got " + units::formatNumber(*peak));
    return LoadProfile::diurnal(period_s, *min, peak.value_or(kDiurnalPeakS));
}

} // namespace

void readProfile(ObjectReader& generator, GeneratorSpec& g)
{
    const json* v = generator.get("profile");
    if (v == nullptr)
        return;
    if (g.kind == GeneratorKind::Bulk && g.bytes == 0.0)
        generator.fail("profile", R"(scales a bulk generator's "bytes" per window; one without )"
                                  R"("bytes" takes what it gets and has no rate to scale)");
    ObjectReader r = generator.child(*v, generator.pathOf("profile"));
    const std::string shape = r.requiredString("shape");
    if (shape == "diurnal") {
        g.profile = diurnalProfile(r);
    } else if (shape == "steps" || shape == "linear") {
        const double period_s = optPositive(r, "period_s", Kind::Duration).value_or(0.0);
        std::vector<ProfilePoint> points = profilePoints(r, period_s);
        g.profile = shape == "steps" ? LoadProfile::steps(std::move(points), period_s)
                                     : LoadProfile::linear(std::move(points), period_s);
    } else {
        r.fail("shape",
               "unknown profile shape '" + shape + "' (expected steps, linear or diurnal)");
    }
    r.finish();
}

void readMatrix(ObjectReader& generator, const topology::Topology& topo, GeneratorSpec& g)
{
    g.matrix_path = generator.pathOf("matrix");
    if (g.kind != GeneratorKind::Cbr && g.kind != GeneratorKind::Poisson)
        generator.fail("matrix", "a traffic matrix applies to cbr and poisson generators");
    for (const char* key :
         {"from", "to", "rate_bps", "packet_bytes", "gap_s", "arrivals_per_s", "load", "load_link"})
        if (generator.has(key))
            generator.fail(key, "does not apply with \"matrix\": the matrix gives the pairs and "
                                "their rates (bit/s)");
    ObjectReader r = generator.child(*generator.get("matrix"), g.matrix_path);
    if (r.has("file") == r.has("gravity"))
        generator.fail("matrix", R"(a matrix needs exactly one of "gravity" or "file")");
    if (r.has("file")) {
        g.matrix_file = r.requiredString("file");
        if (g.matrix_file.empty())
            r.fail("file", "must not be empty");
        r.finish();
        return;
    }
    ObjectReader grav = r.child(*r.get("gravity"), r.pathOf("gravity"));
    const double total_bps = optPositive(grav, "total_bps", Kind::Bandwidth).value_or(0.0);
    if (!(total_bps > 0.0))
        grav.fail("total_bps", "a gravity matrix needs \"total_bps\", the sum of its demands");
    const json* w = grav.get("weights");
    if (w == nullptr || !w->is_object())
        grav.fail("weights", "expected an object of node weights {\"node\": weight, …}");
    std::vector<std::pair<std::string, double>> weights;
    int positive = 0;
    for (auto it = w->begin(); it != w->end(); ++it) {
        const std::string at = grav.pathOf("weights") + "/" + it.key();
        if (!topo.findNode(it.key()))
            throw InputError({}, at, "unknown node '" + it.key() + "'");
        if (!it.value().is_number() || !std::isfinite(it.value().get<double>()) ||
            it.value().get<double>() < 0.0)
            throw InputError({}, at, "a weight must be a finite number ≥ 0");
        weights.emplace_back(it.key(), it.value().get<double>());
        positive += weights.back().second > 0.0 ? 1 : 0;
    }
    if (positive < 2)
        grav.fail("weights", "needs at least two nodes of weight > 0");
    g.demands = gravityMatrix(weights, total_bps);
    grav.finish();
    r.finish();
}

} // namespace meridian::traffic::detail
