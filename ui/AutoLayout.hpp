#pragma once
// Automatic placement of the top-level nodes (centres, routers, free devices) with
// Boost.Graph; nodes inside a centre keep their offset from it.
//
//  * Force-directed: Fruchterman & Reingold (1991),
//  boost::fruchterman_reingold_force_directed_layout
//    on a square of side 120·√n, from a seeded random start (deterministic).
//  * Spring: Kamada & Kawai (1989), boost::kamada_kawai_spring_layout with unit edge weights and
//    edge length 120. It needs a connected graph, so each connected component is laid out on
//    its own and the components are packed in rows, largest first.
//  * Geographic: equirectangular projection of latitude/longitude (topology/Geo.hpp) around the
//    mean position, scaled to about 1,600 scene units across; nodes without coordinates are
//    put at the mean of their placed neighbours, or on a row under the map.
//
// Each returns a copy of the topology with new positions (the caller wraps it in one undoable
// ReplaceTopologyCommand).

#include "meridian/topology/Topology.hpp"

#include <cstdint>

namespace meridian::ui {

class AutoLayout
{
public:
    static topology::Topology forceDirected(const topology::Topology& topo, std::uint32_t seed = 1);
    static topology::Topology springLayout(const topology::Topology& topo);
    static topology::Topology geographic(const topology::Topology& topo);
    /// Number of top-level nodes that have both latitude and longitude.
    static std::size_t geolocatedCount(const topology::Topology& topo);
};

} // namespace meridian::ui
