#include "meridian/topology/AttributeTable.hpp"

#include "meridian/core/Error.hpp"
#include "meridian/core/Units.hpp"
#include "meridian/topology/FabricShape.hpp"

#include <algorithm>
#include <cmath>

namespace meridian::topology {
namespace {

using Kind = units::QuantityKind;

AttributeInfo number(std::string key, std::string label, std::string unit, double si_scale,
                     double default_value, std::optional<double> min, bool min_inclusive,
                     std::optional<double> max, bool max_inclusive, std::string help)
{
    AttributeInfo a;
    a.key = std::move(key);
    a.label = std::move(label);
    a.unit = std::move(unit);
    a.type = AttributeType::Number;
    a.si_scale = si_scale;
    a.default_value = default_value;
    a.min = min;
    a.min_inclusive = min_inclusive;
    a.max = max;
    a.max_inclusive = max_inclusive;
    a.help = std::move(help);
    return a;
}

AttributeInfo integer(std::string key, std::string label, std::string unit, double default_value,
                      std::optional<double> min, std::optional<double> max, std::string help)
{
    AttributeInfo a = number(std::move(key), std::move(label), std::move(unit), 1.0, default_value,
                             min, true, max, true, std::move(help));
    a.type = AttributeType::Integer;
    return a;
}

AttributeInfo text(std::string key, std::string label, std::string default_text, std::string help)
{
    AttributeInfo a;
    a.key = std::move(key);
    a.label = std::move(label);
    a.type = AttributeType::Text;
    a.default_text = std::move(default_text);
    a.help = std::move(help);
    return a;
}

/// `a`, written in files as a quantity of `kind`, also under the unit-free key `alias`.
AttributeInfo readAs(units::QuantityKind kind, std::string alias, AttributeInfo a)
{
    a.quantity = kind;
    a.alias = std::move(alias);
    return a;
}

AttributeInfo choice(std::string key, std::string label, std::vector<std::string> choices,
                     std::string default_text, std::string help)
{
    AttributeInfo a =
        text(std::move(key), std::move(label), std::move(default_text), std::move(help));
    a.type = AttributeType::Choice;
    a.choices = std::move(choices);
    return a;
}

const AttributeInfo& mustFind(const std::vector<AttributeInfo>& table, std::string_view key)
{
    const AttributeInfo* a = findAttribute(table, key);
    MERIDIAN_ASSERT(a != nullptr, "attribute key missing from the attribute table");
    return *a;
}

// Sane ranges: values outside them are typing mistakes (a delay in ns written as ms, a
// bandwidth in bit/s written as Gbit/s) and would only overflow the engine's arithmetic.
constexpr double kMinGbps = 1e-9;       // 1 bit/s
constexpr double kMaxGbps = 1e6;        // 1e15 bit/s = 1 Pbit/s
constexpr double kMaxDelayMs = 1e6;     // 1000 s
constexpr double kMaxQueuePkts = 1e9;   // packets
constexpr double kMaxQueueBytes = 1e12; // 1 TB
constexpr double kMaxCount = 1e9;       // cores, GPUs
constexpr double kMaxMemoryGb = 1e9;    // 1 EB

} // namespace

bool AttributeInfo::accepts(double file_value) const
{
    if (!std::isfinite(file_value))
        return false;
    if (type == AttributeType::Integer && std::floor(file_value) != file_value)
        return false;
    if (min && (min_inclusive ? file_value < *min : file_value <= *min))
        return false;
    if (max && (max_inclusive ? file_value > *max : file_value >= *max))
        return false;
    return true;
}

bool AttributeInfo::acceptsText(std::string_view value) const
{
    if (type != AttributeType::Choice)
        return true;
    return std::find(choices.begin(), choices.end(), value) != choices.end();
}

std::string AttributeInfo::problem(double file_value) const
{
    if (accepts(file_value))
        return {};
    if (!std::isfinite(file_value))
        return "is not a finite number";
    if (type == AttributeType::Integer && std::floor(file_value) != file_value)
        return "is not a whole number";
    if (min && max)
        return "is outside " + rangeText();
    return "must be " + rangeText();
}

std::string AttributeInfo::choicesText() const
{
    std::string out;
    for (std::size_t i = 0; i < choices.size(); ++i)
        out += (i == 0 ? "" : ", ") + choices[i];
    return out;
}

std::string AttributeInfo::rangeText() const
{
    if (type == AttributeType::Choice)
        return "one of " + choicesText();
    return units::formatRange(min, min_inclusive, max, max_inclusive);
}

const std::vector<AttributeInfo>& linkAttributeTable()
{
    static const std::vector<AttributeInfo> table = {
        readAs(Kind::Bandwidth, "bandwidth",
               number("bandwidth_gbps", "Bandwidth", "Gbit/s", 1e9, 10.0, kMinGbps, true, kMaxGbps,
                      true,
                      "Capacity B of each direction (a→b and b→a each get the full value on a "
                      "full-duplex link); from 1 bit/s (1e-9) to 1 Pbit/s (1e6).")),
        readAs(
            Kind::Duration, "delay",
            number("delay_ms", "Delay (one-way)", "ms", 1e-3, 0.0, 0.0, true, kMaxDelayMs, true,
                   "One-way propagation delay τ of each direction, at most 1000 s; the round trip "
                   "over the link is twice this. Fibre: about 5 µs per km.")),
        readAs(
            Kind::Duration, "jitter",
            number("jitter_ms", "Jitter", "ms", 1e-3, 0.0, 0.0, true, kMaxDelayMs, true,
                   "Delay variation σ added per message per link (netem style); the sampled delay "
                   "is clipped at 0.")),
        choice("jitter_distribution", "Jitter distribution",
               {"uniform", "normal", "pareto", "paretonormal"}, "uniform",
               "Distribution of the jitter samples: uniform ±σ (netem default), normal, pareto "
               "or paretonormal."),
        readAs(
            Kind::Fraction, "",
            number("jitter_correlation", "Jitter correlation", "", 1.0, 0.0, 0.0, true, 1.0, true,
                   "Correlation of a jitter sample with the previous one, as a fraction in [0, 1] "
                   "(netem writes it in percent).")),
        readAs(Kind::Fraction, "",
               number("loss", "Loss", "", 1.0, 0.0, 0.0, true, 1.0, false,
                      "Packet loss probability λ of each direction, a fraction in [0, 1) (0.001 = "
                      "0.1 %).")),
        integer("queue_pkts", "Queue", "packets", 1000.0, 1.0, kMaxQueuePkts,
                "Drop-tail queue size D in whole packets (netem/pfifo `limit`, default 1000, at "
                "most 1e9). A link gives either queue_pkts or queue_bytes."),
        readAs(
            Kind::Bytes, "",
            number("queue_bytes", "Queue", "bytes", 1.0, 1.5e6, 1.0, true, kMaxQueueBytes, true,
                   "Drop-tail queue size D in bytes (alternative to queue_pkts), at most 1e12.")),
        choice("duplex", "Duplex", {"full", "half"}, "full",
               "Full duplex: each direction has its own bandwidth. Half duplex: both directions "
               "share one."),
    };
    return table;
}

const std::vector<AttributeInfo>& nodeAttributeTable()
{
    static const std::vector<AttributeInfo> table = {
        text("ip", "IP address / prefix", "",
             "Address of a node or prefix of a centre, e.g. 10.1.0.0/16 (free text)."),
        integer("cpu_cores", "CPU cores", "cores", 0.0, 0.0, kMaxCount,
                "Number of CPU cores (H: CPU)."),
        number("memory_gb", "Memory", "GB", 1.0, 0.0, 0.0, true, kMaxMemoryGb, true,
               "Host memory in GB (H: memory)."),
        text("gpu_model", "GPU model", "",
             "Device catalogue name of the accelerators, e.g. A100-80GB."),
        integer("gpu_count", "GPU count", "GPUs", 0.0, 0.0, kMaxCount,
                "Number of accelerators: of a centre, all the GPUs it holds; of a gpu node, "
                "usually 1."),
    };
    return table;
}

const std::vector<AttributeInfo>& fabricAttributeTable()
{
    static const std::vector<AttributeInfo> table = {
        choice("topology", "Fabric topology", fabricShapeNames(),
               std::string(toString(FabricShape::FatTree)),
               "Shape of a centre's internal network when it has no explicit children."),
        readAs(Kind::Bandwidth, "link_bandwidth",
               number("link_gbps", "Fabric link bandwidth", "Gbit/s", 1e9, 200.0, kMinGbps, true,
                      kMaxGbps, true, "Bandwidth of every fabric link (per direction).")),
        readAs(Kind::Duration, "latency",
               number("latency_us", "Fabric hop latency", "µs", 1e-6, 2.0, 0.0, true,
                      kMaxDelayMs * 1e3, true,
                      "One-way latency of one fabric hop (propagation + switching).")),
        integer("gpus_per_server", "GPUs per server", "GPUs", 8.0, 1.0, 1e6,
                "GPUs in one server (the rail count of a rail-optimised fabric)."),
    };
    return table;
}

const AttributeInfo* findAttribute(const std::vector<AttributeInfo>& table, std::string_view key)
{
    for (const AttributeInfo& a : table)
        if (a.key == key)
            return &a;
    return nullptr;
}

const AttributeInfo& linkAttribute(std::string_view key)
{
    return mustFind(linkAttributeTable(), key);
}

const AttributeInfo& nodeAttribute(std::string_view key)
{
    return mustFind(nodeAttributeTable(), key);
}

const AttributeInfo& fabricAttribute(std::string_view key)
{
    return mustFind(fabricAttributeTable(), key);
}

} // namespace meridian::topology
