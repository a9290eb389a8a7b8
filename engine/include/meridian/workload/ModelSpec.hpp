#pragma once
// A model as the simulator needs it: its layers with parameters, GEMMs and activations.
//
// Training FLOPs per token (Narayanan et al. 2021, "Efficient Large-Scale Language Model
// Training on GPU Clusters", §5.1 and eq. 3):
//   forward  F = Σ_layers Σ_gemms 2·M·K·N / tokens   (= 2·N_matmul + 4·L·s·d_attn for a
//                                                        transformer: scores + context)
//   backward = 2·F (gradients w.r.t. inputs and w.r.t. weights)
//   training = 3·F, or 4·F with full activation recomputation (one extra forward).
// For a GPT block (12·h² matmul weights, 4h MLP) and vocabulary V this is exactly
// 72·B·s·L·h²·(1 + s/(6h) + V/(12·h·L)) FLOPs per batch of B sequences (Narayanan eq. 3
// without recomputation), and 6·N + 12·L·d·s per token when the logits are counted in N: the
// form of PaLM (Chowdhery et al. 2022, App. B, 6N + 12·L·H·Q·T). Kaplan et al. 2020 (§2.1,
// Table 1) give C_forward ≈ 2N + 2·n_layer·n_ctx·d_attn and train with C ≈ 6N.

#include "meridian/workload/DType.hpp"
#include "meridian/workload/LayerSpec.hpp"

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace meridian::workload {

struct ModelSpec
{
    std::string name;
    std::string family; ///< "llama", "qwen2", "gpt2", "gpt_neox", "mistral", "cnn", "onnx", ...
    DType dtype = DType::Bf16;
    double seq_len = 1.0;         ///< sequence length the FLOPs are quoted at (1 for CNNs)
    std::int64_t hidden_size = 0; ///< h, 0 when not a transformer
    int num_blocks = 0;           ///< transformer blocks L, 0 when not a transformer
    std::string unit = "token";   ///< what "per token" means: "token" or "sample"
    std::string source;           ///< where the description comes from
    std::vector<LayerSpec> layers;
    std::vector<std::string> notes; ///< converter remarks (ops not counted, assumptions)

    std::int64_t parameterCount() const;
    /// Forward FLOPs per token at the model's own or at another sequence length.
    double forwardFlopsPerToken() const { return forwardFlopsPerToken(seq_len); }
    double forwardFlopsPerToken(double seq_len) const;
    /// 3·forward, or 4·forward with activation recomputation.
    double trainingFlopsPerToken(bool recompute = false) const
    {
        return trainingFlopsPerToken(seq_len, recompute);
    }
    double trainingFlopsPerToken(double seq_len, bool recompute) const;
    /// Bytes of weights (parameters × bytesPerElement(dtype)).
    double weightBytes() const;
    /// Bytes of one full set of gradients in `grad_dtype`.
    double gradientBytes(DType grad_dtype) const;
    double gradientBytes() const { return gradientBytes(dtype); }
    /// Activation bytes per token summed over layers.
    double activationBytesPerToken(double seq_len, bool flash_attention) const;

    /// The same model quoted at another sequence length (only the metadata changes: layers
    /// describe their sequence dependence symbolically).
    ModelSpec withSeqLen(double seq_len) const;
};

/// JSON form (also the "layers" form of a model preset). Throws InputError with a JSON path.
nlohmann::json toJson(const ModelSpec& model);
ModelSpec modelSpecFromJson(const nlohmann::json& json);

} // namespace meridian::workload
