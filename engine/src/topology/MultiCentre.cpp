#include "MultiCentre.hpp"

#include "FabricBuilders.hpp"
#include "GeneratorOptions.hpp"
#include "WanBuilders.hpp"
#include "meridian/topology/Geo.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

namespace meridian::topology::gen {
namespace {

/// Sizes an explicit fabric for G GPUs (docs/topology.md "multi-centre"):
///  fat-tree:   the smallest even k with k³/4 >= G;
///  spine-leaf: R/2 GPUs per leaf, L = ⌈G/(R/2)⌉ leaves, S = min(R/2, L) spines (none if
///              L = 1); needs L <= R (a spine has R ports);
///  rail:       s = G/g servers (G must be a multiple of g) in groups of R/2; per plane one leaf
///              per rail per group; S = min(R/2, s) spines per plane; needs groups·g <= R;
///  star: one switch; ring: the GPUs in a ring.
FabricPlan planFabric(const Values& v, bool explicitFabric)
{
    FabricPlan f;
    f.shape = fabricShapeFromString(v.text("fabric")).value_or(FabricShape::FatTree);
    f.gpus = v.count("gpus-per-centre");
    const std::size_t radix = v.count("fabric-radix");
    const std::size_t g = v.count("gpus-per-server");
    if (!explicitFabric)
        return f; // only a FabricSpec is written; nothing to size
    if (radix % 2 != 0)
        optionError("multi-centre", "fabric-radix", "fabric-radix must be even, got " + num(radix));
    if (f.shape == FabricShape::FatTree) {
        f.k = 2;
        while (f.k * f.k * f.k / 4 < f.gpus)
            f.k += 2;
    } else if (f.shape == FabricShape::SpineLeaf) {
        f.perLeaf = radix / 2;
        f.leaves = ceilDiv(f.gpus, f.perLeaf);
        f.spines = f.leaves > 1 ? std::min(radix / 2, f.leaves) : 0;
        if (f.leaves > radix)
            optionError("multi-centre", "gpus-per-centre",
                        num(f.gpus) + " GPUs need " + num(f.leaves) +
                            " leaves, more than a two-tier spine-leaf of radix " + num(radix) +
                            " holds (" + num(radix * radix / 2) +
                            " GPUs); use --fabric fat-tree or a larger --fabric-radix");
    } else if (f.shape == FabricShape::RailOptimised) {
        if (f.gpus % g != 0)
            optionError("multi-centre", "gpus-per-centre",
                        "a rail-optimised fabric needs whole servers: gpus-per-centre " +
                            num(f.gpus) + " is not a multiple of gpus-per-server " + num(g));
        f.rail.servers = f.gpus / g;
        f.rail.gpusPerServer = g;
        f.rail.planes = 2;
        f.rail.groupSize = radix / 2;
        f.rail.spines = std::min(radix / 2, f.rail.servers);
        f.rail.nvswitch = true;
        if (f.rail.groups() * g > radix)
            optionError("multi-centre", "gpus-per-centre",
                        num(f.gpus) + " GPUs need " + num(f.rail.groups() * g) +
                            " rail leaves per plane, more than a spine of radix " + num(radix) +
                            " connects; use fewer GPUs or a larger --fabric-radix");
    }
    return f;
}

struct CentrePlan
{
    std::size_t centres = 0;
    std::string wan;
    GeoParams geo;
    std::optional<GeoPlan> geoPlan;
    bool explicitFabric = false;
    FabricPlan fabric;

    std::size_t wanNodes() const { return wan == "star" ? 1 : 0; }
    std::size_t wanLinks() const
    {
        if (wan == "star")
            return centres;
        if (wan == "ring")
            return ringLinks(centres);
        if (wan == "full-mesh")
            return centres * (centres - 1) / 2;
        return geoPlan->edges.size();
    }
};

CentrePlan planCentres(const Values& v, std::uint64_t seed)
{
    CentrePlan c;
    c.centres = v.count("centres");
    c.wan = v.text("wan");
    c.explicitFabric = v.integer("explicit") == 1;
    c.fabric = planFabric(v, c.explicitFabric);
    c.geo = geoBox("multi-centre", v, c.centres);
    c.geo.degree = v.count("wan-degree");
    if (c.wan == "random-geo")
        c.geoPlan = planGeo(c.geo, seed);
    return c;
}

/// Step 1: the centres (NodeIds 0..n-1, positions set in step 3) and the WAN; returns the
/// centre ids.
std::vector<std::string> addCentresAndWan(Topology& t, const CentrePlan& c, const Values& v)
{
    const std::string gpuModel = v.text("gpu-model");
    std::vector<std::string> ids;
    ids.reserve(c.centres);
    for (std::size_t i = 0; i < c.centres; ++i) {
        NodeAttributes n;
        n.id = "c" + num(i);
        n.kind = NodeKind::Center;
        n.name = "Centre " + num(i);
        n.gpu_model = gpuModel;
        n.gpu_count = static_cast<int>(c.fabric.gpus);
        if (!c.explicitFabric) {
            FabricSpec spec;
            spec.shape = c.fabric.shape;
            spec.link_bandwidth_bps = v.num("fabric-bandwidth");
            spec.latency_s = v.num("fabric-latency");
            spec.gpus_per_server = v.integer("gpus-per-server");
            n.fabric = spec;
        }
        if (c.geoPlan) {
            n.latitude_deg = c.geoPlan->lat[i];
            n.longitude_deg = c.geoPlan->lon[i];
        }
        ids.push_back(n.id);
        t.addNode(n);
    }
    GraphBuilder wan(t);
    const LinkSpec wanLink{v.num("wan-bandwidth"), v.num("wan-delay")};
    if (c.wan == "star") {
        wan.node("hub", NodeKind::Router, 0.0, 0.0);
        linkStar(wan, ids, "hub", wanLink);
    } else if (c.wan == "ring") {
        linkRing(wan, ids, wanLink);
    } else if (c.wan == "full-mesh") {
        linkMesh(wan, ids, wanLink);
    } else {
        buildGeo(wan, *c.geoPlan, ids, fibreOption(v, wanLink.bandwidth_bps));
    }
    return ids;
}

/// The node range of one centre's explicit fabric and its drawing extent.
struct FabricExtent
{
    std::size_t first = 0, last = 0;
    double minX = 0, maxX = 0, minY = 0;
};

/// Step 2: each centre's explicit fabric, built at the origin.
std::vector<FabricExtent> addExplicitFabrics(Topology& t, const CentrePlan& c, const Values& v,
                                             const std::vector<std::string>& ids)
{
    const LinkSpec fabricLink{v.num("fabric-bandwidth"), v.num("fabric-latency")};
    const LinkSpec nvLink{v.num("nvlink-bandwidth"), fabricLink.delay_s};
    std::vector<FabricExtent> extents;
    extents.reserve(c.centres);
    for (std::size_t i = 0; i < c.centres; ++i) {
        GraphBuilder b(t);
        b.m_prefix = ids[i] + "-";
        b.m_parent = ids[i];
        b.m_gpuModel = v.text("gpu-model");
        FabricExtent r;
        r.first = t.nodeCount();
        buildFabric(b, c.fabric, ids[i], fabricLink, nvLink);
        r.last = t.nodeCount();
        r.minX = r.minY = std::numeric_limits<double>::infinity();
        r.maxX = -r.minX;
        for (std::size_t n = r.first; n < r.last; ++n) {
            const auto& pos = t.node(NodeId::fromIndex(n)).pos;
            r.minX = std::min(r.minX, pos[0]);
            r.maxX = std::max(r.maxX, pos[0]);
            r.minY = std::min(r.minY, pos[1]);
        }
        extents.push_back(r);
    }
    return extents;
}

/// Step 3: centre positions, a circle (hub in the middle) or projected lat/long, spread so
/// that explicit fabrics hanging below their centres do not overlap; each fabric is moved
/// under its centre.
void placeCentres(Topology& t, const CentrePlan& c, const std::vector<FabricExtent>& extents)
{
    double widest = 0.0;
    for (const FabricExtent& r : extents)
        widest = std::max(widest, r.maxX - r.minX);
    const double spacing = std::max(kCircleSpacing * 4, widest + 300.0);
    std::vector<std::array<double, 2>> pos(c.centres);
    if (c.geoPlan) {
        const double refLat = (c.geo.latMin + c.geo.latMax) / 2.0;
        const double refLon = (c.geo.lonMin + c.geo.lonMax) / 2.0;
        for (std::size_t i = 0; i < c.centres; ++i)
            pos[i] = projectEquirectangularKm(c.geoPlan->lat[i], c.geoPlan->lon[i], refLat, refLon);
        double scale = 1.0;
        if (c.explicitFabric && c.centres > 1) {
            double closest = std::numeric_limits<double>::infinity();
            for (std::size_t i = 0; i < c.centres; ++i)
                for (std::size_t j = i + 1; j < c.centres; ++j)
                    closest =
                        std::min(closest, std::hypot(pos[i][0] - pos[j][0], pos[i][1] - pos[j][1]));
            if (closest > 0.0)
                scale = std::clamp(spacing / closest, 1.0, 1e4);
        }
        for (auto& p : pos)
            p = {p[0] * scale, p[1] * scale};
    } else {
        const double radius = circleRadius(c.centres, spacing);
        for (std::size_t i = 0; i < c.centres; ++i)
            pos[i] = onCircle(i, c.centres, radius);
    }
    for (std::size_t i = 0; i < c.centres; ++i) {
        t.setNodePosition(NodeId::fromIndex(i), pos[i][0], pos[i][1]);
        if (!c.explicitFabric)
            continue;
        const FabricExtent& r = extents[i];
        const double dx = pos[i][0] - (r.minX + r.maxX) / 2.0;
        const double dy = pos[i][1] + 150.0 - r.minY;
        for (std::size_t n = r.first; n < r.last; ++n) {
            const NodeId id = NodeId::fromIndex(n);
            const auto& p = t.node(id).pos;
            t.setNodePosition(id, p[0] + dx, p[1] + dy);
        }
    }
}

} // namespace

GeneratedCounts multiCentreCounts(const Values& v, std::uint64_t seed)
{
    const CentrePlan c = planCentres(v, seed);
    GeneratedCounts out{c.centres + c.wanNodes(), c.wanLinks()};
    if (c.explicitFabric) {
        const GeneratedCounts f = fabricCounts(c.fabric);
        out.nodes += c.centres * f.nodes;
        out.links += c.centres * (f.links + gatewayLinks(c.fabric));
    }
    return out;
}

void buildMultiCentre(Topology& t, const Values& v, std::uint64_t seed)
{
    const CentrePlan c = planCentres(v, seed);
    const std::vector<std::string> ids = addCentresAndWan(t, c, v);
    std::vector<FabricExtent> extents;
    if (c.explicitFabric)
        extents = addExplicitFabrics(t, c, v, ids);
    placeCentres(t, c, extents);
}

} // namespace meridian::topology::gen
