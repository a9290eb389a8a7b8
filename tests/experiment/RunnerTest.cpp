// The experiment runner against closed forms and against the engine's own transfers.
#include "meridian/experiment/Runner.hpp"

#include "SmallTraining.hpp"
#include "TestMain.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/io/ProjectFile.hpp"

#include <QtTest/QtTest>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>

using namespace meridian;
using nlohmann::json;

namespace {

/// A star WAN: `centres` centres, each with one explicit GPU node (so a centre has exactly one
/// rank and the intra-centre phase is empty), linked to a hub with `wan_gbps`.
/// Attributes of a centre described only by its fabric: `gpus` H100-SXM GPUs on servers of
/// 8, joined by a `shape` fabric of 100 Gbit/s links with `latency_us` per hop.
json fabricCentreAttrs(int gpus, const std::string& shape, int latency_us)
{
    return {{"gpu_model", "H100-SXM"},
            {"gpu_count", gpus},
            {"fabric",
             {{"topology", shape},
              {"link_gbps", 100},
              {"latency_us", latency_us},
              {"gpus_per_server", 8}}}};
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

/// The InputError a run of `j` raises, or nullopt if it runs.
std::optional<InputError> inputErrorOf(const json& j)
{
    try {
        runProject(j);
    } catch (const InputError& e) {
        return e;
    }
    return std::nullopt;
}

const experiment::PhaseResult& phase(const experiment::Results& r, const std::string& name,
                                     int iteration)
{
    for (const auto& p : r.phases)
        if (p.name == name && p.iteration == iteration)
            return p;
    throw std::runtime_error("no phase " + name);
}

/// Records every observer call as one line, and can cancel the run at a chosen phase end.
class RecordingObserver : public experiment::RunObserver
{
public:
    struct Event
    {
        char kind; // 'S' started, 'F' finished, 'P' snapshot
        std::string name;
        int iteration = -1;
        double time_s = 0.0;
        double progress = 0.0;
    };
    std::vector<Event> events;
    experiment::Runner* cancelRunner = nullptr;
    std::size_t cancelAfterFinished = 0; ///< cancel after this many phaseFinished calls (0 = never)
    std::size_t finished = 0;

    void phaseStarted(const std::string& name, int iteration, double time_s) override
    {
        events.push_back({'S', name, iteration, time_s, 0.0});
    }
    void phaseFinished(const experiment::PhaseResult& p) override
    {
        events.push_back({'F', p.name, p.iteration, p.end_s, 0.0});
        if (cancelRunner && ++finished == cancelAfterFinished)
            cancelRunner->cancel();
    }
    void snapshot(const experiment::RunSnapshot& s) override
    {
        events.push_back({'P', {}, -1, s.time_s, s.progress});
    }
};

} // namespace

class RunnerTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void phasesComeInOrderAndTile()
    {
        const auto r = runProject(test::smallStarProject(3, 10, 5, 0, 0, {{"iterations", 2}}));
        const std::vector<std::string> expected{"broadcast",    "compute",      "intra_center",
                                                "inter_center", "update",       "compute",
                                                "intra_center", "inter_center", "update"};
        QCOMPARE(r.phases.size(), expected.size());
        for (std::size_t i = 0; i < expected.size(); ++i) {
            QCOMPARE(r.phases[i].name, expected[i]);
            QVERIFY(r.phases[i].end_s >= r.phases[i].start_s);
            if (i > 0) // the phases partition the timeline: each starts where the last ended
                QCOMPARE(r.phases[i].start_s, r.phases[i - 1].end_s);
        }
        QCOMPARE(r.iterations.size(), std::size_t(2));
        for (const auto& it : r.iterations) {
            QVERIFY(std::abs(it.compute_s + it.intra_center_s + it.inter_center_s + it.update_s -
                             it.total_s) < 1e-9);
            QVERIFY(it.gpu_effective_compute_ratio > 0 && it.gpu_effective_compute_ratio < 1);
        }
    }

    void broadcastEqualsTheEnginesTransferTime()
    {
        // Two centres: the binomial broadcast is one transfer of the model bytes from c0's GPU
        // to c1's GPU, so its phase must last exactly as long as a p2p run of the same bytes.
        const auto r = runProject(test::smallStarProject(2, 10, 5, 0, 0));
        const double broadcast = phase(r, "broadcast", -1).duration_s();
        json p2p = test::smallStarProject(2, 10, 5, 0, 0);
        p2p["experiment"] = {{"kind", "p2p"},          {"from", "c0-gpu"},  {"to", "c1-gpu"},
                             {"bytes", r.model_bytes}, {"protocol", "gbn"}, {"seed", 7}};
        const auto q = runProject(p2p);
        QCOMPARE(q.collective.repetitions_s.size(), std::size_t(1));
        QCOMPARE(broadcast, q.collective.repetitions_s[0]);
        // And that transfer is the closed form: bytes/B + 3 links of one-way delay (gpu link 0 ms).
        const double expected = r.model_bytes * 8 / 10e9 + 2 * 5e-3;
        QVERIFY2(std::abs(broadcast - expected) / expected < 0.01,
                 qPrintable(QString::number(broadcast)));
    }

    void doublingWanBandwidthShortensInterCentrePhaseAsPredicted()
    {
        // Ring all-reduce among C centres on a non-blocking star, one channel, one chunk (one
        // message per step): the bandwidth term is 2(C−1)/C · S/B; doubling B removes half of
        // it, latency and reductions stay equal. (With NCCL's default 2 MiB chunks these
        // 10 ms hops make every step latency-bound: see ncclDefaultsOnAWanRingAreLatencyBound.)
        const int C = 4;
        const json single = {{"collective", "ring"}, {"protocol", "gbn"}, {"chunks", 1}};
        const json oneChannel = {{"channels", 1}};
        const auto slow = runProject(test::smallStarProject(
            C, 10, 5, 0, 0, {{"inter_center", single}, {"comm", oneChannel}}));
        const auto fast = runProject(test::smallStarProject(
            C, 20, 5, 0, 0, {{"inter_center", single}, {"comm", oneChannel}}));
        const double S = slow.model_bytes;
        const double predicted = 2.0 * (C - 1) / C * S * 8 / 20e9; // saving = term(B) − term(2B)
        const double saving = phase(slow, "inter_center", 0).duration_s() -
                              phase(fast, "inter_center", 0).duration_s();
        QVERIFY2(std::abs(saving - predicted) / predicted < 0.01,
                 qPrintable(QString("saving %1 predicted %2").arg(saving).arg(predicted)));
    }

    void lossAndJitterLengthenInterCentrePhase()
    {
        // One message per ring step (chunks 1): window-limited bulk transfers, where a loss
        // cuts the window. (NCCL's own slicing makes this 10 Gbit/s, 10 ms ring latency-bound:
        // its windows never bind, and a loss then costs its retransmission only.)
        json tcp = {{"inter_center", {{"collective", "ring"}, {"protocol", "tcp"}, {"chunks", 1}}},
                    {"transport", {{"max_window_bytes", 0}}}};
        const double clean =
            phase(runProject(test::smallStarProject(4, 10, 5, 0, 0, tcp)), "inter_center", 0)
                .duration_s();
        const double lossy =
            phase(runProject(test::smallStarProject(4, 10, 5, 1e-4, 0, tcp)), "inter_center", 0)
                .duration_s();
        const double jittery =
            phase(runProject(test::smallStarProject(4, 10, 5, 0, 2, tcp)), "inter_center", 0)
                .duration_s();
        QVERIFY2(lossy > clean * 1.05, qPrintable(QString("%1 vs %2").arg(lossy).arg(clean)));
        QVERIFY2(jittery > clean, qPrintable(QString("%1 vs %2").arg(jittery).arg(clean)));
    }

    void unreachableCentreIsAClearError()
    {
        json j = test::smallStarProject(3, 10, 5, 0, 0);
        json links = json::array();
        for (const auto& l : j["links"])
            if (l["id"] != "c2-hub")
                links.push_back(l);
        j["links"] = links;
        const auto e = inputErrorOf(j);
        QVERIFY(e);
        const QString msg = QString::fromStdString(e->what());
        QVERIFY2(msg.contains("'c2'") && msg.contains("unreachable"), qPrintable(msg));
        QVERIFY(msg.startsWith("test.topo"));
    }

    void sameSeedSameBytesDifferentSeedDifferentJitter()
    {
        const json j = test::smallStarProject(4, 10, 5, 0, 1);
        const std::string a = experiment::resultsToJson(runProject(j));
        const std::string b = experiment::resultsToJson(runProject(j));
        QCOMPARE(a, b);
        const std::string c = experiment::resultsToJson(runProject(j, 8));
        QVERIFY(a != c);
    }

    void collectiveMicroBenchmarkReportsNcclBandwidths()
    {
        // 4 hosts on a star, ring all-reduce of S with UDP-like GBN (no slow start, no loss)
        // and NCCL's defaults: 2 channels, 2 MiB chunks of two 1 MiB slices, so each channel
        // runs I = S/(n · 2 MiB · 2) loop iterations. With α = 2 hops × 1 ms and both channels
        // sharing a host link (a slice takes T_s = 1 MiB/(B/2)), a step takes
        // τ = max(2T_s, T_s + α) and t = I·((2n−3)·τ + 2T_s + α) (docs/collectives.md
        // §Pipelining); busbw = 2(n−1)/n · S/t as nccl-tests defines it.
        json j = test::smallStarProject(4, 10, 1, 0, 0);
        const double S = 256.0 * 1024 * 1024;
        j["experiment"] = {
            {"kind", "collective"}, {"operation", "allreduce"},
            {"algorithm", "ring"},  {"participants", {"c0-gpu", "c1-gpu", "c2-gpu", "c3-gpu"}},
            {"bytes", S},           {"protocol", "gbn"},
            {"repeat", 3}};
        const auto r = runProject(j);
        QVERIFY(r.has_collective);
        QCOMPARE(r.collective.repetitions_s.size(), std::size_t(3));
        const int n = 4;
        const double alpha = 2e-3;
        const double slice = 1024.0 * 1024;
        const double I = S / (n * 2 * slice) / 2;
        const double T_s = slice * 8 / (10e9 / 2);
        const double tau = std::max(2 * T_s, T_s + alpha);
        const double expected = I * ((2 * n - 3) * tau + 2 * T_s + alpha);
        QVERIFY2(std::abs(r.collective.mean_s - expected) / expected < 0.01,
                 qPrintable(QString("%1 vs %2").arg(r.collective.mean_s).arg(expected)));
        QCOMPARE(r.collective.algbw_gbps, S * 8 / r.collective.mean_s / 1e9);
        QCOMPARE(r.collective.busbw_gbps, r.collective.algbw_gbps * 2 * (n - 1) / n);
    }

    void collectiveWithoutAlgorithmUsesOneItsOperationSupports()
    {
        // No "algorithm": ring where the operation has one, else binomial (broadcast,
        // reduce) or direct (alltoall) — never an "unsupported pair" error for a key the
        // user did not write.
        const std::vector<std::pair<std::string, std::string>> cases = {
            {"allreduce", "ring"},     {"allgather", "ring"},  {"reducescatter", "ring"},
            {"broadcast", "binomial"}, {"reduce", "binomial"}, {"alltoall", "direct"}};
        for (const auto& [operation, algorithm] : cases) {
            json j = test::smallStarProject(4, 10, 1, 0, 0);
            j["experiment"] = {{"kind", "collective"},
                               {"operation", operation},
                               {"participants", {"c0-gpu", "c1-gpu", "c2-gpu", "c3-gpu"}},
                               {"bytes", 1e6},
                               {"protocol", "udp"}};
            const auto r = runProject(j);
            QVERIFY(r.has_collective);
            QCOMPARE(r.collective.algorithm, algorithm);
            QVERIFY(r.collective.mean_s > 0.0);
        }
    }

    void badExperimentNamesThePath()
    {
        json j = test::smallStarProject(
            2, 10, 5, 0, 0, {{"inter_center", {{"collective", "ring"}, {"protocl", "tcp"}}}});
        const auto e = inputErrorOf(j);
        QVERIFY(e);
        QCOMPARE(QString::fromStdString(e->location()),
                 QString("/experiment/inter_center/protocl"));
    }

    void fabricCentresUseTheEngine()
    {
        // A centre described only by its fabric gets servers of 8 GPUs; its intra-centre
        // all-reduce then runs on those servers' NICs (8 × 100 Gbit/s each): 4 servers, ring,
        // bandwidth term 2(n−1)/n · S / (800 Gbit/s).
        json j = test::smallStarProject(1, 10, 5, 0, 0);
        j["nodes"] = json::array(
            {{{"id", "c0"}, {"kind", "center"}, {"attrs", fabricCentreAttrs(32, "star", 0)}}});
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
    void observerSeesPairedOrderedPhasesAndProgressToOne()
    {
        // Centres of 32 fabric GPUs so that every phase (also intra_center) moves bytes.
        json j = test::smallStarProject(2, 10, 5, 0, 0, {{"iterations", 2}});
        for (auto& n : j["nodes"])
            if (n["kind"] == "center")
                n["attrs"] = fabricCentreAttrs(16, "star", 1);
        json nodes = json::array();
        for (const auto& n : j["nodes"])
            if (n["kind"] != "gpu")
                nodes.push_back(n);
        j["nodes"] = nodes;
        json links = json::array();
        for (const auto& l : j["links"])
            if (l["id"].get<std::string>().find("gpu") == std::string::npos)
                links.push_back(l);
        j["links"] = links;
        const io::Project p = io::parseProject(j.dump(), "test.topo");
        experiment::Runner runner(p, experiment::RunOptions{{}, {}, {}, "test.topo", 1.0, 0.5});
        RecordingObserver obs;
        const auto r = runner.run(&obs);

        const std::vector<std::string> expected{"broadcast",    "compute",      "intra_center",
                                                "inter_center", "update",       "compute",
                                                "intra_center", "inter_center", "update"};
        std::vector<RecordingObserver::Event> phases;
        for (const auto& e : obs.events)
            if (e.kind != 'P')
                phases.push_back(e);
        QCOMPARE(phases.size(), 2 * expected.size());
        for (std::size_t i = 0; i < expected.size(); ++i) {
            const auto& s = phases[2 * i];
            const auto& f = phases[2 * i + 1];
            QCOMPARE(s.kind, 'S');
            QCOMPARE(f.kind, 'F');
            QCOMPARE(s.name, expected[i]);
            QCOMPARE(f.name, expected[i]);
            QCOMPARE(s.iteration, i == 0 ? -1 : int(i - 1) / 4);
            QCOMPARE(f.iteration, s.iteration);
            // A phase starts when the previous one ended, at the phase's recorded start.
            QCOMPARE(s.time_s, r.phases[i].start_s);
            QCOMPARE(f.time_s, r.phases[i].end_s);
            QVERIFY(r.phases[i].duration_s() > 0);
        }
        double last = 0.0, lastTime = 0.0;
        std::size_t snapshots = 0;
        for (const auto& e : obs.events) {
            QVERIFY(e.time_s >= lastTime);
            lastTime = e.time_s;
            if (e.kind != 'P')
                continue;
            ++snapshots;
            QVERIFY2(e.progress >= last && e.progress <= 1.0,
                     qPrintable(QString::number(e.progress)));
            last = e.progress;
        }
        QVERIFY(snapshots >= expected.size());
        QCOMPARE(obs.events.back().kind, 'P');
        QCOMPARE(obs.events.back().progress, 1.0);
    }

    void phaseBytesAreAFractionOfTheProgramThatReachesOne()
    {
        // Three identical centres of 16 fabric GPUs (twins: simulated once), a binomial
        // broadcast of the weights S plus dataset shards D/3 to c1 and c2, one iteration.
        // Expected totals, from the programs: the broadcast delivers S and D/3 to each of the
        // two other lead ranks, 2·S + 2·D/3; the inter-centre ring all-reduce of the gradients
        // G (bf16, as large as the weights) among 3 ranks sends 2(n−1)/n · G per rank,
        // 2·2·G = 4·S in all. Within each phase the bytes done never decrease, never pass the
        // total, and equal it in the snapshot at the phase's end; the broadcast is seen
        // part-way. The snapshots change nothing in results.json.
        const int C = 3;
        const double D = 6e9;
        json j = test::smallStarProject(C, 10, 5, 0, 0);
        json nodes = json::array();
        for (auto& n : j["nodes"])
            if (n["kind"] == "center") {
                n["attrs"] = fabricCentreAttrs(16, "star", 1);
                nodes.push_back(n);
            } else if (n["kind"] != "gpu") {
                nodes.push_back(n);
            }
        j["nodes"] = nodes;
        json links = json::array();
        for (const auto& l : j["links"])
            if (l["id"].get<std::string>().find("gpu") == std::string::npos)
                links.push_back(l);
        j["links"] = links;
        j["experiment"]["broadcast"]["dataset"] = true;
        j["experiment"]["dataset"] = {{"size_gb", D / 1e9}};
        const io::Project p = io::parseProject(j.dump(), "test.topo");

        struct PhaseBytes
        {
            std::string name;
            std::vector<std::pair<double, double>> snapshots; ///< (done, total)
        };
        struct Observer : experiment::RunObserver
        {
            std::vector<PhaseBytes> phases;
            void phaseStarted(const std::string& name, int, double) override
            {
                phases.push_back({name, {}});
            }
            void snapshot(const experiment::RunSnapshot& s) override
            {
                if (!phases.empty()) // a snapshot belongs to the phase started last
                    phases.back().snapshots.emplace_back(s.phase_bytes_done, s.phase_bytes_total);
            }
        };
        auto run = [&p](bool symmetry, Observer* obs) {
            experiment::RunOptions opt{{}, {}, {}, "test.topo", 1.0, 0.05};
            opt.exploit_symmetry = symmetry;
            experiment::Runner runner(p, opt);
            return runner.run(obs);
        };
        Observer obs;
        const auto r = run(true, &obs);
        const double S = r.model_bytes;
        QCOMPARE(obs.phases.size(), std::size_t(5));
        std::map<std::string, double> totals;
        for (const PhaseBytes& ph : obs.phases) {
            QVERIFY2(!ph.snapshots.empty(), ph.name.c_str());
            const double total = ph.snapshots.front().second;
            totals[ph.name] = total;
            double last = 0.0;
            for (const auto& [done, t] : ph.snapshots) {
                QCOMPARE(t, total);
                QVERIFY2(done >= last && done <= total,
                         qPrintable(QString("%1: %2 after %3 of %4")
                                        .arg(QString::fromStdString(ph.name))
                                        .arg(done)
                                        .arg(last)
                                        .arg(total)));
                last = done;
            }
            QCOMPARE(ph.snapshots.back().first, total); // exactly 1 at the phase's end
        }
        QCOMPARE(totals["compute"], 0.0);
        QVERIFY(std::abs(totals["broadcast"] - (2 * S + 2 * D / C)) < 1e-6 * totals["broadcast"]);
        QVERIFY2(std::abs(totals["inter_center"] - 4 * S) < 1e-6 * totals["inter_center"],
                 qPrintable(QString("%1 vs 4 S = %2").arg(totals["inter_center"]).arg(4 * S)));
        QVERIFY(totals["intra_center"] > 0 && totals["update"] > 0);
        // The broadcast advances through many fractions between 0 and 1, not in one jump.
        std::set<double> fractions;
        for (const auto& [done, total] : obs.phases.front().snapshots)
            if (done > 0 && done < total)
                fractions.insert(done / total);
        QVERIFY2(fractions.size() >= 10, qPrintable(QString::number(fractions.size())));
        // Every centre simulated: the same programs, so the same totals.
        Observer every;
        run(false, &every);
        QCOMPARE(every.phases.size(), obs.phases.size());
        for (std::size_t i = 0; i < obs.phases.size(); ++i) {
            const double a = obs.phases[i].snapshots.back().second;
            const double b = every.phases[i].snapshots.back().second;
            QVERIFY2(std::abs(a - b) <= 1e-9 * std::max(1.0, a),
                     qPrintable(QString::fromStdString(obs.phases[i].name)));
        }
        QCOMPARE(experiment::resultsToJson(run(true, nullptr)), experiment::resultsToJson(r));
    }

    void cancelFromTheObserverStopsTheRun()
    {
        const io::Project p = io::parseProject(
            test::smallStarProject(3, 10, 5, 0, 0, {{"iterations", 3}}).dump(), "test.topo");
        experiment::RunOptions opt;
        opt.topology_name = "test.topo";
        experiment::Runner runner(p, opt);
        RecordingObserver obs;
        obs.cancelRunner = &runner;
        obs.cancelAfterFinished = 3; // broadcast, compute #0, intra_center #0
        bool cancelled = false;
        try {
            runner.run(&obs);
        } catch (const experiment::RunCancelled&) {
            cancelled = true;
        }
        QVERIFY(cancelled);
        // No phase starts after the cancel, and no result is returned to write.
        std::size_t starts = 0, finishes = 0;
        for (const auto& e : obs.events) {
            starts += e.kind == 'S';
            finishes += e.kind == 'F';
        }
        QCOMPARE(finishes, std::size_t(3));
        QCOMPARE(starts, std::size_t(3));
    }

    void optimiserStepIsNotCommunication()
    {
        // One centre of 32 fabric GPUs: ZeRO-2 shards the optimiser step 32 ways. The step is
        // local GPU work, so communication_s must not change and update_s must scale by 1/32.
        auto project = [](int zero) {
            json j = test::smallStarProject(1, 10, 5, 0, 0);
            j["nodes"] = json::array(
                {{{"id", "c0"}, {"kind", "center"}, {"attrs", fabricCentreAttrs(32, "star", 0)}}});
            j["links"] = json::array();
            j["experiment"]["parallelism"]["zero_stage"] = zero;
            j["experiment"]["intra_center"] = {{"collective", "ring"}, {"protocol", "gbn"}};
            return j;
        };
        const auto z0 = runProject(project(0));
        const auto z2 = runProject(project(2));
        const auto& a = z0.centers.at(0);
        const auto& b = z2.centers.at(0);
        QCOMPARE(a.communication_s, b.communication_s);
        QVERIFY(a.update_s > 0);
        QVERIFY2(std::abs(a.update_s / b.update_s - 32.0) < 1e-3,
                 qPrintable(QString::number(a.update_s / b.update_s)));
        // Per centre, compute + communication + update + idle tile the iteration.
        for (const auto* r : {&z0, &z2}) {
            const auto& c = r->centers.at(0);
            QVERIFY(std::abs(c.compute_s + c.communication_s + c.update_s + c.idle_s -
                             r->iterations[0].total_s) < 1e-9);
        }
        // An explicit update_s is the optimiser step, verbatim.
        json j = project(0);
        j["experiment"]["update_s"] = "250ms";
        const auto fixed = runProject(j);
        QVERIFY(std::abs(fixed.centers.at(0).update_s - 0.25) < 1e-9);
        QCOMPARE(fixed.centers.at(0).communication_s, a.communication_s);
    }

    void broadcastChunksPipelineTheChainAsTheClosedFormPredicts()
    {
        // Pipelined chain c0 → c1 → c2 → c3 on a non-blocking star, one channel, k chunks each
        // forwarded on arrival: t = (n − 2 + k)·S/(kB) + (n − 1)·α, α = 2 WAN hops × 5 ms
        // (NCCL's 8 slots in flight never bind: a chunk takes longer than α here).
        const int n = 4;
        const double B = 10e9, alpha = 2 * 5e-3;
        auto run = [&](int k) {
            json b = {{"algorithm", "pipelined-chain"},
                      {"protocol", "gbn"},
                      {"dataset", false},
                      {"chunks", k}};
            return runProject(test::smallStarProject(
                n, 10, 5, 0, 0, {{"broadcast", b}, {"comm", {{"channels", 1}}}}));
        };
        double previous = 1e300;
        for (int k : {1, 4, 16}) {
            const auto r = run(k);
            const double S = r.model_bytes * 8;
            const double expected = (n - 2 + k) * S / (k * B) + (n - 1) * alpha;
            const double got = phase(r, "broadcast", -1).duration_s();
            QVERIFY2(std::abs(got - expected) / expected < 0.01,
                     qPrintable(QString("k=%1: %2 vs %3").arg(k).arg(got).arg(expected)));
            QVERIFY(got < previous);
            previous = got;
        }
        json bad = test::smallStarProject(
            2, 10, 5, 0, 0, {{"broadcast", {{"algorithm", "pipelined-chain"}, {"chunks", -1}}}});
        const auto e = inputErrorOf(bad);
        QVERIFY(e);
        QCOMPARE(QString::fromStdString(e->location()), QString("/experiment/broadcast/chunks"));
    }

    void intraCentreOrderIsRejected()
    {
        json j = test::smallStarProject(
            2, 10, 5, 0, 0, {{"intra_center", {{"collective", "ring"}, {"order", {"c0"}}}}});
        const auto e = inputErrorOf(j);
        QVERIFY(e);
        QCOMPARE(QString::fromStdString(e->location()), QString("/experiment/intra_center/order"));
    }

    void fractionalSequencesPerGpuWarn()
    {
        // 3 GPUs share 65536 tokens: 21845.33 tokens each, not a whole number of 4096-token
        // sequences; 5 (61440) or 6 (73728) sequences per GPU would divide.
        const auto r = runProject(test::smallStarProject(3, 10, 5, 0, 0));
        bool warned = false;
        for (const auto& w : r.warnings)
            warned = warned || w.find("5.333 sequences of 4096 tokens per GPU, not a whole "
                                      "number; the run models the fractional batch. Nearest "
                                      "global batch that divides: 61440 (5 per GPU) or 73728 "
                                      "(6 per GPU)") != std::string::npos;
        QVERIFY(warned);
        const auto even = runProject(test::smallStarProject(4, 10, 5, 0, 0));
        for (const auto& w : even.warnings)
            QVERIFY2(w.find("sequences") == std::string::npos, w.c_str());
    }
    void parallelTcpStreamsSayTheyAreOptimistic()
    {
        // The four-stream rows are where the model is furthest from the kernel's own TCP
        // (docs/validation.md): a p2p with several TCP streams says so, one stream does not.
        auto warns = [](int streams, const char* protocol) {
            json j = {{"format", "meridian.topo"},
                      {"version", 1},
                      {"nodes", json::array({{{"id", "a"}, {"kind", "host"}},
                                             {{"id", "b"}, {"kind", "host"}}})},
                      {"links", json::array({{{"id", "l"},
                                              {"a", "a"},
                                              {"b", "b"},
                                              {"bandwidth_gbps", 1},
                                              {"delay_ms", 1}}})},
                      {"experiment",
                       {{"kind", "p2p"},
                        {"from", "a"},
                        {"to", "b"},
                        {"bytes", 1e6},
                        {"protocol", protocol},
                        {"streams", streams}}}};
            for (const auto& w : runProject(j).warnings)
                if (w.find("streams slow-start together") != std::string::npos)
                    return true;
            return false;
        };
        QVERIFY(warns(4, "tcp"));
        QVERIFY(!warns(1, "tcp"));
        QVERIFY(!warns(4, "udp"));
    }
    void fabricShapesThatAreNotDistinctSaySo()
    {
        // fat-tree and spine-leaf are the same non-blocking two-tier Clos; rail-optimised and
        // ring are built the same way and produce a warning saying so.
        auto run = [](const std::string& shape) {
            json j = test::smallStarProject(1, 10, 5, 0, 0);
            j["nodes"] = json::array(
                {{{"id", "c0"}, {"kind", "center"}, {"attrs", fabricCentreAttrs(256, shape, 1)}}});
            j["links"] = json::array();
            j["experiment"]["intra_center"] = {{"collective", "ring"}, {"protocol", "gbn"}};
            // One ring step per channel instead of NCCL's slices: the shapes are compared
            // with one another, not with NCCL.
            j["experiment"]["comm"]["merge_iterations"] = "always";
            return runProject(j);
        };
        auto warned = [](const experiment::Results& r) {
            for (const auto& w : r.warnings)
                if (w.find("fabric topology") != std::string::npos)
                    return true;
            return false;
        };
        const auto fat = run("fat-tree");
        QVERIFY(!warned(fat));
        QVERIFY(!warned(run("spine-leaf")));
        // "star" puts all 32 servers on one leaf (more than a leaf of the Clos holds).
        const auto star = run("star");
        QVERIFY(!warned(star));
        QCOMPARE(star.centers.at(0).gpus, 256);
        for (const char* shape : {"rail-optimised", "ring"}) {
            const auto r = run(shape);
            QVERIFY2(warned(r), shape);
            QCOMPARE(r.iterations[0].intra_center_s, fat.iterations[0].intra_center_s);
        }
    }
    void linkFailureDuringARunNamesTheLink()
    {
        // a — r — b; link rb fails at 0.5 s in the middle of a 1 GB transfer (8 s at
        // 1 Gbit/s) and no other path is left: the run stops with TransferFailed naming rb.
        json j = {{"format", "meridian.topo"},
                  {"version", 1},
                  {"name", "down"},
                  {"nodes",
                   {{{"id", "a"}, {"kind", "host"}},
                    {{"id", "r"}, {"kind", "router"}},
                    {{"id", "b"}, {"kind", "host"}}}},
                  {"links",
                   {{{"id", "ar"}, {"a", "a"}, {"b", "r"}, {"bandwidth_gbps", 1}},
                    {{"id", "rb"},
                     {"a", "r"},
                     {"b", "b"},
                     {"bandwidth_gbps", 1},
                     {"schedule", {{{"at_s", 0.5}, {"up", false}}}}}}},
                  {"experiment", {{"kind", "p2p"}, {"from", "a"}, {"to", "b"}, {"bytes", "1GB"}}}};
        try {
            runProject(j);
            QFAIL("the run did not fail");
        } catch (const experiment::TransferFailed& e) {
            QCOMPARE(e.time_s(), 0.5);
            QVERIFY2(e.reason().find("link rb failed") != std::string::npos, e.what());
        }
    }

    void stalledTransferNamesTheLinkWithoutBandwidth()
    {
        // The same line, but rb's bandwidth drops to 0 at 0.5 s (an engine-level schedule
        // step: a file cannot say 0 Gbit/s) and nothing restores it: the events run out with
        // the transfer stalled. The network's drain hook fails it naming the link; the run
        // reports that cause instead of an internal "ran out of events" error.
        json j = test::smallStarProject(2, 10, 1, 0, 0);
        j["experiment"] = {{"kind", "p2p"}, {"from", "c0-gpu"}, {"to", "c1-gpu"}, {"bytes", "1GB"}};
        io::Project p = io::parseProject(j.dump(), "test.topo");
        const LinkId link = *p.topology.findLink("c1-hub");
        topology::LinkAttributes attrs = p.topology.link(link);
        topology::ScheduleStep step;
        step.at_s = 0.5;
        step.patch.bandwidth_bps = 0.0;
        attrs.schedule.push_back(step);
        p.topology.updateLink(link, attrs);
        experiment::RunOptions opt;
        opt.topology_name = "test.topo";
        experiment::Runner runner(p, opt);
        try {
            runner.run();
            QFAIL("the run did not fail");
        } catch (const experiment::TransferFailed& e) {
            QVERIFY2(e.reason().find("link c1-hub has no bandwidth") != std::string::npos,
                     e.what());
        }
    }

    void hierarchicalGatewaysAreTheOnlyWanRanks()
    {
        // Two fabric centres of 2 servers each; with gateways only the named server of each
        // centre crosses the WAN: ring all-reduce between 2 gateways sends S/2 twice each way,
        // so each WAN link carries 2S (both directions) plus the weights' broadcast (S); an
        // unknown or foreign gateway is an error.
        auto project = [](const json& gateways) {
            json j = test::smallStarProject(2, 10, 5, 0, 0);
            json nodes = json::array({{{"id", "hub"}, {"kind", "router"}}});
            for (const char* c : {"c0", "c1"})
                nodes.push_back(
                    {{"id", c}, {"kind", "center"}, {"attrs", fabricCentreAttrs(16, "star", 1)}});
            j["nodes"] = nodes;
            json links = json::array();
            for (const auto& l : j["links"])
                if (l["id"].get<std::string>().find("gpu") == std::string::npos)
                    links.push_back(l);
            j["links"] = links;
            j["experiment"]["inter_center"] = {
                {"collective", "hierarchical"}, {"protocol", "gbn"}, {"gateways", gateways}};
            return j;
        };
        experiment::Results r;
        try {
            r = runProject(project({"c0/srv1", "c1/srv0"}));
        } catch (const std::exception& e) {
            QFAIL(e.what());
        }
        const double S = r.model_bytes;
        for (const auto& l : r.links)
            QVERIFY2(
                std::abs(l.bytes - 3 * S) / S < 1e-6, // + the weight broadcast (S)
                qPrintable(QString("%1: %2 S").arg(QString::fromStdString(l.id)).arg(l.bytes / S)));
        for (const json& bad :
             {json{"c0/srv1"}, json{"c0/srv1", "c0/srv0"}, json{"c0/srv1", "nowhere"}}) {
            const auto e = inputErrorOf(project(bad));
            QVERIFY(e);
            QVERIFY2(QString::fromStdString(e->location())
                         .startsWith("/experiment/inter_center/gateways"),
                     e->what());
        }
    }
};

MERIDIAN_TEST(RunnerTest)
#include "RunnerTest.moc"
