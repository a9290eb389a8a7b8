#include "ui/sweep/SweepDialog.hpp"

#include "meridian/core/Error.hpp"
#include "meridian/core/Units.hpp"
#include "ui/Document.hpp"
#include "ui/TopologyScene.hpp"
#include "ui/charts/QCustomPlot.hpp"
#include "ui/report/ReportSweep.hpp"
#include "ui/sweep/SweepAxesEditor.hpp"
#include "ui/sweep/SweepJob.hpp"
#include "ui/sweep/SweepPointRun.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMouseEvent>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <thread>

namespace meridian::ui {

namespace {

/// The file the document's sweep names in messages and resolves model files against.
std::string sweepFileOf(const Document* doc)
{
    return doc->filePath().isEmpty()
               ? QDir::current().filePath(QStringLiteral("Untitled.topo")).toStdString()
               : doc->filePath().toStdString();
}

/// OUT for a file: FILE's folder/<stem>-sweep, as `meridian-cli sweep --out` would be given.
QString defaultSweepOut(const Document* doc)
{
    if (doc->filePath().isEmpty())
        return QDir(QDir::tempPath()).filePath(QStringLiteral("meridian-sweep"));
    const QFileInfo info(doc->filePath());
    return info.dir().filePath(info.completeBaseName() + QStringLiteral("-sweep"));
}

QString sweepCellText(const nlohmann::ordered_json& v)
{
    return v.is_string() ? QString::fromStdString(v.get<std::string>())
                         : QString::fromStdString(sweep::csvCell(v));
}

} // namespace

SweepDialog::SweepDialog(Document* doc, TopologyScene* scene, OpenRun openRun, QWidget* parent)
    : QDialog(parent), m_doc(doc), m_scene(scene), m_openRun(std::move(openRun))
{
    setObjectName(QStringLiteral("sweepDialog"));
    setWindowTitle(tr("Sweep"));
    m_job = new SweepJob(this);
    m_pointRun = new SweepPointRun(this);
    auto* splitter = new QSplitter(Qt::Vertical);
    auto* top = new QWidget;
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(createAxesBox());
    topLayout->addWidget(createRunBox());
    splitter->addWidget(top);
    splitter->addWidget(createResultsBox());
    splitter->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(splitter);
    auto* close = new QPushButton(tr("Close"));
    connect(close, &QPushButton::clicked, this, &QDialog::close);
    m_export = new QPushButton(tr("Export Report (HTML/PDF)…"));
    m_export->setObjectName(QStringLiteral("sweepExportReport"));
    m_export->setEnabled(false);
    connect(m_export, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Export sweep report"),
            QDir(m_out->text()).filePath(QStringLiteral("report.html")),
            tr("HTML report (*.html);;PDF report (*.pdf)"));
        if (!path.isEmpty())
            exportReport(path);
    });
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_export);
    buttons->addStretch();
    buttons->addWidget(close);
    layout->addLayout(buttons);

    connect(m_job, &SweepJob::progress, this, &SweepDialog::onProgress);
    connect(m_job, &SweepJob::finished, this, &SweepDialog::onFinished);
    connect(m_job, &SweepJob::cancelled, this, [this] {
        setRunning(false);
        m_status->setText(tr("Cancelled: finished points are kept in %1; Run again finishes "
                             "the rest")
                              .arg(QDir::toNativeSeparators(m_out->text())));
    });
    connect(m_job, &SweepJob::failed, this, [this](const QStringList& problems) {
        setRunning(false);
        m_status->setText(tr("The sweep did not run"));
        m_problems->setText(problems.join(QLatin1Char('\n')));
        m_problems->setVisible(true);
    });
    connect(m_pointRun, &SweepPointRun::opened, this, [this](const QString& name, bool same) {
        QString origin = tr("sweep point %1").arg(name);
        if (!same)
            origin += tr(" (its results differ from the sweep's: the engine changed since?)");
        if (m_openRun && m_openRun(m_pointRun->project(), m_pointRun->results(), origin)) {
            m_status->setText(
                tr("Opened %1 as a run: see the Run, Results and Compare views").arg(origin));
            Q_EMIT runOpened(origin);
        } else {
            m_status->setText(tr("Cannot open a point while a run is active"));
        }
    });
    connect(m_pointRun, &SweepPointRun::failed, this, [this](const QString& error) {
        m_status->setText(tr("Cannot open the point: %1").arg(error));
    });
    resize(1100, 820);
    refreshFromDocument();
    setRunning(false);
}

SweepDialog::~SweepDialog() = default;

QWidget* SweepDialog::createAxesBox()
{
    auto* box = new QGroupBox(tr("Axes"));
    auto* layout = new QVBoxLayout(box);
    m_axes = new SweepAxesEditor;
    layout->addWidget(m_axes);
    auto* line = new QHBoxLayout;
    auto* add = new QPushButton(tr("Add Axis"));
    add->setObjectName(QStringLiteral("sweepAddAxis"));
    connect(add, &QPushButton::clicked, this, [this] { m_axes->addAxis(); });
    m_zip = new QCheckBox(tr("Vary the axes together (zip) instead of every combination"));
    m_zip->setObjectName(QStringLiteral("sweepZip"));
    m_count = new QLabel;
    m_count->setObjectName(QStringLiteral("sweepPointCount"));
    line->addWidget(add);
    line->addWidget(m_zip);
    line->addStretch();
    line->addWidget(m_count);
    layout->addLayout(line);
    m_overall = new QLabel;
    m_overall->setObjectName(QStringLiteral("sweepAxesProblem"));
    m_overall->setWordWrap(true);
    m_overall->setStyleSheet(QStringLiteral("color: #b00020;"));
    layout->addWidget(m_overall);
    connect(m_axes, &SweepAxesEditor::changed, this, &SweepDialog::revalidate);
    connect(m_zip, &QCheckBox::toggled, this, &SweepDialog::revalidate);
    return box;
}

QWidget* SweepDialog::createRunBox()
{
    auto* box = new QWidget;
    auto* form = new QFormLayout(box);
    form->setContentsMargins(0, 0, 0, 0);
    m_out = new QLineEdit;
    m_out->setObjectName(QStringLiteral("sweepOut"));
    m_out->setToolTip(tr("sweep.csv, sweep.json and points/ are written here; the finished "
                         "points of an earlier sweep into it are not run again"));
    auto* browse = new QPushButton(tr("Browse…"));
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString dir =
            QFileDialog::getExistingDirectory(this, tr("Sweep output folder"), m_out->text());
        if (!dir.isEmpty())
            m_out->setText(dir);
    });
    auto* outLine = new QHBoxLayout;
    outLine->addWidget(m_out, 1);
    outLine->addWidget(browse);
    form->addRow(tr("Output folder:"), outLine);
    m_jobs = new QSpinBox;
    m_jobs->setObjectName(QStringLiteral("sweepJobs"));
    m_jobs->setRange(1, 4096);
    m_jobs->setValue(static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
    m_jobs->setToolTip(tr("Points run at once (default: every core)"));
    m_run = new QPushButton(tr("Run Sweep"));
    m_run->setObjectName(QStringLiteral("sweepRun"));
    m_run->setDefault(true);
    m_cancel = new QPushButton(tr("Cancel Sweep"));
    m_cancel->setObjectName(QStringLiteral("sweepCancel"));
    m_progress = new QProgressBar;
    m_progress->setObjectName(QStringLiteral("sweepProgress"));
    m_progress->setFormat(tr("%v/%m points"));
    auto* runLine = new QHBoxLayout;
    runLine->addWidget(m_jobs);
    runLine->addWidget(m_run);
    runLine->addWidget(m_cancel);
    runLine->addWidget(m_progress, 1);
    form->addRow(tr("Threads:"), runLine);
    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("sweepStatus"));
    m_status->setWordWrap(true);
    form->addRow(m_status);
    m_problems = new QLabel;
    m_problems->setObjectName(QStringLiteral("sweepProblems"));
    m_problems->setWordWrap(true);
    m_problems->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_problems->setStyleSheet(QStringLiteral("color: #b00020;"));
    m_problems->setVisible(false);
    form->addRow(m_problems);
    connect(m_run, &QPushButton::clicked, this, &SweepDialog::startSweep);
    connect(m_cancel, &QPushButton::clicked, this, &SweepDialog::cancelSweep);
    return box;
}

QWidget* SweepDialog::createResultsBox()
{
    auto* box = new QGroupBox(tr("Results"));
    auto* layout = new QVBoxLayout(box);
    auto* hint = new QLabel(tr("Double-click a row, or click a point of the plot, to open it as "
                               "a run in the Run, Results and Compare views."));
    hint->setWordWrap(true);
    layout->addWidget(hint);
    auto* split = new QSplitter(Qt::Horizontal);
    m_table = new QTableWidget;
    m_table->setObjectName(QStringLiteral("sweepTable"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    connect(m_table, &QTableWidget::cellDoubleClicked, this,
            [this](int row, int) { openRow(row); });
    split->addWidget(m_table);
    auto* plotBox = new QWidget;
    auto* plotLayout = new QVBoxLayout(plotBox);
    plotLayout->setContentsMargins(0, 0, 0, 0);
    auto* metricLine = new QHBoxLayout;
    m_metric = new QComboBox;
    m_metric->setObjectName(QStringLiteral("sweepMetric"));
    metricLine->addWidget(new QLabel(tr("Plot:")));
    metricLine->addWidget(m_metric, 1);
    plotLayout->addLayout(metricLine);
    m_plotHolder = new QVBoxLayout;
    plotLayout->addLayout(m_plotHolder, 1);
    split->addWidget(plotBox);
    split->setStretchFactor(1, 1);
    layout->addWidget(split, 1);
    connect(m_metric, &QComboBox::currentIndexChanged, this, &SweepDialog::redrawPlot);
    return box;
}

void SweepDialog::refreshFromDocument()
{
    const QStringList suggestions = sweepAxisSuggestions(
        m_doc->project(), m_scene ? m_scene->selectedNodeIds() : std::vector<std::string>{},
        m_scene ? m_scene->selectedLinkIds() : std::vector<std::string>{});
    m_axes->setProject(&m_doc->project(), sweepFileOf(m_doc), suggestions);
    // A new file gets its own default folder; a folder the user chose for this file stays.
    if (m_outEditedFor != m_doc->filePath() || m_out->text().isEmpty()) {
        m_out->setText(QDir::toNativeSeparators(defaultSweepOut(m_doc)));
        m_outEditedFor = m_doc->filePath();
    }
    revalidate();
}

void SweepDialog::revalidate()
{
    m_axes->setZip(m_zip->isChecked());
    QString overall;
    const auto spec = m_axes->validate(&overall);
    m_overall->setText(overall);
    m_overall->setVisible(!overall.isEmpty());
    std::size_t points = 0;
    if (spec) {
        points = spec->zip ? spec->axes.front().values.size() : 1;
        if (!spec->zip)
            for (const auto& a : spec->axes)
                points *= a.values.size();
    }
    m_count->setText(spec ? (points == 1 ? tr("1 point") : tr("%1 points").arg(points))
                          : QString());
    m_run->setEnabled(spec.has_value() && !m_job->isRunning());
}

bool SweepDialog::startSweep()
{
    if (m_job->isRunning())
        return false;
    m_axes->setZip(m_zip->isChecked());
    QString overall;
    const auto spec = m_axes->validate(&overall);
    if (!spec) {
        m_overall->setText(overall);
        m_overall->setVisible(!overall.isEmpty());
        return false;
    }
    m_problems->clear();
    m_problems->setVisible(false);
    m_status->setText(tr("Checking every point…"));
    const QString out = QDir::fromNativeSeparators(m_out->text().trimmed());
    m_job->start(m_doc->project(), sweepFileOf(m_doc), *spec, out.toStdString(), m_jobs->value());
    setRunning(true);
    return true;
}

void SweepDialog::cancelSweep()
{
    m_job->cancel();
    m_status->setText(tr("Cancelling: the points in progress stop, finished points stay…"));
}

void SweepDialog::setRunning(bool running)
{
    m_run->setEnabled(!running);
    m_cancel->setEnabled(running);
    m_axes->setEnabled(!running);
    m_zip->setEnabled(!running);
    m_out->setEnabled(!running);
    m_jobs->setEnabled(!running);
    if (!running)
        revalidate();
}

bool SweepDialog::exportReport(const QString& path)
{
    if (!m_job->hasOutcome()) {
        m_status->setText(tr("There is no finished sweep to report."));
        return false;
    }
    const auto& o = m_job->outcome();
    const QString name = QFileInfo(QString::fromStdString(sweepFileOf(m_doc))).fileName();
    try {
        if (path.endsWith(QLatin1String(".pdf"), Qt::CaseInsensitive))
            report::writeSweepPdfReport(o.table, o.spec, name, path);
        else
            report::writeSweepHtmlReport(o.table, o.spec, name, path);
    } catch (const InputError& e) {
        m_status->setText(tr("Cannot export the report: %1").arg(QString::fromStdString(e.what())));
        return false;
    }
    m_status->setText(tr("Report written to %1").arg(QDir::toNativeSeparators(path)));
    return true;
}

void SweepDialog::onProgress(const sweep::ExecutorProgress& p)
{
    m_progress->setRange(0, static_cast<int>(p.total));
    m_progress->setValue(static_cast<int>(p.done));
    QString text = tr("%1 of %2 points").arg(p.done).arg(p.total);
    if (p.failed)
        text += tr(", %1 failed").arg(p.failed);
    if (p.done < p.total)
        text +=
            p.eta_s >= 0
                ? tr(", about %1 left").arg(QString::fromStdString(units::formatDuration(p.eta_s)))
                : tr(", estimating the time left…");
    m_status->setText(text);
}

void SweepDialog::onFinished()
{
    setRunning(false);
    m_export->setEnabled(true);
    const auto& o = m_job->outcome();
    std::size_t failed = 0;
    for (const auto& r : o.table.rows)
        failed += r.value("status", "") == "ok" ? 0 : 1;
    m_status->setText(
        tr("%1 points (%2 ok, %3 failed; %4 run now, %5 finished before); table in %6")
            .arg(o.points.size())
            .arg(o.points.size() - failed)
            .arg(failed)
            .arg(o.report.ran)
            .arg(o.report.skipped)
            .arg(QDir::toNativeSeparators(QString::fromStdString((o.out / "sweep.csv").string()))));
    showTable();
}

void SweepDialog::showTable()
{
    const sweep::Table& t = m_job->outcome().table;
    m_table->clear();
    m_table->setColumnCount(static_cast<int>(t.columns.size()));
    m_table->setRowCount(static_cast<int>(t.rows.size()));
    QStringList header;
    for (const std::string& c : t.columns)
        header << QString::fromStdString(c);
    m_table->setHorizontalHeaderLabels(header);
    for (int r = 0; r < m_table->rowCount(); ++r)
        for (int c = 0; c < m_table->columnCount(); ++c) {
            const auto& row = t.rows[static_cast<std::size_t>(r)];
            const auto it = row.find(t.columns[static_cast<std::size_t>(c)]);
            auto* item = new QTableWidgetItem(it == row.end() ? QString() : sweepCellText(*it));
            if (it != row.end() && it->is_number())
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(r, c, item);
        }
    m_table->resizeColumnsToContents();
    const QSignalBlocker block(m_metric);
    const QString before = m_metric->currentData().toString();
    m_metric->clear();
    for (const std::string& c : sweepPlotColumns(t, m_job->outcome().spec))
        if (c != "seed")
            m_metric->addItem(sweepMetricLabel(c), QString::fromStdString(c));
    int index = m_metric->findData(before);
    if (index < 0)
        index = m_metric->findData(QString::fromStdString(defaultSweepMetric(t)));
    m_metric->setCurrentIndex(std::max(0, index));
    redrawPlot();
}

void SweepDialog::redrawPlot()
{
    if (!m_job->hasOutcome() || m_metric->currentIndex() < 0)
        return;
    const auto& o = m_job->outcome();
    // A new plot each time: the drawing starts from a plot as constructed.
    delete m_plot;
    m_plot = new QCustomPlot;
    m_plot->setObjectName(QStringLiteral("sweepPlot"));
    m_plot->setMinimumSize(420, 320);
    m_plotHolder->addWidget(m_plot);
    const std::string metric = m_metric->currentData().toString().toStdString();
    const QString heading =
        tr("%1, %2 points").arg(sweepMetricLabel(metric)).arg(o.table.rows.size());
    m_plotMap = drawSweepPlot(m_plot, o.table, o.spec, metric, heading);
    connect(m_plot, &QCustomPlot::mousePress, this,
            [this](QMouseEvent* event) { onPlotClicked(event->position()); });
}

void SweepDialog::onPlotClicked(const QPointF& pixel)
{
    if (const auto row = m_plotMap.rowAt(pixel)) {
        m_table->setCurrentCell(static_cast<int>(*row), 0);
        m_table->selectRow(static_cast<int>(*row));
        openRow(static_cast<int>(*row));
    }
}

bool SweepDialog::openRow(int row)
{
    if (!m_job->hasOutcome() || row < 0 ||
        static_cast<std::size_t>(row) >= m_job->outcome().points.size())
        return false;
    const auto& o = m_job->outcome();
    const sweep::Point& point = o.points[static_cast<std::size_t>(row)];
    if (o.table.rows[static_cast<std::size_t>(row)].value("status", "") != "ok") {
        m_status->setText(tr("Point %1 failed: it has no results to open")
                              .arg(QString::fromStdString(point.name)));
        return false;
    }
    if (!m_pointRun->start(o.out, point))
        return false;
    m_status->setText(tr("Opening point %1…").arg(QString::fromStdString(point.name)));
    return true;
}

} // namespace meridian::ui
