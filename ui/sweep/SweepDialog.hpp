#pragma once
// Run ▸ Sweep… (docs/sweeps.md, "In the designer"; docs/gui.md): vary attributes of the selected
// links and nodes and experiment options over a grid, run every point on all cores in the
// background with a progress bar, ETA and Cancel, and see the table and the plot (lines for one
// axis, a heatmap for two, small multiples for more). A point — a row of the table or a point of
// the plot — opens as a run of the session, in the Run, Results and Compare views.
//
// The sweep is `meridian-cli sweep` (app/sweep): the same checks, point seeds, folders and
// OUT/sweep.csv. A finished point in OUT is skipped when its point.topo is the one this sweep
// makes, byte for byte, as on the command line.

#include "app/sweep/SweepExecutor.hpp"
#include "meridian/experiment/Results.hpp"
#include "meridian/io/ProjectFile.hpp"
#include "ui/sweep/SweepPlots.hpp"

#include <QDialog>
#include <functional>
#include <optional>

class QCheckBox;
class QComboBox;
class QCustomPlot;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QVBoxLayout;

namespace meridian::ui {

class Document;
class TopologyScene;
class SweepAxesEditor;
class SweepJob;
class SweepPointRun;

class SweepDialog : public QDialog
{
    Q_OBJECT
public:
    /// Adds a finished run to the session (RunWorkbench::openRun); false if it cannot now.
    using OpenRun =
        std::function<bool(const io::Project&, const experiment::Results&, const QString& origin)>;

    SweepDialog(Document* doc, TopologyScene* scene, OpenRun openRun, QWidget* parent = nullptr);
    ~SweepDialog() override;

    /// Takes the document's file and the canvas's selection (the paths offered) afresh.
    void refreshFromDocument();
    /// Checks the axes and starts the sweep. False (problems shown) if they are invalid or a
    /// sweep is running.
    bool startSweep();
    void cancelSweep();
    /// Opens the table's row `row` as a run (asynchronously; runOpened() then).
    bool openRow(int row);
    /// The last sweep's report (ui/report/ReportSweep.hpp), HTML or PDF by the path's suffix.
    /// False (the reason in the status line) without a finished sweep or when it cannot write.
    bool exportReport(const QString& path);

    SweepAxesEditor* axes() const { return m_axes; }
    QCheckBox* zipBox() const { return m_zip; }
    QLineEdit* outEdit() const { return m_out; }
    QSpinBox* jobsBox() const { return m_jobs; }
    QTableWidget* table() const { return m_table; }
    QCustomPlot* plot() const { return m_plot; }
    QComboBox* metricBox() const { return m_metric; }
    QProgressBar* progressBar() const { return m_progress; }
    QLabel* statusLabel() const { return m_status; }
    QLabel* problemsLabel() const { return m_problems; }
    SweepJob* job() const { return m_job; }
    SweepPointRun* pointRun() const { return m_pointRun; }
    const SweepPlotMap& plotMap() const { return m_plotMap; }

Q_SIGNALS:
    /// A point opened as a run (`label` as the status line says it).
    void runOpened(const QString& label);

private:
    QWidget* createAxesBox();
    QWidget* createRunBox();
    QWidget* createResultsBox();
    void revalidate();
    void onProgress(const sweep::ExecutorProgress& p);
    void onFinished();
    void showTable();
    void redrawPlot();
    void setRunning(bool running);
    void onPlotClicked(const QPointF& pixel);

    Document* m_doc = nullptr;
    TopologyScene* m_scene = nullptr;
    OpenRun m_openRun;
    SweepAxesEditor* m_axes = nullptr;
    QCheckBox* m_zip = nullptr;
    QLabel* m_overall = nullptr;
    QLabel* m_count = nullptr;
    QLineEdit* m_out = nullptr;
    QSpinBox* m_jobs = nullptr;
    QPushButton* m_run = nullptr;
    QPushButton* m_cancel = nullptr;
    QPushButton* m_export = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_status = nullptr;
    QLabel* m_problems = nullptr;
    QTableWidget* m_table = nullptr;
    QComboBox* m_metric = nullptr;
    QVBoxLayout* m_plotHolder = nullptr;
    QCustomPlot* m_plot = nullptr;
    SweepPlotMap m_plotMap;
    SweepJob* m_job = nullptr;
    SweepPointRun* m_pointRun = nullptr;
    QString m_outEditedFor; ///< the file whose default OUT the field holds
};

} // namespace meridian::ui
