// Canvas performance at ~10,000 nodes: fat-tree k = 32 (8,192 hosts + 1,280 switches =
// 9,472 nodes, 24,576 links). Times document load → scene build → first paint (the view
// rendered into a QImage), then per-frame cost of pan sweeps (whole-view renders at 100 %
// and fitted, and real scrolls of a shown view that repaint only the strip scrolled in),
// zoom steps and a zoom sweep; finally the end-to-end open of a .topo file through
// MainWindow::openFile (parse, scene, outline, first paint of the window).
// Target (docs/gui.md): open + first paint < 2 s; pan frames ≤ 16–30 ms.
// Every sweep prints wall-clock and per-thread CPU time per frame (the CPU column is what a
// frame costs on a machine shared with other work).
// Usage: bench_canvas [k]   (BENCH_VERBOSE=1 also prints each zoom step)
#include "PerfUtil.hpp"
#include "meridian/io/ProjectFile.hpp"
#include "meridian/topology/Generators.hpp"
#include "ui/CanvasView.hpp"
#include "ui/Document.hpp"
#include "ui/MainWindow.hpp"
#include "ui/MiniMap.hpp"
#include "ui/OutlineView.hpp"
#include "ui/Resources.hpp"
#include "ui/TopologyScene.hpp"

#include <QApplication>
#include <QDir>
#include <QImage>
#include <QPainter>
#include <QScrollBar>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <vector>

using namespace meridian;

namespace {
/// CPU time of this thread: on a shared machine the wall clock of a frame also counts other
/// processes' time slices; the CPU time is what the frame itself costs.
double threadCpuS()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

std::vector<double> g_cpu; ///< CPU seconds of the frames since the last report()

double renderFrame(ui::CanvasView& view, QImage& image)
{
    perf::Stopwatch sw;
    const double cpu0 = threadCpuS();
    image.fill(Qt::white);
    QPainter p(&image);
    view.render(&p);
    p.end();
    g_cpu.push_back(threadCpuS() - cpu0);
    return sw.elapsedS();
}

/// Scrolls a shown view by (dx, dy) and processes the resulting paint event: what one frame
/// of a mouse pan costs (the viewport is scrolled, only the uncovered strip is repainted).
double scrollFrame(ui::CanvasView& view, int dx, int dy)
{
    perf::Stopwatch sw;
    const double cpu0 = threadCpuS();
    view.horizontalScrollBar()->setValue(view.horizontalScrollBar()->value() + dx);
    view.verticalScrollBar()->setValue(view.verticalScrollBar()->value() + dy);
    QCoreApplication::sendPostedEvents();
    QCoreApplication::processEvents();
    g_cpu.push_back(threadCpuS() - cpu0);
    return sw.elapsedS();
}

void report(const char* what, std::vector<double> frames)
{
    std::sort(frames.begin(), frames.end());
    double sum = 0;
    for (double f : frames)
        sum += f;
    std::sort(g_cpu.begin(), g_cpu.end());
    const double cpuMedian = g_cpu.empty() ? 0.0 : g_cpu[g_cpu.size() / 2];
    g_cpu.clear();
    std::printf("%-26s mean %6.1f ms  median %6.1f ms  p95 %6.1f ms  cpu median %6.1f ms  (%zu)\n",
                what, 1e3 * sum / static_cast<double>(frames.size()),
                1e3 * frames[frames.size() / 2], 1e3 * frames[frames.size() * 95 / 100],
                1e3 * cpuMedian, frames.size());
}
} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    ui::initResources();
    const int k = argc > 1 ? std::atoi(argv[1]) : 32;

    perf::Stopwatch sw;
    io::Project project;
    project.name = "fat-tree";
    project.topology = topology::generate("fat-tree", {{"k", std::to_string(k)}}, 1);
    const double generateS = sw.elapsedS();
    std::printf("fat-tree k=%d: %zu nodes, %zu links (generated in %.3f s)\n", k,
                project.topology.nodeCount(), project.topology.linkCount(), generateS);

    ui::Document doc;
    ui::TopologyScene scene(&doc);
    ui::CanvasView view(&scene);
    view.resize(1280, 800);
    QImage image(view.viewport()->size(), QImage::Format_ARGB32_Premultiplied);

    sw.restart();
    doc.adopt(std::move(project), QString(), false); // emits topologyReset → scene rebuild
    const double buildS = sw.elapsedS();
    sw.restart();
    view.fitAll();
    const double firstPaintS = renderFrame(view, image);
    const double fitS = sw.elapsedS() - firstPaintS;
    std::printf("scene build          %7.1f ms  (%d node items, %d link items)\n", buildS * 1e3,
                scene.nodeItemCount(), scene.linkItemCount());
    std::printf("fit + first paint    %7.1f ms  (fit %.1f ms, paint %.1f ms at zoom %.3f)\n",
                (fitS + firstPaintS) * 1e3, fitS * 1e3, firstPaintS * 1e3, view.zoom());
    std::printf("OPEN + FIRST PAINT   %7.1f ms  (target < 2000 ms)\n",
                (buildS + fitS + firstPaintS) * 1e3);

    // Pan sweep at 100 % zoom: 60 frames moving 40 px each across the drawing.
    view.setZoom(1.0);
    const QRectF bounds = scene.itemsBoundingRect();
    QPointF centre(bounds.left() + 640, bounds.center().y());
    view.centerOn(centre);
    renderFrame(view, image); // warm the device caches of the visible items
    g_cpu.clear();
    std::vector<double> pan;
    for (int i = 0; i < 60; ++i) {
        centre += QPointF(40, 0);
        view.centerOn(centre);
        pan.push_back(renderFrame(view, image));
    }
    report("pan sweep @100% (full)", pan);

    // Pan sweep while fitted (everything visible, lowest level of detail).
    view.fitAll();
    std::vector<double> panFit;
    QPointF c = view.mapToScene(view.viewport()->rect().center());
    for (int i = 0; i < 60; ++i) {
        c += QPointF(bounds.width() / 600.0, 0);
        view.centerOn(c);
        panFit.push_back(renderFrame(view, image));
    }
    report("pan sweep @fit (full)", panFit);

    // Zoom steps: Zoom In (×1.25) from fit up to 400 %, each step one whole-view frame.
    view.fitAll();
    std::vector<double> steps;
    while (view.zoom() < 4.0) {
        view.zoomBy(1.25);
        view.centerOn(bounds.center());
        steps.push_back(renderFrame(view, image));
        if (qEnvironmentVariableIsSet("BENCH_VERBOSE"))
            std::printf("  zoom %6.3f  %6.1f ms (cpu %6.1f ms)\n", view.zoom(), 1e3 * steps.back(),
                        1e3 * g_cpu.back());
    }
    report("zoom steps fit→400%", steps);

    // Zoom sweep from fit to 200 % and back, around the drawing's centre.
    view.fitAll();
    const double z0 = view.zoom();
    std::vector<double> zoom;
    for (int i = 0; i < 60; ++i) {
        const double t = i < 30 ? i / 29.0 : (59 - i) / 29.0;
        view.setZoom(z0 * std::pow(2.0 / z0, t));
        view.centerOn(bounds.center());
        zoom.push_back(renderFrame(view, image));
    }
    report("zoom sweep fit↔200%", zoom);

    // Real pans of a shown view: the viewport scrolls and repaints the strip scrolled in.
    view.show();
    QCoreApplication::processEvents();
    for (const double z : {1.0, 0.0}) {
        if (z > 0) {
            view.setZoom(z);
            view.centerOn(bounds.left() + 640, bounds.center().y());
        } else {
            view.fitAll();
        }
        view.viewport()->repaint();
        QCoreApplication::processEvents();
        g_cpu.clear();
        std::vector<double> straight;
        for (int i = 0; i < 60; ++i)
            straight.push_back(scrollFrame(view, i < 30 ? 12 : -12, 0));
        report(z > 0 ? "pan scroll @100% (→)" : "pan scroll @fit (→)", straight);
        std::vector<double> diagonal;
        for (int i = 0; i < 60; ++i)
            diagonal.push_back(scrollFrame(view, i < 30 ? 12 : -12, i % 2 ? 6 : -6));
        report(z > 0 ? "pan scroll @100% (↘)" : "pan scroll @fit (↘)", diagonal);
    }
    view.hide();

    // Overview: one cached rendering of the scene; panning only repaints its frame.
    ui::MiniMap minimap(&view);
    minimap.resize(220, 160);
    sw.restart();
    minimap.refit();
    const double refitS = sw.elapsedS();
    const int renders = minimap.renderCount();
    QImage mapImage(minimap.size(), QImage::Format_ARGB32_Premultiplied);
    view.setZoom(1.0);
    std::vector<double> mapPan;
    for (int i = 0; i < 60; ++i) {
        view.centerOn(bounds.left() + bounds.width() * i / 60.0, bounds.center().y());
        perf::Stopwatch frame;
        minimap.render(&mapImage);
        mapPan.push_back(frame.elapsedS());
    }
    std::printf("minimap refit        %7.1f ms  (scene rendered into the cache)\n", refitS * 1e3);
    report("minimap pan frame", mapPan);
    std::printf("minimap re-renders during pan: %d (expected 0)\n",
                minimap.renderCount() - renders);

    // End to end: a .topo file opened through the main window (parse, scene, fit, outline,
    // first paint of the whole window), as `meridian FILE` does.
    {
        const QString path = QDir::temp().filePath(QStringLiteral("bench_canvas_open.topo"));
        io::Project saved;
        saved.name = "fat-tree";
        saved.topology = topology::generate("fat-tree", {{"k", std::to_string(k)}}, 1);
        io::writeProject(saved, path.toStdString());
        ui::MainWindow window;
        window.show();
        QCoreApplication::processEvents();
        perf::Stopwatch total;
        const double cpu0 = threadCpuS();
        sw.restart();
        window.openFile(path);
        const double openS = sw.elapsedS();
        sw.restart();
        window.outline()->rebuildNow();
        const double outlineS = sw.elapsedS();
        sw.restart();
        QCoreApplication::processEvents();
        window.repaint();
        QCoreApplication::processEvents();
        const double paintS = sw.elapsedS();
        const double totalS = total.elapsedS();
        const double totalCpuS = threadCpuS() - cpu0;
        std::printf("open file (parse+scene+fit) %6.1f ms\n", openS * 1e3);
        std::printf("outline rebuild      %7.1f ms  (%d centres, %d nodes, %d links listed)\n",
                    outlineS * 1e3, window.outline()->outlineModel()->centreCount(),
                    window.outline()->outlineModel()->otherNodeCount(),
                    window.outline()->outlineModel()->linkCount());
        std::printf("window first paint   %7.1f ms\n", paintS * 1e3);
        std::printf("END-TO-END OPEN      %7.1f ms  (cpu %.1f ms; target < 2000 ms)\n",
                    totalS * 1e3, totalCpuS * 1e3);
        window.document()->clear();
        QFile::remove(path);
    }
    std::printf("peak RSS             %7.1f MiB\n", perf::peakRssMiB());
    return 0;
}
