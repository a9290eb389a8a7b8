// The experiment runner against closed forms and against the engine's own transfers.
#include "TestMain.hpp"

#include "meridian/core/Error.hpp"
#include "meridian/experiment/Runner.hpp"
#include "meridian/io/ProjectFile.hpp"

#include <QtTest/QtTest>

#include <nlohmann/json.hpp>

#include <cmath>

using namespace meridian;
using nlohmann::json;

namespace {

/// A star WAN: `centres` centres, each with one explicit GPU node (so a centre has exactly one
/// rank and the intra-centre phase is empty), linked to a hub with `wan_gbps`.
json starProject(int centres, double wan_gbps, double delay_ms, double loss, double jitter_ms,
                 const json& experimentOverrides = json::object())
{
    json nodes = json::array();
    json links = json::array();
    nodes.push_back({{"id", "hub"}, {"kind", "router"}});
    for (int i = 0; i < centres; ++i) {
        const std::string c = "c" + std::to_string(i);
        nodes.push_back({{"id", c}, {"kind", "center"}, {"attrs", {{"gpu_model", "A100-80GB"}}}});
        nodes.push_back({{"id", c + "-gpu"},
                         {"kind", "gpu"},
                         {"parent", c},
                         {"attrs", {{"gpu_model", "A100-80GB"}, {"gpu_count", 1}}}});
        links.push_back({{"id", c + "-gpu-link"}, {"a", c + "-gpu"}, {"b", c}, {"bandwidth_gbps", 4000},
                         {"delay_ms", 0.0}});
        links.push_back({{"id", c + "-hub"},
                         {"a", c},
                         {"b", "hub"},
                         {"bandwidth_gbps", wan_gbps},
                         {"delay_ms", delay_ms},
                         {"loss", loss},
                         {"jitter_ms", jitter_ms},
                         {"queue_pkts", 100000}});
    }
    json experiment = {{"kind", "training"},
                       {"model", {{"preset", "llama-3-8b"}}},
                       {"parallelism", {{"global_batch_tokens", 65536}, {"seq_len", 4096}, {"zero_stage", 3}}},
                       {"source", "c0"},
                       {"broadcast", {{"algorithm", "binomial"}, {"protocol", "gbn"}, {"dataset", false}}},
                       {"inter_center", {{"collective", "ring"}, {"protocol", "gbn"}}},
                       {"iterations", 1},
                       {"seed", 7}};
    for (auto it = experimentOverrides.begin(); it != experimentOverrides.end(); ++it)
        experiment[it.key()] = it.value();
    return {{"format", "meridian.topo"}, {"version", 1}, {"name", "star"}, {"nodes", nodes}, {"links", links},
            {"experiment", experiment}};
}

experiment::Results runProject(const json& j, std::optional<std::uint64_t> seed = std::nullopt)
{
    const io::Project p = io::parseProject(j.dump(), "test.topo");
    experiment::RunOptions opt;
    opt.topology_name = "test.topo";
    opt.seed = seed;
    experiment::Runner runner(p, opt);
    return runner.run();
}

const experiment::PhaseResult& phase(const experiment::Results& r, const std::string& name, int iteration)
{
    for (const auto& p : r.phases)
        if (p.name == name && p.iteration == iteration)
            return p;
    throw std::runtime_error("no phase " + name);
}

} // namespace

class RunnerTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void phasesComeInOrderAndTile()
    {
        const auto r = runProject(starProject(3, 10, 5, 0, 0, {{"iterations", 2}}));
        const std::vector<std::string> expected{"broadcast", "compute", "intra_center", "inter_center", "update",
                                                "compute",   "intra_center", "inter_center", "update"};
        QCOMPARE(r.phases.size(), expected.size());
        for (std::size_t i = 0; i < expected.size(); ++i) {
            QCOMPARE(r.phases[i].name, expected[i]);
            QVERIFY(r.phases[i].end_s >= r.phases[i].start_s);
            if (i > 0) // the phases partition the timeline: each starts where the last ended
                QCOMPARE(r.phases[i].start_s, r.phases[i - 1].end_s);
        }
        QCOMPARE(r.iterations.size(), std::size_t(2));
        for (const auto& it : r.iterations) {
            QVERIFY(std::abs(it.compute_s + it.intra_center_s + it.inter_center_s + it.update_s - it.total_s) < 1e-9);
            QVERIFY(it.gpu_effective_compute_ratio > 0 && it.gpu_effective_compute_ratio < 1);
        }
    }

    void broadcastEqualsTheEnginesTransferTime()
    {
        // Two centres: the binomial broadcast is one transfer of the model bytes from c0's GPU
        // to c1's GPU, so its phase must last exactly as long as a p2p run of the same bytes.
        const auto r = runProject(starProject(2, 10, 5, 0, 0));
        const double broadcast = phase(r, "broadcast", -1).duration_s();
        json p2p = starProject(2, 10, 5, 0, 0);
        p2p["experiment"] = {{"kind", "p2p"}, {"from", "c0-gpu"}, {"to", "c1-gpu"}, {"bytes", r.model_bytes},
                             {"protocol", "gbn"}, {"seed", 7}};
        const auto q = runProject(p2p);
        QCOMPARE(q.collective.repetitions_s.size(), std::size_t(1));
        QCOMPARE(broadcast, q.collective.repetitions_s[0]);
        // And that transfer is the closed form: bytes/B + 3 links of one-way delay (gpu link 0 ms).
        const double expected = r.model_bytes * 8 / 10e9 + 2 * 5e-3;
        QVERIFY2(std::abs(broadcast - expected) / expected < 0.01, qPrintable(QString::number(broadcast)));
    }

    void doublingWanBandwidthShortensInterCentrePhaseAsPredicted()
    {
        // Ring all-reduce among C centres on a non-blocking star: the bandwidth term is
        // 2(C−1)/C · S/B; doubling B removes half of it, latency and reductions stay equal.
        const int C = 4;
        const auto slow = runProject(starProject(C, 10, 5, 0, 0));
        const auto fast = runProject(starProject(C, 20, 5, 0, 0));
        const double S = slow.model_bytes;
        const double predicted = 2.0 * (C - 1) / C * S * 8 / 20e9; // saving = term(B) − term(2B)
        const double saving = phase(slow, "inter_center", 0).duration_s() - phase(fast, "inter_center", 0).duration_s();
        QVERIFY2(std::abs(saving - predicted) / predicted < 0.01,
                 qPrintable(QString("saving %1 predicted %2").arg(saving).arg(predicted)));
    }

    void lossAndJitterLengthenInterCentrePhase()
    {
        json tcp = {{"inter_center", {{"collective", "ring"}, {"protocol", "tcp"}}},
                    {"transport", {{"max_window_bytes", 0}}}};
        const double clean = phase(runProject(starProject(4, 10, 5, 0, 0, tcp)), "inter_center", 0).duration_s();
        const double lossy = phase(runProject(starProject(4, 10, 5, 1e-4, 0, tcp)), "inter_center", 0).duration_s();
        const double jittery = phase(runProject(starProject(4, 10, 5, 0, 2, tcp)), "inter_center", 0).duration_s();
        QVERIFY2(lossy > clean * 1.05, qPrintable(QString("%1 vs %2").arg(lossy).arg(clean)));
        QVERIFY2(jittery > clean, qPrintable(QString("%1 vs %2").arg(jittery).arg(clean)));
    }

    void unreachableCentreIsAClearError()
    {
        json j = starProject(3, 10, 5, 0, 0);
        json links = json::array();
        for (const auto& l : j["links"])
            if (l["id"] != "c2-hub")
                links.push_back(l);
        j["links"] = links;
        try {
            runProject(j);
            QFAIL("expected an InputError");
        } catch (const InputError& e) {
            const QString msg = QString::fromStdString(e.what());
            QVERIFY2(msg.contains("'c2'") && msg.contains("unreachable"), qPrintable(msg));
            QVERIFY(msg.startsWith("test.topo"));
        }
    }

    void sameSeedSameBytesDifferentSeedDifferentJitter()
    {
        const json j = starProject(4, 10, 5, 0, 1);
        const std::string a = experiment::resultsToJson(runProject(j));
        const std::string b = experiment::resultsToJson(runProject(j));
        QCOMPARE(a, b);
        const std::string c = experiment::resultsToJson(runProject(j, 8));
        QVERIFY(a != c);
    }

    void collectiveMicroBenchmarkReportsNcclBandwidths()
    {
        // 4 hosts on a star, ring all-reduce of S with UDP-like GBN (no slow start, no loss):
        // t = 2(n−1)(α + S/(nB)) with α = 2 hops × 1 ms, so busbw = 2(n−1)/n · S/t.
        json j = starProject(4, 10, 1, 0, 0);
        const double S = 256.0 * 1024 * 1024;
        j["experiment"] = {{"kind", "collective"}, {"operation", "allreduce"}, {"algorithm", "ring"},
                           {"participants", {"c0-gpu", "c1-gpu", "c2-gpu", "c3-gpu"}},
                           {"bytes", S}, {"protocol", "gbn"}, {"repeat", 3}};
        const auto r = runProject(j);
        QVERIFY(r.has_collective);
        QCOMPARE(r.collective.repetitions_s.size(), std::size_t(3));
        const int n = 4;
        const double alpha = 2e-3;
        const double expected = 2 * (n - 1) * (alpha + S * 8 / (n * 10e9));
        QVERIFY2(std::abs(r.collective.mean_s - expected) / expected < 0.01,
                 qPrintable(QString("%1 vs %2").arg(r.collective.mean_s).arg(expected)));
        QCOMPARE(r.collective.algbw_gbps, S * 8 / r.collective.mean_s / 1e9);
        QCOMPARE(r.collective.busbw_gbps, r.collective.algbw_gbps * 2 * (n - 1) / n);
    }

    void badExperimentNamesThePath()
    {
        json j = starProject(2, 10, 5, 0, 0, {{"inter_center", {{"collective", "ring"}, {"protocl", "tcp"}}}});
        try {
            runProject(j);
            QFAIL("expected an InputError");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.location()), QString("/experiment/inter_center/protocl"));
        }
    }

    void fabricCentresUseTheEngine()
    {
        // A centre described only by its fabric gets servers of 8 GPUs; its intra-centre
        // all-reduce then runs on those servers' NICs (8 × 100 Gbit/s each): 4 servers, ring,
        // bandwidth term 2(n−1)/n · S / (800 Gbit/s).
        json j = starProject(1, 10, 5, 0, 0);
        j["nodes"] = json::array({{{"id", "c0"},
                                   {"kind", "center"},
                                   {"attrs",
                                    {{"gpu_model", "H100-SXM"},
                                     {"gpu_count", 32},
                                     {"fabric", {{"topology", "star"}, {"link_gbps", 100}, {"latency_us", 0}, {"gpus_per_server", 8}}}}}}});
        j["links"] = json::array();
        j["experiment"]["inter_center"] = {{"collective", "ring"}, {"protocol", "gbn"}};
        j["experiment"]["intra_center"] = {{"collective", "ring"}, {"protocol", "gbn"}};
        const auto r = runProject(j);
        const double S = r.model_bytes;
        const double bandwidthTerm = 2.0 * 3 / 4 * S * 8 / 800e9;
        const double intra = r.iterations[0].intra_center_s;
        // Reductions add 3 × (S/4) / HBM bandwidth per reduce-scatter step; allow 10 %.
        QVERIFY2(intra >= bandwidthTerm && intra < bandwidthTerm * 1.1,
                 qPrintable(QString("%1 vs %2").arg(intra).arg(bandwidthTerm)));
        QCOMPARE(r.centers.size(), std::size_t(1));
        QCOMPARE(r.centers[0].gpus, 32);
    }
};

MERIDIAN_TEST(RunnerTest)
#include "RunnerTest.moc"
