#pragma once
// Opens a finished sweep point as a run of the session (docs/sweeps.md, "In the designer"):
// its point.topo is read and run again on a worker thread, as the sweep ran it (same options,
// same seed), so the Run view gets everything a run has in memory — the per-centre timeline
// the results files do not hold. The run's results.json is compared with the point's stored
// one: a point is deterministic, so they are equal unless the engine changed since the sweep.

#include "app/sweep/SweepSpec.hpp"
#include "meridian/experiment/Results.hpp"
#include "meridian/io/ProjectFile.hpp"

#include <QObject>
#include <QString>
#include <atomic>
#include <filesystem>
#include <thread>

namespace meridian::ui {

class SweepPointRun : public QObject
{
    Q_OBJECT
public:
    explicit SweepPointRun(QObject* parent = nullptr);
    ~SweepPointRun() override; ///< cancels and joins a run in progress

    /// Runs OUT/points/NAME/point.topo. False if a point is being opened already.
    bool start(const std::filesystem::path& out, const sweep::Point& point);
    bool isRunning() const { return m_running; }
    /// The last opened point's project and results (after opened()).
    const io::Project& project() const { return m_project; }
    const experiment::Results& results() const { return m_results; }

Q_SIGNALS:
    /// `sameAsStored`: its results.json equals the sweep's byte for byte.
    void opened(const QString& pointName, bool sameAsStored);
    void failed(const QString& error);

private:
    std::thread m_worker;
    std::atomic<bool> m_cancel{false};
    bool m_running = false;
    io::Project m_project;
    experiment::Results m_results;
};

} // namespace meridian::ui
