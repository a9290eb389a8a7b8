// Pipeline parallelism across centres (PipelinePlan.hpp, PipelineDriver.hpp,
// docs/strategies.md "Pipeline parallelism") against closed forms: with transfers that cost
// nothing, GPipe and 1F1B take (m + p − 1)·(t_f + t_b) and idle (p − 1)/(m + p − 1) of it
// (GPipe arXiv 1811.06965 §2.3; Megatron-LM arXiv 2104.04473 §2.2); over WAN links of
// latency and bandwidth each transfer takes c = L + A·8/B and GPipe adds 2(p − 1)·c, 1F1B
// 2c·(n − ⌊n/p⌋) with n = m + p − 2; t_f + t_b against the roofline of the layers a stage
// holds; the bytes on every WAN link; placement; and the errors of the pipeline keys.
#include "ResultChecks.hpp"
#include "SmallTraining.hpp"
#include "TestMain.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/experiment/Runner.hpp"
#include "meridian/io/ProjectFile.hpp"
#include "meridian/workload/DeviceCatalogue.hpp"

#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>

using namespace meridian;
using nlohmann::json;

namespace {

constexpr double kPipeHidden = 4096.0; ///< every layer is one 4096 × 4096 GEMM per token
constexpr double kPipeBatchTokens = 65536.0;

/// A model of `layers` identical layers (one h×h GEMM each, h = 4096) whose activations are
/// `hidden` wide: every stage of an even split computes the same.
json uniformModel(int layers, int hidden)
{
    json l = json::array();
    for (int i = 0; i < layers; ++i)
        l.push_back({{"name", "block" + std::to_string(i)},
                     {"kind", "mlp"},
                     {"parameters", kPipeHidden * kPipeHidden},
                     {"gemms", {{{"m", 1}, {"k", kPipeHidden}, {"n", kPipeHidden}}}}});
    return {{"name", "uniform"},
            {"dtype", "bf16"},
            {"seq_len", 4096},
            {"hidden_size", hidden},
            {"layers", l}};
}

/// Centres c0 … c{p−1} (one A100 each) in a chain, c_i and c_{i+1} joined by `wan<i>` of
/// `gbps` and `delay_ms`; a pipeline over them with `pipeline` as its parallelism keys, the
/// transfers over UDP.
json pipelineChain(int centres, double gbps, double delay_ms, const json& pipeline)
{
    json nodes = json::array(), links = json::array();
    for (int i = 0; i < centres; ++i) {
        test::addSingleGpuCentre(nodes, links, "c" + std::to_string(i));
        if (i > 0)
            links.push_back({{"id", "wan" + std::to_string(i - 1)},
                             {"a", "c" + std::to_string(i - 1)},
                             {"b", "c" + std::to_string(i)},
                             {"bandwidth_gbps", gbps},
                             {"delay_ms", delay_ms},
                             {"queue_pkts", 100000}});
    }
    json e = test::smallTrainingExperiment(1);
    e["model"] = {{"file", "uniform.json"}};
    e["parallelism"] = {{"global_batch_tokens", kPipeBatchTokens},
                        {"seq_len", 4096},
                        {"zero_stage", 1},
                        {"memory_check", "warn"},
                        {"mode", "pipeline"}};
    for (auto it = pipeline.begin(); it != pipeline.end(); ++it)
        e["parallelism"][it.key()] = it.value();
    e["inter_center"]["protocol"] = "udp";
    return {{"format", "meridian.topo"},
            {"version", 1},
            {"name", "chain"},
            {"nodes", nodes},
            {"links", links},
            {"experiment", e}};
}

/// Runs `project` with uniformModel(layers, hidden) next to it.
experiment::Results pipelineRun(const json& project, int layers = 6, int hidden = 1024)
{
    QTemporaryDir dir;
    {
        std::ofstream f(QDir(dir.path()).filePath("uniform.json").toStdString());
        f << uniformModel(layers, hidden).dump();
    }
    const io::Project p = io::parseProject(project.dump(), "p.topo");
    experiment::RunOptions opt;
    opt.topology_name = "p.topo";
    opt.project_dir = dir.path().toStdString();
    experiment::Runner runner(p, opt);
    return runner.run();
}

std::optional<InputError> pipelineError(const json& project, int layers = 6)
{
    try {
        (void)pipelineRun(project, layers);
    } catch (const InputError& e) {
        return e;
    }
    return std::nullopt;
}

/// One micro-batch's forward + backward on an A100 for `layers` of the uniform model: the
/// roofline's FLOP term (3 × 2h² FLOPs per token at MFU 0.4), which bounds it here.
double stageStepS(int layers, int microBatches)
{
    const auto* a100 = workload::DeviceCatalogue::builtin().find("A100-80GB");
    const double tokens = kPipeBatchTokens / microBatches;
    return 3.0 * layers * 2.0 * kPipeHidden * kPipeHidden * tokens /
           (a100->peakFlops(workload::DType::Bf16) * 0.4);
}

/// Time of one UDP transfer of `bytes` from c0's GPU to c1's as the network runs it alone.
double transferS(double gbps, double delay_ms, double bytes)
{
    json j = pipelineChain(2, gbps, delay_ms, json::object());
    j["experiment"] = {{"kind", "p2p"},     {"from", "c0-gpu"}, {"to", "c1-gpu"}, {"bytes", bytes},
                       {"protocol", "udp"}, {"repeat", 1},      {"seed", 7}};
    return pipelineRun(j).collective.mean_s;
}

} // namespace

class PipelineTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void freeTransfersGiveTheBubbleClosedForm()
    {
        // 8-wide activations over 4 Tbit/s links without delay: a transfer takes < 1 µs.
        for (const char* schedule : {"gpipe", "1f1b"})
            for (const int p : {2, 3})
                for (const int m : {1, 4, 8}) {
                    const int layers = 12;
                    const experiment::Results r = pipelineRun(
                        pipelineChain(p, 4000, 0.0, {{"schedule", schedule}, {"micro_batches", m}}),
                        layers, 8);
                    const experiment::PipelineResult& g = r.pipeline;
                    QVERIFY(g.enabled);
                    QCOMPARE(static_cast<int>(g.stages.size()), p);
                    const double step = stageStepS(layers / p, m);
                    for (const auto& st : g.stages) {
                        QCOMPARE(st.layers, layers / p);
                        RESULT_VERIFY_NEAR(st.forward_s + st.backward_s, step, 1e-12);
                        RESULT_VERIFY_NEAR(st.backward_s, 2.0 * st.forward_s, 1e-12);
                    }
                    const double closed = (m + p - 1) * step;
                    RESULT_VERIFY_NEAR(g.ideal_pipeline_s, closed, 1e-9);
                    RESULT_VERIFY_NEAR(g.pipeline_s, closed, 1e-5);
                    RESULT_VERIFY_NEAR(g.bubble_fraction, double(p - 1) / (m + p - 1), 1e-12);
                    // GPU effective compute: m·(t_f + t_b) of the iteration, the rest is the
                    // bubble and the optimiser step (one GPU per stage: no all-reduce).
                    const experiment::IterationResult& it = r.iterations.at(0);
                    RESULT_VERIFY_NEAR(it.gpu_effective_compute_ratio, m * step / it.total_s,
                                       1e-12);
                    RESULT_VERIFY_NEAR(it.compute_s + it.intra_center_s + it.inter_center_s +
                                           it.update_s,
                                       it.total_s, 1e-12);
                }
    }

    void wanLinksAddTheClosedFormTransferTime()
    {
        // A = 8192 tokens × 1024 × 2 B = 16.8 MB per micro-batch: 1.34 ms at 100 Gbit/s, less
        // than a forward pass (4.4 ms), so transfers never queue behind each other.
        const double gbps = 100, delay_ms = 5;
        const int p = 3, m = 8, layers = 6;
        const double A = kPipeBatchTokens / m * 1024 * 2;
        const double c = transferS(gbps, delay_ms, A);
        // c = L + A·8/B plus one packet's store-and-forward per hop.
        QVERIFY2(std::abs(c - (delay_ms * 1e-3 + A * 8 / (gbps * 1e9))) < 1e-5,
                 qPrintable(QString::number(c, 'g', 12)));
        const double step = stageStepS(layers / p, m);
        const int n = m + p - 2;
        const double gpipe = (m + p - 1) * step + 2.0 * (p - 1) * c;
        const double oneF1B = (m + p - 1) * step + 2.0 * c * (n - n / p);
        for (const auto& [schedule, closed] :
             {std::pair{"gpipe", gpipe}, std::pair{"1f1b", oneF1B}}) {
            const experiment::Results r = pipelineRun(
                pipelineChain(p, gbps, delay_ms, {{"schedule", schedule}, {"micro_batches", m}}),
                layers, 1024);
            const experiment::PipelineResult& g = r.pipeline;
            RESULT_VERIFY_NEAR(g.pipeline_s, closed, 1e-6);
            RESULT_VERIFY_NEAR(g.exposed_communication_s, closed - (m + p - 1) * step, 1e-6);
            RESULT_VERIFY_NEAR(r.iterations.at(0).inter_center_s, g.exposed_communication_s, 1e-12);
            // Every transfer took c; 2·m per link, one activation and one gradient each.
            QCOMPARE(g.transfers, 2 * m * (p - 1));
            RESULT_VERIFY_NEAR(g.communication_s, g.transfers * c, 1e-6);
            RESULT_VERIFY_NEAR(g.wan_bytes, g.transfers * A, 1e-3);
            // On top of the weight broadcast from c0 (binomial over 3 ranks: c0 → c1, then
            // c0 → c2, so two copies of the model cross wan0 and one wan1).
            for (int l = 0; l < p - 1; ++l) {
                const auto* link = test::linkOf(r, "wan" + std::to_string(l));
                QVERIFY(link != nullptr);
                RESULT_VERIFY_NEAR(link->bytes, 2.0 * m * A + (l == 0 ? 2 : 1) * r.model_bytes,
                                   1e-3);
            }
        }
    }

    void stagesPlacedOnTheSourceFirst()
    {
        json j = pipelineChain(3, 4000, 0.0, {{"stages", 2}, {"micro_batches", 2}});
        j["experiment"]["source"] = "c1";
        const experiment::Results r = pipelineRun(j);
        QCOMPARE(static_cast<int>(r.pipeline.stages.size()), 2);
        QCOMPARE(r.pipeline.stages[0].center, std::string("c1"));
        QCOMPARE(r.pipeline.stages[1].center, std::string("c0"));
        QCOMPARE(r.centers.size(), std::size_t(2)); // c2 does not train, with a warning
        bool warned = false;
        for (const auto& w : r.warnings)
            warned = warned || w.find("'c2'") != std::string::npos;
        QVERIFY(warned);
        json listed = pipelineChain(3, 4000, 0.0, {{"stages", {"c2", "c0"}}});
        const experiment::Results l = pipelineRun(listed);
        QCOMPARE(l.pipeline.stages[0].center, std::string("c2"));
        QCOMPARE(l.pipeline.stages[1].center, std::string("c0"));
        // Deterministic: the same file and seed, the same bytes.
        QCOMPARE(experiment::resultsToJson(pipelineRun(listed)), experiment::resultsToJson(l));
    }

    void badPipelinesNameTheirKey()
    {
        struct Case
        {
            json parallelism;
            json extra;
            const char* path;
            const char* says;
        };
        const std::vector<Case> cases{
            {{{"mode", "data"}, {"micro_batches", 4}},
             {},
             "/parallelism/micro_batches",
             "applies to \"mode\": \"pipeline\""},
            {{{"micro_batches", 0}}, {}, "/parallelism/micro_batches", "0"},
            {{{"schedule", "zero-bubble"}}, {}, "/parallelism/schedule", "zero-bubble"},
            {{{"stages", 4}}, {}, "/parallelism/stages", "4 stages but the topology has 3"},
            {{{"stages", 0}}, {}, "/parallelism/stages", ">= 1"},
            {{{"stages", {"c0", "c9"}}}, {}, "/parallelism/stages/1", "unknown centre 'c9'"},
            {{{"stages", {"c0", "c0"}}}, {}, "/parallelism/stages/1", "earlier stage"},
            {{}, {{"strategy", {{"kind", "diloco"}}}}, "/strategy/kind", "pipeline"},
            {{}, {{"control_plane", json::object()}}, "/parallelism/mode", "control plane"},
        };
        for (const auto& c : cases) {
            json j = pipelineChain(3, 10, 1.0, c.parallelism);
            for (auto it = c.extra.begin(); it != c.extra.end(); ++it)
                j["experiment"][it.key()] = it.value();
            const auto e = pipelineError(j);
            QVERIFY2(e.has_value(), c.parallelism.dump().c_str());
            const QString what = QString::fromStdString(e->what());
            QVERIFY2(what.contains(QString("/experiment") + c.path), e->what());
            QVERIFY2(what.contains(c.says), e->what());
        }
        // A stage on a centre without GPUs, and more stages than the model has layers.
        json noGpu = pipelineChain(2, 10, 1.0, {{"stages", {"c0", "empty"}}});
        noGpu["nodes"].push_back({{"id", "empty"}, {"kind", "center"}});
        noGpu["links"].push_back(
            {{"id", "e"}, {"a", "c1"}, {"b", "empty"}, {"bandwidth_gbps", 10}});
        auto e = pipelineError(noGpu);
        QVERIFY(e.has_value());
        QVERIFY2(QString(e->what()).contains("/experiment/parallelism/stages/1") &&
                     QString(e->what()).contains("no GPUs"),
                 e->what());
        e = pipelineError(pipelineChain(3, 10, 1.0, json::object()), 2);
        QVERIFY(e.has_value());
        QVERIFY2(QString(e->what()).contains("/experiment/parallelism/stages") &&
                     QString(e->what()).contains("without a layer"),
                 e->what());
    }
};

MERIDIAN_TEST(PipelineTest)
#include "PipelineTest.moc"
