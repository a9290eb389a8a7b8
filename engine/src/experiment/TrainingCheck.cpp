#include "meridian/experiment/TrainingCheck.hpp"

#include "FabricBuilder.hpp"
#include "PipelinePlan.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/core/Units.hpp"
#include "meridian/workload/DeviceCatalogue.hpp"
#include "meridian/workload/ModelCatalogue.hpp"
#include "meridian/workload/ModelLoader.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

namespace meridian::experiment {

namespace {

constexpr const char* kZeroPath = "/experiment/parallelism/zero_stage";
constexpr const char* kBatchPath = "/experiment/parallelism/global_batch_tokens";
constexpr const char* kTensorPath = "/experiment/parallelism/tensor";

/// "%.10g": token counts are whole numbers up to 10^15.
std::string formatTokens(double v)
{
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.10g", v);
    return buf;
}

/// The lowest ZeRO stage that fits, first with the experiment's recomputation, then with it.
void findFittingPlan(CentreMemory& c, const TrainingSpec& t, const workload::ModelSpec& model,
                     const workload::DeviceSpec& device)
{
    for (const bool recompute : {t.activation_recompute, true}) {
        for (int stage = 0; stage <= 3; ++stage) {
            const workload::MemoryReport r = workload::estimateMemory(
                model, device, trainingMemoryPlan(stage, recompute, t.seq_len, c.gpus, t.tensor));
            if (r.fits) {
                c.fitting_stage = stage;
                c.fitting_recompute = recompute && !t.activation_recompute;
                c.fitting = r;
                return;
            }
        }
        if (t.activation_recompute)
            return; // already tried with recomputation
    }
}

std::string memoryMessage(const CentreMemory& c, const TrainingSpec& t)
{
    using units::formatBytes;
    const workload::MemoryReport& r = c.report;
    std::string m = "centre '" + c.centre + "' (" + std::to_string(c.gpus) + " × " + c.gpu_model +
                    "): " + c.model + " needs " + formatBytes(r.total_bytes) + " per GPU at ZeRO-" +
                    std::to_string(t.zero_stage) +
                    (t.activation_recompute ? " with activation recomputation" : "") +
                    " but the GPU has " + formatBytes(r.capacity_bytes) + " (weights " +
                    formatBytes(r.weights_bytes) + ", gradients " + formatBytes(r.gradients_bytes) +
                    ", optimiser " + formatBytes(r.optimizer_bytes) + ", activations " +
                    formatBytes(r.activation_bytes) + "); ";
    if (c.fitting_stage < 0)
        return m + "no ZeRO stage fits, even with activation recomputation: use more GPUs in "
                   "the centre, GPUs with more memory, a shorter seq_len or a smaller model";
    const std::string stage = std::to_string(c.fitting_stage);
    if (c.fitting_recompute)
        return m + "ZeRO-" + stage +
               " with activation recomputation fits: " + formatBytes(c.fitting.total_bytes) +
               " per GPU (set parallelism.zero_stage to " + stage +
               " and parallelism.activation_recompute to true)";
    return m + "ZeRO-" + stage + " fits: " + formatBytes(c.fitting.total_bytes) +
           " per GPU (set parallelism.zero_stage to " + stage + ")";
}

std::string batchMessage(const BatchSplit& b, const TrainingSpec& t)
{
    // Without tensor parallelism a replica is one GPU; with it, a group of t GPUs that
    // computes its share of the batch together (issue 31).
    const std::string unit = b.tensor > 1 ? "tensor-parallel group" : "GPU";
    const std::string over =
        b.tensor > 1 ? std::to_string(b.total_gpus) + " GPUs in " + std::to_string(b.replicas) +
                           " tensor-parallel groups of " + std::to_string(b.tensor)
                     : std::to_string(b.total_gpus) + " GPUs";
    char buf[160];
    std::snprintf(buf, sizeof buf, "%.6g tokens = %.4g sequences", b.tokens_per_replica,
                  b.sequences_per_replica);
    std::string m = "global_batch_tokens " + formatTokens(t.global_batch_tokens) + " over " + over +
                    " is " + buf + " of " + std::to_string(t.seq_len) + " tokens per " + unit +
                    ", not a whole number; the run models the fractional batch. "
                    "Nearest global batch that divides: ";
    const auto perReplica = [&](double v) {
        return std::to_string(std::llround(v / b.replicas / t.seq_len)) + " per " + unit;
    };
    if (b.lower_tokens > 0)
        m += formatTokens(b.lower_tokens) + " (" + perReplica(b.lower_tokens) + ") or ";
    return m + formatTokens(b.upper_tokens) + " (" + perReplica(b.upper_tokens) + ")";
}

/// Pipeline: the model each centre holds — its stage's layers, nothing for a centre without a
/// stage; every centre the whole model when the stages cannot be placed or split (the run
/// reports why).
std::vector<std::optional<workload::ModelSpec>> heldModels(const TrainingSpec& t,
                                                           const workload::ModelSpec& model,
                                                           const std::vector<CentreRanks>& centres)
{
    std::vector<std::optional<workload::ModelSpec>> held(centres.size(), model);
    if (!t.pipeline())
        return held;
    try {
        const std::vector<std::size_t> stages = pipelineStageCentres(t, centres, "");
        std::vector<workload::ModelSpec> parts =
            splitModelIntoStages(model, static_cast<int>(stages.size()), "");
        std::vector<std::optional<workload::ModelSpec>> out(centres.size());
        for (std::size_t s = 0; s < stages.size(); ++s)
            out[stages[s]] = std::move(parts[s]);
        return out;
    } catch (const InputError&) {
        return held;
    }
}

/// Tensor parallelism (docs/strategies.md): t must divide every server of every centre with
/// GPUs (a TP group stays on one server's NVLink) and the model's hidden size, the model needs
/// transformer blocks, and every device an NVLink bandwidth.
std::optional<TrainingProblem> tensorProblem(const TrainingSpec& t,
                                             const workload::ModelSpec& model,
                                             const std::vector<CentreRanks>& centres)
{
    const int tp = t.tensor;
    if (tp <= 1)
        return std::nullopt;
    const auto blocks =
        std::count_if(model.layers.begin(), model.layers.end(), [](const workload::LayerSpec& l) {
            return l.kind == workload::LayerKind::Attention;
        });
    if (model.hidden_size <= 0 || blocks == 0)
        return TrainingProblem{true, kTensorPath,
                               "tensor parallelism splits the transformer blocks of a model with "
                               "a hidden size, and " +
                                   model.name + " has none (a transformer description is needed)"};
    for (const CentreRanks& c : centres) {
        for (const int gpus : c.gpus_per_rank)
            if (gpus % tp != 0)
                return TrainingProblem{
                    true, kTensorPath,
                    "must divide the GPUs of every server (a tensor-parallel group stays inside "
                    "one server's NVLink): centre '" +
                        c.id + "' has a server of " + std::to_string(gpus) + " GPUs"};
        const workload::DeviceSpec* device =
            c.gpus > 0 ? workload::DeviceCatalogue::builtin().find(c.gpu_model) : nullptr;
        if (device && !(device->nvlink_bytes_per_s > 0.0))
            return TrainingProblem{true, kTensorPath,
                                   "centre '" + c.id +
                                       "': the device catalogue has no NVLink bandwidth "
                                       "(nvlink_gb_per_s) for " +
                                       c.gpu_model +
                                       ", which tensor parallelism's all-reduces need"};
    }
    if (model.hidden_size % tp != 0)
        return TrainingProblem{true, kTensorPath,
                               "must divide the hidden size of " + model.name + " (" +
                                   std::to_string(model.hidden_size) + ")"};
    return std::nullopt;
}

/// Every centre with GPUs and a known device, with its plan and the plan that would fit.
std::vector<CentreMemory> centreMemories(const TrainingSpec& t, const workload::ModelSpec& full,
                                         const std::vector<CentreRanks>& centres)
{
    std::vector<CentreMemory> out;
    const std::vector<std::optional<workload::ModelSpec>> held = heldModels(t, full, centres);
    for (std::size_t k = 0; k < centres.size(); ++k) {
        const CentreRanks& c = centres[k];
        const workload::DeviceSpec* device =
            c.gpus > 0 ? workload::DeviceCatalogue::builtin().find(c.gpu_model) : nullptr;
        if (!device || !held[k])
            continue;
        const workload::ModelSpec& model = *held[k];
        CentreMemory m;
        m.centre = c.id;
        m.model = model.name;
        m.node_index = c.centre.index();
        m.gpu_model = c.gpu_model;
        m.gpus = c.gpus;
        m.report = workload::estimateMemory(
            model, *device,
            trainingMemoryPlan(t.zero_stage, t.activation_recompute, t.seq_len, c.gpus, t.tensor));
        findFittingPlan(m, t, model, *device);
        out.push_back(std::move(m));
    }
    return out;
}

} // namespace

std::string TrainingProblem::text() const
{
    return path + ": " + (error ? "" : "warning: ") + message;
}

bool TrainingCheck::hasErrors() const
{
    return std::any_of(problems.begin(), problems.end(),
                       [](const TrainingProblem& p) { return p.error; });
}

std::optional<std::pair<int, bool>> TrainingCheck::fittingPlan() const
{
    std::pair<int, bool> plan{0, false};
    for (const CentreMemory& c : centres) {
        if (c.fitting_stage < 0)
            return std::nullopt;
        plan.first = std::max(plan.first, c.fitting_stage);
        plan.second = plan.second || c.fitting_recompute;
    }
    return plan;
}

workload::MemoryPlan trainingMemoryPlan(int zeroStage, bool recompute, int seqLen, int gpus,
                                        int tensor)
{
    workload::MemoryPlan plan;
    plan.zero_stage = zeroStage;
    plan.tensor_parallel = std::max(1, tensor);
    plan.dp_size = std::max(1, gpus / plan.tensor_parallel);
    plan.micro_batch_tokens = seqLen;
    plan.recompute = recompute;
    return plan;
}

BatchSplit splitBatch(double globalBatchTokens, int seqLen, int totalGpus, int tensor)
{
    BatchSplit b;
    b.total_gpus = totalGpus;
    b.tensor = std::max(1, tensor);
    b.replicas = totalGpus / b.tensor;
    if (b.replicas <= 0 || seqLen <= 0)
        return b;
    b.tokens_per_replica = globalBatchTokens / b.replicas;
    b.sequences_per_replica = b.tokens_per_replica / seqLen;
    const double k = b.sequences_per_replica;
    b.whole = std::abs(k - std::round(k)) <= 1e-9 * std::max(1.0, k);
    const double unit = static_cast<double>(b.replicas) * seqLen; // one sequence per replica
    b.lower_tokens = std::floor(k) >= 1 ? std::floor(k) * unit : 0.0;
    b.upper_tokens = std::max(1.0, std::ceil(k)) * unit;
    return b;
}

workload::ModelSpec loadTrainingModel(const TrainingSpec& t,
                                      const std::filesystem::path& projectDir,
                                      const std::string& file)
{
    workload::ModelSpec model;
    try {
        if (t.model.contains("preset"))
            model = workload::modelPreset(t.model.at("preset").get<std::string>());
        else
            model = workload::loadModelFile(projectDir / t.model.at("file").get<std::string>(),
                                            static_cast<double>(t.seq_len));
    } catch (const InputError& e) {
        throw InputError(file, "/experiment/model", e.what());
    }
    return model.withSeqLen(t.seq_len);
}

TrainingCheck checkTraining(const TrainingSpec& t, const workload::ModelSpec& model,
                            const topology::Topology& topo)
{
    topology::Topology copy = topo; // synthesised fabrics are added to it
    const std::vector<CentreRanks> centres = resolveCentres(copy);
    TrainingCheck check;
    if (auto problem = tensorProblem(t, model, centres))
        check.problems.push_back(std::move(*problem));
    check.centres = centreMemories(t, model, centres);
    for (const CentreMemory& c : check.centres)
        if (!c.report.fits)
            check.problems.push_back({t.memory_check != "warn", kZeroPath, memoryMessage(c, t)});
    int total = 0;
    for (const CentreRanks& c : centres)
        total += c.gpus;
    // Data parallelism runs among the tensor-parallel groups (GPUs / t replicas): a group
    // shares its sequences among its t GPUs, so the batch must divide over the groups only.
    check.batch = splitBatch(t.global_batch_tokens, t.seq_len, total, t.tensor);
    // A pipeline's stages each see the whole batch in micro-batches: the split over every
    // replica does not apply (docs/strategies.md, "Pipeline parallelism", limits).
    if (check.batch.replicas > 0 && !check.batch.whole && !t.pipeline())
        check.problems.push_back({false, kBatchPath, batchMessage(check.batch, t)});
    return check;
}

nlohmann::json withValidTrainingDefaults(nlohmann::json e, const topology::Topology& topo,
                                         const std::filesystem::path& projectDir)
{
    TrainingCheck check;
    try {
        const ExperimentSpec spec = parseExperiment(e, topo, "");
        if (spec.kind != ExperimentKind::Training)
            return e;
        check =
            checkTraining(spec.training, loadTrainingModel(spec.training, projectDir, ""), topo);
    } catch (const InputError&) {
        return e; // the dock shows the problem; nothing to complete
    }
    nlohmann::json& par = e["parallelism"];
    if (!par.is_object())
        par = nlohmann::json::object();
    const auto plan = check.fittingPlan();
    const bool memoryError =
        std::any_of(check.problems.begin(), check.problems.end(),
                    [](const TrainingProblem& p) { return p.error && p.path == kZeroPath; });
    if (memoryError && plan && !par.contains("zero_stage") &&
        !par.contains("activation_recompute")) {
        par["zero_stage"] = plan->first;
        if (plan->second)
            par["activation_recompute"] = true;
    }
    const BatchSplit& b = check.batch;
    if (!b.whole && !par.contains("global_batch_tokens")) {
        const double global = b.tokens_per_replica * b.replicas;
        const double down = b.lower_tokens > 0 ? global - b.lower_tokens : HUGE_VAL;
        const double up = b.upper_tokens - global;
        par["global_batch_tokens"] = std::llround(down <= up ? b.lower_tokens : b.upper_tokens);
    }
    if (par.empty())
        e.erase("parallelism");
    return e;
}

nlohmann::json defaultTrainingExperiment(const topology::Topology& topo)
{
    static constexpr std::array<const char*, 3> kModels = {"llama-3-8b", "qwen2-7b", "resnet-50"};
    for (const char* id : kModels) {
        if (!workload::ModelCatalogue::builtin().find(id))
            continue;
        nlohmann::json e = {{"kind", "training"}, {"model", {{"preset", id}}}};
        e = withValidTrainingDefaults(std::move(e), topo, {});
        try {
            const ExperimentSpec spec = parseExperiment(e, topo, "");
            const TrainingCheck check =
                checkTraining(spec.training, loadTrainingModel(spec.training, {}, ""), topo);
            if (check.centres.empty())
                return nullptr; // no centre with GPUs the catalogue knows
            if (!check.hasErrors())
                return e;
        } catch (const InputError&) {
            return nullptr;
        }
    }
    return nullptr;
}

} // namespace meridian::experiment
