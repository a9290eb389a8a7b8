// The memory and batch rules of a training experiment (TrainingCheck.hpp, docs/experiments.md
// "Memory and batch"): a model that does not fit a centre's GPUs is an error with the ZeRO
// stage that fits, a batch that does not divide over the GPUs a warning with the nearest that
// does; the run refuses the first and records the second; the defaults the dock and the
// generators fill in pass both.
#include "meridian/experiment/TrainingCheck.hpp"

#include "TestMain.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/experiment/Runner.hpp"
#include "meridian/io/ProjectFile.hpp"
#include "meridian/topology/Generators.hpp"
#include "meridian/workload/DeviceCatalogue.hpp"
#include "meridian/workload/MemoryModel.hpp"
#include "meridian/workload/ModelCatalogue.hpp"

#include <QtTest/QtTest>

using namespace meridian;
using nlohmann::json;

namespace {

/// The issue's newcomer set-up: 8 × H100 and 16 × A100 behind a router.
io::Project newcomerProject(const json& experiment)
{
    json p = json::parse(R"({"format": "meridian.topo", "version": 1,
      "nodes": [{"id": "dc-a", "kind": "center", "attrs": {"gpu_count": 8, "gpu_model": "H100-SXM"}},
                {"id": "dc-b", "kind": "center", "attrs": {"gpu_count": 16, "gpu_model": "A100-80GB"}},
                {"id": "r", "kind": "router"}],
      "links": [{"id": "dc-a-r", "a": "dc-a", "b": "r", "bandwidth": "10G", "delay": "10ms"},
                {"id": "dc-b-r", "a": "dc-b", "b": "r", "bandwidth": "10G", "delay": "10ms"}]})");
    p["experiment"] = experiment;
    return io::parseProject(p.dump(), "newcomer.topo");
}

experiment::TrainingCheck check(const io::Project& p)
{
    const auto spec = experiment::parseExperiment(p.experiment, p.topology, "newcomer.topo");
    return experiment::checkTraining(
        spec.training, experiment::loadTrainingModel(spec.training, {}, "newcomer.topo"),
        p.topology);
}

const json kLlama = {{"kind", "training"}, {"model", {{"preset", "llama-3-8b"}}}};

} // namespace

class TrainingCheckTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void modelThatDoesNotFitIsAnErrorWithTheStageThatFits()
    {
        // Llama-3-8B at ZeRO-0 keeps 16 B per parameter of model states on every GPU (about
        // 120 GiB for 8.03 B parameters) plus the activations of one 8192-token sequence:
        // more than the 80 GiB of an H100 or an A100, in both centres.
        const experiment::TrainingCheck c = check(newcomerProject(kLlama));
        QCOMPARE(c.centres.size(), std::size_t(2));
        int errors = 0;
        for (const auto& centre : c.centres) {
            QVERIFY(!centre.report.fits);
            QVERIFY(centre.report.total_bytes > 120.0 * (1 << 30));
            // The stage offered is the lowest that fits: the same formula gives it, and the
            // stage below does not fit.
            QVERIFY(centre.fitting_stage >= 1);
            const auto* device = workload::DeviceCatalogue::builtin().find(centre.gpu_model);
            const auto model = workload::modelPreset("llama-3-8b").withSeqLen(8192);
            const auto at = [&](int stage) {
                return workload::estimateMemory(
                    model, *device,
                    experiment::trainingMemoryPlan(stage, false, 8192, centre.gpus));
            };
            QVERIFY(at(centre.fitting_stage).fits);
            QVERIFY(!at(centre.fitting_stage - 1).fits);
            QCOMPARE(centre.fitting.total_bytes, at(centre.fitting_stage).total_bytes);
        }
        for (const auto& p : c.problems) {
            if (!p.error)
                continue;
            ++errors;
            QCOMPARE(p.path, std::string("/experiment/parallelism/zero_stage"));
            QVERIFY2(p.message.find(" fits: ") != std::string::npos, p.message.c_str());
            QVERIFY2(p.message.find("at ZeRO-0 but the GPU has 80 GiB") != std::string::npos,
                     p.message.c_str());
        }
        QCOMPARE(errors, 2);
        QVERIFY(c.hasErrors());
    }

    void fractionalBatchIsAWarningWithTheNearestThatDivides()
    {
        // 4,194,304 tokens over 24 GPUs of 8192-token sequences: 21.33 sequences per GPU.
        // Whole multiples of 24 × 8192 = 196,608: 21 → 4,128,768 and 22 → 4,325,376.
        json e = kLlama;
        e["parallelism"] = {{"zero_stage", 3}};
        const experiment::TrainingCheck c = check(newcomerProject(e));
        QVERIFY(!c.hasErrors());
        QCOMPARE(c.batch.total_gpus, 24);
        QVERIFY(!c.batch.whole);
        QCOMPARE(c.batch.lower_tokens, 4128768.0);
        QCOMPARE(c.batch.upper_tokens, 4325376.0);
        QCOMPARE(c.problems.size(), std::size_t(1));
        const auto& w = c.problems.front();
        QVERIFY(!w.error);
        QCOMPARE(w.path, std::string("/experiment/parallelism/global_batch_tokens"));
        QVERIFY2(w.message.find("21.33 sequences") != std::string::npos, w.message.c_str());
        QVERIFY2(w.message.find("4128768 (21 per GPU) or 4325376 (22 per GPU)") !=
                     std::string::npos,
                 w.message.c_str());
        QVERIFY(w.text().find("global_batch_tokens: warning: ") != std::string::npos);
    }

    void tensorParallelBatchSplitsOverGroupsNotGpus()
    {
        // Issue 31. With parallelism.tensor 2 the 24 GPUs are 12 data-parallel replicas
        // (tensor-parallel groups of 2 sharing their sequences). 43 × 12 × 8192 = 4,227,072
        // tokens is 43 sequences per group — whole, no warning — though it is 21.5 per GPU.
        json e = kLlama;
        e["parallelism"] = {{"zero_stage", 3}, {"tensor", 2}, {"global_batch_tokens", 4227072}};
        experiment::TrainingCheck c = check(newcomerProject(e));
        QVERIFY(!c.hasErrors());
        QCOMPARE(c.batch.total_gpus, 24);
        QCOMPARE(c.batch.replicas, 12);
        QCOMPARE(c.batch.sequences_per_replica, 43.0);
        QVERIFY(c.batch.whole);
        QVERIFY(c.problems.empty());

        // 4,194,304 tokens over 12 groups: 42.67 sequences each; the batches that divide are
        // whole multiples of 12 × 8192 = 98,304: 42 → 4,128,768 and 43 → 4,227,072.
        e["parallelism"]["global_batch_tokens"] = 4194304;
        c = check(newcomerProject(e));
        QVERIFY(!c.batch.whole);
        QCOMPARE(c.batch.lower_tokens, 4128768.0);
        QCOMPARE(c.batch.upper_tokens, 4227072.0);
        QCOMPARE(c.problems.size(), std::size_t(1));
        const std::string& m = c.problems.front().message;
        QVERIFY2(m.find("over 24 GPUs in 12 tensor-parallel groups of 2 is") != std::string::npos,
                 m.c_str());
        QVERIFY2(m.find("42.67 sequences of 8192 tokens per tensor-parallel group") !=
                     std::string::npos,
                 m.c_str());
        QVERIFY2(m.find("4128768 (42 per tensor-parallel group) or 4227072 (43 per "
                        "tensor-parallel group)") != std::string::npos,
                 m.c_str());

        // The defaults the dock fills in pick the nearer of the two: 4,227,072 (32,768 away
        // against 65,536).
        json bare = kLlama;
        bare["parallelism"] = {{"zero_stage", 3}, {"tensor", 2}};
        const io::Project p = newcomerProject(bare);
        const json completed = experiment::withValidTrainingDefaults(p.experiment, p.topology, {});
        QCOMPARE(completed["parallelism"]["global_batch_tokens"].get<double>(), 4227072.0);
    }

    void runRefusesWhatDoesNotFitAndRecordsTheWarning()
    {
        const io::Project bad = newcomerProject(kLlama);
        experiment::RunOptions opt;
        opt.topology_name = "newcomer.topo";
        try {
            experiment::Runner runner(bad, opt);
            QFAIL("a model that does not fit was accepted for a run");
        } catch (const InputError& e) {
            const std::string what = e.what();
            QVERIFY2(what.find("newcomer.topo: /experiment/parallelism/zero_stage: centre "
                               "'dc-a'") == 0,
                     e.what());
        }
        // memory_check "warn": the same problem runs, as a warning (what-if network studies).
        json warn = kLlama;
        warn["parallelism"] = {{"memory_check", "warn"}, {"global_batch_tokens", 4128768}};
        const io::Project whatIf = newcomerProject(warn);
        const experiment::Runner warned(whatIf, opt);
        QCOMPARE(warned.spec().warnings.size(), std::size_t(2)); // both centres
        QVERIFY(warned.spec().warnings.front().find("centre 'dc-a'") == 0);

        json e = kLlama;
        e["parallelism"] = {{"zero_stage", 3}};
        const io::Project fits = newcomerProject(e);
        const experiment::Runner runner(fits, opt);
        QCOMPARE(runner.spec().warnings.size(), std::size_t(1));
        QVERIFY(runner.spec().warnings.front().find("global_batch_tokens 4194304 over 24 GPUs") ==
                0);
    }

    void defaultsAreCompletedToAValidExperiment()
    {
        const io::Project p = newcomerProject(kLlama);
        const json completed = experiment::withValidTrainingDefaults(p.experiment, p.topology, {});
        const experiment::TrainingCheck before = check(p);
        const auto plan = before.fittingPlan();
        QVERIFY(plan.has_value());
        QCOMPARE(completed["parallelism"]["zero_stage"].get<int>(), plan->first);
        // 21.33 is nearer 21 sequences per GPU than 22.
        QCOMPARE(completed["parallelism"]["global_batch_tokens"].get<double>(), 4128768.0);
        QVERIFY(check(newcomerProject(completed)).problems.empty());

        // What the user set is kept, even when it does not fit.
        json explicitStage = kLlama;
        explicitStage["parallelism"] = {{"zero_stage", 0}, {"global_batch_tokens", 4194304}};
        QCOMPARE(experiment::withValidTrainingDefaults(explicitStage, p.topology, {}),
                 explicitStage);
    }

    void generatedMultiCentreGetsARunnableExperiment()
    {
        // The README tour's WAN: 6 centres × 256 A100s. 1,536 GPUs take at least one
        // 8192-token sequence each, so the batch becomes 1536 × 8192 = 12,582,912 tokens.
        const topology::Topology t = topology::generate(
            "multi-centre", {{"centres", "6"}, {"wan", "random-geo"}, {"gpus-per-centre", "256"}},
            1);
        const json e = experiment::defaultTrainingExperiment(t);
        QVERIFY(e.is_object());
        QCOMPARE(e["model"]["preset"].get<std::string>(), std::string("llama-3-8b"));
        QCOMPARE(e["parallelism"]["global_batch_tokens"].get<double>(), 12582912.0);
        io::Project p;
        p.topology = t;
        p.experiment = e;
        QVERIFY(check(p).problems.empty());

        // Nothing to train on: no experiment.
        const topology::Topology noGpus = topology::generate("ring", {}, 1);
        QVERIFY(experiment::defaultTrainingExperiment(noGpus).is_null());
    }
};

MERIDIAN_TEST(TrainingCheckTest)
#include "TrainingCheckTest.moc"
