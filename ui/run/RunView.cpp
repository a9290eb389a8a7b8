#include "ui/run/RunView.hpp"

#include "meridian/core/Units.hpp"
#include "meridian/topology/Topology.hpp"
#include "ui/ColumnUnits.hpp"
#include "ui/charts/ChartStyle.hpp"
#include "ui/charts/LiveCharts.hpp"
#include "ui/charts/QCustomPlot.hpp"
#include "ui/charts/SummaryCharts.hpp"
#include "ui/charts/TrafficCharts.hpp"
#include "ui/report/Report.hpp"
#include "ui/run/RunController.hpp"
#include "ui/run/RunHistory.hpp"

#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QSplitter>
#include <QTabBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace meridian::ui {

namespace {

/// Total simulated time per phase name, plus "total" (the run's end).
std::map<std::string, double> phaseTotals(const experiment::Results& r)
{
    std::map<std::string, double> totals;
    for (const auto& p : r.phases)
        totals[p.name] += p.duration_s();
    totals["total"] = r.total_s;
    return totals;
}

/// Carried throughput of every background generator together (bit/s); −1 without any.
double backgroundCarriedBps(const experiment::Results& r)
{
    if (r.traffic.empty())
        return -1.0;
    double sum = 0.0;
    for (const auto& g : r.traffic)
        sum += g.carried_bps;
    return sum;
}

QCustomPlot* makePlot(QWidget* parent, const QString& name)
{
    auto* plot = new QCustomPlot(parent);
    plot->setObjectName(name);
    // Small enough that the Run dock fits a 768 px high screen beside the other docks.
    plot->setMinimumSize(320, 140);
    charts::setupInteractive(plot); // zoom, pan, hover, Reset view / Save as… menu
    return plot;
}

} // namespace

RunView::RunView(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    m_tabs = new QTabWidget(this);
    m_tabs->setDocumentMode(true);
    layout->addWidget(m_tabs);

    m_timeline = makePlot(m_tabs, QStringLiteral("timelinePlot"));
    m_tabs->tabBar()->setTabData(m_tabs->addTab(m_timeline, tr("Timeline")),
                                 QStringLiteral("timeline"));
    m_iterations = makePlot(m_tabs, QStringLiteral("iterationsPlot"));
    m_tabs->tabBar()->setTabData(m_tabs->addTab(m_iterations, tr("Iterations")),
                                 QStringLiteral("iterations"));

    createLinksPage();

    m_summary = new QWidget(m_tabs);
    m_summary->setObjectName(QStringLiteral("summaryPage"));
    auto* summaryLayout = new QHBoxLayout(m_summary);
    summaryLayout->addWidget(
        new QLabel(tr("The summary charts appear when a run has finished."), m_summary));
    m_tabs->tabBar()->setTabData(m_tabs->addTab(m_summary, tr("Summary")),
                                 QStringLiteral("summary"));

    createComparePage();

    // Last, so the other tabs keep their places: shown only after a run with a control plane.
    m_control = new QTextBrowser(m_tabs);
    m_control->setObjectName(QStringLiteral("controlPlanePage"));
    m_control->setOpenLinks(false);
    m_tabs->tabBar()->setTabData(m_tabs->addTab(m_control, tr("Control plane")),
                                 QStringLiteral("control"));
    m_tabs->setTabVisible(m_tabs->indexOf(m_control), false);

    connect(m_tabs, &QTabWidget::currentChanged, this, &RunView::refreshVisible);
    beginRun(topology::Topology{}); // the charts' empty states until a run starts
}

void RunView::createLinksPage()
{
    auto* linksPage = new QSplitter(Qt::Horizontal, m_tabs);
    auto* picker = new QWidget(linksPage);
    auto* pickerLayout = new QVBoxLayout(picker);
    pickerLayout->setContentsMargins(0, 0, 0, 0);
    m_linkMetric = new QComboBox(picker);
    m_linkMetric->setObjectName(QStringLiteral("linksMetric"));
    m_linkMetric->addItem(tr("Utilisation (%)"), QStringLiteral("utilisation"));
    m_linkMetric->addItem(tr("Throughput (Gbit/s)"), QStringLiteral("throughput"));
    m_linkMetric->addItem(tr("Queueing delay (ms)"), QStringLiteral("queue"));
    m_linkMetric->addItem(tr("Loss (%)"), QStringLiteral("loss"));
    m_linkMetric->setToolTip(
        tr("Utilisation; throughput = utilisation × bandwidth; the delay of the link's standing "
           "queue; the share of the bits arriving at it that it loses. Each for the busier "
           "direction: live at every update, after the run per sample interval"));
    pickerLayout->addWidget(m_linkMetric);
    m_background = new QCheckBox(tr("Experiment vs background"), picker);
    m_background->setObjectName(QStringLiteral("linksBackground"));
    m_background->setToolTip(
        tr("Runs with background traffic: per link the experiment's throughput (solid) and "
           "the background generators' (dashed), in Gbit/s"));
    m_background->setVisible(false);
    m_background->setChecked(true); // shown only for runs with background traffic: split
    pickerLayout->addWidget(m_background);
    m_linkList = new QListWidget(picker);
    m_linkList->setObjectName(QStringLiteral("linkPicker"));
    pickerLayout->addWidget(m_linkList, 1);
    m_links = makePlot(linksPage, QStringLiteral("linksPlot"));
    linksPage->addWidget(picker);
    linksPage->addWidget(m_links);
    linksPage->setStretchFactor(1, 4);
    m_tabs->tabBar()->setTabData(m_tabs->addTab(linksPage, tr("Links")), QStringLiteral("links"));
    connect(m_linkMetric, &QComboBox::currentIndexChanged, this, &RunView::redrawLinks);
    connect(m_background, &QCheckBox::toggled, this, &RunView::redrawLinks);
    connect(m_linkList, &QListWidget::itemChanged, this, [this] {
        redrawLinks();
        Q_EMIT pickedLinksChanged();
    });
}

void RunView::createComparePage()
{
    auto* comparePage = new QWidget(m_tabs);
    auto* compareLayout = new QVBoxLayout(comparePage);
    compareLayout->setContentsMargins(0, 0, 0, 0);
    auto* baselineRow = new QHBoxLayout;
    baselineRow->addWidget(new QLabel(tr("Baseline:"), comparePage));
    m_baseline = new QComboBox(comparePage);
    m_baseline->setObjectName(QStringLiteral("compareBaseline"));
    baselineRow->addWidget(m_baseline, 1);
    compareLayout->addLayout(baselineRow);
    auto* compareSplit = new QSplitter(Qt::Vertical, comparePage);
    m_compare = makePlot(compareSplit, QStringLiteral("comparePlot"));
    m_compareTable = new QTableWidget(compareSplit);
    m_compareTable->setObjectName(QStringLiteral("compareTable"));
    m_compareTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_compareTable->setMinimumHeight(60);
    compareSplit->addWidget(m_compare);
    compareSplit->addWidget(m_compareTable);
    compareLayout->addWidget(compareSplit, 1);
    m_tabs->tabBar()->setTabData(m_tabs->addTab(comparePage, tr("Compare")),
                                 QStringLiteral("compare"));
    connect(m_baseline, &QComboBox::currentIndexChanged, this, &RunView::redrawCompare);
}

void RunView::beginRun(const topology::Topology& topology)
{
    m_results.reset();
    m_resultSeries.clear();
    m_backgroundSeries.clear();
    m_background->setVisible(false);
    m_stale.clear();
    m_live = nullptr;
    m_bandwidth_bps.clear();
    const std::vector<std::string> wan = charts::defaultPlottedLinks(topology);
    const QSignalBlocker block(m_linkList);
    m_linkList->clear();
    for (std::size_t i = 0; i < topology.linkCount(); ++i) {
        const auto& l = topology.link(LinkId::fromIndex(i));
        m_bandwidth_bps[l.id] = charts::linkBandwidthBps(l);
        auto* item = new QListWidgetItem(QString::fromStdString(l.id), m_linkList);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        const bool picked = std::find(wan.begin(), wan.end(), l.id) != wan.end();
        item->setCheckState(picked ? Qt::Checked : Qt::Unchecked);
        item->setToolTip(QString::fromStdString(l.a + " — " + l.b));
    }
    m_control->clear();
    m_tabs->setTabVisible(m_tabs->indexOf(m_control), false);
    // Each chart in its empty state ("No phases yet"): nothing of a previous run's axes.
    charts::plotTimeline(m_timeline, {}, {});
    charts::plotIterations(m_iterations, {});
    charts::plotLinks(m_links, {}, linkMetric() == QLatin1String("throughput"));
}

std::vector<std::string> RunView::pickedLinks() const
{
    std::vector<std::string> ids;
    for (int i = 0; i < m_linkList->count(); ++i)
        if (m_linkList->item(i)->checkState() == Qt::Checked)
            ids.push_back(m_linkList->item(i)->text().toStdString());
    return ids;
}

void RunView::showLive(const LiveRun& live)
{
    m_live = &live;
    if (!!m_background->isHidden())
        for (const auto& [id, s] : live.series)
            if (!s.background_bps.empty()) {
                m_background->setVisible(true);
                break;
            }
    QWidget* current = m_tabs->currentWidget();
    if (current == m_timeline) {
        // The phase in progress is drawn up to the latest report.
        if (live.phase.empty() || live.time_s <= live.phase_start_s) {
            charts::plotTimeline(m_timeline, live.spans, live.phases);
        } else {
            std::vector<experiment::PhaseResult> phases = live.phases;
            phases.push_back({live.phase, live.iteration, live.phase_start_s, live.time_s});
            charts::plotTimeline(m_timeline, live.spans, phases);
        }
    } else if (current == m_iterations)
        charts::plotIterations(m_iterations, live.iterations);
    else if (current == m_links->parentWidget())
        redrawLinks();
}

void RunView::showResults(const experiment::Results& results, const topology::Topology& topology)
{
    // The live background rates, kept for the chart where the results have no series (a run
    // keeping summaries only).
    m_backgroundSeries.clear();
    if (m_live)
        for (const auto& [id, s] : m_live->series)
            if (!s.background_bps.empty())
                m_backgroundSeries[id] = s;
    m_background->setVisible(!results.traffic.empty());
    m_live = nullptr;
    m_results = results;
    std::vector<std::string> all;
    for (std::size_t i = 0; i < topology.linkCount(); ++i)
        all.push_back(topology.link(LinkId::fromIndex(i)).id);
    m_resultSeries = charts::linkSeriesFromResults(results, topology, all);
    // Every link's background share is in the results (background_utilization_series): it
    // replaces the live rates, which only the links watched during the run have.
    for (const auto& s : m_resultSeries)
        if (!s.background_bps.empty()) {
            LiveRun::Series& b = m_backgroundSeries[s.id];
            b.time_s = s.time_s;
            b.experiment_bps = s.experiment_bps;
            b.background_bps = s.background_bps;
        }
    // Each chart is drawn when its tab is first shown: the end of a large run costs the GUI
    // thread one chart, not five.
    m_stale = {m_timeline, m_iterations, m_links->parentWidget(), m_summary};
    // The control plane's tables are cheap (no chart): filled at once, the tab shown only when
    // the run had one.
    m_control->setHtml(report::controlPlaneHtml(results.control_plane));
    m_tabs->setTabVisible(m_tabs->indexOf(m_control), results.control_plane.enabled);
    refreshVisible();
}

void RunView::refreshVisible()
{
    QWidget* current = m_tabs->currentWidget();
    if (!m_results) {
        if (m_live)
            showLive(*m_live);
        return;
    }
    if (!m_stale.remove(current))
        return;
    if (current == m_timeline)
        charts::plotTimeline(m_timeline, m_results->center_phases, m_results->phases,
                             &m_results->control_plane);
    else if (current == m_iterations)
        charts::plotIterationsOf(m_iterations, *m_results);
    else if (current == m_links->parentWidget())
        redrawLinks();
    else if (current == m_summary)
        rebuildSummary();
}

void RunView::rebuildSummary()
{
    auto* layout = static_cast<QBoxLayout*>(m_summary->layout());
    while (QLayoutItem* item = layout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    for (QChart* chart :
         {charts::phaseTotalsChart(*m_results), charts::centreBreakdownChart(*m_results)}) {
        if (!chart)
            continue;
        auto* view = new QChartView(chart, m_summary);
        view->setRenderHint(QPainter::Antialiasing);
        view->setObjectName(QStringLiteral("summaryChart"));
        layout->addWidget(view, 1); // equal halves: the second chart was squeezed to a sliver
    }
}

int RunView::summaryChartCount() const
{
    return static_cast<int>(m_summary->findChildren<QChartView*>().size());
}

QString RunView::linkMetric() const
{
    return m_linkMetric->currentData().toString();
}

std::vector<charts::LinkSeries> RunView::pickedSeries(const std::vector<std::string>& ids) const
{
    std::vector<charts::LinkSeries> series;
    if (m_results) {
        for (const auto& s : m_resultSeries)
            if (std::find(ids.begin(), ids.end(), s.id) != ids.end())
                series.push_back(s);
    } else if (m_live) {
        for (const auto& id : ids) {
            charts::LinkSeries s;
            s.id = id;
            if (const auto b = m_bandwidth_bps.find(id); b != m_bandwidth_bps.end())
                s.bandwidth_bps = b->second;
            if (const auto it = m_live->series.find(id); it != m_live->series.end()) {
                s.time_s = it->second.time_s;
                s.utilisation = it->second.utilisation;
                s.queue_delay_s = it->second.queue_delay_s;
                s.loss = it->second.loss;
            }
            series.push_back(std::move(s));
        }
    }
    return series;
}

void RunView::redrawLinks()
{
    const std::vector<std::string> ids = pickedLinks();
    const QString metric = linkMetric();
    const bool queueOrLoss = metric == QLatin1String("queue") || metric == QLatin1String("loss");
    m_background->setEnabled(!queueOrLoss); // it splits rates, not delays or losses
    if (queueOrLoss) {
        charts::plotLinkMetric(m_links, pickedSeries(ids),
                               metric == QLatin1String("queue") ? charts::LinkMetric::QueueDelay
                                                                : charts::LinkMetric::Loss);
        return;
    }
    if (!m_background->isHidden() && m_background->isChecked()) {
        std::vector<charts::LinkSeries> series;
        const auto& source = m_live ? m_live->series : m_backgroundSeries;
        for (const auto& id : ids) {
            charts::LinkSeries s;
            s.id = id;
            if (const auto it = source.find(id); it != source.end()) {
                s.time_s = it->second.time_s;
                s.experiment_bps = it->second.experiment_bps;
                s.background_bps = it->second.background_bps;
            }
            series.push_back(std::move(s));
        }
        charts::plotLinkBackground(m_links, series);
        return;
    }
    charts::plotLinks(m_links, pickedSeries(ids), metric == QLatin1String("throughput"));
}

void RunView::showHistory(const RunHistory& history)
{
    m_history = &history;
    const QSignalBlocker block(m_baseline);
    const QString previous = m_baseline->currentText();
    m_baseline->clear();
    for (const auto& run : history.runs())
        m_baseline->addItem(run.label(), run.number);
    const int keep = m_baseline->findText(previous);
    m_baseline->setCurrentIndex(keep >= 0 ? keep : 0);
    redrawCompare();
}

void RunView::redrawCompare()
{
    m_compare->clearPlottables();
    m_compare->clearItems();
    m_compareTable->clear();
    if (!m_history || m_history->runs().empty()) {
        m_compare->replot();
        return;
    }
    const auto& runs = m_history->runs();
    std::vector<std::map<std::string, double>> totalsOf;
    for (const auto& run : runs)
        totalsOf.push_back(phaseTotals(run.results));
    std::vector<std::string> rows = charts::canonicalPhases();
    rows.push_back("total");
    plotCompare(totalsOf, rows);
    fillCompareTable(totalsOf, rows);
}

void RunView::plotCompare(const std::vector<std::map<std::string, double>>& totalsOf,
                          const std::vector<std::string>& rows)
{
    const auto& runs = m_history->runs();
    // Bars: one group per phase, one bar per run.
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    for (std::size_t i = 0; i < rows.size(); ++i)
        ticker->addTick(static_cast<double>(i),
                        rows[i] == "total" ? tr("total") : charts::phaseLabel(rows[i]));
    m_compare->xAxis->setTicker(ticker);
    m_compare->xAxis->setRange(-0.6, static_cast<double>(rows.size()) - 0.4);
    m_compare->yAxis->setLabel(tr("time per run (s)"));
    auto* group = new QCPBarsGroup(m_compare);
    double yMax = 0.0;
    const std::size_t n = runs.size();
    for (std::size_t r = 0; r < n; ++r) {
        auto* bars = new QCPBars(m_compare->xAxis, m_compare->yAxis);
        bars->setName(runs[r].label());
        const QColor color = QColor::fromHsv(
            static_cast<int>(210 + 300 * r / std::max<std::size_t>(n, 1)) % 360, 150, 200);
        bars->setBrush(color);
        bars->setPen(color.darker(130));
        bars->setWidth(0.8 / static_cast<double>(n));
        bars->setBarsGroup(group);
        const auto& totals = totalsOf[r];
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const auto it = totals.find(rows[i]);
            const double v = it != totals.end() ? it->second : 0.0;
            bars->addData(static_cast<double>(i), v);
            yMax = std::max(yMax, v);
        }
    }
    m_compare->yAxis->setRange(0, yMax > 0 ? yMax * 1.1 : 1.0);
    m_compare->legend->setVisible(true);
    m_compare->replot();
}

void RunView::fillCompareTable(const std::vector<std::map<std::string, double>>& totalsOf,
                               const std::vector<std::string>& rows)
{
    const auto& runs = m_history->runs();
    const std::size_t n = runs.size();
    // Table: phase totals per run, and the difference to the baseline.
    const int baselineNumber = m_baseline->currentData().toInt();
    std::size_t baseIndex = 0;
    for (std::size_t r = 0; r < runs.size(); ++r)
        if (runs[r].number == baselineNumber)
            baseIndex = r;
    const auto& baseTotals = totalsOf[baseIndex];
    // Runs with background traffic add a row: the generators' carried throughput.
    bool background = false;
    for (const auto& run : runs)
        background = background || backgroundCarriedBps(run.results) >= 0.0;
    const int changesRow = static_cast<int>(rows.size()) + (background ? 1 : 0);
    m_compareTable->setRowCount(changesRow + 1);
    m_compareTable->setColumnCount(static_cast<int>(n));
    QStringList headers;
    QStringList rowHeaders;
    for (const auto& name : rows)
        rowHeaders << (name == "total" ? tr("total") : charts::phaseLabel(name));
    // One unit for the whole table (ui/ColumnUnits.hpp), named in the corner's rows.
    std::vector<double> all;
    for (const auto& totals : totalsOf)
        for (const auto& [name, v] : totals)
            all.push_back(v);
    const DurationColumn column = DurationColumn::of(all);
    if (background)
        rowHeaders << tr("background carried");
    rowHeaders << tr("changes");
    for (std::size_t r = 0; r < n; ++r) {
        headers << runs[r].name;
        const auto& totals = totalsOf[r];
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const auto it = totals.find(rows[i]);
            const auto bt = baseTotals.find(rows[i]);
            const double v = it != totals.end() ? it->second : 0.0;
            const double b = bt != baseTotals.end() ? bt->second : 0.0;
            QString text = column.text(v);
            if (r != baseIndex && b > 0) {
                const double percent = 100.0 * (v - b) / b;
                text += std::abs(percent) < 0.05
                            ? tr(" (same)")
                            : QStringLiteral(" (%1%2 %)")
                                  .arg(percent > 0 ? QStringLiteral("+") : QString())
                                  .arg(percent, 0, 'f', 1);
            }
            auto* item = new QTableWidgetItem(text);
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_compareTable->setItem(static_cast<int>(i), static_cast<int>(r), item);
        }
        if (background) {
            const double v = backgroundCarriedBps(runs[r].results);
            const double b = backgroundCarriedBps(runs[baseIndex].results);
            QString text = v < 0.0 ? tr("none") : QString::fromStdString(units::formatBandwidth(v));
            if (r != baseIndex && v >= 0.0 && b > 0.0)
                text += QStringLiteral(" (%1%2 %)")
                            .arg(v > b ? QStringLiteral("+") : QString())
                            .arg(100.0 * (v - b) / b, 0, 'f', 1);
            auto* item = new QTableWidgetItem(text);
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_compareTable->setItem(changesRow - 1, static_cast<int>(r), item);
        }
        auto* changes = new QTableWidgetItem(runs[r].changes);
        changes->setToolTip(runs[r].changes);
        m_compareTable->setItem(changesRow, static_cast<int>(r), changes);
    }
    m_compareTable->setHorizontalHeaderLabels(headers);
    m_compareTable->setVerticalHeaderLabels(rowHeaders);
    m_compareTable->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
}

} // namespace meridian::ui
