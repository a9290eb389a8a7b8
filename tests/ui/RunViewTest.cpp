// Drives the run view as a user would, offscreen: the Experiment dock's edits, Run / Pause /
// Step / Stop, the live charts, the Results dock, Compare and the exports, checked against
// `meridian-cli run` on the same file and seed.
#include "ui/run/RunView.hpp"

#include "TestMain.hpp"
#include "UiTestSupport.hpp"
#include "meridian/experiment/Runner.hpp"
#include "meridian/io/ProjectFile.hpp"
#include "ui/CanvasView.hpp"
#include "ui/Document.hpp"
#include "ui/LinkItem.hpp"
#include "ui/MainWindow.hpp"
#include "ui/PaletteWidget.hpp"
#include "ui/TopologyScene.hpp"
#include "ui/charts/LiveCharts.hpp"
#include "ui/charts/QCustomPlot.hpp"
#include "ui/commands/ChangeLinkAttributesCommand.hpp"
#include "ui/run/ExperimentDock.hpp"
#include "ui/run/ResultsDock.hpp"
#include "ui/run/RunController.hpp"
#include "ui/run/RunWorkbench.hpp"

#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QProgressBar>
#include <QTableWidget>
#include <QTextBrowser>
#include <QUndoStack>
#include <QtTest/QtTest>
#include <set>

using namespace meridian;
using namespace meridian::ui;

// Names unique in tests/ui: CI builds the test areas as unity batches.
namespace {

QByteArray runFileBytes(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

/// Names of the plottables of a QCustomPlot (legend names: phases, links, runs).
std::set<QString> runPlotNames(QCustomPlot* plot)
{
    std::set<QString> names;
    for (int i = 0; i < plot->plottableCount(); ++i)
        names.insert(plot->plottable(i)->name());
    return names;
}

int runPlotPoints(QCustomPlot* plot)
{
    int n = 0;
    for (int i = 0; i < plot->plottableCount(); ++i)
        n += plot->plottable(i)->interface1D() ? plot->plottable(i)->interface1D()->dataCount() : 0;
    return n;
}

} // namespace

class RunViewTest : public QObject
{
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> m_recovery;
    QStringList m_errors;
    QTemporaryDir m_tmp;

    /// `asShipped`: the preset file itself, for tests that edit its experiment but do not run it.
    std::unique_ptr<MainWindow> openPreset(const QString& preset, bool asShipped = false)
    {
        auto w = test::makeShownWindow([this](const QString& title, const QString& text) {
            m_errors << title + QLatin1Char('\n') + text;
        });
        // A copy in a temporary folder (the tests save and export next to it), with the
        // engine's fast path unless asShipped (test::fastPresetPath).
        const QString name = QFileInfo(preset).fileName();
        const QString copy = m_tmp.filePath(name);
        QFile::remove(copy);
        QFile::copy(asShipped ? test::sourcePath(preset) : test::fastPresetPath(name), copy);
        QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);
        if (!w->openFile(copy))
            qWarning("could not open %s", qPrintable(copy));
        return w;
    }

private Q_SLOTS:
    void initTestCase()
    {
        test::setUpGuiTestApp();
        m_recovery = test::freshRecoveryDir();
        QVERIFY(m_tmp.isValid());
    }
    void init() { m_errors.clear(); }

    void runsTheDefaultPresetWithLiveCharts()
    {
        auto w = openPreset(QStringLiteral("presets/llama3-8b-star-wan.topo"));
        RunWorkbench* runs = w->runs();
        // Live updates are drawn into the visible tab: show the timeline while it runs.
        runs->runView()->tabs()->setCurrentWidget(runs->runView()->timelinePlot());
        int updates = 0;
        connect(runs->controller(), &RunController::updated, this, [&] { ++updates; });
        QVERIFY(runs->action(QStringLiteral("run.run"))->isEnabled());
        runs->action(QStringLiteral("run.run"))->trigger();
        QVERIFY(runs->controller()->waitForEnd(120000));
        QCOMPARE(runs->controller()->state(), RunController::State::Finished);
        QVERIFY2(m_errors.isEmpty(), qPrintable(m_errors.join(QLatin1Char('\n'))));
        QVERIFY(updates >= 1);
        const experiment::Results& r = *runs->controller()->results();
        // What arrived live is what the run recorded.
        const LiveRun& live = runs->controller()->live();
        QCOMPARE(live.phases.size(), r.phases.size());
        QCOMPARE(live.iterations.size(), r.iterations.size());
        QCOMPARE(live.spans.size(), r.center_phases.size());
        QCOMPARE(live.progress, 1.0);
        // Every phase of the run is in the timeline (one plottable per phase, named after it),
        // and the iteration chart has a bar per iteration and phase.
        std::set<QString> phases;
        for (const auto& p : r.phases)
            phases.insert(charts::phaseLabel(p.name));
        const std::set<QString> timeline = runPlotNames(runs->runView()->timelinePlot());
        for (const QString& p : phases)
            QVERIFY2(timeline.count(p) == 1, qPrintable(p));
        // One bar (a rectangle item) per phase on the critical-path row and per centre span.
        QCOMPARE(charts::timelineBarCount(runs->runView()->timelinePlot()),
                 static_cast<int>(r.phases.size() + r.center_phases.size()));
        // The other charts are drawn when their tab is shown.
        QTabWidget* tabs = runs->runView()->tabs();
        tabs->setCurrentWidget(runs->runView()->iterationsPlot());
        QVERIFY(runPlotPoints(runs->runView()->iterationsPlot()) >=
                4 * static_cast<int>(r.iterations.size()));
        // WAN links picked by default, with their utilisation series.
        tabs->setCurrentIndex(2);
        QVERIFY(!runs->runView()->pickedLinks().empty());
        QVERIFY(runPlotPoints(runs->runView()->linksPlot()) > 0);
        QCOMPARE(runs->runView()->summaryChartCount(), 0);
        tabs->setCurrentIndex(3);
        QCOMPARE(runs->runView()->summaryChartCount(), 2);
        // Results dock: the CLI's tables; the overlay shows utilisation on the canvas.
        QCOMPARE(runs->resultsDock()->tableNames(),
                 QStringList({QStringLiteral("phases"), QStringLiteral("iterations"),
                              QStringLiteral("centers"), QStringLiteral("links")}));
        QVERIFY(w->scene()->hasUtilisationOverlay());
        QVERIFY(w->scene()->linkItem(QStringLiteral("cd-hub"))->utilisation() > 0.0);
        QVERIFY(!w->editingLocked());
        QVERIFY(!w->document()->isModified());
    }

    void exportsMatchTheCli()
    {
        auto w = openPreset(QStringLiteral("presets/llama3-8b-star-wan.topo"));
        RunWorkbench* runs = w->runs();
        QVERIFY(runs->run());
        QVERIFY(runs->controller()->waitForEnd(120000));
        QCOMPARE(runs->controller()->state(), RunController::State::Finished);

        const QString guiDir = m_tmp.filePath(QStringLiteral("gui-out"));
        QVERIFY(runs->exportResults(guiDir));
        const QString cliDir = m_tmp.filePath(QStringLiteral("cli-out"));
        const test::CliRun cli = test::runCli(
            {QStringLiteral("run"), w->document()->filePath(), QStringLiteral("--out"), cliDir});
        QVERIFY2(cli.code == 0, qPrintable(cli.err));
        for (const QString& f : {QStringLiteral("results.json"), QStringLiteral("phases.csv"),
                                 QStringLiteral("iterations.csv"), QStringLiteral("centers.csv"),
                                 QStringLiteral("links.csv")}) {
            const QByteArray gui = runFileBytes(guiDir + QLatin1Char('/') + f);
            QVERIFY2(!gui.isEmpty(), qPrintable(f));
            QVERIFY2(gui == runFileBytes(cliDir + QLatin1Char('/') + f), qPrintable(f));
        }
        // The Results dock's tables, copied unsorted, are the CLI's CSV files.
        QCOMPARE(runs->resultsDock()->tableCsv(QStringLiteral("phases")).toUtf8(),
                 runFileBytes(cliDir + QStringLiteral("/phases.csv")));
        // Sorting by a column reorders the rows numerically (duration descending).
        QTableView* phases = runs->resultsDock()->table(QStringLiteral("phases"));
        phases->sortByColumn(4, Qt::DescendingOrder);
        const QAbstractItemModel* m = phases->model();
        for (int row = 1; row < m->rowCount(); ++row)
            QVERIFY(m->index(row - 1, 4).data().toString().toDouble() >=
                    m->index(row, 4).data().toString().toDouble());
        // Shown rounded to 7 significant digits, copied exactly.
        QVERIFY(m->index(0, 4).data().toString().size() <= 9);
        const QStringList sorted = runs->resultsDock()
                                       ->tableCsv(QStringLiteral("phases"))
                                       .split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QVERIFY(runFileBytes(cliDir + QStringLiteral("/phases.csv"))
                    .contains(sorted.value(1).toUtf8() + '\n'));

        // Reports: one self-contained HTML file, a PDF.
        const QString html = m_tmp.filePath(QStringLiteral("report.html"));
        const QString pdf = m_tmp.filePath(QStringLiteral("report.pdf"));
        QVERIFY(runs->exportReport(html));
        QVERIFY(runs->exportReport(pdf));
        const QByteArray page = runFileBytes(html);
        QVERIFY(page.contains("data:image/png;base64,"));
        QVERIFY(page.contains(charts::phaseLabel("inter_center").toHtmlEscaped().toUtf8()));
        QVERIFY(page.contains("cd-hub"));
        QVERIFY(runFileBytes(pdf).startsWith("%PDF"));
        QVERIFY2(m_errors.isEmpty(), qPrintable(m_errors.join(QLatin1Char('\n'))));
    }

    void pauseResumeGiveTheSameResults()
    {
        auto w = openPreset(QStringLiteral("presets/llama3-8b-star-wan.topo"));
        RunWorkbench* runs = w->runs();
        RunController* c = runs->controller();
        // Paced: 1,000 simulated seconds per wall second (an iteration takes ~0.1 s).
        runs->setPace(1000.0);
        QVERIFY(runs->run());
        QTRY_VERIFY_WITH_TIMEOUT(c->live().phases.size() >= 2, 20000);
        runs->pause();
        QCOMPARE(c->state(), RunController::State::Paused);
        QVERIFY(w->editingLocked());
        QTest::qWait(300); // the worker reaches its gate
        const double t = c->live().time_s;
        const std::size_t n = c->live().phases.size();
        QTest::qWait(400);
        QCOMPARE(c->live().time_s, t); // nothing moves while paused
        QCOMPARE(c->live().phases.size(), n);
        runs->setPace(0.0);
        runs->resume();
        QVERIFY(c->waitForEnd(120000));
        QCOMPARE(c->state(), RunController::State::Finished);
        // The same file and seed without pausing: byte-identical results.
        const io::Project project = w->document()->project();
        experiment::Runner direct(project, runs->runOptions());
        QCOMPARE(QByteArray::fromStdString(experiment::resultsToJson(direct.run())),
                 QByteArray::fromStdString(experiment::resultsToJson(*c->results())));
    }

    void stepRunsOnePhaseAtATime()
    {
        auto w = openPreset(QStringLiteral("presets/llama3-8b-star-wan.topo"));
        RunWorkbench* runs = w->runs();
        RunController* c = runs->controller();
        runs->action(QStringLiteral("run.step"))->trigger(); // starts and stops after one phase
        QTRY_COMPARE_WITH_TIMEOUT(c->state(), RunController::State::Paused, 20000);
        QCOMPARE(c->live().phases.size(), std::size_t{1});
        QCOMPARE(c->live().phases[0].name, std::string("broadcast"));
        runs->step();
        QTRY_COMPARE_WITH_TIMEOUT(c->state(), RunController::State::Paused, 20000);
        QTRY_COMPARE_WITH_TIMEOUT(c->live().phases.size(), std::size_t{2}, 5000);
        QCOMPARE(c->live().phases[1].name, std::string("compute"));
        runs->stop();
        QVERIFY(c->waitForEnd(20000));
        QCOMPARE(c->state(), RunController::State::Cancelled);
    }

    void stopMidRunLeavesTheDocumentUntouched()
    {
        auto w = openPreset(QStringLiteral("presets/llama3-8b-star-wan.topo"));
        RunWorkbench* runs = w->runs();
        RunController* c = runs->controller();
        const QString before = w->document()->serialized();
        const int undoIndex = w->document()->undoStack()->index();
        runs->setPace(200.0);
        QVERIFY(runs->run());
        // Read-only while it runs, and the window says so.
        QVERIFY(w->editingLocked());
        QVERIFY(!w->canvas()->isInteractive());
        QVERIFY(!w->palette()->isEnabled());
        QVERIFY(!w->action(QStringLiteral("file.open"))->isEnabled());
        QVERIFY(!runs->action(QStringLiteral("run.run"))->isEnabled());
        QVERIFY(runs->action(QStringLiteral("run.stop"))->isEnabled());
        QVERIFY(w->windowTitle().contains(QStringLiteral("read-only")));
        QTRY_VERIFY_WITH_TIMEOUT(c->live().phases.size() >= 3, 20000);
        QVERIFY(runs->progressBar()->isVisible());
        QVERIFY(runs->progressBar()->value() > 0);
        QVERIFY(runs->phaseLabel()->text().contains(QStringLiteral("iteration")));
        runs->action(QStringLiteral("run.stop"))->trigger();
        QVERIFY(c->waitForEnd(20000));
        QCOMPARE(c->state(), RunController::State::Cancelled);
        QVERIFY(c->results() == nullptr);
        QVERIFY(runs->history().runs().empty());
        QVERIFY(!runs->action(QStringLiteral("file.exportReport"))->isEnabled());
        QCOMPARE(w->document()->serialized(), before);
        QCOMPARE(w->document()->undoStack()->index(), undoIndex);
        QVERIFY(!w->document()->isModified());
        QVERIFY(!w->editingLocked());
        QVERIFY(w->canvas()->isInteractive());
        QVERIFY(!w->scene()->hasUtilisationOverlay());
    }

    void comparesTwoVariants()
    {
        auto w = openPreset(QStringLiteral("presets/llama3-8b-star-wan.topo"));
        RunWorkbench* runs = w->runs();
        QVERIFY(runs->run());
        QVERIFY(runs->controller()->waitForEnd(120000));
        // Variant: ten times the loss on the Chengdu link (1e-6 → 1e-5).
        const topology::LinkAttributes before = *w->document()->link("cd-hub");
        topology::LinkAttributes after = before;
        after.params.loss = 1e-5;
        w->document()->undoStack()->push(new ChangeLinkAttributesCommand(
            w->document(), {before}, {after}, QStringLiteral("loss")));
        QVERIFY(runs->run());
        QVERIFY(runs->controller()->waitForEnd(120000));
        QCOMPARE(runs->controller()->state(), RunController::State::Finished);
        const auto& history = runs->history().runs();
        QCOMPARE(history.size(), std::size_t{2});
        QCOMPARE(history[0].changes, QStringLiteral("first run"));
        QVERIFY2(history[1].changes.contains(QStringLiteral("cd-hub")) &&
                     history[1].changes.contains(QStringLiteral("loss")),
                 qPrintable(history[1].changes));
        // Overlay: one bar series per run; the table shows both and the difference.
        QCOMPARE(runs->runView()->comparePlot()->plottableCount(), 2);
        QTableWidget* table = runs->runView()->compareTable();
        QCOMPARE(table->columnCount(), 2);
        const QString total = table->item(5, 1)->text(); // "total" row of the variant
        QVERIFY2(total.contains(QStringLiteral("%")), qPrintable(total));
        // Loss on the slowest WAN link makes the run longer.
        QVERIFY(history[1].results.total_s > history[0].results.total_s);
        // MERIDIAN_DOC_IMAGES=DIR writes the Compare tab's picture for docs/gui.md.
        const QString images = qEnvironmentVariable("MERIDIAN_DOC_IMAGES");
        if (!images.isEmpty()) {
            w->resize(1440, 900);
            runs->runView()->tabs()->setCurrentIndex(4);
            QVERIFY(w->screenshot(images + QStringLiteral("/run-compare.png")));
        }
    }

    void experimentDockEditsThroughUndoAndRefusesBadValues()
    {
        auto w = openPreset(QStringLiteral("presets/llama3-8b-star-wan.topo"), true);
        ExperimentDock* dock = w->runs()->experimentDock();
        QVERIFY(dock->problem().isEmpty());
        QVERIFY(dock->modelSummary().contains(QStringLiteral("parameters")));
        // Llama-3-8B's depth is its 32 blocks (its 131 layer records are not layers).
        QVERIFY2(dock->modelSummary().contains(QStringLiteral("32 transformer blocks")),
                 qPrintable(dock->modelSummary()));
        QVERIFY(dock->modelSummary().contains(QStringLiteral("fit")));
        QVERIFY(dock->editorFor("parallelism.mfu") != nullptr);
        QVERIFY(dock->editorFor("comm.channels") != nullptr);
        QVERIFY(dock->editorFor("participants") == nullptr); // not a training option

        QVERIFY(dock->setOption("parallelism.mfu", QStringLiteral("0.5")));
        QCOMPARE(w->document()->project().experiment["parallelism"]["mfu"].get<double>(), 0.5);
        QVERIFY(w->document()->isModified());
        w->document()->undoStack()->undo();
        QCOMPARE(w->document()->project().experiment["parallelism"]["mfu"].get<double>(), 0.4);
        QVERIFY(!w->document()->isModified());

        // Refused with the message `meridian-cli validate` gives for the same value.
        const QString saved = w->document()->serialized();
        QVERIFY(!dock->setOption("parallelism.mfu", QStringLiteral("2")));
        QCOMPARE(w->document()->serialized(), saved);
        const QString refusal = dock->lastRefusal();
        QVERIFY(refusal.contains(QStringLiteral("/experiment/parallelism/mfu")));
        QString text = saved;
        text.replace(QStringLiteral("\"mfu\": 0.4"), QStringLiteral("\"mfu\": 2"));
        const QString bad = m_tmp.filePath(QStringLiteral("bad-mfu.topo"));
        {
            QFile f(bad);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text.toUtf8());
        }
        const test::CliRun v = test::runCli({QStringLiteral("validate"), bad});
        QCOMPARE(v.code, 2);
        const QString problem = refusal.mid(refusal.indexOf(QStringLiteral("/experiment")));
        QVERIFY2(v.err.contains(problem) || v.out.contains(problem),
                 qPrintable(problem + QStringLiteral(" | ") + v.err + v.out));

        // Algorithms are offered by name; choosing one is an undoable edit.
        auto* algorithm = qobject_cast<QComboBox*>(dock->editorFor("inter_center.collective"));
        QVERIFY(algorithm != nullptr);
        const int tree = algorithm->findData(QStringLiteral("double-binary-tree"));
        QVERIFY(tree > 0);
        algorithm->setCurrentIndex(tree);
        Q_EMIT algorithm->activated(tree);
        QCOMPARE(
            w->document()->project().experiment["inter_center"]["collective"].get<std::string>(),
            std::string("double-binary-tree"));
        w->document()->undoStack()->undo();

        // Where random losses fall is a transport choice: sampled from the seed (default) or
        // every loss at the mean spacing.
        auto* lossModel = qobject_cast<QComboBox*>(dock->editorFor("transport.loss_model"));
        QVERIFY(lossModel != nullptr);
        const int mean = lossModel->findData(QStringLiteral("mean"));
        QVERIFY(mean > 0 && lossModel->findData(QStringLiteral("sampled")) > 0);
        lossModel->setCurrentIndex(mean);
        Q_EMIT lossModel->activated(mean);
        QCOMPARE(w->document()->project().experiment["transport"]["loss_model"].get<std::string>(),
                 std::string("mean"));
        w->document()->undoStack()->undo();

        // A default restored by emptying the field removes the key.
        QVERIFY(dock->setOption("comm.channels", QStringLiteral("4")));
        QCOMPARE(w->document()->project().experiment["comm"]["channels"].get<int>(), 4);
        QVERIFY(dock->setOption("comm.channels", QString()));
        QVERIFY(!w->document()->project().experiment.contains("comm"));
    }

    void switchesKindAndRunsACollective()
    {
        auto w = openPreset(QStringLiteral("presets/allreduce-4dc-ring.topo"));
        ExperimentDock* dock = w->runs()->experimentDock();
        QVERIFY(dock->editorFor("participants") != nullptr);
        QVERIFY(dock->setOption("bytes", QStringLiteral("256MiB")));
        QVERIFY(dock->problem().isEmpty());
        RunWorkbench* runs = w->runs();
        QVERIFY(runs->run());
        QVERIFY(runs->controller()->waitForEnd(120000));
        QCOMPARE(runs->controller()->state(), RunController::State::Finished);
        QVERIFY(runs->controller()->results()->has_collective);
        QVERIFY(runs->resultsDock()->tableNames().contains(QStringLiteral("collective")));
        // Switching to p2p keeps the shared keys and drops the collective's.
        QVERIFY(dock->setKind(QStringLiteral("p2p")));
        QCOMPARE(w->document()->project().experiment["kind"].get<std::string>(),
                 std::string("p2p"));
        QVERIFY(!w->document()->project().experiment.contains("participants"));
        QVERIFY(dock->editorFor("streams") != nullptr);
        w->document()->undoStack()->undo();
        QCOMPARE(w->document()->project().experiment["kind"].get<std::string>(),
                 std::string("collective"));
    }

    void showsTheRunsWarnings()
    {
        // Four TCP streams: the model says it is optimistic there (docs/validation.md); the
        // status line counts the warnings, the Results dock shows them.
        auto w = openPreset(QStringLiteral("presets/p2p-wan-iperf.topo"));
        ExperimentDock* dock = w->runs()->experimentDock();
        QVERIFY(dock->setOption("streams", QStringLiteral("4")));
        QVERIFY(dock->setOption("bytes", QStringLiteral("64MiB")));
        RunWorkbench* runs = w->runs();
        QVERIFY(runs->run());
        QVERIFY(runs->controller()->waitForEnd(120000));
        QCOMPARE(runs->controller()->state(), RunController::State::Finished);
        QVERIFY(runs->phaseLabel()->text().contains(QStringLiteral("1 warning")));
        const auto* summary = runs->resultsDock()->findChild<QLabel*>("resultsSummary");
        QVERIFY(summary);
        QVERIFY(summary->text().contains(QStringLiteral("streams slow-start together")));
        QVERIFY(summary->toolTip().contains(QStringLiteral("33 of 42 cases within 15 %")));
        runs->resultsDock()->clear();
        QVERIFY(summary->toolTip().isEmpty());
    }

    void showsTheControlPlaneOfTheFailoverPreset()
    {
        auto w = openPreset(QStringLiteral("presets/failover-wan.topo"));
        RunWorkbench* runs = w->runs();
        RunView* view = runs->runView();
        QTabWidget* tabs = view->tabs();
        const int controlTab = tabs->indexOf(view->controlPage());
        QVERIFY(controlTab >= 0);
        QVERIFY(!tabs->isTabVisible(controlTab));
        tabs->setCurrentWidget(view->timelinePlot());
        QVERIFY(runs->run());
        QVERIFY(runs->controller()->waitForEnd(120000));
        QCOMPARE(runs->controller()->state(), RunController::State::Finished);
        const experiment::Results& r = *runs->controller()->results();
        QVERIFY(r.control_plane.enabled);
        // The finished timeline carries the coordinators' messages and the three triggers.
        const charts::TimelineControlMarks marks =
            charts::timelineControlMarks(view->timelinePlot());
        QCOMPARE(std::size_t(marks.messages + marks.lost), r.control_plane.message_spans.size());
        QCOMPARE(marks.triggers, 3);
        // The Control plane tab appears, with the firings and the adoption per centre.
        QVERIFY(tabs->isTabVisible(controlTab));
        const QString text = view->controlPage()->toPlainText();
        for (const char* id : {"cut-bj-sh", "ring-to-tree", "repair-bj-sh"})
            QVERIFY2(text.contains(QLatin1String(id)), id);
        QVERIFY(text.contains(QStringLiteral("Adoption per centre")));
        auto* summary = runs->resultsDock()->findChild<QLabel*>(QStringLiteral("resultsSummary"));
        QVERIFY(summary);
        QVERIFY2(
            summary->text().contains(
                QStringLiteral("control plane: %1 messages").arg(r.control_plane.messages_sent)),
            qPrintable(summary->text()));
        // A run without a control plane hides the tab again.
        auto plain = openPreset(QStringLiteral("presets/llama3-8b-star-wan.topo"));
        QVERIFY(plain->runs()->run());
        QVERIFY(plain->runs()->controller()->waitForEnd(120000));
        QVERIFY(!plain->runs()->runView()->tabs()->isTabVisible(
            plain->runs()->runView()->tabs()->indexOf(plain->runs()->runView()->controlPage())));
        QVERIFY2(m_errors.isEmpty(), qPrintable(m_errors.join(QLatin1Char('\n'))));
    }

    void anInvalidExperimentDoesNotStart()
    {
        auto w = openPreset(QStringLiteral("presets/allreduce-4dc-ring.topo"));
        nlohmann::json e = w->document()->project().experiment;
        e.erase("bytes");
        w->document()->setExperiment(e);
        QVERIFY(!w->runs()->run());
        QCOMPARE(w->runs()->controller()->state(), RunController::State::Idle);
        QCOMPARE(m_errors.size(), 1);
        QVERIFY(m_errors[0].contains(QStringLiteral("bytes")));
        QVERIFY(!w->editingLocked());
    }
};

MERIDIAN_TEST(RunViewTest)
#include "RunViewTest.moc"
