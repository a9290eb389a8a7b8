// Background traffic through the experiment runner: it shares the links with the
// experiment's own transfers, results.json reports it, and a run is a pure function of the
// .topo and the seed.
#include "../experiment/SmallTraining.hpp"
#include "TestMain.hpp"
#include "TrafficFixtures.hpp"
#include "meridian/experiment/Results.hpp"
#include "meridian/experiment/Runner.hpp"
#include "meridian/io/ProjectFile.hpp"

#include <QtTest/QtTest>
#include <nlohmann/json.hpp>

using namespace meridian;
using nlohmann::json;

namespace {

experiment::Results run(const json& experiment, std::optional<std::uint64_t> seed = {})
{
    const io::Project p = io::parseProject(test::wanProject(10, 5, experiment).dump(), "w.topo");
    experiment::RunOptions options;
    options.topology_name = "w.topo";
    options.seed = seed;
    experiment::Runner runner(p, options);
    return runner.run();
}

const experiment::LinkResult& link(const experiment::Results& r, const std::string& id)
{
    for (const auto& l : r.links)
        if (l.id == id)
            return l;
    throw std::runtime_error("no link " + id);
}

json p2pWithCbr(double cbr_bps)
{
    json e = {{"kind", "p2p"}, {"from", "a"}, {"to", "b"}, {"bytes", 1e9}, {"protocol", "udp"}};
    if (cbr_bps > 0)
        e["traffic"] = {{"generators",
                         {{{"id", "video"},
                           {"kind", "cbr"},
                           {"from", "c"},
                           {"to", "b"},
                           {"stop_s", 100},
                           {"rate_bps", cbr_bps}}}}};
    return e;
}

json poissonTraffic()
{
    return {{"kind", "traffic"},
            {"seed", 3},
            {"traffic",
             {{"generators",
               {{{"id", "web"},
                 {"kind", "poisson"},
                 {"from", json::array({"a", "c"})},
                 {"to", "b"},
                 {"stop_s", 0.5},
                 {"load", 0.6},
                 {"load_link", "wan"},
                 {"size", {{"law", "data-mining"}}}},
                {{"id", "backup"},
                 {"kind", "bulk"},
                 {"from", "b"},
                 {"to", "a"},
                 {"stop_s", 0.5},
                 {"streams", 2},
                 {"period_s", 0.2},
                 {"duration_s", 0.1},
                 {"bytes", 5e7}}}}}}};
}

/// Two centres c0, c1, each with one GPU node, joined through a hub by 10 Gbit/s links of
/// 5 ms; the small training of tests/experiment (one iteration, go-back-N across the WAN),
/// and `traffic` if not null.
json twoCentreTraining(const json& traffic)
{
    json nodes = json::array({{{"id", "hub"}, {"kind", "router"}}});
    json links = json::array();
    for (const std::string c : {"c0", "c1"}) {
        nodes.push_back({{"id", c}, {"kind", "center"}, {"attrs", {{"gpu_model", "A100-80GB"}}}});
        nodes.push_back({{"id", c + "-gpu"},
                         {"kind", "gpu"},
                         {"parent", c},
                         {"attrs", {{"gpu_model", "A100-80GB"}, {"gpu_count", 1}}}});
        links.push_back(
            {{"id", c + "-gpu-link"}, {"a", c + "-gpu"}, {"b", c}, {"bandwidth_gbps", 4000}});
        links.push_back({{"id", c + "-hub"},
                         {"a", c},
                         {"b", "hub"},
                         {"bandwidth_gbps", 10},
                         {"delay_ms", 5},
                         {"queue_pkts", 100000}});
    }
    json experiment = test::smallTrainingExperiment(1);
    if (!traffic.is_null())
        experiment["traffic"] = traffic;
    return {{"format", "meridian.topo"},
            {"version", 1},
            {"nodes", nodes},
            {"links", links},
            {"experiment", experiment}};
}

experiment::Results runTraining(const json& traffic)
{
    const io::Project p = io::parseProject(twoCentreTraining(traffic).dump(), "t.topo");
    experiment::RunOptions options;
    options.topology_name = "t.topo";
    experiment::Runner runner(p, options);
    return runner.run();
}

} // namespace

class TrafficRunnerTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void backgroundTrafficSlowsTheExperimentAndIsCountedApart()
    {
        // A 1 GB UDP transfer a → b over the 10 Gbit/s WAN link alone takes 8e9 / 10e9 =
        // 0.8 s of data; next to a 4 Gbit/s CBR source c → b it gets the max-min rest, 6 Gbit/s:
        // 8e9 / 6e9 = 1.333 s. The links carry the transfer's 1e9 bytes as experiment bytes and
        // the CBR's 4e9 / 8 B/s over the run as background bytes.
        const auto alone = run(p2pWithCbr(0));
        const auto shared = run(p2pWithCbr(4e9));
        const double dataAlone = 0.8, dataShared = 8e9 / 6e9;
        const double latency = alone.collective.mean_s - dataAlone; // the same path either way
        QVERIFY2(latency > 0.005 && latency < 0.006, qPrintable(QString::number(latency)));
        QVERIFY2(std::abs(shared.collective.mean_s - (dataShared + latency)) < 1e-6,
                 qPrintable(QString::number(shared.collective.mean_s)));
        const auto& wan = link(shared, "wan");
        QVERIFY(std::abs((wan.bytes - wan.background_bytes) / 1e9 - 1.0) < 1e-9);
        QCOMPARE(link(shared, "a-ra").background_bytes, 0.0);
        QCOMPARE(link(alone, "wan").background_bytes, 0.0);
        QCOMPARE(shared.traffic.size(), std::size_t(1));
        const auto& g = shared.traffic[0];
        // The run ends with the transfer: the CBR source offered and carried 4 Gbit/s so far.
        QVERIFY(std::abs(g.window_s - shared.total_s) < 1e-12);
        QVERIFY(std::abs(g.offered_bps / 4e9 - 1.0) < 1e-9);
        QVERIFY(std::abs(g.carried_bps / 4e9 - 1.0) < 1e-9);
        QVERIFY(std::abs(wan.background_bytes / g.carried_bytes - 1.0) < 1e-9);
        QCOMPARE(g.flows_in_flight, std::uint64_t(1));
    }

    void backgroundTrafficSlowsTheInterCentrePhaseOfTraining()
    {
        // A 6 Gbit/s CBR source c0 → c1 for the whole run shares the WAN with the training:
        // the inter-centre all-reduce gets less of the c0 → c1 direction and takes longer
        // (47.9 s → 51.2 s: its connections, bound by NCCL's buffer over the 20 ms round
        // trip, mostly use capacity the source leaves), compute is untouched, and the
        // training moves the same bytes as alone.
        const json cbr = {{"generators",
                           {{{"id", "tenant"},
                             {"kind", "cbr"},
                             {"from", "c0"},
                             {"to", "c1"},
                             {"stop_s", 1e4},
                             {"rate_bps", 6e9}}}}};
        const auto alone = runTraining(nullptr);
        const auto shared = runTraining(cbr);
        QCOMPARE(shared.iterations.size(), std::size_t(1));
        QCOMPARE(shared.iterations[0].compute_s, alone.iterations[0].compute_s);
        QVERIFY2(shared.iterations[0].inter_center_s > 1.05 * alone.iterations[0].inter_center_s,
                 qPrintable(QString::number(shared.iterations[0].inter_center_s) + " vs " +
                            QString::number(alone.iterations[0].inter_center_s)));
        const auto& wan = link(shared, "c0-hub");
        QVERIFY(std::abs((wan.bytes - wan.background_bytes) / link(alone, "c0-hub").bytes - 1.0) <
                1e-9);
        // The CBR source offered 6 Gbit/s throughout but its max-min share was less while
        // the training sent.
        const auto& g = shared.traffic[0];
        QVERIFY(std::abs(g.offered_bps / 6e9 - 1.0) < 1e-9);
        QVERIFY(g.carried_bps < g.offered_bps);
    }

    void resultsJsonReportsTrafficOnlyWhenThereIsSome()
    {
        const std::string without = experiment::resultsToJson(run(p2pWithCbr(0)));
        QVERIFY(without.find("\"traffic\"") == std::string::npos);
        QVERIFY(without.find("background_bytes") == std::string::npos);
        const json with = json::parse(experiment::resultsToJson(run(p2pWithCbr(4e9))));
        QCOMPARE(with["traffic"][0]["id"], json("video"));
        QVERIFY(with["links"][0].contains("experiment_bytes"));
        QVERIFY(with["links"][0].contains("background_bytes"));
    }

    void aTrafficRunIsAPureFunctionOfFileAndSeed()
    {
        const std::string once = experiment::resultsToJson(run(poissonTraffic()));
        const std::string twice = experiment::resultsToJson(run(poissonTraffic()));
        QCOMPARE(twice, once);
        const std::string other = experiment::resultsToJson(run(poissonTraffic(), 4));
        QVERIFY(other != once);
        const json r = json::parse(once);
        QCOMPARE(r["kind"], json("traffic"));
        QCOMPARE(r["phases"][0]["name"], json("traffic"));
        // Every flow started has ended: the run lasts until then.
        for (const json& g : r["traffic"]) {
            QCOMPARE(g["flows_in_flight"], json(0));
            QCOMPARE(g["flows"].get<int>(), g["flows_completed"].get<int>() +
                                                g["flows_cut"].get<int>() +
                                                g["flows_failed"].get<int>());
            QVERIFY(g["flows"].get<int>() > 0);
        }
        // Three 0.1 s windows of the bulk generator, two streams each.
        QCOMPARE(r["traffic"][1]["flows"], json(6));
    }
};

MERIDIAN_TEST(TrafficRunnerTest)
#include "TrafficRunnerTest.moc"
