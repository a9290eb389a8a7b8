#include "meridian/topology/Attributes.hpp"

#include "meridian/core/Text.hpp"
#include "meridian/topology/AttributeTable.hpp"

namespace meridian::topology {

using text::lower;

std::string_view toString(NodeKind kind)
{
    switch (kind) {
    case NodeKind::Center:
        return "center";
    case NodeKind::Gpu:
        return "gpu";
    case NodeKind::Switch:
        return "switch";
    case NodeKind::Router:
        return "router";
    case NodeKind::Host:
        return "host";
    }
    return "host";
}

std::optional<NodeKind> nodeKindFromString(std::string_view text)
{
    const std::string t = lower(text);
    if (t == "center" || t == "centre")
        return NodeKind::Center;
    if (t == "gpu")
        return NodeKind::Gpu;
    if (t == "switch")
        return NodeKind::Switch;
    if (t == "router")
        return NodeKind::Router;
    if (t == "host" || t == "npu")
        return NodeKind::Host;
    return std::nullopt;
}

std::string_view toString(JitterDistribution d)
{
    switch (d) {
    case JitterDistribution::Uniform:
        return "uniform";
    case JitterDistribution::Normal:
        return "normal";
    case JitterDistribution::Pareto:
        return "pareto";
    case JitterDistribution::ParetoNormal:
        return "paretonormal";
    }
    return "uniform";
}

std::optional<JitterDistribution> jitterDistributionFromString(std::string_view text)
{
    const std::string t = lower(text);
    if (t == "uniform")
        return JitterDistribution::Uniform;
    if (t == "normal")
        return JitterDistribution::Normal;
    if (t == "pareto")
        return JitterDistribution::Pareto;
    if (t == "paretonormal")
        return JitterDistribution::ParetoNormal;
    return std::nullopt;
}

std::string_view toString(Duplex d)
{
    return d == Duplex::Full ? "full" : "half";
}

std::optional<Duplex> duplexFromString(std::string_view text)
{
    const std::string t = lower(text);
    if (t == "full")
        return Duplex::Full;
    if (t == "half")
        return Duplex::Half;
    return std::nullopt;
}

bool LinkPatch::empty() const
{
    const LinkPatch resolved = withQueueUnit(QueueUnit::Packets);
    for (const AttributeInfo& a : linkAttributeTable())
        if (a.patch && a.patch.get(resolved))
            return false;
    return true;
}

void LinkPatch::applyTo(LinkParams& p) const
{
    const LinkPatch resolved = withQueueUnit(p.queue_unit);
    for (const AttributeInfo& a : linkAttributeTable())
        if (a.patch && a.params)
            if (const auto v = a.patch.get(resolved))
                a.params.set(p, v);
}

LinkPatch LinkPatch::withQueueUnit(QueueUnit inherited) const
{
    LinkPatch out = *this;
    if (out.queue && !out.queue_unit)
        out.queue_unit = inherited;
    return out;
}

} // namespace meridian::topology
