#include "FabricBuilder.hpp"

#include "meridian/core/Error.hpp"

#include <algorithm>

namespace meridian::experiment {

using namespace topology;

namespace {

/// Servers per leaf switch of a synthesised fabric (a 32-port leaf with half its ports up).
constexpr int kServersPerLeaf = 16;
/// Spine switches of a synthesised two-tier fabric.
constexpr int kSpines = 2;

LinkAttributes fabricLink(const std::string& id, const std::string& a, const std::string& b,
                          double bandwidth_bps, double latency_s)
{
    LinkAttributes l;
    l.id = id;
    l.a = a;
    l.b = b;
    l.params.bandwidth_bps = bandwidth_bps;
    l.params.delay_s = latency_s;
    l.params.queue = 1000;
    l.label = "synthesised fabric";
    return l;
}

NodeAttributes fabricNode(const std::string& id, NodeKind kind, const NodeAttributes& centre,
                          double dx, double dy)
{
    NodeAttributes n;
    n.id = id;
    n.kind = kind;
    n.name = id;
    n.parent = centre.id;
    n.pos = {centre.pos[0] + dx, centre.pos[1] + dy};
    return n;
}

/// Builds servers → leaves → (spines) → centre. Every link is sized so that the fabric is
/// non-blocking whichever equal-cost path the router picks: a server's NIC carries
/// gpus × link bandwidth (one NIC per GPU, rail-optimised), a leaf's links up carry the sum of
/// its servers' NICs, the spines' links to the centre carry the sum of all NICs.
void synthesise(Topology& topo, CentreRanks& c, const NodeAttributes& centre)
{
    const FabricSpec fabric = centre.fabric.value_or(FabricSpec{});
    if (fabric.gpus_per_server < 1)
        throw InputError("", "centre '" + centre.id + "'",
                         "fabric gpus_per_server must be at least 1");
    if (!(fabric.link_bandwidth_bps > 0))
        throw InputError("", "centre '" + centre.id + "'",
                         "fabric link bandwidth must be positive");
    const int servers = (centre.gpu_count + fabric.gpus_per_server - 1) / fabric.gpus_per_server;
    const int leaves =
        fabric.topology == "star" ? 1 : (servers + kServersPerLeaf - 1) / kServersPerLeaf;
    const std::string& cid = centre.id;
    std::vector<std::string> leafIds;
    std::vector<double> leafCapacity(static_cast<std::size_t>(leaves), 0.0);
    for (int j = 0; j < leaves; ++j) {
        leafIds.push_back(cid + "/leaf" + std::to_string(j));
        topo.addNode(fabricNode(leafIds.back(), NodeKind::Switch, centre, 40.0 * j, 40.0));
    }
    int remaining = centre.gpu_count;
    double total = 0.0;
    for (int i = 0; i < servers; ++i) {
        const int gpus = std::min(fabric.gpus_per_server, remaining);
        remaining -= gpus;
        const std::string sid = cid + "/srv" + std::to_string(i);
        NodeAttributes s = fabricNode(sid, NodeKind::Host, centre, 10.0 * i, 80.0);
        s.gpu_model = centre.gpu_model;
        s.gpu_count = gpus;
        const NodeId node = topo.addNode(std::move(s));
        const int leaf =
            std::min(i / kServersPerLeaf, leaves - 1); // "star": every server on leaf 0
        const double nic_bps = gpus * fabric.link_bandwidth_bps;
        topo.addLink(fabricLink(sid + "-leaf" + std::to_string(leaf), sid,
                                leafIds[static_cast<std::size_t>(leaf)], nic_bps,
                                fabric.latency_s));
        leafCapacity[static_cast<std::size_t>(leaf)] += nic_bps;
        total += nic_bps;
        c.ranks.push_back(node);
        c.gpus_per_rank.push_back(gpus);
        c.gpus += gpus;
    }
    if (leaves == 1) {
        topo.addLink(fabricLink(leafIds[0] + "-" + cid, leafIds[0], cid, total, fabric.latency_s));
        return;
    }
    for (int k = 0; k < kSpines; ++k) {
        const std::string spine = cid + "/spine" + std::to_string(k);
        topo.addNode(fabricNode(spine, NodeKind::Switch, centre, 60.0 * k, 0.0));
        for (int j = 0; j < leaves; ++j)
            topo.addLink(
                fabricLink(leafIds[static_cast<std::size_t>(j)] + "-spine" + std::to_string(k),
                           leafIds[static_cast<std::size_t>(j)], spine,
                           leafCapacity[static_cast<std::size_t>(j)], fabric.latency_s));
        topo.addLink(fabricLink(spine + "-" + cid, spine, cid, total, fabric.latency_s));
    }
}

} // namespace

std::vector<CentreRanks> resolveCentres(Topology& topo)
{
    std::vector<CentreRanks> out;
    const auto centres = topo.nodesOfKind(NodeKind::Center);
    for (NodeId cid : centres) {
        const NodeAttributes centre = topo.node(cid); // copy: topo grows below
        CentreRanks c;
        c.centre = cid;
        c.id = centre.id;
        c.gpu_model = centre.gpu_model;
        for (NodeId child : topo.children(cid)) {
            const NodeAttributes& g = topo.node(child);
            if (g.kind != NodeKind::Gpu)
                continue;
            const int gpus = std::max(1, g.gpu_count);
            c.ranks.push_back(child);
            c.gpus_per_rank.push_back(gpus);
            c.gpus += gpus;
            if (!g.gpu_model.empty())
                c.gpu_model = g.gpu_model;
        }
        if (c.ranks.empty() && centre.gpu_count > 0) {
            c.synthesised = true;
            synthesise(topo, c, centre);
        }
        out.push_back(std::move(c));
    }
    return out;
}

} // namespace meridian::experiment
