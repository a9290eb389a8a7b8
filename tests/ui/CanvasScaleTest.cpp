// The "scale" rules of the canvas and outline: labels at a constant on-screen size, hidden
// only when their link cannot hold them, never overlapping; the links' level of detail; and
// an outline that counts a 10,000-node topology correctly without building 34,000 rows.
#include "TestMain.hpp"
#include "UiTestSupport.hpp"
#include "meridian/io/ProjectFile.hpp"
#include "meridian/topology/Generators.hpp"
#include "ui/CanvasView.hpp"
#include "ui/Document.hpp"
#include "ui/LinkItem.hpp"
#include "ui/NodeItem.hpp"
#include "ui/OutlineView.hpp"
#include "ui/Resources.hpp"
#include "ui/TopologyScene.hpp"

#include <QImage>
#include <QPainter>
#include <QSignalSpy>
#include <QtTest/QtTest>
#include <memory>

using namespace meridian;
using namespace meridian::ui;

namespace {
using test::hostAt;

topology::LinkAttributes link(const std::string& id, const std::string& a, const std::string& b,
                              double bandwidth_bps)
{
    topology::LinkAttributes l;
    l.id = id;
    l.a = a;
    l.b = b;
    l.params.bandwidth_bps = bandwidth_bps;
    l.params.delay_s = 1e-3;
    return l;
}

const TopologyScene::Label* find(const QList<TopologyScene::Label>& labels, bool isLink,
                                 const QString& id)
{
    for (const auto& l : labels)
        if (l.isLink == isLink && l.id == id)
            return &l;
    return nullptr;
}

/// Labels of the whole drawing seen at `zoom` (a view transform that is a pure scale).
QList<TopologyScene::Label> labelsAt(const TopologyScene& scene, qreal zoom)
{
    const QTransform t = QTransform::fromScale(zoom, zoom);
    return scene.layoutLabels(t,
                              t.mapRect(scene.itemsBoundingRect().adjusted(-200, -200, 200, 200)));
}
} // namespace

class CanvasScaleTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { initResources(); }

    void labelsHaveTheSameDeviceSizeAtEveryZoom()
    {
        // Two hosts 600 units apart: at 100 % and at 300 % the label of their link and the
        // names keep their size in device pixels (drawn in device space, not scaled).
        io::Project p;
        p.topology.addNode(hostAt("a", 0, 0));
        p.topology.addNode(hostAt("b", 600, 0));
        p.topology.addLink(link("ab", "a", "b", 100e9));
        Document doc;
        doc.adopt(std::move(p), QString(), false);
        TopologyScene scene(&doc);
        const auto at1 = labelsAt(scene, 1.0);
        const auto at3 = labelsAt(scene, 3.0);
        const auto* link1 = find(at1, true, QStringLiteral("ab"));
        const auto* link3 = find(at3, true, QStringLiteral("ab"));
        QVERIFY(link1 && link3);
        QCOMPARE(link1->deviceRect.size(), link3->deviceRect.size());
        QCOMPARE(link1->deviceRect.height(), QFontMetricsF(LinkItem::labelFont()).height() + 4);
        // The label sits on the link's midpoint in device space at both zooms.
        QCOMPARE(link1->deviceRect.center(), QPointF(300, 0));
        QCOMPARE(link3->deviceRect.center(), QPointF(900, 0));
        QVERIFY(link1->text.startsWith(QStringLiteral("100 Gbit/s")));
        const auto* name1 = find(at1, false, QStringLiteral("a"));
        const auto* name3 = find(at3, false, QStringLiteral("a"));
        QVERIFY(name1 && name3);
        QCOMPARE(name1->deviceRect.size(), name3->deviceRect.size());
        QCOMPARE(name1->text, QStringLiteral("a"));
        // Names sit under their tile: the tile's bottom edge is 22 units below the centre.
        QCOMPARE(name1->deviceRect.top(), 22.0 * 1 + TopologyScene::kNameGapPx);
        QCOMPARE(name3->deviceRect.top(), 22.0 * 3 + TopologyScene::kNameGapPx);
    }

    void labelHiddenOnlyWhenTheLinkCannotHoldIt()
    {
        io::Project p;
        p.topology.addNode(hostAt("a", 0, 0));
        p.topology.addNode(hostAt("b", 600, 0));
        p.topology.addLink(link("ab", "a", "b", 100e9));
        Document doc;
        doc.adopt(std::move(p), QString(), false);
        TopologyScene scene(&doc);
        LinkItem* item = scene.linkItem(QStringLiteral("ab"));
        QVERIFY(item);
        // Rule: on-screen length less the two half tiles ≥ label width + room, i.e.
        // (600 − 44)·z ≥ labelWidthPx + 10 + kLabelRoomPx.
        const qreal threshold =
            (item->labelWidthPx() + 10 + TopologyScene::kLabelRoomPx) / (600.0 - NodeItem::kTile);
        QVERIFY(find(labelsAt(scene, threshold * 1.05), true, QStringLiteral("ab")));
        QVERIFY(!find(labelsAt(scene, threshold * 0.95), true, QStringLiteral("ab")));
        // Far zoomed in the label is still there, at the same size. (The list is kept: `big`
        // points into it.)
        const auto at8 = labelsAt(scene, 8.0);
        const auto* big = find(at8, true, QStringLiteral("ab"));
        QVERIFY(big);
        QCOMPARE(big->deviceRect.width(), item->labelWidthPx() + 10);
        // Names need a tile of kNameMinTilePx on screen.
        const qreal nameZoom = TopologyScene::kNameMinTilePx / NodeItem::kTile;
        QVERIFY(find(labelsAt(scene, nameZoom * 1.01), false, QStringLiteral("a")));
        QVERIFY(!find(labelsAt(scene, nameZoom * 0.99), false, QStringLiteral("a")));
    }

    void labelsNeverOverlap()
    {
        // A dense comb: 40 parallel links 12 units apart. At 60 % and 100 % their labels
        // (about 16 px high) would collide; the occupancy check keeps a non-overlapping
        // subset, and no label covers a node tile. At 200 % (24 px apart) all fit.
        io::Project p;
        for (int i = 0; i < 40; ++i) {
            const std::string s = std::to_string(i);
            p.topology.addNode(hostAt("l" + s, 0, i * 12.0));
            p.topology.addNode(hostAt("r" + s, 400, i * 12.0 + 4));
            p.topology.addLink(link("k" + s, "l" + s, "r" + s, (i % 3 + 1) * 100e9));
        }
        Document doc;
        doc.adopt(std::move(p), QString(), false);
        TopologyScene scene(&doc);
        for (const qreal zoom : {0.6, 1.0, 2.0}) {
            const auto labels = labelsAt(scene, zoom);
            int links = 0;
            for (int i = 0; i < labels.size(); ++i) {
                links += labels[i].isLink ? 1 : 0;
                for (int j = i + 1; j < labels.size(); ++j)
                    QVERIFY2(!labels[i].deviceRect.intersects(labels[j].deviceRect),
                             qPrintable(labels[i].id + QLatin1Char('/') + labels[j].id));
                for (int n = 0; n < 40; ++n)
                    for (const char* side : {"l", "r"}) {
                        const QString id = QLatin1String(side) + QString::number(n);
                        const QRectF tile = QTransform::fromScale(zoom, zoom)
                                                .mapRect(scene.nodeItem(id)->boxSceneRect());
                        QVERIFY(!labels[i].deviceRect.intersects(tile));
                    }
            }
            QVERIFY2(links > 0, qPrintable(QString::number(zoom)));
            if (zoom < 2)
                QVERIFY2(links < 40, qPrintable(QString::number(zoom)));
            else
                QCOMPARE(links, 40);
        }
        // The fastest links win the contested places: a 300 Gbit/s link is labelled first.
        const auto labels = labelsAt(scene, 1.0);
        for (const auto& l : labels)
            if (l.isLink) {
                QVERIFY(l.text.startsWith(QStringLiteral("300 Gbit/s")));
                break;
            }
    }

    void linkLevelOfDetail()
    {
        using D = LinkItem::Detail;
        QCOMPARE(LinkItem::detailFor(0.1, 500), D::Hairline); // zoomed out
        QCOMPARE(LinkItem::detailFor(1.0, 1.5), D::Hairline); // shorter than 2 px
        QCOMPARE(LinkItem::detailFor(1.0, 300), D::Full);
        QCOMPARE(LinkItem::detailFor(1.0, 5000), D::Plain); // long: no antialiasing
        // What paint() does: a 400 Gbit/s link (3.08 units wide) rendered at 10 % is a 1 px
        // hairline, at 100 % about 3 px wide.
        io::Project p;
        p.topology.addNode(hostAt("a", 0, 0));
        p.topology.addNode(hostAt("b", 1000, 0));
        p.topology.addLink(link("ab", "a", "b", 400e9));
        Document doc;
        doc.adopt(std::move(p), QString(), false);
        TopologyScene scene(&doc);
        scene.setGridVisible(false);
        scene.setLabelsVisible(false);
        const auto thickness = [&](qreal zoom) {
            const QRectF src(200, -20, 600, 40); // the middle of the link, no nodes
            QImage img(QSize(qRound(600 * zoom), qRound(40 * zoom)), QImage::Format_ARGB32);
            img.fill(Qt::white);
            QPainter painter(&img);
            scene.render(&painter, QRectF(QPointF(0, 0), img.size()), src);
            painter.end();
            int rows = 0;
            const int x = img.width() / 2;
            for (int y = 0; y < img.height(); ++y)
                rows += img.pixelColor(x, y) != QColor(0xfa, 0xfb, 0xfd) &&
                                img.pixelColor(x, y) != QColor(Qt::white)
                            ? 1
                            : 0;
            return rows;
        };
        QCOMPARE(thickness(0.1), 1);
        const int full = thickness(1.0);
        QVERIFY2(full >= 3 && full <= 5, qPrintable(QString::number(full)));
    }

    void nodeCachingAndIndexFollowScale()
    {
        // Node items are device-cached only from NodeItem::kCacheLod up; the view switches
        // the scene when its zoom crosses it. A small drawing keeps the BSP index, a large
        // one (> kIndexedItemsMax items) gets a shallow tree of fixed depth.
        io::Project p;
        p.topology.addNode(hostAt("a", 0, 0));
        p.topology.addNode(hostAt("b", 600, 0));
        p.topology.addLink(link("ab", "a", "b", 100e9));
        Document doc;
        doc.adopt(std::move(p), QString(), false);
        TopologyScene scene(&doc);
        QCOMPARE(scene.itemIndexMethod(), QGraphicsScene::BspTreeIndex);
        CanvasView view(&scene);
        view.setZoom(1.0);
        QCOMPARE(scene.nodeItem(QStringLiteral("a"))->cacheMode(),
                 QGraphicsItem::DeviceCoordinateCache);
        view.setZoom(NodeItem::kCacheLod * 0.9);
        QVERIFY(!scene.nodeCaching());
        QCOMPARE(scene.nodeItem(QStringLiteral("a"))->cacheMode(), QGraphicsItem::NoCache);
        view.zoomBy(1.25);
        QCOMPARE(scene.nodeItem(QStringLiteral("b"))->cacheMode(),
                 QGraphicsItem::DeviceCoordinateCache);

        io::Project big;
        big.topology = topology::generate("fat-tree", {{"k", "16"}}, 1); // 1,344 + 3,072
        big.topology.reserveNodes(8000);
        for (int i = 0; i < 2000; ++i)
            big.topology.addNode(hostAt("extra-" + std::to_string(i), i * 50.0, -500));
        QVERIFY(big.topology.nodeCount() + big.topology.linkCount() >
                TopologyScene::kIndexedItemsMax);
        doc.adopt(std::move(big), QString(), false);
        QCOMPARE(scene.itemIndexMethod(), QGraphicsScene::BspTreeIndex);
        QCOMPARE(scene.bspTreeDepth(), TopologyScene::kLargeBspDepth);
        QCOMPARE(scene.nodeItemCount(), 1344 + 2000);
        // Hit tests work through the shallow tree.
        QVERIFY(scene.nodeAt(QPointF(50, -500)));
        QCOMPARE(scene.nodeAt(QPointF(50, -500))->nodeId(), std::string("extra-1"));
    }

    void outlineCountsTenThousandNodes()
    {
        // Fat-tree k = 32: 8,192 hosts + 1,280 switches, 24,576 links. The outline shows the
        // true totals and lists every link, handed to the view in batches.
        io::Project p;
        p.topology = topology::generate("fat-tree", {{"k", "32"}}, 1);
        const std::string lastLinkId = p.topology.link(LinkId::fromIndex(24575)).id;
        Document doc;
        doc.adopt(std::move(p), QString(), false);
        OutlineView view(&doc);
        OutlineModel* m = view.outlineModel();
        QCOMPARE(m->index(0, 1, {}).data().toString(), QStringLiteral("9472 nodes, 24576 links"));
        QCOMPARE(m->otherNodeCount(), 9472);
        QCOMPARE(m->linkCount(), 24576);
        const QModelIndex links = m->groupIndex(2);
        QCOMPARE(links.data().toString(), QStringLiteral("Links"));
        QCOMPARE(links.siblingAtColumn(1).data().toString(), QStringLiteral("24576"));
        QCOMPARE(m->groupIndex(1).siblingAtColumn(1).data().toString(), QStringLiteral("9472"));
        QVERIFY(m->rowCount(links) <= OutlineModel::kBatchRows);
        int batches = 0;
        while (m->canFetchMore(links)) {
            m->fetchMore(links);
            ++batches;
        }
        QCOMPARE(m->rowCount(links), 24576);
        QVERIFY(batches >= 24);
        const QModelIndex last = m->index(24575, 0, links);
        QCOMPARE(last.data(OutlineModel::IdRole).toString(), QString::fromStdString(lastLinkId));
        QCOMPARE(last.data(OutlineModel::KindRole).toString(), QStringLiteral("link"));
    }

    void outlineTreeAndActivation()
    {
        // A centre with two GPUs inside, a router outside, one link.
        io::Project p;
        topology::NodeAttributes dc;
        dc.id = "dc";
        dc.kind = topology::NodeKind::Center;
        dc.gpu_count = 8;
        dc.gpu_model = "A100-80GB";
        p.topology.addNode(dc);
        for (const char* id : {"g1", "g2"}) {
            auto g = hostAt(id, 0, 0);
            g.kind = topology::NodeKind::Gpu;
            g.parent = "dc";
            p.topology.addNode(g);
        }
        auto r = hostAt("r", 300, 0);
        r.kind = topology::NodeKind::Router;
        r.ip = "10.0.0.1";
        p.topology.addNode(r);
        p.topology.addLink(link("dc-r", "dc", "r", 10e9));
        Document doc;
        doc.adopt(std::move(p), QString(), false);
        OutlineView view(&doc);
        OutlineModel* m = view.outlineModel();
        const QModelIndex centres = m->groupIndex(0);
        QCOMPARE(m->rowCount(centres), 1);
        const QModelIndex dcRow = m->index(0, 0, centres);
        QCOMPARE(dcRow.data().toString(), QStringLiteral("dc"));
        QCOMPARE(dcRow.siblingAtColumn(1).data().toString(), QStringLiteral("8 × A100-80GB"));
        QCOMPARE(m->rowCount(dcRow), 2);
        QCOMPARE(m->index(1, 0, dcRow).data(OutlineModel::IdRole).toString(), QStringLiteral("g2"));
        QCOMPARE(m->parent(m->index(1, 0, dcRow)), dcRow);
        const QModelIndex others = m->groupIndex(1);
        QCOMPARE(m->rowCount(others), 1);
        QCOMPARE(m->index(0, 1, others).data().toString(), QStringLiteral("10.0.0.1"));
        QSignalSpy spy(&view, &OutlineView::itemActivatedById);
        Q_EMIT view.activated(m->index(0, 1, m->groupIndex(2)));
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).toString(), QStringLiteral("link"));
        QCOMPARE(spy.at(0).at(1).toString(), QStringLiteral("dc-r"));
        // Edits reach the outline after its debounce: a new host and link join the groups.
        doc.insertNode(hostAt("h", 600, 0));
        doc.insertLink(link("r-h", "r", "h", 1e9));
        QTRY_COMPARE_WITH_TIMEOUT(m->rowCount(m->groupIndex(1)), 2, 2000);
        QCOMPARE(m->index(0, 1, {}).data().toString(), QStringLiteral("5 nodes, 2 links"));
        QCOMPARE(m->groupIndex(2).siblingAtColumn(1).data().toString(), QStringLiteral("2"));
    }
};

MERIDIAN_TEST(CanvasScaleTest)
#include "CanvasScaleTest.moc"
