#include "meridian/topology/Router.hpp"

#include "meridian/core/Error.hpp"

#include <algorithm>
#include <boost/graph/compressed_sparse_row_graph.hpp>
#include <boost/graph/dijkstra_shortest_paths.hpp>
#include <boost/property_map/property_map.hpp>
#include <boost/range/adaptor/reversed.hpp>
#include <cmath>
#include <limits>
#include <utility>

namespace meridian::topology {

namespace {
constexpr std::int64_t kInf = std::numeric_limits<std::int64_t>::max();
/// Largest per-arc delay in ns that enters a weight (2^46 ns ≈ 19.5 h; validation caps a link
/// at 1000 s): (ns << 16) + 1 stays below 2^62, so no arc weight can overflow or look negative
/// to Boost, whatever the delay (NaN, ∞, 1e300 from a schedule or a hand-built Topology).
constexpr std::int64_t kMaxArcNs = std::int64_t{1} << 46;

/// Path-weight sum without overflow: ∞ (a down arc) absorbs, and a sum that would pass the
/// int64 range is ∞ as well, i.e. a path of more than ~39 h of summed delay is unreachable.
/// Finite distances stay exact, so the tight-arc predecessor test below stays acyclic.
std::int64_t combineWeights(std::int64_t a, std::int64_t b)
{
    if (a == kInf || b == kInf || a > kInf - b)
        return kInf;
    return a + b;
}

// Cached trees are dropped wholesale beyond this many stored node entries (≈ 48 MiB): a
// performance bound only; results never depend on what is cached.
constexpr std::size_t kMaxCachedEntries = 4u << 20;
} // namespace

// Named, not anonymous: Router::Impl (external linkage) holds the graph, and GCC warns
// (-Wsubobject-linkage) when such a member's type is file-local outside the main file, as in
// a unity build.
namespace router_graph {
struct ArcProp
{
    std::uint32_t arc = 0;
    std::int64_t weight = 1;
};
using Csr = boost::compressed_sparse_row_graph<boost::directedS, boost::no_property, ArcProp,
                                               boost::no_property, std::uint32_t, std::uint32_t>;
} // namespace router_graph
using router_graph::ArcProp;
using router_graph::Csr;

struct Router::Impl
{
    Csr graph;
    std::vector<Csr::edge_descriptor> edgeOfArc;
};

Router::Router(const Topology& topology, RouteMetric metric)
    : m_metric(metric), m_nodeCount(topology.nodeCount()), m_linkCount(topology.linkCount())
{
    const std::size_t arcs = 2 * m_linkCount;
    m_arcFrom.resize(arcs);
    m_arcTo.resize(arcs);
    m_delayS.resize(arcs);
    m_up.assign(m_linkCount, true);
    std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
    std::vector<ArcProp> props;
    edges.reserve(arcs);
    props.reserve(arcs);
    for (std::size_t l = 0; l < m_linkCount; ++l) {
        const LinkId id = LinkId::fromIndex(l);
        const auto [a, b] = topology.endpoints(id);
        const LinkAttributes& attrs = topology.link(id);
        for (int dir = 0; dir < 2; ++dir) {
            const auto arc = static_cast<std::uint32_t>(2 * l + dir);
            m_arcFrom[arc] = dir == 0 ? a.value() : b.value();
            m_arcTo[arc] = dir == 0 ? b.value() : a.value();
            m_delayS[arc] = std::max(0.0, attrs.direction(dir).delay_s);
            edges.emplace_back(m_arcFrom[arc], m_arcTo[arc]);
            props.push_back(ArcProp{arc, weightOf(arc)});
        }
    }
    m_impl = new Impl{Csr(boost::edges_are_unsorted_multi_pass, edges.begin(), edges.end(),
                          props.begin(), static_cast<std::uint32_t>(m_nodeCount)),
                      {}};
    m_impl->edgeOfArc.resize(arcs);
    for (auto e : boost::make_iterator_range(boost::edges(m_impl->graph)))
        m_impl->edgeOfArc[m_impl->graph[e].arc] = e;

    // Incoming arcs per node in ascending arc id (the deterministic tie-break order).
    m_inStart.assign(m_nodeCount + 1, 0);
    for (std::size_t arc = 0; arc < arcs; ++arc)
        ++m_inStart[m_arcTo[arc] + 1];
    for (std::size_t v = 0; v < m_nodeCount; ++v)
        m_inStart[v + 1] += m_inStart[v];
    m_inArcs.resize(arcs);
    std::vector<std::uint32_t> fill(m_inStart.begin(), m_inStart.end() - 1);
    for (std::size_t arc = 0; arc < arcs; ++arc)
        m_inArcs[fill[m_arcTo[arc]]++] = static_cast<std::uint32_t>(arc);
    m_trees.resize(m_nodeCount);
}

Router::~Router()
{
    delete m_impl;
}

std::int64_t Router::weightOf(std::uint32_t arc) const
{
    if (!m_up[arc / 2])
        return kInf; // closed_plus keeps dist + ∞ = ∞, so a down arc never relaxes
    if (m_metric == RouteMetric::Hops)
        return 1;
    const double d = m_delayS[arc] * 1e9;
    // NaN or negative → 0; beyond kMaxArcNs → kMaxArcNs (never an overflowing llround).
    const std::int64_t ns = !(d > 0.0)                            ? 0
                            : d >= static_cast<double>(kMaxArcNs) ? kMaxArcNs
                                                                  : std::llround(d);
    return (ns << 16) + 1;
}

void Router::invalidate()
{
    for (auto& t : m_trees)
        t.reset();
    m_cachedEntries = 0;
}

void Router::setLinkUp(LinkId link, bool up)
{
    MERIDIAN_ASSERT(link.index() < m_linkCount, "Router::setLinkUp: unknown link");
    if (m_up[link.index()] == up)
        return;
    m_up[link.index()] = up;
    for (int dir = 0; dir < 2; ++dir) {
        const auto arc = static_cast<std::uint32_t>(2 * link.index() + dir);
        m_impl->graph[m_impl->edgeOfArc[arc]].weight = weightOf(arc);
    }
    invalidate();
}

bool Router::linkUp(LinkId link) const
{
    MERIDIAN_ASSERT(link.index() < m_linkCount, "Router::linkUp: unknown link");
    return m_up[link.index()];
}

void Router::setDelay(LinkId link, int dir, double delay_s)
{
    MERIDIAN_ASSERT(link.index() < m_linkCount && (dir == 0 || dir == 1),
                    "Router::setDelay: unknown link direction");
    const auto arc = static_cast<std::uint32_t>(2 * link.index() + dir);
    m_delayS[arc] = std::max(0.0, delay_s);
    const std::int64_t w = weightOf(arc);
    auto& prop = m_impl->graph[m_impl->edgeOfArc[arc]];
    if (prop.weight != w) {
        prop.weight = w;
        invalidate();
    }
}

double Router::delayS(LinkId link, int dir) const
{
    MERIDIAN_ASSERT(link.index() < m_linkCount && (dir == 0 || dir == 1),
                    "Router::delayS: unknown link direction");
    return m_delayS[2 * link.index() + dir];
}

const Router::Tree& Router::tree(NodeId from)
{
    MERIDIAN_ASSERT(from.index() < m_nodeCount, "Router: unknown source node");
    auto& slot = m_trees[from.index()];
    if (slot)
        return *slot;
    if (m_cachedEntries + m_nodeCount > kMaxCachedEntries)
        invalidate();
    Tree t;
    t.dist.assign(m_nodeCount, kInf);
    const Csr& g = m_impl->graph;
    boost::dijkstra_shortest_paths(
        g, static_cast<std::uint32_t>(from.value()),
        boost::weight_map(boost::get(&ArcProp::weight, g))
            .distance_map(boost::make_iterator_property_map(t.dist.begin(),
                                                            boost::get(boost::vertex_index, g)))
            .distance_inf(kInf)
            .distance_zero(std::int64_t{0})
            // Saturating sum: a down arc (weight ∞) must never relax anything.
            .distance_combine(&combineWeights));
    ++m_treeComputations;
    // Predecessor = lowest-id tight incoming arc: independent of Boost's visiting order.
    t.pred.assign(m_nodeCount, UINT32_MAX);
    for (std::size_t v = 0; v < m_nodeCount; ++v) {
        if (t.dist[v] == kInf || v == from.index())
            continue;
        for (std::uint32_t i = m_inStart[v]; i < m_inStart[v + 1]; ++i)
            if (isTight(t, m_inArcs[i], static_cast<std::uint32_t>(v))) {
                t.pred[v] = m_inArcs[i];
                break;
            }
    }
    slot = std::move(t);
    m_cachedEntries += m_nodeCount;
    return *slot;
}

Route Router::buildRoute(const std::vector<std::uint32_t>& arcsReversed, NodeId from) const
{
    Route r;
    r.nodes.reserve(arcsReversed.size() + 1);
    r.hops.reserve(arcsReversed.size());
    r.nodes.push_back(from);
    for (const std::uint32_t arc : boost::adaptors::reverse(arcsReversed)) {
        r.hops.push_back(RouteHop{LinkId::fromIndex(arc / 2), static_cast<int>(arc % 2)});
        r.nodes.push_back(NodeId::fromIndex(m_arcTo[arc]));
        r.delay_s += m_delayS[arc];
    }
    return r;
}

void Router::setMetric(RouteMetric metric)
{
    if (metric == m_metric)
        return;
    m_metric = metric;
    for (std::uint32_t arc = 0; arc < m_arcFrom.size(); ++arc)
        m_impl->graph[m_impl->edgeOfArc[arc]].weight = weightOf(arc);
    invalidate();
}

bool Router::pinPath(const std::vector<NodeId>& nodes)
{
    if (nodes.size() < 2)
        return false;
    std::vector<std::uint32_t> arcs;
    for (std::size_t i = nodes.size() - 1; i > 0; --i) {
        const std::uint32_t v = nodes[i].value(), u = nodes[i - 1].value();
        std::optional<std::uint32_t> found;
        for (std::uint32_t k = m_inStart[v]; k < m_inStart[v + 1] && !found; ++k)
            if (m_arcFrom[m_inArcs[k]] == u)
                found = m_inArcs[k];
        if (!found)
            return false;
        arcs.push_back(*found);
    }
    // The reverse direction over the same links: arc a's twin is a ^ 1.
    std::vector<std::uint32_t> back(arcs.rbegin(), arcs.rend());
    for (std::uint32_t& arc : back)
        arc ^= 1u;
    m_pins[{nodes.front().value(), nodes.back().value()}] = std::move(arcs);
    m_pins[{nodes.back().value(), nodes.front().value()}] = std::move(back);
    return true;
}

void Router::unpinPath(NodeId from, NodeId to)
{
    m_pins.erase({from.value(), to.value()});
    m_pins.erase({to.value(), from.value()});
}

std::optional<Route> Router::pinned(NodeId from, NodeId to) const
{
    auto it = m_pins.find({from.value(), to.value()});
    if (it == m_pins.end())
        return std::nullopt;
    for (std::uint32_t arc : it->second)
        if (!m_up[arc / 2])
            return std::nullopt;
    return buildRoute(it->second, from);
}

bool Router::isTight(const Tree& t, std::uint32_t arc, std::uint32_t v) const
{
    const std::int64_t du = t.dist[m_arcFrom[arc]];
    const std::int64_t w = weightOf(arc);
    return du != kInf && w != kInf && combineWeights(du, w) == t.dist[v];
}

template <class WalkBack>
std::optional<Route> Router::pinnedOrShortest(NodeId from, NodeId to, WalkBack walkBack)
{
    MERIDIAN_ASSERT(to.index() < m_nodeCount, "Router: unknown destination node");
    if (!m_pins.empty())
        if (auto p = pinned(from, to))
            return p;
    const Tree& t = tree(from);
    if (t.dist[to.index()] == kInf)
        return std::nullopt;
    return buildRoute(walkBack(t), from);
}

std::optional<Route> Router::route(NodeId from, NodeId to)
{
    return pinnedOrShortest(from, to, [&](const Tree& t) {
        std::vector<std::uint32_t> arcs;
        for (std::uint32_t v = to.value(); v != from.value(); v = m_arcFrom[t.pred[v]])
            arcs.push_back(t.pred[v]);
        return arcs;
    });
}

std::optional<Route> Router::hashedRoute(NodeId from, NodeId to, std::uint64_t hash)
{
    return pinnedOrShortest(from, to, [&](const Tree& t) {
        // Every node with a finite distance has a tight predecessor chain back to `from`, so
        // any tight arc may be taken at every step.
        std::vector<std::uint32_t> arcs;
        std::vector<std::uint32_t> tight;
        std::uint64_t depth = 0;
        for (std::uint32_t v = to.value(); v != from.value(); ++depth) {
            tight.clear();
            for (std::uint32_t i = m_inStart[v]; i < m_inStart[v + 1]; ++i)
                if (isTight(t, m_inArcs[i], v))
                    tight.push_back(m_inArcs[i]);
            MERIDIAN_ASSERT(!tight.empty(),
                            "Router::hashedRoute: no tight arc on a reachable node");
            // SplitMix64 finaliser (Steele, Lea & Flood 2014) of hash + (depth + 1)·φ.
            std::uint64_t z = hash + (depth + 1) * 0x9E3779B97F4A7C15ULL;
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
            z ^= z >> 31;
            const std::uint32_t arc = tight[z % tight.size()];
            arcs.push_back(arc);
            v = m_arcFrom[arc];
        }
        return arcs;
    });
}

std::vector<Route> Router::equalCostRoutes(NodeId from, NodeId to, std::size_t maxPaths)
{
    MERIDIAN_ASSERT(to.index() < m_nodeCount, "Router: unknown destination node");
    std::vector<Route> out;
    const Tree& t = tree(from);
    if (maxPaths == 0 || t.dist[to.index()] == kInf)
        return out;
    // Depth-first walk back from `to` over tight arcs (dist[u] + w = dist[v]); the tight
    // arcs form a DAG because every weight is ≥ 1.
    std::vector<std::uint32_t> stackArcs;
    std::vector<std::uint32_t> cursor; // per depth: next index into the incoming-arc list
    std::vector<std::uint32_t> nodeAt{to.value()};
    cursor.push_back(m_inStart[to.value()]);
    while (!cursor.empty() && out.size() < maxPaths) {
        const std::uint32_t v = nodeAt.back();
        if (v == from.value()) {
            out.push_back(buildRoute(stackArcs, from));
            cursor.pop_back();
            nodeAt.pop_back();
            if (!stackArcs.empty())
                stackArcs.pop_back();
            continue;
        }
        std::uint32_t& i = cursor.back();
        bool descended = false;
        for (; i < m_inStart[v + 1]; ++i) {
            const std::uint32_t arc = m_inArcs[i];
            if (isTight(t, arc, v)) {
                ++i;
                stackArcs.push_back(arc);
                nodeAt.push_back(m_arcFrom[arc]);
                cursor.push_back(m_inStart[m_arcFrom[arc]]);
                descended = true;
                break;
            }
        }
        if (!descended) {
            cursor.pop_back();
            nodeAt.pop_back();
            if (!stackArcs.empty())
                stackArcs.pop_back();
        }
    }
    return out;
}

} // namespace meridian::topology
