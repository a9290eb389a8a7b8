#include "meridian/workload/DType.hpp"

#include "meridian/core/Text.hpp"

#include <string>

namespace meridian::workload {

double bytesPerElement(DType dtype)
{
    switch (dtype) {
    case DType::Fp32:
        return 4.0;
    case DType::Bf16:
    case DType::Fp16:
        return 2.0;
    case DType::Fp8:
        return 1.0;
    }
    return 4.0;
}

std::string_view toString(DType dtype)
{
    switch (dtype) {
    case DType::Fp32:
        return "fp32";
    case DType::Bf16:
        return "bf16";
    case DType::Fp16:
        return "fp16";
    case DType::Fp8:
        return "fp8";
    }
    return "fp32";
}

std::optional<DType> dtypeFromString(std::string_view text)
{
    std::string t = text::lower(text);
    if (t.rfind("torch.", 0) == 0)
        t = t.substr(6);
    if (t == "fp32" || t == "float32" || t == "float" || t == "f32" || t == "tf32")
        return DType::Fp32;
    if (t == "bf16" || t == "bfloat16")
        return DType::Bf16;
    if (t == "fp16" || t == "float16" || t == "half" || t == "f16")
        return DType::Fp16;
    if (t == "fp8" || t == "float8" || t.rfind("float8_", 0) == 0 || t.rfind("f8_", 0) == 0)
        return DType::Fp8;
    return std::nullopt;
}

} // namespace meridian::workload
