#pragma once
// The Run dock's charts (docs/gui.md, "Live charts"): tabs with
//   Timeline   — Gantt of the phases, one row per centre (QCustomPlot, live);
//   Iterations — per-iteration phase durations (stacked) and GPU effective compute (live);
//   Links      — utilisation or throughput over simulated time of the links picked in the
//                list beside it (default: the WAN links), live;
//   Summary    — after the run, Qt Charts: per-phase totals and per-centre
//                compute / communication / update / idle;
//   Compare    — the session's runs (RunHistory) overlaid: per-phase totals side by side,
//                and a table of the differences against a chosen baseline.
// Only the visible tab is redrawn while a run is live. Every QCustomPlot zooms (wheel), pans
// (drag), shows the value under the mouse and saves as PNG, PDF or SVG (right click).

#include "meridian/experiment/Results.hpp"
#include "ui/charts/LiveCharts.hpp"
#include "ui/run/RunController.hpp"

#include <QSet>
#include <QWidget>
#include <map>
#include <optional>
#include <string>
#include <vector>

class QCheckBox;
class QComboBox;
class QCustomPlot;
class QListWidget;
class QTabWidget;
class QTableWidget;
class QTextBrowser;

namespace meridian::topology {
class Topology;
}

namespace meridian::ui {

struct LiveRun;
class RunHistory;

class RunView : public QWidget
{
    Q_OBJECT
public:
    explicit RunView(QWidget* parent = nullptr);

    /// A new run of `topology` starts: clears the charts, lists its links (WAN links ticked).
    void beginRun(const topology::Topology& topology);
    /// Redraws the visible live chart from the data so far.
    void showLive(const LiveRun& live);
    /// The finished run: every chart from its complete results.
    void showResults(const experiment::Results& results, const topology::Topology& topology);
    /// Refreshes the Compare tab from the session's runs.
    void showHistory(const RunHistory& history);

    /// Links ticked in the Links tab.
    std::vector<std::string> pickedLinks() const;
    QCustomPlot* timelinePlot() const { return m_timeline; }
    QCustomPlot* iterationsPlot() const { return m_iterations; }
    QCustomPlot* linksPlot() const { return m_links; }
    /// "Experiment vs background" in the Links tab (shown for runs with background traffic).
    QCheckBox* linksBackgroundSwitch() const { return m_background; }
    /// The Links chart's quantity: utilisation, throughput, queue (delay) or loss.
    QComboBox* linksMetricChooser() const { return m_linkMetric; }
    QCustomPlot* comparePlot() const { return m_compare; }
    QTableWidget* compareTable() const { return m_compareTable; }
    QTabWidget* tabs() const { return m_tabs; }
    /// Number of Qt Charts summary charts shown (0 until a run has finished).
    int summaryChartCount() const;
    /// The Control plane tab (statistics, triggers, adoptions, failures as tables); visible
    /// only for a finished run that had a control plane.
    QTextBrowser* controlPage() const { return m_control; }

Q_SIGNALS:
    /// The set of picked links changed (the controller then watches them).
    void pickedLinksChanged();

private:
    /// The data of the Links chart's chooser: "utilisation", "throughput", "queue", "loss".
    QString linkMetric() const;
    /// The chart series of the links `ids`: from the results after a run, else from the live
    /// snapshots (every quantity they carry but the background split).
    std::vector<charts::LinkSeries> pickedSeries(const std::vector<std::string>& ids) const;
    void redrawLinks();
    /// Draws the visible tab's chart if it is out of date.
    void refreshVisible();
    void rebuildSummary();
    void redrawCompare();
    /// One group of bars per phase (and the total), one bar per run of the history.
    void plotCompare(const std::vector<std::map<std::string, double>>& totalsOf,
                     const std::vector<std::string>& rows);
    /// Phase totals per run and the difference to the baseline; the changes of each run.
    void fillCompareTable(const std::vector<std::map<std::string, double>>& totalsOf,
                          const std::vector<std::string>& rows);
    /// The Links tab: the link picker, the throughput switch and the plot.
    void createLinksPage();
    /// The Compare tab: the baseline choice, the bars and the table.
    void createComparePage();

    QTabWidget* m_tabs = nullptr;
    QCustomPlot* m_timeline = nullptr;
    QCustomPlot* m_iterations = nullptr;
    QCustomPlot* m_links = nullptr;
    QListWidget* m_linkList = nullptr;
    QComboBox* m_linkMetric = nullptr; ///< utilisation, throughput, queueing delay or loss
    QCheckBox* m_background = nullptr; ///< experiment vs background (runs with traffic)
    QWidget* m_summary = nullptr;
    QTextBrowser* m_control = nullptr;
    QCustomPlot* m_compare = nullptr;
    QTableWidget* m_compareTable = nullptr;
    QComboBox* m_baseline = nullptr;
    const RunHistory* m_history = nullptr;          ///< the window's, outlives this view
    const LiveRun* m_live = nullptr;                ///< the controller's, during a run
    std::optional<experiment::Results> m_results;   ///< after it
    std::map<std::string, double> m_bandwidth_bps;  ///< of the run's links, by id
    std::vector<charts::LinkSeries> m_resultSeries; ///< every link's, after the run
    /// The watched links' live series of a run with background traffic, kept after it.
    std::map<std::string, LiveRun::Series> m_backgroundSeries;
    QSet<QWidget*> m_stale; ///< tabs whose chart has not been drawn for the results yet
};

} // namespace meridian::ui
