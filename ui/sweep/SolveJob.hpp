#pragma once
// A solve run from the designer (Run ▸ Solve…; docs/strategies.md, "The solver"): the steps of
// `meridian-cli solve FILE --vary PATH --range LO:HI --target … --out OUT`, by the same code
// (app/sweep/SweepSolver), on a worker thread so the window stays live. Each round's bracket
// reaches the GUI thread as a queued call; cancel() stops the runs in progress as Ctrl-C stops
// the command (finished runs stay in OUT/points and a second solve reuses them).

#include "app/sweep/SweepSolver.hpp"

#include <QObject>
#include <QStringList>
#include <atomic>
#include <filesystem>
#include <memory>
#include <thread>

namespace meridian::ui {

class SolveJob : public QObject
{
    Q_OBJECT
public:
    struct Outcome
    {
        sweep::SolveRequest request;
        sweep::SolveResult result;
        std::string path;      ///< the axis
        sweep::Table table;    ///< the runs as a one-axis sweep, in value order
        sweep::SweepSpec spec; ///< its axis
        std::filesystem::path out;
    };

    explicit SolveJob(QObject* parent = nullptr);
    ~SolveJob() override; ///< cancels and joins a solve in progress

    /// Starts solving `path` of `project` (`file` names it in messages). False if one runs.
    bool start(const io::Project& project, const std::string& file, const std::string& path,
               const sweep::SolveRequest& request, const std::filesystem::path& out);
    void cancel();
    bool isRunning() const { return m_running; }
    const Outcome& outcome() const { return *m_outcome; }
    bool hasOutcome() const { return m_outcome != nullptr; }
    /// Runs the event loop until the solve is no longer running or `timeoutMs` passed.
    bool waitForEnd(int timeoutMs);

Q_SIGNALS:
    /// After a round: the runs so far and the bracket [lo, hi] that holds the answer.
    void progress(int runs, double lo, double hi);
    /// The solve ended, with an answer or a reason (outcome().result says which).
    void finished();
    void cancelled();
    /// The request or a point is invalid (one line per problem), or an output failed.
    void failed(const QStringList& problems);

private:
    void work(io::Project project, std::string file, std::string path, sweep::SolveRequest request,
              std::filesystem::path out);
    void joinWorker();

    std::thread m_worker;
    std::atomic<bool> m_cancel{false};
    bool m_running = false;
    std::shared_ptr<const Outcome> m_outcome;
};

} // namespace meridian::ui
