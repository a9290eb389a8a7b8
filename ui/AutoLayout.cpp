#include "ui/AutoLayout.hpp"

#include "meridian/topology/Geo.hpp"

// Boost.Graph's Kamada–Kawai instantiates Johnson's all-pairs search, whose edge iterators
// trip GCC's -Wmaybe-uninitialized false positive (inside Boost, not in this file).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

#include <algorithm>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/circle_layout.hpp>
#include <boost/graph/connected_components.hpp>
#include <boost/graph/fruchterman_reingold.hpp>
#include <boost/graph/kamada_kawai_spring_layout.hpp>
#include <boost/graph/random_layout.hpp>
#include <boost/graph/topology.hpp>
#include <boost/random/linear_congruential.hpp>
#include <cmath>
#include <map>
#include <numeric>
#include <set>

namespace meridian::ui {

using topology::NodeAttributes;
using topology::Topology;

namespace {

using LayoutGraph =
    boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS, boost::no_property,
                          boost::property<boost::edge_weight_t, double>>;
using Square = boost::square_topology<boost::minstd_rand>;
using Point = Square::point_type;

constexpr double kEdgeLength = 120.0;

/// The graph of top-level nodes: a link between nested nodes counts between their outermost
/// centres. `roots[i]` is the NodeId index of layout vertex i.
struct TopLevel
{
    std::vector<std::size_t> roots;
    std::vector<std::size_t> rootOf; ///< NodeId index → layout vertex
    LayoutGraph graph;
};

TopLevel topLevel(const Topology& topo)
{
    TopLevel t;
    const std::size_t n = topo.nodeCount();
    t.rootOf.assign(n, 0);
    std::vector<std::size_t> outer(n);
    for (std::size_t i = 0; i < n; ++i) {
        // Climb parents (bounded: a parent cycle cannot loop forever).
        std::size_t cur = i;
        for (std::size_t step = 0; step < n; ++step) {
            const auto& parent = topo.node(NodeId::fromIndex(cur)).parent;
            const auto p = parent.empty() ? std::nullopt : topo.findNode(parent);
            if (!p)
                break;
            cur = p->index();
        }
        outer[i] = cur;
    }
    std::map<std::size_t, std::size_t> vertexOf;
    for (std::size_t i = 0; i < n; ++i)
        if (outer[i] == i) {
            vertexOf[i] = t.roots.size();
            t.roots.push_back(i);
        }
    for (std::size_t i = 0; i < n; ++i)
        t.rootOf[i] = vertexOf[outer[i]];
    t.graph = LayoutGraph(t.roots.size());
    std::set<std::pair<std::size_t, std::size_t>> seen;
    for (std::size_t l = 0; l < topo.linkCount(); ++l) {
        const auto [a, b] = topo.endpoints(LinkId::fromIndex(l));
        std::size_t va = t.rootOf[a.index()];
        std::size_t vb = t.rootOf[b.index()];
        if (va == vb)
            continue;
        if (va > vb)
            std::swap(va, vb);
        if (seen.insert({va, vb}).second)
            boost::add_edge(va, vb, 1.0, t.graph);
    }
    return t;
}

/// Writes new positions of the roots; nested nodes follow their root by the same offset.
Topology apply(const Topology& topo, const TopLevel& t, const std::vector<Point>& pos)
{
    Topology out = topo;
    std::vector<std::array<double, 2>> delta(t.roots.size());
    for (std::size_t v = 0; v < t.roots.size(); ++v) {
        const auto& old = topo.node(NodeId::fromIndex(t.roots[v])).pos;
        const double x = std::round(pos[v][0]);
        const double y = std::round(pos[v][1]);
        delta[v] = {x - old[0], y - old[1]};
    }
    for (std::size_t i = 0; i < topo.nodeCount(); ++i) {
        const auto& p = topo.node(NodeId::fromIndex(i)).pos;
        const auto& d = delta[t.rootOf[i]];
        out.setNodePosition(NodeId::fromIndex(i), p[0] + d[0], p[1] + d[1]);
    }
    return out;
}

/// Lays out each connected component with `layoutOne` and packs them in rows.
template <class LayoutOne>
std::vector<Point> byComponents(const LayoutGraph& g, LayoutOne layoutOne)
{
    const std::size_t n = boost::num_vertices(g);
    std::vector<int> comp(n);
    const int count = n ? boost::connected_components(g, comp.data()) : 0;
    std::vector<std::vector<std::size_t>> members(static_cast<std::size_t>(count));
    for (std::size_t v = 0; v < n; ++v)
        members[static_cast<std::size_t>(comp[v])].push_back(v);
    std::stable_sort(members.begin(), members.end(),
                     [](const auto& a, const auto& b) { return a.size() > b.size(); });
    std::vector<Point> pos(n);
    double totalArea = 0;
    std::vector<std::vector<Point>> local;
    std::vector<std::array<double, 4>> boxes; // minx, miny, w, h
    for (const auto& m : members) {
        // Induced subgraph of the component.
        LayoutGraph sub(m.size());
        std::map<std::size_t, std::size_t> index;
        for (std::size_t k = 0; k < m.size(); ++k)
            index[m[k]] = k;
        for (auto [e, end] = boost::edges(g); e != end; ++e) {
            const auto s = boost::source(*e, g);
            const auto d = boost::target(*e, g);
            if (index.count(s) && index.count(d))
                boost::add_edge(index[s], index[d], 1.0, sub);
        }
        std::vector<Point> p(m.size());
        if (m.size() == 1) {
            p[0][0] = 0;
            p[0][1] = 0;
        } else {
            layoutOne(sub, m, p);
        }
        double minx = 1e300, miny = 1e300, maxx = -1e300, maxy = -1e300;
        for (const auto& q : p) {
            minx = std::min(minx, q[0]);
            miny = std::min(miny, q[1]);
            maxx = std::max(maxx, q[0]);
            maxy = std::max(maxy, q[1]);
        }
        boxes.push_back({minx, miny, maxx - minx + kEdgeLength, maxy - miny + kEdgeLength});
        totalArea += boxes.back()[2] * boxes.back()[3];
        local.push_back(std::move(p));
    }
    // Shelf packing: rows no wider than max(√area, widest component).
    double rowWidth = std::sqrt(totalArea) * 1.2;
    for (const auto& b : boxes)
        rowWidth = std::max(rowWidth, b[2]);
    double x = 0, y = 0, rowH = 0;
    for (std::size_t c = 0; c < members.size(); ++c) {
        const auto& b = boxes[c];
        if (x > 0 && x + b[2] > rowWidth) {
            x = 0;
            y += rowH;
            rowH = 0;
        }
        for (std::size_t k = 0; k < members[c].size(); ++k) {
            pos[members[c][k]][0] = local[c][k][0] - b[0] + x;
            pos[members[c][k]][1] = local[c][k][1] - b[1] + y;
        }
        x += b[2];
        rowH = std::max(rowH, b[3]);
    }
    return pos;
}

} // namespace

Topology AutoLayout::forceDirected(const Topology& topo, std::uint32_t seed)
{
    const TopLevel t = topLevel(topo);
    // Start from the current drawing squeezed into the layout square, so that a layered
    // generator layout keeps its order and the result stays close to what the user sees;
    // a component whose nodes all share one position starts from a seeded random layout.
    const auto pos = byComponents(t.graph, [&](const LayoutGraph& g,
                                               const std::vector<std::size_t>& members,
                                               std::vector<Point>& p) {
        const double n = static_cast<double>(boost::num_vertices(g));
        const double side = kEdgeLength * std::sqrt(n) * 1.5;
        boost::minstd_rand gen(seed);
        Square square(gen, side);
        auto map = boost::make_iterator_property_map(p.begin(), boost::get(boost::vertex_index, g));
        double minx = 1e300, miny = 1e300, maxx = -1e300, maxy = -1e300;
        for (std::size_t m : members) {
            const auto& q = topo.node(NodeId::fromIndex(t.roots[m])).pos;
            minx = std::min(minx, q[0]);
            maxx = std::max(maxx, q[0]);
            miny = std::min(miny, q[1]);
            maxy = std::max(maxy, q[1]);
        }
        if (maxx - minx < 1e-9 && maxy - miny < 1e-9) {
            boost::random_graph_layout(g, map, square);
        } else {
            // Independent x/y scaling: a 50:1 strip becomes a square the forces can work in.
            const double sx = side / std::max(maxx - minx, 1e-9);
            const double sy = side / std::max(maxy - miny, 1e-9);
            for (std::size_t k = 0; k < members.size(); ++k) {
                const auto& q = topo.node(NodeId::fromIndex(t.roots[members[k]])).pos;
                p[k][0] = (q[0] - minx) * sx - side / 2;
                p[k][1] = (q[1] - miny) * sy - side / 2;
            }
        }
        boost::fruchterman_reingold_force_directed_layout(
            g, map, square, boost::cooling(boost::linear_cooling<double>(100, side / 20)));
    });
    return apply(topo, t, pos);
}

Topology AutoLayout::springLayout(const Topology& topo)
{
    const TopLevel t = topLevel(topo);
    const auto pos = byComponents(t.graph, [](const LayoutGraph& g, const std::vector<std::size_t>&,
                                              std::vector<Point>& p) {
        boost::minstd_rand gen(1);
        Square square(gen, 1.0);
        auto map = boost::make_iterator_property_map(p.begin(), boost::get(boost::vertex_index, g));
        // Start on a circle (deterministic), then relax the springs.
        boost::circle_graph_layout(g, map,
                                   kEdgeLength * static_cast<double>(boost::num_vertices(g)) / 6.0);
        boost::kamada_kawai_spring_layout(g, map, boost::get(boost::edge_weight, g), square,
                                          boost::edge_length(kEdgeLength));
    });
    return apply(topo, t, pos);
}

std::size_t AutoLayout::geolocatedCount(const Topology& topo)
{
    std::size_t n = 0;
    for (std::size_t i = 0; i < topo.nodeCount(); ++i) {
        const auto& a = topo.node(NodeId::fromIndex(i));
        if (a.parent.empty() && a.latitude_deg && a.longitude_deg)
            ++n;
    }
    return n;
}

Topology AutoLayout::geographic(const Topology& topo)
{
    const TopLevel t = topLevel(topo);
    const std::size_t n = t.roots.size();
    std::vector<Point> pos(n);
    std::vector<bool> placed(n, false);
    double lat0 = 0, lon0 = 0;
    std::size_t located = 0;
    for (std::size_t v = 0; v < n; ++v) {
        const auto& a = topo.node(NodeId::fromIndex(t.roots[v]));
        if (a.latitude_deg && a.longitude_deg) {
            lat0 += *a.latitude_deg;
            lon0 += *a.longitude_deg;
            ++located;
        }
    }
    if (located == 0)
        return topo;
    lat0 /= static_cast<double>(located);
    lon0 /= static_cast<double>(located);
    double minx = 1e300, maxx = -1e300, miny = 1e300, maxy = -1e300;
    for (std::size_t v = 0; v < n; ++v) {
        const auto& a = topo.node(NodeId::fromIndex(t.roots[v]));
        if (!(a.latitude_deg && a.longitude_deg))
            continue;
        const auto km =
            topology::projectEquirectangularKm(*a.latitude_deg, *a.longitude_deg, lat0, lon0);
        pos[v][0] = km[0];
        pos[v][1] = km[1];
        placed[v] = true;
        minx = std::min(minx, km[0]);
        maxx = std::max(maxx, km[0]);
        miny = std::min(miny, km[1]);
        maxy = std::max(maxy, km[1]);
    }
    const double extent = std::max({maxx - minx, maxy - miny, 1.0});
    const double scale = 1600.0 / extent; // scene units per km
    for (std::size_t v = 0; v < n; ++v)
        if (placed[v]) {
            pos[v][0] = (pos[v][0] - minx) * scale;
            pos[v][1] = (pos[v][1] - miny) * scale;
        }
    // Unlocated nodes: mean of placed neighbours (repeat so chains fill in), else a row below.
    for (int pass = 0; pass < 3; ++pass)
        for (std::size_t v = 0; v < n; ++v) {
            if (placed[v])
                continue;
            double sx = 0, sy = 0;
            int k = 0;
            for (auto [it, end] = boost::adjacent_vertices(v, t.graph); it != end; ++it)
                if (placed[*it]) {
                    sx += pos[*it][0];
                    sy += pos[*it][1];
                    ++k;
                }
            if (k > 0) {
                pos[v][0] = sx / k + 40;
                pos[v][1] = sy / k + 40;
                placed[v] = true;
            }
        }
    double x = 0;
    for (std::size_t v = 0; v < n; ++v)
        if (!placed[v]) {
            pos[v][0] = x;
            pos[v][1] = (maxy - miny) * scale + 200;
            x += kEdgeLength;
        }
    return apply(topo, t, pos);
}

} // namespace meridian::ui
