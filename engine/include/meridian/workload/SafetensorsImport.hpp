#pragma once
// `.safetensors` checkpoint header → ModelSpec (parameter counts and bytes per layer).
//
// File layout (huggingface/safetensors, "Format"): an 8-byte little-endian unsigned header
// length N, N bytes of UTF-8 JSON {"tensor": {"dtype", "shape", "data_offsets": [begin, end]},
// "__metadata__": {str: str}}, then the data buffer. Offsets are relative to the buffer.
// Checked here: N fits in the file (and ≤ 100 MB as the format requires), the JSON is an
// object, every dtype is known, end − begin = Π shape · bytes(dtype), end ≤ buffer size,
// and no two tensors overlap. Only the header is read; tensor data is never loaded.
//
// Parameters: a state_dict checkpoint also stores buffers, which are not parameters and are
// skipped (and listed in ModelSpec::notes): every non-floating tensor (BOOL/int masks,
// position_ids), causal-mask buffers "<attn>.bias" of shape [1, 1, n, n] (GPT-2, GPT-J),
// "*masked_bias" and "*rotary_emb.inv_freq". HF gpt2/model.safetensors thus gives
// 124,439,808 parameters, not the 137 M that counting its 12 [1,1,1024,1024] masks would.
//
// Grouping: tensors named "<prefix>.layers.N.*" / "<prefix>.h.N.*" form block N, split into
// attention / mlp / norm by name; embeddings, final norm and lm_head are separate layers.
// FLOPs: every 2-D weight outside embeddings is a GEMM of 2·rows·cols FLOPs per token.
// Without the config, attention score/context FLOPs (which need the head count) are unknown
// and are left out (noted in ModelSpec::notes).

#include "meridian/workload/ModelSpec.hpp"

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace meridian::workload {

struct SafetensorsTensor
{
    std::string name;
    std::string dtype; ///< as in the file: "BF16", "F32", ...
    std::vector<std::int64_t> shape;
    std::uint64_t begin = 0; ///< byte offsets in the data buffer
    std::uint64_t end = 0;
};

/// Parses and validates the header. `file_size` is the size of the whole file. Throws
/// InputError (location = tensor name or "header").
std::vector<SafetensorsTensor> parseSafetensorsHeader(std::string_view header_json,
                                                      std::uint64_t file_size);
/// Reads the header of a file and builds the model. Errors carry the file name.
ModelSpec readSafetensors(const std::filesystem::path& file);
/// Builds a model from already parsed tensors.
ModelSpec modelFromSafetensors(const std::vector<SafetensorsTensor>& tensors,
                               const std::string& name);

} // namespace meridian::workload
