#pragma once
// Whether a training experiment can train as written: the memory of every centre's GPUs and
// the split of the batch over the GPUs. One check, used by the Experiment dock,
// `meridian-cli validate`, the generators' default experiment and every run (Runner's
// constructor), so they all say the same thing (docs/experiments.md, "Memory and batch").
//
// Memory — an ERROR. Each centre trains a replica with ZeRO stage z sharded over its g GPUs,
// one sequence of seq_len tokens per micro-batch; workload::estimateMemory is the formula.
// A plan that needs more than the GPU holds would stop at its first step out of memory, so
// the run's times would describe training that cannot happen. The message offers the lowest
// ZeRO stage that fits every GPU of the centre (with activation recomputation when no stage
// fits without it) and its GiB per GPU, or says that none does. `parallelism.memory_check:
// "warn"` makes it a warning instead, for what-if studies of the network that use a model as
// a size of gradients (and for the tests that do).
//
// Batch — a WARNING. Every GPU computes global_batch_tokens / G tokens (G = all GPUs of all
// centres). When that is not a whole number of seq_len sequences the engine still models the
// mean per GPU, a sound figure for an iteration's time (a framework would give some ranks one
// sequence more), so the run goes ahead; the message offers the nearest global batches that
// divide, k · G · seq_len with k ≥ 1 whole sequences per GPU.
//
// Usage:
//     const auto model = loadTrainingModel(spec.training, projectDir, "a.topo");
//     const TrainingCheck check = checkTraining(spec.training, model, project.topology);
//     for (const TrainingProblem& p : check.problems) print(p.text());

#include "meridian/experiment/ExperimentSpec.hpp"
#include "meridian/topology/Topology.hpp"
#include "meridian/workload/MemoryModel.hpp"
#include "meridian/workload/ModelSpec.hpp"

#include <cstddef>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace meridian::experiment {

/// One problem of a training experiment: an error stops the run, a warning does not.
struct TrainingProblem
{
    bool error = false;
    std::string path;    ///< JSON path of the key that fixes it, "/experiment/parallelism/..."
    std::string message; ///< the numbers and the fix
    /// "PATH: MESSAGE" or "PATH: warning: MESSAGE", as `validate` prints after the file name.
    std::string text() const;
};

/// The memory of one centre's GPUs under the experiment's plan, and the plan that fits.
struct CentreMemory
{
    std::string centre;         ///< centre id
    std::size_t node_index = 0; ///< the centre's index in the topology ("/nodes/i")
    std::string gpu_model;
    std::string model; ///< what the centre holds: the model, or its pipeline stage
    int gpus = 0;
    workload::MemoryReport report; ///< at the experiment's ZeRO stage and recomputation
    /// The lowest ZeRO stage that fits (-1: none, even with recomputation) and whether it
    /// needs activation recomputation (only when the experiment's setting does not fit).
    int fitting_stage = -1;
    bool fitting_recompute = false;
    workload::MemoryReport fitting; ///< the report of that plan (when fitting_stage >= 0)
};

/// How the global batch splits over the data-parallel replicas of every centre: each GPU
/// without tensor parallelism, each tensor-parallel group of `tensor` GPUs with it (the group
/// computes its batch share together, docs/strategies.md).
struct BatchSplit
{
    int total_gpus = 0;
    int tensor = 1;   ///< GPUs per replica (parallelism.tensor)
    int replicas = 0; ///< data-parallel replicas: total_gpus / tensor
    double tokens_per_replica = 0.0;
    double sequences_per_replica = 0.0;
    bool whole = true; ///< a whole number of sequences per replica
    /// The nearest dividing global batch below (0: none ≥ 1 sequence per replica).
    double lower_tokens = 0.0;
    double upper_tokens = 0.0; ///< the nearest dividing global batch above
};

struct TrainingCheck
{
    std::vector<CentreMemory> centres; ///< centres with GPUs and a known GPU model
    BatchSplit batch;
    std::vector<TrainingProblem> problems; ///< memory errors by centre, then the batch warning
    bool hasErrors() const;
    /// The ZeRO stage (and recomputation) that makes every centre fit, or nothing when one
    /// centre fits under no plan.
    std::optional<std::pair<int, bool>> fittingPlan() const;
};

/// The memory plan of a run: `zeroStage` over a centre's `gpus` / `tensor` data-parallel
/// ranks, states and activations divided by the tensor-parallel degree, one sequence per
/// micro-batch.
workload::MemoryPlan trainingMemoryPlan(int zeroStage, bool recompute, int seqLen, int gpus,
                                        int tensor = 1);

/// The split of `globalBatchTokens` over the totalGpus / tensor data-parallel replicas in
/// sequences of `seqLen`.
BatchSplit splitBatch(double globalBatchTokens, int seqLen, int totalGpus, int tensor = 1);

/// The experiment's model (preset or file relative to `projectDir`) at its sequence length.
/// Throws InputError (file, "/experiment/model", problem).
workload::ModelSpec loadTrainingModel(const TrainingSpec& t,
                                      const std::filesystem::path& projectDir,
                                      const std::string& file);

/// Checks memory and batch of `t` training `model` on the centres of `topo` (their GPUs as a
/// run resolves them). Centres without GPUs or whose GPU model is unknown are skipped (the
/// run reports those). Throws InputError only for a centre fabric that cannot be built.
TrainingCheck checkTraining(const TrainingSpec& t, const workload::ModelSpec& model,
                            const topology::Topology& topo);

/// A training experiment that runs on `topo`: the first of Llama-3-8B, Qwen2-7B, ResNet-50
/// presets whose memory fits every centre at the lowest ZeRO stage that does, with the
/// default batch rounded to the nearest that divides, one iteration. Null when no centre
/// has GPUs or no preset fits (the generators then write no experiment).
nlohmann::json defaultTrainingExperiment(const topology::Topology& topo);

/// Completes a training experiment's unset keys so that it is valid: when
/// `parallelism.zero_stage` (and `activation_recompute`) are absent and the model does not fit,
/// the fitting plan; when `global_batch_tokens` is absent and the default does not divide, the
/// nearest dividing batch. Explicit keys are kept. Returns the experiment unchanged when the
/// model cannot be loaded.
nlohmann::json withValidTrainingDefaults(nlohmann::json experiment, const topology::Topology& topo,
                                         const std::filesystem::path& projectDir);

} // namespace meridian::experiment
