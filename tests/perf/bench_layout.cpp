// Automatic layout cost at ~1,000 and ~10,000 nodes (docs/gui.md, "Layouts on large
// graphs"). Part 1 times the AutoLayout functions alone: force-directed (Fruchterman–Reingold
// with grid repulsion) on fat-trees k = 16 (1,344 nodes) and k = 32 (9,472 nodes), spring
// (Kamada–Kawai) on a 931-node fat-tree and on rings up to its 1,000-node component limit, and the
// geographic layout with de-overlap on a synthetic 10,000-node map. Part 2 runs the force layout
// through the window's action on the 9,472-node tree and reports the total time, the time spent
// applying the result on the GUI thread (one undo step), and the longest gap between 20 ms timer
// ticks on the GUI thread while the worker ran (how long the window could not repaint).
//
// Usage: bench_layout [--no-window | --window-only]
#include "PerfUtil.hpp"
#include "meridian/topology/AutoLayout.hpp"
#include "meridian/topology/Generators.hpp"
#include "ui/CanvasView.hpp"
#include "ui/Document.hpp"
#include "ui/MainWindow.hpp"
#include "ui/Resources.hpp"

#include <QAction>
#include <QApplication>
#include <QElapsedTimer>
#include <QStatusBar>
#include <QTimer>
#include <QUndoStack>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

using namespace meridian;

namespace {

topology::Topology fatTree(int k)
{
    return topology::generate("fat-tree", {{"k", std::to_string(k)}}, 1);
}

topology::Topology ring(std::size_t n)
{
    return topology::generate("ring", {{"n", std::to_string(n)}}, 1);
}

void timeForce(const char* name, const topology::Topology& t)
{
    perf::Stopwatch sw;
    const auto r = topology::AutoLayout::forceDirected(t);
    std::printf("force-directed  %-22s %6zu nodes %6zu links  %8.2f s  (%d iterations)\n", name,
                t.nodeCount(), t.linkCount(), sw.elapsedS(),
                topology::AutoLayout::forceIterations(topology::AutoLayout::topLevelCount(t)));
    if (!r)
        std::printf("  (no result)\n");
}

void timeSpring(const char* name, const topology::Topology& t)
{
    perf::Stopwatch sw;
    const auto r = topology::AutoLayout::springLayout(t);
    std::printf("spring (KK)     %-22s %6zu nodes %6zu links  %8.2f s  peak RSS %.0f MiB\n", name,
                t.nodeCount(), t.linkCount(), sw.elapsedS(), perf::peakRssMiB());
    if (!r)
        std::printf("  (no result)\n");
}

} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    ui::initResources();
    const bool window = !(argc > 1 && std::strcmp(argv[1], "--no-window") == 0);
    const bool windowOnly = argc > 1 && std::strcmp(argv[1], "--window-only") == 0;

    if (!windowOnly) {
        // Geographic: 10,000 nodes scattered over a 20° × 10° box, a quarter of them in a dense
        // 1° × 1° "city" so the de-overlap has real work.
        {
            topology::Topology geo;
            std::uint32_t s = 12345;
            const auto rnd = [&s] {
                s = s * 1664525u + 1013904223u;
                return static_cast<double>(s >> 8) / static_cast<double>(1u << 24);
            };
            for (int i = 0; i < 10000; ++i) {
                topology::NodeAttributes n;
                n.id = "r" + std::to_string(i);
                n.name = n.id;
                n.kind = topology::NodeKind::Router;
                const bool city = i % 4 == 0;
                n.latitude_deg = city ? 50 + rnd() : 40 + 10 * rnd();
                n.longitude_deg = city ? 8 + rnd() : 20 * rnd();
                geo.addNode(std::move(n));
            }
            perf::Stopwatch sw;
            const auto r = topology::AutoLayout::geographic(geo);
            const double seconds = sw.elapsedS();
            double closest = 1e300;
            for (std::size_t i = 0; i < r.nodeCount(); ++i)
                for (std::size_t j = i + 1; j < r.nodeCount(); ++j) {
                    const auto& a = r.node(NodeId::fromIndex(i)).pos;
                    const auto& b = r.node(NodeId::fromIndex(j)).pos;
                    closest = std::min(closest, std::hypot(a[0] - b[0], a[1] - b[1]));
                }
            std::printf("geographic      %-22s %6zu nodes %6zu links  %8.2f s  (closest pair "
                        "%.1f, minimum %.0f)\n",
                        "synthetic map", geo.nodeCount(), geo.linkCount(), seconds, closest,
                        topology::AutoLayout::kGeoMinSeparation);
        }
        const auto ft16 = fatTree(16);
        const auto ft32 = fatTree(32);
        timeForce("fat-tree k=16", ft16);
        timeForce("fat-tree k=32", ft32);
        timeForce("fat-tree k=14", fatTree(14));
        timeSpring("fat-tree k=14", fatTree(14));
        timeSpring("ring n=500", ring(500));
        timeSpring("ring n=1000", ring(1000));
    }
    if (!window)
        return 0;
    ui::MainWindow w;
    w.setErrorReporter([](const QString& title, const QString& text) {
        std::fprintf(stderr, "%s: %s\n", qPrintable(title), qPrintable(text));
    });
    w.resize(1360, 860);
    w.show();
    QCoreApplication::processEvents();
    if (!w.applyGenerator(QStringLiteral("fat-tree"), {{"k", "32"}}, 1, true))
        return 1;
    QCoreApplication::processEvents();
    QElapsedTimer gap;
    qint64 worstGapMs = 0;
    bool pushed = false; // the tick after the push includes the apply, timed by redo below
    QObject::connect(w.document()->undoStack(), &QUndoStack::indexChanged, [&] { pushed = true; });
    QTimer tick;
    tick.setInterval(20);
    QObject::connect(&tick, &QTimer::timeout, [&] {
        const qint64 g = gap.restart();
        if (!pushed)
            worstGapMs = std::max(worstGapMs, g);
    });
    perf::Stopwatch total;
    w.action(QStringLiteral("layout.force"))->trigger();
    gap.start();
    tick.start();
    const bool applied = w.waitForLayout();
    tick.stop();
    std::printf("window: force layout of %zu nodes  total %.2f s (applied: %s, undo steps %d)\n"
                "        longest GUI-thread gap while the worker ran: %lld ms\n",
                w.document()->topology().nodeCount(), total.elapsedS(), applied ? "yes" : "no",
                w.document()->undoStack()->count(), static_cast<long long>(worstGapMs));
    std::printf("        status bar: %s\n", qPrintable(w.statusBar()->currentMessage()));
    perf::Stopwatch undoClock;
    w.document()->undoStack()->undo();
    QCoreApplication::processEvents();
    std::printf("        undo of the layout step: %.2f s\n", undoClock.elapsedS());
    perf::Stopwatch redoClock;
    w.document()->undoStack()->redo();
    QCoreApplication::processEvents();
    std::printf("        redo (= applying the result on the GUI thread): %.2f s\n",
                redoClock.elapsedS());
    return 0;
}
