#pragma once
// What every generator and fabric builder shares: the node/link sink (GraphBuilder: id prefix,
// parent, GPU model, link label), the link values of a tier (LinkSpec) and the drawing
// geometry (rows kDx apart, tiers kDy apart, circles).
//
// Circle layout: node i of n sits at angle 2πi/n − π/2 (first at the top) on a circle of
// radius max(kMinCircleRadius, n·spacing / 2π), so neighbours are `spacing` apart.

#include "meridian/topology/Topology.hpp"

#include <array>
#include <cstddef>
#include <string>
#include <string_view>

namespace meridian::topology::gen {

// Layout constants (scene units). Endpoints sit kDx apart on a row, tiers kDy apart.
inline constexpr double kDx = 30.0;
inline constexpr double kDy = 150.0;
inline constexpr double kServerGap = 20.0; ///< extra space between the GPUs of two servers
inline constexpr double kCircleSpacing = 80.0;
inline constexpr double kMinCircleRadius = 200.0;

/// Bandwidth and one-way delay of the links of one tier.
struct LinkSpec
{
    double bandwidth_bps = 10e9;
    double delay_s = 0.0;
};

/// Adds nodes/links with an id prefix and a parent (for fabrics inside a centre).
class GraphBuilder
{
public:
    explicit GraphBuilder(Topology& t) : m_topology(t) {}

    std::string m_prefix;     ///< prepended to every local id ("c0-")
    std::string m_parent;     ///< parent of every node added
    std::string m_gpuModel;   ///< model of gpu nodes and of servers
    bool m_nameNodes = false; ///< name every node after its id
    std::string m_linkLabel;  ///< label of every link added

    std::string id(std::string_view local) const { return m_prefix + std::string(local); }

    /// A node; a gpu node gets gpu_count 1 and m_gpuModel.
    NodeId node(std::string_view local, NodeKind kind, double x, double y);
    /// A host that stands for a server of `gpus` GPUs of m_gpuModel.
    NodeId server(std::string_view local, int gpus, double x, double y);
    /// Link between two full ids; its id is "a~b" (unique since generators never add
    /// parallel links and node ids never contain '~').
    void linkIds(const std::string& a, const std::string& b, const LinkSpec& s);
    /// Link between two full ids with an explicit link id.
    void linkIds(std::string linkId, const std::string& a, const std::string& b, const LinkSpec& s);
    /// Link between two local ids.
    void link(std::string_view a, std::string_view b, const LinkSpec& s)
    {
        linkIds(id(a), id(b), s);
    }

    Topology& m_topology;
};

std::string num(std::size_t i);
std::size_t ceilDiv(std::size_t a, std::size_t b);
/// Links of a ring of n nodes: none for 1, one for 2, n otherwise.
std::size_t ringLinks(std::size_t n);
std::array<double, 2> onCircle(std::size_t i, std::size_t n, double radius);
double circleRadius(std::size_t n, double spacing);

} // namespace meridian::topology::gen
