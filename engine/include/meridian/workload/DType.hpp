#pragma once
// Numeric formats of weights, gradients and activations, and their storage sizes.

#include <optional>
#include <string_view>

namespace meridian::workload {

enum class DType
{
    Fp32,
    Bf16,
    Fp16,
    Fp8
};

/// Storage size of one element: fp32 4, bf16/fp16 2, fp8 1 bytes.
double bytesPerElement(DType dtype);
/// "fp32", "bf16", "fp16", "fp8".
std::string_view toString(DType dtype);
/// Accepts the short names above and the Hugging Face / PyTorch spellings ("float32",
/// "bfloat16", "float16", "half", "float", "float8_e4m3fn", ...), case-insensitive.
std::optional<DType> dtypeFromString(std::string_view text);

} // namespace meridian::workload
