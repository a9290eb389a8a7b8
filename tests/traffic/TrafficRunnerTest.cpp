// Background traffic through the experiment runner: it shares the links with the
// experiment's own transfers, results.json reports it, and a run is a pure function of the
// .topo and the seed.
#include "../experiment/SmallTraining.hpp"
#include "TestMain.hpp"
#include "TrafficFixtures.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/experiment/Results.hpp"
#include "meridian/experiment/Runner.hpp"
#include "meridian/io/ProjectFile.hpp"

#include <QtTest/QtTest>
#include <nlohmann/json.hpp>

using namespace meridian;
using nlohmann::json;

namespace {

experiment::Results run(const json& experiment, std::optional<std::uint64_t> seed = {},
                        bool attribute = false, double sample_interval_s = 1.0)
{
    const io::Project p = io::parseProject(test::wanProject(10, 5, experiment).dump(), "w.topo");
    experiment::RunOptions options;
    options.topology_name = "w.topo";
    options.seed = seed;
    options.attribute_background = attribute;
    options.sample_interval_s = sample_interval_s;
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
json twoCentreTraining(const json& traffic, const json& triggers = nullptr)
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
    if (!triggers.is_null())
        experiment["triggers"] = triggers;
    return {{"format", "meridian.topo"},
            {"version", 1},
            {"nodes", nodes},
            {"links", links},
            {"experiment", experiment}};
}

experiment::Results runTraining(const json& traffic, bool attribute = false,
                                const json& triggers = nullptr)
{
    const io::Project p = io::parseProject(twoCentreTraining(traffic, triggers).dump(), "t.topo");
    experiment::RunOptions options;
    options.topology_name = "t.topo";
    options.attribute_background = attribute;
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

    void backgroundShareOverTimeIsExact()
    {
        // The 4 Gbit/s CBR source c → b sends on the 10 Gbit/s WAN from 0 to 1 s beside the
        // 1 GB transfer a → b (same direction), which then has the link alone until its last
        // byte (0.75 GB by 1 s at 6 Gbit/s, the rest at 10: 1.2 s). Sampled every 0.05 s: in
        // every interval up to 1 s the background's share of the capacity is 4e9 / 10e9 = 0.4
        // (the transfer's utilisation − 0.4 = 0.6), after it 0; the run's last sample is the
        // transfer's last byte, so the shares summed over the intervals (× length × capacity)
        // are the background bytes.
        json e = p2pWithCbr(4e9);
        e["traffic"]["generators"][0]["stop_s"] = 1.0;
        const auto r = run(e, {}, false, 0.05);
        const auto& wan = link(r, "wan");
        const std::size_t n = wan.background_utilization_series.size();
        QCOMPARE(n, wan.utilization_series.size());
        QCOMPARE(n, r.sample_times_s.size());
        QVERIFY2(n >= 24, qPrintable(QString::number(n)));
        double bits = 0.0;
        int during = 0, after = 0;
        for (std::size_t i = 0; i < n; ++i) {
            const double start_s = i > 0 ? r.sample_times_s[i - 1] : 0.0;
            const double end_s = r.sample_times_s[i];
            const double share = wan.background_utilization_series[i];
            bits += share * (end_s - start_s) * 10e9;
            const QString where = QString("interval %1 (%2, %3]: %4")
                                      .arg(i)
                                      .arg(start_s)
                                      .arg(end_s)
                                      .arg(share, 0, 'g', 17);
            if (end_s <= 1.0 + 1e-12) {
                QVERIFY2(std::abs(share - 0.4) < 1e-9, qPrintable(where));
                QVERIFY2(std::abs(wan.utilization_series[i] - 1.0) < 1e-9, qPrintable(where));
                ++during;
            } else if (start_s >= 1.0 - 1e-12) {
                QCOMPARE(share, 0.0);
                ++after;
            }
        }
        QCOMPARE(during, 20);
        QVERIFY(after >= 4);
        QVERIFY(wan.background_bytes > 0.0);
        QVERIFY2(std::abs(bits / 8.0 / wan.background_bytes - 1.0) < 1e-9,
                 qPrintable(QString::number(bits / 8.0 / wan.background_bytes, 'g', 17)));
        // Links the background never crosses have a zero share; runs without a traffic
        // section do not write the field (background_bytes neither).
        for (double share : link(r, "a-ra").background_utilization_series)
            QCOMPARE(share, 0.0);
        const json with = json::parse(experiment::resultsToJson(r));
        QVERIFY(with["links"][0].contains("background_utilization_series"));
        const std::string without = experiment::resultsToJson(run(p2pWithCbr(0)));
        QVERIFY(without.find("background_utilization_series") == std::string::npos);
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

    void theAttributionIsTheSameRunWithoutItsGenerators()
    {
        // The 1 GB transfer of the first test next to the 4 Gbit/s source: "without" is the
        // run with no traffic section, to the bit, and the slowdown is their ratio
        // ((8e9 / 6e9 + latency) / (0.8 + latency) ≈ 1.66).
        const auto alone = run(p2pWithCbr(0));
        const auto shared = run(p2pWithCbr(4e9), {}, true);
        const auto& a = shared.background_attribution;
        QVERIFY(a.enabled);
        QCOMPARE(a.collective_mean_with_s, shared.collective.mean_s);
        QCOMPARE(a.collective_mean_without_s, alone.collective.mean_s);
        QCOMPARE(a.total_without_s, alone.total_s);
        QCOMPARE(a.phases.size(), alone.phases.size());
        for (std::size_t i = 0; i < a.phases.size(); ++i) {
            QCOMPARE(a.phases[i].name, alone.phases[i].name);
            QCOMPARE(a.phases[i].without_s, alone.phases[i].duration_s());
            QCOMPARE(a.phases[i].with_s, shared.phases[i].duration_s());
        }
        const double slowdown = a.collective_mean_with_s / a.collective_mean_without_s;
        QVERIFY2(slowdown > 1.6 && slowdown < 1.7, qPrintable(QString::number(slowdown)));
        // The run itself is the run without attribution, byte for byte, apart from the block.
        json with = json::parse(experiment::resultsToJson(shared));
        QVERIFY(with.contains("background_attribution"));
        QCOMPARE(with["background_attribution"]["collective_mean_s"]["slowdown"].get<double>(),
                 slowdown);
        with.erase("background_attribution");
        QCOMPARE(with, json::parse(experiment::resultsToJson(run(p2pWithCbr(4e9)))));
        const auto files = experiment::resultsCsvFiles(shared);
        QVERIFY(std::any_of(files.begin(), files.end(),
                            [](const auto& f) { return f.first == "attribution.csv"; }));
        QVERIFY(experiment::resultsSummary(shared).find("what the background traffic costs") !=
                std::string::npos);
    }

    void trainingPhasesAreAttributedOneByOne()
    {
        // The 6 Gbit/s tenant of the training test: compute is untouched (slowdown 1), the
        // inter-centre phase pays, and "without" is the training alone.
        const json cbr = {{"generators",
                           {{{"id", "tenant"},
                             {"kind", "cbr"},
                             {"from", "c0"},
                             {"to", "c1"},
                             {"stop_s", 1e4},
                             {"rate_bps", 6e9}}}}};
        const auto alone = runTraining(nullptr);
        const auto shared = runTraining(cbr, true);
        const auto& a = shared.background_attribution;
        QVERIFY(a.enabled);
        QCOMPARE(a.gpu_effective_compute_without, alone.iterations[0].gpu_effective_compute_ratio);
        QCOMPARE(a.gpu_effective_compute_with, shared.iterations[0].gpu_effective_compute_ratio);
        QVERIFY(a.gpu_effective_compute_with < a.gpu_effective_compute_without);
        bool sawInter = false;
        for (const auto& p : a.phases) {
            if (p.name == "compute")
                QCOMPARE(p.with_s, p.without_s);
            if (p.name == "inter_center") {
                sawInter = true;
                QCOMPARE(p.without_s, alone.iterations[0].inter_center_s);
                QVERIFY(p.with_s > 1.05 * p.without_s);
            }
        }
        QVERIFY(sawInter);
        // Without generators there is nothing to attribute, and a traffic-only run warns.
        QVERIFY(!runTraining(nullptr, true).background_attribution.enabled);
        const auto trafficOnly = run(poissonTraffic(), {}, true);
        QVERIFY(!trafficOnly.background_attribution.enabled);
        QVERIFY(std::any_of(trafficOnly.warnings.begin(), trafficOnly.warnings.end(),
                            [](const std::string& w) {
                                return w.find("--attribute-background") != std::string::npos;
                            }));
    }

    void triggersScaleStopAndStartGenerators()
    {
        // tenant, 2 Gbit/s c0 → c1 from t = 0: halved at 2 s, stopped at 4 s — it offered
        // 2e9 · 2 / 8 + 1e9 · 2 / 8 = 0.75 GB over a 4 s window. late, 1 Gbit/s c1 → c0 from
        // 5,000 s (after the run): started by a trigger at 3 s, it offers its rate from then
        // to the end of the run.
        const json traffic = {{"generators",
                               {{{"id", "tenant"},
                                 {"kind", "cbr"},
                                 {"from", "c0"},
                                 {"to", "c1"},
                                 {"stop_s", 1e4},
                                 {"rate_bps", 2e9}},
                                {{"id", "late"},
                                 {"kind", "cbr"},
                                 {"from", "c1"},
                                 {"to", "c0"},
                                 {"start_s", 5e3},
                                 {"stop_s", 1e4},
                                 {"rate_bps", 1e9}}}}};
        const json triggers = json::array(
            {{{"id", "halve"},
              {"at_s", 2},
              {"action", "scale-generator"},
              {"generator", "tenant"},
              {"factor", 0.5}},
             {{"id", "quiet"}, {"at_s", 4}, {"action", "stop-generator"}, {"generator", "tenant"}},
             {{"id", "wake"}, {"at_s", 3}, {"action", "start-generator"}, {"generator", "late"}}});
        const auto r = runTraining(traffic, false, triggers);
        QVERIFY(r.total_s > 10.0);
        QCOMPARE(r.control_plane.triggers.size(), std::size_t(3));
        QCOMPARE(r.control_plane.triggers[0].action, std::string("scale-generator"));
        const auto& tenant = r.traffic[0];
        QVERIFY2(std::abs(tenant.window_s - 4.0) < 1e-9,
                 qPrintable(QString::number(tenant.window_s)));
        QVERIFY2(std::abs(tenant.offered_bytes / 0.75e9 - 1.0) < 1e-9,
                 qPrintable(QString::number(tenant.offered_bytes)));
        QVERIFY(tenant.carried_bytes <= tenant.offered_bytes * (1.0 + 1e-9));
        QCOMPARE(tenant.flows, std::uint64_t(2)); // one source per rate
        QCOMPARE(tenant.flows_in_flight, std::uint64_t(0));
        const auto& late = r.traffic[1];
        QVERIFY2(std::abs(late.window_s - (r.total_s - 3.0)) < 1e-9,
                 qPrintable(QString::number(late.window_s)));
        QVERIFY(std::abs(late.offered_bps / 1e9 - 1.0) < 1e-9);
        QVERIFY(r.warnings.empty() ||
                std::none_of(r.warnings.begin(), r.warnings.end(), [](const std::string& w) {
                    return w.find("nothing changed") != std::string::npos;
                }));
        // The same file without the triggers: tenant runs the whole run at 2 Gbit/s, late never.
        const auto plain = runTraining(traffic);
        QVERIFY(std::abs(plain.traffic[0].offered_bps / 2e9 - 1.0) < 1e-9);
        QCOMPARE(plain.traffic[1].flows, std::uint64_t(0));
    }

    void generatorTriggersNameAGeneratorAndAFactor()
    {
        const json traffic = {{"generators",
                               {{{"id", "tenant"},
                                 {"kind", "cbr"},
                                 {"from", "c0"},
                                 {"to", "c1"},
                                 {"stop_s", 1e4},
                                 {"rate_bps", 2e9}}}}};
        const auto expectError = [&](const json& trigger, const std::string& path,
                                     const std::string& words) {
            try {
                io::Project p = io::parseProject(
                    twoCentreTraining(traffic, json::array({trigger})).dump(), "t.topo");
                experiment::Runner runner(p, {});
                QFAIL("no error");
            } catch (const InputError& e) {
                const std::string what = e.what();
                QVERIFY2(what.find(path) != std::string::npos &&
                             what.find(words) != std::string::npos,
                         e.what());
            }
        };
        expectError({{"at_s", 1}, {"action", "stop-generator"}, {"generator", "nope"}},
                    "/experiment/triggers/0/generator", "no generator 'nope'");
        expectError({{"at_s", 1}, {"action", "scale-generator"}, {"generator", "tenant"}},
                    "/experiment/triggers/0/factor", "factor");
        expectError(
            {{"at_s", 1}, {"action", "scale-generator"}, {"generator", "tenant"}, {"factor", -1}},
            "/experiment/triggers/0/factor", ">= 0");
        expectError({{"at_s", 1}, {"action", "start-generator"}}, "/experiment/triggers/0",
                    "missing required key 'generator'");
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
