// libFuzzer target for the Hugging Face config.json converter, through the same file read
// as `meridian-cli model config.json`: any input converts to a model or throws InputError.
#include "FuzzInput.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/workload/HfConfigImport.hpp"

#include <cmath>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static meridian::fuzz::InputFile file("-config.json");
    try {
        const meridian::workload::ModelSpec model =
            meridian::workload::readHfConfig(file.write(data, size));
        (void)model.parameterCount();
    } catch (const meridian::InputError&) {
        // Expected for bad input.
    }
    return 0;
}
