#include "FabricBuilder.hpp"

#include "meridian/topology/CentreFabric.hpp"

#include <algorithm>

namespace meridian::experiment {

using namespace topology;

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
            for (const SynthesisedServer& s : synthesiseCentreFabric(topo, centre)) {
                c.ranks.push_back(s.node);
                c.gpus_per_rank.push_back(s.gpus);
                c.gpus += s.gpus;
            }
        }
        out.push_back(std::move(c));
    }
    return out;
}

} // namespace meridian::experiment
