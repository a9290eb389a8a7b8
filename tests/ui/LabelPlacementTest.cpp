// Where device names go when the place under their tile is taken, and that names drawn by
// the canvas also appear in a grab of a window that holds the view at an offset (the
// screenshot path: labels near the view's top-left edge used to be filtered out there).
#include "TestMain.hpp"
#include "UiTestSupport.hpp"
#include "meridian/io/ProjectFile.hpp"
#include "ui/CanvasView.hpp"
#include "ui/Document.hpp"
#include "ui/NodeItem.hpp"
#include "ui/Resources.hpp"
#include "ui/TopologyScene.hpp"

#include <QImage>
#include <QVBoxLayout>
#include <QtTest/QtTest>

using namespace meridian;
using namespace meridian::ui;

namespace {
using test::hostAt;

const TopologyScene::Label* name(const QList<TopologyScene::Label>& labels, const QString& id)
{
    for (const auto& l : labels)
        if (!l.isLink && l.id == id)
            return &l;
    return nullptr;
}

/// Dark (text) pixels of `image` inside `r`.
int darkPixels(const QImage& image, const QRect& r)
{
    int dark = 0;
    for (int y = std::max(0, r.top()); y <= std::min(image.height() - 1, r.bottom()); ++y)
        for (int x = std::max(0, r.left()); x <= std::min(image.width() - 1, r.right()); ++x)
            if (qGray(image.pixel(x, y)) < 110)
                ++dark;
    return dark;
}
} // namespace

class LabelPlacementTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { initResources(); }

    void nameMovesAboveWhenTheTileBelowTakesItsPlace()
    {
        // b's tile sits right under a's: a's name cannot go below, so it goes above; b keeps
        // its name below. At zoom 1 a tile spans ±22 around its centre.
        io::Project p;
        p.topology.addNode(hostAt("a", 0, 0));
        p.topology.addNode(hostAt("b", 0, 50));
        Document doc;
        doc.adopt(std::move(p), QString(), false);
        TopologyScene scene(&doc);
        const QTransform t;
        const auto labels = scene.layoutLabels(t, QRectF(-300, -300, 600, 600));
        const auto* a = name(labels, QStringLiteral("a"));
        const auto* b = name(labels, QStringLiteral("b"));
        QVERIFY(a && b);
        QCOMPARE(a->deviceRect.bottom(), -22.0 - TopologyScene::kNameGapPx);
        QCOMPARE(a->deviceRect.center().x(), 0.0);
        QCOMPARE(b->deviceRect.top(), 50.0 + 22.0 + TopologyScene::kNameGapPx);
        // Neither name covers a tile.
        for (const QRectF tile : {QRectF(-22, -22, 44, 44), QRectF(-22, 28, 44, 44)}) {
            QVERIFY(!a->deviceRect.intersects(tile));
            QVERIFY(!b->deviceRect.intersects(tile));
        }
    }

    void grabOfAWindowShowsNamesNearTheViewsEdge()
    {
        // The view sits 150 px right and 100 px down in its window; a node near the view's
        // top-left corner must have its name in the window's grab (the screenshot path).
        io::Project p;
        p.topology.addNode(hostAt("edge", 0, 0));
        p.topology.addNode(hostAt("far", 1500, 1200));
        Document doc;
        doc.adopt(std::move(p), QString(), false);
        TopologyScene scene(&doc);
        QWidget window;
        auto* layout = new QVBoxLayout(&window);
        layout->setContentsMargins(150, 100, 20, 20);
        auto* view = new CanvasView(&scene);
        layout->addWidget(view);
        window.resize(900, 700);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        view->setZoom(1.0);
        // "edge" at about (40, 20) in the viewport.
        const QSize vp = view->viewport()->size();
        view->centerOn(QPointF(vp.width() / 2.0 - 40, vp.height() / 2.0 - 20));
        QCoreApplication::processEvents();
        const auto labels = scene.layoutLabels(
            view->viewportTransform(), QRectF(QPointF(0, 0), QSizeF(view->viewport()->size())));
        const auto* edge = name(labels, QStringLiteral("edge"));
        QVERIFY(edge);
        QVERIFY2(edge->deviceRect.left() < 150 && edge->deviceRect.top() < 100,
                 "the name must lie within the offsets of the view, where the bug hid it");
        const QImage image = window.grab().toImage();
        const QPoint origin = view->viewport()->mapTo(&window, QPoint(0, 0));
        const QRect inWindow = edge->deviceRect.toAlignedRect().translated(origin);
        QVERIFY2(darkPixels(image, inWindow) > 5,
                 qPrintable(
                     QString("no text in the grab at %1,%2").arg(inWindow.x()).arg(inWindow.y())));
    }
};

MERIDIAN_TEST(LabelPlacementTest)
#include "LabelPlacementTest.moc"
