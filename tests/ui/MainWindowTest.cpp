// Drives the real designer widgets offscreen: palette drops, the link tool, dragging,
// the property editor, clipboard, files, error reporting, autosave recovery, generators,
// GraphML import and layouts.
#include "ui/MainWindow.hpp"

#include "TestMain.hpp"
#include "UiTestSupport.hpp"
#include "ui/Autosave.hpp"
#include "ui/CanvasView.hpp"
#include "ui/Document.hpp"
#include "ui/LinkItem.hpp"
#include "ui/NodeItem.hpp"
#include "ui/PaletteWidget.hpp"
#include "ui/PropertyEditor.hpp"
#include "ui/Resources.hpp"
#include "ui/TopologyScene.hpp"

#include <QAction>
#include <QComboBox>
#include <QLineEdit>
#include <QMimeData>
#include <QTableWidget>
#include <QUndoStack>
#include <QtTest/QtTest>
#include <memory>

using namespace meridian;
using namespace meridian::ui;

class MainWindowTest : public QObject
{
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> m_recovery;
    QStringList m_errors;

    std::unique_ptr<MainWindow> makeWindow()
    {
        return test::makeShownWindow([this](const QString& title, const QString& text) {
            m_errors << title + QLatin1Char('\n') + text;
        });
    }

    /// Simulates dropping palette row `row` at a scene position (drag-enter, then drop).
    static void dropPaletteRow(MainWindow& w, int row, const QPointF& scenePos)
    {
        std::unique_ptr<QMimeData> mime(w.palette()->mimeDataForRow(row));
        QWidget* vp = w.canvas()->viewport();
        const QPoint at = w.canvas()->mapFromScene(scenePos);
        QDragEnterEvent enter(at, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(vp, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(at, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(vp, &drop);
        QVERIFY(drop.isAccepted());
    }

    static void dragOnCanvas(MainWindow& w, const QPointF& from, const QPointF& to,
                             Qt::KeyboardModifiers mods = Qt::NoModifier)
    {
        QWidget* vp = w.canvas()->viewport();
        const QPoint a = w.canvas()->mapFromScene(from);
        const QPoint b = w.canvas()->mapFromScene(to);
        QTest::mousePress(vp, Qt::LeftButton, mods, a);
        QTest::mouseMove(vp, (a + b) / 2);
        QTest::mouseMove(vp, b);
        QTest::mouseRelease(vp, Qt::LeftButton, mods, b);
    }

private Q_SLOTS:
    void initTestCase()
    {
        test::setUpGuiTestApp();
        m_recovery = test::freshRecoveryDir();
    }

    void init() { m_errors.clear(); }

    void dropFromPaletteAddsNode()
    {
        auto w = makeWindow();
        Document* doc = w->document();
        dropPaletteRow(*w, 1, QPointF(41, 59)); // row 1 = GPU
        QCOMPARE(doc->topology().nodeCount(), 1u);
        const auto* n = doc->node("gpu");
        QVERIFY(n);
        QVERIFY(n->kind == topology::NodeKind::Gpu);
        // Snapped to the 20-unit grid.
        QCOMPARE(n->pos[0], 40.0);
        QCOMPARE(n->pos[1], 60.0);
        QVERIFY(w->scene()->nodeItem(QStringLiteral("gpu")));
        QCOMPARE(w->scene()->selectedNodeIds(), std::vector<std::string>{"gpu"});
        doc->undoStack()->undo();
        QCOMPARE(doc->topology().nodeCount(), 0u);
        QVERIFY(!w->scene()->nodeItem(QStringLiteral("gpu")));
        doc->undoStack()->redo();
        QCOMPARE(doc->topology().nodeCount(), 1u);
        QVERIFY(w->scene()->nodeItem(QStringLiteral("gpu")));
    }

    void dropIntoCentreSetsParentAndMovesWithIt()
    {
        auto w = makeWindow();
        Document* doc = w->document();
        dropPaletteRow(*w, 0, QPointF(0, 0));  // centre card 190 × 96 around (0, 0)
        dropPaletteRow(*w, 1, QPointF(0, 20)); // GPU dropped inside it
        QCOMPARE(doc->node("gpu")->parent, std::string("dc"));
        // Drag the centre by its title strip: the GPU travels along (one undo step).
        NodeItem* centre = w->scene()->nodeItem(QStringLiteral("dc"));
        const QPointF title = centre->boxSceneRect().topLeft() + QPointF(60, 10);
        w->scene()->clearSelection();
        const int steps = doc->undoStack()->count();
        dragOnCanvas(*w, title, title + QPointF(200, 100));
        QCOMPARE(doc->undoStack()->count(), steps + 1);
        QCOMPARE(doc->node("dc")->pos[0], 200.0);
        QCOMPARE(doc->node("gpu")->pos[0], 200.0);
        QCOMPARE(doc->node("gpu")->pos[1], 120.0);
        doc->undoStack()->undo();
        QCOMPARE(doc->node("gpu")->pos[1], 20.0);
        QCOMPARE(w->scene()->nodeItem(QStringLiteral("gpu"))->pos(), QPointF(0, 20));
    }

    void linkToolConnectsTwoNodes()
    {
        auto w = makeWindow();
        Document* doc = w->document();
        w->scene()->addNodeAt(topology::NodeKind::Router, QPointF(-200, 0));
        w->scene()->addNodeAt(topology::NodeKind::Switch, QPointF(200, 0));
        w->action(QStringLiteral("tool.link"))->trigger();
        QCOMPARE(w->scene()->mode(), TopologyScene::Mode::Link);
        dragOnCanvas(*w, QPointF(-200, 0), QPointF(200, 0));
        QCOMPARE(doc->topology().linkCount(), 1u);
        const auto& l = doc->topology().link(LinkId(0));
        QCOMPARE(l.a, std::string("r"));
        QCOMPARE(l.b, std::string("sw"));
        QCOMPARE(l.params.bandwidth_bps, 10e9); // a router end: WAN defaults
        QVERIFY(w->scene()->linkItem(QString::fromStdString(l.id)));
        // Releasing on empty canvas creates nothing.
        dragOnCanvas(*w, QPointF(-200, 0), QPointF(0, 300));
        QCOMPARE(doc->topology().linkCount(), 1u);
        doc->undoStack()->undo();
        QCOMPARE(doc->topology().linkCount(), 0u);
        doc->undoStack()->redo();
        QCOMPARE(doc->topology().linkCount(), 1u);
        // Shift+drag links in Select mode too (a parallel link).
        w->action(QStringLiteral("tool.select"))->trigger();
        dragOnCanvas(*w, QPointF(200, 0), QPointF(-200, 0), Qt::ShiftModifier);
        QCOMPARE(doc->topology().linkCount(), 2u);
    }

    void dragMovesSelectionAsOneUndoStep()
    {
        auto w = makeWindow();
        Document* doc = w->document();
        w->scene()->addNodeAt(topology::NodeKind::Host, QPointF(0, 0));
        w->scene()->clearSelection();
        dragOnCanvas(*w, QPointF(0, 0), QPointF(97, 42));
        QCOMPARE(doc->node("host")->pos[0], 100.0); // snapped
        QCOMPARE(doc->node("host")->pos[1], 40.0);
        doc->undoStack()->undo();
        QCOMPARE(doc->node("host")->pos[0], 0.0);
    }

    void propertyEditorEditsLinkBandwidth()
    {
        auto w = makeWindow();
        Document* doc = w->document();
        w->scene()->addNodeAt(topology::NodeKind::Router, QPointF(-200, 0));
        w->scene()->addNodeAt(topology::NodeKind::Router, QPointF(200, 0));
        w->scene()->connectNodes("r", "r-2");
        const std::string id = doc->topology().link(LinkId(0)).id;
        w->scene()->selectIds({}, {id});
        PropertyEditor* pe = w->propertyEditor();
        QCOMPARE(pe->currentPage(), QStringLiteral("link"));
        QLineEdit* bw = pe->lineEdit(QStringLiteral("bandwidth_gbps"));
        QVERIFY(bw);
        QCOMPARE(bw->text(), QStringLiteral("10 Gbit/s"));
        bw->setFocus();
        bw->selectAll();
        QTest::keyClicks(bw, QStringLiteral("25G"));
        QTest::keyClick(bw, Qt::Key_Return);
        QCOMPARE(doc->link(id)->params.bandwidth_bps, 25e9);
        QCOMPARE(pe->errorText(QStringLiteral("bandwidth_gbps")), QString());
        QCOMPARE(w->scene()->linkItem(QString::fromStdString(id))->labelText().left(9),
                 QStringLiteral("25 Gbit/s"));
        // Invalid text: an inline error and nothing applied.
        bw->setText(QStringLiteral("fast"));
        QVERIFY(!pe->commit(QStringLiteral("bandwidth_gbps")));
        QVERIFY(!pe->errorText(QStringLiteral("bandwidth_gbps")).isEmpty());
        QCOMPARE(doc->link(id)->params.bandwidth_bps, 25e9);
        // Out of range (bandwidth must be > 0).
        bw->setText(QStringLiteral("0"));
        QVERIFY(!pe->commit(QStringLiteral("bandwidth_gbps")));
        QVERIFY(pe->errorText(QStringLiteral("bandwidth_gbps")).contains(QStringLiteral("range")));
        // Loss as a percentage, delay with units.
        pe->lineEdit(QStringLiteral("loss"))->setText(QStringLiteral("0.1%"));
        QVERIFY(pe->commit(QStringLiteral("loss")));
        QCOMPARE(doc->link(id)->params.loss, 0.001);
        pe->lineEdit(QStringLiteral("delay_ms"))->setText(QStringLiteral("15ms"));
        QVERIFY(pe->commit(QStringLiteral("delay_ms")));
        QCOMPARE(doc->link(id)->params.delay_s, 0.015);
        pe->lineEdit(QStringLiteral("loss"))->setText(QStringLiteral("150%"));
        QVERIFY(!pe->commit(QStringLiteral("loss")));
        // Undo each edit in turn.
        doc->undoStack()->undo();
        QCOMPARE(doc->link(id)->params.delay_s, 0.01);
        doc->undoStack()->undo();
        QCOMPARE(doc->link(id)->params.loss, 0.0);
        doc->undoStack()->undo();
        QCOMPARE(doc->link(id)->params.bandwidth_bps, 10e9);
        doc->undoStack()->redo();
        QCOMPARE(doc->link(id)->params.bandwidth_bps, 25e9);
    }

    void propertyEditorMultiSelectionIsOneCommand()
    {
        auto w = makeWindow();
        Document* doc = w->document();
        for (int i = 0; i < 3; ++i)
            w->scene()->addNodeAt(topology::NodeKind::Gpu, QPointF(i * 100, 0));
        w->scene()->selectIds({"gpu", "gpu-2", "gpu-3"}, {});
        PropertyEditor* pe = w->propertyEditor();
        QCOMPARE(pe->currentPage(), QStringLiteral("node"));
        QVERIFY(!pe->editor(QStringLiteral("id"))->isEnabled()); // ids are per node
        const int steps = doc->undoStack()->count();
        pe->lineEdit(QStringLiteral("gpu_model"))->setText(QStringLiteral("H100-80GB"));
        QVERIFY(pe->commit(QStringLiteral("gpu_model")));
        pe->lineEdit(QStringLiteral("memory_gb"))->setText(QStringLiteral("-4"));
        QVERIFY(!pe->commit(QStringLiteral("memory_gb")));
        QCOMPARE(doc->undoStack()->count(), steps + 1);
        for (const char* id : {"gpu", "gpu-2", "gpu-3"})
            QCOMPARE(doc->node(id)->gpu_model, std::string("H100-80GB"));
        doc->undoStack()->undo();
        for (const char* id : {"gpu", "gpu-2", "gpu-3"})
            QCOMPARE(doc->node(id)->gpu_model, std::string());
    }

    void scheduleTableEditsSteps()
    {
        auto w = makeWindow();
        Document* doc = w->document();
        w->scene()->addNodeAt(topology::NodeKind::Router, QPointF(0, 0));
        w->scene()->addNodeAt(topology::NodeKind::Router, QPointF(200, 0));
        const QString id = w->scene()->connectNodes("r", "r-2");
        w->scene()->selectIds({}, {id.toStdString()});
        QTableWidget* t = w->propertyEditor()->scheduleTable();
        t->setRowCount(1);
        t->setItem(0, 1, new QTableWidgetItem(QStringLiteral("5G")));
        t->setItem(0, 0, new QTableWidgetItem(QStringLiteral("600s")));
        const auto& s = doc->link(id.toStdString())->schedule;
        QCOMPARE(s.size(), 1u);
        QCOMPARE(s[0].at_s, 600.0);
        QCOMPARE(*s[0].patch.bandwidth_bps, 5e9);
    }

    void copyPasteSubgraph()
    {
        auto w = makeWindow();
        Document* doc = w->document();
        w->scene()->addNodeAt(topology::NodeKind::Switch, QPointF(0, 0));
        w->scene()->addNodeAt(topology::NodeKind::Gpu, QPointF(100, 0));
        w->scene()->addNodeAt(topology::NodeKind::Gpu, QPointF(200, 0));
        w->scene()->connectNodes("sw", "gpu");
        w->scene()->connectNodes("gpu", "gpu-2");
        w->scene()->selectIds({"sw", "gpu"}, {});
        w->action(QStringLiteral("edit.copy"))->trigger();
        w->action(QStringLiteral("edit.paste"))->trigger();
        // Two nodes and the one link between them; the link to the uncopied GPU is dropped.
        QCOMPARE(doc->topology().nodeCount(), 5u);
        QCOMPARE(doc->topology().linkCount(), 3u);
        const auto pasted = w->scene()->selectedNodeIds();
        QCOMPARE(pasted.size(), 2u);
        for (const auto& id : pasted) {
            QVERIFY(id != "sw" && id != "gpu");
            QCOMPARE(doc->linksOfNode(id).size(), 1u);
        }
        QCOMPARE(doc->node(pasted[0])->pos[0], 40.0); // offset by two grid steps
        doc->undoStack()->undo();
        QCOMPARE(doc->topology().nodeCount(), 3u);
        // Duplicate and cut.
        w->scene()->selectIds({"gpu-2"}, {});
        w->action(QStringLiteral("edit.duplicate"))->trigger();
        QCOMPARE(doc->topology().nodeCount(), 4u);
        w->scene()->selectIds({"sw"}, {});
        w->action(QStringLiteral("edit.cut"))->trigger();
        QCOMPARE(doc->topology().nodeCount(), 3u);
        QVERIFY(!doc->node("sw"));
        w->action(QStringLiteral("edit.paste"))->trigger();
        QCOMPARE(doc->topology().nodeCount(), 4u);
    }

    void deleteAndSelectAll()
    {
        auto w = makeWindow();
        Document* doc = w->document();
        w->scene()->addNodeAt(topology::NodeKind::Gpu, QPointF(0, 0));
        w->scene()->addNodeAt(topology::NodeKind::Gpu, QPointF(100, 0));
        w->scene()->connectNodes("gpu", "gpu-2");
        const QString before = doc->serialized();
        w->action(QStringLiteral("edit.selectAll"))->trigger();
        QCOMPARE(w->scene()->selectedItems().size(), 3);
        w->action(QStringLiteral("edit.delete"))->trigger();
        QCOMPARE(doc->topology().nodeCount(), 0u);
        QCOMPARE(w->scene()->items().size(), 0);
        doc->undoStack()->undo();
        QCOMPARE(doc->serialized(), before);
        QCOMPARE(w->scene()->linkItemCount(), 1);
    }

    void collapseHidesChildrenAndReroutesLinks()
    {
        auto w = makeWindow();
        Document* doc = w->document();
        w->scene()->addNodeAt(topology::NodeKind::Center, QPointF(0, 0));
        w->scene()->addNodeAt(topology::NodeKind::Gpu, QPointF(0, 20));
        w->scene()->addNodeAt(topology::NodeKind::Router, QPointF(500, 0));
        w->scene()->connectNodes("gpu", "r");
        QCOMPARE(doc->node("gpu")->parent, std::string("dc"));
        w->scene()->toggleCollapsed("dc");
        QVERIFY(doc->node("dc")->collapsed);
        QVERIFY(!w->scene()->nodeItem(QStringLiteral("gpu"))->isVisible());
        LinkItem* l = w->scene()->linkItem(QStringLiteral("gpu-r"));
        QVERIFY(l->isVisible());
        QCOMPARE(l->nodeA()->visibleNode(), w->scene()->nodeItem(QStringLiteral("dc")));
        doc->undoStack()->undo();
        QVERIFY(w->scene()->nodeItem(QStringLiteral("gpu"))->isVisible());
    }

    void saveReopenCompare()
    {
        QTemporaryDir dir;
        auto w = makeWindow();
        Document* doc = w->document();
        w->scene()->addNodeAt(topology::NodeKind::Center, QPointF(0, 0));
        w->scene()->addNodeAt(topology::NodeKind::Router, QPointF(400, 0));
        w->scene()->connectNodes("dc", "r");
        const QString path = dir.filePath(QStringLiteral("drawing.topo"));
        QVERIFY(w->saveAs(path));
        QVERIFY(!doc->isModified());
        QVERIFY(!w->isWindowModified());
        QVERIFY(w->windowTitle().startsWith(QStringLiteral("drawing.topo")));
        QCOMPARE(w->recentFiles().first(), QFileInfo(path).absoluteFilePath());
        auto other = makeWindow();
        QVERIFY(other->openFile(path));
        QCOMPARE(other->document()->serialized(), doc->serialized());
        QCOMPARE(other->scene()->nodeItemCount(), 2);
        QCOMPARE(other->scene()->linkItemCount(), 1);
        QVERIFY(other->exportPng(dir.filePath(QStringLiteral("x.png"))));
        QVERIFY(QImage(dir.filePath(QStringLiteral("x.png"))).width() > 100);
        QVERIFY(other->exportSvg(dir.filePath(QStringLiteral("x.svg"))));
        QFile svg(dir.filePath(QStringLiteral("x.svg")));
        QVERIFY(svg.open(QIODevice::ReadOnly));
        QVERIFY(svg.readAll().contains("<svg"));
    }

    void brokenFileShowsErrorAndKeepsDocument()
    {
        QTemporaryDir dir;
        auto w = makeWindow();
        w->scene()->addNodeAt(topology::NodeKind::Gpu, QPointF(0, 0));
        const QString before = w->document()->serialized();
        const QString path = dir.filePath(QStringLiteral("broken.topo"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"format": "meridian.topo", "version": 1, "name": "x",
  "nodes": [{"id": "a", "kind": "router"}, {"id": "b", "kind": "router"}],
  "links": [{"id": "l", "a": "a", "b": "b", "bandwidth_gbps": "fast"}]})");
        f.close();
        QVERIFY(!w->openFile(path));
        QCOMPARE(m_errors.size(), 1);
        QVERIFY2(m_errors[0].contains(QStringLiteral("broken.topo")), qPrintable(m_errors[0]));
        QVERIFY2(m_errors[0].contains(QStringLiteral("/links/0")), qPrintable(m_errors[0]));
        QCOMPARE(w->document()->serialized(), before);
        QVERIFY(!w->openFile(dir.filePath(QStringLiteral("missing.topo"))));
        QCOMPARE(m_errors.size(), 2);
    }

    void autosaveAndRecover()
    {
        Autosave::discard();
        QString expected;
        {
            auto w = makeWindow();
            w->scene()->addNodeAt(topology::NodeKind::Center, QPointF(0, 0));
            w->scene()->addNodeAt(topology::NodeKind::Gpu, QPointF(0, 20));
            // The timer writes the recovery file while the document is modified.
            w->autosave()->setIntervalMs(50);
            QTRY_VERIFY_WITH_TIMEOUT(Autosave::hasRecovery(), 3000);
            expected = w->document()->serialized();
            // The window "crashes": it is destroyed without a clean close.
        }
        QVERIFY(Autosave::hasRecovery());
        auto w = makeWindow();
        QVERIFY(w->offerRecovery());
        QCOMPARE(w->document()->serialized(), expected);
        QVERIFY(w->document()->isModified());
        QCOMPARE(w->scene()->nodeItemCount(), 2);
        // A clean save removes the recovery file.
        QTemporaryDir dir;
        QVERIFY(w->saveAs(dir.filePath(QStringLiteral("recovered.topo"))));
        QVERIFY(!Autosave::hasRecovery());
        QVERIFY(!w->offerRecovery());
    }

    void generatorReplaceAndUndo()
    {
        auto w = makeWindow();
        Document* doc = w->document();
        w->scene()->addNodeAt(topology::NodeKind::Gpu, QPointF(0, 0));
        // fat-tree k = 4: k³/4 = 16 hosts + 5k²/4 = 20 switches; 3k³/4 = 48 links.
        QVERIFY(w->applyGenerator(QStringLiteral("fat-tree"), {{"k", "4"}}, 1, true));
        QCOMPARE(doc->topology().nodeCount(), 36u);
        QCOMPARE(doc->topology().linkCount(), 48u);
        QCOMPARE(w->scene()->nodeItemCount(), 36);
        // Added next to the drawing: ring of 5 = 5 nodes, 5 links, fresh ids.
        QVERIFY(w->applyGenerator(QStringLiteral("ring"), {{"n", "5"}}, 1, false));
        QCOMPARE(doc->topology().nodeCount(), 41u);
        QCOMPARE(doc->topology().linkCount(), 53u);
        doc->undoStack()->undo();
        doc->undoStack()->undo();
        QCOMPARE(doc->topology().nodeCount(), 1u);
        QVERIFY(!w->applyGenerator(QStringLiteral("fat-tree"), {{"k", "3"}}, 1, true));
        QCOMPARE(m_errors.size(), 1);
    }

    void importGeantWithGeographicLayout()
    {
        const QString path = test::sharedPath(QStringLiteral("data/topologyzoo/Geant2012.graphml"));
        if (!QFile::exists(path))
            QSKIP("Geant2012.graphml not available");
        auto w = makeWindow();
        Document* doc = w->document();
        QVERIFY(w->importGraphml(path));
        QVERIFY(doc->topology().nodeCount() > 20);
        QCOMPARE(w->scene()->nodeItemCount(), static_cast<int>(doc->topology().nodeCount()));
        // Geographic placement: west (smaller longitude) is left.
        const auto* a = doc->node(doc->topology().node(NodeId(0)).id);
        const auto* b = doc->node(doc->topology().node(NodeId(1)).id);
        if (a->longitude_deg && b->longitude_deg && *a->longitude_deg != *b->longitude_deg)
            QCOMPARE(*a->longitude_deg < *b->longitude_deg, a->pos[0] < b->pos[0]);
        const QString placed = doc->serialized();
        w->layoutSpring();
        QVERIFY(w->waitForLayout()); // layouts run on a worker thread
        QVERIFY(doc->serialized() != placed);
        doc->undoStack()->undo();
        QCOMPARE(doc->serialized(), placed);
        w->layoutForceDirected();
        QVERIFY(w->waitForLayout());
        QVERIFY(doc->serialized() != placed);
        doc->undoStack()->undo();
        QCOMPARE(doc->serialized(), placed);
    }

    void screenshotWritesPng()
    {
        QTemporaryDir dir;
        auto w = makeWindow();
        QVERIFY(w->openFile(test::sourcePath(QStringLiteral("presets/llama3-8b-star-wan.topo"))));
        const QString out = dir.filePath(QStringLiteral("shot.png"));
        QVERIFY(w->screenshot(out));
        const QImage img(out);
        QCOMPARE(img.size(), w->size());
    }
};

MERIDIAN_TEST(MainWindowTest)
#include "MainWindowTest.moc"
