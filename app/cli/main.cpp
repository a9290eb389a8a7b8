// meridian-cli: headless front end of the Meridian engine.
#include "Args.hpp"
#include "Commands.hpp"
#include "meridian/core/Error.hpp"

#include <cstring>
#include <iostream>

using namespace meridian::cli;

namespace {

// Keep in step with Commands.hpp and docs/cli.md.
const Command kCommands[] = {
    {"validate", "check a .topo file and print a one-line summary", cmdValidate},
    {"generate", "generate a topology (star, ring, mesh, fat-tree, ...) into a .topo", cmdGenerate},
    {"import", "import a GraphML WAN map (Internet Topology Zoo) into a .topo", cmdImport},
    {"run", "run the experiment of a .topo and write results", cmdRun},
    {"model", "show a model's parameters, FLOPs per token and layers", cmdModel},
    {"sweep", "run the experiment over a grid of values; one table, plots", cmdSweep},
    {"solve", "find the smallest (largest) value meeting a target, by bisection", cmdSolve},
};

void usage(std::ostream& out)
{
    out << "usage: meridian-cli <command> [options]\n\ncommands:\n";
    for (const auto& c : kCommands)
        out << "  " << c.name << std::string(10 - std::strlen(c.name), ' ') << c.summary << "\n";
    out << "\n`meridian-cli <command> --help` describes a command.\n"
           "exit codes: 0 success, 1 the command failed, 2 invalid input or arguments\n";
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 2) {
        usage(std::cerr);
        return kExitBadInput;
    }
    const std::string name = argv[1];
    if (name == "--help" || name == "-h" || name == "help") {
        usage(std::cout);
        return kExitOk;
    }
    if (name == "--version") {
        std::cout << "meridian-cli " << MERIDIAN_VERSION << "\n";
        return kExitOk;
    }
    for (const auto& c : kCommands) {
        if (name == c.name) {
            try {
                return c.run(argc, argv, 2);
            } catch (const meridian::InputError& e) {
                std::cerr << "error: " << e.what() << "\n";
                return kExitBadInput;
            } catch (const std::exception& e) {
                std::cerr << "error: " << e.what() << "\n";
                return kExitFailure;
            }
        }
    }
    std::cerr << "meridian-cli: unknown command '" << name << "'\n\n";
    usage(std::cerr);
    return kExitBadInput;
}
