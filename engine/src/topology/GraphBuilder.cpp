#include "GraphBuilder.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <utility>

namespace meridian::topology::gen {

NodeId GraphBuilder::node(std::string_view local, NodeKind kind, double x, double y)
{
    NodeAttributes n;
    n.id = id(local);
    n.kind = kind;
    if (m_nameNodes)
        n.name = n.id;
    n.pos = {x, y};
    n.parent = m_parent;
    if (kind == NodeKind::Gpu) {
        n.gpu_count = 1;
        n.gpu_model = m_gpuModel;
    }
    return m_topology.addNode(n);
}

NodeId GraphBuilder::server(std::string_view local, int gpus, double x, double y)
{
    NodeAttributes n;
    n.id = id(local);
    n.kind = NodeKind::Host;
    if (m_nameNodes)
        n.name = n.id;
    n.pos = {x, y};
    n.parent = m_parent;
    n.gpu_model = m_gpuModel;
    n.gpu_count = gpus;
    return m_topology.addNode(n);
}

void GraphBuilder::linkIds(const std::string& a, const std::string& b, const LinkSpec& s)
{
    linkIds(a + "~" + b, a, b, s);
}

void GraphBuilder::linkIds(std::string linkId, const std::string& a, const std::string& b,
                           const LinkSpec& s)
{
    LinkAttributes l;
    l.id = std::move(linkId);
    l.a = a;
    l.b = b;
    l.params.bandwidth_bps = s.bandwidth_bps;
    l.params.delay_s = s.delay_s;
    l.label = m_linkLabel;
    m_topology.addLink(std::move(l));
}

std::string num(std::size_t i)
{
    return std::to_string(i);
}

std::size_t ceilDiv(std::size_t a, std::size_t b)
{
    return (a + b - 1) / b;
}

std::size_t ringLinks(std::size_t n)
{
    return n <= 1 ? 0 : (n == 2 ? 1 : n);
}

std::array<double, 2> onCircle(std::size_t i, std::size_t n, double radius)
{
    const double angle = 2.0 * std::numbers::pi * static_cast<double>(i) /
                             static_cast<double>(std::max<std::size_t>(n, 1)) -
                         std::numbers::pi / 2.0;
    return {radius * std::cos(angle), radius * std::sin(angle)};
}

double circleRadius(std::size_t n, double spacing)
{
    return std::max(kMinCircleRadius, static_cast<double>(n) * spacing / (2.0 * std::numbers::pi));
}

} // namespace meridian::topology::gen
