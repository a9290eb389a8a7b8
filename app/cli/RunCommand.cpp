// meridian-cli run: runs the experiment of a .topo file headless and writes its results.
#include "Args.hpp"
#include "Commands.hpp"
#include "ReportOutput.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/core/Units.hpp"
#include "meridian/experiment/Runner.hpp"
#include "meridian/io/ProjectFile.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio> // renameat2, RENAME_EXCHANGE (glibc, _GNU_SOURCE)
#include <fcntl.h>
#include <filesystem>
#include <functional>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <unistd.h>
#include <utility>
#include <vector>

namespace meridian::cli {

namespace {

const char* kRunHelp =
    R"(usage: meridian-cli run FILE.topo [--seed N] [--iterations K] [--out DIR]
                        [--format json,csv,html,pdf] [--sample-interval 1s] [--quiet]
                        [--every-centre] [--attribute-background]
                        [--link-series auto|full|summary]

Runs the experiment of FILE.topo on the event engine and prints a per-phase table.
  --seed N             override the experiment's seed (same file + seed = identical results.json)
  --iterations K       override the number of training iterations
  --out DIR            write DIR/results.json, CSV files and DIR/run-info.json (default: results)
  --format LIST        comma-separated: json, csv, html (DIR/report.html, one self-contained
                       file with charts), pdf (DIR/report.pdf); default json,csv. html and pdf
                       need a build with the GUI libraries; they draw offscreen, no display)
  --sample-interval T  link utilisation sampling interval (default 1s)
  --quiet              print only errors and the output folder
  --every-centre       simulate every centre, also those identical to an earlier one (by
                       default such a centre takes its twin's times: the same results.json
                       except engine.events and engine.flows)
  --attribute-background
                       with a "traffic" section: run again without its generators and report
                       each phase's time with and without them (results.json
                       background_attribution, attribution.csv; the run takes twice as long)
  --link-series MODE   per-link time series in results.json: auto (default: kept for files of
                       at most 512 links, summaries above), full (always), summary (never; the
                       per-link totals, means and peaks are the same in every mode)
exit codes: 0 success, 1 the run failed (e.g. a link failed with no alternative path),
            2 invalid file or arguments (with the file, JSON path and problem),
            130 interrupted by Ctrl-C (SIGINT): the run stops, nothing is written
)";

/// The run that SIGINT cancels. Runner::cancel() is one lock-free atomic store, which is
/// async-signal-safe.
std::atomic<experiment::Runner*> g_running{nullptr};
static_assert(std::atomic<experiment::Runner*>::is_always_lock_free);

extern "C" void onSigint(int)
{
    if (experiment::Runner* r = g_running.load())
        r->cancel();
}

/// Installs the SIGINT handler for the lifetime of a run and restores the previous one.
class SigintGuard
{
public:
    explicit SigintGuard(experiment::Runner& runner)
    {
        g_running.store(&runner);
        m_previous = std::signal(SIGINT, onSigint);
    }
    ~SigintGuard()
    {
        std::signal(SIGINT, m_previous == SIG_ERR ? SIG_DFL : m_previous);
        g_running.store(nullptr);
    }
    SigintGuard(const SigintGuard&) = delete;
    SigintGuard& operator=(const SigintGuard&) = delete;

private:
    void (*m_previous)(int) = SIG_DFL;
};

/// Prints phase progress to stderr so stdout keeps only the table.
class ConsoleObserver : public experiment::RunObserver
{
public:
    explicit ConsoleObserver(bool quiet) : m_quiet(quiet) {}
    void phaseFinished(const experiment::PhaseResult& p) override
    {
        if (m_quiet)
            return;
        // The phases' display names, as the tables print them.
        std::cerr << "  "
                  << (p.name == "intra_center"   ? std::string("intra-centre")
                      : p.name == "inter_center" ? std::string("inter-centre")
                                                 : p.name);
        if (p.iteration >= 0)
            std::cerr << " #" << p.iteration;
        std::cerr << " done at t = " << units::formatDuration(p.end_s) << "\n";
    }

private:
    bool m_quiet;
};

/// Whether `dir` is missing or an empty folder.
bool missingOrEmpty(const std::filesystem::path& dir)
{
    std::error_code ec;
    const auto status = std::filesystem::symlink_status(dir, ec);
    if (!std::filesystem::exists(status))
        return true;
    return std::filesystem::is_directory(status) && std::filesystem::is_empty(dir, ec) && !ec;
}

/// Swaps the folders `a` and `b` in one step (Linux renameat2 RENAME_EXCHANGE); false when
/// the file system cannot (then nothing changed).
bool exchangeFolders(const std::filesystem::path& a, const std::filesystem::path& b)
{
    return ::renameat2(AT_FDCWD, a.c_str(), AT_FDCWD, b.c_str(), RENAME_EXCHANGE) == 0;
}

/// Writes a run's files all or nothing: `write` fills a staging folder beside `out` (same
/// file system); only when every file is complete, and every name it will take in `out` is
/// free or a regular file, does it replace `out`, in one step: a rename of the staging
/// folder when `out` is missing or empty; otherwise, when every entry of `out` is a regular
/// file, the files the run does not rewrite are hard-linked into the staging folder and the
/// two folders are exchanged at once (renameat2). Only where neither applies (subfolders in
/// `out`, a file system without the exchange) are the files moved in one rename each
/// (run-info.json last). A failed write (full disk, read-only folder, a name too long, a
/// folder in the way) removes the staging folder and leaves `out` as it was; a process
/// killed while writing leaves at most the hidden staging folder.
void writeOutputs(const std::filesystem::path& out,
                  const std::function<void(const std::filesystem::path&)>& write)
{
    namespace fs = std::filesystem;
    const fs::path name = out.filename();
    if (name.empty() || name == "." || name == "..")
        throw InputError(out.string(), "", "cannot write results: --out must name a folder");
    const fs::path staging =
        out.parent_path() / ("." + name.string() + ".partial-" + std::to_string(::getpid()));
    std::error_code ec;
    fs::remove_all(staging, ec);
    try {
        write(staging);
        std::vector<fs::path> files;
        for (const auto& entry : fs::directory_iterator(staging))
            files.push_back(entry.path().filename());
        std::sort(files.begin(), files.end(), [](const fs::path& a, const fs::path& b) {
            return std::make_pair(a == "run-info.json", a) <
                   std::make_pair(b == "run-info.json", b);
        });
        if (missingOrEmpty(out)) {
            fs::rename(staging, out, ec);
            if (!ec)
                return;
        }
        fs::create_directories(out, ec);
        if (ec)
            throw InputError(out.string(), "", "cannot create the output folder: " + ec.message());
        for (const auto& f : files) {
            const auto status = fs::symlink_status(out / f, ec);
            if (fs::exists(status) && !fs::is_regular_file(status))
                throw InputError((out / f).string(), "", "cannot replace: not a regular file");
        }
        // Keep what `out` holds besides this run's files: hard links into the staging folder,
        // then one exchange of the two folders.
        bool onlyFiles = !fs::is_symlink(fs::symlink_status(out, ec));
        for (const auto& entry : fs::directory_iterator(out)) {
            if (!onlyFiles)
                break;
            const fs::path f = entry.path().filename();
            if (!entry.is_regular_file(ec) || entry.is_symlink(ec)) {
                onlyFiles = false;
                break;
            }
            if (!fs::exists(fs::symlink_status(staging / f, ec))) {
                fs::create_hard_link(entry.path(), staging / f, ec);
                if (ec) {
                    onlyFiles = false;
                    break;
                }
            }
        }
        if (onlyFiles && exchangeFolders(staging, out)) {
            fs::remove_all(staging, ec); // now the previous contents
            return;
        }
        for (const auto& f : files) {
            fs::rename(staging / f, out / f, ec);
            if (ec)
                throw InputError((out / f).string(), "",
                                 "cannot move the result into place: " + ec.message());
        }
    } catch (...) {
        fs::remove_all(staging, ec);
        throw;
    }
    fs::remove_all(staging, ec);
}

/// What `--format` asks `run` to write.
struct OutputFormats
{
    bool json = false, csv = false, html = false, pdf = false;
};

/// "json,csv,html,pdf" (any non-empty subset, comma-separated).
OutputFormats parseFormats(const std::string& format)
{
    OutputFormats f;
    std::stringstream parts(format);
    for (std::string part; std::getline(parts, part, ',');) {
        if (part.empty())
            throw InputError("command line", "--format",
                             "empty format in '" + format +
                                 "' (expected a comma-separated list of json, csv, html, pdf)");
        if (part == "json")
            f.json = true;
        else if (part == "csv")
            f.csv = true;
        else if (part == "html")
            f.html = true;
        else if (part == "pdf")
            f.pdf = true;
        else
            throw InputError("command line", "--format",
                             "unknown format '" + part + "' (expected json, csv, html, pdf)");
    }
    if (!f.json && !f.csv && !f.html && !f.pdf)
        throw InputError("command line", "--format",
                         "nothing to write (expected json, csv, html, pdf)");
    return f;
}

/// The run's options from `--iterations`, `--seed`, `--sample-interval`, `--every-centre` and
/// `--attribute-background` and `--link-series`.
experiment::RunOptions runOptions(const Args& args, const std::filesystem::path& file)
{
    experiment::RunOptions options;
    if (args.get("iterations"))
        options.iterations = static_cast<int>(intOption(args, "iterations", 1));
    if (args.get("seed")) {
        const long long seed = intOption(args, "seed", 1);
        if (seed < 0)
            throw InputError("command line", "--seed", "must not be negative");
        options.seed = static_cast<std::uint64_t>(seed);
    }
    if (auto s = args.get("sample-interval")) {
        auto v = units::parseDurationS(*s);
        // The engine samples on an integer-nanosecond grid: below 1 ns is refused there too,
        // but under an engine path the user never typed.
        if (!v || !(*v >= 1e-9))
            throw InputError("command line", "--sample-interval",
                             "expected a duration of at least 1 ns, such as 1s");
        options.sample_interval_s = *v;
    }
    options.exploit_symmetry = !args.has("every-centre");
    options.attribute_background = args.has("attribute-background");
    if (auto s = args.get("link-series")) {
        const auto mode = experiment::parseLinkSeries(*s);
        if (!mode)
            throw InputError("command line", "--link-series",
                             "expected auto, full or summary, got '" + *s + "'");
        options.link_series = *mode;
    }
    options.project_dir = file.parent_path();
    options.topology_name = file.filename().string();
    return options;
}

} // namespace

int cmdRun(int argc, char** argv, int first)
{
    const Args args =
        parseArgs(argc, argv, first, {"help", "quiet", "every-centre", "attribute-background"},
                  {{"o", "out"}});
    if (args.has("help")) {
        std::cout << kRunHelp;
        return kExitOk;
    }
    if (args.positional.size() != 1) {
        std::cerr << kRunHelp;
        return kExitBadInput;
    }
    const std::filesystem::path file = args.positional[0];
    const OutputFormats formats = parseFormats(args.get("format").value_or("json,csv"));
    if (formats.html || formats.pdf)
        requireReportSupport(); // before the run: a headless build says so at once
    const experiment::RunOptions options = runOptions(args, file);
    const bool quiet = args.has("quiet");

    const io::Project project = io::readProject(file);
    experiment::Runner runner(project, options);
    for (const auto& w : runner.spec().warnings)
        std::cerr << "warning: " << w << "\n";
    ConsoleObserver observer(quiet);
    const auto wallStart = std::chrono::steady_clock::now();
    experiment::Results results;
    try {
        SigintGuard guard(runner);
        results = runner.run(&observer);
    } catch (const experiment::RunCancelled&) {
        std::cerr << "interrupted: the run was cancelled, no results were written\n";
        return kExitInterrupted;
    }
    // Warnings found during the run (e.g. memory plans); the file's own were printed above.
    std::vector<std::string> runWarnings;
    for (const auto& w : results.warnings)
        if (std::find(runner.spec().warnings.begin(), runner.spec().warnings.end(), w) ==
            runner.spec().warnings.end())
            runWarnings.push_back(w);
    const double wall_s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wallStart).count();

    const std::filesystem::path out = args.get("out").value_or("results");
    nlohmann::ordered_json info;
    info["topology"] = file.string();
    info["wall_time_s"] = wall_s;
    info["events"] = results.engine.events;
    info["events_per_s"] = wall_s > 0 ? static_cast<double>(results.engine.events) / wall_s : 0.0;
    info["transfers"] = results.engine.flows;
    writeOutputs(out, [&](const std::filesystem::path& dir) {
        experiment::writeResults(results, dir, formats.json, formats.csv);
        if (formats.html || formats.pdf)
            writeReports(project, results, options.topology_name, dir, formats.html, formats.pdf);
        io::writeFileAtomically(dir / "run-info.json", info.dump(2) + "\n");
    });
    if (!quiet)
        std::cout << experiment::resultsSummary(results, /*withWarnings=*/false);
    for (const auto& w : runWarnings)
        std::cerr << "warning: " << w << "\n";
    std::cout << "wall time " << units::formatDuration(wall_s) << ", " << results.engine.events
              << " events; results in " << out.string() << "\n";
    return kExitOk;
}

} // namespace meridian::cli
