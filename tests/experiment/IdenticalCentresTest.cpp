// Identical centres simulated once (RunOptions::exploit_symmetry, docs/experiments.md,
// "Identical centres"): the same results.json as simulating every centre, to the last bit, on
// every preset and on randomised multi-centre WANs; fewer events wherever centres are twins,
// and the same events where a link draws random numbers (loss, jitter) and nothing is shared.
#include "SmallTraining.hpp"
#include "TestMain.hpp"
#include "meridian/experiment/Results.hpp"
#include "meridian/experiment/Runner.hpp"
#include "meridian/io/ProjectFile.hpp"

#include <QtTest/QtTest>
#include <nlohmann/json.hpp>
#include <random>

using namespace meridian;
using nlohmann::json;

namespace {

struct BothRuns
{
    json twins, every; ///< results.json of each, without `engine`
    std::uint64_t twinsEvents = 0, everyEvents = 0;
};

BothRuns runBoth(const io::Project& p, std::optional<int> iterations = std::nullopt)
{
    BothRuns out;
    for (const bool symmetry : {true, false}) {
        experiment::RunOptions opt;
        opt.topology_name = "t.topo";
        opt.iterations = iterations;
        opt.exploit_symmetry = symmetry;
        const experiment::Results r = experiment::Runner(p, opt).run();
        json j = json::parse(experiment::resultsToJson(r));
        j.erase("engine");
        (symmetry ? out.twins : out.every) = j;
        (symmetry ? out.twinsEvents : out.everyEvents) = r.engine.events;
    }
    return out;
}

/// A centre described by its fabric.
json fabricCentre(const std::string& id, const std::string& model, int gpus,
                  const std::string& shape, double link_gbps)
{
    return {{"id", id},
            {"kind", "center"},
            {"attrs",
             {{"gpu_model", model},
              {"gpu_count", gpus},
              {"fabric",
               {{"topology", shape},
                {"link_gbps", link_gbps},
                {"latency_us", 2},
                {"gpus_per_server", 8}}}}}};
}

/// `centres` centres around a hub, each a copy of one of `kinds` fabric templates (drawn by
/// `rng`), WAN links of random delays.
json randomWan(std::mt19937& rng, int centres, double jitter_ms, double loss)
{
    const std::vector<std::string> models = {"A100-80GB", "H100-SXM"};
    const std::vector<std::string> shapes = {"fat-tree", "spine-leaf", "star"};
    const std::vector<int> gpuCounts = {16, 32, 64};
    struct Kind
    {
        std::string model, shape;
        int gpus;
        double gbps;
    };
    std::vector<Kind> kinds;
    const int kindCount = 1 + static_cast<int>(rng() % 3);
    for (int k = 0; k < kindCount; ++k)
        kinds.push_back({models[rng() % models.size()], shapes[rng() % shapes.size()],
                         gpuCounts[rng() % gpuCounts.size()], rng() % 2 ? 100.0 : 200.0});
    json nodes = json::array({{{"id", "hub"}, {"kind", "router"}}});
    json links = json::array();
    for (int i = 0; i < centres; ++i) {
        const Kind& k = kinds[rng() % kinds.size()];
        const std::string c = "c" + std::to_string(i);
        nodes.push_back(fabricCentre(c, k.model, k.gpus, k.shape, k.gbps));
        links.push_back({{"id", c + "-hub"},
                         {"a", c},
                         {"b", "hub"},
                         {"bandwidth_gbps", 10 * (1 + static_cast<int>(rng() % 4))},
                         {"delay_ms", 1 + static_cast<int>(rng() % 20)},
                         {"jitter_ms", jitter_ms},
                         {"loss", loss},
                         {"queue_pkts", 10000}});
    }
    json experiment = test::smallTrainingExperiment(2);
    experiment["broadcast"]["protocol"] = "tcp";
    experiment["inter_center"]["protocol"] = "tcp";
    return {{"format", "meridian.topo"},
            {"version", 1},
            {"name", "random"},
            {"nodes", nodes},
            {"links", links},
            {"experiment", experiment}};
}

} // namespace

class IdenticalCentresTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyPresetGivesTheSameResults_data()
    {
        QTest::addColumn<QString>("name");
        for (const char* name : {"allreduce-4dc-ring.topo", "failover-wan.topo",
                                 "llama3-8b-star-wan.topo", "p2p-wan-iperf.topo"})
            QTest::newRow(name) << QString::fromLatin1(name);
    }
    void everyPresetGivesTheSameResults()
    {
        QFETCH(QString, name);
        const io::Project p =
            io::readProject(test::sourcePath(QStringLiteral("presets/") + name).toStdString());
        const BothRuns r = runBoth(p, 2);
        QVERIFY2(r.twins == r.every, qPrintable(name));
    }

    void randomisedWansGiveTheSameResults()
    {
        std::mt19937 rng(20261127);
        int withTwins = 0;
        for (int round = 0; round < 12; ++round) {
            const int centres = 2 + static_cast<int>(rng() % 4);
            const json j = randomWan(rng, centres, 0.0, 0.0);
            const BothRuns r = runBoth(io::parseProject(j.dump(), "t.topo"));
            QVERIFY2(r.twins == r.every, qPrintable(QString::fromStdString(j.dump())));
            QVERIFY(r.twinsEvents <= r.everyEvents);
            withTwins += r.twinsEvents < r.everyEvents ? 1 : 0;
        }
        QVERIFY2(withTwins >= 6, qPrintable(QString::number(withTwins)));
    }

    void identicalCentresRunOnce()
    {
        // Four copies of one centre: one intra-centre all-reduce and one broadcast of the
        // result are simulated instead of four.
        std::mt19937 rng(1);
        json j = randomWan(rng, 4, 0.0, 0.0);
        for (auto& n : j["nodes"])
            if (n["kind"] == "center")
                n = fabricCentre(n["id"], "H100-SXM", 64, "fat-tree", 200);
        const BothRuns r = runBoth(io::parseProject(j.dump(), "t.topo"));
        QVERIFY(r.twins == r.every);
        QVERIFY2(3 * r.twinsEvents < 2 * r.everyEvents,
                 qPrintable(QStringLiteral("%1 vs %2").arg(r.twinsEvents).arg(r.everyEvents)));
    }

    void randomNumbersTurnItOff()
    {
        // Jitter or loss on a link: every centre is simulated (the random draws follow the
        // order of all events), with the same results.
        for (const auto& [jitter, loss] : {std::pair{0.5, 0.0}, std::pair{0.0, 1e-5}}) {
            std::mt19937 rng(2);
            json j = randomWan(rng, 3, jitter, loss);
            for (auto& n : j["nodes"])
                if (n["kind"] == "center")
                    n = fabricCentre(n["id"], "A100-80GB", 32, "spine-leaf", 100);
            const BothRuns r = runBoth(io::parseProject(j.dump(), "t.topo"));
            QVERIFY(r.twins == r.every);
            QCOMPARE(r.twinsEvents, r.everyEvents);
        }
    }
};

MERIDIAN_TEST(IdenticalCentresTest)
#include "IdenticalCentresTest.moc"
