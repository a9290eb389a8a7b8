// The aggregate (fluid) mode of Poisson generators (docs/traffic.md §2.7): its load on the
// links against max-min closed forms, its completion times against M/G/1-PS (the model,
// FluidCompletionModel, alone and through a run), its agreement with the per-flow mode on a
// small case, the automatic choice and the "mode" errors.
#include "../experiment/SmallTraining.hpp"
#include "TestMain.hpp"
#include "TrafficFixtures.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/experiment/ExperimentSpec.hpp"
#include "meridian/experiment/Results.hpp"
#include "meridian/experiment/Runner.hpp"
#include "meridian/io/ProjectFile.hpp"
#include "meridian/traffic/FluidCompletion.hpp"

#include <QtTest/QtTest>
#include <cmath>
#include <nlohmann/json.hpp>

using namespace meridian;
using nlohmann::json;

namespace {

constexpr double kFluidMeanBytes = 125000.0; ///< E[S]: 1 ms of a 1 Gbit/s link

json fluidPoisson(const std::string& mode, const json& extra = json::object())
{
    json g = {
        {"id", "web"},        {"kind", "poisson"},
        {"from", "c"},        {"to", "b"},
        {"stop_s", 100},      {"protocol", "udp"},
        {"mode", mode},       {"load", 0.4},
        {"load_link", "wan"}, {"size", {{"law", "exponential"}, {"mean_bytes", kFluidMeanBytes}}}};
    for (auto it = extra.begin(); it != extra.end(); ++it)
        g[it.key()] = it.value();
    return g;
}

/// A UDP transfer of `bytes` a → b over the WAN of test::wanProject (10 Gbit/s, 5 ms), with
/// `generator` as background.
experiment::Results fluidP2p(double bytes, const json& generator)
{
    const json e = {{"kind", "p2p"},     {"from", "a"},
                    {"to", "b"},         {"bytes", bytes},
                    {"protocol", "udp"}, {"traffic", {{"generators", json::array({generator})}}}};
    const io::Project p = io::parseProject(test::wanProject(10, 5, e).dump(), "w.topo");
    experiment::RunOptions options;
    options.topology_name = "w.topo";
    options.seed = 1;
    experiment::Runner runner(p, options);
    return runner.run();
}

const experiment::LinkResult& linkOf(const experiment::Results& r, const std::string& id)
{
    for (const auto& l : r.links)
        if (l.id == id)
            return l;
    throw std::runtime_error("no link " + id);
}

std::string fluidErrorOf(const json& generator)
{
    const json e = {{"kind", "traffic"}, {"traffic", {{"generators", json::array({generator})}}}};
    const io::Project p = io::parseProject(test::wanProject(10, 5, e).dump(), "w.topo");
    try {
        auto spec = experiment::parseExperiment(p.experiment, p.topology, "w.topo");
        traffic::loadTrafficFiles(spec.traffic, ".", "w.topo", p.topology);
    } catch (const InputError& ex) {
        return ex.what();
    }
    return {};
}

bool within(double got, double want, double rel)
{
    return std::abs(got / want - 1.0) < rel;
}

QString fluidStr(double v)
{
    return QString::number(v, 'g', 9);
}

/// M/M/1-PS on 1 Gbit/s at ρ = 0.5, exponential sizes of mean 125 kB, no delay:
/// FCT(x) = 8x / (C(1 − ρ)), so E[T] = 2 ms, the median 2 ms · ln 2, the 99th percentile
/// 2 ms · ln 100 (an exponential's quantiles, scaled), the slowdown 1/(1 − ρ) = 2. `Times` has
/// the four figures (FluidCompletionTimes, GeneratorResult).
template <class Times> void verifyHalfLoadPs(const Times& t)
{
    QVERIFY2(within(t.fct_mean_s, 2e-3, 1e-9), qPrintable(fluidStr(t.fct_mean_s)));
    QVERIFY2(within(t.fct_p50_s, 2e-3 * std::log(2.0), 1e-9), qPrintable(fluidStr(t.fct_p50_s)));
    QVERIFY2(within(t.fct_p99_s, 2e-3 * std::log(100.0), 1e-9), qPrintable(fluidStr(t.fct_p99_s)));
    QVERIFY2(within(t.slowdown_mean, 2.0, 1e-9), qPrintable(fluidStr(t.slowdown_mean)));
}

} // namespace

class TrafficFluidTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void aFluidLoadRhoLeavesABulkTransferOneMinusRhoOfTheLink()
    {
        // Poisson flows c → b offering ρ = 0.4 of the 10 Gbit/s WAN (λ = 4,000/s of 125 kB)
        // as a fluid: one paced 4 Gbit/s rate, which max-min leaves the 1 GB UDP transfer
        // a → b the rest, (1 − ρ)·C = 6 Gbit/s: 8e9 / 6e9 s of data plus the path's latency
        // (5 ms of WAN, measured alone as in TrafficRunnerTest). The generator offered and
        // carried λ·E[S]·8 = 4 Gbit/s over the run, all of it background bytes of the WAN.
        const auto shared = fluidP2p(1e9, fluidPoisson("fluid"));
        const auto alone = fluidP2p(1e9, fluidPoisson("fluid", {{"load", 0}}));
        const double path_s = alone.collective.mean_s - 0.8; // alone: 0.8 s of data + the path
        QVERIFY2(path_s > 0.005 && path_s < 0.006, qPrintable(fluidStr(path_s)));
        QVERIFY2(std::abs(shared.collective.mean_s - (8e9 / 6e9 + path_s)) < 1e-6,
                 qPrintable(fluidStr(shared.collective.mean_s)));
        const auto& g = shared.traffic.at(0);
        QCOMPARE(QString::fromStdString(g.mode), QStringLiteral("fluid"));
        QCOMPARE(g.flows, std::uint64_t(0));
        QCOMPARE(g.flows_in_flight, std::uint64_t(0));
        QVERIFY(std::abs(g.window_s - shared.total_s) < 1e-12);
        QVERIFY2(within(g.offered_bps, 4e9, 1e-9), qPrintable(fluidStr(g.offered_bps)));
        QVERIFY2(within(g.carried_bps, 4e9, 1e-9), qPrintable(fluidStr(g.carried_bps)));
        const auto& wan = linkOf(shared, "wan");
        QVERIFY(within(wan.background_bytes, g.carried_bytes, 1e-9));
        QVERIFY(within(wan.bytes - wan.background_bytes, 1e9, 1e-9));
    }

    void theModelIsProcessorSharingOnTheSlowestLinkOfTheRoute()
    {
        // The model alone. One link direction of 1 Gbit/s at ρ = 0.5, no delay, exponential
        // sizes of mean 125 kB: M/M/1-PS (verifyHalfLoadPs).
        const auto exponential = traffic::Distribution::exponential(kFluidMeanBytes);
        traffic::FluidCompletionModel one;
        one.addSegment(0.0, 10.0, 4000.0, {{1e9, 0.0, 0.5e9}});
        QVERIFY(one.stable());
        auto t = one.times(exponential, 10.0);
        verifyHalfLoadPs(t);
        if (QTest::currentTestFailed())
            return;

        // Two link directions: 1 Gbit/s idle, 5 ms (8 ns per byte), then 10 Gbit/s at ρ = 0.95,
        // 1 ms (8 / (10 Gbit/s · 0.05) = 16 ns per byte): the second is b though the first is
        // the slower link. FCT(x) = 6 ms + 16 ns · x whatever the size law: Pareto sizes of mean
        // 125 kB and α = 1.5 (x_m = 125 kB / 3, quantile q: x_m (1 − q)^(−1/α)) give
        // E[T] = 6 ms + 2 ms, and the quantiles of S through the same line; the slowdown is
        // C_path / (C_b (1 − ρ_b)) = 1 Gbit/s / 0.5 Gbit/s = 2.
        const double alpha = 1.5;
        const auto pareto = traffic::Distribution::pareto(kFluidMeanBytes, alpha);
        traffic::FluidCompletionModel two;
        two.addSegment(0.0, 1.0, 100.0, {{1e9, 5e-3, 0.0}, {10e9, 1e-3, 9.5e9}});
        t = two.times(pareto, 1.0);
        const double a = 16e-9, d = 6e-3, xm = kFluidMeanBytes * (alpha - 1) / alpha;
        QVERIFY2(within(t.fct_mean_s, d + a * kFluidMeanBytes, 1e-9),
                 qPrintable(fluidStr(t.fct_mean_s)));
        QVERIFY2(within(t.fct_p50_s, d + a * xm * std::pow(0.5, -1 / alpha), 1e-9),
                 qPrintable(fluidStr(t.fct_p50_s)));
        QVERIFY2(within(t.fct_p99_s, d + a * xm * std::pow(0.01, -1 / alpha), 1e-9),
                 qPrintable(fluidStr(t.fct_p99_s)));
        QVERIFY2(within(t.slowdown_mean, 2.0, 1e-9), qPrintable(fluidStr(t.slowdown_mean)));
    }

    void theModelWeighsItsSegmentsByTheirArrivalsUntilNow()
    {
        // 1 Gbit/s, E[S] = 125 kB (1 ms of the link): ρ = 0.25 at 1,000 flows/s over [0, 5) s,
        // ρ = 0.5 at 2,000 flows/s over [5, 10) s, read at 7.5 s: 5,000 arrivals of each, so
        // E[T] = (1 ms/0.75 + 1 ms/0.5) / 2 and P(T ≤ t) = (F(0.75 t) + F(0.5 t)) / 2, F the
        // exponential CDF of mean 1 ms; slowdown (1/0.75 + 1/0.5) / 2. Read at 5 s, the second
        // segment has had no arrival yet; at 0 s nothing has, and every figure is 0.
        const auto law = traffic::Distribution::exponential(kFluidMeanBytes);
        traffic::FluidCompletionModel m;
        m.addSegment(0.0, 5.0, 1000.0, {{1e9, 0.0, 0.25e9}});
        m.addSegment(5.0, 10.0, 2000.0, {{1e9, 0.0, 0.5e9}});
        const double ms = 1e-3;
        auto t = m.times(law, 7.5);
        QVERIFY2(within(t.fct_mean_s, (ms / 0.75 + ms / 0.5) / 2, 1e-9),
                 qPrintable(fluidStr(t.fct_mean_s)));
        const auto cdf = [ms](double x) {
            return ((1 - std::exp(-0.75 * x / ms)) + (1 - std::exp(-0.5 * x / ms))) / 2;
        };
        QVERIFY2(std::abs(cdf(t.fct_p50_s) - 0.50) < 1e-9, qPrintable(fluidStr(t.fct_p50_s)));
        QVERIFY2(std::abs(cdf(t.fct_p99_s) - 0.99) < 1e-9, qPrintable(fluidStr(t.fct_p99_s)));
        QVERIFY2(within(t.slowdown_mean, (1 / 0.75 + 1 / 0.5) / 2, 1e-9),
                 qPrintable(fluidStr(t.slowdown_mean)));
        t = m.times(law, 5.0);
        QVERIFY2(within(t.fct_mean_s, ms / 0.75, 1e-9), qPrintable(fluidStr(t.fct_mean_s)));
        QVERIFY2(within(t.fct_p50_s, ms / 0.75 * std::log(2.0), 1e-9),
                 qPrintable(fluidStr(t.fct_p50_s)));
        t = m.times(law, 0.0);
        QCOMPARE(t.fct_mean_s, 0.0);
        QCOMPARE(t.fct_p99_s, 0.0);
        QCOMPARE(t.slowdown_mean, 0.0);
    }

    void theModelAtRhoOneHasNoCompletionTimes()
    {
        // ρ = 1 on one link direction of one segment: PS has no steady state; the model stays
        // unstable whatever comes after, and reports 0 (as GeneratorResult documents).
        const auto law = traffic::Distribution::exponential(kFluidMeanBytes);
        traffic::FluidCompletionModel m;
        m.addSegment(0.0, 1.0, 1000.0, {{1e9, 0.0, 0.1e9}});
        QVERIFY(m.stable());
        m.addSegment(1.0, 2.0, 1000.0, {{10e9, 1e-3, 0.0}, {1e9, 0.0, 1e9}});
        m.addSegment(2.0, 3.0, 1000.0, {{1e9, 0.0, 0.1e9}});
        QVERIFY(!m.stable());
        const auto t = m.times(law, 3.0);
        QCOMPARE(t.fct_mean_s, 0.0);
        QCOMPARE(t.fct_p50_s, 0.0);
        QCOMPARE(t.fct_p99_s, 0.0);
        QCOMPARE(t.slowdown_mean, 0.0);
    }

    void fluidCompletionTimesAreProcessorSharing()
    {
        // Through a run: one 1 Gbit/s link without delay, exponential sizes of mean 125 kB at ρ =
        // 0.5: M/M/1-PS gives FCT(x) = 8x / (C(1 − ρ)), so E[T] = 2 ms, the median 2 ms · ln 2, the
        // 99th percentile 2 ms · ln 100 (quantiles of an exponential scaled by 8/(C(1 − ρ))),
        // and the slowdown 1/(1 − ρ) = 2. Offered = carried = ρ·C·T/8 bytes over T = 10 s.
        const json g = {{"id", "ps"},
                        {"kind", "poisson"},
                        {"from", "a"},
                        {"to", "b"},
                        {"protocol", "udp"},
                        {"mode", "fluid"},
                        {"stop_s", 10},
                        {"load", 0.5},
                        {"load_link", "ab"},
                        {"size", {{"law", "exponential"}, {"mean_bytes", kFluidMeanBytes}}}};
        const auto out =
            test::runTrafficOutcome(test::oneLink(1e9), {{"generators", json::array({g})}}, 1);
        const auto& r = out.results.at(0);
        verifyHalfLoadPs(r);
        if (QTest::currentTestFailed())
            return;
        QVERIFY(within(r.offered_bytes, 0.5e9 * 10 / 8, 1e-9));
        QVERIFY(within(r.carried_bytes, r.offered_bytes, 1e-9));
        QVERIFY(within(out.backgroundBytes[0], r.carried_bytes, 1e-9));
        // A handful of events, not 50,000 flows.
        QCOMPARE(out.flows.size(), std::size_t(1));
    }

    void underAProfileTheCompletionTimesAreTheMixtureOfItsSegments()
    {
        // Load 0.5 under steps 0.5 on [0, 5) s and 1 on [5, 10) s: ρ = 0.25, then 0.5. The
        // flows arrive in proportion λ·m: weights 1/3 and 2/3, so
        //   E[T] = (1/3)·1 ms/0.75 + (2/3)·1 ms/0.5 = 1.7778 ms,
        //   P(T ≤ t) = (1/3)(1 − e^(−0.75 t/1 ms)) + (2/3)(1 − e^(−0.5 t/1 ms)),
        // and each reported percentile must solve P(T ≤ t) = q.
        const json g = {{"id", "ps"},
                        {"kind", "poisson"},
                        {"from", "a"},
                        {"to", "b"},
                        {"protocol", "udp"},
                        {"mode", "fluid"},
                        {"stop_s", 10},
                        {"load", 0.5},
                        {"load_link", "ab"},
                        {"profile", {{"shape", "steps"}, {"points", {{0, 0.5}, {5, 1}}}}},
                        {"size", {{"law", "exponential"}, {"mean_bytes", kFluidMeanBytes}}}};
        const auto r =
            test::runTraffic(test::oneLink(1e9), {{"generators", json::array({g})}}, 1)[0];
        const double ms = 1e-3;
        QVERIFY2(within(r.fct_mean_s, (1.0 / 3) * ms / 0.75 + (2.0 / 3) * ms / 0.5, 1e-9),
                 qPrintable(fluidStr(r.fct_mean_s)));
        const auto cdf = [ms](double t) {
            return (1.0 / 3) * (1 - std::exp(-0.75 * t / ms)) +
                   (2.0 / 3) * (1 - std::exp(-0.5 * t / ms));
        };
        QVERIFY2(std::abs(cdf(r.fct_p50_s) - 0.50) < 1e-9, qPrintable(fluidStr(r.fct_p50_s)));
        QVERIFY2(std::abs(cdf(r.fct_p99_s) - 0.99) < 1e-9, qPrintable(fluidStr(r.fct_p99_s)));
        QVERIFY(within(r.offered_bytes, 0.5e9 * (0.5 * 5 + 5) / 8, 1e-9));
    }

    void anOverloadedFluidCarriesTheLinkAndReportsNoCompletionTimes()
    {
        // ρ = 1.5 on one 1 Gbit/s link: processor sharing has no steady state (the flows would
        // pile up), so the fluid reports no completion times; its paced rate gets the link,
        // C·T/8 bytes carried of 1.5·C·T/8 offered over T = 2 s, and the run ends.
        const json g = {{"id", "over"},
                        {"kind", "poisson"},
                        {"from", "a"},
                        {"to", "b"},
                        {"protocol", "udp"},
                        {"mode", "fluid"},
                        {"stop_s", 2},
                        {"load", 1.5},
                        {"load_link", "ab"},
                        {"size", {{"law", "exponential"}, {"mean_bytes", kFluidMeanBytes}}}};
        const auto r =
            test::runTraffic(test::oneLink(1e9), {{"generators", json::array({g})}}, 1)[0];
        QVERIFY2(within(r.offered_bytes, 1.5e9 * 2 / 8, 1e-9),
                 qPrintable(fluidStr(r.offered_bytes)));
        QVERIFY2(within(r.carried_bytes, 1e9 * 2 / 8, 1e-6), qPrintable(fluidStr(r.carried_bytes)));
        QCOMPARE(r.fct_mean_s, 0.0);
        QCOMPARE(r.fct_p50_s, 0.0);
        QCOMPARE(r.fct_p99_s, 0.0);
        QCOMPARE(r.slowdown_mean, 0.0);
    }

    void aBulkTransferSeesTheSameLoadInBothModes()
    {
        // A 2 GB UDP transfer a → b beside Poisson UDP flows c → b of mean 125 kB at
        // ρ = 0.4 of the WAN (4,000 flows/s, about 11,000 while it runs): flow by flow,
        // the transfer shares each instant max-min with the flows in flight, which by work
        // conservation carry ρ·C on average, so it gets (1 − ρ)·C on average; the fluid mode
        // gives it exactly that. Measured (seed 1): 2.6881 s flow by flow, 2.6717 s fluid
        // (−0.6 %), background bytes −1.5 %; tolerance 3 %.
        const auto flows = fluidP2p(2e9, fluidPoisson("flows"));
        const auto fluid = fluidP2p(2e9, fluidPoisson("fluid"));
        const double tFlows = flows.collective.mean_s, tFluid = fluid.collective.mean_s;
        qInfo("2 GB beside rho 0.4: flows %.6f s, fluid %.6f s; background bytes %.6g, %.6g",
              tFlows, tFluid, linkOf(flows, "wan").background_bytes,
              linkOf(fluid, "wan").background_bytes);
        QCOMPARE(QString::fromStdString(flows.traffic.at(0).mode), QStringLiteral("flows"));
        QVERIFY(flows.traffic.at(0).flows > 10000);
        QVERIFY2(within(tFluid, tFlows, 0.03),
                 qPrintable(fluidStr(tFlows) + " vs " + fluidStr(tFluid)));
        QVERIFY(within(linkOf(fluid, "wan").background_bytes, linkOf(flows, "wan").background_bytes,
                       0.03));
        QVERIFY(within(fluid.traffic.at(0).carried_bps, flows.traffic.at(0).carried_bps, 0.03));
    }

    void autoRunsFluidFromTheStatedArrivalRate()
    {
        // λ = load·C/(8·E[S]): just above the threshold fluid, just below it flows, and "flows" or
        // "fluid" force either.
        const double atThreshold =
            1.001 * traffic::kFluidAutoArrivalsPerS * 8 * kFluidMeanBytes / 10e9;
        const auto modeAt = [](double load, const std::string& mode) {
            return fluidP2p(1e8, fluidPoisson(mode, {{"load", load}, {"stop_s", 0.05}}))
                .traffic.at(0)
                .mode;
        };
        QCOMPARE(QString::fromStdString(modeAt(atThreshold, "auto")), QStringLiteral("fluid"));
        QCOMPARE(QString::fromStdString(modeAt(0.99 * atThreshold / 1.001, "auto")),
                 QStringLiteral("flows"));
        QCOMPARE(QString::fromStdString(modeAt(atThreshold, "flows")), QStringLiteral("flows"));
        QCOMPARE(QString::fromStdString(modeAt(0.5 * atThreshold, "fluid")),
                 QStringLiteral("fluid"));
        // Under a profile the peak rate decides: half the threshold at a peak multiplier 2.
        const auto r = fluidP2p(
            1e8, fluidPoisson("auto",
                              {{"load", 0.5 * atThreshold},
                               {"stop_s", 0.05},
                               {"profile", {{"shape", "steps"}, {"points", {{0, 1}, {10, 2}}}}}}));
        QCOMPARE(QString::fromStdString(r.traffic.at(0).mode), QStringLiteral("fluid"));
    }

    void aBadModeIsAnErrorNamingItsPath()
    {
        std::string e = fluidErrorOf(fluidPoisson("bogus"));
        QVERIFY2(e.find("w.topo: /experiment/traffic/generators/0/mode: unknown mode 'bogus' "
                        "(expected auto, flows or fluid)") != std::string::npos,
                 e.c_str());
        json cbr = {{"id", "v"},   {"kind", "cbr"},   {"from", "a"},    {"to", "b"},
                    {"stop_s", 1}, {"rate_bps", 1e9}, {"mode", "fluid"}};
        e = fluidErrorOf(cbr);
        QVERIFY2(e.find("/experiment/traffic/generators/0/mode: applies to poisson generators "
                        "only") != std::string::npos,
                 e.c_str());
        json number = fluidPoisson("auto");
        number["mode"] = 3;
        e = fluidErrorOf(number);
        QVERIFY2(e.find("/experiment/traffic/generators/0/mode") != std::string::npos, e.c_str());
    }
};

MERIDIAN_TEST(TrafficFluidTest)
#include "TrafficFluidTest.moc"
