#include "ui/sweep/SolveDialog.hpp"

#include "meridian/core/Error.hpp"
#include "ui/Document.hpp"
#include "ui/TopologyScene.hpp"
#include "ui/charts/QCustomPlot.hpp"
#include "ui/sweep/SolveJob.hpp"
#include "ui/sweep/SolvePlot.hpp"
#include "ui/sweep/SweepAxesEditor.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace meridian::ui {

namespace {

std::string solveFileOf(const Document* doc)
{
    return doc->filePath().isEmpty()
               ? QDir::current().filePath(QStringLiteral("Untitled.topo")).toStdString()
               : doc->filePath().toStdString();
}

/// OUT for a file: FILE's folder/<stem>-solve, as `meridian-cli solve --out` would be given.
QString defaultSolveOut(const Document* doc)
{
    if (doc->filePath().isEmpty())
        return QDir(QDir::tempPath()).filePath(QStringLiteral("meridian-solve"));
    const QFileInfo info(doc->filePath());
    return info.dir().filePath(info.completeBaseName() + QStringLiteral("-solve"));
}

} // namespace

SolveDialog::SolveDialog(Document* doc, TopologyScene* scene, QWidget* parent)
    : QDialog(parent), m_doc(doc), m_scene(scene)
{
    setObjectName(QStringLiteral("solveDialog"));
    setWindowTitle(tr("Solve"));
    m_job = new SolveJob(this);
    auto* form = new QFormLayout;
    m_path = new QComboBox;
    m_path->setEditable(true);
    m_path->setObjectName(QStringLiteral("solvePath"));
    m_path->setToolTip(tr("The attribute varied: a path as `meridian-cli sweep --vary` takes"));
    form->addRow(tr("Attribute:"), m_path);
    m_lo = new QLineEdit(QStringLiteral("1"));
    m_hi = new QLineEdit(QStringLiteral("100"));
    m_log = new QCheckBox(tr("log scale"));
    m_log->setChecked(true);
    m_integer = new QCheckBox(tr("whole values"));
    auto* range = new QHBoxLayout;
    range->addWidget(m_lo);
    range->addWidget(new QLabel(tr("to")));
    range->addWidget(m_hi);
    range->addWidget(m_log);
    range->addWidget(m_integer);
    form->addRow(tr("Range:"), range);
    m_goal = new QComboBox;
    m_goal->addItem(tr("the smallest value that meets the target"));
    m_goal->addItem(tr("the largest value that still meets the target"));
    form->addRow(tr("Find:"), m_goal);
    m_metric = new QComboBox;
    for (const std::string& c : sweep::figureColumns())
        m_metric->addItem(QString::fromStdString(c));
    m_op = new QComboBox;
    m_op->addItems({QStringLiteral("≥"), QStringLiteral("≤")});
    m_target = new QLineEdit(QStringLiteral("0.5"));
    auto* target = new QHBoxLayout;
    target->addWidget(m_metric, 1);
    target->addWidget(m_op);
    target->addWidget(m_target);
    form->addRow(tr("Target:"), target);
    m_tolerance = new QDoubleSpinBox;
    m_tolerance->setRange(0.01, 50.0);
    m_tolerance->setValue(1.0);
    m_tolerance->setSuffix(QStringLiteral(" %"));
    m_tolerance->setToolTip(tr("The bracket's width relative to the answer when it stops"));
    m_jobs = new QSpinBox;
    m_jobs->setRange(1, 64);
    m_jobs->setToolTip(tr("Runs at once: each round runs this many points inside the bracket"));
    auto* limits = new QHBoxLayout;
    limits->addWidget(m_tolerance);
    limits->addWidget(new QLabel(tr("runs at once:")));
    limits->addWidget(m_jobs);
    limits->addStretch();
    form->addRow(tr("Tolerance:"), limits);
    m_out = new QLineEdit;
    m_out->setObjectName(QStringLiteral("solveOut"));
    form->addRow(tr("Output folder:"), m_out);
    m_run = new QPushButton(tr("Solve"));
    m_run->setObjectName(QStringLiteral("solveRun"));
    m_run->setDefault(true);
    m_cancel = new QPushButton(tr("Cancel"));
    auto* close = new QPushButton(tr("Close"));
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_run);
    buttons->addWidget(m_cancel);
    buttons->addStretch();
    buttons->addWidget(close);
    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("solveStatus"));
    m_status->setWordWrap(true);
    m_answer = new QLabel;
    m_answer->setObjectName(QStringLiteral("solveAnswer"));
    m_answer->setWordWrap(true);
    m_answer->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_plot = new QCustomPlot;
    m_plot->setMinimumHeight(320);
    m_plot->setObjectName(QStringLiteral("solvePlot"));
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addLayout(buttons);
    layout->addWidget(m_status);
    layout->addWidget(m_answer);
    layout->addWidget(m_plot, 1);

    connect(m_run, &QPushButton::clicked, this, [this] { startSolve(); });
    connect(m_cancel, &QPushButton::clicked, this, &SolveDialog::cancelSolve);
    connect(close, &QPushButton::clicked, this, &QDialog::close);
    connect(m_job, &SolveJob::progress, this, [this](int runs, double lo, double hi) {
        m_status->setText(tr("%n run(s): the answer lies in [%1, %2]", nullptr, runs)
                              .arg(lo, 0, 'g', 6)
                              .arg(hi, 0, 'g', 6));
    });
    connect(m_job, &SolveJob::finished, this, &SolveDialog::onFinished);
    connect(m_job, &SolveJob::cancelled, this, [this] {
        setRunning(false);
        m_status->setText(tr("Cancelled: finished runs are kept in %1; Solve again reuses them")
                              .arg(QDir::toNativeSeparators(m_out->text())));
    });
    connect(m_job, &SolveJob::failed, this, [this](const QStringList& problems) {
        setRunning(false);
        m_status->setText(tr("The solve did not run:\n%1").arg(problems.join(QLatin1Char('\n'))));
    });
    resize(860, 760);
    refreshFromDocument();
    setRunning(false);
}

SolveDialog::~SolveDialog() = default;

void SolveDialog::refreshFromDocument()
{
    const QString current = m_path->currentText();
    m_path->clear();
    m_path->addItems(sweepAxisSuggestions(
        m_doc->project(), m_scene ? m_scene->selectedNodeIds() : std::vector<std::string>{},
        m_scene ? m_scene->selectedLinkIds() : std::vector<std::string>{}));
    const int bandwidth = m_path->findText(QStringLiteral(".bandwidth_gbps"), Qt::MatchEndsWith);
    if (!current.isEmpty())
        m_path->setCurrentText(current);
    else if (bandwidth >= 0)
        m_path->setCurrentIndex(bandwidth);
    const int gpuEff = m_metric->findText(QStringLiteral("gpu_effective_compute_ratio"));
    if (m_metric->currentIndex() == 0 && gpuEff >= 0)
        m_metric->setCurrentIndex(gpuEff);
    if (m_outFor != m_doc->filePath() || m_out->text().isEmpty()) {
        m_out->setText(QDir::toNativeSeparators(defaultSolveOut(m_doc)));
        m_outFor = m_doc->filePath();
    }
}

std::optional<sweep::SolveRequest> SolveDialog::request(QString* problem) const
{
    try {
        // The command line's own parsing and checks, so the messages are the same.
        sweep::SolveRequest r;
        bool okLo = false, okHi = false;
        r.lo = m_lo->text().trimmed().toDouble(&okLo);
        r.hi = m_hi->text().trimmed().toDouble(&okHi);
        if (!okLo || !okHi)
            throw InputError("command line", "--range", "LO and HI must be numbers");
        r.log_scale = m_log->isChecked();
        r.integer = m_integer->isChecked();
        r.goal =
            m_goal->currentIndex() == 1 ? sweep::SolveGoal::Largest : sweep::SolveGoal::Smallest;
        r.target = sweep::parseSolveTarget(m_metric->currentText().toStdString() +
                                               (m_op->currentIndex() == 0 ? ">=" : "<=") +
                                               m_target->text().trimmed().toStdString(),
                                           "command line", "--target");
        r.rel_tolerance = m_tolerance->value() / 100.0;
        r.batch = m_jobs->value();
        sweep::checkSolveRequest(r, "command line");
        sweep::SweepSpec spec;
        sweep::Axis axis;
        axis.path = m_path->currentText().trimmed().toStdString();
        axis.origin = "--vary " + axis.path;
        axis.values = {0};
        spec.axes = {axis};
        sweep::resolveAxes(spec, m_doc->project(), solveFileOf(m_doc));
        return r;
    } catch (const InputError& e) {
        *problem = QString::fromStdString(e.what());
        return std::nullopt;
    }
}

bool SolveDialog::startSolve()
{
    if (m_job->isRunning())
        return false;
    QString problem;
    const auto r = request(&problem);
    if (!r) {
        m_status->setText(problem);
        return false;
    }
    m_answer->clear();
    m_status->setText(tr("Running both ends of the range…"));
    const QString out = QDir::fromNativeSeparators(m_out->text().trimmed());
    m_job->start(m_doc->project(), solveFileOf(m_doc),
                 m_path->currentText().trimmed().toStdString(), *r, out.toStdString());
    setRunning(true);
    return true;
}

void SolveDialog::cancelSolve()
{
    m_job->cancel();
    m_status->setText(tr("Cancelling: the runs in progress stop, finished runs stay…"));
}

void SolveDialog::onFinished()
{
    setRunning(false);
    const SolveJob::Outcome& o = m_job->outcome();
    const QString axis = QString::fromStdString(o.path);
    m_status->setText(
        tr("%n run(s); files in %1", nullptr, static_cast<int>(o.result.evaluations.size()))
            .arg(QDir::toNativeSeparators(QString::fromStdString(o.out.string()))));
    m_answer->setText(QStringLiteral("%1: %2").arg(axis, QString::fromStdString(o.result.message)));
    m_answer->setStyleSheet(o.result.solved() ? QString() : QStringLiteral("color: #b00020;"));
    // A new plot each time: the drawing starts from a plot as constructed.
    auto* plot = new QCustomPlot;
    plot->setMinimumHeight(320);
    plot->setObjectName(QStringLiteral("solvePlot"));
    delete layout()->replaceWidget(m_plot, plot); // the old plot's layout item is ours
    delete m_plot;
    m_plot = plot;
    drawSolvePlot(
        m_plot, o.table, o.spec, o.request, o.result,
        QStringLiteral("%1 — %2").arg(QString::fromStdString(o.request.target.text()), axis));
}

void SolveDialog::setRunning(bool running)
{
    m_run->setEnabled(!running);
    m_cancel->setEnabled(running);
    for (QWidget* w :
         std::initializer_list<QWidget*>{m_path, m_lo, m_hi, m_log, m_integer, m_goal, m_metric,
                                         m_op, m_target, m_tolerance, m_jobs, m_out})
        w->setEnabled(!running);
}

} // namespace meridian::ui
