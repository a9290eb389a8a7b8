#pragma once
// Everything of the main window that runs experiments (docs/gui.md): the Experiment, Run
// (live charts) and Results docks, the Run menu and toolbar (Run, Pause, Step, Stop, speed),
// the progress bar and phase label in the status bar, the utilisation overlay on the canvas
// with its legend, the session's run history (Compare), and File ▸ Export Report / Export
// Results.
//
// While a run is active the window's editing is locked (MainWindow::setEditingLocked): the
// run works on a copy of the project, and the drawing must show what is being simulated.

#include "meridian/experiment/Results.hpp"
#include "ui/run/RunController.hpp"
#include "ui/run/RunHistory.hpp"

#include <QHash>
#include <QObject>
#include <QString>
#include <functional>

class QAction;
class QComboBox;
class QDockWidget;
class QLabel;
class QMainWindow;
class QMenu;
class QProgressBar;
class QToolBar;

namespace meridian::ui {

class CanvasView;
class Document;
class ExperimentDock;
class ResultsDock;
class RunView;
class SolveDialog;
class SweepDialog;
class UtilisationLegend;
class TopologyScene;

class RunWorkbench : public QObject
{
    Q_OBJECT
public:
    struct Parts
    {
        QMainWindow* window = nullptr;
        Document* doc = nullptr;
        TopologyScene* scene = nullptr;
        CanvasView* view = nullptr;
        /// Locks (true) or unlocks the window's editing.
        std::function<void(bool)> lockEditing;
        /// Shows an error (the window's injectable reporter).
        std::function<void(const QString&, const QString&)> reportError;
        /// Asks for a path to save to (the window's chooser): title, filter, default suffix.
        std::function<QString(const QString&, const QString&, const QString&)> chooseSavePath;
        /// Asks for a folder.
        std::function<QString(const QString&)> chooseFolder;
        /// Confirms in the status bar that an export was written (its path).
        std::function<void(const QString&)> confirmExport;
    };

    /// The pace a window starts with (simulated seconds per wall second): a training run of
    /// a few simulated hours lasts a few seconds, enough to watch its phases go by.
    static constexpr double kDefaultPace = 1000.0;

    explicit RunWorkbench(Parts parts);

    /// Adds the docks to the window (below and beside the canvas).
    void createDocks();
    /// Adds the Run menu and toolbar, and the export actions to `fileMenu`.
    void createMenus(QMenu* fileMenu);
    QAction* action(const QString& name) const;

    // ---- running (what the actions do) ------------------------------------------------------
    /// Starts a run of the document's experiment. False (with the reason reported) if the
    /// experiment is invalid or a run is active.
    bool run() { return start(false); }
    void pause() { m_controller->pause(); }
    void resume() { m_controller->resume(); }
    void step();
    void stop() { m_controller->stop(); }
    /// 0 = as fast as possible, else simulated seconds per wall second.
    void setPace(double simSecondsPerWallSecond);

    /// Adds a run finished elsewhere (a sweep point, ui/sweep/SweepDialog) to the session as
    /// if it had run here: the history (Compare), the Run and Results docks, the canvas's mean
    /// utilisation; `origin` goes to the status line. False (nothing changes) while a run is
    /// active.
    bool openRun(const io::Project& project, const experiment::Results& results,
                 const QString& origin);
    /// Run ▸ Sweep…: the window's Sweep dialog (made on first use), shown.
    SweepDialog* showSweepDialog();
    SweepDialog* sweepDialog() const { return m_sweep; }
    /// Run ▸ Solve…: the window's Solve dialog (made on first use), shown.
    SolveDialog* showSolveDialog();

    // ---- exporting the last finished run -----------------------------------------------------
    /// HTML or PDF by the path's suffix. False (reported) if there is no finished run or the
    /// write failed.
    bool exportReport(const QString& path);
    /// results.json and the CSV files into `dir`, as `meridian-cli run --out dir` writes them.
    bool exportResults(const QString& dir);

    RunController* controller() const { return m_controller; }
    ExperimentDock* experimentDock() const { return m_experiment; }
    RunView* runView() const { return m_runView; }
    ResultsDock* resultsDock() const { return m_results; }
    const RunHistory& history() const { return m_history; }
    QProgressBar* progressBar() const { return m_progress; }
    QLabel* phaseLabel() const { return m_phaseLabel; }
    /// The run options the window uses for the document (those of `meridian-cli run FILE`).
    experiment::RunOptions runOptions() const;

private:
    bool start(bool stepFirst);
    void onStateChanged(RunController::State state);
    void onUpdated();
    void onFinished();
    void updateRunActions();
    void showLegend(bool on);
    /// Forgets the shown run (overlay, legend, charts, tables): the document was replaced.
    void clearRun();

    Parts m_parts;
    RunController* m_controller = nullptr;
    RunHistory m_history;
    ExperimentDock* m_experiment = nullptr;
    RunView* m_runView = nullptr;
    ResultsDock* m_results = nullptr;
    QDockWidget* m_experimentDock = nullptr;
    QDockWidget* m_runDock = nullptr;
    QDockWidget* m_resultsDock = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_phaseLabel = nullptr;
    UtilisationLegend* m_legend = nullptr;
    SweepDialog* m_sweep = nullptr;
    SolveDialog* m_solve = nullptr;
    QComboBox* m_pace = nullptr;
    QHash<QString, QAction*> m_actions;
};

} // namespace meridian::ui
