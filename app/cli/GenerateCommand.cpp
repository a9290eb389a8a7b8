// meridian-cli generate KIND [--option value ...] [--seed N] [--name TEXT] -o OUT.topo
// Every kind and option comes from the generator registry (topology/Generators.hpp), so the
// help below is always in step with the engine. A topology with GPUs is written with a
// runnable default training experiment (experiment::defaultTrainingExperiment).
#include "Args.hpp"
#include "Commands.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/core/Units.hpp"
#include "meridian/experiment/TrainingCheck.hpp"
#include "meridian/io/ProjectFile.hpp"
#include "meridian/topology/Generators.hpp"
#include "meridian/topology/Validation.hpp"

#include <iostream>
#include <limits>

namespace meridian::cli {
namespace {

using topology::GeneratorInfo;
using topology::GeneratorOption;
using topology::OptionType;

void printUsage(std::ostream& out)
{
    out << "usage: meridian-cli generate KIND [--option value ...] [--seed N] [--name TEXT] "
           "-o OUT.topo\n"
           "       meridian-cli generate KIND --dry-run [--option value ...]\n"
           "       meridian-cli generate KIND --help\n\n"
           "kinds:\n";
    for (const GeneratorInfo& g : topology::generators()) {
        std::string name = g.name;
        name.resize(std::max<std::size_t>(name.size() + 2, 16), ' ');
        out << "  " << name << g.summary << "\n";
    }
    out << "\ncommon options:\n"
           "  -o, --out FILE  the .topo file to write\n"
           "  --seed N        seed of the random generators (default 1)\n"
           "  --name TEXT     project name (default \"generated KIND\")\n"
           "  --dry-run       print the node and link counts, write nothing\n"
           "\nValues take units: --link-bandwidth 100G, --link-delay 15ms; a bare number is "
           "read in the unit the kind's help shows.\n"
           "\nexit codes: 0 written (or counted with --dry-run), 1 cannot write the output,\n"
           "            2 bad kind, option value or argument\n";
}

std::string rangeOf(const GeneratorOption& o)
{
    if (o.type == OptionType::Choice) {
        std::string list;
        for (const auto& c : o.choices)
            list += (list.empty() ? "" : "|") + c;
        return list;
    }
    std::string out;
    if (o.min && o.max)
        out = formatOptionValue(o, *o.min) + " .. " + formatOptionValue(o, *o.max);
    if (!o.unit.empty())
        out += (out.empty() ? "" : ", ") + std::string("bare number in ") + o.unit;
    return out;
}

void printKindHelp(std::ostream& out, const GeneratorInfo& g)
{
    out << "usage: meridian-cli generate " << g.name << " [options] -o OUT.topo\n\n"
        << g.summary << "\n\noptions (default in brackets):\n";
    for (const GeneratorOption& o : g.options) {
        std::string head = "  --" + o.name + " " + std::string(topology::toString(o.type));
        head.resize(std::max<std::size_t>(head.size() + 2, 34), ' ');
        out << head << o.help << " [" << o.default_text << "]";
        const std::string range = rangeOf(o);
        if (!range.empty())
            out << " (" << range << ")";
        out << "\n";
    }
    out << "\nalso: --seed N, --name TEXT, --dry-run, -o FILE\n"
           "exit codes: 0 written, 1 cannot write the output, 2 bad option value or argument\n";
}

} // namespace

int cmdGenerate(int argc, char** argv, int first)
{
    const Args args =
        parseArgs(argc, argv, first, {"help", "dry-run"}, {{"o", "out"}, {"h", "help"}});

    if (args.positional.empty()) {
        if (args.has("help")) {
            printUsage(std::cout);
            return kExitOk;
        }
        printUsage(std::cerr);
        return kExitBadInput;
    }
    if (args.positional.size() > 1)
        throw InputError("command line", args.positional[1],
                         "unexpected argument (one KIND only; options start with --)");

    const std::string& kind = args.positional.front();
    const GeneratorInfo* info = topology::findGenerator(kind);
    if (info == nullptr) {
        std::cerr << "error: unknown generator '" << kind << "'\n\n";
        printUsage(std::cerr);
        return kExitBadInput;
    }
    if (args.has("help")) {
        printKindHelp(std::cout, *info);
        return kExitOk;
    }

    const long long seed = intOption(args, "seed", 1);
    if (seed < 0)
        throw InputError("command line", "--seed", "must be >= 0, got " + std::to_string(seed));

    std::map<std::string, std::string> options;
    for (const auto& [name, value] : args.options)
        if (name != "out" && name != "seed" && name != "name")
            options[name] = value;

    if (args.has("dry-run")) {
        const auto counts =
            topology::previewCounts(info->name, options, static_cast<std::uint64_t>(seed));
        std::cout << info->name << ": " << counts.nodes << " nodes, " << counts.links << " links\n";
        return kExitOk;
    }

    const auto out = args.get("out");
    if (!out)
        throw InputError("command line", "-o", "an output file is required (-o OUT.topo)");

    io::Project project;
    project.name = args.get("name").value_or("generated " + info->name);
    project.topology = topology::generate(info->name, options, static_cast<std::uint64_t>(seed));

    // Generators promise clean output; a violation is a bug worth failing loudly on.
    const auto issues = topology::validate(project.topology);
    if (!issues.empty()) {
        for (const auto& issue : issues)
            std::cerr << "internal error: " << issue.location << ": " << issue.message << "\n";
        return kExitFailure;
    }

    // A topology with GPUs gets a training experiment that fits and divides, so that
    // `meridian-cli run OUT.topo` runs it as written (TrainingCheck.hpp).
    project.experiment = experiment::defaultTrainingExperiment(project.topology);

    try {
        io::writeProject(project, *out);
    } catch (const InputError& e) {
        std::cerr << "error: " << e.what() << "\n";
        return kExitFailure; // the arguments were fine; writing failed
    }
    std::cout << "wrote " << *out << ": " << project.topology.nodeCount() << " nodes, "
              << project.topology.linkCount() << " links";
    if (project.experiment.is_object())
        std::cout << ", experiment: training "
                  << project.experiment["model"]["preset"].get<std::string>() << " "
                  << project.experiment.value("parallelism", nlohmann::json::object()).dump();
    std::cout << "\n";
    return kExitOk;
}

} // namespace meridian::cli
