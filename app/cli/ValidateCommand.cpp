// meridian-cli validate FILE.topo...: load each file with every check and print one line
// per file when it is good, or one line per problem when it is not (docs/cli.md).
#include "Args.hpp"
#include "Commands.hpp"
#include "meridian/io/ProjectFile.hpp"

#include <iostream>

namespace meridian::cli {
namespace {

void printHelp(std::ostream& out)
{
    out << "usage: meridian-cli validate FILE.topo [FILE.topo ...]\n\n"
           "Reads each .topo file with every structural and range check and prints\n"
           "  FILE: ok — N nodes (C centres, G GPUs), M links[, experiment: KIND]\n"
           "or, for a bad file, one problem per line:\n"
           "  FILE: /json/path: problem\n\n"
           "exit codes: 0 all files are valid, 2 a file is invalid or an argument is wrong\n";
}

/// GPUs of a project: a gpu node is at least one GPU; another node counts its gpu_count
/// unless it has explicit gpu children (then the children are the detail of that count).
long long countGpus(const topology::Topology& t)
{
    using topology::NodeKind;
    long long total = 0;
    for (std::size_t i = 0; i < t.nodeCount(); ++i) {
        const NodeId id = NodeId::fromIndex(i);
        const auto& n = t.node(id);
        if (n.kind == NodeKind::Gpu) {
            total += std::max(1, n.gpu_count);
            continue;
        }
        bool explicitGpus = false;
        for (NodeId c : t.children(id))
            explicitGpus = explicitGpus || t.node(c).kind == NodeKind::Gpu;
        if (!explicitGpus)
            total += n.gpu_count;
    }
    return total;
}

std::string summary(const io::Project& p)
{
    const auto& t = p.topology;
    std::string line = std::to_string(t.nodeCount()) + " nodes (" +
                       std::to_string(t.nodesOfKind(topology::NodeKind::Center).size()) +
                       " centres, " + std::to_string(countGpus(t)) + " GPUs), " +
                       std::to_string(t.linkCount()) + " links";
    if (p.experiment.is_object()) {
        std::string kind = "training"; // the default of an experiment without "kind"
        if (auto k = p.experiment.find("kind"); k != p.experiment.end() && k->is_string())
            kind = k->get<std::string>();
        line += ", experiment: " + kind;
    }
    return line;
}

} // namespace

int cmdValidate(int argc, char** argv, int first)
{
    const Args args = parseArgs(argc, argv, first, {"help"}, {{"h", "help"}});
    if (args.has("help")) {
        printHelp(std::cout);
        return kExitOk;
    }
    if (!args.options.empty()) {
        std::cerr << "meridian-cli validate: unknown option --" << args.options.begin()->first
                  << "\n\n";
        printHelp(std::cerr);
        return kExitBadInput;
    }
    if (args.positional.empty()) {
        printHelp(std::cerr);
        return kExitBadInput;
    }
    int exitCode = kExitOk;
    for (const std::string& file : args.positional) {
        const io::ProjectLoadResult result = io::loadProjectFile(file);
        if (result.ok()) {
            std::cout << file << ": ok — " << summary(*result.project) << "\n";
            continue;
        }
        exitCode = kExitBadInput;
        for (const InputError& e : result.errors)
            std::cout << e.what() << "\n";
    }
    return exitCode;
}

} // namespace meridian::cli
