#pragma once
// Runs the experiment of a project on the event engine (docs/experiments.md, "Training
// timeline"; docs/architecture.md, module experiment).
//
// Training (data parallel):
//   0. Every centre gets ranks: its explicit GPU children, or — without children — servers
//      synthesised from its `fabric` (servers of gpus_per_server GPUs, leaves, spines, a
//      border link to the centre node) that are added to a private copy of the topology and
//      simulated by the same network engine.
//   1. broadcast: model weights (broadcast DAG among the centres' lead ranks) and, at the same
//      time, one dataset shard per other centre, from the source centre.
//   2. per iteration: compute (roofline/systolic time of tokens-per-GPU on each centre's
//      device) → intra_center (all-reduce of the gradients among the centre's ranks) →
//      inter_center (all-reduce among the centres' lead ranks over the WAN) → update (lead
//      rank broadcasts the result inside its centre, then the optimiser step).
// Collective / p2p micro-benchmarks run one collective or transfer `repeat` times back to back.
//
// run() is deterministic for a given project and seed. cancel() may be called from any thread.

#include "meridian/experiment/ExperimentSpec.hpp"
#include "meridian/experiment/Results.hpp"
#include "meridian/experiment/RunObserver.hpp"
#include "meridian/io/ProjectFile.hpp"
#include "meridian/workload/ModelSpec.hpp"

#include <atomic>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace meridian::traffic {
class TrafficRun;
}

namespace meridian::experiment {

/// Thrown by run() when cancel() was called.
class RunCancelled : public std::runtime_error
{
public:
    RunCancelled() : std::runtime_error("run cancelled") {}
};

/// Thrown by run() when a transfer fails during the run (a link fails and no other path is
/// left, or a stalled transfer that nothing can resume). what() reads "transfer failed at
/// t = TIME: REASON", where the reason names the failed link or the cause.
class TransferFailed : public std::runtime_error
{
public:
    TransferFailed(double time_s, std::string reason);
    double time_s() const noexcept { return m_time_s; }
    const std::string& reason() const noexcept { return m_reason; }

private:
    double m_time_s;
    std::string m_reason;
};

/// Per-link time series in the results (docs/results-format.md, "Link series"): `Auto` keeps
/// them for files of at most kAutoSeriesMaxLinks links, `Full` always, `Summary` never (the
/// per-link totals, means, peaks and lost bytes are the same in every mode).
enum class LinkSeries
{
    Auto,
    Full,
    Summary
};
inline constexpr std::size_t kAutoSeriesMaxLinks = 512;
/// "auto", "full", "summary"; nullopt for anything else.
std::optional<LinkSeries> parseLinkSeries(std::string_view text);
/// Whether a run of a file with `links` links keeps per-link series.
bool keepsLinkSeries(LinkSeries mode, std::size_t links);

struct RunOptions
{
    std::optional<int> iterations;     ///< overrides the file's "iterations"
    std::optional<std::uint64_t> seed; ///< overrides the file's "seed"
    std::filesystem::path project_dir; ///< base for relative model files
    std::string topology_name;         ///< file name recorded in results ("x.topo")
    double sample_interval_s = 1.0;    ///< link utilisation series
    double snapshot_interval_s = 1.0;  ///< observer snapshots
    /// Identical centres simulated once (docs/experiments.md, "Identical centres"): the same
    /// results.json except `engine` (events, flows); false simulates every centre.
    bool exploit_symmetry = true;
    /// Runs the experiment a second time without its "traffic" generators and reports each
    /// phase's time in both (Results::background_attribution); ignored without generators.
    bool attribute_background = false;
    LinkSeries link_series = LinkSeries::Auto; ///< per-link series in the results
};

struct TrainingPlan;
class RunEngine;
class PhaseDriver;

class Runner
{
public:
    /// Parses and checks the project's experiment; throws InputError on bad input, including
    /// a training plan that does not fit a centre's GPU memory (TrainingCheck.hpp), whose
    /// warnings (a batch that does not divide) join spec().warnings.
    Runner(const io::Project& project, RunOptions options = {});

    const ExperimentSpec& spec() const { return m_spec; }
    /// Runs to the end. Throws InputError (unreachable centre, infeasible input),
    /// TransferFailed, RunCancelled, or InternalError.
    Results run(RunObserver* observer = nullptr);
    void cancel() { m_cancel.store(true); }

private:
    void checkBeforeRun();
    /// One run of m_spec as it stands (run() adds the run without generators on request).
    Results runOnce(RunObserver* observer);
    /// Plain data parallelism (with the control plane when it is on).
    void runDataParallel(const TrainingPlan& plan, RunEngine& engine, PhaseDriver& phases,
                         Results& results);
    /// Any other strategy (StrategySpec.hpp): overlap, DiLoCo, compression.
    void runStrategy(const TrainingPlan& plan, RunEngine& engine, PhaseDriver& phases,
                     Results& results);
    /// Pipeline parallelism across centres (parallelism.mode "pipeline", PipelineDriver.hpp).
    void runPipeline(const TrainingPlan& plan, RunEngine& engine, PhaseDriver& phases,
                     Results& results);

    const io::Project& m_project;
    RunOptions m_options;
    ExperimentSpec m_spec;
    /// A training experiment's model, loaded once by checkBeforeRun() and planned by run().
    std::optional<workload::ModelSpec> m_model;
    std::atomic<bool> m_cancel{false};
    /// The background traffic of the run in progress (runOnce), for the triggers.
    traffic::TrafficRun* m_background = nullptr;
};

} // namespace meridian::experiment
