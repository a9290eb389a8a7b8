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
};

} // namespace meridian::net
