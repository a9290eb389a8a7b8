#pragma once
// Loads a model from any supported file, detected by extension and then by content:
// .safetensors, .onnx, Hugging Face config.json ("model_type"), or a model preset JSON
// ("layers" or "hf_config").

#include "meridian/workload/ModelSpec.hpp"

#include <filesystem>
#include <optional>

namespace meridian::workload {

/// Throws InputError (with the file name) when the file is unreadable or malformed.
/// `seq_len` overrides the sequence length FLOPs are quoted at.
ModelSpec loadModelFile(const std::filesystem::path& file,
                        std::optional<double> seq_len = std::nullopt);

} // namespace meridian::workload
