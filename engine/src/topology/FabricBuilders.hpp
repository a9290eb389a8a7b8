#pragma once
// The fabric builders: every internal network of a compute centre, and the tiered networks the
// fat-tree, spine-leaf and rail-optimised generators make, are built here, once.
//
//  * GPU-level fabrics (buildFabric, the generators and multi-centre --explicit 1): fat-tree,
//    spine-leaf, rail-optimised (single/dual plane), star, ring, one gpu node per GPU, every
//    link of a tier alike. Counts (closed forms, tests/topology/GeneratorsTest):
//      fat-tree k, H endpoints : H + P·k + (k/2)² nodes, H + P·k·k/2 links, P = ⌈H/(k²/4)⌉
//      spine-leaf L, S, H      : H + L + S nodes, H + L·S links
//      rail s, g, P planes, S  : s·g + P·G·g + P·S (+ s) nodes, P·s·g + P·G·g·S (+ s·g) links,
//                                G = ⌈s / group size⌉ groups
//      star G                  : G + 1 nodes, G links;   ring G : G nodes, ringLinks(G) links
//  * the server-level fabric a run synthesises for a centre described only by its `fabric`
//    attribute (buildServerFabric, called by synthesiseCentreFabric, docs/experiments.md "Ranks of
//    a centre"): one host per server, a leaf per 16 servers (one leaf for "star"), two spines when
//    there is more than one leaf; link bandwidths are the sums of the server NICs beneath them
//    (non-blocking).

#include "GraphBuilder.hpp"
#include "meridian/topology/Attributes.hpp"
#include "meridian/topology/CentreFabric.hpp"
#include "meridian/topology/FabricShape.hpp"
#include "meridian/topology/Generators.hpp"

#include <array>
#include <cstddef>
#include <string>
#include <vector>

namespace meridian::topology::gen {

/// Fat-tree (Al-Fares, Loukissas, Vahdat, SIGCOMM 2008) with `hosts` endpoints of kind
/// `endpoint`: k pods; pod p has k/2 edge switches "edge-p-e" and k/2 aggregation switches
/// "agg-p-a"; edge e of pod p serves hosts p·k²/4 + e·k/2 + j (j < k/2) and links to every agg
/// of its pod; agg a links to cores a·k/2 + j (j < k/2); (k/2)² cores. With H < k³/4
/// endpoints only the ⌈H/(k²/4)⌉ pods that hold endpoints are built (all their switches), and
/// all cores.
GeneratedCounts fatTreeCounts(std::size_t k, std::size_t hosts);
/// Builds the fat-tree below (x0, y0); returns the ids of the top tier (cores).
std::vector<std::string> buildFatTree(GraphBuilder& b, std::size_t k, std::size_t hosts,
                                      NodeKind endpoint, const LinkSpec& link, double x0,
                                      double y0);

/// Spine-leaf: hosts i < H hang off leaf ⌊i / perLeaf⌋; every leaf links to every spine.
GeneratedCounts spineLeafCounts(std::size_t leaves, std::size_t spines, std::size_t hosts);
/// Builds spines, leaves, hosts; returns the spines (or leaf-0 if there are none).
std::vector<std::string> buildSpineLeaf(GraphBuilder& b, std::size_t leaves, std::size_t spines,
                                        std::size_t perLeaf, std::size_t hosts, NodeKind endpoint,
                                        const LinkSpec& hostLink, const LinkSpec& upLink, double x0,
                                        double y0);

/// Rail-optimised, single or dual plane (seed 001 §3.1.1, Fig. 3). Server s has GPUs
/// "gpu-s-i" (i < g). Servers form groups of `groupSize`; each group has one rail leaf per GPU
/// index per plane: GPU i of server s links to leaf "leaf-P-(grp·g + i)" of every plane
/// P ∈ {A, B}. Every leaf of a plane links to every spine "spine-P-j" of that plane; the
/// planes share nothing (no cross links). With intra-server NVSwitch, "nvs-s" links to the
/// server's g GPUs.
struct RailShape
{
    std::size_t servers = 1;
    std::size_t gpusPerServer = 8;
    std::size_t planes = 2;
    std::size_t spines = 2; ///< per plane
    std::size_t groupSize = 1;
    bool nvswitch = true;

    std::size_t groups() const { return ceilDiv(servers, groupSize); }
};
GeneratedCounts railCounts(const RailShape& r);
/// Builds both planes' spines and leaves, the NVSwitches, then the GPUs; returns the spines.
std::vector<std::string> buildRail(GraphBuilder& b, const RailShape& r, const LinkSpec& gpuLink,
                                   const LinkSpec& upLink, const LinkSpec& nvLink, double x0,
                                   double y0);

/// One switch "sw" and `gpus` GPUs under it; returns the switch.
std::vector<std::string> buildStarFabric(GraphBuilder& b, std::size_t gpus, const LinkSpec& link,
                                         double x0, double y0);
/// `gpus` GPUs in a ring; returns gpu-0.
std::vector<std::string> buildRingFabric(GraphBuilder& b, std::size_t gpus, const LinkSpec& link,
                                         double x0, double y0);

/// A GPU-level centre fabric, sized (multi-centre sizes it from its options).
struct FabricPlan
{
    FabricShape shape = FabricShape::FatTree;
    std::size_t gpus = 0;
    std::size_t k = 2;                  ///< fat-tree
    std::size_t leaves = 0, spines = 0; ///< spine-leaf
    std::size_t perLeaf = 0;            ///< spine-leaf
    RailShape rail;                     ///< rail-optimised
};

GeneratedCounts fabricCounts(const FabricPlan& f);
/// Links from the centre to the top tier of its fabric.
std::size_t gatewayLinks(const FabricPlan& f);
/// Builds the GPU-level fabric at the origin and links `centre` (a full id) to its top tier
/// (link a = centre). `nvLink` is the GPU-NVSwitch link of a rail-optimised fabric; every
/// other link is `link`.
void buildFabric(GraphBuilder& b, const FabricPlan& f, const std::string& centre,
                 const LinkSpec& link, const LinkSpec& nvLink);

/// The server-level fabric of a centre that has `gpus` GPUs and a FabricSpec (see the top of
/// this file). Sets b.m_prefix to "<centre>/": nodes are "<centre>/leafJ", "<centre>/srvI",
/// "<centre>/spineK", placed relative to `origin` (the centre's position); names, parent, GPU
/// model and link label come from b. Order: leaves, servers (each with its link to
/// its leaf), then either the one leaf's link to the centre or, per spine, the spine, its
/// leaf links and its link to the centre. Returns the servers in order.
std::vector<SynthesisedServer> buildServerFabric(GraphBuilder& b, const std::string& centre,
                                                 std::array<double, 2> origin, int gpus,
                                                 const FabricSpec& fabric);

} // namespace meridian::topology::gen
