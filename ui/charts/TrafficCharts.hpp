#pragma once
// The Links chart of a run with background traffic (docs/gui.md, "Live charts"; docs/traffic.md
// §5): per link, the experiment's own throughput (solid line) and the background generators'
// (dashed, same colour) in Gbit/s over simulated time, from the rates the engine reports in
// its snapshots (RunSnapshot::link_rates: the direction of the link that carries more); and in
// any run, per link, the queueing delay of its standing queue (network-model.md §4).

#include "ui/charts/LiveCharts.hpp"

#include <vector>

class QCustomPlot;

namespace meridian::ui::charts {

/// Whether any series has background rates to draw.
bool hasBackgroundRates(const std::vector<LinkSeries>& series);
/// Two step lines per link (experiment, background), Gbit/s over simulated time (s). Without
/// rates: an empty-state text.
void plotLinkBackground(QCustomPlot* plot, const std::vector<LinkSeries>& series);
enum class LinkMetric
{
    QueueDelay, ///< LinkSeries::queue_delay_s, drawn in ms
    Loss        ///< LinkSeries::loss, drawn in %
};
/// One step line per link: the delay of its standing queue (ms) or the fraction of what
/// arrives that it loses (%), over simulated time (s), live or from results. Without any: an
/// empty-state text.
void plotLinkMetric(QCustomPlot* plot, const std::vector<LinkSeries>& series, LinkMetric metric);

} // namespace meridian::ui::charts
