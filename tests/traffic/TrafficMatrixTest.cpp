// Traffic matrices (docs/traffic.md §2.6): the gravity model against its closed form, a CSV
// matrix read to the same demands, CBR and Poisson generators over a matrix carrying each
// pair's demand, and the errors of "matrix" and of its file (file, line, problem).
#include "meridian/traffic/TrafficMatrix.hpp"

#include "TestMain.hpp"
#include "TrafficFixtures.hpp"
#include "meridian/core/Error.hpp"

#include <QtTest/QtTest>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>

using namespace meridian;
using nlohmann::json;

namespace {

const std::string kDataDir = std::string(MERIDIAN_TEST_DATA_DIR) + "/traffic";

/// h0, h1, h2 around switch sw, links l0, l1, l2 (a = host) of 1 Gbit/s.
topology::Topology star()
{
    return test::netStar(3, 1e9, 0.0);
}

json gravity(double total_bps)
{
    return {
        {"gravity", {{"total_bps", total_bps}, {"weights", {{"h0", 1}, {"h1", 1}, {"h2", 2}}}}}};
}

json cbrMatrix(const json& matrix)
{
    return {{"id", "tm"}, {"kind", "cbr"}, {"stop_s", 10}, {"matrix", matrix}};
}

std::string matrixErrorOf(const json& generator)
{
    try {
        const topology::Topology topo = star();
        traffic::TrafficSpec spec = traffic::parseTraffic(
            {{"generators", json::array({generator})}}, "/experiment/traffic", topo, "t.topo");
        traffic::loadTrafficFiles(spec, kDataDir, "t.topo", topo);
    } catch (const InputError& e) {
        return e.what();
    }
    return {};
}

void expectMatrixError(const json& generator, const std::string& expected)
{
    const std::string got = matrixErrorOf(generator);
    QVERIFY2(got.find(expected) != std::string::npos, (got + "\n  expected: " + expected).c_str());
}

/// The gravity demands of weights h0 1, h1 1, h2 2 over 1 Gbit/s: Σ_{k≠l} w_k·w_l = 4² − 6 =
/// 10, so T_ij = 1e9·w_i·w_j/10.
std::map<std::pair<std::string, std::string>, double> expectedDemands()
{
    return {{{"h0", "h1"}, 1e8}, {{"h0", "h2"}, 2e8}, {{"h1", "h0"}, 1e8},
            {{"h1", "h2"}, 2e8}, {{"h2", "h0"}, 2e8}, {{"h2", "h1"}, 2e8}};
}

} // namespace

class TrafficMatrixTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void theGravityModelSplitsTheTotalByWeightProducts()
    {
        const auto demands = traffic::gravityMatrix({{"h0", 1}, {"h1", 1}, {"h2", 2}}, 1e9);
        const auto expected = expectedDemands();
        QCOMPARE(demands.size(), expected.size());
        double total = 0.0;
        for (const traffic::PairDemand& d : demands) {
            QCOMPARE(d.rate_bps, expected.at({d.from, d.to}));
            total += d.rate_bps;
        }
        QCOMPARE(total, 1e9);
        // A node of weight 0 neither sends nor receives.
        QCOMPARE(traffic::gravityMatrix({{"h0", 1}, {"h1", 0}, {"h2", 1}}, 2e9).size(),
                 std::size_t(2));
    }

    void aCsvMatrixReadsToTheSameDemands()
    {
        traffic::TrafficSpec spec = traffic::parseTraffic(
            {{"generators", json::array({cbrMatrix({{"file", "matrix-star.csv"}})})}},
            "/experiment/traffic", star(), "t.topo");
        traffic::loadTrafficFiles(spec, kDataDir, "t.topo", star());
        const auto expected = expectedDemands();
        QCOMPARE(spec.generators[0].demands.size(), expected.size());
        for (const traffic::PairDemand& d : spec.generators[0].demands)
            QCOMPARE(d.rate_bps, expected.at({d.from, d.to}));
    }

    void aCbrMatrixPutsEveryDemandOnItsLinks()
    {
        // Host h's uplink carries Σ_j T_hj, its downlink Σ_i T_ih, over 10 s: h0 and h1 3e8
        // bit/s each way, h2 4e8. Uncongested: offered = carried = 1e9 · 10 / 8 B.
        for (const json& matrix : {gravity(1e9), json{{"file", "matrix-star.csv"}}}) {
            const auto out = test::runTrafficOutcome(
                star(), {{"generators", json::array({cbrMatrix(matrix)})}}, 1, kDataDir);
            const double up[3] = {3e8, 3e8, 4e8};
            for (int h = 0; h < 3; ++h) {
                QVERIFY(std::abs(out.backgroundBytes[2 * h] - up[h] * 10 / 8) < 1.0);
                QVERIFY(std::abs(out.backgroundBytes[2 * h + 1] - up[h] * 10 / 8) < 1.0);
            }
            QVERIFY(std::abs(out.results[0].offered_bytes - 1.25e9) < 1.0);
            QVERIFY(std::abs(out.results[0].carried_bytes - 1.25e9) < 1.0);
            QCOMPARE(out.results[0].flows, std::uint64_t(6));
        }
    }

    void poissonArrivalsPickPairsInProportionToTheirDemand()
    {
        // λ = Σ T / (8·E[S]) = 1e9 / (8 · 12,500) = 10,000 flows/s for 2 s; a flow's pair is
        // (i, j) with probability T_ij / Σ T (0.1 or 0.2). Counts within 5 sd (binomial).
        // Flow by flow ("mode": "flows"): 10,000 flows/s would run as a fluid (§2.7).
        const json g = {{"id", "tm"},
                        {"kind", "poisson"},
                        {"protocol", "udp"},
                        {"mode", "flows"},
                        {"stop_s", 2},
                        {"size", {{"law", "exponential"}, {"mean_bytes", 12500}}},
                        {"matrix", gravity(1e9)}};
        const topology::Topology topo = star();
        const auto out = test::runTrafficOutcome(topo, {{"generators", json::array({g})}}, 4);
        std::map<std::pair<std::string, std::string>, double> counts;
        for (const net::TransferResult& f : out.flows)
            counts[{topo.node(f.src).id, topo.node(f.dst).id}] += 1;
        const double n = static_cast<double>(out.flows.size());
        qInfo("%g flows (expected 20000)", n);
        QVERIFY(std::abs(n - 20000) < 5 * std::sqrt(20000.0));
        for (const auto& [pair, rate_bps] : expectedDemands()) {
            const double p = rate_bps / 1e9;
            QVERIFY2(std::abs(counts[pair] - n * p) < 5 * std::sqrt(n * p * (1 - p)),
                     qPrintable(QString::fromStdString(pair.first + "→" + pair.second) + ": " +
                                QString::number(counts[pair]) + " of " + QString::number(n)));
        }
    }

    void badMatricesNameFileLineAndProblem()
    {
        const std::string at = "t.topo: /experiment/traffic/generators/0/matrix";
        const std::string file = at + "/file: " + kDataDir + "/";
        expectMatrixError(cbrMatrix({{"file", "matrix-ragged.csv"}}),
                          file + "matrix-ragged.csv: line 3: row 'h1' has 2 values, expected 3");
        expectMatrixError(cbrMatrix({{"file", "matrix-not-square.csv"}}),
                          file + "matrix-not-square.csv: 3 columns but 2 rows");
        expectMatrixError(cbrMatrix({{"file", "matrix-diagonal.csv"}}),
                          file + "matrix-diagonal.csv: line 3: traffic from 'h1' to itself");
        expectMatrixError(cbrMatrix({{"file", "matrix-negative.csv"}}),
                          file + "matrix-negative.csv: line 2: column 'h1': expected a rate ≥ 0");
        expectMatrixError(cbrMatrix({{"file", "matrix-unknown.csv"}}),
                          file + "matrix-unknown.csv: line 1: column 3: unknown node 'h9'");
        expectMatrixError(cbrMatrix({{"file", "no-such.csv"}}),
                          at + "/file: cannot read the matrix file");
        expectMatrixError(
            cbrMatrix({{"gravity", {{"total_bps", 1e9}, {"weights", {{"h0", 1}, {"hx", 1}}}}}}),
            at + "/gravity/weights/hx: unknown node 'hx'");
        expectMatrixError(
            cbrMatrix({{"gravity", {{"total_bps", 1e9}, {"weights", {{"h0", 1}, {"h1", 0}}}}}}),
            at + "/gravity/weights: needs at least two nodes of weight > 0");
        expectMatrixError(
            cbrMatrix({{"gravity", {{"total_bps", -1}, {"weights", {{"h0", 1}, {"h1", 1}}}}}}),
            at + "/gravity/total_bps: must be a finite number > 0");
        expectMatrixError(cbrMatrix(json::object()),
                          at + ": a matrix needs exactly one of \"gravity\" or \"file\"");
        json withFrom = cbrMatrix(gravity(1e9));
        withFrom["from"] = "h0";
        expectMatrixError(withFrom, "generators/0/from: does not apply with \"matrix\"");
        json onOff = cbrMatrix(gravity(1e9));
        onOff["kind"] = "on_off";
        expectMatrixError(onOff,
                          "generators/0/matrix: a traffic matrix applies to cbr and poisson");
    }
};

MERIDIAN_TEST(TrafficMatrixTest)
#include "TrafficMatrixTest.moc"
