#include "ui/sweep/SweepPointRun.hpp"

#include "meridian/core/Error.hpp"
#include "meridian/experiment/Runner.hpp"

#include <QMetaObject>
#include <fstream>
#include <memory>
#include <sstream>

namespace meridian::ui {

namespace {

std::string sweepReadText(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InputError(path.string(), "", "cannot read the file");
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

/// What the worker hands to the GUI thread.
struct PointRunnerOutcome
{
    io::Project project;
    experiment::Results results;
    bool same = false;
};

} // namespace

SweepPointRun::SweepPointRun(QObject* parent) : QObject(parent) {}

SweepPointRun::~SweepPointRun()
{
    m_cancel.store(true);
    if (m_worker.joinable())
        m_worker.join();
}

bool SweepPointRun::start(const std::filesystem::path& out, const sweep::Point& point)
{
    if (m_running)
        return false;
    if (m_worker.joinable())
        m_worker.join();
    m_running = true;
    m_cancel.store(false);
    const std::filesystem::path dir = out / "points" / point.name;
    const QString name = QString::fromStdString(point.name);
    m_worker = std::thread([this, dir, name] {
        auto post = [this](auto fn) { QMetaObject::invokeMethod(this, fn, Qt::QueuedConnection); };
        try {
            auto o = std::make_shared<PointRunnerOutcome>();
            o->project = io::parseProject(sweepReadText(dir / "point.topo"), "point.topo");
            // The options the sweep's executor gave the point (app/sweep/SweepExecutor.cpp).
            experiment::RunOptions options;
            options.project_dir = dir;
            options.topology_name = "point.topo";
            experiment::Runner runner(o->project, options);
            std::atomic<bool> done{false};
            std::thread watch([&] {
                while (!done.load()) {
                    if (m_cancel.load()) {
                        runner.cancel();
                        return;
                    }
                    std::this_thread::sleep_for(std::chrono::milliseconds(50));
                }
            });
            try {
                o->results = runner.run(nullptr);
            } catch (...) {
                done.store(true);
                watch.join();
                throw;
            }
            done.store(true);
            watch.join();
            std::string stored;
            try {
                stored = sweepReadText(dir / "results" / "results.json");
            } catch (const InputError&) {
            }
            o->same = stored == experiment::resultsToJson(o->results);
            post([this, o, name] {
                m_project = o->project;
                m_results = o->results;
                m_running = false;
                Q_EMIT opened(name, o->same);
            });
        } catch (const experiment::RunCancelled&) {
            post([this] { m_running = false; });
        } catch (const std::exception& e) {
            const QString error = QString::fromStdString(e.what());
            post([this, error] {
                m_running = false;
                Q_EMIT failed(error);
            });
        }
    });
    return true;
}

} // namespace meridian::ui
