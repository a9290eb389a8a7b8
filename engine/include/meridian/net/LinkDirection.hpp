#pragma once
// One direction of a link as the Network sees it now (docs/network-model.md §8): its current
// parameters (after schedule steps), the last jitter sample drawn on it (netem correlation,
// §4) and the solver resource its traffic uses (one per direction; both directions of a
// half-duplex link share the even one).

#include "meridian/topology/Attributes.hpp"

#include <cstdint>

namespace meridian::net {

struct LinkDirection
{
    topology::LinkParams params;
    double lastJitter_s = 0.0; ///< for netem-style correlation
    std::uint32_t resource = 0;
};

} // namespace meridian::net
