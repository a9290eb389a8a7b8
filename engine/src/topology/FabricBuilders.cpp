// Data-centre fabrics stated in FabricBuilders.hpp (docs/topology.md, Generators); checked by
// tests/topology/GeneratorsTest.cpp.
#include "FabricBuilders.hpp"

#include <algorithm>
#include <cmath>

namespace meridian::topology::gen {

// --- fat-tree -------------------------------------------------------------------------------

GeneratedCounts fatTreeCounts(std::size_t k, std::size_t hosts)
{
    const std::size_t half = k / 2;
    const std::size_t pods = ceilDiv(hosts, half * half);
    return {hosts + pods * k + half * half, hosts + pods * k * half};
}

namespace {

/// Where a fat-tree's nodes are drawn: cores on top; pods in a grid of rows (so a k = 32 tree
/// is not a 245,000-unit strip) with total width ≈ 1.6 × total height; in a pod, aggregation
/// over edge switches, each edge's hosts in a small block of ⌈√(k/2)⌉ columns under it.
struct FatTreeDrawing
{
    FatTreeDrawing(std::size_t half, std::size_t pods, double left, double top)
        : x0(left), y0(top),
          cols(std::max<std::size_t>(
              1, static_cast<std::size_t>(std::ceil(std::sqrt(static_cast<double>(half)))))),
          blockWidth(static_cast<double>(cols) * kDx + kServerGap),
          podWidth(static_cast<double>(half) * blockWidth + 2 * kDx),
          podHeight(2 * kDy + static_cast<double>(ceilDiv(half, cols)) * kDx + kDy),
          perRow(std::clamp<std::size_t>(
              static_cast<std::size_t>(
                  std::ceil(std::sqrt(static_cast<double>(pods) * podHeight * 1.6 / podWidth))),
              1, pods)),
          width(static_cast<double>(std::min(perRow, pods)) * podWidth)
    {}
    double podX(std::size_t p) const { return x0 + static_cast<double>(p % perRow) * podWidth; }
    double podY(std::size_t p) const
    {
        const std::size_t row = p / perRow;
        return y0 + kDy + static_cast<double>(row) * podHeight;
    }

    double x0, y0;
    std::size_t cols;  ///< host columns under an edge switch
    double blockWidth; ///< one edge switch's block of hosts
    double podWidth, podHeight;
    std::size_t perRow; ///< pods per row
    double width;       ///< of the widest row of pods
};

/// Each pod's k/2 aggregation switches, aggregation switch a linked to cores a·k/2 … a·k/2 +
/// k/2 − 1.
void addAggregation(GraphBuilder& b, const FatTreeDrawing& d, std::size_t half, std::size_t pods,
                    const LinkSpec& link)
{
    for (std::size_t p = 0; p < pods; ++p) {
        for (std::size_t a = 0; a < half; ++a) {
            const std::string agg = "agg-" + num(p) + "-" + num(a);
            b.node(agg, NodeKind::Switch,
                   d.podX(p) +
                       (static_cast<double>(a) + 0.5) * d.podWidth / static_cast<double>(half),
                   d.podY(p));
            for (std::size_t j = 0; j < half; ++j)
                b.link(agg, "core-" + num(a * half + j), link);
        }
    }
}

/// Each pod's k/2 edge switches, each linked to every aggregation switch of its pod.
void addEdges(GraphBuilder& b, const FatTreeDrawing& d, std::size_t half, std::size_t pods,
              const LinkSpec& link)
{
    for (std::size_t p = 0; p < pods; ++p) {
        for (std::size_t e = 0; e < half; ++e) {
            const std::string edge = "edge-" + num(p) + "-" + num(e);
            b.node(edge, NodeKind::Switch,
                   d.podX(p) + kDx + (static_cast<double>(e) + 0.5) * d.blockWidth,
                   d.podY(p) + kDy);
            for (std::size_t a = 0; a < half; ++a)
                b.link(edge, "agg-" + num(p) + "-" + num(a), link);
        }
    }
}

} // namespace

std::vector<std::string> buildFatTree(GraphBuilder& b, std::size_t k, std::size_t hosts,
                                      NodeKind endpoint, const LinkSpec& link, double x0, double y0)
{
    const std::size_t half = k / 2;
    const std::size_t perPod = half * half;
    const std::size_t pods = ceilDiv(hosts, perPod);
    const std::string stem = endpoint == NodeKind::Gpu ? "gpu-" : "host-";
    const std::size_t cores = half * half;
    const FatTreeDrawing d(half, pods, x0, y0);

    std::vector<std::string> top;
    top.reserve(cores);
    for (std::size_t c = 0; c < cores; ++c) {
        top.push_back(b.id("core-" + num(c)));
        b.node("core-" + num(c), NodeKind::Switch,
               x0 + (static_cast<double>(c) + 0.5) * d.width / static_cast<double>(cores), y0);
    }
    // Tier by tier (cores, aggregation, edge, hosts) so NodeIds of a tier are contiguous.
    addAggregation(b, d, half, pods, link);
    addEdges(b, d, half, pods, link);
    for (std::size_t h = 0; h < hosts; ++h) {
        const std::size_t p = h / perPod;
        const std::size_t e = (h % perPod) / half;
        const std::size_t i = h % half;
        const std::size_t row = i / d.cols;
        const std::string host = stem + num(h);
        const double bx = d.podX(p) + kDx + static_cast<double>(e) * d.blockWidth + kServerGap / 2;
        b.node(host, endpoint, bx + (static_cast<double>(i % d.cols) + 0.5) * kDx,
               d.podY(p) + 2 * kDy + static_cast<double>(row) * kDx);
        b.link(host, "edge-" + num(p) + "-" + num(e), link);
    }
    return top;
}

// --- spine-leaf -----------------------------------------------------------------------------

GeneratedCounts spineLeafCounts(std::size_t leaves, std::size_t spines, std::size_t hosts)
{
    return {hosts + leaves + spines, hosts + leaves * spines};
}

std::vector<std::string> buildSpineLeaf(GraphBuilder& b, std::size_t leaves, std::size_t spines,
                                        std::size_t perLeaf, std::size_t hosts, NodeKind endpoint,
                                        const LinkSpec& hostLink, const LinkSpec& upLink, double x0,
                                        double y0)
{
    const double width = static_cast<double>(leaves * perLeaf) * kDx;
    const std::string stem = endpoint == NodeKind::Gpu ? "gpu-" : "host-";
    std::vector<std::string> top;
    for (std::size_t s = 0; s < spines; ++s) {
        top.push_back(b.id("spine-" + num(s)));
        b.node("spine-" + num(s), NodeKind::Switch,
               x0 + (static_cast<double>(s) + 0.5) * width / static_cast<double>(spines), y0);
    }
    for (std::size_t l = 0; l < leaves; ++l) {
        const std::string leaf = "leaf-" + num(l);
        b.node(leaf, NodeKind::Switch,
               x0 + (static_cast<double>(l) + 0.5) * static_cast<double>(perLeaf) * kDx, y0 + kDy);
        for (std::size_t s = 0; s < spines; ++s)
            b.link(leaf, "spine-" + num(s), upLink);
    }
    for (std::size_t h = 0; h < hosts; ++h) {
        b.node(stem + num(h), endpoint, x0 + (static_cast<double>(h) + 0.5) * kDx, y0 + 2 * kDy);
        b.link(stem + num(h), "leaf-" + num(h / perLeaf), hostLink);
    }
    if (top.empty())
        top.push_back(b.id("leaf-0"));
    return top;
}

// --- rail-optimised -------------------------------------------------------------------------

GeneratedCounts railCounts(const RailShape& r)
{
    const std::size_t g = r.gpusPerServer;
    const std::size_t leaves = r.planes * r.groups() * g;
    return {r.servers * g + leaves + r.planes * r.spines + (r.nvswitch ? r.servers : 0),
            r.planes * r.servers * g + leaves * r.spines + (r.nvswitch ? r.servers * g : 0)};
}

std::vector<std::string> buildRail(GraphBuilder& b, const RailShape& r, const LinkSpec& gpuLink,
                                   const LinkSpec& upLink, const LinkSpec& nvLink, double x0,
                                   double y0)
{
    const std::size_t g = r.gpusPerServer;
    // Plane 0 is A, plane 1 is B (RailShape::planes is 1 or 2).
    const auto planeName = [](std::size_t p) { return p == 0 ? "A" : "B"; };
    const double serverWidth = static_cast<double>(g) * kDx + kServerGap;
    const double width = static_cast<double>(r.servers) * serverWidth;
    // Tiers: spines A, leaves A, GPUs, NVSwitches, leaves B, spines B (plane B mirrored below).
    const double tierY[2][2] = {{y0, y0 + kDy}, {y0 + 4.2 * kDy, y0 + 3.2 * kDy}};
    const double gpuY = y0 + 2 * kDy;
    const double nvsY = y0 + 2.6 * kDy;
    const std::size_t leavesPerPlane = r.groups() * g;

    std::vector<std::string> top;
    for (std::size_t p = 0; p < r.planes; ++p) {
        const std::string P = planeName(p);
        for (std::size_t j = 0; j < r.spines; ++j) {
            top.push_back(b.id("spine-" + P + "-" + num(j)));
            b.node("spine-" + P + "-" + num(j), NodeKind::Switch,
                   x0 + (static_cast<double>(j) + 0.5) * width / static_cast<double>(r.spines),
                   tierY[p][0]);
        }
        for (std::size_t l = 0; l < leavesPerPlane; ++l) {
            const std::string leaf = "leaf-" + P + "-" + num(l);
            b.node(leaf, NodeKind::Switch,
                   x0 +
                       (static_cast<double>(l) + 0.5) * width / static_cast<double>(leavesPerPlane),
                   tierY[p][1]);
            for (std::size_t j = 0; j < r.spines; ++j)
                b.link(leaf, "spine-" + P + "-" + num(j), upLink);
        }
    }
    if (r.nvswitch)
        for (std::size_t s = 0; s < r.servers; ++s)
            b.node("nvs-" + num(s), NodeKind::Switch,
                   x0 + static_cast<double>(s) * serverWidth + static_cast<double>(g) * kDx / 2.0,
                   nvsY);
    for (std::size_t s = 0; s < r.servers; ++s) {
        const double sx = x0 + static_cast<double>(s) * serverWidth;
        const std::size_t group = s / r.groupSize;
        const std::string server = num(s) + "-";
        for (std::size_t i = 0; i < g; ++i) {
            const std::string gpu = "gpu-" + server + num(i);
            b.node(gpu, NodeKind::Gpu, sx + (static_cast<double>(i) + 0.5) * kDx, gpuY);
            for (std::size_t p = 0; p < r.planes; ++p)
                b.link(gpu, std::string("leaf-") + planeName(p) + "-" + num(group * g + i),
                       gpuLink);
            if (r.nvswitch)
                b.link(gpu, "nvs-" + num(s), nvLink);
        }
    }
    return top;
}

// --- small fabrics inside a centre -----------------------------------------------------------

std::vector<std::string> buildStarFabric(GraphBuilder& b, std::size_t gpus, const LinkSpec& link,
                                         double x0, double y0)
{
    const double width = static_cast<double>(gpus) * kDx;
    b.node("sw", NodeKind::Switch, x0 + width / 2.0, y0);
    for (std::size_t i = 0; i < gpus; ++i) {
        b.node("gpu-" + num(i), NodeKind::Gpu, x0 + (static_cast<double>(i) + 0.5) * kDx, y0 + kDy);
        b.link("gpu-" + num(i), "sw", link);
    }
    return {b.id("sw")};
}

std::vector<std::string> buildRingFabric(GraphBuilder& b, std::size_t gpus, const LinkSpec& link,
                                         double x0, double y0)
{
    const double r = circleRadius(gpus, kDx * 2);
    for (std::size_t i = 0; i < gpus; ++i) {
        const auto p = onCircle(i, gpus, r);
        b.node("gpu-" + num(i), NodeKind::Gpu, x0 + r + p[0], y0 + r + p[1]);
    }
    for (std::size_t i = 0; i < ringLinks(gpus); ++i)
        b.link("gpu-" + num(i), "gpu-" + num(i + 1 == gpus ? 0 : i + 1), link);
    return {b.id("gpu-0")};
}

// --- dispatch over the shapes --------------------------------------------------------------

GeneratedCounts fabricCounts(const FabricPlan& f)
{
    switch (f.shape) {
    case FabricShape::FatTree:
        return fatTreeCounts(f.k, f.gpus);
    case FabricShape::SpineLeaf:
        return spineLeafCounts(f.leaves, f.spines, f.gpus);
    case FabricShape::RailOptimised:
        return railCounts(f.rail);
    case FabricShape::Star:
        return {f.gpus + 1, f.gpus};
    case FabricShape::Ring:
        break;
    }
    return {f.gpus, ringLinks(f.gpus)};
}

std::size_t gatewayLinks(const FabricPlan& f)
{
    switch (f.shape) {
    case FabricShape::FatTree:
        return (f.k / 2) * (f.k / 2);
    case FabricShape::SpineLeaf:
        return std::max<std::size_t>(f.spines, 1);
    case FabricShape::RailOptimised:
        return f.rail.planes * f.rail.spines;
    case FabricShape::Star:
    case FabricShape::Ring:
        break;
    }
    return 1;
}

void buildFabric(GraphBuilder& b, const FabricPlan& f, const std::string& centre,
                 const LinkSpec& link, const LinkSpec& nvLink)
{
    std::vector<std::string> top;
    switch (f.shape) {
    case FabricShape::FatTree:
        top = buildFatTree(b, f.k, f.gpus, NodeKind::Gpu, link, 0.0, 0.0);
        break;
    case FabricShape::SpineLeaf:
        top = buildSpineLeaf(b, f.leaves, f.spines, f.perLeaf, f.gpus, NodeKind::Gpu, link, link,
                             0.0, 0.0);
        break;
    case FabricShape::RailOptimised:
        top = buildRail(b, f.rail, link, link, nvLink, 0.0, 0.0);
        break;
    case FabricShape::Star:
        top = buildStarFabric(b, f.gpus, link, 0.0, 0.0);
        break;
    case FabricShape::Ring:
        top = buildRingFabric(b, f.gpus, link, 0.0, 0.0);
        break;
    }
    for (const auto& node : top)
        b.linkIds(centre, node, link);
}

// --- server-level fabric of a run ----------------------------------------------------------

namespace {

/// Servers per leaf switch of a synthesised fabric (a 32-port leaf with half its ports up).
constexpr int kServersPerLeaf = 16;
/// Spine switches of a synthesised two-tier fabric.
constexpr int kSpines = 2;

} // namespace

std::vector<SynthesisedServer> buildServerFabric(GraphBuilder& b, const std::string& centre,
                                                 std::array<double, 2> origin, int gpus,
                                                 const FabricSpec& fabric)
{
    const int servers = (gpus + fabric.gpus_per_server - 1) / fabric.gpus_per_server;
    const bool star = fabric.shape == FabricShape::Star;
    const int leaves = star ? 1 : (servers + kServersPerLeaf - 1) / kServersPerLeaf;
    const auto at = [&](double dx, double dy) {
        return std::array<double, 2>{origin[0] + dx, origin[1] + dy};
    };
    b.m_prefix = centre + "/";
    std::vector<std::string> leafIds;
    std::vector<double> leafCapacity(static_cast<std::size_t>(leaves), 0.0);
    for (int j = 0; j < leaves; ++j) {
        const auto p = at(40.0 * j, 40.0);
        b.node("leaf" + std::to_string(j), NodeKind::Switch, p[0], p[1]);
        leafIds.push_back(b.id("leaf" + std::to_string(j)));
    }
    std::vector<SynthesisedServer> out;
    int remaining = gpus;
    double total = 0.0;
    for (int i = 0; i < servers; ++i) {
        const int held = std::min(fabric.gpus_per_server, remaining);
        remaining -= held;
        const std::string sid = b.id("srv" + std::to_string(i));
        const auto p = at(10.0 * i, 80.0);
        out.push_back({b.server("srv" + std::to_string(i), held, p[0], p[1]), held});
        const int leaf = std::min(i / kServersPerLeaf, leaves - 1); // "star": all on leaf 0
        const double nic_bps = held * fabric.link_bandwidth_bps;
        const auto li = static_cast<std::size_t>(leaf);
        b.linkIds(sid + "-leaf" + std::to_string(leaf), sid, leafIds[li],
                  {nic_bps, fabric.latency_s});
        leafCapacity[li] += nic_bps;
        total += nic_bps;
    }
    if (leaves == 1) {
        b.linkIds(leafIds[0] + "-" + centre, leafIds[0], centre, {total, fabric.latency_s});
        return out;
    }
    for (int k = 0; k < kSpines; ++k) {
        const std::string spine = b.id("spine" + std::to_string(k));
        const auto p = at(60.0 * k, 0.0);
        b.node("spine" + std::to_string(k), NodeKind::Switch, p[0], p[1]);
        for (int j = 0; j < leaves; ++j) {
            const auto lj = static_cast<std::size_t>(j);
            b.linkIds(leafIds[lj] + "-spine" + std::to_string(k), leafIds[lj], spine,
                      {leafCapacity[lj], fabric.latency_s});
        }
        std::string uplink = spine;
        uplink.append("-").append(centre);
        b.linkIds(uplink, spine, centre, {total, fabric.latency_s});
    }
    return out;
}

} // namespace meridian::topology::gen
