#include "meridian/topology/AttributeTable.hpp"

#include "meridian/core/Error.hpp"
#include "meridian/core/Units.hpp"
#include "meridian/topology/FabricShape.hpp"

#include <type_traits>

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
    a.whole = true;
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

/// `a`, which the writer writes even at its default.
AttributeInfo alwaysWritten(AttributeInfo a)
{
    a.always_written = true;
    return a;
}

// ----------------------------------------------------------------------------------------
// Accessors: how a row reaches its field. Numbers are held in engine units; a choice is
// held as its enum and read and shown through its names.

using Value = std::optional<AttributeValue>;

template <class E> struct EnumNames
{
    std::string_view (*name)(E);
    std::optional<E> (*parse)(std::string_view); ///< ignores case, as the .topo reader does
};

/// A number field (double or int).
template <class Item, class T> AttributeAccess<Item> plainNumber(T Item::*m)
{
    AttributeAccess<Item> a;
    a.get = [m](const Item& i) -> Value { return static_cast<double>(i.*m); };
    a.set = [m](Item& i, const Value& v) {
        if (!v)
            return false;
        i.*m = static_cast<T>(std::get<double>(*v));
        return true;
    };
    a.integral = std::is_integral_v<T>;
    return a;
}

/// An optional number field (an override): nullopt clears it.
template <class Item> AttributeAccess<Item> optionalNumber(std::optional<double> Item::*m)
{
    AttributeAccess<Item> a;
    a.get = [m](const Item& i) -> Value { return i.*m ? Value(*(i.*m)) : std::nullopt; };
    a.set = [m](Item& i, const Value& v) {
        i.*m = v ? std::optional<double>(std::get<double>(*v)) : std::nullopt;
        return true;
    };
    return a;
}

/// A text field.
template <class Item> AttributeAccess<Item> plainText(std::string Item::*m)
{
    AttributeAccess<Item> a;
    a.get = [m](const Item& i) -> Value { return i.*m; };
    a.set = [m](Item& i, const Value& v) {
        if (!v)
            return false;
        i.*m = std::get<std::string>(*v);
        return true;
    };
    return a;
}

/// An enum field; a text its names do not parse is refused.
template <class Item, class E> AttributeAccess<Item> plainChoice(E Item::*m, EnumNames<E> names)
{
    AttributeAccess<Item> a;
    a.get = [m, names](const Item& i) -> Value { return std::string(names.name(i.*m)); };
    a.set = [m, names](Item& i, const Value& v) {
        const auto e = v ? names.parse(std::get<std::string>(*v)) : std::nullopt;
        if (e)
            i.*m = *e;
        return e.has_value();
    };
    return a;
}

/// An optional enum field (an override): nullopt clears it.
template <class Item, class E>
AttributeAccess<Item> optionalChoice(std::optional<E> Item::*m, EnumNames<E> names)
{
    AttributeAccess<Item> a;
    a.get = [m, names](const Item& i) -> Value {
        return i.*m ? Value(std::string(names.name(*(i.*m)))) : std::nullopt;
    };
    a.set = [m, names](Item& i, const Value& v) {
        if (!v) {
            (i.*m).reset();
            return true;
        }
        const auto e = names.parse(std::get<std::string>(*v));
        if (e)
            i.*m = *e;
        return e.has_value();
    };
    return a;
}

/// A link row of one direction: `field` of LinkParams and its twin `override` in LinkPatch.
AttributeInfo bindDirection(AttributeInfo a, double LinkParams::*field,
                            std::optional<double> LinkPatch::*override)
{
    a.params = plainNumber(field);
    a.patch = optionalNumber(override);
    return a;
}

template <class E>
AttributeInfo bindDirection(AttributeInfo a, E LinkParams::*field,
                            std::optional<E> LinkPatch::*override, EnumNames<E> names)
{
    a.params = plainChoice(field, names);
    a.patch = optionalChoice(override, names);
    return a;
}

/// The queue size counted in `unit`: the row holds LinkParams::queue when its queue_unit is
/// `unit` (a patch's unit made explicit by LinkPatch::withQueueUnit); setting it sets both.
AttributeInfo bindQueue(AttributeInfo a, QueueUnit unit)
{
    a.group = "queue";
    a.always_written = true;
    a.params.get = [unit](const LinkParams& p) -> Value {
        return p.queue_unit == unit ? Value(p.queue) : std::nullopt;
    };
    a.params.set = [unit](LinkParams& p, const Value& v) {
        if (!v)
            return false;
        p.queue = std::get<double>(*v);
        p.queue_unit = unit;
        return true;
    };
    a.patch.get = [unit](const LinkPatch& p) -> Value {
        return p.queue && p.queue_unit == unit ? Value(*p.queue) : std::nullopt;
    };
    a.patch.set = [unit](LinkPatch& p, const Value& v) {
        if (v) {
            p.queue = std::get<double>(*v);
            p.queue_unit = unit;
        } else if (p.queue_unit == unit) {
            p.queue.reset();
            p.queue_unit.reset();
        }
        return true;
    };
    return a;
}

template <class T> AttributeInfo bindNode(AttributeInfo a, T NodeAttributes::*field)
{
    if constexpr (std::is_same_v<T, std::string>)
        a.node = plainText(field);
    else
        a.node = plainNumber(field);
    return a;
}

template <class T> AttributeInfo bindFabric(AttributeInfo a, T FabricSpec::*field)
{
    a.fabric = plainNumber(field);
    a.always_written = true;
    return a;
}

const EnumNames<JitterDistribution> kJitterNames{&toString, &jitterDistributionFromString};
const EnumNames<Duplex> kDuplexNames{&toString, &duplexFromString};
const EnumNames<FabricShape> kShapeNames{&toString, &fabricShapeFromString};

const AttributeInfo& mustFind(const std::vector<AttributeInfo>& table, std::string_view key)
{
    const AttributeInfo* a = findAttribute(table, key);
    MERIDIAN_ASSERT(a != nullptr, "attribute key missing from the attribute table");
    return *a;
}

// Sane ranges: values outside them are typing mistakes (a delay in ns written as ms, a
// bandwidth in bit/s written as Gbit/s) and would only overflow the engine's arithmetic.
constexpr double kMinGbps = 1e-9;        // 1 bit/s
constexpr double kMaxGbps = 1e6;         // 1e15 bit/s = 1 Pbit/s
constexpr double kMaxDelayMs = 1e6;      // 1000 s
constexpr double kMaxQueuePkts = 1e9;    // packets
constexpr double kMaxQueueBytes = 1e12;  // 1 TB
constexpr double kMaxMtuBytes = 65535.0; // the IPv4 datagram limit
constexpr double kMaxCount = 1e9;        // cores, GPUs
constexpr double kMaxMemoryGb = 1e9;     // 1 EB

} // namespace

const std::vector<AttributeInfo>& linkAttributeTable()
{
    using P = LinkParams;
    using O = LinkPatch;
    static const std::vector<AttributeInfo> table = {
        alwaysWritten(bindDirection(
            readAs(Kind::Bandwidth, "bandwidth",
                   number("bandwidth_gbps", "Bandwidth", "Gbit/s", 1e9, 10.0, kMinGbps, true,
                          kMaxGbps, true,
                          "Capacity B of each direction (a→b and b→a each get the full value on "
                          "a full-duplex link); from 1 bit/s (1e-9) to 1 Pbit/s (1e6).")),
            &P::bandwidth_bps, &O::bandwidth_bps)),
        alwaysWritten(bindDirection(
            readAs(Kind::Duration, "delay",
                   number("delay_ms", "Delay (one-way)", "ms", 1e-3, 0.0, 0.0, true, kMaxDelayMs,
                          true,
                          "One-way propagation delay τ of each direction, at most 1000 s; the "
                          "round trip over the link is twice this. Fibre: about 5 µs per km.")),
            &P::delay_s, &O::delay_s)),
        bindDirection(
            readAs(Kind::Duration, "jitter",
                   number("jitter_ms", "Jitter", "ms", 1e-3, 0.0, 0.0, true, kMaxDelayMs, true,
                          "Delay variation σ added per message per link (netem style); the "
                          "sampled delay is clipped at 0.")),
            &P::jitter_s, &O::jitter_s),
        bindDirection(choice("jitter_distribution", "Jitter distribution",
                             {"uniform", "normal", "pareto", "paretonormal"}, "uniform",
                             "Distribution of the jitter samples: uniform ±σ (netem default), "
                             "normal, pareto or paretonormal."),
                      &P::jitter_distribution, &O::jitter_distribution, kJitterNames),
        bindDirection(
            readAs(Kind::Fraction, "",
                   number("jitter_correlation", "Jitter correlation", "", 1.0, 0.0, 0.0, true, 1.0,
                          true,
                          "Correlation of a jitter sample with the previous one, as a fraction "
                          "in [0, 1] (netem writes it in percent).")),
            &P::jitter_correlation, &O::jitter_correlation),
        bindDirection(readAs(Kind::Fraction, "",
                             number("loss", "Loss", "", 1.0, 0.0, 0.0, true, 1.0, false,
                                    "Packet loss probability λ of each direction, a fraction in "
                                    "[0, 1) (0.001 = 0.1 %).")),
                      &P::loss, &O::loss),
        bindQueue(integer("queue_pkts", "Queue", "packets", 1000.0, 1.0, kMaxQueuePkts,
                          "Drop-tail queue size D in whole packets (netem/pfifo `limit`, default "
                          "1000, at most 1e9). A link gives either queue_pkts or queue_bytes."),
                  QueueUnit::Packets),
        bindQueue(readAs(Kind::Bytes, "",
                         number("queue_bytes", "Queue", "bytes", 1.0, 1.5e6, 1.0, true,
                                kMaxQueueBytes, true,
                                "Drop-tail queue size D in bytes (alternative to queue_pkts), at "
                                "most 1e12.")),
                  QueueUnit::Bytes),
        bindDirection(
            readAs(Kind::Bytes, "",
                   number("mtu_bytes", "MTU", "bytes", 1.0, 0.0, 0.0, true, kMaxMtuBytes, true,
                          "Largest packet on each direction: the packet a hop stores "
                          "and forwards and, for a queue in packets, the bytes per "
                          "packet; 0 (default) takes the experiment's "
                          "transport.packet_bytes (1500).")),
            &P::mtu_bytes, &O::mtu_bytes),
        [] {
            AttributeInfo a = choice("duplex", "Duplex", {"full", "half"}, "full",
                                     "Full duplex: each direction has its own bandwidth. Half "
                                     "duplex: both directions share one.");
            a.link = plainChoice(&LinkAttributes::duplex, kDuplexNames);
            return a;
        }(),
    };
    return table;
}

const std::vector<AttributeInfo>& nodeAttributeTable()
{
    using N = NodeAttributes;
    static const std::vector<AttributeInfo> table = {
        bindNode(text("ip", "IP / prefix", "",
                      "Address of a node or prefix of a centre, e.g. 10.1.0.0/16 (free text)."),
                 &N::ip),
        bindNode(integer("cpu_cores", "CPU cores", "cores", 0.0, 0.0, kMaxCount,
                         "Number of CPU cores (H: CPU)."),
                 &N::cpu_cores),
        bindNode(number("memory_gb", "Memory", "GB", 1.0, 0.0, 0.0, true, kMaxMemoryGb, true,
                        "Host memory in GB (H: memory)."),
                 &N::memory_gb),
        bindNode(text("gpu_model", "GPU model", "",
                      "Device catalogue name of the accelerators, e.g. A100-80GB."),
                 &N::gpu_model),
        bindNode(integer("gpu_count", "GPU count", "GPUs", 0.0, 0.0, kMaxCount,
                         "Number of accelerators: of a centre, all the GPUs it holds; of a gpu "
                         "node, usually 1."),
                 &N::gpu_count),
    };
    return table;
}

const std::vector<AttributeInfo>& fabricAttributeTable()
{
    using F = FabricSpec;
    static const std::vector<AttributeInfo> table = {
        [] {
            AttributeInfo a = alwaysWritten(
                choice("topology", "Fabric topology", fabricShapeNames(),
                       std::string(toString(FabricShape::FatTree)),
                       "Shape of a centre's internal network when it has no explicit children."));
            a.fabric = plainChoice(&FabricSpec::shape, kShapeNames);
            return a;
        }(),
        bindFabric(
            readAs(Kind::Bandwidth, "link_bandwidth",
                   number("link_gbps", "Fabric links", "Gbit/s", 1e9, 200.0, kMinGbps, true,
                          kMaxGbps, true, "Bandwidth of every fabric link (per direction).")),
            &F::link_bandwidth_bps),
        bindFabric(readAs(Kind::Duration, "latency",
                          number("latency_us", "Fabric hop latency", "µs", 1e-6, 2.0, 0.0, true,
                                 kMaxDelayMs * 1e3, true,
                                 "One-way latency of one fabric hop (propagation + switching).")),
                   &F::latency_s),
        bindFabric(integer("gpus_per_server", "GPUs per server", "GPUs", 8.0, 1.0, 1e6,
                           "GPUs in one server (the rail count of a rail-optimised fabric)."),
                   &F::gpus_per_server),
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
