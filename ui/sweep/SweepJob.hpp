#pragma once
// A sweep run from the designer (docs/sweeps.md, "In the designer"): the same steps as
// `meridian-cli sweep FILE --vary … -j N --out OUT`, by the same code (app/sweep), on a worker
// thread so the window stays live. The worker builds and checks every point, runs them on N
// threads (finished points of an earlier sweep into OUT are skipped, as on the command line),
// gathers the table and writes OUT/sweep.csv and OUT/sweep.json. Progress reaches the GUI
// thread as queued calls; cancel() stops it as Ctrl-C stops the command (finished points stay).

#include "app/sweep/SweepExecutor.hpp"
#include "app/sweep/SweepSpec.hpp"
#include "app/sweep/SweepTable.hpp"

#include <QObject>
#include <QString>
#include <QStringList>
#include <atomic>
#include <filesystem>
#include <memory>
#include <thread>

namespace meridian::ui {

class SweepJob : public QObject
{
    Q_OBJECT
public:
    struct Outcome
    {
        sweep::SweepSpec spec;
        std::vector<sweep::Point> points;
        sweep::Table table;
        sweep::ExecutorReport report;
        std::filesystem::path out;
    };

    explicit SweepJob(QObject* parent = nullptr);
    ~SweepJob() override; ///< cancels and joins a sweep in progress

    /// Starts the sweep of `project` (`file` names it in messages and anchors relative model
    /// files). False if one is running.
    bool start(const io::Project& project, const std::string& file, sweep::SweepSpec spec,
               const std::filesystem::path& out, int jobs);
    void cancel();
    bool isRunning() const { return m_running; }
    /// The last finished sweep (valid after finished()).
    const Outcome& outcome() const { return *m_outcome; }
    bool hasOutcome() const { return m_outcome != nullptr; }
    /// Runs the event loop until the sweep is no longer running or `timeoutMs` passed.
    bool waitForEnd(int timeoutMs);

Q_SIGNALS:
    /// Points checked and about to run (`total`), or the sweep's progress.
    void progress(const meridian::sweep::ExecutorProgress& progress);
    /// Every point finished (some may have failed: their rows say so); outcome() is set.
    void finished();
    /// Stopped by cancel(): finished points are kept in OUT/points.
    void cancelled();
    /// The points are invalid (one line per problem) or an output could not be written.
    void failed(const QStringList& problems);

private:
    void work(io::Project project, std::string file, sweep::SweepSpec spec,
              std::filesystem::path out, int jobs);
    void joinWorker();

    std::thread m_worker;
    std::atomic<bool> m_cancel{false};
    bool m_running = false;
    std::shared_ptr<const Outcome> m_outcome;
};

} // namespace meridian::ui

Q_DECLARE_METATYPE(meridian::sweep::ExecutorProgress)
