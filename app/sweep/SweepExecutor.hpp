#pragma once
// Runs a sweep's points on local threads (docs/sweeps.md, "Running").
//
// Several experiment::Runner run at once in one process: the engine keeps no mutable global
// state (its only statics are the device and model catalogues, const after a thread-safe
// first load; every run owns its simulator, network and RNG streams), and a point's result
// does not depend on the others or on the order, so the table is the same whatever -j.
//
// Each point is written all or nothing: point.topo, results/ (results.json, the CSV files and
// run-info.json, the files of `meridian-cli run point.topo --out results`) and point.json
// (seed, values, status) go into a hidden staging folder OUT/.partial/NAME.HOST.PID.INDEX
// without a flush per file; when complete, every file and folder in it is flushed to disk and
// it is renamed to OUT/points/NAME (StagingFolder::commit, on a thread beside the worker's next
// point), so a crash never leaves a finished-looking point whose files are not on disk; a later
// call removes the staging folders of this host's processes that are gone (a sweep killed with
// SIGKILL or a crash before the rename) and runs those points again. A point is finished when
// OUT/points/NAME holds point.json and a point.topo equal, byte for byte, to the point's text: a
// second call skips it; a folder whose point.topo differs (the base file or an option changed) is
// run again. SIGINT or SIGTERM (when the caller lets the executor handle them, as meridian-cli
// does) or the caller's cancel flag (the GUI's Cancel) cancels the runs in progress (their staging
// folders are removed) and starts no new point; finished points stay.

#include "app/sweep/SweepSpec.hpp"

#include <atomic>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace meridian::sweep {

enum class PointStatus
{
    Pending,
    Ok,
    Failed, ///< the run failed (a link failed with no alternative path …): point.json says why
};

/// Where a call stands, for a progress display.
struct ExecutorProgress
{
    std::size_t done = 0;   ///< points finished (earlier calls' included)
    std::size_t total = 0;  ///< points of this call's share
    std::size_t failed = 0; ///< of them, failed
    std::size_t ran_now = 0;
    double elapsed_s = 0.0; ///< wall time of this call
    /// Estimated wall time to the end from this call's throughput; negative before the first
    /// point of this call has finished.
    double eta_s = -1.0;
};

struct ExecutorOptions
{
    int jobs = 1;
    bool progress = false; ///< a progress bar with ETA on stderr
    /// SIGINT and SIGTERM cancel the sweep for the call's duration (a command-line program).
    bool handle_signals = true;
    /// Set by another thread to cancel, as a signal would (may be null).
    const std::atomic<bool>* cancel = nullptr;
    /// Called on the calling thread about five times a second and once at the end.
    std::function<void(const ExecutorProgress&)> on_progress;
};

struct ExecutorReport
{
    std::size_t ran = 0;     ///< points run by this call
    std::size_t skipped = 0; ///< points finished by an earlier call
    std::size_t failed = 0;  ///< points whose run failed (this call or earlier)
    bool interrupted = false;
};

/// Whether OUT/points/NAME holds this point finished (see above), and with which status.
PointStatus finishedStatus(const std::filesystem::path& out, const Point& point);

/// Runs the points of `points` selected by `mine` (indices into points) that are not finished.
/// Installs SIGINT/SIGTERM handlers for its duration when options.handle_signals.
ExecutorReport runPoints(const std::vector<Point>& points, const std::vector<std::size_t>& mine,
                         const SweepSpec& spec, const std::filesystem::path& out,
                         const ExecutorOptions& options);

/// Relative folder of a point's results inside OUT.
std::string pointResultsFolder(const Point& point);

} // namespace meridian::sweep
