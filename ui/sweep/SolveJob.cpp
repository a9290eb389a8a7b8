#include "ui/sweep/SolveJob.hpp"

#include "meridian/core/Error.hpp"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QMetaObject>
#include <QString>
#include <QThread>
#include <algorithm>

namespace meridian::ui {

SolveJob::SolveJob(QObject* parent) : QObject(parent) {}

SolveJob::~SolveJob()
{
    m_cancel.store(true);
    joinWorker();
}

void SolveJob::joinWorker()
{
    if (m_worker.joinable())
        m_worker.join();
}

bool SolveJob::start(const io::Project& project, const std::string& file, const std::string& path,
                     const sweep::SolveRequest& request, const std::filesystem::path& out)
{
    if (m_running)
        return false;
    joinWorker();
    m_cancel.store(false);
    m_running = true;
    m_worker = std::thread(&SolveJob::work, this, project, file, path, request, out);
    return true;
}

void SolveJob::cancel()
{
    m_cancel.store(true);
}

bool SolveJob::waitForEnd(int timeoutMs)
{
    QElapsedTimer timer;
    timer.start();
    while (m_running && timer.elapsed() < timeoutMs) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
        QThread::msleep(5);
    }
    return !m_running;
}

void SolveJob::work(io::Project project, std::string file, std::string path,
                    sweep::SolveRequest request, std::filesystem::path out)
{
    // On the worker; results reach the GUI thread as queued calls on this object (dropped if
    // it is destroyed first, after the destructor joined this thread).
    auto post = [this](auto fn) { QMetaObject::invokeMethod(this, fn, Qt::QueuedConnection); };
    try {
        sweep::ExecutorOptions options;
        options.jobs = request.batch;
        options.handle_signals = false;
        options.cancel = &m_cancel;
        sweep::RunEvaluator runs(project, file, path, sweep::SweepSpec{}, out, options,
                                 request.target.metric);
        const sweep::SolveResult result =
            sweep::solve(request, std::ref(runs), [&](const sweep::SolveResult& s) {
                const int n = static_cast<int>(s.evaluations.size());
                const double lo = std::min(s.pass, s.fail), hi = std::max(s.pass, s.fail);
                post([this, n, lo, hi] { Q_EMIT progress(n, lo, hi); });
            });
        if (result.outcome == sweep::SolveOutcome::Interrupted) {
            post([this] {
                m_running = false;
                Q_EMIT cancelled();
            });
            return;
        }
        const std::string topologyName = std::filesystem::path(file).filename().string();
        sweep::writeSolveFiles(request, result, runs, path, topologyName, out);
        auto outcome = std::make_shared<Outcome>(
            Outcome{request, result, path, runs.table(), runs.tableSpec(), out});
        post([this, outcome] {
            m_outcome = outcome;
            m_running = false;
            Q_EMIT finished();
        });
    } catch (const std::exception& e) {
        const QStringList problems = QString::fromStdString(e.what()).split(QLatin1Char('\n'));
        post([this, problems] {
            m_running = false;
            Q_EMIT failed(problems);
        });
    }
}

} // namespace meridian::ui
