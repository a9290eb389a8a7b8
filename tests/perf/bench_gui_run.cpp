// The run view's cost (issue 11, docs/gui.md "Performance"):
//   1. engine speed in the GUI vs `meridian-cli run` on the same file: wall time of the CLI
//      process (what users run) and of a run started with Run in the main window (offscreen,
//      live charts drawn, results dock, summary charts, history) until finished(); best of
//      `repeats`. Target: GUI within 20 % of the CLI.
//   2. responsiveness: the longest gap between two ticks of a 2 ms timer on the GUI thread
//      during a run of the default preset scaled to 4,096 GPUs (1,024 per centre), with the
//      live charts visible. Target: < 50 ms.
// Usage: bench_gui_run [file.topo] [repeats]   (default: presets/llama3-8b-star-wan.topo, 3)
#include "PerfUtil.hpp"
#include "ui/CanvasView.hpp"
#include "ui/Document.hpp"
#include "ui/MainWindow.hpp"
#include "ui/Resources.hpp"
#include "ui/charts/QCustomPlot.hpp"
#include "ui/run/RunController.hpp"
#include "ui/run/RunView.hpp"
#include "ui/run/RunWorkbench.hpp"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <vector>

using namespace meridian;

namespace {

QString cliPath()
{
    return QCoreApplication::applicationDirPath() + QStringLiteral("/../../app/meridian-cli");
}

/// Wall time of `meridian-cli run FILE --out DIR` (a whole process, as users run it).
double cliRunS(const QString& file, const QString& outDir)
{
    QProcess p;
    perf::Stopwatch sw;
    p.start(cliPath(), {QStringLiteral("run"), file, QStringLiteral("--out"), outDir});
    if (!p.waitForFinished(600000) || p.exitCode() != 0) {
        std::fprintf(stderr, "meridian-cli failed: %s\n", p.readAllStandardError().constData());
        return -1.0;
    }
    return sw.elapsedS();
}

struct GuiRun
{
    double wall_s = -1.0;
    double longestStall_ms = 0.0;
    double p99Stall_ms = 0.0;
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
    runs->runView()->tabs()->setCurrentWidget(runs->runView()->timelinePlot());
    GuiRun out;
    QObject::connect(runs->controller(), &ui::RunController::updated, [&out] { ++out.updates; });
    std::vector<double> gaps;
    QElapsedTimer tick;
    QTimer probe;
    probe.setInterval(2);
    QObject::connect(&probe, &QTimer::timeout, [&] {
        gaps.push_back(static_cast<double>(tick.nsecsElapsed()) / 1e6);
        tick.restart();
    });
    bool done = false;
    QObject::connect(runs->controller(), &ui::RunController::finished, [&] { done = true; });
    QObject::connect(runs->controller(), &ui::RunController::failed, [&] { done = true; });
    perf::Stopwatch sw;
    tick.start();
    probe.start();
    if (!runs->run())
        return {};
    while (!done)
        QCoreApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents, 50);
    out.wall_s = sw.elapsedS();
    probe.stop();
    std::sort(gaps.begin(), gaps.end());
    if (!gaps.empty()) {
        out.longestStall_ms = gaps.back();
        out.p99Stall_ms =
            gaps[static_cast<std::size_t>(0.99 * static_cast<double>(gaps.size() - 1))];
    }
    return out;
}

} // namespace

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    ui::initResources();
    QCoreApplication::setOrganizationName(QStringLiteral("MeridianBench"));
    QCoreApplication::setApplicationName(QStringLiteral("bench_gui_run"));
    QTemporaryDir tmp;
    qputenv("MERIDIAN_RECOVERY_DIR", tmp.filePath(QStringLiteral("recovery")).toUtf8());
    const QString file =
        argc > 1 ? QString::fromLocal8Bit(argv[1])
                 : QStringLiteral(MERIDIAN_SOURCE_DIR "/presets/llama3-8b-star-wan.topo");
    const int repeats = argc > 2 ? std::max(1, std::atoi(argv[2])) : 3;

    double cliBest = 1e300;
    double guiBest = 1e300;
    int updates = 0;
    for (int i = 0; i < repeats; ++i) {
        cliBest = std::min(cliBest, cliRunS(file, tmp.filePath(QStringLiteral("cli"))));
        const GuiRun g = guiRun(file);
        guiBest = std::min(guiBest, g.wall_s);
        updates = g.updates;
    }
    std::printf("file: %s\n", qPrintable(file));
    std::printf("meridian-cli run:        %8.3f s wall (best of %d, whole process)\n", cliBest,
                repeats);
    std::printf("GUI Run to finished():   %8.3f s wall (best of %d, %d live updates)\n", guiBest,
                repeats, updates);
    std::printf("GUI / CLI:               %8.2f  (target <= 1.20)\n", guiBest / cliBest);

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
    const double bigCli = cliRunS(bigFile, tmp.filePath(QStringLiteral("cli-big")));
    const GuiRun g = guiRun(bigFile);
    std::printf("\n%d-GPU experiment (%s):\n", gpus, qPrintable(QFileInfo(bigFile).fileName()));
    std::printf("meridian-cli run:        %8.3f s wall\n", bigCli);
    std::printf("GUI Run to finished():   %8.3f s wall (%d live updates), GUI / CLI %.2f\n",
                g.wall_s, g.updates, g.wall_s / bigCli);
    std::printf("longest GUI-thread stall: %7.1f ms (99th percentile %.1f ms; target < 50 ms)\n",
                g.longestStall_ms, g.p99Stall_ms);
    std::printf("peak RSS: %.0f MiB\n", perf::peakRssMiB());
    return 0;
}
