// The run view's cost (issue 11, docs/gui.md "Performance"):
//   1. engine speed in the GUI vs `meridian-cli run` on the same file: wall time of the CLI
//      process (what users run) and of a run started with Run in the main window (offscreen,
//      live charts drawn, results dock, summary charts, history) until finished(); best of
//      `repeats`. Target: GUI within 20 % of the CLI.
//   2. responsiveness: the longest gap between two ticks of a 2 ms timer on the GUI thread
//      during a run of the default preset scaled to 4,096 GPUs (1,024 per centre), with the
//      live charts visible, and during the run of `file` (e.g. the 16 x 8,192-GPU run of
//      `meridian-cli generate multi-centre --centres 16 --gpus-per-centre 8192`). Target: < 50 ms.
//   3. chart refill: the timeline and the iterations chart refilled and replotted from a
//      100-iteration run of the default preset (401 phases, 1,604 centre spans), as the run
//      view does when a run is selected. Target: < 200 ms each.
// Usage: bench_gui_run [file.topo] [repeats] [--file-only]
//        (default: presets/llama3-8b-star-wan.topo, 3; --file-only: items 1-2 on the file alone)
#include "PerfUtil.hpp"
#include "meridian/experiment/Runner.hpp"
#include "meridian/io/ProjectFile.hpp"
#include "ui/CanvasView.hpp"
#include "ui/Document.hpp"
#include "ui/MainWindow.hpp"
#include "ui/Resources.hpp"
#include "ui/charts/LiveCharts.hpp"
#include "ui/charts/QCustomPlot.hpp"
#include "ui/run/RunController.hpp"
#include "ui/run/RunView.hpp"
#include "ui/run/RunWorkbench.hpp"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QProcess>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string_view>
#include <sys/resource.h>
#include <vector>

using namespace meridian;

namespace {

QString cliPath()
{
    return QStringLiteral(MERIDIAN_CLI_PATH);
}

/// CPU time (user + system) of finished child processes so far, in seconds.
double childrenCpuS()
{
    rusage u{};
    getrusage(RUSAGE_CHILDREN, &u);
    return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
}

double g_lastCliCpu_s = 0.0;

/// Wall time of `meridian-cli run FILE --out DIR` (a whole process, as users run it); its CPU
/// time goes to g_lastCliCpu_s.
double cliRunS(const QString& file, const QString& outDir)
{
    QProcess p;
    const double cpu0 = childrenCpuS();
    perf::Stopwatch sw;
    p.start(cliPath(), {QStringLiteral("run"), file, QStringLiteral("--out"), outDir});
    if (!p.waitForFinished(600000) || p.exitCode() != 0) {
        std::fprintf(stderr, "meridian-cli failed: %s\n", p.readAllStandardError().constData());
        return -1.0;
    }
    const double wall = sw.elapsedS();
    g_lastCliCpu_s = childrenCpuS() - cpu0;
    return wall;
}

struct GuiRun
{
    double wall_s = -1.0;
    double workerWall_s = 0.0; ///< the engine's thread: start to end of Runner::run
    double workerCpu_s = 0.0;
    double longestStall_ms = 0.0;
    double p99Stall_ms = 0.0;
    double endStall_ms = 0.0; ///< longest gap from finished() on: the results shown, not the run
    int updates = 0;
};

/// Opens `file` in a main window, runs it with Run and waits for finished(), while a 2 ms
/// timer on the GUI thread records the gaps between its ticks.
GuiRun guiRun(const QString& file)
{
    ui::MainWindow w;
    w.setErrorReporter([](const QString& t, const QString& x) {
        std::fprintf(stderr, "%s: %s\n", qPrintable(t), qPrintable(x));
    });
    w.resize(1600, 1000);
    w.show();
    QCoreApplication::processEvents();
    if (!w.openFile(file))
        return {};
    ui::RunWorkbench* runs = w.runs();
    runs->setPace(0.0); // the engine's own speed, not the watchable default
    runs->runView()->tabs()->setCurrentWidget(runs->runView()->timelinePlot());
    GuiRun out;
    QObject::connect(runs->controller(), &ui::RunController::updated, [&out] { ++out.updates; });
    std::vector<double> gaps;
    // Connected after the window's own handlers, so it runs once they have: the gap that holds
    // the results' display is the next one recorded.
    std::size_t gapsAtFinish = SIZE_MAX;
    QObject::connect(runs->controller(), &ui::RunController::finished,
                     [&] { gapsAtFinish = gaps.size(); });
    QElapsedTimer tick;
    QTimer probe;
    probe.setInterval(2);
    QObject::connect(&probe, &QTimer::timeout, [&] {
        gaps.push_back(static_cast<double>(tick.nsecsElapsed()) / 1e6);
        tick.restart();
    });
    perf::Stopwatch sw;
    tick.start();
    probe.start();
    if (!runs->run())
        return {};
    runs->controller()->waitForEnd(3600 * 1000);
    out.wall_s = sw.elapsedS();
    out.workerWall_s = runs->controller()->workerWallS();
    out.workerCpu_s = runs->controller()->workerCpuS();
    {
        // A few more ticks, so the gap that holds the results' display is recorded.
        QEventLoop settle;
        QTimer::singleShot(20, &settle, &QEventLoop::quit);
        settle.exec();
    }
    probe.stop();
    if (gapsAtFinish < gaps.size()) {
        out.endStall_ms =
            *std::max_element(gaps.begin() + static_cast<std::ptrdiff_t>(gapsAtFinish), gaps.end());
        gaps.resize(gapsAtFinish); // the rest: the gaps while the run was live
    }
    std::sort(gaps.begin(), gaps.end());
    if (!gaps.empty()) {
        out.longestStall_ms = gaps.back();
        out.p99Stall_ms =
            gaps[static_cast<std::size_t>(0.99 * static_cast<double>(gaps.size() - 1))];
    }
    return out;
}

/// Best of `repeats` of the CLI and of the GUI on `file`; prints both. Returns the GUI run
/// with the longest stall.
GuiRun report(const QString& file, int repeats, const QTemporaryDir& tmp)
{
    double cliWall = 1e300, cliCpu = 1e300, guiWall = 1e300, engineWall = 1e300, engineCpu = 1e300;
    GuiRun worst;
    for (int i = 0; i < repeats; ++i) {
        cliWall = std::min(cliWall, cliRunS(file, tmp.filePath(QStringLiteral("cli"))));
        cliCpu = std::min(cliCpu, g_lastCliCpu_s);
        const GuiRun g = guiRun(file);
        guiWall = std::min(guiWall, g.wall_s);
        engineWall = std::min(engineWall, g.workerWall_s);
        engineCpu = std::min(engineCpu, g.workerCpu_s);
        if (g.longestStall_ms >= worst.longestStall_ms)
            worst = g;
    }
    std::printf("file: %s (best of %d)\n", qPrintable(QFileInfo(file).fileName()), repeats);
    std::printf("  meridian-cli run (whole process):   %8.3f s wall, %8.3f s CPU\n", cliWall,
                cliCpu);
    std::printf("  GUI engine thread (Runner::run):    %8.3f s wall, %8.3f s CPU\n", engineWall,
                engineCpu);
    std::printf("  GUI Run to finished() (with charts): %7.3f s wall, %d live updates\n", guiWall,
                worst.updates);
    std::printf("  engine in GUI / CLI: %.2f wall, %.2f CPU (target <= 1.20)\n",
                engineWall / cliWall, engineCpu / cliCpu);
    return worst;
}

void printStalls(const GuiRun& g)
{
    std::printf("longest GUI-thread stall while the run is live: %7.1f ms (99th percentile %.1f "
                "ms; target < 50 ms)\n",
                g.longestStall_ms, g.p99Stall_ms);
    std::printf("longest GUI-thread stall showing the results after finished(): %.1f ms\n",
                g.endStall_ms);
}

/// Item 3: refill + replot of the timeline and of the iterations chart from a long run.
void chartRefill(const QString& file)
{
    const io::Project project = io::readProject(file.toStdString());
    experiment::RunOptions opt;
    opt.iterations = 100;
    const experiment::Results r = experiment::Runner(project, opt).run();
    QCustomPlot plot;
    plot.resize(900, 400);
    ui::charts::setupInteractive(&plot);
    constexpr int kRepeats = 5;
    auto bestMs = [&](const auto& fill) {
        double best = 1e300;
        for (int i = 0; i < kRepeats; ++i) {
            perf::Stopwatch sw;
            fill();
            plot.replot();
            best = std::min(best, sw.elapsedS() * 1e3);
        }
        return best;
    };
    const double timelineMs =
        bestMs([&] { ui::charts::plotTimeline(&plot, r.center_phases, r.phases); });
    const double iterationsMs = bestMs([&] { ui::charts::plotIterations(&plot, r.iterations); });
    std::printf("\nchart refill + replot, 100 iterations (%zu phases, %zu centre spans), best "
                "of %d:\n  timeline %.1f ms, iterations %.1f ms (target < 200 ms each)\n",
                r.phases.size(), r.center_phases.size(), kRepeats, timelineMs, iterationsMs);
}

} // namespace

int main(int argc, char** argv)
{
    std::setvbuf(stdout, nullptr, _IOLBF, 0); // each figure as soon as it is measured
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    ui::initResources();
    QCoreApplication::setOrganizationName(QStringLiteral("MeridianBench"));
    QCoreApplication::setApplicationName(QStringLiteral("bench_gui_run"));
    QTemporaryDir tmp;
    qputenv("MERIDIAN_RECOVERY_DIR", tmp.filePath(QStringLiteral("recovery")).toUtf8());
    const QString preset = QStringLiteral(MERIDIAN_SOURCE_DIR "/presets/llama3-8b-star-wan.topo");
    const QString file = argc > 1 ? QString::fromLocal8Bit(argv[1]) : preset;
    const int repeats = argc > 2 ? std::max(1, std::atoi(argv[2])) : 3;

    const GuiRun first = report(file, repeats, tmp);
    printStalls(first);
    if (argc > 3 && std::string_view(argv[3]) == "--file-only")
        return 0;
    chartRefill(preset); // always the default preset: 100 iterations of a large file take hours

    // The default preset at 4,096 GPUs (1,024 per centre), two iterations.
    nlohmann::json big;
    {
        std::ifstream in(MERIDIAN_SOURCE_DIR "/presets/llama3-8b-star-wan.topo");
        big = nlohmann::json::parse(in);
    }
    int gpus = 0;
    for (auto& n : big["nodes"])
        if (n["kind"] == "center") {
            n["attrs"]["gpu_count"] = 1024;
            gpus += 1024;
        }
    big["experiment"]["iterations"] = 2;
    const QString bigFile = tmp.filePath(QStringLiteral("llama3-8b-4096gpu.topo"));
    std::ofstream(bigFile.toStdString()) << big.dump(1);
    std::printf("\n%d GPUs:\n", gpus);
    const GuiRun g = report(bigFile, repeats, tmp);
    printStalls(g);
    std::printf("peak RSS: %.0f MiB\n", perf::peakRssMiB());
    return 0;
}
