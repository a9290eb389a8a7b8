#pragma once
// Vertex attributes H and edge attributes L_t of the attributed topology graph (seed 000 §2.1.1).
//
// Units are in the member names. Link delay is ONE-WAY, per direction: a link with
// delay_s = 10 ms adds 10 ms from a to b and 10 ms from b to a, so its round-trip
// contribution is 20 ms (netem shapes egress; configuring 10 ms on both ends of a real
// link would make the round trip 40 ms — Meridian never counts a delay twice).

#include "meridian/core/StrongId.hpp"
#include "meridian/topology/FabricShape.hpp"

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace meridian::topology {

enum class NodeKind
{
    Center,
    Gpu,
    Switch,
    Router,
    Host
};
inline constexpr std::array<NodeKind, 5> kAllNodeKinds{
    NodeKind::Center, NodeKind::Gpu, NodeKind::Switch, NodeKind::Router, NodeKind::Host};
std::string_view toString(NodeKind kind);
std::optional<NodeKind> nodeKindFromString(std::string_view text); // also accepts "npu" → Host

enum class JitterDistribution
{
    Uniform,
    Normal,
    Pareto,
    ParetoNormal
};
std::string_view toString(JitterDistribution d);
std::optional<JitterDistribution> jitterDistributionFromString(std::string_view text);

enum class Duplex
{
    Full,
    Half
};
std::string_view toString(Duplex d);
std::optional<Duplex> duplexFromString(std::string_view text);

enum class QueueUnit
{
    Packets,
    Bytes
};

/// Internal network of a centre that has no explicit children (docs/topology.md, "Centre fabric").
struct FabricSpec
{
    FabricShape shape = FabricShape::FatTree; ///< the .topo key "topology"
    double link_bandwidth_bps = 200e9;
    double latency_s = 2e-6; ///< one-way per hop
    int gpus_per_server = 8;

    bool operator==(const FabricSpec&) const = default;
};

/// Vertex attributes H = (memory, IP, CPU cores) plus GPU and layout data.
struct NodeAttributes
{
    std::string id; ///< unique, stable, used in files and undo commands
    NodeKind kind = NodeKind::Host;
    std::string name;
    std::array<double, 2> pos{0.0, 0.0}; ///< canvas position (scene units)
    std::string ip;                      ///< address or prefix, e.g. "10.1.0.0/16"
    int cpu_cores = 0;
    double memory_gb = 0.0;
    std::string gpu_model; ///< device catalogue name, e.g. "A100-80GB"
    int gpu_count = 0;
    std::string parent; ///< id of the enclosing centre, or empty
    std::optional<double> latitude_deg;
    std::optional<double> longitude_deg;
    std::optional<FabricSpec> fabric;
    bool collapsed = false; ///< GUI state of a centre (kept in the file)

    bool operator==(const NodeAttributes&) const = default;
};

/// The five-dimensional edge attribute tensor L_t = [B, τ, σ, λ, D] for one direction.
struct LinkParams
{
    double bandwidth_bps = 10e9;
    double delay_s = 0.0; ///< one-way propagation delay of this direction
    double jitter_s = 0.0;
    JitterDistribution jitter_distribution = JitterDistribution::Uniform;
    double jitter_correlation = 0.0; ///< [0, 1], netem-style correlation with the previous sample
    double loss = 0.0;               ///< packet loss probability in [0, 1)
    double queue = 1000.0;           ///< queue size in `queue_unit`
    QueueUnit queue_unit = QueueUnit::Packets;
    /// Largest packet on this direction (bytes); 0: the experiment's transport.packet_bytes.
    double mtu_bytes = 0.0;

    /// The packet size on this direction: mtu_bytes, or `fallback_bytes` when it is 0.
    double packetBytes(double fallback_bytes) const
    {
        return mtu_bytes > 0.0 ? mtu_bytes : fallback_bytes;
    }
    /// Queue capacity in bytes, with `mtu_bytes` per packet when counted in packets.
    double queueBytes(double mtu_bytes = 1500.0) const
    {
        return queue_unit == QueueUnit::Bytes ? queue : queue * mtu_bytes;
    }
    bool operator==(const LinkParams&) const = default;
};

/// A partial set of link parameters: used for per-direction overrides and schedule steps.
/// Each field is the optional twin of the LinkParams field of the same name; empty() and
/// applyTo() loop over linkAttributeTable(), whose rows bind the two.
struct LinkPatch
{
    std::optional<double> bandwidth_bps;
    std::optional<double> delay_s;
    std::optional<double> jitter_s;
    std::optional<JitterDistribution> jitter_distribution;
    std::optional<double> jitter_correlation;
    std::optional<double> loss;
    std::optional<double> queue;
    std::optional<QueueUnit> queue_unit;
    std::optional<double> mtu_bytes;

    /// True if the patch sets no attribute (a queue unit without a size sets none).
    bool empty() const;
    /// Sets the attributes the patch holds; a queue size without its own unit keeps `p`'s.
    void applyTo(LinkParams& p) const;
    /// This patch with a queue size's unit made explicit: a size without a unit is in the
    /// unit of the parameters it patches (`inherited`).
    LinkPatch withQueueUnit(QueueUnit inherited) const;
    bool operator==(const LinkPatch&) const = default;
};

/// A step of a piecewise-constant schedule: from `at_s` on (simulated seconds), the fields
/// present replace the link's values; `up` = false fails the link, true restores it.
struct ScheduleStep
{
    double at_s = 0.0;
    LinkPatch patch;
    std::optional<bool> up;
    /// Which directions the step applies to: both (default), forward (a→b) or reverse (b→a).
    enum class Direction
    {
        Both,
        Forward,
        Reverse
    } direction = Direction::Both;

    bool operator==(const ScheduleStep&) const = default;
};

/// Edge attributes: parameters for a→b, an optional override for b→a, duplex, schedule.
struct LinkAttributes
{
    std::string id;    ///< unique, stable
    std::string a;     ///< endpoint node id
    std::string b;     ///< endpoint node id
    LinkParams params; ///< a→b, and b→a unless overridden
    LinkPatch reverse; ///< overrides for b→a (empty = symmetric)
    Duplex duplex = Duplex::Full;
    std::vector<ScheduleStep> schedule;
    std::string label; ///< free text (e.g. Topology Zoo LinkLabel)

    /// Effective parameters of one direction (0 = a→b, 1 = b→a) before any schedule step.
    LinkParams direction(int dir) const
    {
        LinkParams p = params;
        if (dir == 1)
            reverse.applyTo(p);
        return p;
    }
    bool operator==(const LinkAttributes&) const = default;
};

} // namespace meridian::topology
