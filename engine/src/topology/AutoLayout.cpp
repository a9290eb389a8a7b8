// The automatic layouts stated in AutoLayout.hpp; checked by tests/topology/AutoLayoutTest.cpp.
#include "meridian/topology/AutoLayout.hpp"

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
#include <optional>
#include <set>
#include <stdexcept>
#include <string>

namespace meridian::topology {

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

/// Progress across components: a component of `size` vertices out of `total` covers that
/// share of the bar.
class Progress
{
public:
    Progress(LayoutControl* control, std::size_t total) : m_control(control), m_total(total) {}
    bool cancelled() const { return m_control && m_control->cancel.load(); }
    /// `fraction` (0..1) of the component that starts after `done` vertices and has `size`.
    void report(std::size_t done, std::size_t size, double fraction) const
    {
        if (!m_control || m_total == 0)
            return;
        const double f = (static_cast<double>(done) + fraction * static_cast<double>(size)) /
                         static_cast<double>(m_total);
        const int permille = static_cast<int>(std::clamp(f, 0.0, 1.0) * 1000.0);
        int old = m_control->progress_permille.load();
        while (permille > old &&
               !m_control->progress_permille.compare_exchange_weak(old, permille)) {
        }
    }

private:
    LayoutControl* m_control;
    std::size_t m_total;
};

/// The connected components of a layout graph, largest first (stable), with each one's edges
/// in its own local vertex numbering.
struct Components
{
    std::vector<std::vector<std::size_t>> members; ///< component → its vertices, ascending
    std::vector<std::size_t> order;                ///< components by size, largest first
    std::vector<std::vector<std::pair<std::size_t, std::size_t>>> edges; ///< local indices
};

Components components(const LayoutGraph& g)
{
    Components c;
    const std::size_t n = boost::num_vertices(g);
    std::vector<int> comp(n);
    const int count = n ? boost::connected_components(g, comp.data()) : 0;
    c.members.resize(static_cast<std::size_t>(count));
    for (std::size_t v = 0; v < n; ++v)
        c.members[static_cast<std::size_t>(comp[v])].push_back(v);
    c.order.resize(c.members.size());
    std::iota(c.order.begin(), c.order.end(), std::size_t{0});
    std::stable_sort(c.order.begin(), c.order.end(), [&](std::size_t a, std::size_t b) {
        return c.members[a].size() > c.members[b].size();
    });
    // Local index of every vertex in its component, and each component's edges, in one pass
    // over the edges (a per-component scan of all edges is quadratic with many components).
    std::vector<std::size_t> local(n);
    for (const auto& m : c.members)
        for (std::size_t k = 0; k < m.size(); ++k)
            local[m[k]] = k;
    c.edges.resize(c.members.size());
    for (auto [e, end] = boost::edges(g); e != end; ++e) {
        const auto s = boost::source(*e, g);
        const auto d = boost::target(*e, g);
        c.edges[static_cast<std::size_t>(comp[s])].push_back({local[s], local[d]});
    }
    return c;
}

/// A component's box: minx, miny, and its width and height with one edge length of margin.
std::array<double, 4> marginBox(const std::vector<Point>& p)
{
    double minx = 1e300, miny = 1e300, maxx = -1e300, maxy = -1e300;
    for (const auto& q : p) {
        minx = std::min(minx, q[0]);
        miny = std::min(miny, q[1]);
        maxx = std::max(maxx, q[0]);
        maxy = std::max(maxy, q[1]);
    }
    return {minx, miny, maxx - minx + kEdgeLength, maxy - miny + kEdgeLength};
}

/// Shelf packing of the laid-out components (in `c.order`, `placed[i]` and `boxes[i]` of
/// the i-th): rows no wider than max(1.2·√(total box area), widest component).
void packShelves(const Components& c, const std::vector<std::vector<Point>>& placed,
                 const std::vector<std::array<double, 4>>& boxes, double totalArea,
                 std::vector<Point>& pos)
{
    double rowWidth = std::sqrt(totalArea) * 1.2;
    for (const auto& b : boxes)
        rowWidth = std::max(rowWidth, b[2]);
    double x = 0, y = 0, rowH = 0;
    for (std::size_t i = 0; i < c.order.size(); ++i) {
        const auto& m = c.members[c.order[i]];
        const auto& b = boxes[i];
        if (x > 0 && x + b[2] > rowWidth) {
            x = 0;
            y += rowH;
            rowH = 0;
        }
        for (std::size_t k = 0; k < m.size(); ++k) {
            pos[m[k]][0] = placed[i][k][0] - b[0] + x;
            pos[m[k]][1] = placed[i][k][1] - b[1] + y;
        }
        x += b[2];
        rowH = std::max(rowH, b[3]);
    }
}

/// Lays out each connected component with `layoutOne(sub, members, positions, doneBefore)`
/// and packs them in rows. Returns false if `layoutOne` returned false (cancelled).
template <class LayoutOne>
bool byComponents(const LayoutGraph& g, std::vector<Point>& pos, LayoutOne layoutOne)
{
    const Components c = components(g);
    pos.assign(boost::num_vertices(g), Point());
    double totalArea = 0;
    std::vector<std::vector<Point>> placed;
    std::vector<std::array<double, 4>> boxes;
    std::size_t done = 0;
    for (std::size_t k : c.order) {
        const auto& m = c.members[k];
        LayoutGraph sub(m.size());
        for (const auto& [a, b] : c.edges[k])
            boost::add_edge(a, b, 1.0, sub);
        std::vector<Point> p(m.size());
        if (m.size() == 1) {
            p[0][0] = 0;
            p[0][1] = 0;
        } else if (!layoutOne(sub, m, p, done)) {
            return false;
        }
        done += m.size();
        boxes.push_back(marginBox(p));
        totalArea += boxes.back()[2] * boxes.back()[3];
        placed.push_back(std::move(p));
    }
    packShelves(c, placed, boxes, totalArea, pos);
    return true;
}

/// Repulsive pairs for Fruchterman–Reingold: only vertices in the same or a neighbouring
/// cell of side 2k, and closer than 2k (the force k²/d is negligible further away). The
/// grid is rebuilt from the positions' bounding box each iteration; buckets are a counting
/// sort into flat arrays. Same pairs and force directions as boost::grid_force_pairs, with
/// the cell size Fruchterman & Reingold meant.
template <class PositionMap> struct GridForcePairs
{
    PositionMap position;
    double twoK;

    template <class Graph, class ApplyForce>
    void operator()(const Graph& g, ApplyForce apply_force) const
    {
        const std::size_t n = boost::num_vertices(g);
        if (n == 0)
            return;
        double minx = 1e300, miny = 1e300, maxx = -1e300, maxy = -1e300;
        for (std::size_t v = 0; v < n; ++v) {
            const auto& p = get(position, v);
            minx = std::min(minx, p[0]);
            maxx = std::max(maxx, p[0]);
            miny = std::min(miny, p[1]);
            maxy = std::max(maxy, p[1]);
        }
        const auto columns = static_cast<std::size_t>((maxx - minx) / twoK) + 1;
        const auto rows = static_cast<std::size_t>((maxy - miny) / twoK) + 1;
        std::vector<std::size_t> cellOf(n);
        std::vector<std::size_t> start(rows * columns + 1, 0);
        for (std::size_t v = 0; v < n; ++v) {
            const auto& p = get(position, v);
            const auto c = std::min(columns - 1, static_cast<std::size_t>((p[0] - minx) / twoK));
            const auto r = std::min(rows - 1, static_cast<std::size_t>((p[1] - miny) / twoK));
            cellOf[v] = r * columns + c;
            ++start[cellOf[v] + 1];
        }
        for (std::size_t i = 1; i < start.size(); ++i)
            start[i] += start[i - 1];
        std::vector<std::size_t> items(n);
        std::vector<std::size_t> fill(start.begin(), start.end() - 1);
        for (std::size_t v = 0; v < n; ++v)
            items[fill[cellOf[v]]++] = v;
        for (std::size_t row = 0; row < rows; ++row)
            for (std::size_t column = 0; column < columns; ++column) {
                const std::size_t cell = row * columns + column;
                for (std::size_t i = start[cell]; i < start[cell + 1]; ++i) {
                    const std::size_t u = items[i];
                    for (std::size_t j = i + 1; j < start[cell + 1]; ++j) {
                        apply_force(u, items[j]);
                        apply_force(items[j], u);
                    }
                    const std::size_t r0 = row == 0 ? 0 : row - 1;
                    const std::size_t r1 = row + 1 == rows ? row : row + 1;
                    const std::size_t c0 = column == 0 ? 0 : column - 1;
                    const std::size_t c1 = column + 1 == columns ? column : column + 1;
                    for (std::size_t r = r0; r <= r1; ++r)
                        for (std::size_t c = c0; c <= c1; ++c) {
                            const std::size_t other = r * columns + c;
                            if (other == cell)
                                continue;
                            for (std::size_t k = start[other]; k < start[other + 1]; ++k) {
                                const auto& a = get(position, u);
                                const auto& b = get(position, items[k]);
                                if (std::hypot(a[0] - b[0], a[1] - b[1]) < twoK)
                                    apply_force(u, items[k]);
                            }
                        }
                }
            }
    }
};

/// Linear cooling that also reports progress and stops (temperature 0) on cancel.
struct ControlledCooling
{
    using result_type = double;
    double temp;
    double step;
    int iterations;
    int iteration = 0;
    const Progress* progress;
    std::size_t done;
    std::size_t size;
    bool* cancelled;

    double operator()()
    {
        if (progress->cancelled()) {
            *cancelled = true;
            return 0.0;
        }
        progress->report(done, size, static_cast<double>(iteration) / iterations);
        ++iteration;
        const double old = temp;
        temp = std::max(0.0, temp - step);
        return old;
    }
};

/// Kamada–Kawai's convergence test (boost::layout_tolerance) that also stops on cancel.
struct ControlledTolerance
{
    boost::layout_tolerance<double> tolerance{0.001};
    const Progress* progress;
    bool* cancelled;

    template <class Graph>
    bool operator()(double delta_p, typename boost::graph_traits<Graph>::vertex_descriptor p,
                    const Graph& g, bool global)
    {
        if (progress->cancelled()) {
            *cancelled = true;
            return true;
        }
        return tolerance(delta_p, p, g, global);
    }
};

/// Lays out each connected component of the top-level graph with
/// `layoutOne(t, progress, cancelled, g, members, p, done)` and applies the positions to a
/// copy of `topo`; nothing when the layout was cancelled.
template <class LayoutOne>
std::optional<Topology> layoutTopLevel(const Topology& topo, LayoutControl* control,
                                       LayoutOne layoutOne)
{
    const TopLevel t = topLevel(topo);
    const Progress progress(control, t.roots.size());
    bool cancelled = false;
    std::vector<Point> pos;
    const bool ok = byComponents(
        t.graph, pos,
        [&](const LayoutGraph& g, const std::vector<std::size_t>& members, std::vector<Point>& p,
            std::size_t done) { return layoutOne(t, progress, cancelled, g, members, p, done); });
    if (!ok || cancelled)
        return std::nullopt;
    return apply(topo, t, pos);
}

} // namespace

int AutoLayout::forceIterations(std::size_t n)
{
    return n <= 2000 ? 100 : 60;
}

std::optional<Topology> AutoLayout::forceDirected(const Topology& topo, std::uint32_t seed,
                                                  LayoutControl* control)
{
    // Start from the current drawing squeezed into the layout square, so that a layered
    // generator layout keeps its order and the result stays close to what the user sees;
    // a component whose nodes all share one position starts from a seeded random layout.
    return layoutTopLevel(
        topo, control,
        [&](const TopLevel& t, const Progress& progress, bool& cancelled, const LayoutGraph& g,
            const std::vector<std::size_t>& members, std::vector<Point>& p, std::size_t done) {
            const int iterations = forceIterations(t.roots.size());
            const auto n = static_cast<double>(boost::num_vertices(g));
            const double side = kEdgeLength * std::sqrt(n) * 1.5;
            boost::minstd_rand gen(seed);
            Square square(gen, side);
            auto map =
                boost::make_iterator_property_map(p.begin(), boost::get(boost::vertex_index, g));
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
            // Boost's k for this square: √(area / n).
            const double k = side / std::sqrt(n);
            const double startTemp = side / 20;
            ControlledCooling cooling{startTemp, startTemp / iterations, iterations, 0, &progress,
                                      done,      members.size(),         &cancelled};
            if (members.size() <= kForceAllPairsMaxNodes) {
                // Exact repulsion between all pairs: O(n²) per iteration, but the long-range
                // push is what separates a fabric's pods into readable groups.
                boost::fruchterman_reingold_force_directed_layout(
                    g, map, square, boost::force_pairs(boost::all_force_pairs()).cooling(cooling));
            } else {
                boost::fruchterman_reingold_force_directed_layout(
                    g, map, square,
                    boost::force_pairs(GridForcePairs<decltype(map)>{map, 2 * k}).cooling(cooling));
            }
            return !cancelled;
        });
}

std::optional<Topology> AutoLayout::springLayout(const Topology& topo, LayoutControl* control)
{
    return layoutTopLevel(
        topo, control,
        [](const TopLevel&, const Progress& progress, bool& cancelled, const LayoutGraph& g,
           const std::vector<std::size_t>& members, std::vector<Point>& p, std::size_t done) {
            if (members.size() > kSpringMaxComponentNodes)
                throw std::invalid_argument("spring layout: a connected component has " +
                                            std::to_string(members.size()) + " nodes, more than " +
                                            std::to_string(kSpringMaxComponentNodes));
            progress.report(done, members.size(), 0.0);
            boost::minstd_rand gen(1);
            Square square(gen, 1.0);
            auto map =
                boost::make_iterator_property_map(p.begin(), boost::get(boost::vertex_index, g));
            // Start on a circle (deterministic), then relax the springs.
            boost::circle_graph_layout(
                g, map, kEdgeLength * static_cast<double>(boost::num_vertices(g)) / 6.0);
            boost::kamada_kawai_spring_layout(g, map, boost::get(boost::edge_weight, g), square,
                                              boost::edge_length(kEdgeLength),
                                              ControlledTolerance{{0.001}, &progress, &cancelled});
            progress.report(done, members.size(), 1.0);
            return !cancelled;
        });
}

std::size_t AutoLayout::topLevelCount(const Topology& topo)
{
    return topLevel(topo).roots.size();
}

std::size_t AutoLayout::largestComponent(const Topology& topo)
{
    const TopLevel t = topLevel(topo);
    const std::size_t n = t.roots.size();
    if (n == 0)
        return 0;
    std::vector<int> comp(n);
    const int count = boost::connected_components(t.graph, comp.data());
    std::vector<std::size_t> sizes(static_cast<std::size_t>(count), 0);
    for (int c : comp)
        ++sizes[static_cast<std::size_t>(c)];
    return *std::max_element(sizes.begin(), sizes.end());
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

namespace {

/// The mean latitude and longitude of the located top-level nodes (nullopt if none is).
std::optional<std::array<double, 2>> meanLocation(const Topology& topo, const TopLevel& t)
{
    double lat0 = 0, lon0 = 0;
    std::size_t located = 0;
    for (const std::size_t root : t.roots) {
        const auto& a = topo.node(NodeId::fromIndex(root));
        if (a.latitude_deg && a.longitude_deg) {
            lat0 += *a.latitude_deg;
            lon0 += *a.longitude_deg;
            ++located;
        }
    }
    if (located == 0)
        return std::nullopt;
    return std::array<double, 2>{lat0 / static_cast<double>(located),
                                 lon0 / static_cast<double>(located)};
}

/// Places the located nodes: equirectangular projection around `centre`, scaled so the
/// larger extent spans 1600 scene units, from (0, 0). Returns the map's height.
double placeLocated(const Topology& topo, const TopLevel& t, std::array<double, 2> centre,
                    std::vector<Point>& pos, std::vector<bool>& placed)
{
    double minx = 1e300, maxx = -1e300, miny = 1e300, maxy = -1e300;
    for (std::size_t v = 0; v < t.roots.size(); ++v) {
        const auto& a = topo.node(NodeId::fromIndex(t.roots[v]));
        if (!(a.latitude_deg && a.longitude_deg))
            continue;
        const auto km =
            projectEquirectangularKm(*a.latitude_deg, *a.longitude_deg, centre[0], centre[1]);
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
    for (std::size_t v = 0; v < t.roots.size(); ++v)
        if (placed[v]) {
            pos[v][0] = (pos[v][0] - minx) * scale;
            pos[v][1] = (pos[v][1] - miny) * scale;
        }
    return (maxy - miny) * scale;
}

/// Unlocated nodes: the mean of their placed neighbours (three passes, so chains fill in),
/// offset by 40; the rest in a row 200 below the map.
void placeUnlocated(const LayoutGraph& g, double mapHeight, std::vector<Point>& pos,
                    std::vector<bool>& placed)
{
    const std::size_t n = pos.size();
    for (int pass = 0; pass < 3; ++pass)
        for (std::size_t v = 0; v < n; ++v) {
            if (placed[v])
                continue;
            double sx = 0, sy = 0;
            int k = 0;
            for (auto [it, end] = boost::adjacent_vertices(v, g); it != end; ++it)
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
            pos[v][1] = mapHeight + 200;
            x += kEdgeLength;
        }
}

/// Dense regions (many cities within a few km at this scale) would draw on top of each
/// other: spread them just enough, in a fixed order, so the result is reproducible.
void spreadDense(std::vector<Point>& pos, double minSeparation)
{
    std::vector<std::array<double, 2>> points(pos.size());
    for (std::size_t v = 0; v < pos.size(); ++v)
        points[v] = {pos[v][0], pos[v][1]};
    AutoLayout::separateNodes(points, minSeparation);
    for (std::size_t v = 0; v < pos.size(); ++v) {
        pos[v][0] = points[v][0];
        pos[v][1] = points[v][1];
    }
}

} // namespace

Topology AutoLayout::geographic(const Topology& topo, double minSeparation)
{
    const TopLevel t = topLevel(topo);
    const auto centre = meanLocation(topo, t);
    if (!centre)
        return topo;
    std::vector<Point> pos(t.roots.size());
    std::vector<bool> placed(t.roots.size(), false);
    const double mapHeight = placeLocated(topo, t, *centre, pos, placed);
    placeUnlocated(t.graph, mapHeight, pos, placed);
    spreadDense(pos, minSeparation);
    return apply(topo, t, pos);
}

} // namespace meridian::topology
