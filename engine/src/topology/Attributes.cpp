#include "meridian/topology/Attributes.hpp"

#include "meridian/core/Text.hpp"

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
    return !bandwidth_bps && !delay_s && !jitter_s && !jitter_distribution && !jitter_correlation &&
           !loss && !queue && !queue_unit;
}

void LinkPatch::applyTo(LinkParams& p) const
{
    if (bandwidth_bps)
        p.bandwidth_bps = *bandwidth_bps;
    if (delay_s)
        p.delay_s = *delay_s;
    if (jitter_s)
        p.jitter_s = *jitter_s;
    if (jitter_distribution)
        p.jitter_distribution = *jitter_distribution;
    if (jitter_correlation)
        p.jitter_correlation = *jitter_correlation;
    if (loss)
        p.loss = *loss;
    if (queue)
        p.queue = *queue;
    if (queue_unit)
        p.queue_unit = *queue_unit;
}

} // namespace meridian::topology
