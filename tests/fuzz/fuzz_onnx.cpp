// libFuzzer target for the ONNX converter (protobuf parse, ONNX shape inference, the
// project's own wire reader): any byte string converts to a model or throws InputError.
#include "meridian/core/Error.hpp"
#include "meridian/workload/OnnxImport.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    try {
        const meridian::workload::ModelSpec model = meridian::workload::modelFromOnnx(
            std::string_view(reinterpret_cast<const char*>(data), size), "fuzz");
        (void)model.parameterCount();
    } catch (const meridian::InputError&) {
        // Expected for bad input.
    }
    return 0;
}
