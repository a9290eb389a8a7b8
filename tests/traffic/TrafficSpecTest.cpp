// The "traffic" section of the .topo format (docs/traffic.md, docs/file-format.md): what it
// accepts, the errors it gives (file, JSON path, problem), the CDF files, and the round trip.
#include "meridian/traffic/TrafficSpec.hpp"

#include "TestMain.hpp"
#include "TrafficFixtures.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/experiment/ExperimentSpec.hpp"
#include "meridian/io/ProjectFile.hpp"
#include "meridian/traffic/Distribution.hpp"

#include <QtTest/QtTest>
#include <nlohmann/json.hpp>

using namespace meridian;
using nlohmann::json;

namespace {

json poisson(const json& extra = json::object())
{
    json g = {{"id", "web"},
              {"kind", "poisson"},
              {"from", "a"},
              {"to", "b"},
              {"stop_s", 10},
              {"arrivals_per_s", 100},
              {"size", {{"law", "exponential"}, {"mean_bytes", 1e6}}}};
    for (auto it = extra.begin(); it != extra.end(); ++it)
        g[it.key()] = it.value();
    return g;
}

json trafficExperiment(const json& generator)
{
    return {{"kind", "traffic"}, {"traffic", {{"generators", json::array({generator})}}}};
}

/// The InputError parsing a traffic experiment with this one generator gives ("" if none).
std::string errorOf(const json& generator)
{
    const io::Project p =
        io::parseProject(test::wanProject(10, 5, trafficExperiment(generator)).dump(), "w.topo");
    try {
        auto spec = experiment::parseExperiment(p.experiment, p.topology, "w.topo");
        traffic::loadTrafficFiles(spec.traffic, MERIDIAN_TEST_DATA_DIR, "w.topo", p.topology);
    } catch (const InputError& e) {
        return e.what();
    }
    return {};
}

void expectError(const json& generator, const std::string& expected)
{
    const std::string got = errorOf(generator);
    QVERIFY2(got.find(expected) != std::string::npos, (got + "\n  expected: " + expected).c_str());
}

} // namespace

class TrafficSpecTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void everyKindIsRead()
    {
        const json gens =
            json::array({poisson({{"from", json::array({"a", "c"})}, {"to", json::array({"b"})}}),
                         {{"id", "v"},
                          {"kind", "cbr"},
                          {"from", "a"},
                          {"to", "b"},
                          {"start_s", "1s"},
                          {"stop_s", 4},
                          {"packet_bytes", 1500},
                          {"gap_s", "12us"}},
                         {{"id", "o"},
                          {"kind", "on_off"},
                          {"from", "b"},
                          {"to", "a"},
                          {"stop_s", 5},
                          {"peak_bps", "4G"},
                          {"protocol", "tcp"},
                          {"on", {{"law", "exponential"}, {"mean_s", 0.1}}},
                          {"off", {{"law", "pareto"}, {"mean_s", "300ms"}, {"shape", 1.5}}}},
                         {{"id", "k"},
                          {"kind", "bulk"},
                          {"from", "a"},
                          {"to", "b"},
                          {"stop_s", 3600},
                          {"streams", 4},
                          {"period_s", 600},
                          {"duration_s", 300},
                          {"bytes", "50GB"}}});
        const io::Project p = io::parseProject(
            test::wanProject(10, 5, {{"kind", "training"}, {"traffic", {{"generators", gens}}}})
                .dump(),
            "w.topo");
        // A training experiment needs a model; "traffic" itself is what is checked here.
        const auto spec = traffic::parseTraffic(p.experiment["traffic"], "/experiment/traffic",
                                                p.topology, "w.topo");
        QCOMPARE(spec.generators.size(), std::size_t(4));
        const auto& g = spec.generators;
        QCOMPARE(g[0].from, (std::vector<std::string>{"a", "c"}));
        QVERIFY(g[0].protocol == net::Protocol::Tcp); // a poisson generator's default
        QCOMPARE(g[0].size.law->mean(), 1e6);
        // 1500 B every 12 µs: 1500 · 8 / 12e-6 = 1 Gbit/s.
        QCOMPARE(g[1].rate_bps, 1e9);
        QCOMPARE(g[1].start_s, 1.0);
        QVERIFY(g[1].protocol == net::Protocol::Udp);
        QCOMPARE(g[2].peak_bps, 4e9);
        QCOMPARE(g[2].off_s->mean(), 0.3);
        QCOMPARE(g[2].off_s->shape(), 1.5);
        QCOMPARE(g[3].bytes, 50e9);
        QCOMPARE(g[3].streams, 4);
    }

    void aTrafficKindRunsNoTraining()
    {
        const io::Project p = io::parseProject(
            test::wanProject(10, 5, trafficExperiment(poisson())).dump(), "w.topo");
        const auto spec = experiment::parseExperiment(p.experiment, p.topology, "w.topo");
        QVERIFY(spec.kind == experiment::ExperimentKind::Traffic);
        QCOMPARE(spec.traffic.generators.size(), std::size_t(1));
        QCOMPARE(experiment::toString(spec.kind), std::string_view("traffic"));
    }

    void loadSetsTheArrivalRate()
    {
        // λ = ρ · C / (8 · E[S]) = 0.5 · 10e9 / (8 · 1e6) = 625 flows/s.
        json g = poisson({{"load", 0.5}, {"load_link", "wan"}});
        g.erase("arrivals_per_s");
        const io::Project p =
            io::parseProject(test::wanProject(10, 5, trafficExperiment(g)).dump(), "w.topo");
        const auto spec = experiment::parseExperiment(p.experiment, p.topology, "w.topo");
        QCOMPARE(traffic::arrivalsPerS(spec.traffic.generators[0], p.topology), 625.0);

        // Load 0 is a generator switched off (the first point of a sweep over load): no
        // arrivals; below 0 or above 10 is an error.
        g["load"] = 0;
        const io::Project off =
            io::parseProject(test::wanProject(10, 5, trafficExperiment(g)).dump(), "w.topo");
        const auto offSpec = experiment::parseExperiment(off.experiment, off.topology, "w.topo");
        QCOMPARE(traffic::arrivalsPerS(offSpec.traffic.generators[0], off.topology), 0.0);
        const std::string g0 = "w.topo: /experiment/traffic/generators/0/";
        g["load"] = -0.1;
        expectError(g, g0 + "load: must be a finite number ≥ 0, got -0.1");
        g["load"] = 11;
        expectError(g, g0 + "load: must be within [0, 10], got 11");
    }

    void badInputNamesFilePathAndProblem()
    {
        const std::string g0 = "w.topo: /experiment/traffic/generators/0/";
        expectError(poisson({{"arrivals_per_s", -5}}),
                    g0 + "arrivals_per_s: must be a finite number > 0");
        expectError({{"id", "v"},
                     {"kind", "cbr"},
                     {"from", "a"},
                     {"to", "b"},
                     {"stop_s", 4},
                     {"rate_bps", -2e9}},
                    g0 + "rate_bps: must be a finite number > 0, got -2e+09");
        expectError(poisson({{"to", "nowhere"}}), g0 + "to: unknown node 'nowhere'");
        expectError(poisson({{"from", json::array({"a", "zz"})}}),
                    g0 + "from/1: unknown node 'zz'");
        expectError(poisson({{"start_s", 20}}), g0 + "stop_s: must be after start_s (20 s)");
        expectError(poisson({{"to", "a"}}), g0 + "to: a generator needs a destination other than");
        expectError(poisson({{"kind", "ddos"}}), g0 + "kind: unknown generator kind 'ddos'");
        expectError(poisson({{"rate_bps", 5}}), g0 + "rate_bps: unknown key");
        expectError(
            poisson({{"load", 0.3}}),
            g0 + ": a poisson generator needs exactly one of \"arrivals_per_s\" or \"load\"");
        json noLink = poisson({{"load", 0.3}, {"load_link", "nope"}});
        noLink.erase("arrivals_per_s");
        expectError(noLink, g0 + "load_link: unknown link 'nope'");
        expectError(poisson({{"size", {{"law", "pareto"}, {"mean_bytes", 1e6}, {"shape", 1.0}}}}),
                    g0 + "size/shape: a pareto law needs \"shape\" α > 1");
        expectError(poisson({{"size", {{"law", "zipf"}, {"mean_bytes", 1}}}}),
                    g0 + "size/law: unknown flow-size law 'zipf'");
        expectError(poisson({{"protocol", "gbn"}}), g0 + "protocol: unknown protocol 'gbn'");
        expectError({{"id", "v"},
                     {"kind", "cbr"},
                     {"from", "a"},
                     {"to", "b"},
                     {"stop_s", 4},
                     {"rate_bps", 1e9},
                     {"protocol", "tcp"}},
                    g0 + "protocol: unknown protocol 'tcp' for a cbr generator (expected udp)");
        expectError({{"id", "k"},
                     {"kind", "bulk"},
                     {"from", "a"},
                     {"to", "b"},
                     {"stop_s", 10},
                     {"period_s", 2},
                     {"duration_s", 3}},
                    g0 + "duration_s: a window must not be longer than its period");
        expectError({{"id", "o"},
                     {"kind", "on_off"},
                     {"from", "a"},
                     {"to", "b"},
                     {"stop_s", 10},
                     {"peak_bps", 1e9},
                     {"on", {{"law", "lognormal"}, {"mean_s", 1}}},
                     {"off", {{"law", "exponential"}, {"mean_s", 1}}}},
                    g0 + "on/law: unknown period law 'lognormal'");
    }

    void aCdfThatIsNotMonotoneIsRejected()
    {
        const std::string at = "w.topo: /experiment/traffic/generators/0/size/points: ";
        const auto withPoints = [](const json& points) {
            return poisson({{"size", {{"law", "empirical"}, {"points", points}}}});
        };
        expectError(
            withPoints({{100, 0}, {50, 0.5}, {200, 1}}),
            at + "point 1: values must not decrease (50 after 100): the CDF is not monotone");
        expectError(withPoints({{100, 0}, {150, 0.6}, {200, 0.5}, {300, 1}}),
                    at + "point 2: probabilities must not decrease (0.5 after 0.6)");
        expectError(withPoints({{100, 0.1}, {200, 1}}),
                    at + "point 0: the CDF must start at probability 0");
        expectError(withPoints({{100, 0}, {200, 0.9}}),
                    at + "point 1: the CDF must end at probability 1");
        expectError(withPoints({{100, 0}}), at + "a CDF needs at least two points");
        // A file: the error names the .topo path and the file's own problem.
        expectError(
            poisson({{"size", {{"law", "empirical"}, {"file", "traffic/not-monotone.csv"}}}}),
            "w.topo: /experiment/traffic/generators/0/size/file: ");
        expectError(
            poisson({{"size", {{"law", "empirical"}, {"file", "traffic/not-monotone.csv"}}}}),
            "point 2: probabilities must not decrease (0.4 after 0.5)");
        expectError(poisson({{"size", {{"law", "empirical"}, {"file", "traffic/bad-line.csv"}}}}),
                    "line 3: expected two numbers");
        expectError(poisson({{"size", {{"law", "empirical"}, {"file", "traffic/missing.csv"}}}}),
                    "size/file: cannot read the CDF file");
    }

    void theShippedCdfsLoadWithTheirMeans()
    {
        // Means of the piecewise-linear CDFs, Σ (F_i − F_{i−1})·(x_{i−1} + x_i)/2, worked out
        // from the points of presets/traffic/*.csv: web-search 1,711,250 B; data-mining
        // 5,036,535.175 B.
        for (const auto& [law, mean] : {std::pair<std::string, double>{"web-search", 1711250.0},
                                        {"data-mining", 5036535.175}}) {
            const io::Project p = io::parseProject(
                test::wanProject(10, 5, trafficExperiment(poisson({{"size", {{"law", law}}}})))
                    .dump(),
                "w.topo");
            auto spec = experiment::parseExperiment(p.experiment, p.topology, "w.topo");
            traffic::loadTrafficFiles(spec.traffic, ".", "w.topo", p.topology);
            QVERIFY(std::abs(spec.traffic.generators[0].size.law->mean() - mean) < 1e-6 * mean);
        }
    }

    void cdfTextAcceptsHeadersCommentsAndPercent()
    {
        // HPCC's files give the probability in percent; ours a header and comments.
        const auto pct = traffic::parseCdfText("0 0\n10000 15\n30000 100\n", "x");
        QCOMPARE(pct.size(), std::size_t(3));
        QCOMPARE(pct[1].p, 0.15);
        const auto csv = traffic::parseCdfText("# source\nbytes,cdf\n100,0\n\n200,1 # end\n", "x");
        QCOMPARE(csv.size(), std::size_t(2));
        QCOMPARE(traffic::cdfMean(csv), 150.0);
    }

    void sampledLawsHaveTheirMeans()
    {
        // Law of large numbers over 200,000 draws of one stream: the relative standard error
        // is CV/√n (exponential CV 1: 0.22 %; lognormal σ = 1: √(e − 1)/√n = 0.29 %; pareto
        // α = 3: CV 1/√3: 0.13 %; the empirical CDF two points apart: < 0.1 %) — 1.5 % is
        // more than five standard errors of each.
        const traffic::Distribution laws[] = {
            traffic::Distribution::exponential(1e6), traffic::Distribution::pareto(1e6, 3.0),
            traffic::Distribution::lognormal(1e6, 1.0),
            traffic::Distribution::empirical({{0.5e6, 0.0}, {1.5e6, 1.0}})};
        for (const auto& law : laws) {
            sim::RngStream rng(42, 7);
            double sum = 0.0;
            const int n = 200000;
            for (int i = 0; i < n; ++i)
                sum += law.sample(rng);
            const double mean = sum / n;
            QVERIFY2(std::abs(mean / 1e6 - 1.0) < 0.015,
                     qPrintable(QString::fromStdString(std::string(toString(law.kind()))) + " " +
                                QString::number(mean)));
        }
    }

    void aTrafficSectionSurvivesTheRoundTrip()
    {
        json g =
            poisson({{"size", {{"law", "empirical"}, {"points", {{0, 0}, {1e4, 0.5}, {1e6, 1}}}}}});
        const std::string text = test::wanProject(10, 5, trafficExperiment(g)).dump();
        const io::Project p = io::parseProject(text, "w.topo");
        const std::string once = io::serializeProject(p);
        const io::Project again = io::parseProject(once, "w.topo");
        QCOMPARE(io::serializeProject(again), once);
        QCOMPARE(again.experiment["traffic"], p.experiment["traffic"]);
        const auto spec = experiment::parseExperiment(again.experiment, again.topology, "w.topo");
        QCOMPARE(spec.traffic.generators[0].size.law->points().size(), std::size_t(3));
    }

    void aTrafficKindNeedsGenerators()
    {
        const io::Project p =
            io::parseProject(test::wanProject(10, 5, {{"kind", "traffic"}}).dump(), "w.topo");
        try {
            (void)experiment::parseExperiment(p.experiment, p.topology, "w.topo");
            QFAIL("no error");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find(
                         "w.topo: /experiment/traffic: a traffic experiment needs at least one "
                         "generator") != std::string::npos,
                     e.what());
        }
    }
};

MERIDIAN_TEST(TrafficSpecTest)
#include "TrafficSpecTest.moc"
