// Canvas performance at ~10,000 nodes: fat-tree k = 32 (8,192 hosts + 1,280 switches =
// 9,472 nodes, 24,576 links). Times document load → scene build → first paint (the view
// rendered into a QImage), then per-frame cost of a 60-frame pan sweep and a 60-frame zoom
// sweep. Target (docs/gui.md): open + first paint < 2 s.
#include "PerfUtil.hpp"
#include "meridian/topology/Generators.hpp"
#include "ui/CanvasView.hpp"
#include "ui/Document.hpp"
#include "ui/MiniMap.hpp"
#include "ui/Resources.hpp"
#include "ui/TopologyScene.hpp"

#include <QApplication>
#include <QImage>
#include <QPainter>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

using namespace meridian;

namespace {
double renderFrame(ui::CanvasView& view, QImage& image)
{
    perf::Stopwatch sw;
    image.fill(Qt::white);
    QPainter p(&image);
    view.render(&p);
    p.end();
    return sw.elapsedS();
}

void report(const char* what, std::vector<double> frames)
{
    std::sort(frames.begin(), frames.end());
    double sum = 0;
    for (double f : frames)
        sum += f;
    std::printf("%-28s mean %7.2f ms   median %7.2f ms   p95 %7.2f ms   (%zu frames)\n", what,
                1e3 * sum / static_cast<double>(frames.size()), 1e3 * frames[frames.size() / 2],
                1e3 * frames[frames.size() * 95 / 100], frames.size());
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
    std::vector<double> pan;
    for (int i = 0; i < 60; ++i) {
        centre += QPointF(40, 0);
        view.centerOn(centre);
        pan.push_back(renderFrame(view, image));
    }
    report("pan sweep @100%", pan);

    // Pan sweep while fitted (everything visible, lowest level of detail).
    view.fitAll();
    std::vector<double> panFit;
    QPointF c = view.mapToScene(view.viewport()->rect().center());
    for (int i = 0; i < 60; ++i) {
        c += QPointF(bounds.width() / 600.0, 0);
        view.centerOn(c);
        panFit.push_back(renderFrame(view, image));
    }
    report("pan sweep @fit", panFit);

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
    std::printf("peak RSS             %7.1f MiB\n", perf::peakRssMiB());
    return 0;
}
