#include "ui/run/RunController.hpp"

#include "meridian/core/Error.hpp"

#include <QEventLoop>
#include <QTimer>
#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <ctime>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>

namespace meridian::ui {

namespace {
using Clock = std::chrono::steady_clock;
} // namespace

/// The worker's side: the observer the Runner calls, the inbox the GUI drains and the gate
/// where pause, step and pacing hold the worker. Everything is guarded by `mutex`.
class RunController::Bridge : public experiment::RunObserver
{
public:
    std::mutex mutex;
    std::condition_variable wake;
    // ---- control (GUI → worker)
    bool paused = false;
    bool stepping = false; ///< pause at the next phase end
    bool cancelled = false;
    double pace = 0.0;       ///< simulated s per wall s; 0 = as fast as possible
    double pauseAt_s = -1.0; ///< pause at the first report at or after this time (< 0: none)
    bool anchored = false;
    Clock::time_point anchorWall;
    double anchorSim_s = 0.0;
    std::set<std::string> watched;
    // ---- inbox (worker → GUI), emptied by every drain
    bool changed = false;
    std::vector<experiment::PhaseResult> phases;
    std::vector<experiment::IterationResult> iterations;
    std::vector<experiment::CenterPhaseSpan> spans;
    std::string phase;
    int iteration = -1;
    double phaseStart_s = 0.0;
    double time_s = 0.0;
    double progress = 0.0;
    double phaseBytesDone = 0.0;
    double phaseBytesTotal = 0.0;
    std::vector<std::pair<std::string, double>> utilisation;
    std::map<std::string, LiveRun::Series> series;

    void phaseStarted(const std::string& name, int it, double t) override
    {
        std::unique_lock lock(mutex);
        phase = name;
        iteration = it;
        phaseStart_s = t;
        time_s = t;
        phaseBytesDone = 0.0; // until the phase's first snapshot
        phaseBytesTotal = 0.0;
        changed = true;
        gate(lock, t);
    }

    void phaseFinished(const experiment::PhaseResult& p) override
    {
        std::unique_lock lock(mutex);
        phases.push_back(p);
        phase.clear();
        time_s = p.end_s;
        changed = true;
        if (stepping) {
            stepping = false;
            paused = true;
        }
        gate(lock, p.end_s);
    }

    void iterationFinished(const experiment::IterationResult& it) override
    {
        const std::lock_guard lock(mutex);
        iterations.push_back(it);
        changed = true;
    }

    void centerPhases(const std::vector<experiment::CenterPhaseSpan>& s) override
    {
        const std::lock_guard lock(mutex);
        spans.insert(spans.end(), s.begin(), s.end());
        changed = true;
    }

    void snapshot(const experiment::RunSnapshot& s) override
    {
        std::unique_lock lock(mutex);
        time_s = s.time_s;
        progress = s.progress;
        phaseBytesDone = s.phase_bytes_done;
        phaseBytesTotal = s.phase_bytes_total;
        utilisation = s.link_utilisation;
        for (std::size_t l = 0; l < s.link_utilisation.size(); ++l) {
            const auto& [id, u] = s.link_utilisation[l];
            if (watched.count(id) == 0)
                continue;
            LiveRun::Series& series_ = series[id];
            series_.time_s.push_back(s.time_s);
            series_.utilisation.push_back(u);
            if (l < s.link_queue_delay_s.size())
                series_.queue_delay_s.push_back(s.link_queue_delay_s[l]);
            if (l < s.link_loss.size())
                series_.loss.push_back(s.link_loss[l]);
            if (l < s.link_rates.size()) { // a run with background traffic
                const auto& rates = s.link_rates[l];
                series_.background_bps.push_back(rates.background_bps);
                series_.experiment_bps.push_back(
                    std::max(0.0, rates.total_bps - rates.background_bps));
            }
        }
        changed = true;
        gate(lock, s.time_s);
    }

private:
    /// Holds the worker while paused, and until the wall clock has caught up with simulated
    /// time `t` at the chosen pace. A cancel releases it at once.
    void gate(std::unique_lock<std::mutex>& lock, double t)
    {
        for (;;) {
            if (cancelled)
                return;
            if (pauseAt_s >= 0.0 && t >= pauseAt_s) {
                pauseAt_s = -1.0;
                paused = true;
            }
            if (paused) {
                wake.wait(lock);
                anchored = false; // pacing restarts from where the pause ended
                continue;
            }
            if (pace <= 0.0)
                return;
            if (!anchored) {
                anchored = true;
                anchorWall = Clock::now();
                anchorSim_s = t;
            }
            const auto target =
                anchorWall + std::chrono::duration_cast<Clock::duration>(
                                 std::chrono::duration<double>((t - anchorSim_s) / pace));
            if (Clock::now() >= target)
                return;
            wake.wait_until(lock, target);
        }
    }
};

struct RunController::Job
{
    io::Project project;
    std::unique_ptr<experiment::Runner> runner;
    Bridge bridge;
    std::thread thread;
    // Written by the worker before `done`; read by the GUI after it (under bridge.mutex).
    bool done = false;
    std::optional<experiment::Results> results;
    State outcome = State::Finished;
    QString error;
    double wall_s = 0.0;
    double cpu_s = 0.0;
};

RunController::RunController(QObject* parent) : QObject(parent), m_timer(new QTimer(this))
{
    m_timer->setInterval(kUpdateIntervalMs);
    connect(m_timer, &QTimer::timeout, this, &RunController::drain);
}

RunController::~RunController()
{
    if (m_job) {
        stop();
        if (m_job->thread.joinable())
            m_job->thread.join();
    }
}

void RunController::start(const io::Project& project, experiment::RunOptions options,
                          bool stepFirst)
{
    if (isActive())
        throw std::logic_error("a run is already in progress");
    if (m_job && m_job->thread.joinable())
        m_job->thread.join();
    auto job = std::make_unique<Job>();
    job->project = project;
    // Throws InputError for an invalid experiment: nothing has started yet.
    job->runner = std::make_unique<experiment::Runner>(job->project, std::move(options));
    job->bridge.pace = m_pace;
    job->bridge.stepping = stepFirst;
    job->bridge.pauseAt_s = m_pauseAt_s;
    m_pauseAt_s = -1.0;
    job->bridge.watched = {m_watched.begin(), m_watched.end()};
    m_job = std::move(job);
    m_live = LiveRun{};
    m_results.reset();
    m_error.clear();
    Job* j = m_job.get();
    j->thread = std::thread([j] {
        const auto wall0 = Clock::now();
        std::optional<experiment::Results> results;
        State outcome = State::Finished;
        QString error;
        try {
            results = j->runner->run(&j->bridge);
        } catch (const experiment::RunCancelled&) {
            outcome = State::Cancelled;
        } catch (const std::exception& e) {
            outcome = State::Failed;
            error = QString::fromStdString(e.what());
        }
        timespec cpu{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu);
        const std::lock_guard lock(j->bridge.mutex);
        j->wall_s = std::chrono::duration<double>(Clock::now() - wall0).count();
        j->cpu_s = static_cast<double>(cpu.tv_sec) + static_cast<double>(cpu.tv_nsec) * 1e-9;
        j->results = std::move(results);
        j->outcome = outcome;
        j->error = error;
        j->done = true;
    });
    m_timer->start();
    setState(State::Running);
}

void RunController::pause()
{
    if (m_state != State::Running)
        return;
    {
        const std::lock_guard lock(m_job->bridge.mutex);
        m_job->bridge.paused = true;
    }
    setState(State::Paused);
}

void RunController::resume()
{
    if (m_state != State::Paused)
        return;
    {
        const std::lock_guard lock(m_job->bridge.mutex);
        m_job->bridge.paused = false;
        m_job->bridge.stepping = false;
    }
    m_job->bridge.wake.notify_all();
    setState(State::Running);
}

void RunController::step()
{
    if (!isActive())
        return;
    {
        const std::lock_guard lock(m_job->bridge.mutex);
        m_job->bridge.paused = false;
        m_job->bridge.stepping = true;
    }
    m_job->bridge.wake.notify_all();
    // The worker pauses itself at the phase end; drain() reports Paused then.
    setState(State::Running);
}

void RunController::stop()
{
    if (!m_job || !isActive())
        return;
    m_job->runner->cancel();
    {
        const std::lock_guard lock(m_job->bridge.mutex);
        m_job->bridge.cancelled = true;
    }
    m_job->bridge.wake.notify_all();
}

void RunController::setPace(double simSecondsPerWallSecond)
{
    m_pace = simSecondsPerWallSecond > 0.0 ? simSecondsPerWallSecond : 0.0;
    if (!m_job)
        return;
    {
        const std::lock_guard lock(m_job->bridge.mutex);
        m_job->bridge.pace = m_pace;
        m_job->bridge.anchored = false;
    }
    m_job->bridge.wake.notify_all();
}

void RunController::setPauseAt(double time_s)
{
    if (!isActive()) {
        m_pauseAt_s = time_s;
        return;
    }
    const std::lock_guard lock(m_job->bridge.mutex);
    m_job->bridge.pauseAt_s = time_s;
}

void RunController::setWatchedLinks(const std::vector<std::string>& ids)
{
    m_watched = ids;
    if (!m_job)
        return;
    const std::lock_guard lock(m_job->bridge.mutex);
    m_job->bridge.watched = {ids.begin(), ids.end()};
}

void RunController::drain()
{
    if (!m_job)
        return;
    bool changed = false;
    bool done = false;
    bool pausedByWorker = false;
    {
        Bridge& b = m_job->bridge;
        const std::lock_guard lock(b.mutex);
        if (b.changed) {
            changed = true;
            b.changed = false;
            m_live.phases.insert(m_live.phases.end(), b.phases.begin(), b.phases.end());
            b.phases.clear();
            m_live.iterations.insert(m_live.iterations.end(), b.iterations.begin(),
                                     b.iterations.end());
            b.iterations.clear();
            m_live.spans.insert(m_live.spans.end(), b.spans.begin(), b.spans.end());
            b.spans.clear();
            m_live.phase = b.phase;
            m_live.iteration = b.iteration;
            m_live.phase_start_s = b.phaseStart_s;
            m_live.time_s = b.time_s;
            m_live.progress = b.progress;
            m_live.phase_bytes_done = b.phaseBytesDone;
            m_live.phase_bytes_total = b.phaseBytesTotal;
            for (const auto& [id, u] : b.utilisation)
                m_live.utilisation[id] = u;
            for (auto& [id, s] : b.series) {
                LiveRun::Series& to = m_live.series[id];
                to.time_s.insert(to.time_s.end(), s.time_s.begin(), s.time_s.end());
                to.utilisation.insert(to.utilisation.end(), s.utilisation.begin(),
                                      s.utilisation.end());
                to.experiment_bps.insert(to.experiment_bps.end(), s.experiment_bps.begin(),
                                         s.experiment_bps.end());
                to.background_bps.insert(to.background_bps.end(), s.background_bps.begin(),
                                         s.background_bps.end());
                to.queue_delay_s.insert(to.queue_delay_s.end(), s.queue_delay_s.begin(),
                                        s.queue_delay_s.end());
                to.loss.insert(to.loss.end(), s.loss.begin(), s.loss.end());
            }
            b.series.clear();
        }
        pausedByWorker = b.paused && !b.cancelled;
        done = m_job->done;
    }
    if (changed)
        Q_EMIT updated();
    if (done) {
        finishJob();
        return;
    }
    if (pausedByWorker && m_state == State::Running)
        setState(State::Paused);
}

void RunController::finishJob()
{
    m_timer->stop();
    if (m_job->thread.joinable())
        m_job->thread.join();
    const State outcome = m_job->outcome;
    if (outcome == State::Finished) {
        m_results = std::move(m_job->results);
        m_live.progress = 1.0;
        m_live.phase.clear();
    }
    m_error = m_job->error;
    m_workerWall_s = m_job->wall_s;
    m_workerCpu_s = m_job->cpu_s;
    // The runner and its copy of the project stay until the next start(): project() still
    // names what the results belong to.
    setState(outcome);
    if (outcome == State::Finished)
        Q_EMIT finished();
    else if (outcome == State::Failed)
        Q_EMIT failed(m_error);
}

const io::Project* RunController::project() const
{
    return m_job ? &m_job->project : nullptr;
}

void RunController::setState(State state)
{
    if (state == m_state)
        return;
    m_state = state;
    Q_EMIT stateChanged(state);
}

bool RunController::waitUntil(const std::function<bool()>& done, int timeoutMs)
{
    if (done())
        return true;
    // A nested event loop that sleeps until an event arrives (the drain timer guarantees one
    // every kUpdateIntervalMs): no busy polling that would take CPU from the engine's thread.
    QEventLoop loop;
    QTimer timeout;
    timeout.setSingleShot(true);
    connect(&timeout, &QTimer::timeout, &loop, &QEventLoop::quit);
    const auto watch = connect(this, &RunController::stateChanged, &loop, [&] {
        if (done())
            loop.quit();
    });
    timeout.start(timeoutMs);
    loop.exec();
    disconnect(watch);
    return done();
}

bool RunController::waitForEnd(int timeoutMs)
{
    return waitUntil([this] { return !isActive(); }, timeoutMs);
}

bool RunController::waitWhileRunning(int timeoutMs)
{
    return waitUntil([this] { return m_state != State::Running; }, timeoutMs);
}

} // namespace meridian::ui
