#include "meridian/experiment/ExperimentSpec.hpp"

#include "CheckedCollective.hpp"
#include "io/ObjectReader.hpp"
#include "meridian/collective/Algorithm.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/core/Units.hpp"
#include "meridian/experiment/OptionTable.hpp"
#include "meridian/io/ProjectFile.hpp"

#include <algorithm>
#include <cmath>
#include <set>

namespace meridian::experiment {

using nlohmann::json;

std::string_view toString(ExperimentKind k)
{
    switch (k) {
    case ExperimentKind::Training:
        return "training";
    case ExperimentKind::Collective:
        return "collective";
    case ExperimentKind::P2p:
        return "p2p";
    case ExperimentKind::Traffic:
        return "traffic";
    }
    return "training";
}

namespace {

/// Reads one object of the experiment through the engine's strict reader (io::ObjectReader:
/// JSON paths in errors, unknown keys rejected by finish()), taking every key's type, default,
/// range and choices from the option table under `prefix` ("" or "parallelism.").
class OptionReader
{
public:
    OptionReader(const json& value, std::string path, const std::string& file, std::string prefix)
        : m_r(value, std::move(path), file), m_file(file), m_prefix(std::move(prefix))
    {}

    bool has(std::string_view key) const { return m_r.has(key); }
    /// Marks `key` as known and returns its value, or nullptr if absent.
    const json* get(std::string_view key) { return m_r.get(key); }
    std::string pathOf(std::string_view key) const { return m_r.pathOf(key); }
    [[noreturn]] void fail(std::string_view key, const std::string& problem) const
    {
        m_r.fail(key, problem);
    }
    void finish() const { m_r.finish(); }
    /// The reader of the nested object `key` (which must be present), for keys "prefix.key.*".
    OptionReader nested(std::string_view key)
    {
        return {*m_r.get(key), m_r.pathOf(key), m_file, m_prefix + std::string(key) + "."};
    }

    /// Reads every bound option directly under this object that applies to `spec.kind`, in
    /// table order, into `spec`: the file's value checked by its row, or the row's default.
    void readBound(ExperimentSpec& spec)
    {
        for (const OptionInfo& o : experimentOptionTable()) {
            if (!o.bind || !o.appliesTo(spec.kind) || !isDirectChild(o.key))
                continue;
            const std::string key = o.key.substr(m_prefix.size());
            const OptionValue v = value(o, key);
            if (!o.bind.set(spec, v))
                fail(key, "unknown " + o.label + " '" + std::get<std::string>(v) + "' (expected " +
                              o.choicesText() + ")");
        }
    }

    /// A Size (bytes) or Duration (s): a number in the option's unit or a string with a unit.
    double quantity(std::string_view key)
    {
        const OptionInfo& o = option(key);
        const std::string bare(key);
        const io::QuantitySpec spec{bare.c_str(), nullptr,
                                    o.type == OptionType::Size ? io::QuantitySpec::Kind::Bytes
                                                               : io::QuantitySpec::Kind::Duration,
                                    o.si_scale, 1.0};
        const auto v = m_r.optQuantity(spec);
        return v ? checked(o, key, *v) : o.default_value * o.si_scale;
    }

    /// Text, Choice or NodeId; a Choice must be one of the option's choices.
    std::string text(std::string_view key)
    {
        const OptionInfo& o = option(key);
        std::string v = m_r.string(key, o.default_text);
        if (!o.acceptsText(v))
            fail(key, "unknown " + o.label + " '" + v + "' (expected " + o.choicesText() + ")");
        return v;
    }
    /// Text with a default that depends on other keys.
    std::string text(std::string_view key, const std::string& fallback)
    {
        (void)option(key);
        return m_r.string(key, fallback);
    }

    std::vector<std::string> strings(std::string_view key)
    {
        (void)option(key);
        return m_r.optStringArray(key).value_or(std::vector<std::string>{});
    }

private:
    const OptionInfo& option(std::string_view key) const
    {
        return experimentOption(m_prefix + std::string(key));
    }

    bool isDirectChild(const std::string& key) const
    {
        return key.size() > m_prefix.size() && key.compare(0, m_prefix.size(), m_prefix) == 0 &&
               key.find('.', m_prefix.size()) == std::string::npos;
    }

    /// The value of option `o` (at `key` of this object) in the spec's unit, checked by its
    /// row, or its default when absent. A text is returned as written; its field checks it.
    OptionValue value(const OptionInfo& o, std::string_view key)
    {
        switch (o.type) {
        case OptionType::Integer:
            return static_cast<double>(
                m_r.optInteger(key, static_cast<long long>(*o.min), static_cast<long long>(*o.max))
                    .value_or(static_cast<long long>(o.default_value)));
        case OptionType::Number:
            return checked(o, key, m_r.optNumber(key).value_or(o.default_value) * o.si_scale);
        case OptionType::Size:
        case OptionType::Duration:
            return quantity(key);
        case OptionType::Boolean:
            return m_r.optBoolean(key).value_or(o.default_value != 0.0);
        default:
            return m_r.string(key, o.default_text);
        }
    }

    /// `value` (in the spec's unit: si_scale × the option's unit) if the row's range holds it.
    double checked(const OptionInfo& o, std::string_view key, double value) const
    {
        const std::string problem = o.rangeProblem(value / o.si_scale);
        if (!problem.empty())
            fail(key, problem);
        return value;
    }

    io::ObjectReader m_r;
    const std::string& m_file;
    std::string m_prefix;
};

void requireNode(const topology::Topology& topo, const std::string& id, const std::string& file,
                 const std::string& path)
{
    if (!topo.findNode(id))
        throw InputError(file, path, "unknown node '" + id + "'");
}

void requireCenter(const topology::Topology& topo, const std::string& id, const std::string& file,
                   const std::string& path)
{
    auto n = topo.findNode(id);
    if (!n)
        throw InputError(file, path, "unknown centre '" + id + "'");
    if (topo.node(*n).kind != topology::NodeKind::Center)
        throw InputError(file, path,
                         "node '" + id + "' is a " +
                             std::string(topology::toString(topo.node(*n).kind)) +
                             ", not a centre");
}

/// "intra_center" or "inter_center" into `out`: the bound options (collective, protocol,
/// chunks) and, for inter_center only, "order" and "gateways".
void readPhase(OptionReader& parent, const std::string& key, const topology::Topology& topo,
               const std::string& file, ExperimentSpec& spec, CollectivePhaseSpec& out)
{
    const bool allowOrder = &out == &spec.training.inter_center;
    if (parent.get(key) == nullptr)
        return;
    OptionReader r = parent.nested(key);
    r.readBound(spec);
    if (!allowOrder && r.has("order"))
        r.fail("order", "not supported for " + key +
                            ": the ranks of a centre are ordered by node id "
                            "(\"order\" lists centres and applies to inter_center only)");
    if (!allowOrder && r.has("gateways"))
        r.fail("gateways",
               "not supported for " + key + " (gateways apply to inter_center hierarchical)");
    if (allowOrder) {
        out.order = r.strings("order");
        // Checked by the runner: synthesised fabric servers ("c0/srv1") exist only in a run.
        out.gateways = r.strings("gateways");
    }
    for (std::size_t i = 0; i < out.order.size(); ++i)
        requireCenter(topo, out.order[i], file, r.pathOf("order") + "/" + std::to_string(i));
    r.finish();
}

/// A nested object whose options are all bound ("transport", "comm", "dataset", ...).
void readObject(OptionReader& parent, std::string_view key, ExperimentSpec& spec)
{
    if (parent.get(key) == nullptr)
        return;
    OptionReader r = parent.nested(key);
    r.readBound(spec);
    r.finish();
}

void readModel(OptionReader& r, TrainingSpec& t)
{
    const json* model = r.get("model");
    if (model == nullptr)
        r.fail("model", "a training experiment needs a model ({\"preset\": \"llama-3-8b\"} or "
                        "{\"file\": ...})");
    OptionReader m = r.nested("model");
    const bool preset = m.has("preset");
    if (preset == m.has("file"))
        r.fail("model", R"(give exactly one of "preset" or "file")");
    (void)m.text(preset ? "preset" : "file");
    m.finish();
    t.model = *model;
}

/// Pipeline: "stages", a list of distinct centres or a number of stages (at most one per
/// centre); whether those centres have GPUs is checked when the run is planned.
void readStages(OptionReader& p, const topology::Topology& topo, const std::string& file,
                TrainingSpec& t)
{
    const json* stages = p.get("stages");
    if (stages == nullptr)
        return;
    const std::size_t centres = topo.nodesOfKind(topology::NodeKind::Center).size();
    if (stages->is_number()) {
        if (!stages->is_number_integer() || stages->get<double>() < 1.0)
            p.fail("stages",
                   "a number of stages must be a whole number >= 1, got " + stages->dump());
        const auto n = stages->get<long long>();
        if (n > static_cast<long long>(centres))
            p.fail("stages", std::to_string(n) + " stages but the topology has " +
                                 std::to_string(centres) +
                                 " centres (each stage runs in a centre of its own)");
        t.stage_count = static_cast<int>(n);
        return;
    }
    t.stages = p.strings("stages");
    if (t.stages.empty())
        p.fail("stages", "needs at least one centre (or a number of stages)");
    std::set<std::string> seen;
    for (std::size_t i = 0; i < t.stages.size(); ++i) {
        const std::string path = p.pathOf("stages") + "/" + std::to_string(i);
        requireCenter(topo, t.stages[i], file, path);
        if (!seen.insert(t.stages[i]).second)
            throw InputError(file, path,
                             "centre '" + t.stages[i] +
                                 "' holds an earlier stage already (one stage per centre)");
    }
}

void readParallelism(OptionReader& r, const topology::Topology& topo, const std::string& file,
                     ExperimentSpec& spec)
{
    if (r.get("parallelism") == nullptr)
        return;
    OptionReader p = r.nested("parallelism");
    p.readBound(spec);
    if (spec.training.pipeline())
        readStages(p, topo, file, spec.training);
    else
        for (const char* key : {"stages", "micro_batches", "schedule"})
            if (p.has(key))
                p.fail(key, R"(applies to "mode": "pipeline")");
    p.finish();
}

/// The "strategy" object (StrategySpec.hpp): its bound keys, then the keys that only apply
/// to some strategies.
void readStrategy(OptionReader& parent, ExperimentSpec& spec)
{
    if (parent.get("strategy") == nullptr)
        return;
    OptionReader r = parent.nested("strategy");
    r.readBound(spec);
    const StrategySpec& g = spec.training.strategy;
    for (const char* key : {"inner_steps", "fragments", "overlap_steps", "outer_optimizer"})
        if (!g.diloco() && r.has(key))
            r.fail(key, R"(applies to "kind": "diloco")");
    if (g.diloco() && r.has("overlap"))
        r.fail("overlap", "applies to \"kind\": \"data\" (DiLoCo overlaps its outer sync with "
                          "\"fragments\" and \"overlap_steps\")");
    if (!g.overlap && r.has("bucket_bytes"))
        r.fail("bucket_bytes", "applies with \"overlap\": true");
    if (g.compression != "topk" && r.has("topk_ratio"))
        r.fail("topk_ratio", R"(applies to "compression": "topk")");
    if (g.diloco() && g.inner_steps % g.fragments != 0)
        r.fail("fragments", "must divide inner_steps (" + std::to_string(g.inner_steps) + ")");
    if (g.diloco() && g.fragments > 1 && g.overlap_steps > g.inner_steps / g.fragments)
        r.fail("overlap_steps", "must be at most inner_steps / fragments (" +
                                    std::to_string(g.inner_steps / g.fragments) + ")");
    if (!g.plainData() && spec.training.pipeline())
        r.fail("kind", "pipeline parallelism (parallelism.mode \"pipeline\") sends activations "
                       "stage to stage and all-reduces gradients inside each stage's centre; the "
                       "strategies apply to \"mode\": \"data\"");
    if (!g.plainData() && spec.control_enabled)
        r.fail("kind", "the control plane coordinates plain data-parallel iterations; this "
                       "strategy runs with the global clock (remove control_plane and triggers)");
    r.finish();
}

void readTraining(OptionReader& r, const topology::Topology& topo, const std::string& file,
                  ExperimentSpec& spec)
{
    TrainingSpec& t = spec.training;
    readModel(r, t);
    readObject(r, "dataset", spec);
    readParallelism(r, topo, file, spec);
    t.source = r.text("source", "");
    if (t.source.empty()) {
        auto centres = topo.nodesOfKind(topology::NodeKind::Center);
        if (centres.empty())
            r.fail("", "a training experiment needs at least one compute centre (node kind "
                       "\"center\")");
        t.source = topo.node(centres.front()).id;
    } else {
        requireCenter(topo, t.source, file, r.pathOf("source"));
    }
    readObject(r, "broadcast", spec);
    readPhase(r, "intra_center", topo, file, spec, t.intra_center);
    readPhase(r, "inter_center", topo, file, spec, t.inter_center);
    readStrategy(r, spec);
    if (t.pipeline() && spec.control_enabled)
        throw InputError(file, "/experiment/parallelism/mode",
                         "the control plane coordinates data-parallel iterations; a pipeline "
                         "runs with the global clock (remove control_plane and triggers)");
    if (t.tensor > 1 && !t.strategy.plainData())
        throw InputError(file, "/experiment/parallelism/tensor",
                         "tensor parallelism combines with plain data parallelism and the "
                         "pipeline; the strategies (overlap, DiLoCo, compression) are not "
                         "modelled with it (remove strategy or set tensor to 1)");
    if (t.tensor > 1 && spec.control_enabled)
        throw InputError(file, "/experiment/parallelism/tensor",
                         "the control plane's iterations do not model tensor parallelism "
                         "(remove control_plane and triggers, or set tensor to 1)");
    // Absent: the runner derives the step from the device (TrainingSpec::update_s < 0).
    if (r.has("update_s"))
        t.update_s = r.quantity("update_s");
}

void readControl(OptionReader& parent, ExperimentSpec& spec)
{
    if (parent.get("control_plane") == nullptr)
        return;
    OptionReader c = parent.nested("control_plane");
    c.readBound(spec);
    const control::ControlSettings& s = spec.control;
    if (s.sync == control::SyncMode::Barrier && s.max_lead_iterations > 0)
        c.fail("max_lead_iterations", R"(a lead applies to "sync": "local" (barrier has none))");
    if (s.failure_timeout_s <= s.heartbeat_interval_s)
        c.fail("failure_timeout_s", "must be longer than heartbeat_interval_s (" +
                                        units::formatDuration(s.heartbeat_interval_s) + ")");
    c.finish();
}

const topology::LinkAttributes& requireLink(const topology::Topology& topo, const std::string& id,
                                            const std::string& file, const std::string& path)
{
    for (std::size_t l = 0; l < topo.linkCount(); ++l)
        if (topo.link(LinkId::fromIndex(l)).id == id)
            return topo.link(LinkId::fromIndex(l));
    throw InputError(file, path, "unknown link '" + id + "'");
}

// A trigger's link condition ("on": {"link", "event"} or {"link", "metric", "above"|"below"}).
void readLinkCondition(io::ObjectReader& on, const topology::Topology& topo,
                       const std::string& file, control::TriggerCondition& when)
{
    using C = control::TriggerCondition;
    when.link = on.requiredString("link");
    requireLink(topo, when.link, file, on.pathOf("link"));
    if (auto ev = on.optString("event")) {
        if (*ev != "down" && *ev != "up")
            on.fail("event", "unknown link event '" + *ev + "' (expected down or up)");
        when.kind = C::Kind::LinkEvent;
        when.down = *ev == "down";
        return;
    }
    when.kind = C::Kind::LinkMetric;
    const std::string metric = on.requiredString("metric");
    if (metric == "loss")
        when.metric = C::Metric::Loss;
    else if (metric == "utilisation" || metric == "utilization")
        when.metric = C::Metric::Utilisation;
    else if (metric == "rtt_ms")
        when.metric = C::Metric::Rtt;
    else
        on.fail("metric", "unknown metric '" + metric + "' (expected loss, utilisation or rtt_ms)");
    const bool above = on.has("above");
    if (above == on.has("below"))
        on.fail("", R"(a link condition needs exactly one of "above" or "below")");
    when.above = above;
    const auto x = on.optNumber(above ? "above" : "below");
    if (!x || !std::isfinite(*x) || *x < 0.0)
        on.fail(above ? "above" : "below", "must be a number >= 0");
    when.threshold = when.metric == C::Metric::Rtt ? *x * 1e-3 : *x;
}

// When a trigger fires: exactly one of at_s, at_iteration, on.
void readWhen(io::ObjectReader& r, const topology::Topology& topo, const std::string& file,
              control::TriggerCondition& when)
{
    using C = control::TriggerCondition;
    const int whens = int(r.has("at_s")) + int(r.has("at_iteration")) + int(r.has("on"));
    if (whens != 1)
        r.fail("", R"(a trigger needs exactly one of "at_s", "at_iteration" or "on")");
    if (auto at = r.optNumber("at_s")) {
        if (!(*at >= 0.0))
            r.fail("at_s", "must be a time >= 0 s");
        when.kind = C::Kind::AtTime;
        when.at_s = *at;
    } else if (auto k = r.optInteger("at_iteration", 0, 1000000)) {
        when.kind = C::Kind::AtIteration;
        when.iteration = static_cast<int>(*k);
    } else {
        io::ObjectReader on = r.child(*r.get("on"), r.pathOf("on"));
        readLinkCondition(on, topo, file, when);
        on.finish();
    }
}

// The orders a trigger gives the control plane: switch-collective, switch-routing, ecmp.
void readSwitchAction(io::ObjectReader& r, const std::string& action, control::TriggerAction& a)
{
    using A = control::TriggerAction;
    if (action == "switch-collective") {
        a.kind = A::Kind::SwitchCollective;
        a.scope = r.requiredString("scope");
        if (a.scope != "intra_center" && a.scope != "inter_center")
            r.fail("scope",
                   "unknown scope '" + a.scope + "' (expected intra_center or inter_center)");
        a.algorithm = r.requiredString("to");
        if (!collective::algorithmFromString(a.algorithm))
            r.fail("to", "unknown algorithm '" + a.algorithm + "'");
    } else if (action == "switch-routing") {
        a.kind = A::Kind::SwitchRouting;
        const std::string to = r.requiredString("to");
        if (to != "delay" && to != "hops")
            r.fail("to", "unknown routing '" + to + "' (expected delay or hops)");
        a.routing = to == "hops" ? topology::RouteMetric::Hops : topology::RouteMetric::Delay;
    } else {
        a.kind = A::Kind::Ecmp;
        const auto on = r.optBoolean("to");
        if (!on)
            r.fail("to", "ecmp needs \"to\": true or false");
        a.ecmp = *on;
    }
}

// The changes a trigger makes to the network: pin or unpin a path, change, fail or recover a
// link, fail a centre.
void readNetworkAction(io::ObjectReader& r, const std::string& action,
                       const topology::Topology& topo, const std::string& file,
                       control::TriggerAction& a)
{
    using A = control::TriggerAction;
    if (action == "pin-path" || action == "unpin-path") {
        a.kind = action == "pin-path" ? A::Kind::PinPath : A::Kind::UnpinPath;
        const auto p = r.optStringArray("path");
        if (!p || p->size() < 2)
            r.fail("path", "needs the node ids of the path, from … to (at least two)");
        a.path = *p;
        for (std::size_t i = 0; i < a.path.size(); ++i)
            if (!topo.findNode(a.path[i]))
                throw InputError(file, r.pathOf("path") + "/" + std::to_string(i),
                                 "unknown node '" + a.path[i] + "'");
    } else if (action == "fail-centre" || action == "fail-center") {
        a.kind = A::Kind::FailCentre;
        a.centre = r.requiredString("centre");
        requireCenter(topo, a.centre, file, r.pathOf("centre"));
    } else {
        a.link = r.requiredString("link");
        requireLink(topo, a.link, file, r.pathOf("link"));
        if (action == "change-link") {
            a.kind = A::Kind::ChangeLink;
            const json* set = r.get("set");
            if (set == nullptr || !set->is_object())
                r.fail("set", "change-link needs \"set\": {link attributes}");
            json step = *set;
            step["at_s"] = 0.0;
            a.change = io::readScheduleStep(step, r.pathOf("set"), file);
        } else {
            a.kind = action == "fail-link" ? A::Kind::FailLink : A::Kind::RecoverLink;
        }
    }
}

// What a trigger does to a background generator (docs/traffic.md §2.8); the id is checked
// against the "traffic" section once both are read (checkGeneratorTriggers).
void readGeneratorAction(io::ObjectReader& r, const std::string& action, control::TriggerAction& a)
{
    using A = control::TriggerAction;
    a.kind = action == "start-generator"  ? A::Kind::StartGenerator
             : action == "stop-generator" ? A::Kind::StopGenerator
                                          : A::Kind::ScaleGenerator;
    a.generator = r.requiredString("generator");
    if (a.kind == A::Kind::ScaleGenerator) {
        const auto factor = r.optNumber("factor");
        if (!factor || !(*factor >= 0.0) || !std::isfinite(*factor))
            r.fail("factor", "scale-generator needs \"factor\": a number >= 0 (the rate × "
                             "the file's; 0 pauses the generator)");
        a.factor = *factor;
    }
}

/// Every generator trigger names a generator of the experiment's "traffic" section.
void checkGeneratorTriggers(const ExperimentSpec& spec, const std::string& file)
{
    using A = control::TriggerAction;
    for (std::size_t i = 0; i < spec.triggers.size(); ++i) {
        const A& a = spec.triggers[i].action;
        if (a.kind != A::Kind::StartGenerator && a.kind != A::Kind::StopGenerator &&
            a.kind != A::Kind::ScaleGenerator)
            continue;
        const auto& gens = spec.traffic.generators;
        if (std::none_of(gens.begin(), gens.end(),
                         [&a](const traffic::GeneratorSpec& g) { return g.id == a.generator; }))
            throw InputError(file, "/experiment/triggers/" + std::to_string(i) + "/generator",
                             "no generator '" + a.generator +
                                 "' in the experiment's \"traffic\" section");
    }
}

control::Trigger readTrigger(const json& value, const std::string& path,
                             const topology::Topology& topo, const std::string& file,
                             std::size_t index)
{
    io::ObjectReader r(value, path, file);
    control::Trigger t;
    t.id = r.string("id", "trigger-" + std::to_string(index));
    readWhen(r, topo, file, t.when);
    const std::string action = r.requiredString("action");
    if (action == "switch-collective" || action == "switch-routing" || action == "ecmp")
        readSwitchAction(r, action, t.action);
    else if (action == "start-generator" || action == "stop-generator" ||
             action == "scale-generator")
        readGeneratorAction(r, action, t.action);
    else if (action == "pin-path" || action == "unpin-path" || action == "change-link" ||
             action == "fail-link" || action == "recover-link" || action == "fail-centre" ||
             action == "fail-center")
        readNetworkAction(r, action, topo, file, t.action);
    else
        r.fail("action", "unknown action '" + action +
                             "' (expected switch-collective, switch-routing, ecmp, pin-path, "
                             "unpin-path, change-link, fail-link, recover-link, fail-centre, "
                             "start-generator, stop-generator or scale-generator)");
    if (t.when.kind == control::TriggerCondition::Kind::AtIteration && !t.action.isOrder())
        r.fail("at_iteration", "\"" + action +
                                   "\" happens at a time or on a condition; at_iteration applies "
                                   "to switch orders");
    r.finish();
    return t;
}

void readTriggers(OptionReader& parent, const topology::Topology& topo, const std::string& file,
                  ExperimentSpec& spec)
{
    const json* triggers = parent.get("triggers");
    if (triggers == nullptr)
        return;
    const std::string path = parent.pathOf("triggers");
    if (!triggers->is_array())
        throw InputError(file, path, "expected an array of triggers");
    std::set<std::string> ids;
    for (std::size_t i = 0; i < triggers->size(); ++i) {
        const std::string p = path + "/" + std::to_string(i);
        spec.triggers.push_back(readTrigger((*triggers)[i], p, topo, file, i));
        if (!ids.insert(spec.triggers.back().id).second)
            throw InputError(file, p + "/id",
                             "trigger id '" + spec.triggers.back().id + "' is used twice");
    }
}

void readMicroBenchmark(OptionReader& r, ExperimentKind kind, const topology::Topology& topo,
                        const std::string& file, MicroBenchmarkSpec& b)
{
    // The bound options (bytes, protocol, repeat, chunks, operation, streams) were read with
    // the top level's.
    if (!r.has("bytes"))
        r.fail("bytes", "a micro-benchmark needs \"bytes\" > 0");
    if (kind != ExperimentKind::P2p && r.has("streams"))
        r.fail("streams", "parallel streams apply to p2p experiments (iperf3 -P); a collective "
                          "sets its connections in \"comm\" (channels, sockets)");
    if (kind == ExperimentKind::Collective) {
        // Default: ring where it exists, else the one every operation supports.
        const bool ringless =
            b.operation == "broadcast" || b.operation == "reduce" || b.operation == "alltoall";
        b.algorithm = r.text("algorithm", b.operation == "alltoall" ? "direct"
                                          : ringless                ? "binomial"
                                                                    : "ring");
        b.participants = r.strings("participants");
        if (b.participants.size() < 2)
            r.fail("participants", "a collective needs at least two participants");
        std::set<std::string> seen;
        for (std::size_t i = 0; i < b.participants.size(); ++i) {
            const std::string p = r.pathOf("participants") + "/" + std::to_string(i);
            requireNode(topo, b.participants[i], file, p);
            if (!seen.insert(b.participants[i]).second)
                throw InputError(file, p,
                                 "participant '" + b.participants[i] + "' is listed twice");
        }
        return;
    }
    b.operation = "p2p";
    const std::string from = r.text("from");
    const std::string to = r.text("to");
    if (from.empty())
        r.fail("from", "a p2p experiment needs \"from\"");
    if (to.empty())
        r.fail("to", "a p2p experiment needs \"to\"");
    requireNode(topo, from, file, r.pathOf("from"));
    requireNode(topo, to, file, r.pathOf("to"));
    if (from == to) // nothing would cross the network: 0 s, algbw 0
        r.fail("to", "a p2p experiment needs two different nodes, got \"" + to + "\" twice");
    b.participants = {from, to};
}

} // namespace

ExperimentSpec parseExperiment(const json& experiment, const topology::Topology& topo,
                               const std::string& file)
{
    ExperimentSpec spec;
    OptionReader r(experiment, "/experiment", file, "");
    const std::string kind = r.text("kind");
    spec.kind = kind == "collective" ? ExperimentKind::Collective
                : kind == "p2p"      ? ExperimentKind::P2p
                : kind == "traffic"  ? ExperimentKind::Traffic
                                     : ExperimentKind::Training;
    r.readBound(spec); // iterations, seed and a micro-benchmark's options
    readObject(r, "transport", spec);
    readObject(r, "comm", spec);
    if (spec.kind == ExperimentKind::Training) {
        readControl(r, spec);
        readTriggers(r, topo, file, spec);
        if (!spec.triggers.empty() && !r.has("control_plane"))
            spec.control_enabled = true; // triggers act through the coordinators
        else if (!spec.triggers.empty() && !spec.control_enabled)
            throw InputError(file, "/experiment/control_plane/enabled",
                             "triggers need the control plane (remove \"enabled\": false)");
        readTraining(r, topo, file, spec);
    } else if (r.has("control_plane") || r.has("triggers")) {
        r.fail(r.has("triggers") ? "triggers" : "control_plane",
               std::string("the control plane coordinates training iterations; ") +
                   (spec.kind == ExperimentKind::Traffic ? "a traffic experiment"
                                                         : "a micro-benchmark") +
                   " has none");
    }
    if (const json* t = r.get("traffic"))
        spec.traffic = traffic::parseTraffic(*t, r.pathOf("traffic"), topo, file);
    checkGeneratorTriggers(spec, file);
    if (spec.kind == ExperimentKind::Traffic && spec.traffic.empty())
        r.fail("traffic", "a traffic experiment needs at least one generator in "
                          "\"traffic\": {\"generators\": [...]}");
    if (spec.kind == ExperimentKind::Collective || spec.kind == ExperimentKind::P2p)
        readMicroBenchmark(r, spec.kind, topo, file, spec.bench);
    checkAlgorithmNames(spec, file); // as the run resolves them, so that `validate` sees them
    if (spec.kind == ExperimentKind::P2p && spec.bench.streams > 1 &&
        spec.bench.protocol == net::Protocol::Tcp)
        spec.warnings.push_back(
            std::to_string(spec.bench.streams) +
            " TCP streams slow-start together on one path: the model is optimistic here; "
            "against the Linux kernel's TCP (4 streams, 40-100 Mbit/s, 20-200 ms) it is faster "
            "by a median of 8 % without random loss (33 of 42 cases within 15 %, the worst 42 % "
            "into a 3-packet queue) and of 14 % with it (4-24 %) (docs/validation.md, \"The "
            "kernel's own TCP\")");
    const TrainingSpec& t = spec.training;
    const bool tcp =
        spec.kind == ExperimentKind::Training
            ? t.broadcast_protocol == net::Protocol::Tcp ||
                  t.intra_center.protocol == net::Protocol::Tcp ||
                  t.inter_center.protocol == net::Protocol::Tcp
            : spec.kind == ExperimentKind::Collective && spec.bench.protocol == net::Protocol::Tcp;
    if (tcp && spec.comm.merge == collective::MergeIterations::Never &&
        topology::hasRandomLoss(topo))
        spec.warnings.emplace_back(
            "comm.merge_iterations is \"never\" on a network with random loss: NCCL's program "
            "as run here does not charge random losses to a stream of slices shorter than a "
            "round trip, so its TCP times are optimistic; \"auto\" merges each channel's "
            "iterations into one stream there (docs/collectives.md, \"Merged iterations\")");
    r.finish();
    return spec;
}

} // namespace meridian::experiment
