#pragma once
// Hugging Face `config.json` → ModelSpec for decoder-only transformer families.
//
// Supported `model_type`s: llama, mistral, qwen2 (gated SiLU MLP, RMSNorm, rotary positions,
// grouped-query attention), gpt2 (LayerNorm with bias, learned positions, fused QKV with bias,
// 4h GELU MLP, tied embeddings), gpt_neox (LayerNorm with bias, fused QKV with bias, rotary).
//
// Parameters per block (h hidden, a heads, g KV heads, d = head_dim = h/a unless given,
// I intermediate):
//   attention   h·a·d (Q) + 2·h·g·d (K, V) + a·d·h (O)  [+ biases where the family has them]
//   gated MLP   3·h·I                                      (llama, mistral, qwen2)
//   plain MLP   2·h·I + I + h                              (gpt2, gpt_neox; I = 4h by default)
//   norms       h per RMSNorm, 2h per LayerNorm
// plus V·h embeddings, learned positions P·h (gpt2), a final norm and an untied V·h LM head.
// Llama-3-8B: 32·218,112,000 + 2·525,336,576 + 4,096 = 8,030,261,248.
//
// Activation bytes per token (Korthikanti et al. 2022, "Reducing Activation Recomputation in
// Large Transformer Models", §4.1, 16-bit activations, scaled by bytes(dtype)/2):
//   attention 11h + 5·a·s, plain MLP 3h + 4I (= 19h at I = 4h), gated MLP 2h + 6I,
//   each norm 2h, LM head input 2h.

#include "meridian/workload/ModelSpec.hpp"

#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace meridian::workload {

/// Default sequence length quoted for FLOPs: min(max_position_embeddings, this).
inline constexpr double kDefaultMaxSeqLen = 8192.0;

/// Converts a parsed config. `name` defaults to the first entry of "architectures" or the
/// model_type; `seq_len` defaults to min(max positions, kDefaultMaxSeqLen).
/// Throws InputError (location = JSON path) for unsupported families or missing keys.
ModelSpec modelFromHfConfig(const nlohmann::json& config, const std::string& name = {},
                            std::optional<double> seq_len = std::nullopt);
/// Reads and converts a config.json file; errors carry the file name.
ModelSpec readHfConfig(const std::filesystem::path& file,
                       std::optional<double> seq_len = std::nullopt);

} // namespace meridian::workload
