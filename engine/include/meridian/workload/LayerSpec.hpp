#pragma once
// One layer (or layer group) of a model: parameters, the GEMMs it runs, activation memory.
//
// FLOPs convention (Kaplan et al. 2020 §2.1; Narayanan et al. 2021 §3): a GEMM of shape
// M×K×N costs 2·M·K·N FLOPs (one multiply + one add per MAC). Element-wise work (norms,
// activations, softmax, residual adds) is NOT counted; it is < 1 % of the total for
// transformers with hidden size ≥ 1024. Layers may carry `other_flops_per_token` for work
// that is known but not described as GEMMs (e.g. a CNN preset given in FLOPs only).
//
// "Per token" means per training unit: a token for language models, a sample (image) for
// CNNs and ONNX graphs.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace meridian::workload {

enum class LayerKind
{
    Embedding,
    Attention,
    Mlp,
    Norm,
    LmHead,
    Conv,
    Gemm,
    Other
};
std::string_view toString(LayerKind kind); // "embedding", "attention", "lm_head", ...
std::optional<LayerKind> layerKindFromString(std::string_view text);

/// How a GEMM scales with the work of a step.
enum class GemmScope
{
    /// Weight GEMM: its M dimension is `m` rows per unit, merged over all units of the
    /// micro-batch (M = m · units), repeated `instances` times per micro-batch (groups).
    Batch,
    /// Per-sequence GEMM (attention scores Q·Kᵀ and context P·V): `instances` GEMMs of shape
    /// m×k×n for every sequence of the micro-batch.
    Sequence,
};
std::string_view toString(GemmScope scope);
std::optional<GemmScope> gemmScopeFromString(std::string_view text);

/// A GEMM C[M×N] = A[M×K]·B[K×N]. A dimension equal to kSeqLen (0) stands for the sequence
/// length, so one description serves every sequence length.
struct GemmSpec
{
    static constexpr double kSeqLen = 0.0;
    double m = 1.0;
    double k = 0.0;
    double n = 0.0;
    double instances = 1.0;
    GemmScope scope = GemmScope::Batch;

    /// Dimensions with kSeqLen replaced by `seq_len`.
    double mAt(double seq_len) const { return m == kSeqLen ? seq_len : m; }
    double kAt(double seq_len) const { return k == kSeqLen ? seq_len : k; }
    double nAt(double seq_len) const { return n == kSeqLen ? seq_len : n; }
    /// Forward FLOPs per unit (token or sample): Batch 2·m·k·n·instances,
    /// Sequence 2·m·k·n·instances / seq_len (one sequence holds seq_len tokens).
    double flopsPerToken(double seq_len) const;

    bool operator==(const GemmSpec&) const = default;
};

struct LayerSpec
{
    std::string name;
    LayerKind kind = LayerKind::Other;
    std::int64_t parameters = 0;
    /// Stored size of the parameters when a checkpoint tells it (safetensors), else 0 and
    /// parameters × bytesPerElement(model dtype) is used.
    double weight_bytes = 0.0;
    std::vector<GemmSpec> gemms;
    double other_flops_per_token = 0.0; ///< forward FLOPs not described by `gemms`
    /// Activation bytes kept for the backward pass per token, independent of sequence length.
    double activation_bytes_per_token = 0.0;
    /// Extra activation bytes per token per position of the sequence (attention scores:
    /// 5·a bytes in Korthikanti et al. 2022 eq. 2); dropped when FlashAttention is used.
    double activation_bytes_per_token_per_seq = 0.0;

    /// Forward FLOPs per token at sequence length `seq_len`.
    double forwardFlopsPerToken(double seq_len) const;
    double activationBytesPerToken(double seq_len, bool flash_attention) const;

    bool operator==(const LayerSpec&) const = default;
};

} // namespace meridian::workload
