// A Hugging Face config.json as a ModelSpec (docs/compute-model.md): per block an input
// norm, attention, a post-attention norm and an MLP, between the embedding and the head.
// Checked by tests/workload/HfConfigImportTest.cpp.
#include "meridian/workload/HfConfigImport.hpp"

#include "JsonFile.hpp"
#include "io/ObjectReader.hpp"
#include "meridian/core/Error.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>

namespace meridian::workload {

using nlohmann::json;

namespace {

/// The first of `keys` present (names differ between families: "hidden_size", "n_embd").
std::int64_t intKey(io::ObjectReader& c, std::initializer_list<const char*> keys, bool required,
                    std::int64_t fallback = 0)
{
    for (const char* key : keys) {
        const auto* v = c.get(key);
        if (v == nullptr)
            continue;
        if (!v->is_number_integer() || v->get<std::int64_t>() <= 0)
            c.fail(key, "expected a positive integer");
        return v->get<std::int64_t>();
    }
    if (required)
        c.fail(*keys.begin(), "missing");
    return fallback;
}

struct Shape
{
    std::string family;
    std::int64_t h = 0, layers = 0, heads = 0, kv_heads = 0, head_dim = 0, inter = 0, vocab = 0;
    std::int64_t positions = 0;
    bool tied = false;
    bool gated = false;      // SwiGLU MLP with three matrices
    bool layer_norm = false; // LayerNorm (weight + bias) instead of RMSNorm (weight)
    bool qkv_bias = false, o_bias = false, mlp_bias = false;
    bool learned_positions = false;
};

Shape readShape(io::ObjectReader& c)
{
    Shape s;
    const auto type = c.optString("model_type");
    if (!type)
        c.fail("model_type", "missing (llama, mistral, qwen2, gpt2, gpt_neox)");
    s.family = *type;
    s.h = intKey(c, {"hidden_size", "n_embd"}, true);
    s.layers = intKey(c, {"num_hidden_layers", "n_layer"}, true);
    s.heads = intKey(c, {"num_attention_heads", "n_head"}, true);
    s.vocab = intKey(c, {"vocab_size"}, true);
    s.kv_heads = intKey(c, {"num_key_value_heads"}, false, s.heads);
    s.positions = intKey(c, {"max_position_embeddings", "n_positions", "n_ctx"}, false, 2048);
    if (s.h % s.heads != 0 && !c.has("head_dim"))
        c.fail("num_attention_heads", "does not divide hidden_size");
    s.head_dim = intKey(c, {"head_dim"}, false, s.h / s.heads);
    if (s.heads % s.kv_heads != 0)
        c.fail("num_key_value_heads", "must divide num_attention_heads");

    if (s.family == "llama" || s.family == "mistral" || s.family == "qwen2") {
        s.gated = true;
        s.inter = intKey(c, {"intermediate_size"}, true);
        s.tied = c.optBoolean("tie_word_embeddings").value_or(false);
        // Qwen2 always has Q/K/V biases (modeling_qwen2.py); Llama may via attention_bias.
        const bool attention_bias = c.optBoolean("attention_bias").value_or(false);
        s.qkv_bias = s.family == "qwen2" || attention_bias;
        s.o_bias = attention_bias;
        s.mlp_bias = c.optBoolean("mlp_bias").value_or(false);
    } else if (s.family == "gpt2" || s.family == "gpt_neox") {
        s.layer_norm = true;
        s.qkv_bias = s.o_bias = s.mlp_bias = true;
        s.inter = intKey(c, {"intermediate_size", "n_inner"}, false, 4 * s.h);
        s.learned_positions = s.family == "gpt2";
        s.tied = c.optBoolean("tie_word_embeddings").value_or(s.family == "gpt2");
    } else {
        c.fail("model_type", "unsupported model_type '" + s.family +
                                 "' (supported: llama, mistral, qwen2, gpt2, gpt_neox)");
    }
    return s;
}

GemmSpec weightGemm(double k, double n)
{
    return GemmSpec{1.0, k, n, 1.0, GemmScope::Batch};
}

/// The model's name: the caller's, else the config's first architecture, else its family.
std::string modelName(io::ObjectReader& c, const Shape& s, const std::string& name)
{
    if (!name.empty())
        return name;
    if (const auto* arch = c.get("architectures");
        arch != nullptr && arch->is_array() && !arch->empty() && (*arch)[0].is_string())
        return (*arch)[0].get<std::string>();
    return s.family;
}

/// The weights' dtype: transformers ≥ 4.56 writes "dtype", older configs "torch_dtype"
/// ("dtype" preferred); without either, transformers' default fp32 (GPT-2). An unknown name
/// keeps m.dtype's default and adds a note.
void readDType(io::ObjectReader& c, ModelSpec& m)
{
    auto dt = c.optString("dtype");
    if (!dt)
        dt = c.optString("torch_dtype");
    if (dt) {
        if (auto d = dtypeFromString(*dt))
            m.dtype = *d;
        else
            m.notes.push_back("unknown dtype '" + *dt + "': " + std::string(toString(m.dtype)) +
                              " assumed");
    } else {
        m.dtype = DType::Fp32;
    }
}

// Per-layer figures. Activation bytes per token follow Korthikanti et al., "Reducing
// Activation Recomputation in Large Transformer Models" (2022), whose figures are for 16-bit
// elements: `b` scales them to the model's dtype (bytesPerElement / 2).

LayerSpec embeddingLayer(const Shape& s)
{
    LayerSpec emb;
    emb.name = "embedding";
    emb.kind = LayerKind::Embedding;
    emb.parameters = s.vocab * s.h + (s.learned_positions ? s.positions * s.h : 0);
    return emb;
}

/// RMSNorm (weight) or LayerNorm (weight + bias).
LayerSpec normLayer(const Shape& s, const std::string& name, double b)
{
    LayerSpec l;
    l.name = name;
    l.kind = LayerKind::Norm;
    l.parameters = s.layer_norm ? 2 * s.h : s.h;
    l.activation_bytes_per_token = 2.0 * static_cast<double>(s.h) * b;
    return l;
}

/// Q, K, V (grouped-query: kv_heads of head_dim) and output projections, plus per head the
/// scores Q·Kᵀ (s×d·d×s) and context P·V (s×s·s×d).
LayerSpec attentionLayer(const Shape& s, const std::string& prefix, double b)
{
    const auto h = static_cast<double>(s.h);
    const auto q_out = static_cast<double>(s.heads * s.head_dim);
    const auto kv_out = static_cast<double>(s.kv_heads * s.head_dim);
    LayerSpec att;
    att.name = prefix + "attention";
    att.kind = LayerKind::Attention;
    att.parameters = static_cast<std::int64_t>(h * q_out + 2.0 * h * kv_out + q_out * h);
    if (s.qkv_bias)
        att.parameters += static_cast<std::int64_t>(q_out + 2.0 * kv_out);
    if (s.o_bias)
        att.parameters += s.h;
    att.gemms = {weightGemm(h, q_out),
                 weightGemm(h, kv_out),
                 weightGemm(h, kv_out),
                 weightGemm(q_out, h),
                 GemmSpec{GemmSpec::kSeqLen, static_cast<double>(s.head_dim), GemmSpec::kSeqLen,
                          static_cast<double>(s.heads), GemmScope::Sequence},
                 GemmSpec{GemmSpec::kSeqLen, GemmSpec::kSeqLen, static_cast<double>(s.head_dim),
                          static_cast<double>(s.heads), GemmScope::Sequence}};
    att.activation_bytes_per_token = 11.0 * h * b;
    att.activation_bytes_per_token_per_seq = 5.0 * static_cast<double>(s.heads) * b;
    return att;
}

/// SwiGLU (gate, up, down) or the two-matrix GELU MLP with biases.
LayerSpec mlpLayer(const Shape& s, const std::string& prefix, double b)
{
    const auto h = static_cast<double>(s.h);
    const auto inter = static_cast<double>(s.inter);
    LayerSpec mlp;
    mlp.name = prefix + "mlp";
    mlp.kind = LayerKind::Mlp;
    if (s.gated) {
        mlp.parameters = static_cast<std::int64_t>(3.0 * h * inter);
        if (s.mlp_bias)
            mlp.parameters += 2 * s.inter + s.h;
        mlp.gemms = {weightGemm(h, inter), weightGemm(h, inter), weightGemm(inter, h)};
        mlp.activation_bytes_per_token = (2.0 * h + 6.0 * inter) * b;
    } else {
        mlp.parameters = static_cast<std::int64_t>(2.0 * h * inter) + s.inter + s.h;
        mlp.gemms = {weightGemm(h, inter), weightGemm(inter, h)};
        mlp.activation_bytes_per_token = (3.0 * h + 4.0 * inter) * b;
    }
    return mlp;
}

LayerSpec lmHeadLayer(const Shape& s, double b)
{
    const auto h = static_cast<double>(s.h);
    LayerSpec head;
    head.name = "lm_head";
    head.kind = LayerKind::LmHead;
    head.parameters = s.tied ? 0 : s.vocab * s.h; // tied heads reuse the embedding matrix
    head.gemms = {weightGemm(h, static_cast<double>(s.vocab))};
    head.activation_bytes_per_token = 2.0 * h * b;
    return head;
}

} // namespace

ModelSpec modelFromHfConfig(const json& config, const std::string& name,
                            std::optional<double> seq_len)
{
    if (!config.is_object())
        throw InputError({}, "", "config.json must be a JSON object");
    io::ObjectReader c(config, "", {}, io::ObjectReader::Mode::Lenient);
    const Shape s = readShape(c);
    ModelSpec m;
    m.family = s.family;
    m.name = modelName(c, s, name);
    readDType(c, m);
    m.seq_len = seq_len.value_or(std::min(static_cast<double>(s.positions), kDefaultMaxSeqLen));
    if (!(m.seq_len >= 1.0))
        throw InputError({}, "seq_len", "must be at least 1");
    m.hidden_size = s.h;
    m.num_blocks = static_cast<int>(s.layers);
    m.unit = "token";
    m.source = "Hugging Face config.json (" + s.family + ")";

    const double b = bytesPerElement(m.dtype) / 2.0;
    m.layers.push_back(embeddingLayer(s));
    for (std::int64_t i = 0; i < s.layers; ++i) {
        const std::string prefix = "layers." + std::to_string(i) + ".";
        m.layers.push_back(normLayer(s, prefix + "input_norm", b));
        m.layers.push_back(attentionLayer(s, prefix, b));
        m.layers.push_back(normLayer(s, prefix + "post_attention_norm", b));
        m.layers.push_back(mlpLayer(s, prefix, b));
    }
    m.layers.push_back(normLayer(s, "final_norm", b));
    m.layers.push_back(lmHeadLayer(s, b));
    if (s.tied)
        m.notes.emplace_back("lm_head shares the embedding matrix (tie_word_embeddings)");
    return m;
}

ModelSpec readHfConfig(const std::filesystem::path& file, std::optional<double> seq_len)
{
    const json j = detail::readJsonFile(file);
    try {
        std::string name;
        const auto arch = j.is_object() ? j.find("architectures") : j.end();
        if (arch == j.end() || !arch->is_array() || arch->empty())
            name = file.parent_path().filename().string();
        return modelFromHfConfig(j, name, seq_len);
    } catch (const InputError& e) {
        throw e.withFile(file.string());
    }
}

} // namespace meridian::workload
