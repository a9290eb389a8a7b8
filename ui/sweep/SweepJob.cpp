#include "ui/sweep/SweepJob.hpp"

#include "meridian/core/Error.hpp"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QMetaObject>
#include <QThread>

namespace meridian::ui {

SweepJob::SweepJob(QObject* parent) : QObject(parent)
{
    qRegisterMetaType<sweep::ExecutorProgress>();
}

SweepJob::~SweepJob()
{
    m_cancel.store(true);
    joinWorker();
}

void SweepJob::joinWorker()
{
    if (m_worker.joinable())
        m_worker.join();
}

bool SweepJob::start(const io::Project& project, const std::string& file, sweep::SweepSpec spec,
                     const std::filesystem::path& out, int jobs)
{
    if (m_running)
        return false;
    joinWorker(); // the previous sweep's thread has posted its end already
    m_cancel.store(false);
    m_running = true;
    m_worker =
        std::thread(&SweepJob::work, this, project, file, std::move(spec), out, std::max(1, jobs));
    return true;
}

void SweepJob::cancel()
{
    m_cancel.store(true);
}

bool SweepJob::waitForEnd(int timeoutMs)
{
    QElapsedTimer timer;
    timer.start();
    while (m_running && timer.elapsed() < timeoutMs) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
        QThread::msleep(5);
    }
    return !m_running;
}

void SweepJob::work(io::Project project, std::string file, sweep::SweepSpec spec,
                    std::filesystem::path out, int jobs)
{
    // Everything below runs on the worker; results reach the GUI thread as queued calls on
    // this object (dropped if it is destroyed first, after the destructor joined this thread).
    auto post = [this](auto fn) { QMetaObject::invokeMethod(this, fn, Qt::QueuedConnection); };
    auto fail = [&](const QStringList& problems) {
        post([this, problems] {
            m_running = false;
            Q_EMIT failed(problems);
        });
    };
    try {
        sweep::PointsResult built = sweep::buildPoints(spec, project, file);
        if (!built.errors.empty()) {
            QStringList problems;
            for (const std::string& e : built.errors)
                problems << QString::fromStdString(e);
            fail(problems);
            return;
        }
        auto outcome = std::make_shared<Outcome>();
        std::vector<std::size_t> all(built.points.size());
        for (std::size_t i = 0; i < all.size(); ++i)
            all[i] = i;
        sweep::ExecutorOptions options;
        options.jobs = jobs;
        options.handle_signals = false;
        options.cancel = &m_cancel;
        options.on_progress = [&](const sweep::ExecutorProgress& p) {
            post([this, p] { Q_EMIT progress(p); });
        };
        {
            sweep::ExecutorProgress first;
            first.total = all.size();
            post([this, first] { Q_EMIT progress(first); });
        }
        outcome->report = sweep::runPoints(built.points, all, spec, out, options);
        if (outcome->report.interrupted) {
            post([this] {
                m_running = false;
                Q_EMIT cancelled();
            });
            return;
        }
        const std::vector<std::string> wan = sweep::wanLinkIds(project);
        std::vector<nlohmann::ordered_json> rows;
        for (const sweep::Point& p : built.points)
            rows.push_back(sweep::pointRow(p, spec, wan, out));
        outcome->table = sweep::makeTable(std::move(rows), spec);
        sweep::writeTable(outcome->table, spec, std::filesystem::path(file).filename().string(),
                          out);
        outcome->spec = std::move(spec);
        outcome->points = std::move(built.points);
        outcome->out = out;
        post([this, outcome] {
            m_outcome = outcome;
            m_running = false;
            Q_EMIT finished();
        });
    } catch (const std::exception& e) {
        fail({QString::fromStdString(e.what())});
    }
}

} // namespace meridian::ui
