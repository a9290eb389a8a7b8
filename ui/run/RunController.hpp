#pragma once
// Runs a project's experiment on a worker thread while the GUI stays live (docs/gui.md,
// "Running").
//
// start() copies the project, constructs the experiment::Runner on the calling (GUI) thread
// — so an invalid experiment is refused at once with the same InputError `meridian-cli
// validate` prints — and runs it on a std::thread. The worker reports through a
// RunObserver bridge into a mutex-guarded inbox; the GUI thread drains the inbox on a timer
// (kUpdateIntervalMs, about 20 times a second) and emits updated(). However many events the
// engine executes, the GUI thread sees at most one batch per tick: the event rate never
// reaches the event loop.
//
// Pause, Step and pacing act in the worker at the observer's calls (phase boundaries and
// snapshots, every `RunOptions::snapshot_interval_s` of simulated time): the worker waits
// there on a condition variable. stop() cancels the runner (it throws RunCancelled at its
// next event) and wakes a paused worker; nothing of a cancelled run is kept.
//
// The document is never touched: the run works on its own copy of the project.

#include "meridian/experiment/Results.hpp"
#include "meridian/experiment/RunObserver.hpp"
#include "meridian/experiment/Runner.hpp"
#include "meridian/io/ProjectFile.hpp"

#include <QObject>
#include <QString>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

class QTimer;

namespace meridian::ui {

/// Everything the GUI knows about the run in progress (GUI thread only).
struct LiveRun
{
    std::vector<experiment::PhaseResult> phases;         ///< finished phases, in order
    std::vector<experiment::IterationResult> iterations; ///< finished iterations
    std::vector<experiment::CenterPhaseSpan> spans;      ///< per-centre phase spans so far
    std::string phase;          ///< the phase in progress ("" between phases)
    int iteration = -1;         ///< its iteration (-1: broadcast or micro-benchmark)
    double phase_start_s = 0.0; ///< when the phase in progress started
    double time_s = 0.0;        ///< simulated time of the latest report
    double progress = 0.0;      ///< finished phases / all phases
    /// The phase in progress: payload bytes its program moves and how many have arrived
    /// (experiment::RunSnapshot). Both 0 for a phase that moves no bytes, and from the
    /// phase's start until its first snapshot.
    double phase_bytes_done = 0.0;
    double phase_bytes_total = 0.0;
    /// phase_bytes_done / phase_bytes_total, or nothing for a phase that moves no bytes.
    std::optional<double> phaseFraction() const
    {
        if (phase.empty() || phase_bytes_total <= 0.0)
            return std::nullopt;
        return phase_bytes_done / phase_bytes_total;
    }
    /// Latest utilisation of every user link, by link id.
    std::map<std::string, double> utilisation;
    /// Utilisation over simulated time of the watched links (RunController::setWatchedLinks).
    struct Series
    {
        std::vector<double> time_s;
        std::vector<double> utilisation;
        /// Runs with background traffic (RunSnapshot::link_rates), one per time_s, else
        /// empty: the rates at that time in the direction that carried more, of the
        /// experiment's own flows and of the background generators' (wire bit/s).
        std::vector<double> experiment_bps;
        std::vector<double> background_bps;
        /// The standing queue's delay and the loss at each time_s (RunSnapshot::
        /// link_queue_delay_s, link_loss).
        std::vector<double> queue_delay_s;
        std::vector<double> loss;
    };
    std::map<std::string, Series> series;
};

class RunController : public QObject
{
    Q_OBJECT
public:
    enum class State
    {
        Idle, ///< nothing started yet
        Running,
        Paused,
        Finished, ///< results() holds the run's results
        Failed,   ///< errorText() says why
        Cancelled ///< stopped by the user; nothing kept
    };
    Q_ENUM(State)

    static constexpr int kUpdateIntervalMs = 50;

    explicit RunController(QObject* parent = nullptr);
    ~RunController() override; ///< stops and joins a run in progress

    /// Starts a run of a copy of `project`; with `stepFirst` it pauses after its first phase
    /// (Step from idle). Throws InputError if the experiment is invalid (nothing starts then)
    /// and std::logic_error if a run is already active.
    void start(const io::Project& project, experiment::RunOptions options, bool stepFirst = false);
    void pause();
    void resume();
    /// Runs to the end of the current phase (or the next, when between phases), then pauses.
    void step();
    /// Cancels the run; the state becomes Cancelled once the worker has stopped.
    void stop();
    /// Simulated seconds per wall second; 0 = as fast as possible.
    void setPace(double simSecondsPerWallSecond);
    double pace() const { return m_pace; }
    /// Pauses the run when simulated time reaches `time_s` (at the first report at or after
    /// it); a negative value removes the mark. Applies to the current or the next run.
    void setPauseAt(double time_s);
    /// Links whose utilisation is kept as a series during the run.
    void setWatchedLinks(const std::vector<std::string>& ids);

    State state() const { return m_state; }
    bool isActive() const { return m_state == State::Running || m_state == State::Paused; }
    const LiveRun& live() const { return m_live; }
    /// The finished run's results (state Finished), else nullptr.
    const experiment::Results* results() const { return m_results ? &*m_results : nullptr; }
    /// The copy of the project the current or last run simulates (nullptr before any).
    const io::Project* project() const;
    QString errorText() const { return m_error; }
    /// Wall and CPU time of the last finished run's worker thread (the engine's own cost in
    /// the GUI, for benchmarks), in seconds.
    double workerWallS() const { return m_workerWall_s; }
    double workerCpuS() const { return m_workerCpu_s; }
    /// Runs the event loop until the run is no longer active or `timeoutMs` passed.
    bool waitForEnd(int timeoutMs);
    /// Runs the event loop until the run is not Running (paused, finished, ...) or
    /// `timeoutMs` passed.
    bool waitWhileRunning(int timeoutMs);

Q_SIGNALS:
    void stateChanged(meridian::ui::RunController::State state);
    /// New data in live() (at most every kUpdateIntervalMs).
    void updated();
    /// The run finished: results() is set.
    void finished();
    void failed(const QString& error);

private:
    struct Job;
    class Bridge;
    void drain();
    bool waitUntil(const std::function<bool()>& done, int timeoutMs);
    void setState(State state);
    void finishJob();

    std::unique_ptr<Job> m_job;
    QTimer* m_timer = nullptr;
    State m_state = State::Idle;
    LiveRun m_live;
    std::optional<experiment::Results> m_results;
    QString m_error;
    double m_pace = 0.0;
    double m_pauseAt_s = -1.0;
    double m_workerWall_s = 0.0;
    double m_workerCpu_s = 0.0;
    std::vector<std::string> m_watched;
};

} // namespace meridian::ui
