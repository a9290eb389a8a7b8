// The console summary of a run: the per-phase, per-iteration and per-centre tables and the
// pipeline, tensor-parallel, collective, control-plane, traffic and attribution blocks (what
// `meridian-cli run` prints; docs/cli.md). results.json and the CSV files are Results.cpp's.
#include "meridian/core/ColumnUnit.hpp"
#include "meridian/core/Units.hpp"
#include "meridian/experiment/Results.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace meridian::experiment {

namespace {

/// Console precision for a bandwidth: four significant digits (results.json keeps all).
std::string bandwidth(double gbps)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", gbps);
    return buf;
}

/// A phase as every table and chart names it (the GUI's charts::phaseLabel): the files keep
/// the identifiers intra_center and inter_center.
std::string phaseName(const std::string& phase)
{
    if (phase == "intra_center")
        return "intra-centre";
    if (phase == "inter_center")
        return "inter-centre";
    return phase;
}

/// One unit per table column (docs/gui.md, "Units in tables"; the rule is
/// units::DurationColumnUnit, the GUI's ui/ColumnUnits takes it too): cells in the unit of
/// the column's largest magnitude, with the decimals that give it four significant digits.
struct DurationColumn
{
    units::DurationColumnUnit unit;

    explicit DurationColumn(const std::vector<double>& seconds)
        : unit(units::DurationColumnUnit::of(seconds))
    {}

    std::string operator()(double seconds) const
    {
        const double v = seconds / unit.seconds_per_unit;
        if (units::DurationColumnUnit::roundsToZero(v, unit.decimals))
            return "0";
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.*f", unit.decimals, v);
        return buf;
    }

    /// A column heading with the unit: "duration (h)".
    std::string head(const std::string& name) const { return name + " (" + unit.unit + ")"; }
};

template <class Range, class Seconds> DurationColumn columnOf(const Range& items, Seconds seconds)
{
    std::vector<double> v;
    v.reserve(std::size(items));
    for (const auto& item : items)
        v.push_back(seconds(item));
    return DurationColumn(v);
}

/// `%*s` pads by bytes: "µ" takes two, so a heading with µs gets one more.
int width(const std::string& text, int w)
{
    return w + static_cast<int>(text.find("µ") != std::string::npos);
}

void summaryPhases(std::ostringstream& s, const std::vector<PhaseResult>& phases)
{
    const auto start = columnOf(phases, [](const PhaseResult& p) { return p.start_s; });
    const auto end = columnOf(phases, [](const PhaseResult& p) { return p.end_s; });
    const auto duration = columnOf(phases, [](const PhaseResult& p) { return p.duration_s(); });
    char line[256];
    const std::string h[] = {start.head("start"), end.head("end"), duration.head("duration")};
    std::snprintf(line, sizeof line, "%-14s %5s %*s %*s %*s\n", "phase", "iter", width(h[0], 14),
                  h[0].c_str(), width(h[1], 14), h[1].c_str(), width(h[2], 14), h[2].c_str());
    s << line;
    for (const auto& p : phases) {
        std::snprintf(line, sizeof line, "%-14s %5s %14s %14s %14s\n", phaseName(p.name).c_str(),
                      p.iteration >= 0 ? std::to_string(p.iteration).c_str() : "-",
                      start(p.start_s).c_str(), end(p.end_s).c_str(),
                      duration(p.duration_s()).c_str());
        s << line;
    }
}

void summaryIterations(std::ostringstream& s, const std::vector<IterationResult>& iterations)
{
    using It = IterationResult;
    const DurationColumn cols[] = {
        columnOf(iterations, [](const It& i) { return i.compute_s; }),
        columnOf(iterations, [](const It& i) { return i.intra_center_s; }),
        columnOf(iterations, [](const It& i) { return i.inter_center_s; }),
        columnOf(iterations, [](const It& i) { return i.update_s; }),
        columnOf(iterations, [](const It& i) { return i.total_s; })};
    const std::string h[] = {cols[0].head("compute"), cols[1].head("intra"), cols[2].head("inter"),
                             cols[3].head("update"), cols[4].head("total")};
    char line[256];
    s << "\n";
    std::snprintf(line, sizeof line, "%-5s %*s %*s %*s %*s %*s %8s\n", "iter", width(h[0], 14),
                  h[0].c_str(), width(h[1], 14), h[1].c_str(), width(h[2], 14), h[2].c_str(),
                  width(h[3], 14), h[3].c_str(), width(h[4], 14), h[4].c_str(), "GPU eff");
    s << line;
    for (const auto& i : iterations) {
        std::snprintf(line, sizeof line, "%-5d %14s %14s %14s %14s %14s %7.1f%%\n", i.index,
                      cols[0](i.compute_s).c_str(), cols[1](i.intra_center_s).c_str(),
                      cols[2](i.inter_center_s).c_str(), cols[3](i.update_s).c_str(),
                      cols[4](i.total_s).c_str(), i.gpu_effective_compute_ratio * 100.0);
        s << line;
    }
}

void summaryCenters(std::ostringstream& s, const std::vector<CenterResult>& centers)
{
    using C = CenterResult;
    const DurationColumn cols[] = {columnOf(centers, [](const C& c) { return c.compute_s; }),
                                   columnOf(centers, [](const C& c) { return c.communication_s; }),
                                   columnOf(centers, [](const C& c) { return c.update_s; }),
                                   columnOf(centers, [](const C& c) { return c.idle_s; })};
    const std::string h[] = {cols[0].head("compute"), cols[1].head("comm"), cols[2].head("update"),
                             cols[3].head("idle")};
    char line[256];
    s << "\n";
    std::snprintf(line, sizeof line, "%-12s %6s %-12s %*s %*s %*s %*s\n", "centre", "GPUs", "model",
                  width(h[0], 14), h[0].c_str(), width(h[1], 14), h[1].c_str(), width(h[2], 14),
                  h[2].c_str(), width(h[3], 14), h[3].c_str());
    s << line;
    for (const auto& c : centers) {
        std::snprintf(line, sizeof line, "%-12s %6d %-12s %14s %14s %14s %14s\n", c.id.c_str(),
                      c.gpus, c.gpu_model.c_str(), cols[0](c.compute_s).c_str(),
                      cols[1](c.communication_s).c_str(), cols[2](c.update_s).c_str(),
                      cols[3](c.idle_s).c_str());
        s << line;
    }
}

/// The pipeline's stages, bubble and exposed WAN time, and the bytes on every link that
/// carried some.
void summaryPipeline(std::ostringstream& s, const Results& r)
{
    const PipelineResult& p = r.pipeline;
    const double n = p.iterations > 0 ? p.iterations : 1.0;
    const double span = static_cast<double>(p.stages.size()) * p.pipeline_s;
    char line[320];
    std::snprintf(line, sizeof line,
                  "\npipeline (%s, %zu stages, %d micro-batches of %s activations): bubble "
                  "%.2f %%, idle %.2f %% of the pipelined span\n",
                  p.schedule.c_str(), p.stages.size(), p.micro_batches,
                  units::formatBytes(p.activation_bytes).c_str(), 100.0 * p.bubble_fraction,
                  span > 0.0 ? 100.0 * p.idle_s / span : 0.0);
    s << line;
    s << "  per iteration: passes " << units::formatDuration(p.pipeline_s / n)
      << ", with instant transfers " << units::formatDuration(p.ideal_pipeline_s / n)
      << ", exposed WAN " << units::formatDuration(p.exposed_communication_s / n) << "; "
      << p.transfers << " transfers, " << units::formatBytes(p.wan_bytes) << " between stages\n";
    for (std::size_t i = 0; i < p.stages.size(); ++i) {
        const PipelineStageResult& st = p.stages[i];
        s << "  stage " << i << " on " << st.center << ": " << st.layers << " layers ("
          << st.first_layer << " … " << st.last_layer << "), "
          << units::formatNumber(st.parameters / 1e9) << " B parameters, forward "
          << units::formatDuration(st.forward_s) << ", backward "
          << units::formatDuration(st.backward_s) << " per micro-batch\n";
    }
    for (const auto& l : r.links)
        if (l.bytes > 0.0)
            s << "  link " << l.id << ": " << units::formatBytes(l.bytes) << "\n";
}

/// Tensor parallelism: per centre, its TP all-reduces per iteration and their exposed time.
void summaryTensorParallel(std::ostringstream& s, const TensorParallelResult& t)
{
    s << "\ntensor parallel " << t.tensor << " inside every server (NVLink "
      << units::formatBytes(t.link_bytes_per_s) << "/s per direction)\n";
    for (const TensorParallelCentreResult& c : t.centers)
        s << "  " << c.center << ": " << c.groups << " groups, "
          << units::formatNumber(c.allreduces_per_iteration) << " all-reduces of "
          << units::formatBytes(c.allreduce_bytes) << " per iteration, "
          << units::formatDuration(c.allreduce_s) << " each, "
          << units::formatDuration(c.communication_s) << " exposed per iteration; gradient "
          << units::formatBytes(c.gradient_bytes_per_gpu) << " per GPU\n";
}

void summaryCollective(std::ostringstream& s, const CollectiveResult& c)
{
    s << "\n"
      << c.operation << " (" << c.algorithm << ", " << c.protocol << ") over " << c.ranks
      << " ranks, " << units::formatBytes(c.bytes) << ": mean " << units::formatDuration(c.mean_s)
      << ", algbw " << bandwidth(c.algbw_gbps) << " Gbit/s, busbw " << bandwidth(c.busbw_gbps)
      << " Gbit/s\n";
    if (c.repetitions_s.size() > 1 || !c.warmup_s.empty())
        s << "  " << c.repetitions_s.size() << " timed repetitions: min "
          << units::formatDuration(c.min_s) << ", max " << units::formatDuration(c.max_s)
          << (c.warmup_s.empty() ? ""
                                 : "; " + std::to_string(c.warmup_s.size()) +
                                       " warm-up repetitions apart, not in these figures")
          << "\n";
}

/// Per generator: offered and carried load, flows, completion times; per link with background
/// bytes: the experiment's own and the background's.
void summaryTraffic(std::ostringstream& s, const Results& r)
{
    const auto fct =
        columnOf(r.traffic, [](const traffic::GeneratorResult& g) { return g.fct_p99_s; });
    const std::string p50 = fct.head("FCT p50"), p99 = fct.head("FCT p99");
    char line[320];
    s << "\n";
    std::snprintf(line, sizeof line, "%-14s %-8s %-4s %14s %14s %8s %*s %*s %9s\n", "generator",
                  "kind", "prot", "offered (Gb/s)", "carried (Gb/s)", "flows", width(p50, 14),
                  p50.c_str(), width(p99, 14), p99.c_str(), "slowdown");
    s << line;
    for (const auto& g : r.traffic) {
        const bool some = g.flows_completed > 0; // else no completion time to show
        std::snprintf(
            line, sizeof line, "%-14s %-8s %-4s %14s %14s %8llu %14s %14s %9s\n", g.id.c_str(),
            g.kind.c_str(), g.protocol.c_str(), bandwidth(g.offered_bps / 1e9).c_str(),
            bandwidth(g.carried_bps / 1e9).c_str(), static_cast<unsigned long long>(g.flows),
            some ? fct(g.fct_p50_s).c_str() : "-", some ? fct(g.fct_p99_s).c_str() : "-",
            some ? bandwidth(g.slowdown_mean).c_str() : "-");
        s << line;
    }
    s << "\n";
    std::snprintf(line, sizeof line, "%-14s %16s %16s\n", "link", "experiment (GB)",
                  "background (GB)");
    s << line;
    for (const auto& l : r.links) {
        if (l.bytes <= 0.0)
            continue;
        std::snprintf(line, sizeof line, "%-14s %16s %16s\n", l.id.c_str(),
                      bandwidth(linkExperimentBytes(l) / 1e9).c_str(),
                      bandwidth(l.background_bytes / 1e9).c_str());
        s << line;
    }
}

/// Each kind of phase's total time with and without the background, in the order the phases
/// first appear, and the run's headline figures.
void summaryAttribution(std::ostringstream& s, const BackgroundAttribution& a)
{
    struct Row
    {
        std::string name;
        double with_s = 0.0, without_s = 0.0;
    };
    std::vector<Row> rows;
    for (const AttributedPhase& p : a.phases) {
        auto it = std::find_if(rows.begin(), rows.end(),
                               [&p](const Row& row) { return row.name == p.name; });
        if (it == rows.end())
            it = rows.insert(rows.end(), Row{p.name});
        it->with_s += p.with_s;
        it->without_s += p.without_s;
    }
    const auto ratio = [](double with, double without) {
        return without > 0.0 ? bandwidth(with / without) + "x" : std::string("-");
    };
    char line[200];
    s << "\nwhat the background traffic costs (the same run without its generators):\n";
    std::snprintf(line, sizeof line, "%-16s %16s %16s %9s\n", "phase (all)", "with", "without",
                  "slowdown");
    s << line;
    rows.push_back({"total", a.total_with_s, a.total_without_s});
    for (const Row& row : rows) {
        std::snprintf(line, sizeof line, "%-16s %16s %16s %9s\n", phaseName(row.name).c_str(),
                      units::formatDuration(row.with_s).c_str(),
                      units::formatDuration(row.without_s).c_str(),
                      ratio(row.with_s, row.without_s).c_str());
        s << line;
    }
    if (a.gpu_effective_compute_without > 0.0)
        s << "GPU effective compute: " << bandwidth(100.0 * a.gpu_effective_compute_with)
          << " % with, " << bandwidth(100.0 * a.gpu_effective_compute_without) << " % without\n";
    if (a.collective_mean_without_s > 0.0)
        s << "collective mean: " << units::formatDuration(a.collective_mean_with_s) << " with, "
          << units::formatDuration(a.collective_mean_without_s) << " without ("
          << ratio(a.collective_mean_with_s, a.collective_mean_without_s) << ")\n";
}

/// The control plane's traffic and its mean READY and COMMIT waits per iteration.
void summaryControlTraffic(std::ostringstream& s, const ControlPlaneResult& c)
{
    double readyWait = 0, commitWait = 0;
    for (const auto& i : c.iterations) {
        readyWait += i.ready_wait_s;
        commitWait += i.commit_wait_s;
    }
    const double n = c.iterations.empty() ? 1.0 : static_cast<double>(c.iterations.size());
    s << "\ncontrol plane (" << c.messages << ", " << c.sync << "): " << c.messages_sent
      << " messages, " << c.retransmissions << " retransmitted, " << c.lost << " lost, "
      << c.reordered << " reordered (buffer wait mean "
      << units::formatDuration(c.buffer_wait_mean_s) << ", max "
      << units::formatDuration(c.buffer_wait_max_s) << "), " << units::formatBytes(c.bytes)
      << "; per iteration: READY wait " << units::formatDuration(readyWait / n) << ", COMMIT wait "
      << units::formatDuration(commitWait / n) << "\n";
}

/// The triggers that fired, the failures detected and why the run stopped.
void summaryControlEvents(std::ostringstream& s, const ControlPlaneResult& c)
{
    for (const auto& t : c.triggers) {
        s << "  trigger " << t.id << " (" << t.action << ") fired at "
          << units::formatDuration(t.time_s) << ", Lamport " << t.lamport;
        if (t.applies_from >= 0)
            s << ", applies from iteration " << t.applies_from;
        s << "\n";
    }
    for (const auto& f : c.failures)
        s << "  centre " << f.centre << " failed"
          << (f.failed_s >= 0 ? " at " + units::formatDuration(f.failed_s) : std::string())
          << ", detected at " << units::formatDuration(f.detected_s) << " by " << f.detected_by
          << ": " << f.outcome << "\n";
    if (c.stopped)
        s << "  run stopped at " << units::formatDuration(c.stopped_s) << ": " << c.stop_reason
          << "\n";
}

} // namespace

std::string resultsSummary(const Results& r, bool withWarnings)
{
    std::ostringstream s;
    s << "experiment: " << r.kind << "  topology: " << r.topology << "  seed: " << r.seed << "\n";
    if (!r.model.empty())
        s << "model: " << r.model << " (" << units::formatNumber(r.model_parameters / 1e9)
          << " B parameters, " << units::formatBytes(r.model_bytes) << " on the wire)\n";
    s << "\n";
    summaryPhases(s, r.phases);
    if (!r.iterations.empty())
        summaryIterations(s, r.iterations);
    if (!r.centers.empty())
        summaryCenters(s, r.centers);
    if (r.pipeline.enabled)
        summaryPipeline(s, r);
    if (r.tensor_parallel.enabled)
        summaryTensorParallel(s, r.tensor_parallel);
    if (r.has_collective)
        summaryCollective(s, r.collective);
    if (r.control_plane.enabled) {
        summaryControlTraffic(s, r.control_plane);
        summaryControlEvents(s, r.control_plane);
    }
    if (!r.traffic.empty())
        summaryTraffic(s, r);
    if (r.background_attribution.enabled)
        summaryAttribution(s, r.background_attribution);
    s << "\ntotal simulated time: " << units::formatDuration(r.total_s) << "\n";
    if (withWarnings)
        for (const auto& w : r.warnings)
            s << "warning: " << w << "\n";
    return s.str();
}

} // namespace meridian::experiment
