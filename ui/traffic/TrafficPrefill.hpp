#pragma once
// The generator the canvas's "Add background traffic…" proposes (docs/gui.md, "Background
// traffic"), before the user edits it:
//   on a link   — from its end a to its end b;
//   on a centre — from the centre to every other top-level centre (centre-to-centre);
//   on a node   — from the node to the far end of its first link.
// Kind cbr at 10 % of the bandwidth of that link (the centre's first link; 1 Gbit/s when there
// is none), from 0 to 60 s, with an id not used yet ("bg-<link or node id>").

#include <nlohmann/json.hpp>
#include <string>

namespace meridian::topology {
class Topology;
}

namespace meridian::ui::traffic {

/// Seconds a proposed generator runs (stop_s).
inline constexpr double kPrefillStopS = 60.0;
/// Share of the link's bandwidth a proposed CBR source sends.
inline constexpr double kPrefillShare = 0.1;

/// The proposal for a link; `generators` gives the ids in use.
nlohmann::json prefillForLink(const topology::Topology& topology, const std::string& linkId,
                              const nlohmann::json& generators);
/// The proposal for a node or, if it is a centre, centre-to-centre.
nlohmann::json prefillForNode(const topology::Topology& topology, const std::string& nodeId,
                              const nlohmann::json& generators);

} // namespace meridian::ui::traffic
