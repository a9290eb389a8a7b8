#pragma once
// Automatic placement of the top-level nodes (centres, routers, free devices) with
// Boost.Graph; nodes inside a centre keep their offset from it.
//
//  * Force-directed: Fruchterman & Reingold (1991),
//    boost::fruchterman_reingold_force_directed_layout on a square of side 180·√n, started
//    from the current drawing (or a seeded random layout), so the result is deterministic.
//    Components of up to kForceAllPairsMaxNodes nodes get exact all-pairs repulsion (the
//    long-range push is what groups a fabric's pods). Larger ones compute repulsion only
//    between nodes in neighbouring grid cells of side 2k (k = the ideal edge length): O(n)
//    work per iteration for a spread-out graph instead of O(n²). Boost 1.74's own grid_force_pairs
//    sizes its cells from the square's *area* (2·side²/√n instead of 2·side/√n), so every node
//    lands in one cell and it degrades to all pairs; GridForcePairs in AutoLayout.cpp is the
//    corrected version. Linear cooling over kForceIterations(n) iterations (100 up to 2,000 nodes,
//    60 above).
//  * Spring: Kamada & Kawai (1989), boost::kamada_kawai_spring_layout with unit edge weights
//    and edge length 120. It needs a connected graph, so each connected component is laid
//    out on its own and the components are packed in rows, largest first. It keeps the
//    all-pairs shortest-path distances and spring strengths of a component (two n×n matrices
//    of doubles) and its time grows faster than n², so components larger than
//    kSpringMaxComponentNodes are refused (springUnavailableReason() says why); nothing else
//    is run in its place.
//  * Geographic: equirectangular projection of latitude/longitude (topology/Geo.hpp) around the
//    mean position, scaled to about 1,600 scene units across; nodes without coordinates are
//    put at the mean of their placed neighbours, or on a row under the map. Then
//    separateNodes() pushes apart every pair closer than kGeoMinSeparation, so dense regions
//    (central Europe) spread out a little while the map keeps its shape.
//
// Each returns a copy of the topology with new positions, or std::nullopt when `control`
// was cancelled. The layouter is part of the Qt-free engine (as OMNeT++ keeps its layouter
// apart from its GUI): the GUI runs it on a worker thread with a copy of the document's
// topology (ui/LayoutJob), benchmarks and tests call it directly; `control` reports progress
// and carries the cancel request across threads.

#include "meridian/topology/Topology.hpp"

#include <array>
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace meridian::topology {

/// Shared between the GUI thread and a layout running on a worker thread.
struct LayoutControl
{
    std::atomic<bool> cancel{false};
    std::atomic<int> progress_permille{0}; ///< 0..1000, monotone
};

class AutoLayout
{
public:
    /// Largest connected component (counted in top-level nodes) the spring layout accepts:
    /// it keeps two n×n matrices (2·8·n² bytes) and its time grows faster than n² — a
    /// 1,000-node ring takes about 50 s, a 500-node one 3 s (docs/gui.md).
    static constexpr std::size_t kSpringMaxComponentNodes = 1000;
    /// Components up to this size get exact all-pairs repulsion in the force-directed layout
    /// (O(n²) per iteration: 2.8 s at 931 nodes, 10 s at 1,344); larger ones the grid.
    static constexpr std::size_t kForceAllPairsMaxNodes = 1000;
    /// Minimum centre-to-centre distance (scene units) between top-level nodes after a
    /// geographic layout: a 44-unit device tile plus room for its name.
    static constexpr double kGeoMinSeparation = 80.0;

    static std::optional<Topology> forceDirected(const Topology& topo, std::uint32_t seed = 1,
                                                 LayoutControl* control = nullptr);
    static std::optional<Topology> springLayout(const Topology& topo,
                                                LayoutControl* control = nullptr);
    static Topology geographic(const Topology& topo, double minSeparation = kGeoMinSeparation);
    /// Number of top-level nodes that have both latitude and longitude.
    static std::size_t geolocatedCount(const Topology& topo);
    /// Number of top-level nodes and the size of the largest connected component of the
    /// top-level graph (links between nested nodes count between their centres).
    static std::size_t topLevelCount(const Topology& topo);
    static std::size_t largestComponent(const Topology& topo);
    /// Iterations of the force-directed cooling schedule for n top-level nodes.
    static int forceIterations(std::size_t n);

    /// Deterministic de-overlap: moves points apart until no two are closer than
    /// `minDistance` + 1.5 (a margin for rounding to whole units). Each pass finds close pairs
    /// with a grid and moves both points of a pair half the missing distance (+0.5) along the
    /// line joining them, in index order (coincident points along a fixed per-pair direction).
    /// If that has not converged after `maxPasses` passes, or a grid cell holds more than 16
    /// points (a cluster whose pairwise opening would be slow and quadratic), points are
    /// placed greedily in index order, each crowded one on the nearest free spot of rings
    /// around it, which always ends with every pair far enough apart. Points already far
    /// enough apart never move. Returns the number of passes used.
    static int separateNodes(std::vector<std::array<double, 2>>& points, double minDistance,
                             int maxPasses = 200);
};

} // namespace meridian::topology
