// Tensor parallelism inside a server and hybrid DP×PP×TP (TrainingPlan.cpp,
// docs/strategies.md "Tensor parallelism inside a server") against closed forms: per
// transformer block 2 all-reduces of the activations A = b·s·h·bytes in the forward and 2 in
// the backward (Megatron-LM, Shoeybi et al. 2019 §3; Narayanan et al. 2021 §3.2), each a ring
// over t GPUs of the server's NVLink at NCCL's cost 8.4 µs + 2(t − 1)·3.4 µs + 2(t − 1)/t · A/B;
// the compute of a GPU is 1/t of its TP group's; the data-parallel gradient per GPU 1/t of the
// model's; memory per GPU 1/t; the pipeline's stage times include the TP all-reduces; and the
// errors of the key.
#include "ResultChecks.hpp"
#include "StarRing.hpp"
#include "TestMain.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/experiment/Runner.hpp"
#include "meridian/experiment/TrainingCheck.hpp"
#include "meridian/io/ProjectFile.hpp"
#include "meridian/workload/DeviceCatalogue.hpp"
#include "meridian/workload/MemoryModel.hpp"
#include "meridian/workload/ModelCatalogue.hpp"

#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>

using namespace meridian;
using nlohmann::json;

namespace {

constexpr double kTpGemm = 4096.0;         ///< every block is one 4096 × 4096 GEMM per token
constexpr double kTpBatchTokens = 65536.0; ///< global batch
constexpr double kNvlinkBps = 450e9;       ///< H100 SXM, per direction (presets/devices)

/// `blocks` identical transformer blocks (kind attention, one 4096×4096 GEMM per token each)
/// with activations `hidden` wide; `kind` "mlp" makes a model without transformer blocks.
json blockModel(int blocks, int hidden, const char* kind = "attention")
{
    json l = json::array();
    for (int i = 0; i < blocks; ++i)
        l.push_back({{"name", "block" + std::to_string(i)},
                     {"kind", kind},
                     {"parameters", kTpGemm * kTpGemm},
                     {"gemms", {{{"m", 1}, {"k", kTpGemm}, {"n", kTpGemm}}}}});
    return {{"name", "blocks"},
            {"dtype", "bf16"},
            {"seq_len", 4096},
            {"hidden_size", hidden},
            {"layers", l}};
}

/// Centres c0 … c{n−1}, each with `servers` server nodes of `gpusPerServer` `gpuModel` GPUs
/// (one rank each, 4 Tbit/s to the centre), joined in a chain by 4 Tbit/s WAN links without
/// delay; a training experiment with `parallelism` over the defaults below, UDP everywhere.
json serverChain(int centres, int servers, int gpusPerServer, const json& parallelism,
                 const char* gpuModel = "H100-SXM")
{
    json nodes = json::array(), links = json::array();
    for (int i = 0; i < centres; ++i) {
        const std::string c = "c" + std::to_string(i);
        nodes.push_back({{"id", c}, {"kind", "center"}, {"attrs", {{"gpu_model", gpuModel}}}});
        for (int s = 0; s < servers; ++s) {
            const std::string n = c + "-s" + std::to_string(s);
            nodes.push_back({{"id", n},
                             {"kind", "gpu"},
                             {"parent", c},
                             {"attrs", {{"gpu_model", gpuModel}, {"gpu_count", gpusPerServer}}}});
            links.push_back({{"id", n + "-link"},
                             {"a", n},
                             {"b", c},
                             {"bandwidth_gbps", 4000},
                             {"delay_ms", 0.0}});
        }
        if (i > 0)
            links.push_back({{"id", "wan" + std::to_string(i - 1)},
                             {"a", "c" + std::to_string(i - 1)},
                             {"b", c},
                             {"bandwidth_gbps", 4000},
                             {"delay_ms", 0.0},
                             {"queue_pkts", 100000}});
    }
    json e = {{"kind", "training"},
              {"model", {{"file", "blocks.json"}}},
              {"parallelism",
               {{"global_batch_tokens", kTpBatchTokens},
                {"seq_len", 4096},
                {"zero_stage", 1},
                {"memory_check", "warn"}}},
              {"source", "c0"},
              {"broadcast", {{"algorithm", "binomial"}, {"protocol", "udp"}, {"dataset", false}}},
              {"intra_center", {{"collective", "ring"}, {"protocol", "udp"}}},
              {"inter_center", {{"collective", "ring"}, {"protocol", "udp"}}},
              {"iterations", 1},
              {"seed", 7}};
    for (auto it = parallelism.begin(); it != parallelism.end(); ++it)
        e["parallelism"][it.key()] = it.value();
    return {{"format", "meridian.topo"},
            {"version", 1},
            {"name", "servers"},
            {"nodes", nodes},
            {"links", links},
            {"experiment", e}};
}

/// Runs `project` with `model` next to it.
experiment::Results tpRun(const json& project, const json& model)
{
    QTemporaryDir dir;
    {
        std::ofstream f(QDir(dir.path()).filePath("blocks.json").toStdString());
        f << model.dump();
    }
    const io::Project p = io::parseProject(project.dump(), "p.topo");
    experiment::RunOptions opt;
    opt.topology_name = "p.topo";
    opt.project_dir = dir.path().toStdString();
    experiment::Runner runner(p, opt);
    return runner.run();
}

std::optional<InputError> tpError(const json& project, const json& model)
{
    try {
        (void)tpRun(project, model);
    } catch (const InputError& e) {
        return e;
    }
    return std::nullopt;
}

/// One ring all-reduce of `bytes` per GPU among t GPUs on NVLink: NCCL's cost model.
double ringOnNvlinkS(int t, double bytes)
{
    return 8.4e-6 + 2.0 * (t - 1) * 3.4e-6 + 2.0 * (t - 1) / t * bytes / kNvlinkBps;
}

/// Forward + backward of `blocks` blocks for `tokens` tokens on an H100 at MFU 0.4: the
/// roofline's FLOP term (3 × 2·4096² FLOPs per token per block), which bounds it here.
double h100StepS(int blocks, double tokens)
{
    const auto* h100 = workload::DeviceCatalogue::builtin().find("H100-SXM");
    return 3.0 * blocks * 2.0 * kTpGemm * kTpGemm * tokens /
           (h100->peakFlops(workload::DType::Bf16) * 0.4);
}

} // namespace

class TensorParallelTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void dataParallelAddsTheAllReducesOfEveryBlock()
    {
        // Two centres of one 8-GPU server each: G = 16 GPUs, DP degree G/t.
        const int blocks = 6, hidden = 1024;
        const json model = blockModel(blocks, hidden);
        const experiment::Results none = tpRun(serverChain(2, 1, 8, json::object()), model);
        QVERIFY(!none.tensor_parallel.enabled);
        for (const int t : {2, 8}) {
            const experiment::Results r = tpRun(serverChain(2, 1, 8, {{"tensor", t}}), model);
            const experiment::TensorParallelResult& tp = r.tensor_parallel;
            QVERIFY(tp.enabled);
            QCOMPARE(tp.tensor, t);
            RESULT_VERIFY_NEAR(tp.link_bytes_per_s, kNvlinkBps, 1e-3);
            // A TP group computes t GPUs' share of the batch: A = (B / G) · t · h · 2 bytes.
            const double A = kTpBatchTokens / 16 * t * hidden * 2.0;
            const double one = ringOnNvlinkS(t, A);
            QCOMPARE(static_cast<int>(tp.centers.size()), 2);
            for (const auto& c : tp.centers) {
                QCOMPARE(c.groups, 8 / t);
                RESULT_VERIFY_NEAR(c.allreduce_bytes, A, 1e-6);
                RESULT_VERIFY_NEAR(c.allreduces_per_iteration, 4.0 * blocks, 0.0);
                RESULT_VERIFY_NEAR(c.allreduce_s, one, 1e-15);
                // 4·L·(2(t − 1)/t · A/B + latency)
                RESULT_VERIFY_NEAR(c.communication_s, 4.0 * blocks * one, 1e-12);
                RESULT_VERIFY_NEAR(c.gradient_bytes_per_gpu, r.model_bytes / t, 1e-3);
            }
            // Compute per GPU: 1/t of its group's t shares, the same FLOPs as without TP.
            const double compute = h100StepS(blocks, kTpBatchTokens / 16);
            RESULT_VERIFY_NEAR(r.centers.at(0).compute_s, compute, 1e-12);
            RESULT_VERIFY_NEAR(none.centers.at(0).compute_s, compute, 1e-12);
            // The compute phase holds the TP all-reduces; GPU effective compute does not
            // count them.
            const experiment::IterationResult& it = r.iterations.at(0);
            RESULT_VERIFY_NEAR(it.compute_s, compute + 4.0 * blocks * one, 2e-9);
            RESULT_VERIFY_NEAR(it.gpu_effective_compute_ratio, compute / it.total_s, 1e-12);
            RESULT_VERIFY_NEAR(it.total_s - it.compute_s,
                               none.iterations.at(0).total_s - none.iterations.at(0).compute_s,
                               1e-8);
            // The server's t GPUs each all-reduce 1/t of the gradient over their own NICs:
            // the server (one rank) still sends the whole gradient over the WAN.
            RESULT_VERIFY_NEAR(test::linkOf(r, "wan0")->bytes, test::linkOf(none, "wan0")->bytes,
                               1e-3);
            // Deterministic.
            QCOMPARE(experiment::resultsToJson(tpRun(serverChain(2, 1, 8, {{"tensor", t}}), model)),
                     experiment::resultsToJson(r));
        }
    }

    void closedFormBandwidthTermIsTheSimulatedRingOnAnNvSwitch()
    {
        // Why a closed form is fair: the engine's own NCCL ring all-reduce among t GPUs on one
        // switch with 450 GB/s per direction (3.6 Tbit/s links, an NVSwitch; UDP, no delay)
        // takes the bandwidth term 2(t − 1)/t · A / B of the closed form.
        for (const int t : {2, 4, 8}) {
            const double A = 64.0 * 1024 * 1024;
            const double simulated = test::runSeconds(test::star(t, 3600, 0.0, A, "udp"));
            const double term = 2.0 * (t - 1) / t * A / kNvlinkBps;
            QVERIFY2(std::abs(simulated - term) / term < 0.01,
                     qPrintable(QString("t=%1: %2 vs %3").arg(t).arg(simulated).arg(term)));
            RESULT_VERIFY_NEAR(experiment::tensorAllReduceS(t, A, kNvlinkBps),
                               term + 8.4e-6 + 2.0 * (t - 1) * 3.4e-6, 1e-15);
        }
    }

    void recomputationRepeatsTheForwardAllReduces()
    {
        const json model = blockModel(4, 1024);
        const experiment::Results r =
            tpRun(serverChain(1, 1, 8, {{"tensor", 4}, {"activation_recompute", true}}), model);
        const auto& c = r.tensor_parallel.centers.at(0);
        RESULT_VERIFY_NEAR(c.allreduces_per_iteration, 6.0 * 4, 0.0);
        RESULT_VERIFY_NEAR(c.communication_s,
                           24.0 * ringOnNvlinkS(4, kTpBatchTokens / 8 * 4 * 2048), 1e-12);
    }

    void hybridStagesIncludeTheirAllReduces()
    {
        // DP×PP×TP: 2 stages (one per centre), each centre 2 servers of 8 GPUs, t = 8 inside
        // every server, so each stage is data parallel over 2 TP groups. Activations 8 wide:
        // the WAN transfers take < 1 µs and the pipeline's closed form holds.
        const int blocks = 8, hidden = 8, m = 4, p = 2, t = 8;
        const experiment::Results r =
            tpRun(serverChain(p, 2, 8, {{"mode", "pipeline"}, {"micro_batches", m}, {"tensor", t}}),
                  blockModel(blocks, hidden));
        const experiment::PipelineResult& g = r.pipeline;
        QCOMPARE(static_cast<int>(g.stages.size()), p);
        const double microTokens = kTpBatchTokens / m;
        // A TP group of a stage computes t/16 of the micro-batch.
        const double A = microTokens / 16 * t * hidden * 2.0;
        const double one = ringOnNvlinkS(t, A);
        const int stageBlocks = blocks / p;
        const double step = h100StepS(stageBlocks, microTokens / 16);
        for (const auto& st : g.stages) {
            RESULT_VERIFY_NEAR(st.forward_s, step / 3.0 + 2.0 * stageBlocks * one, 1e-12);
            RESULT_VERIFY_NEAR(st.backward_s, 2.0 * step / 3.0 + 2.0 * stageBlocks * one, 1e-12);
        }
        const double closed = (m + p - 1) * (step + 4.0 * stageBlocks * one);
        RESULT_VERIFY_NEAR(g.ideal_pipeline_s, closed, 1e-9);
        RESULT_VERIFY_NEAR(g.pipeline_s, closed, 1e-5);
        const experiment::TensorParallelResult& tp = r.tensor_parallel;
        QVERIFY(tp.enabled);
        for (std::size_t s = 0; s < tp.centers.size(); ++s) {
            const auto& c = tp.centers[s];
            QCOMPARE(c.groups, 2);
            RESULT_VERIFY_NEAR(c.allreduces_per_iteration, 4.0 * m * stageBlocks, 0.0);
            RESULT_VERIFY_NEAR(c.communication_s, 4.0 * m * stageBlocks * one, 1e-12);
            RESULT_VERIFY_NEAR(c.gradient_bytes_per_gpu, g.stages[s].parameters * 2.0 / t, 1e-3);
            // GPU effective compute counts only the matmuls: m · step per stage.
            RESULT_VERIFY_NEAR(r.centers.at(s).compute_s, m * step, 1e-12);
        }
        const experiment::IterationResult& it = r.iterations.at(0);
        RESULT_VERIFY_NEAR(it.gpu_effective_compute_ratio, m * step / it.total_s, 1e-12);
    }

    void memoryPerGpuIsDividedByT()
    {
        const workload::ModelSpec* model = workload::ModelCatalogue::builtin().find("llama-3-8b");
        const auto* h100 = workload::DeviceCatalogue::builtin().find("H100-SXM");
        QVERIFY(model && h100);
        const auto one = workload::estimateMemory(
            *model, *h100, experiment::trainingMemoryPlan(0, false, 8192, 8, 1));
        const auto eight = workload::estimateMemory(
            *model, *h100, experiment::trainingMemoryPlan(0, false, 8192, 8, 8));
        RESULT_VERIFY_NEAR(eight.total_bytes, one.total_bytes / 8, 1.0);
        RESULT_VERIFY_NEAR(eight.weights_bytes, one.weights_bytes / 8, 1.0);
        RESULT_VERIFY_NEAR(eight.optimizer_bytes, one.optimizer_bytes / 8, 1.0);
        RESULT_VERIFY_NEAR(eight.activation_bytes, one.activation_bytes / 8, 1.0);
        // ZeRO-1 shards over the GPUs / t data-parallel ranks: 8 / 2 = 4.
        const auto z = workload::estimateMemory(
            *model, *h100, experiment::trainingMemoryPlan(1, false, 8192, 8, 2));
        QCOMPARE(experiment::trainingMemoryPlan(1, false, 8192, 8, 2).dp_size, 4);
        RESULT_VERIFY_NEAR(z.optimizer_bytes, one.optimizer_bytes / 2 / 4, 1.0);
    }

    void badTensorDegreesNameTheirKey()
    {
        struct Case
        {
            json project;
            json model;
            const char* says;
        };
        const json good = blockModel(4, 1024);
        json diloco = serverChain(2, 1, 8, {{"tensor", 2}});
        diloco["experiment"]["strategy"] = {{"kind", "diloco"}};
        json control = serverChain(2, 1, 8, {{"tensor", 2}});
        control["experiment"]["control_plane"] = json::object();
        const std::vector<Case> cases{
            {serverChain(1, 1, 8, {{"tensor", 3}}), good, "must divide the GPUs of every server"},
            {serverChain(1, 1, 8, {{"tensor", 16}}), good, "a server of 8 GPUs"},
            {serverChain(1, 1, 8, {{"tensor", 8}}), blockModel(4, 1020), "hidden size"},
            {serverChain(1, 1, 8, {{"tensor", 2}}), blockModel(4, 1024, "mlp"),
             "transformer blocks"},
            {serverChain(1, 1, 8, {{"tensor", 2}}, "Ascend-910B"), good, "nvlink_gb_per_s"},
            {serverChain(1, 1, 8, {{"tensor", 0}}), good, "0"},
            {diloco, good, "strategies"},
            {control, good, "control plane"},
        };
        // The same check the dock and `meridian-cli validate` run (TrainingCheck.hpp).
        const io::Project three =
            io::parseProject(serverChain(1, 1, 8, {{"tensor", 3}}).dump(), "p.topo");
        const experiment::TrainingCheck check = experiment::checkTraining(
            experiment::parseExperiment(three.experiment, three.topology, "p.topo").training,
            *workload::ModelCatalogue::builtin().find("llama-3-8b"), three.topology);
        QVERIFY(check.hasErrors());
        QCOMPARE(check.problems.front().path, std::string("/experiment/parallelism/tensor"));
        for (const auto& c : cases) {
            const auto e = tpError(c.project, c.model);
            QVERIFY2(e.has_value(), c.project["experiment"].dump().c_str());
            const QString what = QString::fromStdString(e->what());
            QVERIFY2(what.contains("/experiment/parallelism/tensor"), e->what());
            QVERIFY2(what.contains(c.says), e->what());
        }
    }
};

MERIDIAN_TEST(TensorParallelTest)
#include "TensorParallelTest.moc"
