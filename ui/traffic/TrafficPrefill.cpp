#include "ui/traffic/TrafficPrefill.hpp"

#include "meridian/core/Units.hpp"
#include "meridian/topology/Topology.hpp"
#include "ui/traffic/GeneratorFields.hpp"

#include <algorithm>

namespace meridian::ui::traffic {

using nlohmann::json;

namespace {

constexpr double kPrefillFallbackBps = 1e9;

json prefillCbr(const std::string& stem, const json& from, const json& to, double bandwidth_bps,
                const json& generators)
{
    const double rate_bps =
        bandwidth_bps > 0.0 ? kPrefillShare * bandwidth_bps : kPrefillFallbackBps;
    return json{{"id", uniqueGeneratorId(generators, "bg-" + stem)},
                {"kind", "cbr"},
                {"from", from},
                {"to", to},
                {"stop_s", kPrefillStopS},
                {"rate_bps", units::formatBandwidth(rate_bps)}};
}

double bandwidthOf(const topology::LinkAttributes& l)
{
    return std::max(l.direction(0).bandwidth_bps, l.direction(1).bandwidth_bps);
}

} // namespace

json prefillForLink(const topology::Topology& topology, const std::string& linkId,
                    const json& generators)
{
    const auto id = topology.findLink(linkId);
    if (!id)
        return json::object();
    const auto& l = topology.link(*id);
    return prefillCbr(linkId, l.a, l.b, bandwidthOf(l), generators);
}

json prefillForNode(const topology::Topology& topology, const std::string& nodeId,
                    const json& generators)
{
    const auto id = topology.findNode(nodeId);
    if (!id)
        return json::object();
    const auto& node = topology.node(*id);
    // The node's first link: its bandwidth, and for a plain node its far end.
    const topology::LinkAttributes* first = nullptr;
    for (std::size_t l = 0; l < topology.linkCount() && !first; ++l) {
        const auto& link = topology.link(LinkId::fromIndex(l));
        if (link.a == nodeId || link.b == nodeId)
            first = &link;
    }
    const double bandwidth_bps = first ? bandwidthOf(*first) : 0.0;
    if (node.kind == topology::NodeKind::Center) {
        json others = json::array();
        for (std::size_t n = 0; n < topology.nodeCount(); ++n) {
            const auto& other = topology.node(NodeId::fromIndex(n));
            if (other.kind == topology::NodeKind::Center && other.parent.empty() &&
                other.id != nodeId)
                others.push_back(other.id);
        }
        const json to = others.size() == 1 ? others.front() : others;
        return prefillCbr(nodeId, nodeId, others.empty() ? json("") : to, bandwidth_bps,
                          generators);
    }
    const std::string far = first ? (first->a == nodeId ? first->b : first->a) : std::string();
    return prefillCbr(nodeId, nodeId, far, bandwidth_bps, generators);
}

} // namespace meridian::ui::traffic
