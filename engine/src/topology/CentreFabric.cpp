#include "meridian/topology/CentreFabric.hpp"

#include "FabricBuilders.hpp"
#include "meridian/core/Error.hpp"

namespace meridian::topology {

std::vector<SynthesisedServer> synthesiseCentreFabric(Topology& topo, const NodeAttributes& centre)
{
    const FabricSpec fabric = centre.fabric.value_or(FabricSpec{});
    if (fabric.gpus_per_server < 1)
        throw InputError("", "centre '" + centre.id + "'",
                         "fabric gpus_per_server must be at least 1");
    if (!(fabric.link_bandwidth_bps > 0))
        throw InputError("", "centre '" + centre.id + "'",
                         "fabric link bandwidth must be positive");
    gen::GraphBuilder b(topo);
    b.m_parent = centre.id;
    b.m_gpuModel = centre.gpu_model;
    b.m_nameNodes = true;
    b.m_linkLabel = "synthesised fabric";
    return gen::buildServerFabric(b, centre.id, centre.pos, centre.gpu_count, fabric);
}

} // namespace meridian::topology
