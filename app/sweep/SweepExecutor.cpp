#include "app/sweep/SweepExecutor.hpp"

#include "app/sweep/StagingFolder.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/core/Units.hpp"
#include "meridian/experiment/Runner.hpp"

#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <future>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <sys/types.h>
#include <thread>
#include <unistd.h>

namespace meridian::sweep {

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

/// Set by SIGINT/SIGTERM (a lock-free atomic store is async-signal-safe) and read by the
/// workers; the progress loop cancels the running points when it sees it.
std::atomic<bool> g_sweepSignalStop{false};
static_assert(std::atomic<bool>::is_always_lock_free);

extern "C" void onSweepStopSignal(int)
{
    g_sweepSignalStop.store(true);
}

/// Installs the stop handlers for SIGINT and SIGTERM for a scope and restores the previous.
class StopSignals
{
public:
    StopSignals()
    {
        g_sweepSignalStop.store(false);
        m_int = std::signal(SIGINT, onSweepStopSignal);
        m_term = std::signal(SIGTERM, onSweepStopSignal);
    }
    ~StopSignals()
    {
        std::signal(SIGINT, m_int == SIG_ERR ? SIG_DFL : m_int);
        std::signal(SIGTERM, m_term == SIG_ERR ? SIG_DFL : m_term);
    }
    StopSignals(const StopSignals&) = delete;
    StopSignals& operator=(const StopSignals&) = delete;

private:
    void (*m_int)(int) = SIG_DFL;
    void (*m_term)(int) = SIG_DFL;
};

std::string readText(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return {};
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

/// The runs in progress, so that a stop can cancel them.
class ActiveRuns
{
public:
    void add(experiment::Runner* r)
    {
        std::lock_guard lock(m_mutex);
        m_runners.push_back(r);
        if (m_cancelled)
            r->cancel();
    }
    void remove(experiment::Runner* r)
    {
        std::lock_guard lock(m_mutex);
        std::erase(m_runners, r);
    }
    void cancelAll()
    {
        std::lock_guard lock(m_mutex);
        m_cancelled = true;
        for (auto* r : m_runners)
            r->cancel();
    }

private:
    std::mutex m_mutex;
    std::vector<experiment::Runner*> m_runners;
    bool m_cancelled = false;
};

nlohmann::ordered_json pointRecord(const Point& point, const SweepSpec& spec)
{
    nlohmann::ordered_json j;
    j["format"] = "meridian.sweep-point";
    j["version"] = 1;
    j["name"] = point.name;
    j["index"] = point.index;
    j["seed"] = point.seed;
    nlohmann::ordered_json values = nlohmann::ordered_json::object();
    for (std::size_t a = 0; a < spec.axes.size(); ++a)
        values[spec.axes[a].path] = spec.axes[a].values[point.value_index[a]];
    j["values"] = values;
    return j;
}

std::string hostName()
{
    char name[256] = {};
    if (::gethostname(name, sizeof name - 1) != 0 || name[0] == '\0')
        return "host";
    std::string out;
    for (const char* c = name; *c; ++c)
        out += (*c == '.' || *c == '/') ? '_' : *c;
    return out;
}

/// Removes the staging folders (NAME.HOST.PID.INDEX) that processes of this host which are no
/// longer running left behind (a sweep killed with SIGKILL); those of other hosts sharing OUT
/// and of live processes stay.
void removeStaleStaging(const fs::path& out)
{
    std::error_code ec;
    const std::string host = hostName();
    for (const auto& entry : fs::directory_iterator(out / ".partial", ec)) {
        const std::string name = entry.path().filename().string();
        // From the end: INDEX, PID, HOST (the point's name may hold dots, the host not).
        const auto indexDot = name.rfind('.');
        if (indexDot == std::string::npos || indexDot == 0)
            continue;
        const auto pidDot = name.rfind('.', indexDot - 1);
        if (pidDot == std::string::npos || pidDot < host.size() + 1 ||
            name.compare(pidDot - host.size(), host.size(), host) != 0 ||
            name[pidDot - host.size() - 1] != '.')
            continue;
        const long pid = std::strtol(name.c_str() + pidDot + 1, nullptr, 10);
        if (pid > 0 && ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH)
            fs::remove_all(entry.path(), ec);
    }
}

enum class Outcome
{
    Ok,
    Failed,
    Cancelled
};

/// A point whose files are written in its staging folder, not yet committed.
struct StagedPoint
{
    Outcome outcome = Outcome::Cancelled;
    std::unique_ptr<StagingFolder> folder; ///< null when cancelled
};

/// Runs one point into its staging folder; the caller commits it (StagingFolder: one flush of
/// the complete folder, then the rename that marks the point finished).
StagedPoint runPoint(const Point& point, const SweepSpec& spec, const fs::path& out,
                     ActiveRuns& active)
{
    auto folder = std::make_unique<StagingFolder>(out / ".partial" /
                                                  (point.name + "." + hostName() + "." +
                                                   std::to_string(::getpid()) + "." +
                                                   std::to_string(point.index)));
    StagingFolder& staging = *folder;
    staging.write("point.topo", point.topo_text);
    const io::Project project = io::parseProject(point.topo_text, "point.topo");
    // What `meridian-cli run point.topo` does: the same options, file name and seed.
    experiment::RunOptions options;
    options.project_dir = staging.path();
    options.topology_name = "point.topo";
    experiment::Runner runner(project, options);
    nlohmann::ordered_json record = pointRecord(point, spec);
    const auto wallStart = Clock::now();
    experiment::Results results;
    bool ok = true;
    active.add(&runner);
    try {
        results = runner.run(nullptr);
    } catch (const experiment::RunCancelled&) {
        active.remove(&runner);
        return {}; // the staging folder goes with `folder`
    } catch (const std::exception& e) {
        ok = false;
        record["status"] = "failed";
        record["error"] = e.what();
    }
    active.remove(&runner);
    if (ok) {
        const double wall_s = std::chrono::duration<double>(Clock::now() - wallStart).count();
        // The files of experiment::writeResults(results, "results", true, true), same bytes.
        staging.write("results/results.json", experiment::resultsToJson(results));
        for (const auto& [name, text] : experiment::resultsCsvFiles(results))
            staging.write(fs::path("results") / name, text);
        nlohmann::ordered_json info;
        info["topology"] = "point.topo";
        info["wall_time_s"] = wall_s;
        info["events"] = results.engine.events;
        info["events_per_s"] =
            wall_s > 0 ? static_cast<double>(results.engine.events) / wall_s : 0.0;
        info["transfers"] = results.engine.flows;
        staging.write("results/run-info.json", info.dump(2) + "\n");
        record["status"] = "ok";
        record["results"] = "results";
    }
    staging.write("point.json", record.dump(2) + "\n");
    return {ok ? Outcome::Ok : Outcome::Failed, std::move(folder)};
}

std::string formatEta(double s)
{
    const long long t = std::llround(s);
    char buf[32];
    if (t >= 3600)
        std::snprintf(buf, sizeof buf, "%lldh%02lldm", t / 3600, (t / 60) % 60);
    else if (t >= 60)
        std::snprintf(buf, sizeof buf, "%lldm%02llds", t / 60, t % 60);
    else
        std::snprintf(buf, sizeof buf, "%llds", t);
    return buf;
}

/// "[####....] 12/27 points, 1 failed, ETA 1m20s": the ETA from this call's throughput.
void drawProgress(const ExecutorProgress& p, bool last)
{
    constexpr int kWidth = 30;
    const double f = p.total ? static_cast<double>(p.done) / static_cast<double>(p.total) : 1.0;
    const int filled = static_cast<int>(f * kWidth);
    std::string bar(static_cast<std::size_t>(filled), '#');
    bar += std::string(static_cast<std::size_t>(kWidth - filled), '.');
    std::string eta = "ETA --";
    if (p.done == p.total)
        eta = "took " + formatEta(p.elapsed_s);
    else if (p.eta_s >= 0)
        eta = "ETA " + formatEta(p.eta_s);
    std::fprintf(stderr, "\r[%s] %zu/%zu points%s, %s   ", bar.c_str(), p.done, p.total,
                 p.failed ? (", " + std::to_string(p.failed) + " failed").c_str() : "",
                 eta.c_str());
    if (last)
        std::fputc('\n', stderr);
    std::fflush(stderr);
}

} // namespace

std::string pointResultsFolder(const Point& point)
{
    return "points/" + point.name + "/results";
}

PointStatus finishedStatus(const fs::path& out, const Point& point)
{
    const fs::path dir = out / "points" / point.name;
    if (readText(dir / "point.topo") != point.topo_text)
        return PointStatus::Pending;
    const nlohmann::json record =
        nlohmann::json::parse(readText(dir / "point.json"), nullptr, false);
    if (record.is_discarded() || !record.is_object())
        return PointStatus::Pending;
    const std::string status = record.value("status", "");
    if (status == "ok" && fs::exists(dir / "results" / "results.json"))
        return PointStatus::Ok;
    if (status == "failed")
        return PointStatus::Failed;
    return PointStatus::Pending;
}

ExecutorReport runPoints(const std::vector<Point>& points, const std::vector<std::size_t>& mine,
                         const SweepSpec& spec, const fs::path& out, const ExecutorOptions& options)
{
    ExecutorReport report;
    std::vector<std::size_t> todo;
    for (std::size_t i : mine) {
        const PointStatus s = finishedStatus(out, points[i]);
        if (s == PointStatus::Pending) {
            todo.push_back(i);
        } else {
            ++report.skipped;
            report.failed += s == PointStatus::Failed ? 1 : 0;
        }
    }
    std::error_code ec;
    fs::create_directories(out / "points", ec);
    if (ec)
        throw InputError(out.string(), "", "cannot create the output folder: " + ec.message());
    removeStaleStaging(out);
    fs::remove(out / ".partial", ec); // only when empty
    if (todo.empty()) {
        if (options.on_progress)
            options.on_progress({mine.size(), mine.size(), report.failed, 0, 0.0, -1.0});
        return report;
    }

    std::optional<StopSignals> signals;
    if (options.handle_signals)
        signals.emplace();
    std::atomic<bool> ioFailed{false}; // a worker's I/O error
    auto stopRequested = [&] {
        return ioFailed.load() || (options.handle_signals && g_sweepSignalStop.load()) ||
               (options.cancel && options.cancel->load());
    };
    ActiveRuns active;
    std::atomic<std::size_t> next{0}, done{0}, failed{0};
    std::mutex errorMutex;
    std::exception_ptr error;
    std::mutex wakeMutex;
    std::condition_variable wake;
    const int threads = std::max(1, std::min<int>(options.jobs, static_cast<int>(todo.size())));
    std::vector<std::thread> pool;
    auto recordError = [&] {
        std::lock_guard lock(errorMutex);
        if (!error)
            error = std::current_exception();
        ioFailed.store(true); // an I/O error stops the sweep as a signal would
    };
    // Each worker commits its previous point (StagingFolder::commit: the flushes, which wait on
    // the disk, and the rename) on a thread of its own while it runs the next point, so the
    // disk's latency overlaps the simulations instead of adding to them; at most one commit
    // per worker is in flight, and a worker waits for its last one before it leaves.
    for (int t = 0; t < threads; ++t)
        pool.emplace_back([&] {
            std::future<void> committing;
            auto settle = [&] {
                if (!committing.valid())
                    return;
                try {
                    committing.get();
                } catch (...) {
                    recordError();
                }
            };
            while (!stopRequested()) {
                const std::size_t k = next.fetch_add(1);
                if (k >= todo.size())
                    break;
                try {
                    StagedPoint staged = runPoint(points[todo[k]], spec, out, active);
                    if (staged.outcome == Outcome::Cancelled)
                        break;
                    settle();
                    committing = std::async(
                        std::launch::async,
                        [&, p = std::move(staged), target = out / "points" / points[todo[k]].name] {
                            p.folder->commit(target);
                            failed += p.outcome == Outcome::Failed ? 1 : 0;
                            ++done;
                            wake.notify_all();
                        });
                } catch (...) {
                    recordError();
                }
            }
            settle();
            wake.notify_all();
        });
    const auto start = Clock::now();
    auto progress = [&] {
        ExecutorProgress p;
        p.ran_now = done.load();
        p.done = report.skipped + p.ran_now;
        p.total = mine.size();
        p.failed = report.failed + failed.load();
        p.elapsed_s = std::chrono::duration<double>(Clock::now() - start).count();
        if (p.ran_now > 0)
            p.eta_s = p.elapsed_s / static_cast<double>(p.ran_now) *
                      static_cast<double>(todo.size() - p.ran_now);
        return p;
    };
    bool cancelled = false;
    while (done.load() < todo.size()) {
        {
            std::unique_lock lock(wakeMutex);
            wake.wait_for(lock, std::chrono::milliseconds(200));
        }
        if (stopRequested() && !cancelled) {
            active.cancelAll();
            cancelled = true;
        }
        if (options.progress)
            drawProgress(progress(), false);
        if (options.on_progress)
            options.on_progress(progress());
        if (cancelled)
            break; // the workers leave their loops; join below
    }
    for (auto& t : pool)
        t.join();
    if (options.progress)
        drawProgress(progress(), true);
    if (options.on_progress)
        options.on_progress(progress());
    fs::remove(out / ".partial", ec); // only when empty
    if (error)
        std::rethrow_exception(error);
    report.ran = done.load();
    report.failed += failed.load();
    report.interrupted = cancelled || done.load() < todo.size();
    return report;
}

} // namespace meridian::sweep
