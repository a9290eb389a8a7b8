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
    m.name = name;
    if (m.name.empty()) {
        if (const auto* arch = c.get("architectures");
            arch != nullptr && arch->is_array() && !arch->empty() && (*arch)[0].is_string())
            m.name = (*arch)[0].get<std::string>();
        else
            m.name = s.family;
    }
    // transformers ≥ 4.56 writes "dtype"; older configs "torch_dtype". Prefer "dtype".
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
        m.dtype = DType::Fp32; // transformers' default when no dtype is given (GPT-2)
    }
    m.seq_len = seq_len.value_or(std::min(static_cast<double>(s.positions), kDefaultMaxSeqLen));
    if (!(m.seq_len >= 1.0))
        throw InputError({}, "seq_len", "must be at least 1");
    m.hidden_size = s.h;
    m.num_blocks = static_cast<int>(s.layers);
    m.unit = "token";
    m.source = "Hugging Face config.json (" + s.family + ")";

    const auto h = static_cast<double>(s.h);
    const auto q_out = static_cast<double>(s.heads * s.head_dim);
    const auto kv_out = static_cast<double>(s.kv_heads * s.head_dim);
    const auto inter = static_cast<double>(s.inter);
    const double b = bytesPerElement(m.dtype) / 2.0; // Korthikanti's figures are for 16-bit
    const std::int64_t norm_params = s.layer_norm ? 2 * s.h : s.h;

    LayerSpec emb;
    emb.name = "embedding";
    emb.kind = LayerKind::Embedding;
    emb.parameters = s.vocab * s.h + (s.learned_positions ? s.positions * s.h : 0);
    m.layers.push_back(emb);

    auto norm = [&](const std::string& n) {
        LayerSpec l;
        l.name = n;
        l.kind = LayerKind::Norm;
        l.parameters = norm_params;
        l.activation_bytes_per_token = 2.0 * h * b;
        return l;
    };

    for (std::int64_t i = 0; i < s.layers; ++i) {
        const std::string prefix = "layers." + std::to_string(i) + ".";
        m.layers.push_back(norm(prefix + "input_norm"));

        LayerSpec att;
        att.name = prefix + "attention";
        att.kind = LayerKind::Attention;
        att.parameters = static_cast<std::int64_t>(h * q_out + 2.0 * h * kv_out + q_out * h);
        if (s.qkv_bias)
            att.parameters += static_cast<std::int64_t>(q_out + 2.0 * kv_out);
        if (s.o_bias)
            att.parameters += s.h;
        att.gemms = {weightGemm(h, q_out), weightGemm(h, kv_out), weightGemm(h, kv_out),
                     weightGemm(q_out, h),
                     // scores Q·Kᵀ (s×d·d×s) and context P·V (s×s·s×d), one pair per head
                     GemmSpec{GemmSpec::kSeqLen, static_cast<double>(s.head_dim), GemmSpec::kSeqLen,
                              static_cast<double>(s.heads), GemmScope::Sequence},
                     GemmSpec{GemmSpec::kSeqLen, GemmSpec::kSeqLen, static_cast<double>(s.head_dim),
                              static_cast<double>(s.heads), GemmScope::Sequence}};
        att.activation_bytes_per_token = 11.0 * h * b;
        att.activation_bytes_per_token_per_seq = 5.0 * static_cast<double>(s.heads) * b;
        m.layers.push_back(att);

        m.layers.push_back(norm(prefix + "post_attention_norm"));

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
        m.layers.push_back(mlp);
    }
    m.layers.push_back(norm("final_norm"));

    LayerSpec head;
    head.name = "lm_head";
    head.kind = LayerKind::LmHead;
    head.parameters = s.tied ? 0 : s.vocab * s.h; // tied heads reuse the embedding matrix
    head.gemms = {weightGemm(h, static_cast<double>(s.vocab))};
    head.activation_bytes_per_token = 2.0 * h * b;
    m.layers.push_back(head);
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
