#pragma once
// Shortest-path routing over the directed arcs of a Topology (docs/network-model.md §2
// "Routing"; checked by tests/net/RouterTest.cpp).
//
// Every link contributes two arcs: a→b (dir 0) and b→a (dir 1), each with the one-way delay
// of its direction (LinkAttributes::direction(dir).delay_s). Dijkstra (Boost.Graph, on a
// compressed sparse row copy of the arcs) runs per source and the resulting distance tree is
// cached until a link goes up/down or a delay changes.
//
// Metrics, as exact integers so equal-cost ties are ties:
//   Delay (default): w = delay_ns · 2^16 + 1 — minimum total delay, then fewest hops
//                    (the +1 keeps zero-delay links from producing arbitrarily long paths;
//                    exact while a path has < 65,536 hops).
//   Hops:            w = 1.
// Ties are broken deterministically: when walking back from the destination the arc with the
// lowest arc id (2·LinkId + dir) among the tight arcs is taken. equalCostRoutes() enumerates
// every tight path (the ECMP set) in that same order.
//
// The Router keeps its own copy of the arc weights: later edits of the Topology are not seen
// (build a new Router, as the network model does per run).

#include "meridian/core/StrongId.hpp"
#include "meridian/topology/Topology.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <vector>

namespace meridian::topology {

/// One link traversed in one direction (dir 0 = a→b, dir 1 = b→a).
struct RouteHop
{
    LinkId link;
    int dir = 0;
    bool operator==(const RouteHop&) const = default;
};

struct Route
{
    std::vector<NodeId> nodes; ///< from … to (hops.size() + 1 entries)
    std::vector<RouteHop> hops;
    double delay_s = 0.0; ///< sum of the hops' one-way delays
};

enum class RouteMetric
{
    Delay,
    Hops
};

class Router
{
public:
    explicit Router(const Topology& topology, RouteMetric metric = RouteMetric::Delay);
    ~Router();
    Router(const Router&) = delete;
    Router& operator=(const Router&) = delete;

    /// Shortest route, or nullopt if `to` is unreachable over links that are up.
    /// from == to gives an empty route (no hops, delay 0).
    std::optional<Route> route(NodeId from, NodeId to);
    /// All equal-cost shortest routes (at most maxPaths), deterministic order.
    std::vector<Route> equalCostRoutes(NodeId from, NodeId to, std::size_t maxPaths);
    /// One route of the equal-cost set chosen by `hash` (ECMP): walking back from `to`, the
    /// tight incoming arc taken at depth d is number SplitMix64(hash + d·φ) mod (number of
    /// tight incoming arcs), in ascending arc id. Deterministic; O(hops · in-degree).
    /// nullopt if `to` is unreachable.
    std::optional<Route> hashedRoute(NodeId from, NodeId to, std::uint64_t hash);

    /// Fails (false) or restores (true) both directions of a link; cached trees are dropped.
    void setLinkUp(LinkId link, bool up);
    bool linkUp(LinkId link) const;
    /// Changes the one-way delay of one direction (schedules); cached trees are dropped.
    void setDelay(LinkId link, int dir, double delay_s);
    double delayS(LinkId link, int dir) const;

    RouteMetric metric() const noexcept { return m_metric; }
    /// Switches the metric (control-plane "switch-routing"); cached trees are dropped.
    void setMetric(RouteMetric metric);
    /// Pins the route between the first and last of `nodes` (≥ 2, consecutive nodes joined
    /// by a link; the lowest-numbered one where parallel links exist), in both directions:
    /// route() and hashedRoute() return it while all its links are up, the shortest route
    /// otherwise. unpinPath() removes both directions.
    /// False (nothing pinned) if two consecutive nodes share no link.
    bool pinPath(const std::vector<NodeId>& nodes);
    void unpinPath(NodeId from, NodeId to);
    std::size_t nodeCount() const noexcept { return m_nodeCount; }
    std::size_t linkCount() const noexcept { return m_linkCount; }
    /// Number of Dijkstra runs so far (for tests and benchmarks of the cache).
    std::uint64_t treeComputations() const noexcept { return m_treeComputations; }

private:
    struct Tree
    {
        std::vector<std::int64_t> dist;  ///< per node, INT64_MAX if unreachable
        std::vector<std::uint32_t> pred; ///< tight incoming arc with the lowest id
    };
    struct Impl;

    const Tree& tree(NodeId from);
    std::int64_t weightOf(std::uint32_t arc) const;
    void invalidate();
    Route buildRoute(const std::vector<std::uint32_t>& arcsReversed, NodeId from) const;
    /// Whether `arc` ends a shortest path to node v: dist[tail] + w(arc) = dist[v].
    bool isTight(const Tree& t, std::uint32_t arc, std::uint32_t v) const;
    /// The pinned route while its links are up, else nullopt if `to` is unreachable, else
    /// the route whose arcs (from `to` back to `from`) walkBack(tree(from)) picks.
    template <class WalkBack>
    std::optional<Route> pinnedOrShortest(NodeId from, NodeId to, WalkBack walkBack);

    RouteMetric m_metric = RouteMetric::Delay;
    std::size_t m_nodeCount = 0;
    std::size_t m_linkCount = 0;
    std::vector<std::uint32_t> m_arcFrom; ///< arc → tail node
    std::vector<std::uint32_t> m_arcTo;   ///< arc → head node
    std::vector<double> m_delayS;         ///< arc → one-way delay
    std::vector<bool> m_up;               ///< link → up
    std::vector<std::uint32_t> m_inStart; ///< CSR of incoming arcs per node, ascending arc id
    std::vector<std::uint32_t> m_inArcs;
    std::vector<std::optional<Tree>> m_trees; ///< cache per source node
    /// Pinned routes: (from, to) → arcs from `to` back to `from`.
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::vector<std::uint32_t>> m_pins;
    std::optional<Route> pinned(NodeId from, NodeId to) const;
    std::size_t m_cachedEntries = 0;
    std::uint64_t m_treeComputations = 0;
    Impl* m_impl = nullptr; ///< owned; Boost graph kept out of this header
};

} // namespace meridian::topology
