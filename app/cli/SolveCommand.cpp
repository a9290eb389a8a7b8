// meridian-cli solve: the smallest (or largest) value of one axis that meets a target, by
// bisection over runs (docs/strategies.md, "The solver"; app/sweep/SweepSolver.hpp).
#include "Args.hpp"
#include "Commands.hpp"
#include "ReportOutput.hpp"
#include "app/sweep/SweepSolver.hpp"
#include "meridian/core/Error.hpp"

#include <cmath>
#include <cstring>
#include <iostream>
#include <set>
#include <sstream>
#include <unistd.h>

#ifdef MERIDIAN_CLI_REPORTS
#include "ui/charts/LiveCharts.hpp"
#include "ui/charts/QCustomPlot.hpp"
#include "ui/sweep/SolvePlot.hpp"
#endif

namespace meridian::cli {

namespace {

using namespace sweep;

const char* kSolveHelp =
    R"(usage: meridian-cli solve FILE.topo --vary PATH --range LO:HI --target 'METRIC>=VALUE'
                          [--log] [--integer] [--largest] [--tolerance R] [--max-runs N]
                          [--monotone-slack S]
                          [--seed N] [--iterations K] [-j N] [--out DIR]
                          [--plot] [--plot-format png,svg,pdf] [--quiet]

Finds the smallest value of one axis in [LO, HI] at which the experiment meets a target — the
WAN bandwidth for 50 % GPU effective compute — by bisection over real runs (the figure is
assumed monotone in the value; docs/strategies.md, "The solver").
  --vary PATH          the axis, a path as in `sweep --vary` (links.cd-hub.bandwidth_gbps,
                       experiment.strategy.inner_steps), without values
  --range LO:HI        the interval searched; both ends are run first
  --target T           METRIC>=VALUE or METRIC<=VALUE, quoted (> and < are shell redirections),
                       METRIC a figure of the sweep's table ('gpu_effective_compute_ratio>=0.5',
                       'iteration_s<=30', 'mean_s<=2')
  --log                split the interval geometrically (bandwidths; needs LO > 0)
  --integer            whole values only (inner steps, GPU counts): ends at adjacent integers
  --largest            the largest value that still meets the target (loss, delay) instead
                       of the smallest
  --tolerance R        stop when the bracket is within R of the answer, relative (default
                       0.01 = 1 %)
  --max-runs N         give up after N runs (default 40)
  --monotone-slack S   tolerate moves against the monotone direction up to S of the figure's
                       largest value over the runs (noise; default 0: any move stops the solve)
  --seed N             the seed of every run (default: the file's experiment seed)
  --iterations K       training iterations of every run
  -j, --jobs N         runs at once: each round runs N points inside the bracket ((N+1)-section;
                       default 1, plain bisection)
  --out DIR            OUT: solve.json, solve.csv (every run, in order), sweep.csv and
                       sweep.json (the runs as a one-axis sweep), points/<point>/ (default: solve)
  --plot               draw OUT/solve-<metric>.<format>: the figure over the axis, the target
                       line and the answer (needs a build with the GUI libraries)
  --plot-format LIST   png, svg, pdf (default png)
  --quiet              no progress lines
A second call with the same arguments reuses the runs already finished in OUT.
exit codes: 0 solved, 1 no answer (the target is met nowhere in the range, already met at its
            cheap end, the figure is not monotone over the runs, a run failed, --max-runs
            reached) or an output cannot be written, 2 invalid file or arguments,
            130 interrupted
)";

std::vector<std::string> solveFormatList(const std::string& text)
{
    std::vector<std::string> out;
    std::stringstream in(text);
    std::string item;
    while (std::getline(in, item, ','))
        out.push_back(item);
    return out;
}

double solveRangeEnd(const std::string& text, const std::string& range)
{
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(v))
        throw InputError("command line", "--range",
                         "'" + range + "' is not LO:HI with numbers (e.g. 1:100)");
    return v;
}

SolveRequest solveRequestFromArgs(const Args& args)
{
    SolveRequest r;
    const auto range = args.get("range");
    if (!range)
        throw InputError("command line", "--range", "is required (LO:HI)");
    const auto colon = range->find(':');
    if (colon == std::string::npos || range->find(':', colon + 1) != std::string::npos)
        throw InputError("command line", "--range",
                         "'" + *range + "' is not LO:HI with numbers (e.g. 1:100)");
    r.lo = solveRangeEnd(range->substr(0, colon), *range);
    r.hi = solveRangeEnd(range->substr(colon + 1), *range);
    r.log_scale = args.has("log");
    r.integer = args.has("integer");
    r.goal = args.has("largest") ? SolveGoal::Largest : SolveGoal::Smallest;
    const auto target = args.get("target");
    if (!target)
        throw InputError("command line", "--target",
                         "is required (e.g. gpu_effective_compute_ratio>=0.5)");
    r.target = parseSolveTarget(*target, "command line", "--target");
    r.rel_tolerance = doubleOption(args, "tolerance", 0.01);
    r.max_runs = static_cast<int>(intOption(args, "max-runs", 40));
    r.monotone_slack = doubleOption(args, "monotone-slack", 0.0);
    const long long jobs = intOption(args, "jobs", 1);
    if (jobs < 1 || jobs > 4096)
        throw InputError("command line", "--jobs", "must be in [1, 4096]");
    r.batch = static_cast<int>(jobs);
    checkSolveRequest(r, "command line");
    return r;
}

SweepSpec solveBaseSpec(const Args& args)
{
    SweepSpec spec;
    applySeedAndIterations(args, spec);
    return spec;
}

std::vector<std::string> solvePlotFormats(const Args& args)
{
    if (!args.has("plot") && !args.get("plot-format"))
        return {};
    std::vector<std::string> formats;
    for (const std::string& f : solveFormatList(args.get("plot-format").value_or("png"))) {
        if (f != "png" && f != "svg" && f != "pdf")
            throw InputError("command line", "--plot-format",
                             "unknown format '" + f + "' (expected png, svg, pdf)");
        formats.push_back(f);
    }
    return formats;
}

std::string solveNumber(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

std::vector<std::string> writeSolvePlots(const std::vector<std::string>& formats,
                                         const RunEvaluator& runs, const SolveRequest& r,
                                         const SolveResult& s, const std::string& topologyName,
                                         const std::filesystem::path& out)
{
#ifdef MERIDIAN_CLI_REPORTS
    OffscreenApplication app;
    QCustomPlot plot;
    plot.resize(900, 560);
    const QString heading =
        QStringLiteral("%1 — %2, %3 runs")
            .arg(QString::fromStdString(r.target.text()), QString::fromStdString(topologyName))
            .arg(s.evaluations.size());
    ui::drawSolvePlot(&plot, runs.table(), runs.tableSpec(), r, s, heading);
    std::vector<std::string> written;
    for (const std::string& format : formats) {
        const std::filesystem::path path = out / ("solve-" + r.target.metric + "." + format);
        QString error;
        if (!ui::charts::savePlot(&plot, QString::fromStdString(path.string()), &error))
            throw InputError(path.string(), "", error.toStdString());
        written.push_back(path.string());
    }
    return written;
#else
    (void)formats, (void)runs, (void)r, (void)s, (void)topologyName, (void)out;
    return {};
#endif
}

void requireSolvePlotSupport()
{
#ifndef MERIDIAN_CLI_REPORTS
    throw InputError("command line", "--plot",
                     "this meridian-cli was built without the GUI (MERIDIAN_BUILD_GUI=OFF) and "
                     "has no plotting: use solve.csv or solve.json");
#endif
}

} // namespace

int cmdSolve(int argc, char** argv, int first)
{
    const Args args =
        parseArgs(argc, argv, first, {"help", "log", "integer", "largest", "plot", "quiet"},
                  {{"o", "out"}, {"j", "jobs"}, {"h", "help"}});
    if (args.has("help")) {
        std::cout << kSolveHelp;
        return kExitOk;
    }
    static const std::set<std::string> kOptions = {
        "vary", "range",      "target", "tolerance", "max-runs",   "monotone-slack",
        "seed", "iterations", "jobs",   "out",       "plot-format"};
    for (const auto& [name, value] : args.options)
        if (kOptions.count(name) == 0)
            throw InputError("command line", "--" + name, "unknown option of solve");
    if (args.positional.size() != 1) {
        std::cerr << kSolveHelp;
        return kExitBadInput;
    }
    const std::string file = args.positional[0];
    const auto vary = args.get("vary");
    if (!vary)
        throw InputError("command line", "--vary", "is required (the axis PATH)");
    if (vary->find('=') != std::string::npos)
        throw InputError("command line", "--vary " + *vary,
                         "solve takes the PATH alone; the values come from --range LO:HI");
    const SolveRequest request = solveRequestFromArgs(args);
    const std::vector<std::string> formats = solvePlotFormats(args);
    if (!formats.empty())
        requireSolvePlotSupport();
    const io::ProjectLoadResult load = io::loadProjectFile(file);
    if (!load.ok()) {
        for (const InputError& e : load.errors)
            std::cerr << "error: " << e.what() << "\n";
        return kExitBadInput;
    }
    const std::filesystem::path out = args.get("out").value_or("solve");
    ExecutorOptions options;
    options.jobs = request.batch;
    const bool quiet = args.has("quiet");
    options.progress = !quiet && ::isatty(STDERR_FILENO) == 1;
    RunEvaluator runs(*load.project, file, *vary, solveBaseSpec(args), out, options,
                      request.target.metric);
    const std::string topologyName = std::filesystem::path(file).filename().string();
    // A point that does not build (an integer axis given 2.5, a bandwidth of 0) is bad input.
    SolveResult result;
    try {
        result = solve(request, std::ref(runs), [&](const SolveResult& s) {
            if (!quiet)
                std::cout << "after " << s.evaluations.size() << " runs: bracket ["
                          << solveNumber(std::min(s.pass, s.fail)) << ", "
                          << solveNumber(std::max(s.pass, s.fail)) << "]" << std::endl;
        });
    } catch (const InputError& e) {
        std::cerr << "error: " << e.what() << "\n";
        return kExitBadInput;
    }
    if (result.outcome == SolveOutcome::Interrupted) {
        std::cerr << "interrupted: finished runs are kept in " << (out / "points").string()
                  << "; run the same command again to reuse them\n";
        return kExitInterrupted;
    }
    try {
        writeSolveFiles(request, result, runs, *vary, topologyName, out);
        if (!formats.empty())
            for (const std::string& written :
                 writeSolvePlots(formats, runs, request, result, topologyName, out))
                if (!quiet)
                    std::cout << "plot: " << written << "\n";
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return kExitFailure;
    }
    if (!quiet) {
        std::cout << "run  " << *vary << "  " << request.target.metric << "  meets\n";
        for (std::size_t i = 0; i < result.evaluations.size(); ++i) {
            const SolveEvaluation& e = result.evaluations[i];
            std::cout << i + 1 << "  " << solveNumber(e.value) << "  " << solveNumber(e.metric)
                      << "  " << (e.meets ? "yes" : "no") << "\n";
        }
    }
    if (!result.solved()) {
        std::cerr << "error: " << *vary << ": " << result.message << " (runs in "
                  << (out / "solve.csv").string() << ")\n";
        return kExitFailure;
    }
    std::cout << *vary << ": " << result.message << "; table in " << (out / "solve.csv").string()
              << "\n";
    return kExitOk;
}

} // namespace meridian::cli
