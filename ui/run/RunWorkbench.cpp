#include "ui/run/RunWorkbench.hpp"

#include "meridian/core/Error.hpp"
#include "meridian/core/Units.hpp"
#include "ui/CanvasView.hpp"
#include "ui/Document.hpp"
#include "ui/ElidedLabel.hpp"
#include "ui/LinkItem.hpp"
#include "ui/TopologyScene.hpp"
#include "ui/charts/ChartStyle.hpp"
#include "ui/report/Report.hpp"
#include "ui/run/ExperimentDock.hpp"
#include "ui/run/LiveStatus.hpp"
#include "ui/run/ResultsDock.hpp"
#include "ui/run/RunView.hpp"
#include "ui/run/UtilisationLegend.hpp"
#include "ui/sweep/SolveDialog.hpp"
#include "ui/sweep/SweepDialog.hpp"

#include <QAction>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QProgressBar>
#include <QStatusBar>
#include <QStyle>
#include <QToolBar>
#include <algorithm>
#include <cmath>

namespace meridian::ui {

RunWorkbench::RunWorkbench(Parts parts) : QObject(parts.window), m_parts(std::move(parts))
{
    m_controller = new RunController(this);
    connect(m_controller, &RunController::stateChanged, this, &RunWorkbench::onStateChanged);
    connect(m_controller, &RunController::updated, this, &RunWorkbench::onUpdated);
    connect(m_controller, &RunController::finished, this, &RunWorkbench::onFinished);
    connect(m_controller, &RunController::failed, this,
            [this](const QString& error) { m_parts.reportError(tr("Run failed"), error); });
}

QAction* RunWorkbench::action(const QString& name) const
{
    return m_actions.value(name);
}

void RunWorkbench::createDocks()
{
    QMainWindow* w = m_parts.window;
    m_experiment = new ExperimentDock(m_parts.doc);
    m_experimentDock = new QDockWidget(tr("Experiment"), w);
    m_experimentDock->setObjectName(QStringLiteral("experimentDock"));
    m_experimentDock->setWidget(m_experiment);
    w->addDockWidget(Qt::RightDockWidgetArea, m_experimentDock);
    if (auto* props = w->findChild<QDockWidget*>(QStringLiteral("propertiesDock")))
        w->tabifyDockWidget(props, m_experimentDock);

    m_runView = new RunView;
    m_runDock = new QDockWidget(tr("Run"), w);
    m_runDock->setObjectName(QStringLiteral("runDock"));
    m_runDock->setWidget(m_runView);
    w->addDockWidget(Qt::BottomDockWidgetArea, m_runDock);
    connect(m_runView, &RunView::pickedLinksChanged, this,
            [this] { m_controller->setWatchedLinks(m_runView->pickedLinks()); });

    m_results = new ResultsDock;
    m_resultsDock = new QDockWidget(tr("Results"), w);
    m_resultsDock->setObjectName(QStringLiteral("resultsDock"));
    m_resultsDock->setWidget(m_results);
    w->addDockWidget(Qt::BottomDockWidgetArea, m_resultsDock);
    w->splitDockWidget(m_runDock, m_resultsDock, Qt::Horizontal); // sizes: DockLayout

    // The bar is the phase's: the bytes it has moved of all it moves ("broadcast 37 %"), busy
    // during a phase that moves none; the whole run's share of finished phases is in the
    // tooltip (docs/gui.md, "Running").
    m_progress = new QProgressBar;
    m_progress->setObjectName(QStringLiteral("runProgress"));
    m_progress->setRange(0, 1000);
    // Wide enough for its longest text, "intra-centre 100 %" in the window's language.
    const QString widest = QCoreApplication::translate("RunWorkbench", "%1 %p %")
                               .arg(charts::phaseLabel("intra_center"))
                               .replace(QLatin1String("%p"), QLatin1String("100"));
    m_progress->setMinimumWidth(m_progress->fontMetrics().horizontalAdvance(widest) + 24);
    m_progress->setMaximumWidth(std::max(180, m_progress->minimumWidth()));
    m_progress->setTextVisible(true);
    m_progress->setFormat(QStringLiteral("%p %"));
    m_progress->setVisible(false);
    m_phaseLabel = new ElidedLabel;
    m_phaseLabel->setObjectName(QStringLiteral("runPhase"));
    w->statusBar()->addPermanentWidget(m_phaseLabel);
    w->statusBar()->addPermanentWidget(m_progress);

    m_legend = new UtilisationLegend(m_parts.view);
    // A new or opened file shows nothing of the previous file's run.
    connect(m_parts.doc, &Document::documentReplaced, this, &RunWorkbench::clearRun);
}

void RunWorkbench::clearRun()
{
    if (m_controller->isActive())
        return; // New and Open are disabled during a run
    m_parts.scene->clearLinkUtilisation();
    showLegend(false);
    m_runView->beginRun(topology::Topology{});
    m_results->clear();
    m_phaseLabel->clear();
    m_phaseLabel->setToolTip({});
    m_progress->setVisible(false);
}

void RunWorkbench::createMenus(QMenu* fileMenu)
{
    QMainWindow* w = m_parts.window;
    auto make = [this, w](const QString& name, const QString& text, const QKeySequence& key,
                          QStyle::StandardPixmap icon, auto slot) {
        auto* a = new QAction(w->style()->standardIcon(icon), text, w);
        a->setObjectName(name);
        if (!key.isEmpty())
            a->setShortcut(key);
        connect(a, &QAction::triggered, this, slot);
        w->addAction(a);
        m_actions.insert(name, a);
        return a;
    };
    make(QStringLiteral("run.run"), tr("&Run"), QKeySequence(tr("F5")), QStyle::SP_MediaPlay,
         [this] {
             if (m_controller->state() == RunController::State::Paused)
                 resume();
             else
                 run();
         });
    make(QStringLiteral("run.pause"), tr("&Pause"), QKeySequence(tr("F6")), QStyle::SP_MediaPause,
         [this] { pause(); });
    make(QStringLiteral("run.step"), tr("S&tep One Phase"), QKeySequence(tr("F10")),
         QStyle::SP_MediaSkipForward, [this] { step(); });
    make(QStringLiteral("run.stop"), tr("&Stop"), QKeySequence(tr("Shift+F5")),
         QStyle::SP_MediaStop, [this] { stop(); });
    make(QStringLiteral("run.sweep"), tr("S&weep…"), QKeySequence(), QStyle::SP_FileDialogListView,
         [this] { showSweepDialog(); });
    make(QStringLiteral("run.solve"), tr("S&olve…"), QKeySequence(),
         QStyle::SP_FileDialogContentsView, [this] { showSolveDialog(); });
    make(QStringLiteral("file.exportReport"), tr("Export &Report (HTML/PDF)…"), QKeySequence(),
         QStyle::SP_FileDialogDetailedView, [this] {
             const QString p = m_parts.chooseSavePath(
                 tr("Export report"), tr("HTML report (*.html);;PDF report (*.pdf)"),
                 QStringLiteral("html"));
             if (!p.isEmpty())
                 exportReport(p);
         });
    make(QStringLiteral("file.exportResults"), tr("Export Results (JSON, CSV)…"), QKeySequence(),
         QStyle::SP_DirIcon, [this] {
             const QString dir = m_parts.chooseFolder(tr("Export results into folder"));
             if (!dir.isEmpty())
                 exportResults(dir);
         });

    // After the drawing's exports (PNG, SVG), before the separator above Quit.
    const QList<QAction*> items = fileMenu->actions();
    QAction* before = items.size() >= 2 ? items[items.size() - 2] : nullptr;
    fileMenu->insertAction(before, m_actions.value(QStringLiteral("file.exportReport")));
    fileMenu->insertAction(before, m_actions.value(QStringLiteral("file.exportResults")));

    auto* menu = new QMenu(tr("&Run"), w);
    for (const char* n : {"run.run", "run.pause", "run.step", "run.stop"})
        menu->addAction(m_actions.value(QLatin1String(n)));
    menu->addSeparator();
    menu->addAction(m_actions.value(QStringLiteral("run.sweep")));
    menu->addAction(m_actions.value(QStringLiteral("run.solve")));
    w->menuBar()->insertMenu(w->menuBar()->actions().value(3), menu);

    m_pace = new QComboBox;
    m_pace->setObjectName(QStringLiteral("runPace"));
    m_pace->setToolTip(tr("Speed: as fast as possible, or simulated time at a multiple of wall "
                          "time"));
    m_pace->addItem(tr("As fast as possible"), 0.0);
    for (double x : {0.1, 1.0, 10.0, 100.0, 1000.0})
        m_pace->addItem(tr("Paced ×%1").arg(x), x);
    connect(m_pace, &QComboBox::currentIndexChanged, this,
            [this] { setPace(m_pace->currentData().toDouble()); });
    auto* bar = w->addToolBar(tr("Run"));
    bar->setObjectName(QStringLiteral("runToolBar"));
    bar->setIconSize(QSize(22, 22));
    for (const char* n : {"run.run", "run.pause", "run.step", "run.stop"})
        bar->addAction(m_actions.value(QLatin1String(n)));
    bar->addWidget(m_pace);
    setPace(kDefaultPace);

    updateRunActions();
}

experiment::RunOptions RunWorkbench::runOptions() const
{
    experiment::RunOptions options;
    const QString path = m_parts.doc->filePath();
    if (path.isEmpty()) {
        options.project_dir = QDir::currentPath().toStdString();
        options.topology_name = "Untitled.topo";
    } else {
        const QFileInfo info(path);
        options.project_dir = info.absolutePath().toStdString();
        options.topology_name = info.fileName().toStdString();
    }
    // Snapshots often enough for pacing and live charts; they do not change the results.
    options.snapshot_interval_s = 0.05;
    // The run view charts every link's series once the run ends (RunView::showResults): keep
    // them whatever the number of links (meridian-cli's default drops them above 512).
    options.link_series = experiment::LinkSeries::Full;
    return options;
}

bool RunWorkbench::start(bool stepFirst)
{
    if (m_controller->isActive())
        return false;
    m_runView->beginRun(m_parts.doc->topology());
    m_controller->setWatchedLinks(m_runView->pickedLinks());
    try {
        m_controller->start(m_parts.doc->project(), runOptions(), stepFirst);
    } catch (const InputError& e) {
        m_parts.reportError(tr("Cannot run the experiment"), QString::fromStdString(e.what()));
        return false;
    }
    return true;
}

void RunWorkbench::step()
{
    if (m_controller->isActive())
        m_controller->step();
    else
        start(true);
}

void RunWorkbench::setPace(double simSecondsPerWallSecond)
{
    m_controller->setPace(simSecondsPerWallSecond);
    if (m_pace) {
        const QSignalBlocker block(m_pace);
        const int index = m_pace->findData(m_controller->pace());
        if (index >= 0)
            m_pace->setCurrentIndex(index);
    }
}

void RunWorkbench::onStateChanged(RunController::State state)
{
    const bool active = m_controller->isActive();
    m_parts.lockEditing(active);
    m_experiment->setReadOnly(active);
    m_progress->setVisible(active);
    showLegend(active || state == RunController::State::Finished);
    m_phaseLabel->setToolTip({});
    switch (state) {
    case RunController::State::Running:
        if (m_controller->live().phase.empty() && m_controller->live().phases.empty()) {
            m_progress->setRange(0, 1000); // a new run
            m_progress->setValue(0);
            m_progress->setFormat(QStringLiteral("%p %"));
        }
        m_phaseLabel->setText(tr("Running — the topology is read-only until the run ends"));
        break;
    case RunController::State::Paused:
        // Inside a phase the line stays (where the run is, how far the phase has come).
        if (const LiveRun& live = m_controller->live(); !live.phase.empty()) {
            m_phaseLabel->setText(tr("Paused: %1").arg(liveStatusText(live)));
            m_phaseLabel->setToolTip(tr("Run resumes, Step runs one phase") + QLatin1Char('\n') +
                                     liveStatusToolTip(live));
        } else {
            m_phaseLabel->setText(tr("Paused at %1 s — Run resumes, Step runs one phase")
                                      .arg(live.time_s, 0, 'f', 3));
        }
        break;
    case RunController::State::Cancelled:
        m_phaseLabel->setText(tr("Run stopped: nothing kept"));
        m_parts.scene->clearLinkUtilisation();
        showLegend(false);
        break;
    case RunController::State::Failed:
        m_phaseLabel->setText(tr("Run failed"));
        m_parts.scene->clearLinkUtilisation();
        showLegend(false);
        break;
    default:
        break;
    }
    updateRunActions();
}

void RunWorkbench::onUpdated()
{
    const LiveRun& live = m_controller->live();
    if (const auto fraction = live.phaseFraction()) {
        m_progress->setRange(0, 1000);
        m_progress->setValue(static_cast<int>(std::floor(*fraction * 1000)));
        m_progress->setFormat(liveProgressFormat(live));
    } else if (!live.phase.empty()) {
        m_progress->setRange(0, 0); // busy: a phase that moves no bytes
    }
    m_progress->setToolTip(liveStatusToolTip(live));
    // A report drained after Pause keeps the line saying so.
    m_phaseLabel->setText(m_controller->state() == RunController::State::Paused
                              ? tr("Paused: %1").arg(liveStatusText(live))
                              : liveStatusText(live));
    m_phaseLabel->setToolTip(liveStatusToolTip(live));
    m_parts.scene->setLinkUtilisation(live.utilisation);
    m_runView->showLive(live);
}

void RunWorkbench::onFinished()
{
    const experiment::Results& r = *m_controller->results();
    const io::Project& project = *m_controller->project();
    const RunRecord& record = m_history.add(project, r);
    // The overlay ends on each link's mean utilisation over the run.
    std::map<std::string, double> mean;
    for (const auto& l : r.links)
        mean[l.id] = l.utilization_mean;
    m_parts.scene->setLinkUtilisation(mean);
    m_runView->showResults(r, project.topology);
    m_runView->showHistory(m_history);
    m_results->setResults(r, record.label());
    QString text = tr("%1 finished: simulated %2 (links show mean utilisation)")
                       .arg(record.name, QString::fromStdString(units::formatDuration(r.total_s)));
    // The run's warnings are read in the Results dock.
    if (r.warnings.size() == 1)
        text += tr(" — 1 warning (Results)");
    else if (r.warnings.size() > 1)
        text += tr(" — %1 warnings (Results)").arg(r.warnings.size());
    m_phaseLabel->setText(text);
    updateRunActions();
}

bool RunWorkbench::openRun(const io::Project& project, const experiment::Results& results,
                           const QString& origin)
{
    if (m_controller->isActive())
        return false;
    const RunRecord& record = m_history.add(project, results);
    std::map<std::string, double> mean;
    for (const auto& l : results.links)
        mean[l.id] = l.utilization_mean;
    m_parts.scene->setLinkUtilisation(mean);
    showLegend(true);
    m_runView->showResults(results, project.topology);
    m_runView->showHistory(m_history);
    m_results->setResults(results, record.label());
    m_phaseLabel->setText(tr("%1: %2 (simulated %3)")
                              .arg(record.name, origin,
                                   QString::fromStdString(units::formatDuration(results.total_s))));
    m_runDock->raise();
    updateRunActions();
    return true;
}

SweepDialog* RunWorkbench::showSweepDialog()
{
    if (!m_sweep)
        m_sweep = new SweepDialog(
            m_parts.doc, m_parts.scene,
            [this](const io::Project& p, const experiment::Results& r, const QString& origin) {
                return openRun(p, r, origin);
            },
            m_parts.window);
    else
        m_sweep->refreshFromDocument();
    m_sweep->show();
    m_sweep->raise();
    m_sweep->activateWindow();
    return m_sweep;
}

SolveDialog* RunWorkbench::showSolveDialog()
{
    if (!m_solve)
        m_solve = new SolveDialog(m_parts.doc, m_parts.scene, m_parts.window);
    else
        m_solve->refreshFromDocument();
    m_solve->show();
    m_solve->raise();
    m_solve->activateWindow();
    return m_solve;
}

void RunWorkbench::updateRunActions()
{
    using State = RunController::State;
    const State s = m_controller->state();
    m_actions.value(QStringLiteral("run.run"))->setEnabled(s != State::Running);
    m_actions.value(QStringLiteral("run.run"))
        ->setText(s == State::Paused ? tr("&Resume") : tr("&Run"));
    m_actions.value(QStringLiteral("run.pause"))->setEnabled(s == State::Running);
    m_actions.value(QStringLiteral("run.step"))->setEnabled(s != State::Running);
    m_actions.value(QStringLiteral("run.stop"))->setEnabled(m_controller->isActive());
    const bool haveResults = !m_history.runs().empty();
    m_actions.value(QStringLiteral("file.exportReport"))->setEnabled(haveResults);
    m_actions.value(QStringLiteral("file.exportResults"))->setEnabled(haveResults);
}

void RunWorkbench::showLegend(bool on)
{
    if (!m_legend)
        return;
    m_legend->setVisible(on);
    if (on)
        m_legend->raise();
}

bool RunWorkbench::exportReport(const QString& path)
{
    if (m_history.runs().empty()) {
        m_parts.reportError(tr("Export report"), tr("There is no finished run to report."));
        return false;
    }
    const RunRecord& last = m_history.runs().back();
    try {
        const QString name = QString::fromStdString(last.results.topology);
        if (path.endsWith(QLatin1String(".pdf"), Qt::CaseInsensitive))
            report::writePdfReport(last.project, last.results, name, path);
        else
            report::writeHtmlReport(last.project, last.results, name, path);
    } catch (const InputError& e) {
        m_parts.reportError(tr("Export report"), QString::fromStdString(e.what()));
        return false;
    }
    if (m_parts.confirmExport)
        m_parts.confirmExport(path);
    return true;
}

bool RunWorkbench::exportResults(const QString& dir)
{
    if (m_history.runs().empty()) {
        m_parts.reportError(tr("Export results"), tr("There is no finished run to export."));
        return false;
    }
    try {
        experiment::writeResults(m_history.runs().back().results, dir.toStdString(), true, true);
    } catch (const InputError& e) {
        m_parts.reportError(tr("Export results"), QString::fromStdString(e.what()));
        return false;
    }
    if (m_parts.confirmExport)
        m_parts.confirmExport(
            tr("results.json and CSV files in %1").arg(QDir::toNativeSeparators(dir)));
    return true;
}

} // namespace meridian::ui
