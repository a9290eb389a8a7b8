#pragma once
// The multi-centre generator: n compute centres joined by a WAN (star around a hub router,
// ring, full mesh or random geographic), each centre either described by a FabricSpec (the
// run synthesises it, topology/CentreFabric.hpp) or, with --explicit 1, given its own
// GPU-level fabric from the fabric builders (FabricBuilders.hpp), sized from the options.
//
// Counts: centres + (1 hub for a star WAN) nodes, WAN links; explicit fabrics add
// centres × (fabric nodes) nodes and centres × (fabric links + gateway links) links.

#include "meridian/topology/Generators.hpp"

#include <cstdint>

namespace meridian::topology::gen {

class Values;

GeneratedCounts multiCentreCounts(const Values& v, std::uint64_t seed);
void buildMultiCentre(Topology& t, const Values& v, std::uint64_t seed);

} // namespace meridian::topology::gen
