// meridian-cli validate FILE.topo...: load each file with every check and print one line
// per file when it is good, or one line per problem when it is not (docs/cli.md).
#include "Args.hpp"
#include "Commands.hpp"
#include "app/sweep/SweepSpec.hpp"
#include "meridian/experiment/ExperimentSpec.hpp"
#include "meridian/experiment/TrainingCheck.hpp"
#include "meridian/io/ProjectFile.hpp"
#include "meridian/traffic/TrafficSpec.hpp"

#include <algorithm>
#include <array>
#include <filesystem>
#include <iostream>
#include <string_view>
#include <vector>

namespace meridian::cli {
namespace {

void printValidateHelp(std::ostream& out)
{
    out << "usage: meridian-cli validate [--strict] FILE.topo [FILE.topo ...]\n\n"
           "Reads each .topo file with every structural and range check, checks its\n"
           "experiment section the way `run` does, and prints\n"
           "  FILE: ok — N nodes (C centres, G GPUs), M links[, experiment: KIND]\n"
           "or, for a bad file, one problem per line:\n"
           "  FILE: /json/path: problem\n"
           "A training experiment whose model does not fit a centre's GPU memory is an error;\n"
           "a global batch that is not a whole number of sequences per GPU is a warning;\n"
           "both messages offer the fix (docs/experiments.md, \"Memory and batch\").\n"
           "Unknown top-level keys (kept unchanged by the reader) and experiment keys without\n"
           "effect are reported as lines \"FILE: /key: warning: ...\".\n\n"
           "  --strict   treat warnings as errors (exit 2)\n\n"
           "exit codes: 0 all files are valid (warnings allowed without --strict),\n"
           "            2 a file is invalid, has warnings under --strict, or an argument is "
           "wrong\n";
}

/// GPUs of a project: a gpu node is at least one GPU; another node counts its gpu_count
/// unless it has explicit gpu children (then the children are the detail of that count).
/// One pass to mark parents of gpu nodes, one to sum: linear in the node count.
long long countGpus(const topology::Topology& t)
{
    using topology::NodeKind;
    const std::size_t n = t.nodeCount();
    std::vector<char> hasGpuChild(n, 0);
    for (std::size_t i = 0; i < n; ++i) {
        const auto& node = t.node(NodeId::fromIndex(i));
        if (node.kind != NodeKind::Gpu || node.parent.empty())
            continue;
        if (const auto parent = t.findNode(node.parent))
            hasGpuChild[parent->index()] = 1;
    }
    long long total = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const auto& node = t.node(NodeId::fromIndex(i));
        if (node.kind == NodeKind::Gpu)
            total += std::max(1, node.gpu_count);
        else if (hasGpuChild[i] == 0)
            total += node.gpu_count;
    }
    return total;
}

/// Levenshtein distance, for "did you mean" on short top-level keys.
std::size_t editDistance(std::string_view a, std::string_view b)
{
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j)
        row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diag = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t up = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diag = up;
        }
    }
    return row[b.size()];
}

/// Warnings of a loaded project: unknown top-level keys (kept as extras) and experiment keys
/// that have no effect. Each is "/path: warning: text".
std::vector<std::string> projectWarnings(const io::Project& p)
{
    // `description` is free text for people (the presets state their sources and assumptions
    // there); it is kept as an extra key, like any other, but it is not a typo.
    static constexpr std::array<std::string_view, 8> kKnown = {
        "format", "version", "name", "description", "nodes", "links", "experiment", "sweep"};
    std::vector<std::string> out;
    if (p.extra.is_object())
        for (auto it = p.extra.begin(); it != p.extra.end(); ++it) {
            const std::string& key = it.key();
            if (key == "description") {
                if (!it.value().is_string())
                    out.emplace_back("/description: warning: description is not a string; it is "
                                     "kept unchanged but no program shows it");
                continue;
            }
            if (key == "sweep")
                continue; // read by `sweep`, checked by checkSweepSection
            std::string hint;
            std::size_t best = 3; // only near misses (at most 2 edits) get a hint
            if (key.size() <= 32)
                for (std::string_view known : kKnown)
                    if (const std::size_t d = editDistance(key, known); d < best) {
                        best = d;
                        hint = "; did you mean '" + std::string(known) + "'?";
                    }
            out.push_back("/" + key + ": warning: unknown top-level key '" + key +
                          "' is not used by Meridian (kept unchanged when the file is saved)" +
                          hint);
        }
    return out;
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

/// The memory and batch check every run makes (TrainingCheck.hpp): prints each error as
/// "FILE: /path: problem" and returns false if there is one; adds the warnings.
bool checkTrainingPlan(const experiment::ExperimentSpec& spec, const io::Project& project,
                       const std::string& file, std::vector<std::string>& warnings)
{
    if (spec.kind != experiment::ExperimentKind::Training)
        return true;
    const std::filesystem::path dir = std::filesystem::path(file).parent_path();
    const experiment::TrainingCheck check = experiment::checkTraining(
        spec.training, experiment::loadTrainingModel(spec.training, dir, file), project.topology);
    for (const experiment::TrainingProblem& p : check.problems) {
        if (p.error)
            std::cout << InputError(file, p.path, p.message).what() << "\n";
        else
            warnings.push_back(p.text());
    }
    return !check.hasErrors();
}

/// The `sweep` section (docs/sweeps.md): its axes and every point it makes, checked as
/// `meridian-cli sweep` checks them before running. Prints each problem; false if any.
bool checkSweepSection(const io::Project& project, const std::string& file)
{
    const auto section = project.extra.find("sweep");
    if (section == project.extra.end())
        return true;
    try {
        sweep::SweepSpec spec;
        sweep::parseSweepSection(*section, file, spec);
        sweep::resolveAxes(spec, project, file);
        const sweep::PointsResult points = sweep::buildPoints(spec, project, file);
        for (const std::string& e : points.errors)
            std::cout << e << "\n";
        return points.errors.empty();
    } catch (const InputError& e) {
        std::cout << e.what() << "\n";
        return false;
    }
}

} // namespace

int cmdValidate(int argc, char** argv, int first)
{
    const Args args = parseArgs(argc, argv, first, {"help", "strict"}, {{"h", "help"}});
    if (args.has("help")) {
        printValidateHelp(std::cout);
        return kExitOk;
    }
    if (!args.options.empty()) {
        std::cerr << "meridian-cli validate: unknown option --" << args.options.begin()->first
                  << "\n\n";
        printValidateHelp(std::cerr);
        return kExitBadInput;
    }
    if (args.positional.empty()) {
        printValidateHelp(std::cerr);
        return kExitBadInput;
    }
    const bool strict = args.has("strict");
    int exitCode = kExitOk;
    for (const std::string& file : args.positional) {
        const io::ProjectLoadResult result = io::loadProjectFile(file);
        if (!result.ok()) {
            exitCode = kExitBadInput;
            for (const InputError& e : result.errors)
                std::cout << e.what() << "\n";
            continue;
        }
        const io::Project& project = *result.project;
        std::vector<std::string> warnings = projectWarnings(project);
        if (project.experiment.is_object()) {
            // The same parser `run` uses: a file that validates also starts a run.
            try {
                auto spec = experiment::parseExperiment(project.experiment, project.topology, file);
                traffic::loadTrafficFiles(spec.traffic, std::filesystem::path(file).parent_path(),
                                          file, project.topology);
                for (const std::string& w : spec.warnings)
                    warnings.push_back("/experiment: warning: " + w);
                if (!checkTrainingPlan(spec, project, file, warnings)) {
                    exitCode = kExitBadInput;
                    continue;
                }
            } catch (const InputError& e) {
                exitCode = kExitBadInput;
                std::cout << (e.file().empty() ? e.withFile(file) : e).what() << "\n";
                continue;
            }
        }
        if (!checkSweepSection(project, file)) {
            exitCode = kExitBadInput;
            continue;
        }
        for (const std::string& w : warnings)
            std::cout << InputError(file, "", w).what() << "\n";
        if (strict && !warnings.empty()) {
            exitCode = kExitBadInput;
            continue;
        }
        std::cout << file << ": ok — " << summary(project) << "\n";
    }
    return exitCode;
}

} // namespace meridian::cli
