// results.json and the CSV files (docs/results-format.md); the console summary is
// ResultsSummary.cpp's. Checked by tests/experiment/RunnerTest.cpp; tests/regression
// fingerprints each preset's results.json.
#include "meridian/experiment/Results.hpp"

#include "meridian/core/Error.hpp"
#include "meridian/core/Units.hpp"
#include "meridian/io/AtomicWrite.hpp"
#include "meridian/io/ProjectFile.hpp"

#include <algorithm>
#include <iomanip>
#include <nlohmann/json.hpp>
#include <sstream>

namespace meridian::experiment {

using ojson = nlohmann::ordered_json;

namespace {

ojson phasesJson(const std::vector<PhaseResult>& phases)
{
    ojson out = ojson::array();
    for (const auto& p : phases) {
        ojson o;
        o["name"] = p.name;
        if (p.iteration >= 0)
            o["iteration"] = p.iteration;
        o["start_s"] = p.start_s;
        o["end_s"] = p.end_s;
        o["duration_s"] = p.duration_s();
        out.push_back(std::move(o));
    }
    return out;
}

ojson iterationsJson(const std::vector<IterationResult>& iterations)
{
    ojson out = ojson::array();
    for (const auto& i : iterations) {
        out.push_back({{"index", i.index},
                       {"start_s", i.start_s},
                       {"compute_s", i.compute_s},
                       {"intra_center_s", i.intra_center_s},
                       {"inter_center_s", i.inter_center_s},
                       {"update_s", i.update_s},
                       {"total_s", i.total_s},
                       {"gpu_effective_compute_ratio", i.gpu_effective_compute_ratio}});
    }
    return out;
}

ojson centersJson(const std::vector<CenterResult>& centers)
{
    ojson out = ojson::array();
    for (const auto& c : centers) {
        out.push_back({{"id", c.id},
                       {"gpus", c.gpus},
                       {"gpu_model", c.gpu_model},
                       {"compute_s", c.compute_s},
                       {"communication_s", c.communication_s},
                       {"update_s", c.update_s},
                       {"idle_s", c.idle_s}});
    }
    return out;
}

ojson linksJson(const std::vector<LinkResult>& links, bool background, bool series)
{
    ojson out = ojson::array();
    for (const auto& l : links) {
        ojson o = {{"id", l.id}, {"bytes", l.bytes}};
        if (background) { // runs with a "traffic" section only: older results keep their bytes
            o["experiment_bytes"] = linkExperimentBytes(l);
            o["background_bytes"] = l.background_bytes;
        }
        o["utilization_mean"] = l.utilization_mean;
        o["utilization_peak"] = l.utilization_peak;
        if (series)
            o["utilization_series"] = l.utilization_series;
        if (series && background)
            o["background_utilization_series"] = l.background_utilization_series;
        o["lost_bytes"] = l.lost_bytes;
        o["queue_delay_mean_s"] = l.queue_delay_mean_s;
        if (series) {
            o["queue_delay_s_series"] = l.queue_delay_s_series;
            o["loss_series"] = l.loss_series;
        }
        out.push_back(std::move(o));
    }
    return out;
}

ojson trafficJson(const std::vector<traffic::GeneratorResult>& generators)
{
    ojson out = ojson::array();
    for (const auto& g : generators)
        out.push_back({{"id", g.id},
                       {"kind", g.kind},
                       {"protocol", g.protocol},
                       {"mode", g.mode},
                       {"window_s", g.window_s},
                       {"offered_bytes", g.offered_bytes},
                       {"carried_bytes", g.carried_bytes},
                       {"offered_bps", g.offered_bps},
                       {"carried_bps", g.carried_bps},
                       {"flows", g.flows},
                       {"flows_completed", g.flows_completed},
                       {"flows_cut", g.flows_cut},
                       {"flows_failed", g.flows_failed},
                       {"flows_in_flight", g.flows_in_flight},
                       {"fct_mean_s", g.fct_mean_s},
                       {"fct_p50_s", g.fct_p50_s},
                       {"fct_p99_s", g.fct_p99_s},
                       {"slowdown_mean", g.slowdown_mean}});
    return out;
}

/// {"with": a, "without": b, "slowdown": a / b} (no slowdown where b is 0, or for a ratio).
ojson withWithout(double with, double without, bool slowdown = true)
{
    ojson o;
    o["with"] = with;
    o["without"] = without;
    if (slowdown && without > 0.0)
        o["slowdown"] = with / without;
    return o;
}

ojson attributionJson(const BackgroundAttribution& a, const std::string& kind, bool collective)
{
    ojson o;
    o["total_s"] = withWithout(a.total_with_s, a.total_without_s);
    if (kind == "training")
        o["gpu_effective_compute"] =
            withWithout(a.gpu_effective_compute_with, a.gpu_effective_compute_without, false);
    if (collective)
        o["collective_mean_s"] = withWithout(a.collective_mean_with_s, a.collective_mean_without_s);
    ojson phases = ojson::array();
    for (const AttributedPhase& p : a.phases) {
        ojson q;
        q["name"] = p.name;
        q["iteration"] = p.iteration;
        q["with_s"] = p.with_s;
        q["without_s"] = p.without_s;
        if (p.without_s > 0.0)
            q["slowdown"] = p.with_s / p.without_s;
        phases.push_back(std::move(q));
    }
    o["phases"] = std::move(phases);
    return o;
}

ojson collectiveJson(const CollectiveResult& c)
{
    return {{"operation", c.operation},
            {"algorithm", c.algorithm},
            {"protocol", c.protocol},
            {"ranks", c.ranks},
            {"bytes", c.bytes},
            {"warmup_s", c.warmup_s},
            {"repetitions_s", c.repetitions_s},
            {"mean_s", c.mean_s},
            {"min_s", c.min_s},
            {"max_s", c.max_s},
            {"algbw_gbps", c.algbw_gbps},
            {"busbw_gbps", c.busbw_gbps}};
}

ojson pipelineJson(const PipelineResult& p)
{
    ojson stages = ojson::array();
    for (const auto& st : p.stages)
        stages.push_back({{"center", st.center},
                          {"layers", st.layers},
                          {"first_layer", st.first_layer},
                          {"last_layer", st.last_layer},
                          {"parameters", st.parameters},
                          {"forward_s", st.forward_s},
                          {"backward_s", st.backward_s}});
    const double n = p.iterations > 0 ? p.iterations : 1.0;
    const double span = static_cast<double>(p.stages.size()) * p.pipeline_s;
    return {{"schedule", p.schedule},
            {"micro_batches", p.micro_batches},
            {"activation_bytes", p.activation_bytes},
            {"stages", stages},
            {"bubble_fraction", p.bubble_fraction},
            {"iterations", p.iterations},
            {"pipeline_s", p.pipeline_s / n},
            {"ideal_pipeline_s", p.ideal_pipeline_s / n},
            {"exposed_communication_s", p.exposed_communication_s / n},
            {"communication_s", p.communication_s / n},
            {"overlapped_communication_s",
             std::max(0.0, p.communication_s - p.exposed_communication_s) / n},
            {"idle_fraction", span > 0.0 ? p.idle_s / span : 0.0},
            {"transfers", p.transfers},
            {"wan_bytes", p.wan_bytes}};
}

ojson tensorParallelJson(const TensorParallelResult& t)
{
    ojson centres = ojson::array();
    for (const auto& c : t.centers)
        centres.push_back({{"center", c.center},
                           {"groups", c.groups},
                           {"allreduce_bytes", c.allreduce_bytes},
                           {"allreduces_per_iteration", c.allreduces_per_iteration},
                           {"allreduce_s", c.allreduce_s},
                           {"communication_s", c.communication_s},
                           {"gradient_bytes_per_gpu", c.gradient_bytes_per_gpu}});
    return {{"tensor", t.tensor}, {"nvlink_bytes_per_s", t.link_bytes_per_s}, {"centers", centres}};
}

ojson controlIterationsJson(const ControlPlaneResult& c)
{
    ojson out = ojson::array();
    for (const auto& i : c.iterations)
        out.push_back({{"index", i.index},
                       {"members", i.members},
                       {"ready_wait_s", i.ready_wait_s},
                       {"commit_wait_s", i.commit_wait_s}});
    return out;
}

ojson triggersJson(const ControlPlaneResult& c)
{
    ojson out = ojson::array();
    for (const auto& t : c.triggers) {
        ojson o{{"id", t.id}, {"action", t.action}, {"time_s", t.time_s}, {"lamport", t.lamport}};
        if (t.applies_from >= 0)
            o["applies_from_iteration"] = t.applies_from;
        out.push_back(std::move(o));
    }
    return out;
}

ojson adoptionsJson(const ControlPlaneResult& c)
{
    ojson out = ojson::array();
    for (const auto& a : c.adoptions)
        out.push_back({{"trigger", a.trigger},
                       {"centre", a.centre},
                       {"time_s", a.time_s},
                       {"lamport", a.lamport},
                       {"iteration", a.iteration}});
    return out;
}

ojson failuresJson(const ControlPlaneResult& c)
{
    ojson out = ojson::array();
    for (const auto& f : c.failures) {
        ojson o{{"centre", f.centre}};
        if (f.failed_s >= 0)
            o["failed_s"] = f.failed_s;
        o["detected_s"] = f.detected_s;
        o["detected_by"] = f.detected_by;
        o["outcome"] = f.outcome;
        out.push_back(std::move(o));
    }
    return out;
}

ojson controlPlaneJson(const ControlPlaneResult& c)
{
    ojson o;
    o["messages"] = c.messages;
    o["sync"] = c.sync;
    o["messages_sent"] = c.messages_sent;
    o["transmissions"] = c.transmissions;
    o["retransmissions"] = c.retransmissions;
    o["acks"] = c.acks;
    o["heartbeats"] = c.heartbeats;
    o["lost"] = c.lost;
    o["bytes"] = c.bytes;
    o["deliveries"] = c.deliveries;
    o["reordered"] = c.reordered;
    o["duplicates"] = c.duplicates;
    o["buffer_wait_mean_s"] = c.buffer_wait_mean_s;
    o["buffer_wait_max_s"] = c.buffer_wait_max_s;
    o["iterations"] = controlIterationsJson(c);
    o["triggers"] = triggersJson(c);
    o["adoptions"] = adoptionsJson(c);
    o["failures"] = failuresJson(c);
    o["stopped"] = c.stopped;
    if (c.stopped) {
        o["stopped_s"] = c.stopped_s;
        o["stop_reason"] = c.stop_reason;
    }
    return o;
}

/// results.json as a JSON document (docs/results-format.md).
ojson resultsDocument(const Results& r)
{
    ojson j;
    j["format"] = "meridian.results";
    j["version"] = 1;
    j["topology"] = r.topology;
    j["kind"] = r.kind;
    j["seed"] = r.seed;
    j["total_s"] = r.total_s;
    if (!r.model.empty())
        j["model"] = {
            {"name", r.model}, {"parameters", r.model_parameters}, {"bytes", r.model_bytes}};
    j["phases"] = phasesJson(r.phases);
    if (r.kind == "training") {
        j["iterations"] = iterationsJson(r.iterations);
        j["centers"] = centersJson(r.centers);
    }
    j["links"] = linksJson(r.links, !r.traffic.empty(), r.link_series);
    j["sample_interval_s"] = r.sample_interval_s;
    j["sample_times_s"] = r.sample_times_s;
    if (!r.link_series) // absent with series, so results that keep them are unchanged
        j["link_series"] = "summary";
    if (r.has_collective)
        j["collective"] = collectiveJson(r.collective);
    if (r.control_plane.enabled)
        j["control_plane"] = controlPlaneJson(r.control_plane);
    if (r.strategy.enabled) {
        const StrategyResult& g = r.strategy;
        ojson o;
        o["kind"] = g.kind;
        o["compression"] = g.compression;
        if (g.kind == "diloco") {
            o["inner_steps"] = g.inner_steps;
            o["fragments"] = g.fragments;
        } else {
            o["overlap"] = g.overlap;
            if (g.overlap)
                o["buckets"] = g.buckets;
        }
        o["wan_payload_bytes"] = g.wan_payload_bytes;
        o["codec_s"] = g.codec_s;
        o["exchanges"] = g.exchanges;
        o["communication_s"] = g.communication_s;
        o["exposed_communication_s"] = g.exposed_communication_s;
        o["overlapped_communication_s"] = g.communication_s - g.exposed_communication_s;
        j["strategy"] = o;
    }
    if (r.pipeline.enabled)
        j["pipeline"] = pipelineJson(r.pipeline);
    if (r.tensor_parallel.enabled)
        j["tensor_parallel"] = tensorParallelJson(r.tensor_parallel);
    if (!r.traffic.empty())
        j["traffic"] = trafficJson(r.traffic);
    if (r.background_attribution.enabled)
        j["background_attribution"] =
            attributionJson(r.background_attribution, r.kind, r.has_collective);
    j["warnings"] = r.warnings;
    j["engine"] = {{"events", r.engine.events}, {"flows", r.engine.flows}};
    return j;
}

} // namespace

double gpuEffectiveCompute(const std::vector<IterationGpuTime>& iterations)
{
    double compute_s = 0.0;
    double total_s = 0.0;
    for (const IterationGpuTime& it : iterations) {
        compute_s += it.gpu_effective_compute_ratio * it.total_s;
        total_s += it.total_s;
    }
    if (total_s > 0.0)
        return compute_s / total_s;
    return iterations.empty() ? 0.0 : iterations.front().gpu_effective_compute_ratio;
}

double runGpuEffectiveCompute(const std::vector<IterationResult>& iterations)
{
    std::vector<IterationGpuTime> times;
    times.reserve(iterations.size());
    for (const IterationResult& it : iterations)
        times.push_back({it.gpu_effective_compute_ratio, it.total_s});
    return gpuEffectiveCompute(times);
}

double linkExperimentBytes(const LinkResult& l)
{
    const double own = l.bytes - l.background_bytes;
    return own > 1e-9 * l.bytes ? own : 0.0;
}

std::string resultsToJson(const Results& r)
{
    return resultsDocument(r).dump(2) + "\n";
}

namespace {
std::string num(double v)
{
    return units::formatNumber(v);
}

std::string csvField(const std::string& s)
{
    if (s.find_first_of(",\"\n") == std::string::npos)
        return s;
    std::string out = "\"";
    for (char c : s) {
        if (c == '"')
            out += '"';
        out += c;
    }
    return out + "\"";
}
} // namespace

std::vector<std::pair<std::string, std::string>> resultsCsvFiles(const Results& r)
{
    std::vector<std::pair<std::string, std::string>> files;
    {
        std::ostringstream s;
        s << "name,iteration,start_s,end_s,duration_s\n";
        for (const auto& p : r.phases)
            s << p.name << ',' << p.iteration << ',' << num(p.start_s) << ',' << num(p.end_s) << ','
              << num(p.duration_s()) << '\n';
        files.emplace_back("phases.csv", s.str());
    }
    if (r.kind == "training") {
        std::ostringstream s;
        s << "index,start_s,compute_s,intra_center_s,inter_center_s,update_s,total_s,gpu_effective_"
             "compute_ratio\n";
        for (const auto& i : r.iterations)
            s << i.index << ',' << num(i.start_s) << ',' << num(i.compute_s) << ','
              << num(i.intra_center_s) << ',' << num(i.inter_center_s) << ',' << num(i.update_s)
              << ',' << num(i.total_s) << ',' << num(i.gpu_effective_compute_ratio) << '\n';
        files.emplace_back("iterations.csv", s.str());
        std::ostringstream c;
        c << "id,gpus,gpu_model,compute_s,communication_s,update_s,idle_s\n";
        for (const auto& x : r.centers)
            c << csvField(x.id) << ',' << x.gpus << ',' << csvField(x.gpu_model) << ','
              << num(x.compute_s) << ',' << num(x.communication_s) << ',' << num(x.update_s) << ','
              << num(x.idle_s) << '\n';
        files.emplace_back("centers.csv", c.str());
    }
    {
        std::ostringstream s;
        const bool background = !r.traffic.empty();
        s << "id,bytes," << (background ? "experiment_bytes,background_bytes," : "")
          << "utilization_mean,utilization_peak,lost_bytes,queue_delay_mean_s\n";
        for (const auto& l : r.links) {
            s << csvField(l.id) << ',' << num(l.bytes) << ',';
            if (background)
                s << num(linkExperimentBytes(l)) << ',' << num(l.background_bytes) << ',';
            s << num(l.utilization_mean) << ',' << num(l.utilization_peak) << ','
              << num(l.lost_bytes) << ',' << num(l.queue_delay_mean_s) << '\n';
        }
        files.emplace_back("links.csv", s.str());
    }
    if (!r.traffic.empty()) {
        std::ostringstream s;
        s << "id,kind,protocol,mode,window_s,offered_bytes,carried_bytes,offered_bps,carried_bps,"
             "flows,"
             "flows_completed,flows_cut,flows_failed,flows_in_flight,fct_mean_s,fct_p50_s,"
             "fct_p99_s,slowdown_mean\n";
        for (const auto& g : r.traffic)
            s << csvField(g.id) << ',' << g.kind << ',' << g.protocol << ',' << g.mode << ','
              << num(g.window_s) << ',' << num(g.offered_bytes) << ',' << num(g.carried_bytes)
              << ',' << num(g.offered_bps) << ',' << num(g.carried_bps) << ',' << g.flows << ','
              << g.flows_completed << ',' << g.flows_cut << ',' << g.flows_failed << ','
              << g.flows_in_flight << ',' << num(g.fct_mean_s) << ',' << num(g.fct_p50_s) << ','
              << num(g.fct_p99_s) << ',' << num(g.slowdown_mean) << '\n';
        files.emplace_back("traffic.csv", s.str());
    }
    if (r.background_attribution.enabled) {
        std::ostringstream s;
        s << "phase,iteration,with_s,without_s\n";
        for (const AttributedPhase& p : r.background_attribution.phases)
            s << csvField(p.name) << ',' << p.iteration << ',' << num(p.with_s) << ','
              << num(p.without_s) << '\n';
        files.emplace_back("attribution.csv", s.str());
    }
    if (r.has_collective) {
        std::ostringstream s;
        s << "repetition,time_s,algbw_gbps,busbw_gbps,warmup\n";
        const auto& c = r.collective;
        const double factor = c.algbw_gbps > 0 ? c.busbw_gbps / c.algbw_gbps : 1.0;
        const auto row = [&](std::size_t i, double t, bool warmup) {
            const double alg = t > 0 ? c.bytes * 8.0 / t / 1e9 : 0.0;
            s << i << ',' << num(t) << ',' << num(alg) << ',' << num(alg * factor) << ','
              << (warmup ? 1 : 0) << '\n';
        };
        // Warm-up repetitions first, numbered in run order like the timed ones after them.
        for (std::size_t i = 0; i < c.warmup_s.size(); ++i)
            row(i, c.warmup_s[i], true);
        for (std::size_t i = 0; i < c.repetitions_s.size(); ++i)
            row(c.warmup_s.size() + i, c.repetitions_s[i], false);
        files.emplace_back("collective.csv", s.str());
    }
    return files;
}

void writeResults(const Results& r, const std::filesystem::path& dir, bool json, bool csv)
{
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec)
        throw InputError(dir.string(), "", "cannot create the output folder: " + ec.message());
    if (json) {
        // Streamed: the text of a large run (65 MB for 1,024 links) is never held whole. The
        // same bytes as resultsToJson(): nlohmann's stream output with width 2 is dump(2).
        const ojson document = resultsDocument(r);
        io::writeFileAtomically(dir / "results.json", [&](std::ostream& out) {
            out << std::setw(2) << document << '\n';
        });
    }
    if (csv)
        for (const auto& [name, text] : resultsCsvFiles(r))
            io::writeFileAtomically(dir / name, text);
}

} // namespace meridian::experiment
