// WAN shapes stated in WanBuilders.hpp (docs/topology.md, Generators); checked by
// tests/topology/GeneratorsTest.cpp.
#include "WanBuilders.hpp"

#include "meridian/topology/Geo.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace meridian::topology::gen {

/// Readable id of the i-th node of a kind: c0, r0, sw-0, host-0, gpu-0.
std::string kindId(NodeKind kind, std::size_t i)
{
    switch (kind) {
    case NodeKind::Center:
        return "c" + num(i);
    case NodeKind::Router:
        return "r" + num(i);
    case NodeKind::Switch:
        return "sw-" + num(i);
    case NodeKind::Gpu:
        return "gpu-" + num(i);
    case NodeKind::Host:
        return "host-" + num(i);
    }
    return "n" + num(i);
}

std::vector<std::string> placeOnCircle(GraphBuilder& b, NodeKind kind, std::size_t n)
{
    std::vector<std::string> ids;
    ids.reserve(n);
    const double radius = circleRadius(n, kCircleSpacing);
    for (std::size_t i = 0; i < n; ++i) {
        const auto p = onCircle(i, n, radius);
        b.node(kindId(kind, i), kind, p[0], p[1]);
        ids.push_back(b.id(kindId(kind, i)));
    }
    return ids;
}

void linkStar(GraphBuilder& b, const std::vector<std::string>& ids, const std::string& hub,
              const LinkSpec& link)
{
    for (const auto& id : ids)
        b.linkIds(id, hub, link);
}

void linkRing(GraphBuilder& b, const std::vector<std::string>& ids, const LinkSpec& link)
{
    for (std::size_t i = 0; i < ringLinks(ids.size()); ++i)
        b.linkIds(ids[i], ids[(i + 1) % ids.size()], link);
}

void linkMesh(GraphBuilder& b, const std::vector<std::string>& ids, const LinkSpec& link)
{
    for (std::size_t i = 0; i < ids.size(); ++i)
        for (std::size_t j = i + 1; j < ids.size(); ++j)
            b.linkIds(ids[i], ids[j], link);
}

namespace {

double siteKm(const GeoPlan& plan, std::size_t i, std::size_t j)
{
    return greatCircleKm(plan.lat[i], plan.lon[i], plan.lat[j], plan.lon[j]);
}

void addEdge(GeoPlan& plan, std::size_t i, std::size_t j)
{
    plan.edges.emplace_back(static_cast<std::uint32_t>(std::min(i, j)),
                            static_cast<std::uint32_t>(std::max(i, j)));
}

/// Waxman (1988): each pair with probability β·exp(−d / (α·L)), L = the largest pairwise
/// distance.
void waxmanEdges(const GeoParams& p, Random& rng, GeoPlan& plan)
{
    double longest = 0.0;
    for (std::size_t i = 0; i < p.n; ++i)
        for (std::size_t j = i + 1; j < p.n; ++j)
            longest = std::max(longest, siteKm(plan, i, j));
    const double scale = std::max(p.alpha * longest, 1e-9);
    for (std::size_t i = 0; i < p.n; ++i)
        for (std::size_t j = i + 1; j < p.n; ++j)
            if (rng.uniform() < p.beta * std::exp(-siteKm(plan, i, j) / scale))
                addEdge(plan, i, j);
}

/// Each site to its `degree` nearest sites (ties → lower index).
void nearestEdges(const GeoParams& p, GeoPlan& plan)
{
    const std::size_t k = std::min(p.degree, p.n - 1);
    std::vector<std::pair<double, std::size_t>> near;
    for (std::size_t i = 0; i < p.n; ++i) {
        near.clear();
        for (std::size_t j = 0; j < p.n; ++j)
            if (j != i)
                near.emplace_back(siteKm(plan, i, j), j);
        std::partial_sort(near.begin(), near.begin() + static_cast<std::ptrdiff_t>(k), near.end());
        for (std::size_t m = 0; m < k; ++m)
            addEdge(plan, i, near[m].second);
    }
}

/// Prim's minimum spanning tree over the complete great-circle graph.
void spanningTreeEdges(const GeoParams& p, GeoPlan& plan)
{
    std::vector<double> best(p.n, std::numeric_limits<double>::infinity());
    std::vector<std::size_t> from(p.n, 0);
    std::vector<bool> inTree(p.n, false);
    best[0] = 0.0;
    for (std::size_t step = 0; step < p.n; ++step) {
        std::size_t u = p.n;
        for (std::size_t v = 0; v < p.n; ++v)
            if (!inTree[v] && (u == p.n || best[v] < best[u]))
                u = v;
        inTree[u] = true;
        if (step > 0)
            addEdge(plan, from[u], u);
        for (std::size_t v = 0; v < p.n; ++v) {
            if (inTree[v])
                continue;
            const double d = siteKm(plan, u, v);
            if (d < best[v]) {
                best[v] = d;
                from[v] = u;
            }
        }
    }
}

} // namespace

GeoPlan planGeo(const GeoParams& p, std::uint64_t seed)
{
    Random rng(seed);
    GeoPlan plan;
    plan.lat.resize(p.n);
    plan.lon.resize(p.n);
    for (std::size_t i = 0; i < p.n; ++i) {
        plan.lat[i] = p.latMin + rng.uniform() * (p.latMax - p.latMin);
        plan.lon[i] = p.lonMin + rng.uniform() * (p.lonMax - p.lonMin);
    }
    if (p.waxman)
        waxmanEdges(p, rng, plan);
    else
        nearestEdges(p, plan);
    spanningTreeEdges(p, plan);
    std::sort(plan.edges.begin(), plan.edges.end());
    plan.edges.erase(std::unique(plan.edges.begin(), plan.edges.end()), plan.edges.end());
    return plan;
}

void buildGeo(GraphBuilder& b, const GeoPlan& plan, const std::vector<std::string>& ids,
              const FibreSpec& fibre)
{
    for (const auto& [i, j] : plan.edges) {
        const double km = greatCircleKm(plan.lat[i], plan.lon[i], plan.lat[j], plan.lon[j]);
        b.linkIds(ids[i], ids[j], {fibre.bandwidth_bps, km * fibre.routeFactor * fibre.perKm_s});
    }
}

void buildRandomGeo(Topology& t, const GeoParams& p, const GeoPlan& plan, NodeKind kind,
                    const FibreSpec& fibre)
{
    const double refLat = (p.latMin + p.latMax) / 2.0;
    const double refLon = (p.lonMin + p.lonMax) / 2.0;
    std::vector<std::string> ids;
    ids.reserve(p.n);
    for (std::size_t i = 0; i < p.n; ++i) {
        NodeAttributes n;
        n.id = kindId(kind, i);
        n.kind = kind;
        n.latitude_deg = plan.lat[i];
        n.longitude_deg = plan.lon[i];
        const auto xy = projectEquirectangularKm(plan.lat[i], plan.lon[i], refLat, refLon);
        n.pos = {xy[0], xy[1]};
        ids.push_back(n.id);
        t.addNode(n);
    }
    GraphBuilder b(t);
    buildGeo(b, plan, ids, fibre);
}

} // namespace meridian::topology::gen
