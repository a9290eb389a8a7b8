#pragma once
// Statistics of one direction of a link (half-duplex links report their shared medium in
// both directions).

#include "meridian/core/StrongId.hpp"

#include <vector>

namespace meridian::net {

struct LinkStats
{
    LinkId link;
    int dir = 0;
    double bytes = 0.0;            ///< wire bytes carried (retransmissions included)
    double busy_s = 0.0;           ///< time with at least one flow sending
    double utilisation_mean = 0.0; ///< ∫ allocated dt / ∫ capacity dt over [0, now]
    double utilisation_peak = 0.0; ///< max instantaneous allocated / capacity
    /// Interval means: series[i] = carried bits / capacity bits over (t_{i−1}, t_i] with
    /// t_i = Network::sampleTimes()[i].
    std::vector<double> utilisation_series;
    /// Per sample interval, as utilisation_series: the background flows' bits
    /// (TransferOptions::background) / capacity bits, integrated exactly (LinkStatsRecorder).
    std::vector<double> background_utilisation_series;
    double lost_bytes = 0.0; ///< random loss and paced sources' overflow (LinkStatsRecorder)
    double queue_delay_mean_s = 0.0; ///< mean delay of its standing queue over [0, now]
    /// Per sample interval, as utilisation_series: the mean delay of the standing queue
    /// (network-model.md §4) and the fraction of the bits arriving that were lost.
    std::vector<double> queue_delay_s_series;
    std::vector<double> loss_series;
};

} // namespace meridian::net
