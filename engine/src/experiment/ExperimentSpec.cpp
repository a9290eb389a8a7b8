#include "meridian/experiment/ExperimentSpec.hpp"

#include "meridian/core/Error.hpp"
#include "meridian/core/Units.hpp"

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
    }
    return "training";
}

namespace {

/// Reads one JSON object with path-aware, typo-proof accessors.
class Reader
{
public:
    Reader(const json& object, std::string path, const std::string& file)
        : m_obj(object), m_path(std::move(path)), m_file(file)
    {
        if (!m_obj.is_object())
            fail("", "expected an object");
    }

    [[noreturn]] void fail(const std::string& key, const std::string& problem) const
    {
        throw InputError(m_file, key.empty() ? m_path : m_path + "/" + key, problem);
    }

    bool has(const std::string& key)
    {
        m_known.insert(key);
        return m_obj.contains(key);
    }
    const json& at(const std::string& key) { return (m_known.insert(key), m_obj.at(key)); }
    std::string path(const std::string& key) const { return m_path + "/" + key; }

    std::string string(const std::string& key, const std::string& fallback)
    {
        if (!has(key))
            return fallback;
        const json& v = m_obj.at(key);
        if (!v.is_string())
            fail(key, "expected a string");
        return v.get<std::string>();
    }

    /// A number, or a string with a unit parsed by `parse` (e.g. "200GB", "15ms").
    template <class Parse>
    double quantity(const std::string& key, double fallback, Parse parse, const char* what)
    {
        if (!has(key))
            return fallback;
        const json& v = m_obj.at(key);
        if (v.is_number()) {
            const double d = v.get<double>();
            if (!std::isfinite(d))
                fail(key, "expected a finite number");
            return d;
        }
        if (v.is_string()) {
            if (auto d = parse(v.get<std::string>()))
                return *d;
            fail(key, "cannot read '" + v.get<std::string>() + "' as " + what);
        }
        fail(key, std::string("expected a number or a string with a unit (") + what + ")");
    }

    double number(const std::string& key, double fallback, double min, double max,
                  bool minExclusive = false)
    {
        const double d = quantity(
            key, fallback, [](const std::string&) { return std::optional<double>{}; }, "a number");
        if (d < min || d > max || (minExclusive && d == min)) {
            fail(key, "value " + units::formatNumber(d) + " is outside " +
                          (minExclusive ? "(" : "[") + units::formatNumber(min) + ", " +
                          units::formatNumber(max) + "]");
        }
        return d;
    }

    long long integer(const std::string& key, long long fallback, long long min, long long max)
    {
        if (!has(key))
            return fallback;
        const json& v = m_obj.at(key);
        if (!v.is_number_integer() &&
            !(v.is_number_float() && std::floor(v.get<double>()) == v.get<double>()))
            fail(key, "expected an integer");
        const double d = v.get<double>();
        if (d < static_cast<double>(min) || d > static_cast<double>(max))
            fail(key, "value " + units::formatNumber(d) + " is outside [" + std::to_string(min) +
                          ", " + std::to_string(max) + "]");
        return static_cast<long long>(d);
    }

    bool boolean(const std::string& key, bool fallback)
    {
        if (!has(key))
            return fallback;
        const json& v = m_obj.at(key);
        if (!v.is_boolean())
            fail(key, "expected true or false");
        return v.get<bool>();
    }

    net::Protocol protocol(const std::string& key, net::Protocol fallback)
    {
        const std::string s = string(key, std::string(net::toString(fallback)));
        auto p = net::protocolFromString(s);
        if (!p)
            fail(key, "unknown protocol '" + s + "' (expected tcp, udp, gbn or sr)");
        return *p;
    }

    std::vector<std::string> strings(const std::string& key)
    {
        std::vector<std::string> out;
        if (!has(key))
            return out;
        const json& v = m_obj.at(key);
        if (!v.is_array())
            fail(key, "expected an array of strings");
        for (std::size_t i = 0; i < v.size(); ++i) {
            if (!v[i].is_string())
                throw InputError(m_file, path(key) + "/" + std::to_string(i), "expected a string");
            out.push_back(v[i].get<std::string>());
        }
        return out;
    }

    /// Rejects keys nobody asked for (typos must not pass silently).
    void finish() const
    {
        for (auto it = m_obj.begin(); it != m_obj.end(); ++it)
            if (m_known.count(it.key()) == 0)
                fail(it.key(), "unknown key '" + it.key() + "'");
    }

private:
    const json& m_obj;
    std::string m_path;
    const std::string& m_file;
    std::set<std::string> m_known;
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

CollectivePhaseSpec readPhase(Reader& parent, const std::string& key, CollectivePhaseSpec fallback,
                              const topology::Topology& topo, const std::string& file,
                              bool allowOrder)
{
    if (!parent.has(key))
        return fallback;
    Reader r(parent.at(key), parent.path(key), file);
    CollectivePhaseSpec out = fallback;
    out.collective = r.string("collective", fallback.collective);
    out.protocol = r.protocol("protocol", fallback.protocol);
    out.chunks = static_cast<int>(r.integer("chunks", fallback.chunks, 1, 4096));
    if (!allowOrder && r.has("order"))
        r.fail("order", "not supported for " + key +
                            ": the ranks of a centre are ordered by node id "
                            "(\"order\" lists centres and applies to inter_center only)");
    out.order = r.strings("order");
    if (!allowOrder && r.has("gateways"))
        r.fail("gateways",
               "not supported for " + key + " (gateways apply to inter_center hierarchical)");
    // Checked by the runner: synthesised fabric servers ("c0/srv1") exist only in a run.
    out.gateways = r.strings("gateways");
    for (std::size_t i = 0; i < out.order.size(); ++i)
        requireCenter(topo, out.order[i], file, r.path("order") + "/" + std::to_string(i));
    r.finish();
    return out;
}

} // namespace

ExperimentSpec parseExperiment(const json& experiment, const topology::Topology& topo,
                               const std::string& file)
{
    ExperimentSpec spec;
    Reader r(experiment, "/experiment", file);
    const std::string kind = r.string("kind", "training");
    if (kind == "training")
        spec.kind = ExperimentKind::Training;
    else if (kind == "collective")
        spec.kind = ExperimentKind::Collective;
    else if (kind == "p2p")
        spec.kind = ExperimentKind::P2p;
    else
        r.fail("kind",
               "unknown experiment kind '" + kind + "' (expected training, collective or p2p)");

    spec.iterations = static_cast<int>(r.integer("iterations", 1, 1, 1000000));
    spec.seed = static_cast<std::uint64_t>(r.integer("seed", 1, 0, 9007199254740991LL));
    if (r.has("transport")) {
        Reader tr(r.at("transport"), r.path("transport"), file);
        net::NetworkConfig& ts = spec.transport;
        ts.mss_bytes = tr.quantity("mss_bytes", ts.mss_bytes, units::parseBytes, "a size");
        if (ts.mss_bytes < 64 || ts.mss_bytes > 65495)
            tr.fail("mss_bytes", "must be within [64, 65495] bytes");
        ts.initial_window_segments =
            static_cast<int>(tr.integer("initial_window_segments", 10, 1, 1000));
        ts.max_window_bytes =
            tr.quantity("max_window_bytes", ts.max_window_bytes, units::parseBytes, "a size");
        if (ts.max_window_bytes < 0)
            tr.fail("max_window_bytes", "must not be negative (0 = unlimited)");
        ts.min_rto_s = tr.quantity(
            "min_rto_s", ts.min_rto_s,
            [](const std::string& v) { return units::parseDurationS(v); }, "a duration");
        if (!(ts.min_rto_s > 0))
            tr.fail("min_rto_s", "must be positive");
        ts.slow_start_after_idle = tr.boolean("slow_start_after_idle", true);
        tr.finish();
    }
    if (r.has("triggers"))
        spec.warnings.push_back(
            "/experiment/triggers: control-plane triggers are not simulated by this "
            "version and are ignored");

    if (spec.kind == ExperimentKind::Training) {
        TrainingSpec& t = spec.training;
        if (!r.has("model"))
            r.fail("model", "a training experiment needs a model ({\"preset\": \"llama-3-8b\"} or "
                            "{\"file\": ...})");
        {
            Reader m(r.at("model"), r.path("model"), file);
            const bool preset = m.has("preset");
            const bool path = m.has("file");
            if (preset == path)
                m.fail("", "give exactly one of \"preset\" or \"file\"");
            (void)m.string(preset ? "preset" : "file", "");
            m.finish();
            t.model = r.at("model");
        }
        if (r.has("dataset")) {
            Reader d(r.at("dataset"), r.path("dataset"), file);
            t.dataset_name = d.string("name", "");
            t.dataset_bytes = d.quantity("size_gb", 0.0, units::parseBytes, "a size");
            // size_gb as a number means GB (1e9 bytes); a string carries its own unit.
            if (d.has("size_gb") && d.at("size_gb").is_number())
                t.dataset_bytes *= 1e9;
            if (t.dataset_bytes < 0)
                d.fail("size_gb", "must not be negative");
            d.finish();
        }
        if (r.has("parallelism")) {
            Reader p(r.at("parallelism"), r.path("parallelism"), file);
            t.mode = p.string("mode", "data");
            if (t.mode != "data")
                p.fail("mode", "only data parallelism (\"data\") is simulated in this version");
            t.global_batch_tokens = p.number("global_batch_tokens", t.global_batch_tokens, 1, 1e15);
            t.seq_len = static_cast<int>(p.integer("seq_len", t.seq_len, 1, 10000000));
            t.dtype = p.string("dtype", t.dtype);
            if (t.dtype != "bf16" && t.dtype != "fp16" && t.dtype != "fp32" && t.dtype != "fp8")
                p.fail("dtype",
                       "unknown dtype '" + t.dtype + "' (expected bf16, fp16, fp32 or fp8)");
            t.zero_stage = static_cast<int>(p.integer("zero_stage", 0, 0, 3));
            t.mfu = p.number("mfu", t.mfu, 0.0, 1.0, true);
            t.activation_recompute = p.boolean("activation_recompute", false);
            p.finish();
        }
        t.source = r.string("source", "");
        if (t.source.empty()) {
            auto centres = topo.nodesOfKind(topology::NodeKind::Center);
            if (centres.empty())
                r.fail("", "a training experiment needs at least one compute centre (node kind "
                           "\"center\")");
            t.source = topo.node(centres.front()).id;
        } else {
            requireCenter(topo, t.source, file, r.path("source"));
        }
        if (r.has("broadcast")) {
            Reader b(r.at("broadcast"), r.path("broadcast"), file);
            t.broadcast_algorithm = b.string("algorithm", t.broadcast_algorithm);
            t.broadcast_protocol = b.protocol("protocol", t.broadcast_protocol);
            t.broadcast_dataset = b.boolean("dataset", true);
            t.broadcast_chunks = static_cast<int>(b.integer("chunks", t.broadcast_chunks, 1, 4096));
            b.finish();
        }
        t.intra_center = readPhase(r, "intra_center", t.intra_center, topo, file, false);
        t.inter_center = readPhase(r, "inter_center", t.inter_center, topo, file, true);
        t.update_s = r.quantity(
            "update_s", -1.0, [](const std::string& s) { return units::parseDurationS(s); },
            "a duration");
        if (r.has("update_s") && t.update_s < 0)
            r.fail("update_s",
                   "must not be negative (leave it out to derive the step from the device)");
    } else {
        MicroBenchmarkSpec& b = spec.bench;
        b.bytes = r.quantity("bytes", 0.0, units::parseBytes, "a size");
        if (!r.has("bytes") || !(b.bytes > 0))
            r.fail("bytes", "a micro-benchmark needs \"bytes\" > 0");
        b.protocol = r.protocol("protocol", net::Protocol::Tcp);
        b.repeat = static_cast<int>(r.integer("repeat", 1, 1, 100000));
        b.chunks = static_cast<int>(r.integer("chunks", 1, 1, 4096));
        if (spec.kind == ExperimentKind::Collective) {
            b.operation = r.string("operation", "allreduce");
            // Default: ring where it exists, else the one every operation supports.
            const bool ringless =
                b.operation == "broadcast" || b.operation == "reduce" || b.operation == "alltoall";
            b.algorithm = r.string("algorithm", b.operation == "alltoall" ? "direct"
                                                : ringless                ? "binomial"
                                                                          : "ring");
            b.participants = r.strings("participants");
            if (b.participants.size() < 2)
                r.fail("participants", "a collective needs at least two participants");
            std::set<std::string> seen;
            for (std::size_t i = 0; i < b.participants.size(); ++i) {
                const std::string p = r.path("participants") + "/" + std::to_string(i);
                requireNode(topo, b.participants[i], file, p);
                if (!seen.insert(b.participants[i]).second)
                    throw InputError(file, p,
                                     "participant '" + b.participants[i] + "' is listed twice");
            }
        } else {
            b.operation = "p2p";
            const std::string from = r.string("from", "");
            const std::string to = r.string("to", "");
            if (from.empty())
                r.fail("from", "a p2p experiment needs \"from\"");
            if (to.empty())
                r.fail("to", "a p2p experiment needs \"to\"");
            requireNode(topo, from, file, r.path("from"));
            requireNode(topo, to, file, r.path("to"));
            if (from == to) // nothing would cross the network: 0 s, algbw 0
                r.fail("to",
                       "a p2p experiment needs two different nodes, got \"" + to + "\" twice");
            b.participants = {from, to};
        }
    }
    r.finish();
    return spec;
}

} // namespace meridian::experiment
