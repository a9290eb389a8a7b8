// libFuzzer target for the GraphML importer (Topology Zoo maps): any input either imports or
// throws InputError. An imported topology must pass structural validation's own contract
// (validate() never throws) and survive being written as a .topo and read back.
#include "FuzzInput.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/io/GraphmlImport.hpp"
#include "meridian/io/ProjectFile.hpp"
#include "meridian/topology/Validation.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static meridian::fuzz::InputFile file(".graphml");
    try {
        meridian::io::GraphmlImportResult result =
            meridian::io::importGraphml(file.write(data, size));
        (void)meridian::topology::validate(result.topology);
        meridian::io::Project project;
        project.topology = std::move(result.topology);
        const std::string written = meridian::io::serializeProject(project);
        (void)meridian::io::parseProject(written, "fuzz-imported.topo");
    } catch (const meridian::InputError&) {
        // Expected for bad input.
    }
    return 0;
}
