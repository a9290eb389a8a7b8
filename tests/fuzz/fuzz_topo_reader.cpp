// libFuzzer target for the .topo reader: any input either parses or throws InputError.
// Anything else (another exception, a crash, a sanitizer report, a hang) is a bug.
// A parsed project must also survive serialize → parse unchanged.
#include "meridian/core/Error.hpp"
#include "meridian/io/ProjectFile.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const meridian::io::Project project = meridian::io::parseProject(text, "fuzz.topo");
        const std::string written = meridian::io::serializeProject(project);
        if (!(meridian::io::parseProject(written, "fuzz-rewritten.topo") == project))
            std::abort(); // round trip lost information
    } catch (const meridian::InputError&) {
        // Expected for bad input.
    }
    return 0;
}
