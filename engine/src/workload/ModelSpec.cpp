#include "meridian/workload/ModelSpec.hpp"

#include "JsonRead.hpp"
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

double dimFromJson(const json& obj, const char* key, const std::string& path, double fallback)
{
    const auto* v = detail::member(obj, key);
    if (v == nullptr)
        return fallback;
    if (v->is_string() && v->get<std::string>() == "s")
        return GemmSpec::kSeqLen;
    if (!v->is_number() || !(v->get<double>() > 0) || !std::isfinite(v->get<double>()))
        throw InputError({}, path + "/" + key, "expected a positive number or \"s\"");
    return v->get<double>();
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
    ModelSpec m;
    m.name = detail::optString(j, "name", "").value_or("");
    if (m.name.empty())
        throw InputError({}, "/name", "a model needs a name");
    m.family = detail::optString(j, "family", "").value_or("");
    if (auto d = detail::optString(j, "dtype", "")) {
        auto dt = dtypeFromString(*d);
        if (!dt)
            throw InputError({}, "/dtype", "unknown dtype '" + *d + "' (fp32, bf16, fp16, fp8)");
        m.dtype = *dt;
    }
    m.seq_len = detail::nonNegative(j, "seq_len", "", 1.0);
    if (!(m.seq_len >= 1.0))
        throw InputError({}, "/seq_len", "must be at least 1");
    m.hidden_size = static_cast<std::int64_t>(detail::nonNegative(j, "hidden_size", "", 0.0));
    m.num_blocks = static_cast<int>(detail::nonNegative(j, "num_blocks", "", 0.0));
    m.unit = detail::optString(j, "unit", "").value_or("token");
    if (m.unit != "token" && m.unit != "sample")
        throw InputError({}, "/unit", "must be \"token\" or \"sample\"");
    m.source = detail::optString(j, "source", "").value_or("");
    if (const auto* notes = detail::member(j, "notes"); notes != nullptr && notes->is_array())
        for (const auto& n : *notes)
            if (n.is_string())
                m.notes.push_back(n.get<std::string>());

    const auto* layers = detail::member(j, "layers");
    if (layers == nullptr || !layers->is_array() || layers->empty())
        throw InputError({}, "/layers", "expected a non-empty array of layers");
    for (std::size_t i = 0; i < layers->size(); ++i) {
        const json& jl = (*layers)[i];
        const std::string path = "/layers/" + std::to_string(i);
        if (!jl.is_object())
            throw InputError({}, path, "a layer must be an object");
        LayerSpec l;
        l.name = detail::optString(jl, "name", path).value_or("layer" + std::to_string(i));
        const std::string kind = detail::optString(jl, "kind", path).value_or("other");
        auto k = layerKindFromString(kind);
        if (!k)
            throw InputError({}, path + "/kind",
                             "unknown layer kind '" + kind +
                                 "' (embedding, attention, mlp, norm, lm_head, conv, gemm, other)");
        l.kind = *k;
        l.parameters = static_cast<std::int64_t>(detail::nonNegative(jl, "parameters", path, 0.0));
        l.weight_bytes = detail::nonNegative(jl, "weight_bytes", path, 0.0);
        l.other_flops_per_token = detail::nonNegative(jl, "other_flops_per_token", path, 0.0);
        l.activation_bytes_per_token =
            detail::nonNegative(jl, "activation_bytes_per_token", path, 0.0);
        l.activation_bytes_per_token_per_seq =
            detail::nonNegative(jl, "activation_bytes_per_token_per_seq", path, 0.0);
        if (const auto* gemms = detail::member(jl, "gemms")) {
            if (!gemms->is_array())
                throw InputError({}, path + "/gemms", "expected an array");
            for (std::size_t g = 0; g < gemms->size(); ++g) {
                const json& jg = (*gemms)[g];
                const std::string gpath = path + "/gemms/" + std::to_string(g);
                if (!jg.is_object())
                    throw InputError({}, gpath, "a GEMM must be an object with m, k, n");
                GemmSpec spec;
                spec.m = dimFromJson(jg, "m", gpath, 1.0);
                if (detail::member(jg, "k") == nullptr || detail::member(jg, "n") == nullptr)
                    throw InputError({}, gpath, "a GEMM needs k and n");
                spec.k = dimFromJson(jg, "k", gpath, 1.0);
                spec.n = dimFromJson(jg, "n", gpath, 1.0);
                spec.instances = detail::nonNegative(jg, "instances", gpath, 1.0);
                const std::string scope = detail::optString(jg, "scope", gpath).value_or("batch");
                auto sc = gemmScopeFromString(scope);
                if (!sc)
                    throw InputError({}, gpath + "/scope", "expected \"batch\" or \"sequence\"");
                spec.scope = *sc;
                l.gemms.push_back(spec);
            }
        }
        m.layers.push_back(std::move(l));
    }
    // A stated total is a checksum against typing errors in hand-written presets.
    if (auto stated = detail::optNumber(j, "parameters", "")) {
        if (static_cast<std::int64_t>(*stated) != m.parameterCount())
            throw InputError({}, "/parameters",
                             "states " + std::to_string(static_cast<std::int64_t>(*stated)) +
                                 " parameters but the layers add up to " +
                                 std::to_string(m.parameterCount()));
    }
    return m;
}

} // namespace meridian::workload
