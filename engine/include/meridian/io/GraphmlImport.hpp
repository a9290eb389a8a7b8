#pragma once
// Import of GraphML WAN maps (Internet Topology Zoo) into a Topology (docs/file-format.md).

#include "meridian/topology/Topology.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace meridian::io {

struct GraphmlImportOptions
{
    double default_bandwidth_bps = 10e9; ///< when a link has neither speed nor known label
    double route_factor = 1.0;           ///< fibre path length / great-circle distance
};

struct GraphmlImportResult
{
    std::string name; ///< graph label / file stem
    topology::Topology topology;
    std::vector<std::string> notes; ///< choices made (defaults used, nodes placed without coordinates)
};

/// Throws InputError naming the file and line on malformed XML or a structurally bad graph.
GraphmlImportResult importGraphml(const std::filesystem::path& path,
                                  const GraphmlImportOptions& options = {});

} // namespace meridian::io
