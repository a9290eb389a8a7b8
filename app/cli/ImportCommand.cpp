// meridian-cli import FILE.graphml: convert a GraphML WAN map into a .topo (docs/cli.md).
#include "Args.hpp"
#include "Commands.hpp"
#include "meridian/core/Units.hpp"
#include "meridian/io/GraphmlImport.hpp"
#include "meridian/io/ProjectFile.hpp"
#include "meridian/topology/Validation.hpp"

#include <cmath>
#include <filesystem>
#include <iostream>

namespace meridian::cli {
namespace {

void printImportHelp(std::ostream& out)
{
    out << "usage: meridian-cli import FILE.graphml [-o OUT.topo] [--default-bandwidth 10G]\n"
           "                           [--route-factor 1.0] [--name NAME]\n\n"
           "Imports a GraphML map (Internet Topology Zoo) as routers and WAN links.\n"
           "  -o, --out FILE           output .topo (default: <input stem>.topo here)\n"
           "  --default-bandwidth BW   speed of links whose speed is unknown (default 10G;\n"
           "                           a bare number is Gbit/s)\n"
           "  --route-factor F         fibre length / great-circle distance (default 1.0)\n"
           "  --name NAME              project name (default: the map's label)\n\n"
           "Link delay = great-circle distance × route factor × 4.9 µs/km.\n"
           "exit codes: 0 written, 1 cannot write the output, 2 bad input or arguments\n";
}

} // namespace

int cmdImport(int argc, char** argv, int first)
{
    const Args args = parseArgs(argc, argv, first, {"help"}, {{"o", "out"}, {"h", "help"}});
    if (args.has("help")) {
        printImportHelp(std::cout);
        return kExitOk;
    }
    for (const auto& [name, value] : args.options)
        if (name != "out" && name != "default-bandwidth" && name != "route-factor" &&
            name != "name") {
            std::cerr << "meridian-cli import: unknown option --" << name << "\n\n";
            printImportHelp(std::cerr);
            return kExitBadInput;
        }
    if (args.positional.size() != 1) {
        printImportHelp(std::cerr);
        return kExitBadInput;
    }
    const std::filesystem::path input = args.positional.front();

    io::GraphmlImportOptions options;
    if (auto bw = args.get("default-bandwidth")) {
        const auto bps = units::parseBandwidthBps(*bw, 1e9);
        if (!bps || !(*bps > 0.0) || !std::isfinite(*bps))
            throw InputError("command line", "--default-bandwidth",
                             "expected a bandwidth such as 10G or \"100 Mbit/s\", got '" + *bw +
                                 "'");
        options.default_bandwidth_bps = *bps;
    }
    options.route_factor = doubleOption(args, "route-factor", options.route_factor);
    if (!(options.route_factor > 0.0) || !std::isfinite(options.route_factor))
        throw InputError("command line", "--route-factor", "must be a positive number");

    io::GraphmlImportResult imported = io::importGraphml(input, options);
    for (const std::string& note : imported.notes)
        std::cout << "note: " << note << "\n";

    io::Project project;
    project.name = args.get("name").value_or(imported.name);
    project.topology = std::move(imported.topology);
    // The importer only produces valid attributes; check anyway so a bad map (for example a
    // zero link speed that slipped through) is reported here, not when the .topo is opened.
    const auto issues = topology::validate(project.topology);
    for (const auto& issue : issues)
        std::cerr << input.string() << ": imported topology " << issue.location << ": "
                  << issue.message << "\n";
    if (!issues.empty())
        return kExitBadInput;

    const std::filesystem::path out = args.get("out").value_or(input.stem().string() + ".topo");
    try {
        io::writeProject(project, out);
    } catch (const InputError& e) {
        std::cerr << "error: " << e.what() << "\n";
        return kExitFailure;
    }
    std::cout << "wrote " << out.string() << ": " << project.topology.nodeCount() << " nodes, "
              << project.topology.linkCount() << " links\n";
    return kExitOk;
}

} // namespace meridian::cli
