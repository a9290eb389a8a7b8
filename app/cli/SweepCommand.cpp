// meridian-cli sweep: runs a .topo's experiment over a grid of values (docs/sweeps.md).
#include "Args.hpp"
#include "Commands.hpp"
#include "ReportOutput.hpp"
#include "SweepCluster.hpp"
#include "SweepPlot.hpp"
#include "SweepSlurm.hpp"
#include "app/sweep/SweepExecutor.hpp"
#include "app/sweep/SweepSpec.hpp"
#include "app/sweep/SweepTable.hpp"
#include "meridian/core/Error.hpp"

#include <cstring>
#include <iostream>
#include <set>
#include <thread>
#include <tuple>
#include <unistd.h>

namespace meridian::cli {

namespace {

using namespace sweep;

const char* kSweepHelp =
    R"(usage: meridian-cli sweep FILE.topo [--vary PATH=VALUES ...] [--zip] [--common-seed]
                          [--seed N] [--iterations K] [-j N] [--out DIR] [--dry-run]
                          [--plot] [--plot-metric LIST] [--plot-format png,svg,pdf]
                          [--format html,pdf] [--quiet]

       meridian-cli sweep merge DIR      (the table of a --slurm-array sweep)

Runs the experiment of FILE.topo once per point of a grid and writes one table.
  --vary PATH=VALUES   an axis (repeat for more). PATH: links.<id>.<key>, nodes.<id>.<key>
                       (e.g. nodes.cd.attrs.gpu_count) or experiment.<key> (e.g.
                       experiment.inter_center.collective). VALUES: comma-separated values
                       (0,1e-6,1e-5 or ring,tree or 10G,40G), a linear range start:stop:steps
                       or a geometric one log:start:stop:steps. Without --vary, the axes of
                       the file's "sweep" section
  --zip                vary the axes together (equal lengths) instead of every combination
  --common-seed        every point uses the base seed (default: a seed derived from the base
                       seed and the point's values, docs/sweeps.md)
  --seed N             base seed (default: the file's experiment seed)
  --iterations K       training iterations of every point
  -j, --jobs N         points run at once (default: the hardware threads)
  --out DIR            OUT: sweep.csv, sweep.json, points/<point>/ (default: sweep)
  --dry-run            list the points and their seeds, run nothing
  --plot               draw OUT/plot-<metric>.<format>: lines for one axis, a heatmap for two,
                       small multiples for more (needs a build with the GUI libraries)
  --plot-metric LIST   table columns to plot (default gpu_effective_compute_ratio for
                       training, busbw_gbps for collectives, mean_s for p2p)
  --plot-format LIST   png, svg, pdf (default png)
  --format LIST        html, pdf: OUT/report.html, OUT/report.pdf, the sweep's report (axes,
                       table, plots; needs a build with the GUI libraries). csv and json are
                       accepted and always written (sweep.csv, sweep.json)
  --quiet              no progress bar and no table on stdout
  --slurm-array DIR    write DIR/sweep.sbatch, a Slurm job array over the points, and run
                       nothing; then `sbatch DIR/sweep.sbatch` and `meridian-cli sweep merge DIR`
  --slurm-tasks N      array tasks (default: the points, at most 64)
  --slurm-cpus C       CPUs per task, its -j (default 1)
  --slurm-time T       time limit per task (default 1:00:00)
  --slurm-partition P, --slurm-mem M   passed to #SBATCH when given
Every axis and every point is checked, as a hand-edited file would be, before anything runs.
A second call with the same arguments skips the points already finished. Under
`mpirun -np K` the points are spread over the ranks (builds with MPI).
exit codes: 0 every point ran, 1 a point's run failed (the table says which) or an output
            cannot be written, 2 invalid file, axis or arguments,
            130 interrupted (SIGINT/SIGTERM): finished points are kept, rerun to finish
)";

/// --vary may repeat, which the shared parser does not keep: take those out first.
std::vector<std::string> takeVaryArguments(int argc, char** argv, int first,
                                           std::vector<char*>& rest)
{
    std::vector<std::string> vary;
    rest.assign(argv, argv + first);
    for (int i = first; i < argc; ++i) {
        if (std::strcmp(argv[i], "--vary") == 0) {
            if (i + 1 >= argc)
                throw InputError("command line", "--vary", "needs a value PATH=VALUES");
            vary.emplace_back(argv[++i]);
        } else if (std::strncmp(argv[i], "--vary=", 7) == 0) {
            vary.emplace_back(argv[i] + 7);
        } else {
            rest.push_back(argv[i]);
        }
    }
    return vary;
}

std::vector<std::string> splitList(const std::string& text)
{
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= text.size()) {
        const auto comma = text.find(',', start);
        out.push_back(text.substr(start, comma - start));
        if (comma == std::string::npos)
            break;
        start = comma + 1;
    }
    return out;
}

SweepSpec specFromArgs(const Args& args, const std::vector<std::string>& vary,
                       const io::Project& project, const std::string& file)
{
    SweepSpec spec;
    if (!vary.empty()) {
        for (const std::string& v : vary)
            spec.axes.push_back(parseVaryArgument(v));
    } else if (auto s = project.extra.find("sweep"); s != project.extra.end()) {
        parseSweepSection(*s, file, spec);
    }
    spec.zip = spec.zip || args.has("zip");
    spec.common_seed = spec.common_seed || args.has("common-seed");
    applySeedAndIterations(args, spec);
    resolveAxes(spec, project, file);
    return spec;
}

PlotRequest plotRequest(const Args& args)
{
    PlotRequest plot;
    plot.enabled = args.has("plot") || args.get("plot-metric") || args.get("plot-format");
    if (!plot.enabled)
        return plot;
    if (auto m = args.get("plot-metric"))
        for (const std::string& metric : splitList(*m)) {
            if (metric.empty())
                throw InputError("command line", "--plot-metric",
                                 "empty column name in '" + *m + "'");
            plot.metrics.push_back(metric);
        }
    for (const std::string& f : splitList(args.get("plot-format").value_or("png"))) {
        if (f != "png" && f != "svg" && f != "pdf")
            throw InputError("command line", "--plot-format",
                             "unknown format '" + f + "' (expected png, svg, pdf)");
        plot.formats.push_back(f);
    }
    return plot;
}

/// --format: which reports (html, pdf) to write beside the table.
std::pair<bool, bool> reportFormats(const Args& args)
{
    bool html = false, pdf = false;
    if (auto f = args.get("format"))
        for (const std::string& format : splitList(*f)) {
            if (format == "html")
                html = true;
            else if (format == "pdf")
                pdf = true;
            else if (format != "csv" && format != "json")
                throw InputError("command line", "--format",
                                 "unknown format '" + format + "' (expected csv, json, html, pdf)");
        }
    return {html, pdf};
}

int defaultJobs(const ClusterSession& cluster)
{
    const unsigned hw = std::max(1u, std::thread::hardware_concurrency());
    return std::max(1, static_cast<int>(hw) / std::max(1, cluster.localRanks()));
}

/// The console table: the axis values and the main figures.
void printTable(const Table& table, const SweepSpec& spec)
{
    std::vector<std::string> cols;
    for (const Axis& a : spec.axes)
        cols.push_back(a.path);
    for (const char* c : {"iteration_s", "inter_center_s", "gpu_effective_compute_ratio", "mean_s",
                          "busbw_gbps", "status"})
        if (std::find(table.columns.begin(), table.columns.end(), c) != table.columns.end())
            cols.emplace_back(c);
    std::vector<std::vector<std::string>> cells;
    std::vector<std::size_t> width;
    for (const auto& c : cols)
        width.push_back(c == "gpu_effective_compute_ratio" ? std::strlen("GPU eff (%)") : c.size());
    for (const auto& row : table.rows) {
        std::vector<std::string> line;
        for (std::size_t k = 0; k < cols.size(); ++k) {
            std::string text;
            if (auto it = row.find(cols[k]); it != row.end()) {
                if (it->is_number_float()) {
                    char buf[32];
                    const double v = it->get<double>() *
                                     (cols[k] == "gpu_effective_compute_ratio" ? 100.0 : 1.0);
                    std::snprintf(buf, sizeof buf, "%.4g", v);
                    text = buf;
                } else {
                    text = csvCell(*it);
                }
            }
            width[k] = std::max(width[k], text.size());
            line.push_back(text);
        }
        cells.push_back(line);
    }
    for (std::size_t k = 0; k < cols.size(); ++k) {
        const std::string head = cols[k] == "gpu_effective_compute_ratio" ? "GPU eff (%)" : cols[k];
        std::cout << (k ? "  " : "") << head << std::string(width[k] - head.size(), ' ');
    }
    std::cout << "\n";
    for (const auto& line : cells) {
        for (std::size_t k = 0; k < cols.size(); ++k)
            std::cout << (k ? "  " : "") << line[k] << std::string(width[k] - line[k].size(), ' ');
        std::cout << "\n";
    }
}

} // namespace

/// `sweep merge DIR`: the stored sweep in table-only mode.
int cmdSweepMerge(int argc, char** argv, int first)
{
    const Args args = parseArgs(argc, argv, first, {"help"}, {{"h", "help"}});
    if (args.has("help") || args.positional.size() != 1 || !args.options.empty()) {
        (args.has("help") ? std::cout : std::cerr)
            << "usage: meridian-cli sweep merge DIR\n\nWrites the table (and plots) of the "
               "sweep that `sweep … --slurm-array DIR` wrote,\nonce every point is finished "
               "(exit 1 naming how many are not).\n";
        return args.has("help") ? kExitOk : kExitBadInput;
    }
    std::vector<std::string> words = {argv[0], "sweep"};
    for (const std::string& a : storedSweepArguments(args.positional[0]))
        words.push_back(a);
    words.emplace_back("--table-only");
    std::vector<char*> av;
    for (std::string& w : words)
        av.push_back(w.data());
    av.push_back(nullptr);
    return cmdSweep(static_cast<int>(words.size()), av.data(), 2);
}

/// The arguments of the sweep as an array task runs it: the file and OUT absolute.
std::vector<std::string> jobArguments(const Args& args, const std::vector<std::string>& vary,
                                      const std::string& file, const std::filesystem::path& out)
{
    std::vector<std::string> a = {std::filesystem::absolute(file).lexically_normal().string()};
    for (const std::string& v : vary) {
        a.emplace_back("--vary");
        a.push_back(v);
    }
    for (const char* flag : {"zip", "common-seed", "plot"})
        if (args.has(flag))
            a.push_back(std::string("--") + flag);
    for (const char* option : {"seed", "iterations", "plot-metric", "plot-format", "format"})
        if (auto v = args.get(option)) {
            a.push_back(std::string("--") + option);
            a.push_back(*v);
        }
    a.emplace_back("--out");
    a.push_back(std::filesystem::absolute(out).lexically_normal().string());
    return a;
}

void applySeedAndIterations(const Args& args, sweep::SweepSpec& spec)
{
    if (args.get("seed")) {
        const long long seed = intOption(args, "seed", 1);
        if (seed < 0 || seed > 9007199254740991LL)
            throw InputError("command line", "--seed", "must be in [0, 2^53 − 1]");
        spec.base_seed = static_cast<std::uint64_t>(seed);
    }
    if (args.get("iterations")) {
        const long long k = intOption(args, "iterations", 1);
        if (k < 1 || k > 1000000)
            throw InputError("command line", "--iterations", "must be in [1, 1000000]");
        spec.iterations = static_cast<int>(k);
    }
}

int cmdSweep(int argc, char** argv, int first)
{
    if (first < argc && std::strcmp(argv[first], "merge") == 0)
        return cmdSweepMerge(argc, argv, first + 1);
    std::vector<char*> rest;
    const std::vector<std::string> vary = takeVaryArguments(argc, argv, first, rest);
    const Args args =
        parseArgs(static_cast<int>(rest.size()), rest.data(), first,
                  {"help", "zip", "common-seed", "dry-run", "plot", "quiet", "table-only"},
                  {{"o", "out"}, {"j", "jobs"}, {"h", "help"}});
    if (args.has("help")) {
        std::cout << kSweepHelp;
        return kExitOk;
    }
    static const std::set<std::string> kOptions = {
        "out",         "jobs",        "seed",       "iterations", "plot-metric",     "plot-format",
        "slurm-array", "slurm-tasks", "slurm-cpus", "slurm-time", "slurm-partition", "slurm-mem",
        "share",       "format"};
    for (const auto& [name, value] : args.options)
        if (kOptions.count(name) == 0)
            throw InputError("command line", "--" + name, "unknown option of sweep");
    if (args.positional.size() != 1) {
        std::cerr << kSweepHelp;
        return kExitBadInput;
    }
    ClusterSession cluster;
    const bool lead = cluster.rank() == 0;
    const std::string file = args.positional[0];
    const io::ProjectLoadResult load = io::loadProjectFile(file);
    if (!load.ok()) {
        if (lead)
            for (const InputError& e : load.errors)
                std::cerr << "error: " << e.what() << "\n";
        return kExitBadInput;
    }
    const io::Project& project = *load.project;
    const SweepSpec spec = specFromArgs(args, vary, project, file);
    const PlotRequest plot = plotRequest(args);
    if (plot.enabled)
        requirePlotSupport();
    const auto [reportHtml, reportPdf] = reportFormats(args);
    if (reportHtml || reportPdf)
        requireReportSupport();
    PointsResult built = buildPoints(spec, project, file);
    if (!built.errors.empty()) {
        if (lead)
            for (const std::string& e : built.errors)
                std::cerr << "error: " << e << "\n";
        return kExitBadInput;
    }
    const bool quiet = args.has("quiet");
    if (lead && !quiet)
        for (const std::string& w : built.warnings)
            std::cerr << "warning: " << w << "\n";
    const std::vector<Point>& points = built.points;
    if (plot.enabled)
        checkPlot(plot, spec, wanLinkIds(project));
    if (args.has("dry-run")) {
        if (lead) {
            for (const Point& p : points)
                std::cout << p.name << "  seed " << p.seed << "\n";
            std::cout << points.size() << " points\n";
        }
        return kExitOk;
    }
    const long long jobs = intOption(args, "jobs", defaultJobs(cluster));
    if (jobs < 1 || jobs > 4096)
        throw InputError("command line", "--jobs", "must be in [1, 4096]");
    const std::filesystem::path out = args.get("out").value_or("sweep");
    if (args.get("slurm-array")) {
        const SlurmRequest slurm = slurmRequest(args);
        const int tasks =
            writeSlurmArray(slurm, jobArguments(args, vary, file, out), points.size());
        std::cout << "wrote " << (slurm.dir / "sweep.sbatch").string() << ": " << points.size()
                  << " points in " << tasks << " array tasks of " << slurm.cpus
                  << " CPU(s); submit it with sbatch, then run `meridian-cli sweep merge "
                  << slurm.dir.string() << "`\n";
        return kExitOk;
    }
    if (args.has("table-only")) {
        std::size_t pending = 0;
        for (const Point& p : points)
            pending += finishedStatus(out, p) == PointStatus::Pending ? 1 : 0;
        if (pending > 0) {
            std::cerr << "error: " << pending << " of " << points.size()
                      << " points are not finished in " << (out / "points").string()
                      << ": submit the array again (its tasks skip the finished points)\n";
            return kExitFailure;
        }
    }
    // This process's points: an MPI rank's, a Slurm task's share, or all.
    auto [share, shares] = std::pair{cluster.rank(), cluster.size()};
    if (auto s = args.get("share"))
        std::tie(share, shares) = parseShare(*s);
    std::vector<std::size_t> mine;
    for (std::size_t i = 0; i < points.size(); ++i)
        if (static_cast<int>(i % static_cast<std::size_t>(shares)) == share)
            mine.push_back(i);
    ExecutorOptions options;
    options.jobs = static_cast<int>(jobs);
    options.progress = lead && !quiet && ::isatty(STDERR_FILENO) == 1;
    ExecutorReport report;
    std::vector<nlohmann::ordered_json> rows;
    std::string failure; // an output that cannot be written, on this rank
    try {
        report = runPoints(points, mine, spec, out, options);
        if (!report.interrupted) {
            const std::vector<std::string> wan = wanLinkIds(project);
            for (std::size_t i : mine)
                rows.push_back(pointRow(points[i], spec, wan, out));
        }
    } catch (const std::exception& e) {
        failure = e.what();
    }
    // Every rank takes part in each step below, so that none waits for a rank that left.
    if (cluster.any(!failure.empty())) {
        if (!failure.empty())
            std::cerr << "error: " << failure << "\n";
        return kExitFailure;
    }
    if (cluster.any(report.interrupted)) {
        if (lead)
            std::cerr << "interrupted: finished points are kept in " << (out / "points").string()
                      << "; run the same command again to finish the rest\n";
        return kExitInterrupted;
    }
    if (args.get("share")) {
        std::cout << "share " << share << "/" << shares << ": " << mine.size() << " points ("
                  << report.ran << " run now, " << report.skipped << " finished before, "
                  << report.failed << " failed)\n";
        return kExitOk; // `sweep merge` writes the table
    }
    rows = cluster.gatherRows(std::move(rows), mine, points.size());
    if (!lead)
        return kExitOk;
    std::size_t failed = 0;
    for (const auto& r : rows)
        failed += r.value("status", "") == "ok" ? 0 : 1;
    const Table table = makeTable(std::move(rows), spec);
    const std::string topologyName = std::filesystem::path(file).filename().string();
    writeTable(table, spec, topologyName, out);
    if (!quiet)
        printTable(table, spec);
    if (plot.enabled)
        for (const std::string& written : writePlots(plot, table, spec, topologyName, out))
            if (!quiet)
                std::cout << "plot: " << written << "\n";
    if (reportHtml || reportPdf) {
        writeSweepReports(table, spec, topologyName, out, reportHtml, reportPdf);
        if (!quiet)
            for (const auto& [on, name] :
                 {std::pair{reportHtml, "report.html"}, std::pair{reportPdf, "report.pdf"}})
                if (on)
                    std::cout << "report: " << (out / name).string() << "\n";
    }
    std::cout << points.size() << " points (" << points.size() - failed << " ok, " << failed
              << " failed; "
              << (cluster.size() > 1 ? "over " + std::to_string(cluster.size()) + " ranks"
                                     : std::to_string(report.ran) + " run now, " +
                                           std::to_string(report.skipped) + " finished before")
              << "); table in " << (out / "sweep.csv").string() << "\n";
    return failed ? kExitFailure : kExitOk;
}

} // namespace meridian::cli
