#pragma once
// The self-describing declaration of every link, node and fabric attribute (ns-3 style:
// each attribute is declared ONCE, here, as one row that also binds it to its field; the
// .topo reader, writer and validator, LinkPatch::applyTo, the property editor, the JSON
// Schema and the CLI help loop over the rows instead of naming fields).
//
// Each row names the attribute as it appears in a .topo file (`key`, which carries the
// file unit, e.g. "delay_ms"; `alias`, a unit-free key such as "delay" that takes only a
// string with a unit), how a file may write it (`quantity`: "400G", "15ms", "0.1%", "64KiB"
// or a bare number), how to show it (`label`, `unit`), its default, its valid values (the
// ValueRule it is: range or choices, in FILE units), a help text, and where it lives (the
// accessors `params`/`patch`/`link`/`node`/`fabric`, one group of which is set per table).
// The engine stores the unit named by the field (bandwidth_bps, delay_s, memory_gb, ...);
// `si_scale` converts: engine value = file value × si_scale, computed as ONE correctly
// rounded operation (× si_scale when it is ≥ 1, else ÷ 1/si_scale, which is a whole power of
// ten) so that the writer can choose a file number that reads back to the exact engine double:
//
//   bandwidth_gbps 10  →  LinkParams::bandwidth_bps = 10 × 1e9
//   delay_ms 15        →  LinkParams::delay_s       = 15 ÷ 1e3   (ONE-WAY, per direction)
//
// A new link attribute is a field of LinkParams (and its optional twin in LinkPatch) plus one
// row of linkAttributeTable() built with bindDirection(); nothing else names it.

#include "meridian/core/Units.hpp"
#include "meridian/core/ValueRule.hpp"
#include "meridian/topology/Attributes.hpp"

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace meridian::topology {

enum class AttributeType
{
    Number,  ///< real number (double)
    Integer, ///< whole number
    Text,    ///< free text
    Choice   ///< one of `choices`
};

/// A row's value in an item: a number in engine units (Number, Integer) or the text of a
/// Text or Choice row.
using AttributeValue = std::variant<double, std::string>;

/// Where a row's value lives in items of type `Item`. `get` returns nullopt when the item
/// does not hold the value (an unset override, the queue row of the other unit); `set`
/// stores a value, or clears it with nullopt where the item can (an override), and returns
/// false when the item cannot take it (an unknown choice, nullopt for a plain field).
template <class Item> struct AttributeAccess
{
    std::function<std::optional<AttributeValue>(const Item&)> get;
    std::function<bool(Item&, const std::optional<AttributeValue>&)> set;
    bool integral = false; ///< the field is an int: readers take whole numbers in int range

    explicit operator bool() const { return static_cast<bool>(get); }
};

struct AttributeInfo : ValueRule
{
    std::string key;   ///< .topo key, e.g. "bandwidth_gbps"
    std::string alias; ///< unit-free .topo key, e.g. "bandwidth" (a string with a unit), or ""
    units::QuantityKind quantity = units::QuantityKind::Plain; ///< spellings a file may use
    std::string label;                                         ///< display label, e.g. "Bandwidth"
    std::string unit; ///< display unit of the file value, e.g. "Gbit/s"; empty if unitless
    AttributeType type = AttributeType::Number;
    double si_scale = 1.0;      ///< engine field value = file value × si_scale
    double default_value = 0.0; ///< default of Number/Integer attributes, in file units
    std::string default_text;   ///< default of Text/Choice attributes
    std::string help;
    /// Rows of one group are alternative keys of one field (queue_pkts, queue_bytes: the
    /// group "queue"): an item holds one of them, a file gives at most one, the property
    /// editor shows the group as one row. Empty = the row stands alone.
    std::string group;
    /// The writer writes the row even at the item's default (else it omits it there).
    bool always_written = false;

    // Where the row lives; each table sets the accessors of its items.
    AttributeAccess<LinkParams> params;   ///< link rows of one direction
    AttributeAccess<LinkPatch> patch;     ///< the same field in an override or schedule step
    AttributeAccess<LinkAttributes> link; ///< link rows of the whole link (duplex)
    AttributeAccess<NodeAttributes> node; ///< node rows ("attrs" of a node)
    AttributeAccess<FabricSpec> fabric;   ///< fabric rows ("fabric" of a centre)

    /// File value of an engine (SI) value: engine / si_scale.
    double fromSi(double engine_value) const { return engine_value / si_scale; }
    /// The file → engine conversion as one operation: file × siMultiplier() ÷ siDivisor(),
    /// exactly one of which is not 1 (1e9 for Gbit/s → bit/s; 1e3 for ms → s).
    double siMultiplier() const { return si_scale >= 1.0 ? si_scale : 1.0; }
    double siDivisor() const { return si_scale >= 1.0 ? 1.0 : 1.0 / si_scale; }
    /// Engine (SI) value of a file value, as the .topo reader converts it.
    double toSi(double file_value) const
    {
        return si_scale >= 1.0 ? file_value * si_scale : file_value / siDivisor();
    }
};

/// Link attributes (one direction's L_t plus duplex), in .topo key order:
/// bandwidth_gbps, delay_ms, jitter_ms, jitter_distribution, jitter_correlation, loss,
/// queue_pkts, queue_bytes, duplex. A link has either queue_pkts or queue_bytes.
const std::vector<AttributeInfo>& linkAttributeTable();
/// Node attributes ("attrs" of a node): ip, cpu_cores, memory_gb, gpu_model, gpu_count.
const std::vector<AttributeInfo>& nodeAttributeTable();
/// Fields of a centre's "fabric" object: topology, link_gbps, latency_us, gpus_per_server.
const std::vector<AttributeInfo>& fabricAttributeTable();

/// Entry of `table` with that key, or nullptr.
const AttributeInfo* findAttribute(const std::vector<AttributeInfo>& table, std::string_view key);
/// Entry of the link/node/fabric table with that key; the key must exist (MERIDIAN_ASSERT).
const AttributeInfo& linkAttribute(std::string_view key);
const AttributeInfo& nodeAttribute(std::string_view key);
const AttributeInfo& fabricAttribute(std::string_view key);

} // namespace meridian::topology
