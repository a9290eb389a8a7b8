#pragma once
// Live charts of a run's results (docs/reports.md "Charts"): QCustomPlot figures that the run
// view refills ~20 times a second with the data so far (the summaries drawn once a run has
// ended are in SummaryCharts.hpp). Every plot* function clears the plot and refills it (no
// items or plottables pile up), accepts partial or empty data, and leaves a readable
// empty-state text when there is nothing to draw. All charts share one colour per phase
// (ChartStyle.hpp) and look like a figure in a paper: white background, axis labels with
// units, a legend, no grid clutter.
//
// Axes: the x axis of the timeline and of link plots is simulated time in seconds. While the
// user has not zoomed or panned a plot (see setupInteractive), every refill rescales it to
// the data; after that the user's view is kept until a double-click resets it.

#include "meridian/experiment/Results.hpp"
#include "meridian/topology/Topology.hpp"
#include "ui/charts/ChartStyle.hpp"

#include <QPointF>
#include <QString>
#include <string>
#include <vector>

class QCustomPlot;

namespace meridian::ui::charts {

/// Paper-like look, zoom (wheel) and pan (drag) on both axes, a hover tooltip naming the bar
/// or point under the mouse (phase, centre, iteration, start, duration / series and value),
/// double-click to rescale to the data, and a context menu "Save as PNG/PDF/SVG…".
void setupInteractive(QCustomPlot* plot);
/// Writes the plot as it looks (at least 1200 × 700 px or its widget size) to `path`, the
/// format chosen by the suffix: .png (2× scale), .pdf (vector), .svg (vector). The file is
/// written atomically (a temporary beside it, then renamed). Returns false with `error` set
/// (e.g. "cannot write /x/y.png: Permission denied", or an unknown suffix).
bool savePlot(QCustomPlot* plot, const QString& path, QString* error = nullptr);

/// Gantt chart of the phases: a top row "critical path" with the global phases, then one row
/// per centre (in order of first appearance) with its CenterPhaseSpans; bars coloured per
/// phase with a legend; x = simulated time (s). Without spans (micro-benchmarks) only the
/// critical-path row is drawn.
///
/// With a `control` plane that was enabled (docs/control-plane.md, docs/gui.md), the chart is
/// also a message-sequence chart of the coordinators: every protocol message copy is a line
/// from its sender's row at the send time to its receiver's row at the arrival time (one
/// colour per kind: READY, VOTE, COMMIT, APPLIED, STATE, RESUME), a lost copy a red cross on
/// the sender's row; every trigger firing a dashed vertical line labelled with its id, every
/// adoption of an order a diamond on the adopting centre's row, every centre failure a cross
/// (when it failed) and a triangle on the detector's row (when it was detected), and a stop a
/// solid red line. Hovering names the message, trigger, adoption or failure.
void plotTimeline(QCustomPlot* plot, const std::vector<experiment::CenterPhaseSpan>& spans,
                  const std::vector<experiment::PhaseResult>& phases,
                  const experiment::ControlPlaneResult* control = nullptr);
/// Number of bars plotTimeline drew on `plot` (critical path + centre spans), for tests and
/// status texts that should not depend on how the bars are drawn.
int timelineBarCount(QCustomPlot* plot);
/// What plotTimeline drew of the control plane (all zero without one).
struct TimelineControlMarks
{
    int messages = 0;  ///< delivered message copies (lines)
    int lost = 0;      ///< lost copies (crosses)
    int triggers = 0;  ///< trigger firings (dashed lines)
    int adoptions = 0; ///< order adoptions (diamonds)
    int failures = 0;  ///< detected centre failures (triangles)
    bool stopped = false;
};
TimelineControlMarks timelineControlMarks(QCustomPlot* plot);
/// The hover text of the chart at widget position `pos` (what the tooltip shows; empty when
/// nothing is there).
QString plotToolTipAt(QCustomPlot* plot, const QPointF& pos);
/// Stacked bars per iteration (compute, intra-centre, inter-centre, update durations, s) and
/// the GPU effective compute ratio (%) as a line on the right axis. Empty: empty-state text.
void plotIterations(QCustomPlot* plot, const std::vector<experiment::IterationResult>& iterations);
/// Micro-benchmarks: one bar per repetition (time, s) and the mean as a dashed line.
void plotRepetitions(QCustomPlot* plot, const experiment::CollectiveResult& collective);
/// plotIterations for training results, plotRepetitions for micro-benchmarks.
void plotIterationsOf(QCustomPlot* plot, const experiment::Results& results);

/// Nominal bandwidth of a link: its faster direction (bit/s).
double linkBandwidthBps(const topology::LinkAttributes& link);
/// One link's utilisation over simulated time (the busier direction).
struct LinkSeries
{
    std::string id;
    double bandwidth_bps = 0.0;      ///< nominal bandwidth (the faster direction)
    std::vector<double> time_s;      ///< end time of each sample
    std::vector<double> utilisation; ///< [0, 1], one per time_s
    /// Runs with background traffic (one per time_s, or empty): the experiment's own and the
    /// background's rate (wire bit/s) — live, at each snapshot (RunSnapshot::link_rates); from
    /// results, the interval means (LinkResult::background_utilization_series × bandwidth, the
    /// experiment's the rest of the utilisation).
    std::vector<double> experiment_bps;
    std::vector<double> background_bps;
    /// The delay of the link's standing queue (seconds, the larger direction), one per time_s
    /// or empty: live, at each snapshot (RunSnapshot::link_queue_delay_s); from results, the
    /// interval means (LinkResult::queue_delay_s_series).
    std::vector<double> queue_delay_s;
    /// The fraction of the bits arriving at the link that it loses, as queue_delay_s
    /// (RunSnapshot::link_loss; LinkResult::loss_series).
    std::vector<double> loss;
};
/// The colour of the `index`-th line of a link plot.
QColor linkColour(std::size_t index);
/// The series of the links `ids` (in that order; unknown ids are skipped) from a finished
/// run's results: times are Results::sample_times_s, bandwidth from the topology.
std::vector<LinkSeries> linkSeriesFromResults(const experiment::Results& results,
                                              const topology::Topology& topology,
                                              const std::vector<std::string>& ids);
/// One coloured line per link with a legend: utilisation (%), or with `throughput` the
/// throughput in Gbit/s (utilisation × bandwidth), over simulated time (s).
void plotLinks(QCustomPlot* plot, const std::vector<LinkSeries>& series, bool throughput);
/// Most links a link plot shows by default (more lines are unreadable).
inline constexpr std::size_t kMaxDefaultLinks = 8;
/// The WAN links: links whose endpoints lie in different sites, where a node's site is its
/// outermost enclosing centre (following `parent`), or the node itself when it has none (a
/// WAN router is its own site). In link order, at most kMaxDefaultLinks.
std::vector<std::string> defaultPlottedLinks(const topology::Topology& topology);

} // namespace meridian::ui::charts
