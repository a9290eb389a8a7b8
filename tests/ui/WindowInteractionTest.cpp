// The window driven as a user would: start-up zoom, palette drags that must copy, property
// fields that must not commit unchanged text, Select All, centre summaries, integer fields,
// exports, and undo/redo/select-all/generator driven through real actions and keys.
#include "TestMain.hpp"
#include "UiTestSupport.hpp"
#include "meridian/topology/AttributeTable.hpp"
#include "ui/CanvasView.hpp"
#include "ui/Document.hpp"
#include "ui/GeneratorDialog.hpp"
#include "ui/MainWindow.hpp"
#include "ui/NodeItem.hpp"
#include "ui/PaletteWidget.hpp"
#include "ui/PropertyEditor.hpp"
#include "ui/Resources.hpp"
#include "ui/TopologyScene.hpp"

#include <QAction>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QMimeData>
#include <QPushButton>
#include <QUndoStack>
#include <QtTest/QtTest>
#include <memory>

using namespace meridian;
using namespace meridian::ui;

class WindowInteractionTest : public QObject
{
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> m_recovery;

    static std::unique_ptr<MainWindow> makeWindow(bool resetView = true)
    {
        return test::makeShownWindow(
            [](const QString& title, const QString& text) {
                qWarning("%s: %s", qPrintable(title), qPrintable(text));
            },
            QMessageBox::Yes, resetView);
    }

    /// A link a–b with a delay that the field shows rounded ("850.1 µs").
    static void addLink(MainWindow& w)
    {
        w.scene()->addNodeAt(topology::NodeKind::Gpu, QPointF(0, 0));
        w.scene()->addNodeAt(topology::NodeKind::Gpu, QPointF(200, 0));
        w.scene()->connectNodes("gpu", "gpu-2");
        auto l = *w.document()->link("gpu-gpu-2");
        auto after = l;
        after.params.delay_s = 850.059e-6;
        w.document()->setLinkAttributes(l.id, after);
    }

private Q_SLOTS:
    void initTestCase()
    {
        test::setUpGuiTestApp(QStringLiteral("meridian-ui-audit-test"));
        m_recovery = test::freshRecoveryDir();
    }

    void newWindowStartsAtActualSize()
    {
        auto w = makeWindow(false);
        QCOMPARE(w->canvas()->zoom(), 1.0);
        const QPointF centre = w->canvas()->mapToScene(w->canvas()->viewport()->rect().center());
        QVERIFY2(std::abs(centre.x()) < 2 && std::abs(centre.y()) < 2,
                 qPrintable(QStringLiteral("%1,%2").arg(centre.x()).arg(centre.y())));
        w->scene()->addNodeAt(topology::NodeKind::Gpu, QPointF(0, 0));
        QVERIFY(w->newDocument());
        QCOMPARE(w->canvas()->zoom(), 1.0);
        // A file is fitted; Fit to View fits a huge drawing (min zoom well below 1 %).
        QVERIFY(w->applyGenerator(QStringLiteral("fat-tree"), {{"k", "16"}}, 1, true));
        QVERIFY(w->canvas()->zoom() < 1.0);
    }

    void paletteDropIsAlwaysACopy()
    {
        auto w = makeWindow();
        const int rows = w->palette()->count();
        QCOMPARE(w->palette()->defaultDropAction(), Qt::CopyAction);
        std::unique_ptr<QMimeData> mime(w->palette()->mimeDataForRow(1));
        QWidget* vp = w->canvas()->viewport();
        const QPoint at = w->canvas()->mapFromScene(QPointF(0, 0));
        // Shift+drag proposes a Move: the canvas must answer with a Copy.
        QDragEnterEvent enter(at, Qt::CopyAction | Qt::MoveAction, mime.get(), Qt::LeftButton,
                              Qt::ShiftModifier);
        enter.setDropAction(Qt::MoveAction);
        QApplication::sendEvent(vp, &enter);
        QVERIFY(enter.isAccepted());
        QCOMPARE(enter.dropAction(), Qt::CopyAction);
        QDropEvent drop(at, Qt::CopyAction | Qt::MoveAction, mime.get(), Qt::LeftButton,
                        Qt::ShiftModifier);
        drop.setDropAction(Qt::MoveAction);
        QApplication::sendEvent(vp, &drop);
        QVERIFY(drop.isAccepted());
        QCOMPARE(drop.dropAction(), Qt::CopyAction);
        QCOMPARE(w->document()->topology().nodeCount(), 1u);
        QCOMPARE(w->palette()->count(), rows);
    }

    void unchangedFieldsCommitNothing()
    {
        auto w = makeWindow();
        addLink(*w);
        w->scene()->selectIds({}, {"gpu-gpu-2"});
        QUndoStack* stack = w->document()->undoStack();
        const int count = stack->count();
        QLineEdit* delay = w->propertyEditor()->lineEdit(QStringLiteral("delay_ms"));
        QVERIFY(delay);
        // Focus in and out, Return, and an explicit commit of the displayed text.
        delay->setFocus();
        QTest::keyClick(delay, Qt::Key_Tab);
        delay->setFocus();
        QTest::keyClick(delay, Qt::Key_Return);
        QVERIFY(w->propertyEditor()->commit(QStringLiteral("delay_ms")));
        QCOMPARE(stack->count(), count);
        QCOMPARE(w->document()->link("gpu-gpu-2")->params.delay_s, 850.059e-6);
        // A real edit still commits.
        delay->setText(QStringLiteral("2ms"));
        QVERIFY(w->propertyEditor()->commit(QStringLiteral("delay_ms")));
        QCOMPARE(stack->count(), count + 1);
    }

    void mixedMultiSelectionKeepsModels()
    {
        auto w = makeWindow();
        Document* doc = w->document();
        w->scene()->addNodeAt(topology::NodeKind::Gpu, QPointF(0, 0));
        w->scene()->addNodeAt(topology::NodeKind::Gpu, QPointF(200, 0));
        for (const auto& [id, model] :
             {std::pair<std::string, std::string>{"gpu", "H100"}, {"gpu-2", "A100"}}) {
            auto n = *doc->node(id);
            n.gpu_model = model;
            doc->setNodeAttributes(id, n);
        }
        w->scene()->selectIds({"gpu", "gpu-2"}, {});
        const int count = doc->undoStack()->count();
        QLineEdit* model = w->propertyEditor()->lineEdit(QStringLiteral("gpu_model"));
        QVERIFY(model);
        QVERIFY(model->text().isEmpty());
        model->setFocus();
        QTest::keyClick(model, Qt::Key_Return);
        QTest::keyClick(model, Qt::Key_Tab);
        QVERIFY(w->propertyEditor()->commit(QStringLiteral("gpu_model")));
        QCOMPARE(doc->undoStack()->count(), count);
        QCOMPARE(doc->node("gpu")->gpu_model, std::string("H100"));
        QCOMPARE(doc->node("gpu-2")->gpu_model, std::string("A100"));
    }

    void integerFieldsAreRangeChecked()
    {
        auto w = makeWindow();
        w->scene()->addNodeAt(topology::NodeKind::Host, QPointF(0, 0));
        w->scene()->selectIds({"host"}, {});
        const int before = w->document()->node("host")->cpu_cores;
        QLineEdit* cores = w->propertyEditor()->lineEdit(QStringLiteral("cpu_cores"));
        cores->setText(QStringLiteral("3e9"));
        QVERIFY(!w->propertyEditor()->commit(QStringLiteral("cpu_cores")));
        QVERIFY(w->propertyEditor()
                    ->errorText(QStringLiteral("cpu_cores"))
                    .contains(QStringLiteral("range")));
        QCOMPARE(w->document()->node("host")->cpu_cores, before);
        cores->setText(QStringLiteral("8.7"));
        QVERIFY(!w->propertyEditor()->commit(QStringLiteral("cpu_cores")));
        QVERIFY(w->propertyEditor()
                    ->errorText(QStringLiteral("cpu_cores"))
                    .contains(QStringLiteral("whole number")));
        cores->setText(QStringLiteral("64"));
        QVERIFY(w->propertyEditor()->commit(QStringLiteral("cpu_cores")));
        QCOMPARE(w->document()->node("host")->cpu_cores, 64);
    }

    void selectAllOnThousandNodes()
    {
        auto w = makeWindow();
        // fat-tree k = 16: 1024 hosts + 320 switches.
        QVERIFY(w->applyGenerator(QStringLiteral("fat-tree"), {{"k", "16"}}, 1, true));
        QVERIFY(w->scene()->nodeItemCount() > 1000);
        QSignalSpy spy(w->scene(), &QGraphicsScene::selectionChanged);
        w->action(QStringLiteral("edit.selectAll"))->trigger();
        QCOMPARE(spy.count(), 1);
        QCOMPARE(static_cast<int>(w->scene()->selectedNodeIds().size()),
                 w->scene()->nodeItemCount());
        QCOMPARE(static_cast<int>(w->scene()->selectedLinkIds().size()),
                 w->scene()->linkItemCount());
    }

    void collapsedCentreSummarisesItsGpus()
    {
        auto w = makeWindow();
        Document* doc = w->document();
        w->scene()->addNodeAt(topology::NodeKind::Center, QPointF(0, 0));
        NodeItem* dc = w->scene()->nodeItem(QStringLiteral("dc"));
        QCOMPARE(dc->summary().section(QLatin1Char('\n'), 0, 0), QStringLiteral("8 GPUs"));
        // Collapsing an empty centre is not offered and pushes nothing.
        w->scene()->selectIds({"dc"}, {});
        QVERIFY(!w->action(QStringLiteral("edit.collapse"))->isEnabled());
        const int count = doc->undoStack()->count();
        w->scene()->toggleCollapsed("dc");
        QCOMPARE(doc->undoStack()->count(), count);
        // Three explicit GPUs inside: the card shows them, not gpu_count = 8.
        for (int i = 0; i < 3; ++i)
            w->scene()->addNodeAt(topology::NodeKind::Gpu, QPointF(i * 60 - 60, 20));
        for (const char* id : {"gpu", "gpu-2", "gpu-3"}) {
            auto n = *doc->node(id);
            QCOMPARE(n.parent, std::string("dc"));
            n.gpu_model = "H100";
            doc->setNodeAttributes(id, n);
        }
        w->scene()->selectIds({"dc"}, {});
        QVERIFY(w->action(QStringLiteral("edit.collapse"))->isEnabled());
        w->scene()->toggleCollapsed("dc");
        QVERIFY(doc->node("dc")->collapsed);
        QCOMPARE(dc->summary().section(QLatin1Char('\n'), 0, 0), QStringLiteral("3 × H100"));
        w->scene()->selectIds({"gpu-3"}, {});
        doc->undoStack()->undo(); // expand
        w->scene()->selectIds({"gpu-3"}, {});
        w->scene()->deleteSelection();
        QCOMPARE(dc->summary().section(QLatin1Char('\n'), 0, 0), QStringLiteral("2 × H100"));
    }

    void exportsAreCleanAndRestoreTheScene()
    {
        QTemporaryDir dir;
        auto w = makeWindow();
        addLink(*w);
        w->scene()->selectIds({"gpu"}, {});
        const QString svgPath = dir.filePath(QStringLiteral("x.svg"));
        QVERIFY(w->exportSvg(svgPath));
        QFile f(svgPath);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray svg = f.readAll();
        QVERIFY(svg.size() > 100);
        QVERIFY2(!svg.contains("<image"), "nodes must be vectors, not cached bitmaps");
        QVERIFY(w->exportPng(dir.filePath(QStringLiteral("x.png"))));
        QCOMPARE(w->scene()->selectedNodeIds(), std::vector<std::string>{"gpu"});
        QVERIFY(w->scene()->gridVisible());
        QCOMPARE(w->scene()->nodeItem(QStringLiteral("gpu"))->cacheMode(),
                 QGraphicsItem::DeviceCoordinateCache);
    }

    void undoRedoThroughMenuAndKeys()
    {
        auto w = makeWindow();
        Document* doc = w->document();
        w->scene()->addNodeAt(topology::NodeKind::Gpu, QPointF(0, 0));
        QCOMPARE(doc->topology().nodeCount(), 1u);
        QAction* undo = w->action(QStringLiteral("edit.undo"));
        QAction* redo = w->action(QStringLiteral("edit.redo"));
        QVERIFY(redo->shortcuts().contains(QKeySequence(QStringLiteral("Ctrl+Y"))));
        QVERIFY(redo->shortcuts().contains(QKeySequence(QStringLiteral("Ctrl+Shift+Z"))));
        undo->trigger();
        QCOMPARE(doc->topology().nodeCount(), 0u);
        redo->trigger();
        QCOMPARE(doc->topology().nodeCount(), 1u);
        w->activateWindow();
        w->canvas()->setFocus();
        QTest::keyClick(w.get(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(doc->topology().nodeCount(), 0u);
        QTest::keyClick(w.get(), Qt::Key_Y, Qt::ControlModifier);
        QCOMPARE(doc->topology().nodeCount(), 1u);
        QTest::keyClick(w.get(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(doc->topology().nodeCount(), 0u);
        QTest::keyClick(w.get(), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(doc->topology().nodeCount(), 1u);
    }

    void selectAllWithCtrlA()
    {
        auto w = makeWindow();
        w->scene()->addNodeAt(topology::NodeKind::Gpu, QPointF(0, 0));
        w->scene()->addNodeAt(topology::NodeKind::Gpu, QPointF(200, 0));
        w->scene()->connectNodes("gpu", "gpu-2");
        w->scene()->clearSelection();
        w->activateWindow();
        w->canvas()->setFocus();
        QTest::keyClick(w.get(), Qt::Key_A, Qt::ControlModifier);
        QCOMPARE(w->scene()->selectedItems().size(), 3);
    }

    void hiddenFieldsHideTheirUnitsAndLossIsPlain()
    {
        auto w = makeWindow();
        w->scene()->addNodeAt(topology::NodeKind::Router, QPointF(0, 0));
        w->scene()->addNodeAt(topology::NodeKind::Router, QPointF(300, 0));
        w->scene()->selectIds({"r"}, {});
        QVERIFY(
            !w->propertyEditor()->editor(QStringLiteral("fabric.gpus_per_server"))->isVisible());
        for (QLabel* l : w->propertyEditor()->findChildren<QLabel*>())
            QVERIFY2(!(l->isVisible() && l->text() == QStringLiteral("GPUs")),
                     "unit of a hidden field");
        w->scene()->connectNodes("r", "r-2");
        auto l = *w->document()->link("r-r-2");
        l.params.loss = 1e-7;
        w->document()->setLinkAttributes(l.id, l);
        w->scene()->selectIds({}, {"r-r-2"});
        QCOMPARE(w->propertyEditor()->lineEdit(QStringLiteral("loss"))->text(),
                 QStringLiteral("0.00001 %"));
    }

    void everyAttributeRowHasAnEditorRow()
    {
        // The pages loop over the attribute tables: a new row gets its editor with no page
        // code; a group of alternative keys (the queue) is one row; every number a reverse
        // override can hold has a b→a row.
        auto w = makeWindow();
        addLink(*w);
        PropertyEditor* pe = w->propertyEditor();
        w->scene()->selectIds({}, {"gpu-gpu-2"});
        for (const auto& a : topology::linkAttributeTable()) {
            const QString key = QString::fromStdString(a.group.empty() ? a.key : a.group);
            QVERIFY2(pe->editor(key) != nullptr, qPrintable(key));
            QVERIFY2(pe->editor(key)->isVisible(), qPrintable(key));
            if (a.patch && a.group.empty() && a.type == topology::AttributeType::Number)
                QVERIFY2(pe->editor(QStringLiteral("reverse.") + key) != nullptr, qPrintable(key));
        }
        // Through the row, the editor writes the field the row binds (here jitter correlation,
        // which no page code names).
        QLineEdit* correlation = pe->lineEdit(QStringLiteral("jitter_correlation"));
        correlation->setText(QStringLiteral("25%"));
        QVERIFY(pe->commit(QStringLiteral("jitter_correlation")));
        QCOMPARE(w->document()->link("gpu-gpu-2")->params.jitter_correlation, 0.25);
        w->scene()->addNodeAt(topology::NodeKind::Center, QPointF(0, 300));
        w->scene()->selectIds({"dc"}, {});
        for (const auto& a : topology::nodeAttributeTable())
            QVERIFY2(pe->editor(QString::fromStdString(a.key)) != nullptr, a.key.c_str());
        for (const auto& a : topology::fabricAttributeTable())
            QVERIFY2(
                pe->editor(QStringLiteral("fabric.") + QString::fromStdString(a.key))->isVisible(),
                a.key.c_str());
    }

    void generatorDialogDrivesTheDocument()
    {
        auto w = makeWindow();
        bool seen = false;
        QTimer::singleShot(0, this, [&seen] {
            auto* dialog = qobject_cast<GeneratorDialog*>(QApplication::activeModalWidget());
            if (!dialog) {
                for (QWidget* top : QApplication::topLevelWidgets())
                    if (auto* d = qobject_cast<GeneratorDialog*>(top); d && d->isVisible())
                        dialog = d;
            }
            QVERIFY(dialog);
            seen = true;
            dialog->setGenerator(QStringLiteral("fat-tree"));
            dialog->setOption(QStringLiteral("k"), QStringLiteral("4"));
            auto* box = dialog->findChild<QDialogButtonBox*>();
            QVERIFY(box);
            QTest::mouseClick(box->button(QDialogButtonBox::Ok), Qt::LeftButton);
        });
        w->action(QStringLiteral("tools.generate"))->trigger();
        QVERIFY(seen);
        QCOMPARE(w->document()->topology().nodeCount(), 36u);
        QCOMPARE(w->scene()->nodeItemCount(), 36);
    }
};

MERIDIAN_TEST(WindowInteractionTest)
#include "WindowInteractionTest.moc"
