// A diagonal pan paints its two exposed strips one after the other (CanvasView::
// scrollContentsBy): what ends up on screen must be what a full repaint draws, up to the
// antialiasing of edges drawn at other scroll offsets.
#include "TestMain.hpp"
#include "UiTestSupport.hpp"
#include "meridian/io/ProjectFile.hpp"
#include "meridian/topology/Generators.hpp"
#include "ui/CanvasView.hpp"
#include "ui/Document.hpp"
#include "ui/Resources.hpp"
#include "ui/TopologyScene.hpp"

#include <QGuiApplication>
#include <QImage>
#include <QScreen>
#include <QScrollBar>
#include <QtTest/QtTest>

using namespace meridian;
using namespace meridian::ui;

namespace {
/// What the window system shows of the view's viewport (the backing store, not a fresh
/// render).
QImage shown(CanvasView& view)
{
    QWidget* vp = view.viewport();
    const QPoint at = vp->mapTo(vp->window(), QPoint(0, 0));
    return vp->window()
        ->screen()
        ->grabWindow(vp->window()->winId(), at.x(), at.y(), vp->width(), vp->height())
        .toImage()
        .convertToFormat(QImage::Format_RGB32);
}
} // namespace

class ScrollPaintTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { initResources(); }

    void diagonalPansShowWhatAFullRepaintDraws()
    {
        io::Project p;
        p.topology = topology::generate("fat-tree", {{"k", "8"}}, 1);
        Document doc;
        doc.adopt(std::move(p), QString(), false);
        TopologyScene scene(&doc);
        CanvasView view(&scene);
        view.resize(900, 700);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setZoom(1.0);
        view.centerOn(scene.itemsBoundingRect().center());
        QCoreApplication::processEvents();
        // Both axes before each paint, in every direction, with uneven steps.
        const int steps[][2] = {{13, 7}, {-9, 11}, {21, -5}, {-17, -19}, {6, 30}, {-40, 3}};
        for (int round = 0; round < 3; ++round)
            for (const auto& s : steps) {
                view.horizontalScrollBar()->setValue(view.horizontalScrollBar()->value() + s[0]);
                view.verticalScrollBar()->setValue(view.verticalScrollBar()->value() + s[1]);
                QCoreApplication::processEvents();
            }
        const QImage afterPans = shown(view);
        view.viewport()->repaint();
        QCoreApplication::processEvents();
        const QImage full = shown(view);
        QCOMPARE(afterPans.size(), full.size());
        int differing = 0;
        for (int y = 0; y < full.height(); ++y)
            for (int x = 0; x < full.width(); ++x)
                if (afterPans.pixel(x, y) != full.pixel(x, y))
                    ++differing;
        // Scrolling reuses pixels drawn at other offsets, so antialiased edges may differ
        // slightly from a fresh paint (about 700 pixels here with or without the strip
        // split: tile borders, line ends at strip seams). A strip painted wrongly or not at
        // all would differ over its whole area (≥ 5 × 686 pixels for the smallest step).
        qInfo("pixels differing from a full repaint: %d of %d", differing,
              full.width() * full.height());
        QVERIFY(differing < full.width() * full.height() / 400);
    }
};

MERIDIAN_TEST(ScrollPaintTest)
#include "ScrollPaintTest.moc"
