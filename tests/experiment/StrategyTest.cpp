// Training strategies (StrategySpec.hpp, docs/strategies.md) against closed forms built from
// the engine's own collective times: DDP bucket overlap, DiLoCo (H·t_inner + t_sync), Streaming
// DiLoCo's stall, compression's payload and codec time, and the strategy object's errors.
#include "SmallTraining.hpp"
#include "TestMain.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/experiment/Runner.hpp"
#include "meridian/experiment/StrategySpec.hpp"
#include "meridian/io/ProjectFile.hpp"
#include "meridian/workload/DeviceCatalogue.hpp"

#include <QtTest/QtTest>
#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <optional>

using namespace meridian;
using nlohmann::json;

namespace {

/// Two centres, each one A100 joined to a hub by a `wan_gbps` link of 5 ms: one rank per
/// centre, so nothing but the WAN exchange communicates.
json strategyStar(double wan_gbps, const json& overrides = json::object())
{
    return test::smallStarProject(2, wan_gbps, 5.0, 0.0, 0.0, overrides);
}

experiment::Results strategyRun(const json& j)
{
    const io::Project p = io::parseProject(j.dump(), "s.topo");
    experiment::RunOptions opt;
    opt.topology_name = "s.topo";
    experiment::Runner runner(p, opt);
    return runner.run();
}

/// Mean time of a `operation` of `bytes` between the two GPUs over the training's WAN
/// protocol (gbn) and collective (ring): what one exchange of the training costs.
double strategyExchangeS(double wan_gbps, double bytes, const std::string& operation = "allreduce")
{
    json j = strategyStar(wan_gbps);
    j["experiment"] = {{"kind", "collective"}, {"operation", operation},
                       {"algorithm", "ring"},  {"participants", {"c0-gpu", "c1-gpu"}},
                       {"bytes", bytes},       {"protocol", "gbn"},
                       {"repeat", 1},          {"seed", 7}};
    return strategyRun(j).collective.mean_s;
}

/// The inter-centre all-reduce of P bytes (P = the model's parameters) as training runs it
/// (reductions at the GPUs' HBM rate): a data-parallel iteration with fp8 gradients.
double strategyTrainingExchangeS(double wan_gbps)
{
    json j = strategyStar(wan_gbps);
    j["experiment"]["parallelism"]["dtype"] = "fp8";
    return strategyRun(j).iterations.at(0).inter_center_s;
}

std::optional<InputError> strategyError(const json& strategy, const json& extra = json::object())
{
    json j = strategyStar(10, {{"strategy", strategy}});
    for (auto it = extra.begin(); it != extra.end(); ++it)
        j["experiment"][it.key()] = it.value();
    try {
        (void)strategyRun(j);
    } catch (const InputError& e) {
        return e;
    }
    return std::nullopt;
}

double a100HbmBps()
{
    return workload::DeviceCatalogue::builtin().find("A100-80GB")->memory_bandwidth_bytes_per_s;
}

bool strategyNear(double a, double b, double tol_s = 2e-6)
{
    return std::abs(a - b) <= tol_s;
}

#define STRATEGY_VERIFY_NEAR(a, b)                                                                 \
    QVERIFY2(strategyNear((a), (b)),                                                               \
             qPrintable(QString("%1 vs %2").arg((a), 0, 'g', 12).arg((b), 0, 'g', 12)))

/// Pairs every phase end with the progress of the snapshot sent right after it.
class StrategyProgressObserver : public experiment::RunObserver
{
public:
    std::vector<std::pair<int, double>> atPhaseEnd; ///< (phases finished, progress)
    void phaseFinished(const experiment::PhaseResult&) override
    {
        ++m_finished;
        m_pending = true;
    }
    void snapshot(const experiment::RunSnapshot& s) override
    {
        if (m_pending)
            atPhaseEnd.emplace_back(m_finished, s.progress);
        m_pending = false;
    }

private:
    int m_finished = 0;
    bool m_pending = false;
};

} // namespace

class StrategyTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void dataStrategyObjectChangesNothing()
    {
        const json plain = strategyStar(10, {{"iterations", 2}});
        json data = plain;
        data["experiment"]["strategy"] = {{"kind", "data"}, {"overlap", false}};
        QCOMPARE(experiment::resultsToJson(strategyRun(data)),
                 experiment::resultsToJson(strategyRun(plain)));
    }

    void overlapFollowsTheBucketRecurrence()
    {
        // Two equal buckets (G/2 = P bytes). Bucket k is ready at t_fwd + (k+1)/2 · t_bwd (t_bwd =
        // 2/3 of the step), its all-reduce takes c (as training runs it), one after the other:
        // end_k = max(r_k, end_{k−1}) + c; the optimiser step follows the last.
        for (const double gbps : {1.0, 400.0}) {
            const auto plain = strategyRun(strategyStar(gbps));
            const double G = plain.model_bytes;
            const auto run = strategyRun(
                strategyStar(gbps, {{"strategy", {{"overlap", true}, {"bucket_bytes", G / 2}}}}));
            const double c = strategyTrainingExchangeS(gbps);
            const auto& it = run.iterations.at(0);
            const double step = it.compute_s, fwd = step / 3, bwd = step - fwd;
            double end = 0.0;
            for (int k = 0; k < 2; ++k)
                end = std::max(fwd + (k + 1) / 2.0 * bwd, end) + c;
            STRATEGY_VERIFY_NEAR(it.total_s, end + plain.iterations.at(0).update_s);
            QCOMPARE(run.strategy.buckets, 2);
            // What overlapped is at most the backward pass; the rest is exposed.
            const double hidden =
                run.strategy.communication_s - run.strategy.exposed_communication_s;
            QVERIFY(hidden <= bwd + 1e-9);
            STRATEGY_VERIFY_NEAR(run.strategy.exposed_communication_s, end - step);
            // Faster than waiting for the whole gradient, never faster than the compute.
            QVERIFY(it.total_s < plain.iterations.at(0).total_s);
            QVERIFY(it.total_s >= step + c);
        }
    }

    void dilocoOuterStepIsHInnerStepsPlusSync()
    {
        // H = 4 inner steps of t_inner (no exchange), then the all-reduce of the int8
        // pseudo-gradients (P bytes), its codec 2·P·(2 + 1)/HBM, and the Nesterov step
        // 32·P/HBM (ZeRO-3 over one GPU).
        const double gbps = 10.0;
        const auto run = strategyRun(strategyStar(
            gbps,
            {{"iterations", 8},
             {"strategy", {{"kind", "diloco"}, {"inner_steps", 4}, {"compression", "int8"}}}}));
        const double P = run.model_parameters;
        const double tInner = run.iterations.at(0).total_s;
        const double codec = 2.0 * P * 3.0 / a100HbmBps();
        const double tSync = codec + strategyTrainingExchangeS(gbps);
        const double tOuter = 32.0 * P / a100HbmBps();
        for (int i = 0; i < 8; ++i) {
            const bool outer = i % 4 == 3;
            STRATEGY_VERIFY_NEAR(run.iterations.at(i).total_s,
                                 tInner + (outer ? tSync + tOuter : 0.0));
            STRATEGY_VERIFY_NEAR(run.iterations.at(i).inter_center_s, outer ? tSync : 0.0);
        }
        const double outerStep = run.iterations.at(7).start_s + run.iterations.at(7).total_s -
                                 run.iterations.at(4).start_s;
        STRATEGY_VERIFY_NEAR(outerStep, 4 * tInner + tSync + tOuter);
        QCOMPARE(run.strategy.exchanges, 2);
        QCOMPARE(run.strategy.wan_payload_bytes, P);
        STRATEGY_VERIFY_NEAR(run.strategy.codec_s, codec);
    }

    void streamingDilocoWaitsOnlyForWhatIsLeft()
    {
        // H = 4, F = 2, τ = 1: fragment 1 (P/2 bf16 values) leaves after step 1 and is merged
        // after step 2, waiting max(0, t_f − t_inner); fragment 2 leaves after the last step
        // and is merged at once (t_f). Each merge applies half the outer step.
        for (const double gbps : {0.5, 400.0}) {
            const auto run = strategyRun(strategyStar(
                gbps, {{"iterations", 4},
                       {"strategy", {{"kind", "diloco"}, {"inner_steps", 4}, {"fragments", 2}}}}));
            const double P = run.model_parameters;
            const double tInner = run.iterations.at(0).total_s;
            const double tF = strategyTrainingExchangeS(gbps); // P/2 values × 2 bytes
            const double tOuter = 32.0 * P / 2 / a100HbmBps();
            const double stall = std::max(0.0, tF - tInner);
            STRATEGY_VERIFY_NEAR(run.iterations.at(2).total_s, tInner + stall + tOuter);
            STRATEGY_VERIFY_NEAR(run.iterations.at(3).total_s, tInner + tF + tOuter);
            STRATEGY_VERIFY_NEAR(run.total_s - run.iterations.at(0).start_s,
                                 4 * tInner + stall + tF + 2 * tOuter);
            STRATEGY_VERIFY_NEAR(run.strategy.exposed_communication_s, stall + tF);
        }
    }

    void progressCountsTheOuterPhases()
    {
        // Streaming with a codec: encode phases at launch, outer_sync and outer_update at each
        // merge. Progress after phase k of N is exactly k / N, so 1 only at the end.
        const json j = strategyStar(10, {{"iterations", 6},
                                         {"strategy",
                                          {{"kind", "diloco"},
                                           {"inner_steps", 4},
                                           {"fragments", 2},
                                           {"compression", "int8"}}}});
        const io::Project p = io::parseProject(j.dump(), "s.topo");
        experiment::RunOptions opt;
        opt.topology_name = "s.topo";
        experiment::Runner runner(p, opt);
        StrategyProgressObserver obs;
        const auto r = runner.run(&obs);
        const auto n = static_cast<double>(r.phases.size());
        QCOMPARE(obs.atPhaseEnd.size(), r.phases.size());
        for (const auto& [k, progress] : obs.atPhaseEnd)
            QVERIFY2(std::abs(progress - k / n) < 1e-12,
                     qPrintable(QString("%1 of %2: %3").arg(k).arg(n).arg(progress)));
    }

    void topkIsAnAllGatherOfValuesAndIndices()
    {
        // k = ⌈0.01·P⌉ bf16 values with 4-byte indices per centre, all-gathered (output 2·k·6).
        const double gbps = 10.0;
        const auto run = strategyRun(
            strategyStar(gbps, {{"strategy", {{"compression", "topk"}, {"topk_ratio", 0.01}}}}));
        const double P = run.model_parameters;
        const double payload = std::ceil(0.01 * P) * (2.0 + experiment::kTopkIndexBytes);
        QCOMPARE(run.strategy.wan_payload_bytes, payload);
        const double codec = (3.0 * P * 2.0 + 2.0 * payload) / a100HbmBps();
        STRATEGY_VERIFY_NEAR(run.iterations.at(0).inter_center_s,
                             codec + strategyExchangeS(gbps, 2 * payload, "allgather"));
    }

    void badStrategiesNameTheirKey()
    {
        struct Case
        {
            json strategy;
            json extra;
            const char* path;
        };
        const std::vector<Case> cases{
            {{{"kind", "diloco"}, {"inner_steps", 10}, {"fragments", 3}}, {}, "/fragments"},
            {{{"kind", "diloco"}, {"overlap", true}}, {}, "/overlap"},
            {{{"inner_steps", 10}}, {}, "/inner_steps"},
            {{{"bucket_bytes", "1MiB"}}, {}, "/bucket_bytes"},
            {{{"kind", "diloco"}, {"inner_steps", 4}, {"fragments", 2}, {"overlap_steps", 3}},
             {},
             "/overlap_steps"},
            {{{"compression", "int3"}}, {}, "/compression"},
            {{{"kind", "diloco"}}, {{"control_plane", json::object()}}, "/kind"},
            {{{"compression", "topk"}},
             {{"inter_center", {{"collective", "hierarchical"}}}},
             "/compression"},
        };
        for (const auto& c : cases) {
            const auto e = strategyError(c.strategy, c.extra);
            QVERIFY2(e.has_value(), c.strategy.dump().c_str());
            QVERIFY2(QString::fromStdString(e->what()).contains(QString("/experiment/strategy") +
                                                                c.path),
                     e->what());
        }
    }
};

MERIDIAN_TEST(StrategyTest)
#include "StrategyTest.moc"
