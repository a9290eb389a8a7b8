#pragma once
// Results of one experiment run (docs/results-format.md).
// Everything here is simulated time or counts: no wall-clock figures, so the same .topo
// and seed give a byte-identical results.json.

#include "meridian/traffic/GeneratorResult.hpp"

#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace meridian::experiment {

struct PhaseResult
{
    std::string name;   ///< broadcast | compute | intra_center | inter_center | update
    int iteration = -1; ///< -1 for the one-off broadcast phase
    double start_s = 0.0;
    double end_s = 0.0;
    double duration_s() const { return end_s - start_s; }
};

/// One centre's part of a phase (the Gantt rows of the GUI's timeline and of reports).
/// Per iteration and active centre (docs/experiments.md, "Per-centre phase spans"):
///   compute      [iteration start, the centre's compute end]
///   intra_center [its compute end, its intra-centre all-reduce end] — it may start before
///                the global compute phase ends (a fast centre reduces while others compute)
///   inter_center [inter start, inter end], shared by all centres
///   update       [inter end, its optimiser step end] (in-centre broadcast of the result,
///                then the optimiser step)
/// and for the broadcast one span per centre over the whole broadcast phase (iteration -1).
/// In memory only: not written to results.json or the CSV files.
struct CenterPhaseSpan
{
    std::string center; ///< centre node id
    std::string name;   ///< broadcast | compute | intra_center | inter_center | update
    int iteration = -1; ///< -1 for the broadcast
    double start_s = 0.0;
    double end_s = 0.0;
};

struct IterationResult
{
    int index = 0;
    double start_s = 0.0;
    double compute_s = 0.0;      ///< slowest centre's compute
    double intra_center_s = 0.0; ///< intra-centre collective phase (all centres, wall span)
    double inter_center_s = 0.0;
    double update_s = 0.0;
    double total_s = 0.0;
    double gpu_effective_compute_ratio = 0.0; ///< compute_s / total_s (seed 002 §2)
};

struct CenterResult
{
    std::string id;
    int gpus = 0;
    std::string gpu_model;
    double compute_s = 0.0;
    double communication_s = 0.0; ///< intra-centre, inter-centre and in-centre result broadcast
    double update_s = 0.0;        ///< optimiser step (local GPU work, not communication)
    double idle_s = 0.0;
};

struct LinkResult
{
    std::string id;
    double bytes = 0.0; ///< both directions
    /// Of `bytes`, those of background traffic generators (runs with a "traffic" section);
    /// the rest is the experiment's own traffic.
    double background_bytes = 0.0;
    double utilization_mean = 0.0;
    double utilization_peak = 0.0;
    std::vector<double> utilization_series; ///< max of both directions, one per sample interval
    /// Per sample interval, background bits / capacity bits of the direction utilization_series
    /// took that interval from (runs with a "traffic" section; docs/results-format.md).
    std::vector<double> background_utilization_series;
    double lost_bytes = 0.0;         ///< both directions: random loss and paced sources' overflow
    double queue_delay_mean_s = 0.0; ///< the busier direction's mean standing-queue delay
    /// Per sample interval, the larger of both directions: the standing queue's mean delay and
    /// the fraction of the arriving bits lost (docs/results-format.md).
    std::vector<double> queue_delay_s_series;
    std::vector<double> loss_series;
};

struct CollectiveResult
{
    std::string operation;
    std::string algorithm;
    std::string protocol;
    int ranks = 0;
    double bytes = 0.0;
    std::vector<double> warmup_s;      ///< the warm-up repetitions, not in the figures below
    std::vector<double> repetitions_s; ///< the timed repetitions
    double mean_s = 0.0;               ///< of the timed repetitions
    double min_s = 0.0;
    double max_s = 0.0;
    double algbw_gbps = 0.0; ///< bytes / mean time (nccl-tests)
    double busbw_gbps = 0.0; ///< algbw × bus factor (nccl-tests PERFORMANCE.md)
};

/// The control plane's part of a run (docs/control-plane.md, docs/results-format.md).
struct ControlTriggerFiring
{
    std::string id;
    std::string action;        ///< switch-collective, fail-link, …
    double time_s = 0.0;       ///< simulated time it fired (orders: the issuing COMMIT)
    std::uint64_t lamport = 0; ///< the leader's Lamport time then
    int applies_from = -1;     ///< orders: first iteration; −1 for physical events
};

struct ControlAdoption
{
    std::string trigger;
    std::string centre;
    double time_s = 0.0;
    std::uint64_t lamport = 0;
    int iteration = 0; ///< first iteration it applies to
};

struct ControlFailure
{
    std::string centre;
    double failed_s = -1.0; ///< −1: not failed (suspected by timeout only)
    double detected_s = 0.0;
    std::string detected_by;
    std::string outcome; ///< reformed | stopped
};

struct ControlIterationResult
{
    int index = 0;
    std::vector<std::string> members;
    double ready_wait_s = 0.0;  ///< last READY sent → exchange start
    double commit_wait_s = 0.0; ///< exchange end → last COMMIT delivered
};

/// One control message copy on the wire (in memory only: the GUI timeline).
struct ControlMessageSpan
{
    std::string from, to, kind; ///< centre ids; READY, VOTE, COMMIT, APPLIED, …
    double sent_s = 0.0;
    double arrived_s = -1.0; ///< −1: lost
};

struct ControlPlaneResult
{
    bool enabled = false;
    std::string messages; ///< network | instant
    std::string sync;     ///< barrier | local
    std::uint64_t messages_sent = 0, transmissions = 0, retransmissions = 0, acks = 0,
                  heartbeats = 0, lost = 0, reordered = 0, duplicates = 0, deliveries = 0;
    double bytes = 0.0;
    double buffer_wait_mean_s = 0.0, buffer_wait_max_s = 0.0;
    std::vector<ControlIterationResult> iterations;
    std::vector<ControlTriggerFiring> triggers;
    std::vector<ControlAdoption> adoptions;
    std::vector<ControlFailure> failures;
    bool stopped = false;
    double stopped_s = 0.0;
    std::string stop_reason;
    std::vector<ControlMessageSpan> message_spans; ///< in memory only, at most 20,000
};

/// The training strategy's figures (docs/strategies.md); written only for a strategy other
/// than plain data parallelism.
struct StrategyResult
{
    bool enabled = false;
    std::string kind;        ///< data | diloco
    std::string compression; ///< none | fp16 | … | topk
    bool overlap = false;
    int inner_steps = 0, fragments = 0; ///< diloco
    int buckets = 0;                    ///< overlap: buckets per iteration
    double wan_payload_bytes = 0.0;     ///< bytes each centre sends into one WAN exchange
    double codec_s = 0.0;               ///< encode + decode per exchange (slowest centre)
    int exchanges = 0;                  ///< WAN exchanges finished (outer syncs or fragments)
    /// Time of every exchange from its start to its result (overlap: first bucket's start to
    /// last bucket's end), summed; of which the part during which no GPU computed.
    double communication_s = 0.0;
    double exposed_communication_s = 0.0;
};

/// A phase's time in the run and in the same run without its background traffic
/// (RunOptions::attribute_background; docs/traffic.md, "What the background costs").
struct AttributedPhase
{
    std::string name;   ///< as PhaseResult::name
    int iteration = -1; ///< as PhaseResult::iteration
    double with_s = 0.0;
    double without_s = 0.0;
};

/// What the background traffic costs the run: the same .topo and seed run again with its
/// generators removed, phase by phase.
struct BackgroundAttribution
{
    bool enabled = false;
    double total_with_s = 0.0;
    double total_without_s = 0.0;
    /// Training: the mean over iterations of the GPU effective compute ratio; collective
    /// micro-benchmarks: the mean time of the timed repetitions (0 where it does not apply).
    double gpu_effective_compute_with = 0.0;
    double gpu_effective_compute_without = 0.0;
    double collective_mean_with_s = 0.0;
    double collective_mean_without_s = 0.0;
    /// Phases present in both runs, in the run's order.
    std::vector<AttributedPhase> phases;
};

/// One stage of a pipeline (docs/strategies.md, "Pipeline parallelism").
struct PipelineStageResult
{
    std::string center; ///< the centre that runs the stage
    int layers = 0;
    std::string first_layer, last_layer;
    double parameters = 0.0;
    /// One micro-batch's forward and backward pass on the centre's GPUs.
    double forward_s = 0.0, backward_s = 0.0;
};

/// The pipeline's figures; written only for parallelism.mode "pipeline".
struct PipelineResult
{
    bool enabled = false;
    std::string schedule; ///< 1f1b | gpipe
    int micro_batches = 0;
    double activation_bytes = 0.0; ///< one micro-batch's activations, sent stage to stage
    std::vector<PipelineStageResult> stages;
    /// Idle share of the schedule with instant transfers: 1 − Σ busy / (p · its span);
    /// (p − 1) / (m + p − 1) with equal stages.
    double bubble_fraction = 0.0;
    int iterations = 0;
    /// Summed over the iterations: the span of the passes as simulated, the schedule's span
    /// with instant transfers, their difference (the exposed WAN communication), the
    /// transfers' durations from send to arrival, and the stages' idle time inside the span
    /// (stage-seconds: bubble and waiting for transfers).
    double pipeline_s = 0.0, ideal_pipeline_s = 0.0, exposed_communication_s = 0.0,
           communication_s = 0.0, idle_s = 0.0;
    int transfers = 0;      ///< activations and gradients sent between stages
    double wan_bytes = 0.0; ///< their bytes
};

/// Tensor parallelism in one centre (docs/strategies.md, "Tensor parallelism inside a server").
struct TensorParallelCentreResult
{
    std::string center;
    int groups = 0;                      ///< TP groups (data-parallel ranks): GPUs / t
    double allreduce_bytes = 0.0;        ///< A, one TP all-reduce per GPU
    double allreduces_per_iteration = 0; ///< per GPU
    double allreduce_s = 0.0;            ///< one TP all-reduce (closed form)
    double communication_s = 0.0;        ///< per iteration: all of them, exposed
    double gradient_bytes_per_gpu = 0.0; ///< the data-parallel all-reduce per GPU: 1/t
};

/// Tensor parallelism's figures; written only for parallelism.tensor > 1.
struct TensorParallelResult
{
    bool enabled = false;
    int tensor = 1;
    double link_bytes_per_s = 0.0; ///< slowest centre's NVLink bandwidth per direction
    std::vector<TensorParallelCentreResult> centers;
};

struct EngineStats
{
    std::uint64_t events = 0;
    std::uint64_t flows = 0;
};

struct Results
{
    std::string topology; ///< file name of the .topo (no directory: results are portable)
    std::string kind;     ///< training | collective | p2p | traffic
    std::uint64_t seed = 0;
    std::vector<PhaseResult> phases;
    /// Per-centre spans of every training phase, in timeline order (in memory only).
    std::vector<CenterPhaseSpan> center_phases;
    std::vector<IterationResult> iterations;
    std::vector<CenterResult> centers;
    std::vector<LinkResult> links;
    bool has_collective = false;
    CollectiveResult collective;
    double sample_interval_s = 0.0;
    /// Per-link series kept (RunOptions::link_series): false leaves every LinkResult's series
    /// empty and writes `"link_series": "summary"` without them (docs/results-format.md).
    bool link_series = true;
    /// End times of the utilisation samples (a sample is taken only while traffic flows).
    std::vector<double> sample_times_s;
    double total_s = 0.0;
    std::vector<std::string> warnings;
    // Training summary.
    std::string model;
    double model_parameters = 0.0;
    double model_bytes = 0.0;
    ControlPlaneResult control_plane;
    StrategyResult strategy;
    PipelineResult pipeline;
    TensorParallelResult tensor_parallel;
    /// One per background traffic generator, in the order of the file (empty: none).
    std::vector<traffic::GeneratorResult> traffic;
    /// Filled on request (RunOptions::attribute_background) for runs with generators.
    BackgroundAttribution background_attribution;
    EngineStats engine;
};

// Figures derived from a run's results (Results.cpp).

/// One iteration's part in the run's GPU effective compute: its ratio (GPU compute time over
/// GPU time, IterationResult::gpu_effective_compute_ratio) and its length.
struct IterationGpuTime
{
    double gpu_effective_compute_ratio = 0.0;
    double total_s = 0.0;
};

/// The run's GPU effective compute: Σ ratio_i·t_i / Σ t_i over its iterations (GPU compute
/// time over GPU time), each iteration weighted by its length — under DiLoCo the long outer
/// iteration counts for its length, not as one more inner step (docs/results-format.md).
/// The first iteration's ratio if they all last 0 s; 0 without iterations. The one formula
/// of the figure: the sweep's column (app/sweep/SweepTable.cpp) reads the pairs from
/// results.json, runGpuEffectiveCompute from Results.
double gpuEffectiveCompute(const std::vector<IterationGpuTime>& iterations);
/// gpuEffectiveCompute over a run's iterations.
double runGpuEffectiveCompute(const std::vector<IterationResult>& iterations);

/// The experiment's own bytes of a link (results.json's experiment_bytes): all but the
/// background's, 0 within float residue (below 1e-9 of the link's bytes).
double linkExperimentBytes(const LinkResult& link);

// results.json and the CSV files (Results.cpp).

/// results.json text (format "meridian.results", version 1), deterministic.
std::string resultsToJson(const Results& results);
/// The CSV files of a run, (file name, text) in the order writeResults writes them:
/// phases.csv, then iterations.csv and centers.csv (training), links.csv, collective.csv
/// (micro-benchmarks).
std::vector<std::pair<std::string, std::string>> resultsCsvFiles(const Results& results);
/// Writes results.json and the CSV files (phases.csv, iterations.csv, centers.csv, links.csv,
/// or collective.csv for micro-benchmarks) into `dir`, creating it. Atomic per file.
void writeResults(const Results& results, const std::filesystem::path& dir, bool json, bool csv);

// The console summary (ResultsSummary.cpp).

/// A human-readable per-phase table (what `meridian-cli run` prints).
/// `withWarnings` = false leaves out the warnings (for a front end that already printed them).
std::string resultsSummary(const Results& results, bool withWarnings = true);

} // namespace meridian::experiment
