#include "meridian/experiment/ExperimentSpec.hpp"

#include "io/ObjectReader.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/core/Units.hpp"
#include "meridian/experiment/OptionTable.hpp"

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

    long long integer(std::string_view key)
    {
        const OptionInfo& o = option(key);
        return m_r.optInteger(key, static_cast<long long>(*o.min), static_cast<long long>(*o.max))
            .value_or(static_cast<long long>(o.default_value));
    }

    double number(std::string_view key)
    {
        const OptionInfo& o = option(key);
        return checked(o, key, m_r.optNumber(key).value_or(o.default_value) * o.si_scale);
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

    bool boolean(std::string_view key)
    {
        return m_r.optBoolean(key).value_or(option(key).default_value != 0.0);
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

    /// A protocol name or alias (net::protocolFromString); errors list the canonical names.
    net::Protocol protocol(std::string_view key)
    {
        const OptionInfo& o = option(key);
        const std::string v = m_r.string(key, o.default_text);
        const auto p = net::protocolFromString(v);
        if (!p)
            fail(key, "unknown protocol '" + v + "' (expected " + o.choicesText() + ")");
        return *p;
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

    /// `value` (in the spec's unit: si_scale × the option's unit) if the range holds it.
    double checked(const OptionInfo& o, std::string_view key, double value) const
    {
        const double fileValue = value / o.si_scale;
        if (!o.accepts(fileValue)) {
            const std::string unit = o.unit.empty() ? "" : " " + o.unit;
            fail(key, "must be " + std::string(o.min && o.max ? "within " : "") + o.rangeText() +
                          unit + ", got " + units::formatNumber(fileValue) +
                          (o.range_hint.empty() ? "" : " (" + o.range_hint + ")"));
        }
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

/// "intra_center" or "inter_center"; only inter_center takes "order" and "gateways".
CollectivePhaseSpec readPhase(OptionReader& parent, const std::string& key,
                              const topology::Topology& topo, const std::string& file,
                              bool allowOrder)
{
    CollectivePhaseSpec out;
    if (parent.get(key) == nullptr)
        return out;
    OptionReader r = parent.nested(key);
    out.collective = r.text("collective");
    out.protocol = r.protocol("protocol");
    out.chunks = static_cast<int>(r.integer("chunks"));
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
    return out;
}

void readTransport(OptionReader& parent, net::NetworkConfig& transport)
{
    if (parent.get("transport") == nullptr)
        return;
    OptionReader tr = parent.nested("transport");
    transport.mss_bytes = tr.quantity("mss_bytes");
    transport.initial_window_segments = static_cast<int>(tr.integer("initial_window_segments"));
    transport.max_window_bytes = tr.quantity("max_window_bytes");
    transport.min_rto_s = tr.quantity("min_rto_s");
    transport.slow_start_after_idle = tr.boolean("slow_start_after_idle");
    transport.congestion_control = tr.text("congestion_control") == "reno"
                                       ? net::CongestionControl::Reno
                                       : net::CongestionControl::Cubic;
    tr.finish();
}

void readComm(OptionReader& parent, collective::CommSettings& comm)
{
    if (parent.get("comm") == nullptr)
        return;
    OptionReader c = parent.nested("comm");
    comm.channels = static_cast<int>(c.integer("channels"));
    comm.buffsize_bytes = c.quantity("buffsize_bytes");
    comm.steps = static_cast<int>(c.integer("steps"));
    comm.sockets = static_cast<int>(c.integer("sockets"));
    c.finish();
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

void readParallelism(OptionReader& r, TrainingSpec& t)
{
    if (r.get("parallelism") == nullptr)
        return;
    OptionReader p = r.nested("parallelism");
    if (p.has("mode") && p.text("mode", "") != "data")
        p.fail("mode", "only data parallelism (\"data\") is simulated in this version");
    t.mode = p.text("mode");
    t.global_batch_tokens = p.number("global_batch_tokens");
    t.seq_len = static_cast<int>(p.integer("seq_len"));
    t.dtype = p.text("dtype");
    t.zero_stage = static_cast<int>(p.integer("zero_stage"));
    t.mfu = p.number("mfu");
    t.activation_recompute = p.boolean("activation_recompute");
    p.finish();
}

void readTraining(OptionReader& r, const topology::Topology& topo, const std::string& file,
                  TrainingSpec& t)
{
    readModel(r, t);
    if (r.get("dataset") != nullptr) {
        OptionReader d = r.nested("dataset");
        t.dataset_name = d.text("name");
        t.dataset_bytes = d.quantity("size_gb");
        d.finish();
    }
    readParallelism(r, t);
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
    if (r.get("broadcast") != nullptr) {
        OptionReader b = r.nested("broadcast");
        t.broadcast_algorithm = b.text("algorithm");
        t.broadcast_protocol = b.protocol("protocol");
        t.broadcast_dataset = b.boolean("dataset");
        t.broadcast_chunks = static_cast<int>(b.integer("chunks"));
        b.finish();
    }
    t.intra_center = readPhase(r, "intra_center", topo, file, false);
    t.inter_center = readPhase(r, "inter_center", topo, file, true);
    // Absent: the runner derives the step from the device (TrainingSpec::update_s < 0).
    if (r.has("update_s"))
        t.update_s = r.quantity("update_s");
}

void readMicroBenchmark(OptionReader& r, ExperimentKind kind, const topology::Topology& topo,
                        const std::string& file, MicroBenchmarkSpec& b)
{
    if (!r.has("bytes"))
        r.fail("bytes", "a micro-benchmark needs \"bytes\" > 0");
    b.bytes = r.quantity("bytes");
    b.protocol = r.protocol("protocol");
    b.repeat = static_cast<int>(r.integer("repeat"));
    if (kind == ExperimentKind::P2p)
        b.streams = static_cast<int>(r.integer("streams"));
    else if (r.has("streams"))
        r.fail("streams", "parallel streams apply to p2p experiments (iperf3 -P); a collective "
                          "sets its connections in \"comm\" (channels, sockets)");
    b.chunks = static_cast<int>(r.integer("chunks"));
    if (kind == ExperimentKind::Collective) {
        b.operation = r.text("operation");
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
                                     : ExperimentKind::Training;
    spec.iterations = static_cast<int>(r.integer("iterations"));
    spec.seed = static_cast<std::uint64_t>(r.integer("seed"));
    readTransport(r, spec.transport);
    readComm(r, spec.comm);
    if (r.get("triggers") != nullptr)
        spec.warnings.emplace_back(
            "/experiment/triggers: control-plane triggers are not simulated by this "
            "version and are ignored");
    if (spec.kind == ExperimentKind::Training)
        readTraining(r, topo, file, spec.training);
    else
        readMicroBenchmark(r, spec.kind, topo, file, spec.bench);
    r.finish();
    return spec;
}

} // namespace meridian::experiment
