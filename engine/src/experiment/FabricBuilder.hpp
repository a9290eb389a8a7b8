#pragma once
// Resolves the ranks of every compute centre for a run: its explicit GPU children, or the
// servers of the fabric synthesised for centres that describe it only by `fabric`
// (topology/CentreFabric.hpp builds it; docs/experiments.md, "Ranks of a centre").

#include "meridian/topology/Topology.hpp"

#include <string>
#include <vector>

namespace meridian::experiment {

struct CentreRanks
{
    NodeId centre;
    std::string id;
    std::string gpu_model;
    std::vector<NodeId> ranks; ///< explicit GPU nodes, or synthesised servers
    std::vector<int> gpus_per_rank;
    int gpus = 0; ///< Σ gpus_per_rank
    bool synthesised = false;
    NodeId lead() const { return ranks.empty() ? centre : ranks.front(); }
};

/// For every centre (kind center, in NodeId order): its explicit GPU children, or servers
/// built from its fabric and appended to `topo` (which must be the run's private copy).
/// Centres without GPUs get no ranks. Throws InputError for an impossible fabric.
std::vector<CentreRanks> resolveCentres(topology::Topology& topo);

} // namespace meridian::experiment
