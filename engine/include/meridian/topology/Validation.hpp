#pragma once
// Semantic checks of a Topology: everything the container itself does not enforce.
//
// validate() returns EVERY problem it finds (never throws for bad data), so that a file or
// an edit can be reported in one go. Each issue carries a JSON path in .topo terms, using the
// NodeId / LinkId index as the array index ("/nodes/3/attrs/gpu_count", "/links/2/loss",
// "/links/2/reverse/delay_ms", "/links/2/schedule/1/at_s") and a message that names the node
// or link by its id ("link 'bj-hub': loss 1.2 is outside [0, 1)").
//
// Rules (ranges come from AttributeTable.hpp):
//  * links: no self loop; bandwidth > 0; delay, jitter >= 0; jitter correlation in [0, 1];
//    loss in [0, 1); queue >= 1 — for the forward parameters, the reverse override and every
//    schedule patch; schedule times >= 0 and strictly increasing;
//  * nodes: parent exists; a gpu's parent is a centre; no cycle in parent chains;
//    cpu_cores, memory_gb, gpu_count >= 0; fabric: link bandwidth > 0, latency >= 0,
//    gpus_per_server >= 1, known topology name.
// Cost: O(nodes + links + schedule steps).

#include "meridian/topology/Topology.hpp"

#include <string>
#include <vector>

namespace meridian::topology {

struct ValidationIssue
{
    std::string location; ///< JSON path, e.g. "/links/2/loss"
    std::string message;  ///< names the node/link id and the problem

    bool operator==(const ValidationIssue&) const = default;
};

/// All problems of `topology`, nodes first (in NodeId order) then links (in LinkId order).
std::vector<ValidationIssue> validate(const Topology& topology);

} // namespace meridian::topology
