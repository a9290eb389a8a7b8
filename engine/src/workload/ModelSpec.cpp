#include "meridian/workload/ModelSpec.hpp"

#include "io/ObjectReader.hpp"
#include "meridian/core/Error.hpp"

#include <cmath>

namespace meridian::workload {

using nlohmann::json;

std::int64_t ModelSpec::parameterCount() const
{
    std::int64_t n = 0;
    for (const auto& l : layers)
        n += l.parameters;
    return n;
}

double ModelSpec::forwardFlopsPerToken(double s) const
{
    double flops = 0.0;
    for (const auto& l : layers)
        flops += l.forwardFlopsPerToken(s);
    return flops;
}

double ModelSpec::trainingFlopsPerToken(double s, bool recompute) const
{
    // Backward = 2 × forward (input and weight gradients); recomputation replays the forward.
    return (recompute ? 4.0 : 3.0) * forwardFlopsPerToken(s);
}

double ModelSpec::weightBytes() const
{
    double bytes = 0.0;
    for (const auto& l : layers)
        bytes += l.weight_bytes > 0.0 ? l.weight_bytes
                                      : static_cast<double>(l.parameters) * bytesPerElement(dtype);
    return bytes;
}

double ModelSpec::gradientBytes(DType grad_dtype) const
{
    return static_cast<double>(parameterCount()) * bytesPerElement(grad_dtype);
}

double ModelSpec::activationBytesPerToken(double s, bool flash_attention) const
{
    double bytes = 0.0;
    for (const auto& l : layers)
        bytes += l.activationBytesPerToken(s, flash_attention);
    return bytes;
}

ModelSpec ModelSpec::withSeqLen(double s) const
{
    ModelSpec out = *this;
    out.seq_len = s;
    return out;
}

namespace {

json dimToJson(double d)
{
    if (d == GemmSpec::kSeqLen)
        return "s";
    return d;
}

double dimFromJson(io::ObjectReader& r, const char* key, double fallback)
{
    const auto* v = r.get(key);
    if (v == nullptr)
        return fallback;
    if (v->is_string() && v->get<std::string>() == "s")
        return GemmSpec::kSeqLen;
    if (!v->is_number() || !(v->get<double>() > 0) || !std::isfinite(v->get<double>()))
        r.fail(key, "expected a positive number or \"s\"");
    return v->get<double>();
}

GemmSpec gemmFromJson(const io::ObjectReader& layer, const json& jg, const std::string& gpath)
{
    if (!jg.is_object())
        throw InputError({}, gpath, "a GEMM must be an object with m, k, n");
    io::ObjectReader r = layer.child(jg, gpath);
    GemmSpec spec;
    spec.m = dimFromJson(r, "m", 1.0);
    if (!r.has("k") || !r.has("n"))
        throw InputError({}, gpath, "a GEMM needs k and n");
    spec.k = dimFromJson(r, "k", 1.0);
    spec.n = dimFromJson(r, "n", 1.0);
    spec.instances = r.nonNegative("instances", 1.0);
    const std::string scope = r.optString("scope").value_or("batch");
    auto sc = gemmScopeFromString(scope);
    if (!sc)
        r.fail("scope", R"(expected "batch" or "sequence")");
    spec.scope = *sc;
    return spec;
}

LayerSpec layerFromJson(const io::ObjectReader& model, const json& jl, std::size_t i,
                        const std::string& path)
{
    if (!jl.is_object())
        throw InputError({}, path, "a layer must be an object");
    io::ObjectReader r = model.child(jl, path);
    LayerSpec l;
    l.name = r.optString("name").value_or("layer" + std::to_string(i));
    const std::string kind = r.optString("kind").value_or("other");
    auto k = layerKindFromString(kind);
    if (!k)
        r.fail("kind", "unknown layer kind '" + kind +
                           "' (embedding, attention, mlp, norm, lm_head, conv, gemm, other)");
    l.kind = *k;
    l.parameters = static_cast<std::int64_t>(r.nonNegative("parameters", 0.0));
    l.weight_bytes = r.nonNegative("weight_bytes", 0.0);
    l.other_flops_per_token = r.nonNegative("other_flops_per_token", 0.0);
    l.activation_bytes_per_token = r.nonNegative("activation_bytes_per_token", 0.0);
    l.activation_bytes_per_token_per_seq = r.nonNegative("activation_bytes_per_token_per_seq", 0.0);
    if (const auto* gemms = r.optArray("gemms"))
        for (std::size_t g = 0; g < gemms->size(); ++g)
            l.gemms.push_back(
                gemmFromJson(r, (*gemms)[g], r.pathOf("gemms") + "/" + std::to_string(g)));
    return l;
}

} // namespace

json toJson(const ModelSpec& model)
{
    json layers = json::array();
    for (const auto& l : model.layers) {
        json gemms = json::array();
        for (const auto& g : l.gemms)
            gemms.push_back({{"m", dimToJson(g.m)},
                             {"k", dimToJson(g.k)},
                             {"n", dimToJson(g.n)},
                             {"instances", g.instances},
                             {"scope", toString(g.scope)}});
        json jl = {{"name", l.name},
                   {"kind", toString(l.kind)},
                   {"parameters", l.parameters},
                   {"forward_flops_per_token", l.forwardFlopsPerToken(model.seq_len)}};
        if (l.weight_bytes > 0.0)
            jl["weight_bytes"] = l.weight_bytes;
        if (!gemms.empty())
            jl["gemms"] = gemms;
        if (l.other_flops_per_token != 0.0)
            jl["other_flops_per_token"] = l.other_flops_per_token;
        jl["activation_bytes_per_token"] = l.activation_bytes_per_token;
        if (l.activation_bytes_per_token_per_seq != 0.0)
            jl["activation_bytes_per_token_per_seq"] = l.activation_bytes_per_token_per_seq;
        layers.push_back(std::move(jl));
    }
    json out = {{"name", model.name},
                {"family", model.family},
                {"dtype", toString(model.dtype)},
                {"seq_len", model.seq_len},
                {"hidden_size", model.hidden_size},
                {"num_blocks", model.num_blocks},
                {"unit", model.unit},
                {"parameters", model.parameterCount()},
                {"forward_flops_per_token", model.forwardFlopsPerToken()},
                {"training_flops_per_token", model.trainingFlopsPerToken()},
                {"layers", layers}};
    if (!model.source.empty())
        out["source"] = model.source;
    if (!model.notes.empty())
        out["notes"] = model.notes;
    return out;
}

ModelSpec modelSpecFromJson(const json& j)
{
    if (!j.is_object())
        throw InputError({}, "", "a model must be a JSON object");
    io::ObjectReader r(j, "", {}, io::ObjectReader::Mode::Lenient);
    ModelSpec m;
    m.name = r.string("name", "");
    if (m.name.empty())
        r.fail("name", "a model needs a name");
    m.family = r.string("family", "");
    if (auto d = r.optString("dtype")) {
        auto dt = dtypeFromString(*d);
        if (!dt)
            r.fail("dtype", "unknown dtype '" + *d + "' (fp32, bf16, fp16, fp8)");
        m.dtype = *dt;
    }
    m.seq_len = r.nonNegative("seq_len", 1.0);
    if (!(m.seq_len >= 1.0))
        r.fail("seq_len", "must be at least 1");
    m.hidden_size = static_cast<std::int64_t>(r.nonNegative("hidden_size", 0.0));
    m.num_blocks = static_cast<int>(r.nonNegative("num_blocks", 0.0));
    m.unit = r.string("unit", "token");
    if (m.unit != "token" && m.unit != "sample")
        r.fail("unit", R"(must be "token" or "sample")");
    m.source = r.string("source", "");
    if (const auto* notes = r.get("notes"); notes != nullptr && notes->is_array())
        for (const auto& n : *notes)
            if (n.is_string())
                m.notes.push_back(n.get<std::string>());

    const auto* layers = r.get("layers");
    if (layers == nullptr || !layers->is_array() || layers->empty())
        r.fail("layers", "expected a non-empty array of layers");
    for (std::size_t i = 0; i < layers->size(); ++i)
        m.layers.push_back(
            layerFromJson(r, (*layers)[i], i, r.pathOf("layers") + "/" + std::to_string(i)));
    // A stated total is a checksum against typing errors in hand-written presets.
    if (auto stated = r.optNumber("parameters")) {
        if (static_cast<std::int64_t>(*stated) != m.parameterCount())
            r.fail("parameters", "states " + std::to_string(static_cast<std::int64_t>(*stated)) +
                                     " parameters but the layers add up to " +
                                     std::to_string(m.parameterCount()));
    }
    return m;
}

} // namespace meridian::workload
