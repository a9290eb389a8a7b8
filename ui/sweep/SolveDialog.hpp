#pragma once
// Run ▸ Solve… (docs/strategies.md, "The solver"; docs/gui.md): the smallest value of one
// attribute that meets a target — the WAN bandwidth for 50 % GPU effective compute — or the
// largest that still meets it, by bisection over runs in the background, with the curve of
// every run, the target line and the answer. The same code as `meridian-cli solve` (app/sweep):
// the same checks, messages and OUT/solve.json, solve.csv, sweep.csv and points/.

#include "app/sweep/SweepSolver.hpp"

#include <QDialog>
#include <optional>

class QCheckBox;
class QComboBox;
class QCustomPlot;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace meridian::ui {

class Document;
class TopologyScene;
class SolveJob;

class SolveDialog : public QDialog
{
    Q_OBJECT
public:
    SolveDialog(Document* doc, TopologyScene* scene, QWidget* parent = nullptr);
    ~SolveDialog() override;

    /// Takes the document's file and the canvas's selection (the paths offered) afresh.
    void refreshFromDocument();
    /// Checks the fields and starts the solve. False (the problem shown) if they are invalid
    /// or a solve is running.
    bool startSolve();
    void cancelSolve();

    QComboBox* pathBox() const { return m_path; }
    QLineEdit* loEdit() const { return m_lo; }
    QLineEdit* hiEdit() const { return m_hi; }
    QCheckBox* logBox() const { return m_log; }
    QCheckBox* integerBox() const { return m_integer; }
    QComboBox* goalBox() const { return m_goal; }
    QComboBox* metricBox() const { return m_metric; }
    QComboBox* opBox() const { return m_op; }
    QLineEdit* targetEdit() const { return m_target; }
    QDoubleSpinBox* toleranceBox() const { return m_tolerance; }
    QSpinBox* jobsBox() const { return m_jobs; }
    QLineEdit* outEdit() const { return m_out; }
    QLabel* statusLabel() const { return m_status; }
    QLabel* answerLabel() const { return m_answer; }
    QCustomPlot* plot() const { return m_plot; }
    SolveJob* job() const { return m_job; }

private:
    /// The request from the fields, or nullopt with the problem in `problem`.
    std::optional<sweep::SolveRequest> request(QString* problem) const;
    void onFinished();
    void setRunning(bool running);

    Document* m_doc = nullptr;
    TopologyScene* m_scene = nullptr;
    QComboBox* m_path = nullptr;
    QLineEdit* m_lo = nullptr;
    QLineEdit* m_hi = nullptr;
    QCheckBox* m_log = nullptr;
    QCheckBox* m_integer = nullptr;
    QComboBox* m_goal = nullptr;
    QComboBox* m_metric = nullptr;
    QComboBox* m_op = nullptr;
    QLineEdit* m_target = nullptr;
    QDoubleSpinBox* m_tolerance = nullptr;
    QSpinBox* m_jobs = nullptr;
    QLineEdit* m_out = nullptr;
    QPushButton* m_run = nullptr;
    QPushButton* m_cancel = nullptr;
    QLabel* m_status = nullptr;
    QLabel* m_answer = nullptr;
    QCustomPlot* m_plot = nullptr;
    SolveJob* m_job = nullptr;
    QString m_outFor; ///< the file whose default OUT the field holds
};

} // namespace meridian::ui
