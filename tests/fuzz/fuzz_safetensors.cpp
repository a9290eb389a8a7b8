// libFuzzer target for the .safetensors header reader: any file either converts to a model
// or throws InputError (the 8-byte length, the JSON header and its tensors are all checked).
#include "FuzzInput.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/workload/SafetensorsImport.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static meridian::fuzz::InputFile file(".safetensors");
    try {
        const meridian::workload::ModelSpec model =
            meridian::workload::readSafetensors(file.write(data, size));
        (void)model.parameterCount();
    } catch (const meridian::InputError&) {
        // Expected for bad input.
    }
    return 0;
}
