#pragma once
// The run's synthesised fabric: a centre described only by its `fabric` attribute (and
// gpu_count) is expanded into servers, leaf switches and spines added to the run's private
// copy of the topology (docs/experiments.md "Ranks of a centre"). Built by the same fabric
// builders as the generators (engine/src/topology/FabricBuilders.hpp); this is their
// server-level, non-blocking form:
//   servers  = ⌈gpu_count / gpus_per_server⌉ (the last may hold fewer GPUs)
//   leaves   = ⌈servers / 16⌉ (1 for "star"); 2 spines when leaves > 1
//   bandwidth: server link = gpus × link_gbps, leaf up = Σ its servers, to the centre = Σ all.

#include "meridian/topology/Topology.hpp"

#include <vector>

namespace meridian::topology {

/// One synthesised server: its host node and the GPUs it holds.
struct SynthesisedServer
{
    NodeId node;
    int gpus = 0;
};

/// Adds the synthesised fabric of `centre` (a copy: `topo` grows) to `topo` and returns its
/// servers in order. Throws InputError for an impossible fabric (gpus_per_server < 1,
/// bandwidth not positive).
std::vector<SynthesisedServer> synthesiseCentreFabric(Topology& topo, const NodeAttributes& centre);

} // namespace meridian::topology
