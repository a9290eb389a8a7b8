// Automatic layouts driven through the window's actions: they run on a worker thread, are
// applied as one undo step, can be cancelled from the progress dialog, are discarded when
// the drawing is edited meanwhile, and the spring layout refuses graphs it cannot handle.
// Also the geographic layout of GÉANT and where Paste puts a copy (the layout functions
// themselves are tested in tests/topology/AutoLayoutTest.cpp).
#include "TestMain.hpp"
#include "UiTestSupport.hpp"
#include "meridian/topology/AutoLayout.hpp"
#include "ui/CanvasView.hpp"
#include "ui/Document.hpp"
#include "ui/MainWindow.hpp"
#include "ui/NodeItem.hpp"
#include "ui/Resources.hpp"
#include "ui/TopologyScene.hpp"

#include <QAction>
#include <QFile>
#include <QProgressDialog>
#include <QPushButton>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest/QtTest>
#include <cmath>
#include <memory>

using namespace meridian;
using namespace meridian::ui;
using meridian::topology::AutoLayout;

namespace {

std::vector<std::array<double, 2>> topLevelPositions(const topology::Topology& t)
{
    std::vector<std::array<double, 2>> out;
    for (std::size_t i = 0; i < t.nodeCount(); ++i) {
        const auto& n = t.node(NodeId::fromIndex(i));
        if (n.parent.empty())
            out.push_back(n.pos);
    }
    return out;
}

double minDistance(const std::vector<std::array<double, 2>>& p)
{
    double best = 1e300;
    for (std::size_t i = 0; i < p.size(); ++i)
        for (std::size_t j = i + 1; j < p.size(); ++j)
            best = std::min(best, std::hypot(p[i][0] - p[j][0], p[i][1] - p[j][1]));
    return best;
}

} // namespace

class AutoLayoutActionsTest : public QObject
{
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> m_recovery;
    QStringList m_errors;

    std::unique_ptr<MainWindow> makeWindow()
    {
        return test::makeShownWindow(
            [this](const QString& title, const QString& text) {
                m_errors << title + QLatin1Char('\n') + text;
            },
            QMessageBox::No);
    }

    static QProgressDialog* progressDialog(MainWindow& w)
    {
        return w.findChild<QProgressDialog*>(QStringLiteral("layoutProgress"));
    }

private Q_SLOTS:
    void initTestCase()
    {
        test::setUpGuiTestApp();
        m_recovery = test::freshRecoveryDir();
    }

    void init() { m_errors.clear(); }
    // The (offscreen) pointer is global: park it away from every window so that later tests
    // do not paste "at the mouse" by accident.
    void cleanup() { QCursor::setPos(QPoint(-5000, -5000)); }

    void forceLayoutRunsInBackgroundAndUndoesInOneStep()
    {
        auto w = makeWindow();
        Document* doc = w->document();
        // fat-tree k = 8: 128 hosts + 80 switches.
        QVERIFY(w->applyGenerator(QStringLiteral("fat-tree"), {{"k", "8"}}, 1, true));
        const QString before = doc->serialized();
        const int steps = doc->undoStack()->count();
        QAction* force = w->action(QStringLiteral("layout.force"));
        force->trigger();
        // While it runs the layout actions are disabled (one layout at a time).
        if (w->layoutRunning())
            QVERIFY(!force->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(!w->layoutRunning(), 60000);
        QVERIFY(force->isEnabled());
        QVERIFY(m_errors.isEmpty());
        const QString after = doc->serialized();
        QVERIFY(after != before);
        // Exactly one undo step, named after the layout; undo restores every position.
        QCOMPARE(doc->undoStack()->count(), steps + 1);
        QCOMPARE(doc->undoStack()->undoText(), QStringLiteral("Force-directed layout"));
        doc->undoStack()->undo();
        QCOMPARE(doc->serialized(), before);
        doc->undoStack()->redo();
        QCOMPARE(doc->serialized(), after);
        // The scene follows the document.
        const auto* n = doc->node(doc->topology().node(NodeId(0)).id);
        QCOMPARE(w->scene()->nodeItem(QString::fromStdString(n->id))->pos(),
                 QPointF(n->pos[0], n->pos[1]));
    }

    void fileWithoutPositionsIsLaidOutOnOpening()
    {
        // "pos" is optional in a .topo; a script that writes none would put every node on
        // one point. Opening lays such a file out (one undo step); a placed file stays put.
        QTemporaryDir dir;
        const auto write = [&dir](const QString& name, bool placed) {
            QFile f(dir.filePath(name));
            if (!f.open(QIODevice::WriteOnly))
                return QString();
            const char* pos0 = placed ? R"(, "pos": [0, 0])" : "";
            const char* pos1 = placed ? R"(, "pos": [300, 0])" : "";
            const char* pos2 = placed ? R"(, "pos": [600, 40])" : "";
            f.write(
                QStringLiteral(R"({"format": "meridian.topo", "version": 1, "nodes": [)"
                               R"({"id": "a", "kind": "host"%1}, {"id": "r", "kind": "router"%2},)"
                               R"({"id": "b", "kind": "host"%3}], "links": [)"
                               R"({"id": "l1", "a": "a", "b": "r", "bandwidth_gbps": 10},)"
                               R"({"id": "l2", "a": "r", "b": "b", "bandwidth_gbps": 1}]})")
                    .arg(QLatin1String(pos0), QLatin1String(pos1), QLatin1String(pos2))
                    .toUtf8());
            return f.fileName();
        };
        const QString bare = write(QStringLiteral("bare.topo"), false);
        const QString placed = write(QStringLiteral("placed.topo"), true);
        QVERIFY(!bare.isEmpty() && !placed.isEmpty());

        auto w = makeWindow();
        Document* doc = w->document();
        QVERIFY(w->openFile(bare));
        QVERIFY(w->waitForLayout());
        QVERIFY(m_errors.isEmpty());
        QVERIFY(!MainWindow::stackedOnOnePoint(doc->topology()));
        QVERIFY(minDistance(topLevelPositions(doc->topology())) > 40.0);
        QCOMPARE(doc->undoStack()->count(), 1);
        QCOMPARE(doc->undoStack()->undoText(), QStringLiteral("Force-directed layout"));
        doc->undoStack()->undo();
        QVERIFY(MainWindow::stackedOnOnePoint(doc->topology()));

        QVERIFY(w->openFile(placed));
        QVERIFY(!w->layoutRunning());
        QCOMPARE(doc->undoStack()->count(), 0);
        const auto p = topLevelPositions(doc->topology());
        QCOMPARE(p.size(), std::size_t{3});
        QCOMPARE(p[1][0], 300.0);
    }

    void cancelLeavesPositionsUnchanged()
    {
        auto w = makeWindow();
        Document* doc = w->document();
        QVERIFY(w->applyGenerator(QStringLiteral("fat-tree"), {{"k", "16"}}, 1, true));
        const QString before = doc->serialized();
        const int steps = doc->undoStack()->count();
        w->action(QStringLiteral("layout.force"))->trigger();
        QProgressDialog* dialog = progressDialog(*w);
        QVERIFY(dialog);
        QVERIFY(dialog->windowModality() == Qt::NonModal);
        auto* cancel = dialog->findChild<QPushButton*>();
        QVERIFY(cancel);
        // Clicked before control returns to the event loop, so the cancel always wins over
        // the worker's result, however fast the machine.
        cancel->click();
        QTRY_VERIFY_WITH_TIMEOUT(!w->layoutRunning(), 60000);
        QVERIFY(!w->waitForLayout());
        QCOMPARE(doc->serialized(), before);
        QCOMPARE(doc->undoStack()->count(), steps);
        QVERIFY(!dialog->isVisible());
        QVERIFY(m_errors.isEmpty());
    }

    void editWhileRunningDiscardsTheResult()
    {
        auto w = makeWindow();
        Document* doc = w->document();
        QVERIFY(w->applyGenerator(QStringLiteral("ring"), {{"n", "40"}}, 1, true));
        w->action(QStringLiteral("layout.force"))->trigger();
        // An edit before the result arrives (the queued completion cannot run before this).
        w->scene()->addNodeAt(topology::NodeKind::Gpu, QPointF(5000, 5000));
        const QString edited = doc->serialized();
        const int steps = doc->undoStack()->count();
        QVERIFY(!w->waitForLayout());
        QCOMPARE(doc->serialized(), edited);
        QCOMPARE(doc->undoStack()->count(), steps);
    }

    void springLayoutThroughActionAndUndo()
    {
        auto w = makeWindow();
        Document* doc = w->document();
        QVERIFY(w->applyGenerator(QStringLiteral("ring"), {{"n", "12"}}, 1, true));
        const QString before = doc->serialized();
        w->action(QStringLiteral("layout.spring"))->trigger();
        QVERIFY(w->waitForLayout());
        QCOMPARE(doc->undoStack()->undoText(), QStringLiteral("Spring layout"));
        // Kamada–Kawai on a ring: all nodes end equally far from their centroid (a circle).
        std::vector<std::array<double, 2>> p = topLevelPositions(doc->topology());
        double cx = 0, cy = 0;
        for (const auto& q : p) {
            cx += q[0] / static_cast<double>(p.size());
            cy += q[1] / static_cast<double>(p.size());
        }
        double rmin = 1e300, rmax = 0;
        for (const auto& q : p) {
            const double r = std::hypot(q[0] - cx, q[1] - cy);
            rmin = std::min(rmin, r);
            rmax = std::max(rmax, r);
        }
        QVERIFY2(rmax - rmin < 0.05 * rmax,
                 qPrintable(QStringLiteral("%1 %2").arg(rmin).arg(rmax)));
        doc->undoStack()->undo();
        QCOMPARE(doc->serialized(), before);
    }

    void springRefusesOversizedComponentAndSaysWhy()
    {
        auto w = makeWindow();
        Document* doc = w->document();
        const auto n = AutoLayout::kSpringMaxComponentNodes + 1;
        QVERIFY(w->applyGenerator(QStringLiteral("ring"), {{"n", std::to_string(n)}}, 1, true));
        QCOMPARE(AutoLayout::largestComponent(doc->topology()), n);
        const QString before = doc->serialized();
        const int steps = doc->undoStack()->count();
        w->action(QStringLiteral("layout.spring"))->trigger();
        QVERIFY(!w->layoutRunning());
        QCOMPARE(m_errors.size(), 1);
        QVERIFY(m_errors[0].startsWith(QStringLiteral("Spring layout not available")));
        QVERIFY(m_errors[0].contains(QStringLiteral("force-directed")));
        QCOMPARE(doc->serialized(), before);
        QCOMPARE(doc->undoStack()->count(), steps);
        // The engine refuses too, rather than running something else.
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, AutoLayout::springLayout(doc->topology()));
    }

    void geographicLayoutOfGeantHasMinimumSeparation()
    {
        const QString path = test::sharedPath(QStringLiteral("data/topologyzoo/Geant2012.graphml"));
        if (!QFile::exists(path))
            QSKIP("Geant2012.graphml not available");
        auto w = makeWindow();
        Document* doc = w->document();
        QVERIFY(w->importGraphml(path));
        // Scramble with the force layout, then place geographically through the action.
        w->action(QStringLiteral("layout.force"))->trigger();
        QVERIFY(w->waitForLayout());
        w->action(QStringLiteral("layout.geo"))->trigger();
        QVERIFY(w->waitForLayout());
        QCOMPARE(doc->undoStack()->undoText(), QStringLiteral("Geographic layout"));
        const auto& t = doc->topology();
        const auto p = topLevelPositions(t);
        QVERIFY(p.size() > 20);
        // Positions are whole scene units; the layout keeps a margin for that rounding.
        QVERIFY2(minDistance(p) >= AutoLayout::kGeoMinSeparation,
                 qPrintable(QString::number(minDistance(p))));
        // Geography survives: of two cities more than 5° of longitude (or latitude) apart,
        // the western one is left (the northern one above).
        int checked = 0;
        for (std::size_t i = 0; i < t.nodeCount(); ++i)
            for (std::size_t j = 0; j < t.nodeCount(); ++j) {
                const auto& a = t.node(NodeId::fromIndex(i));
                const auto& b = t.node(NodeId::fromIndex(j));
                if (!a.longitude_deg || !b.longitude_deg || !a.latitude_deg || !b.latitude_deg)
                    continue;
                if (*b.longitude_deg - *a.longitude_deg > 5) {
                    QVERIFY2(a.pos[0] < b.pos[0], (a.id + " / " + b.id).c_str());
                    ++checked;
                }
                if (*b.latitude_deg - *a.latitude_deg > 5) {
                    QVERIFY2(a.pos[1] > b.pos[1], (a.id + " / " + b.id).c_str());
                    ++checked;
                }
            }
        QVERIFY(checked > 100);
    }

    void pasteGoesUnderTheMouseOrBesideTheOriginals()
    {
        auto w = makeWindow();
        Document* doc = w->document();
        w->scene()->addNodeAt(topology::NodeKind::Switch, QPointF(0, 0));
        w->scene()->addNodeAt(topology::NodeKind::Gpu, QPointF(100, 0));
        w->scene()->connectNodes("sw", "gpu");
        w->scene()->selectIds({"sw", "gpu"}, {});
        w->action(QStringLiteral("edit.copy"))->trigger();
        // Pointer over the canvas at scene (160, 100): the copy is centred there.
        QWidget* vp = w->canvas()->viewport();
        const QPoint at = w->canvas()->mapFromScene(QPointF(160, 100));
        QVERIFY(vp->rect().contains(at));
        QTest::mouseMove(vp, at);
        const QPointF target = w->canvas()->mapToScene(at);
        w->action(QStringLiteral("edit.paste"))->trigger();
        auto pasted = w->scene()->selectedNodeIds();
        QCOMPARE(pasted.size(), 2u);
        const auto centreOf = [&](const std::vector<std::string>& ids) {
            double minx = 1e300, maxx = -1e300, miny = 1e300, maxy = -1e300;
            for (const auto& id : ids) {
                const auto& p = doc->node(id)->pos;
                minx = std::min(minx, p[0]);
                maxx = std::max(maxx, p[0]);
                miny = std::min(miny, p[1]);
                maxy = std::max(maxy, p[1]);
            }
            return QPointF((minx + maxx) / 2, (miny + maxy) / 2);
        };
        const QPointF c1 = centreOf(pasted);
        // Within half a grid step per axis (the offset snaps to the 20-unit grid).
        QVERIFY2(std::abs(c1.x() - target.x()) <= 10 && std::abs(c1.y() - target.y()) <= 10,
                 qPrintable(QStringLiteral("%1,%2").arg(c1.x()).arg(c1.y())));
        QCOMPARE(doc->node(pasted[0])->pos[1] - doc->node(pasted[1])->pos[1], 0.0);
        // Pasting again at the same spot steps on by two grid units instead of stacking.
        w->action(QStringLiteral("edit.paste"))->trigger();
        const QPointF c2 = centreOf(w->scene()->selectedNodeIds());
        QCOMPARE(c2 - c1, QPointF(40, 40));
        // Pointer gone from the canvas: offset from the originals (centre (50, 0)).
        QEvent leave(QEvent::Leave);
        QApplication::sendEvent(vp, &leave);
        w->action(QStringLiteral("edit.paste"))->trigger();
        const QPointF c3 = centreOf(w->scene()->selectedNodeIds());
        QCOMPARE(c3, QPointF(50 + 40, 0 + 40));
        QCOMPARE(doc->topology().nodeCount(), 8u);
    }
};

MERIDIAN_TEST(AutoLayoutActionsTest)
#include "AutoLayoutActionsTest.moc"
