// The Experiment dock shows the training strategy (docs/strategies.md) from the option table:
// the DiLoCo preset's keys are there with their values, an edit goes through the undo stack,
// and a value the reader refuses (fragments that do not divide the inner steps) is refused
// with its JSON path; the same for the tensor-parallel degree in the Parallelism group.
#include "UiTestSupport.hpp"
#include "ui/Document.hpp"
#include "ui/run/ExperimentDock.hpp"
#include "ui/run/RunWorkbench.hpp"

#include <QGroupBox>
#include <QScrollArea>
#include <QUndoStack>

using namespace meridian;

class StrategyDockTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        test::setUpGuiTestApp();
        m_recovery = test::freshRecoveryDir();
    }

    void dockShowsAndEditsTheStrategy()
    {
        auto w = test::makeShownWindow([](const QString& t, const QString& text) {
            QFAIL(qPrintable(t + QStringLiteral(": ") + text));
        });
        QVERIFY(w->openFile(test::sourcePath(QStringLiteral("presets/llama3-8b-diloco.topo"))));
        ui::ExperimentDock* dock = w->runs()->experimentDock();
        QVERIFY2(dock->problem().isEmpty(), qPrintable(dock->problem()));
        QVERIFY(dock->findChild<QGroupBox*>(QStringLiteral("group:strategy")) != nullptr);
        for (const char* key : {"strategy.kind", "strategy.inner_steps", "strategy.fragments",
                                "strategy.compression", "strategy.overlap"})
            QVERIFY2(dock->editorFor(key) != nullptr, key);

        QVERIFY(dock->setOption("strategy.fragments", QStringLiteral("4")));
        QCOMPARE(w->document()->project().experiment["strategy"]["fragments"].get<int>(), 4);
        w->document()->undoStack()->undo();
        QVERIFY(!w->document()->project().experiment["strategy"].contains("fragments"));

        QVERIFY(!dock->setOption("strategy.fragments", QStringLiteral("3")));
        QVERIFY2(dock->lastRefusal().contains(QStringLiteral("/experiment/strategy/fragments")),
                 qPrintable(dock->lastRefusal()));

        if (const char* dir = std::getenv("MERIDIAN_SCREENSHOT_DIR")) {
            // The dock alone, tall enough to show the strategy group.
            dock->setParent(nullptr);
            dock->resize(460, 900);
            dock->show();
            QTest::qWait(100);
            auto* scroll = dock->findChild<QScrollArea*>(QStringLiteral("experimentFormScroll"));
            scroll->ensureWidgetVisible(
                dock->findChild<QGroupBox*>(QStringLiteral("group:strategy")));
            QTest::qWait(100);
            dock->grab().save(QString::fromUtf8(dir) + QStringLiteral("/strategy-dock.png"));
        }
    }

    void dockShowsAndEditsTheTensorParallelDegree()
    {
        // The Parallelism group shows parallelism.tensor next to the pipeline's keys; an edit
        // goes through the undo stack, a degree outside [1, 64] is refused with its path.
        auto w = test::makeShownWindow([](const QString& t, const QString& text) {
            QFAIL(qPrintable(t + QStringLiteral(": ") + text));
        });
        QVERIFY(w->openFile(
            test::sourcePath(QStringLiteral("presets/gpt3-175b-pipeline-two-centres.topo"))));
        ui::ExperimentDock* dock = w->runs()->experimentDock();
        QVERIFY2(dock->problem().isEmpty(), qPrintable(dock->problem()));
        for (const char* key : {"parallelism.mode", "parallelism.micro_batches",
                                "parallelism.schedule", "parallelism.tensor"})
            QVERIFY2(dock->editorFor(key) != nullptr, key);
        QVERIFY(dock->setOption("parallelism.tensor", QStringLiteral("8")));
        QCOMPARE(w->document()->project().experiment["parallelism"]["tensor"].get<int>(), 8);
        w->document()->undoStack()->undo();
        QVERIFY(!w->document()->project().experiment["parallelism"].contains("tensor"));
        QVERIFY(!dock->setOption("parallelism.tensor", QStringLiteral("0")));
        QVERIFY2(dock->lastRefusal().contains(QStringLiteral("/experiment/parallelism/tensor")),
                 qPrintable(dock->lastRefusal()));
    }

private:
    std::unique_ptr<QTemporaryDir> m_recovery;
};

MERIDIAN_TEST(StrategyDockTest)
#include "StrategyDockTest.moc"
