#include "meridian/experiment/Runner.hpp"

#include "ControlledDriver.hpp"
#include "FabricBuilder.hpp"
#include "IterationDriver.hpp"
#include "LocalSgdDriver.hpp"
#include "MicroBenchmarks.hpp"
#include "OverlapDriver.hpp"
#include "PhaseDriver.hpp"
#include "PipelineDriver.hpp"
#include "RunEngine.hpp"
#include "TrainingPlan.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/core/Units.hpp"
#include "meridian/experiment/TrainingCheck.hpp"
#include "meridian/topology/FabricShape.hpp"
#include "meridian/traffic/TrafficRun.hpp"

#include <deque>
#include <map>
#include <string_view>
#include <utility>

namespace meridian::experiment {

namespace {

/// A synthesised fabric is a non-blocking leaf/spine network (one leaf for "star"); other
/// shapes that the topology reader accepts are built the same way (docs/experiments.md).
void warnIndistinctFabrics(const topology::Topology& topo, const std::vector<CentreRanks>& centres,
                           Results& results)
{
    for (const auto& c : centres) {
        if (!c.synthesised)
            continue;
        const auto& fabric = topo.node(c.centre).fabric;
        if (!fabric)
            continue;
        const topology::FabricShape shape = fabric->shape;
        const bool leafSpine = shape == topology::FabricShape::Star ||
                               shape == topology::FabricShape::FatTree ||
                               shape == topology::FabricShape::SpineLeaf;
        if (!leafSpine)
            results.warnings.push_back(
                "centre '" + c.id + "': fabric topology '" + std::string(toString(shape)) +
                "' is simulated as a non-blocking leaf/spine fabric (as fat-tree)");
    }
}

/// A "traffic" experiment: one phase, from t = 0 until every generator has stopped and its
/// flows have ended.
void runTrafficOnly(traffic::TrafficRun& background, RunEngine& engine, PhaseDriver& phases)
{
    bool finished = background.done();
    background.setOnDone([&finished] { finished = true; });
    phases.setTotal(1.0);
    phases.begin("traffic", -1);
    engine.runUntil(finished);
    phases.end("traffic", -1, 0.0, engine.now());
    background.setOnDone({});
}

/// Each phase of `with` matched to the same phase (name, iteration, k-th occurrence) of
/// `without`, and the run's headline figures of both (docs/traffic.md, "What the background
/// costs").
BackgroundAttribution attribute(const Results& with, const Results& without)
{
    BackgroundAttribution a;
    a.enabled = true;
    a.total_with_s = with.total_s;
    a.total_without_s = without.total_s;
    a.gpu_effective_compute_with = runGpuEffectiveCompute(with.iterations);
    a.gpu_effective_compute_without = runGpuEffectiveCompute(without.iterations);
    if (with.has_collective && without.has_collective) {
        a.collective_mean_with_s = with.collective.mean_s;
        a.collective_mean_without_s = without.collective.mean_s;
    }
    // The k-th phase of a (name, iteration) in `with` meets the k-th of `without`: one pass
    // over each list (a DiLoCo run has thousands of phases).
    std::map<std::pair<std::string_view, int>, std::deque<const PhaseResult*>> unmatched;
    for (const PhaseResult& q : without.phases)
        unmatched[{q.name, q.iteration}].push_back(&q);
    for (const PhaseResult& p : with.phases) {
        const auto it = unmatched.find({p.name, p.iteration});
        if (it == unmatched.end() || it->second.empty())
            continue;
        a.phases.push_back({p.name, p.iteration, p.duration_s(), it->second.front()->duration_s()});
        it->second.pop_front();
    }
    return a;
}

} // namespace

std::optional<LinkSeries> parseLinkSeries(std::string_view text)
{
    if (text == "auto")
        return LinkSeries::Auto;
    if (text == "full")
        return LinkSeries::Full;
    if (text == "summary")
        return LinkSeries::Summary;
    return std::nullopt;
}

bool keepsLinkSeries(LinkSeries mode, std::size_t links)
{
    return mode == LinkSeries::Full || (mode == LinkSeries::Auto && links <= kAutoSeriesMaxLinks);
}

TransferFailed::TransferFailed(double time_s, std::string reason)
    : std::runtime_error("transfer failed at t = " + units::formatDuration(time_s) + ": " + reason),
      m_time_s(time_s), m_reason(std::move(reason))
{}

Runner::Runner(const io::Project& project, RunOptions options)
    : m_project(project), m_options(std::move(options))
{
    if (m_project.experiment.is_null())
        throw InputError(m_options.topology_name, "/experiment",
                         "the project has no experiment to run");
    m_spec = parseExperiment(m_project.experiment, m_project.topology, m_options.topology_name);
    if (m_options.iterations)
        m_spec.iterations = *m_options.iterations;
    if (m_options.seed)
        m_spec.seed = *m_options.seed;
    if (m_spec.iterations < 1)
        throw InputError("command line", "--iterations", "must be at least 1");
    traffic::loadTrafficFiles(m_spec.traffic, m_options.project_dir, m_options.topology_name,
                              m_project.topology);
    if (m_spec.kind == ExperimentKind::Training)
        checkBeforeRun();
}

void Runner::checkBeforeRun()
{
    // Memory that does not fit stops the run here; a batch that does not divide is a warning
    // printed before the run and kept in the results (TrainingCheck.hpp).
    const std::string& file = m_options.topology_name;
    m_model = loadTrainingModel(m_spec.training, m_options.project_dir, file);
    const TrainingCheck check = checkTraining(m_spec.training, *m_model, m_project.topology);
    for (const TrainingProblem& p : check.problems) {
        if (p.error)
            throw InputError(file, p.path, p.message);
        m_spec.warnings.push_back(p.message);
    }
}

void Runner::runDataParallel(const TrainingPlan& plan, RunEngine& engine, PhaseDriver& phases,
                             Results& results)
{
    phases.setTotal(1.0 + 4.0 * m_spec.iterations);
    // Centres are simulated once per twin only where nothing else uses their fabrics.
    IterationDriver driver(m_spec.training, plan, engine, phases, results,
                           m_options.exploit_symmetry && m_spec.traffic.empty());
    if (m_spec.control_enabled && plan.active.size() >= 2) {
        // The coordinators decide when each centre computes, exchanges and updates.
        ControlledDriver controlled(m_spec, plan, engine, phases, results);
        controlled.setBackground(m_background);
        controlled.armTriggers();
        driver.runBroadcast();
        controlled.runIterations(m_spec.iterations);
    } else {
        if (m_spec.control_enabled)
            results.warnings.emplace_back(
                "the control plane needs two or more centres with GPUs; this run has one "
                "and uses the global clock");
        driver.runBroadcast();
        for (int it = 0; it < m_spec.iterations; ++it)
            driver.runIteration(it);
    }
}

void Runner::runStrategy(const TrainingPlan& plan, RunEngine& engine, PhaseDriver& phases,
                         Results& results)
{
    const StrategySpec& g = m_spec.training.strategy;
    StrategyResult& r = results.strategy;
    r.enabled = true;
    r.kind = g.kind;
    r.compression = g.compression;
    r.overlap = g.overlap;
    // The strategies' own drivers simulate every centre (no twins).
    IterationDriver driver(m_spec.training, plan, engine, phases, results, false);
    if (g.diloco()) {
        phases.setTotal(
            1.0 + 4.0 * m_spec.iterations +
            LocalSgdDriver::outerPhaseCount(g, m_spec.iterations, plan.outer_codec_s > 0.0));
        LocalSgdDriver local(m_spec.training, plan, engine, phases, results, driver,
                             m_spec.iterations);
        driver.runBroadcast();
        local.run();
    } else if (g.overlap) {
        phases.setTotal(1.0 + 4.0 * m_spec.iterations);
        OverlapDriver overlap(m_spec.training, plan, engine, phases, results);
        driver.runBroadcast();
        for (int it = 0; it < m_spec.iterations; ++it)
            overlap.runIteration(it);
    } else { // compression of the per-iteration exchange
        phases.setTotal(1.0 + 4.0 * m_spec.iterations);
        r.wan_payload_bytes = plan.wan_bytes;
        r.codec_s = plan.codec_s;
        driver.runBroadcast();
        for (int it = 0; it < m_spec.iterations; ++it) {
            driver.runIteration(it);
            const IterationResult& ir = results.iterations.back();
            r.exchanges += 1;
            r.communication_s += ir.inter_center_s;
            r.exposed_communication_s += ir.inter_center_s;
        }
    }
}

void Runner::runPipeline(const TrainingPlan& plan, RunEngine& engine, PhaseDriver& phases,
                         Results& results)
{
    phases.setTotal(PipelineDriver::phaseCount(m_spec.iterations));
    IterationDriver broadcast(m_spec.training, plan, engine, phases, results, false);
    PipelineDriver pipeline(m_spec.training, plan, engine, phases, results);
    broadcast.runBroadcast();
    for (int it = 0; it < m_spec.iterations; ++it)
        pipeline.runIteration(it);
}

Results Runner::runOnce(RunObserver* observer)
{
    const std::string& file = m_options.topology_name;
    topology::Topology topo = m_project.topology; // private copy: fabrics are added to it
    const std::size_t userLinks = topo.linkCount();
    std::vector<CentreRanks> centres;
    if (m_spec.kind == ExperimentKind::Training)
        centres = resolveCentres(topo);

    Results results;
    results.topology = file;
    results.kind = std::string(toString(m_spec.kind));
    results.seed = m_spec.seed;
    results.sample_interval_s = m_options.sample_interval_s;
    results.link_series = keepsLinkSeries(m_options.link_series, userLinks);
    results.warnings = m_spec.warnings;
    warnIndistinctFabrics(topo, centres, results);

    RunEngine engine(topo, userLinks, m_spec.transport,
                     {m_spec.seed, m_options.sample_interval_s, m_options.snapshot_interval_s,
                      m_spec.comm, results.link_series},
                     m_cancel, observer);
    PhaseDriver phases(engine, results, observer, m_cancel);
    // Background traffic starts with the run and stops with it (docs/traffic.md).
    std::unique_ptr<traffic::TrafficRun> background;
    if (!m_spec.traffic.empty()) {
        background = std::make_unique<traffic::TrafficRun>(engine.sim(), engine.network(), topo,
                                                           m_spec.traffic, m_spec.seed);
        background->start();
        engine.reportBackground(true);
    }
    m_background = background.get();
    if (m_spec.kind == ExperimentKind::Traffic) {
        runTrafficOnly(*background, engine, phases);
    } else if (m_spec.kind == ExperimentKind::Training) {
        const TrainingPlan plan =
            planTraining(m_spec.training, *m_model, centres, engine, file, results);
        const StrategySpec& strategy = m_spec.training.strategy;
        if (m_spec.training.pipeline())
            runPipeline(plan, engine, phases, results);
        else if (!strategy.plainData())
            runStrategy(plan, engine, phases, results);
        else
            runDataParallel(plan, engine, phases, results);
    } else {
        runMicroBenchmark(m_spec, engine, phases, results, file);
    }
    engine.recordResults(results);
    m_background = nullptr;
    if (background) {
        engine.recordBackground(results);
        results.traffic = background->results();
    }
    return results;
}

Results Runner::run(RunObserver* observer)
{
    Results results = runOnce(observer);
    if (!m_options.attribute_background || m_spec.traffic.empty())
        return results;
    if (m_spec.kind == ExperimentKind::Traffic) {
        results.warnings.emplace_back(
            "--attribute-background needs training or a micro-benchmark: a traffic run has "
            "nothing to attribute");
        return results;
    }
    // The same .topo, seed and options with the generators removed.
    traffic::TrafficSpec generators = std::move(m_spec.traffic);
    m_spec.traffic = traffic::TrafficSpec{};
    Results quiet;
    try {
        quiet = runOnce(nullptr);
    } catch (...) {
        m_spec.traffic = std::move(generators);
        throw;
    }
    m_spec.traffic = std::move(generators);
    results.background_attribution = attribute(results, quiet);
    return results;
}

} // namespace meridian::experiment
