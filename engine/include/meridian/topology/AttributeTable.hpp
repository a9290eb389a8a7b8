#pragma once
// The self-describing declaration of every link, node and fabric attribute (ns-3 style:
// each attribute is declared ONCE, here, and the .topo reader/validator, the property editor,
// the JSON Schema and the CLI help are derived from the table).
//
// Each entry names the attribute as it appears in a .topo file (`key`, which carries the
// file unit, e.g. "delay_ms"; `alias`, a unit-free key such as "delay" that takes only a
// string with a unit), how a file may write it (`quantity`: "400G", "15ms", "0.1%", "64KiB"
// or a bare number), how to show it (`label`, `unit`), its default, its valid range and a
// help text. Ranges are expressed in FILE units. The engine stores the unit named by its
// field (bandwidth_bps, delay_s, memory_gb, ...); `si_scale` converts: engine value = file
// value × si_scale, computed as ONE correctly rounded operation (× si_scale when it is ≥ 1,
// else ÷ 1/si_scale, which is a whole power of ten) so that the writer can choose a file
// number that reads back to the exact engine double:
//
//   bandwidth_gbps 10  →  LinkParams::bandwidth_bps = 10 × 1e9
//   delay_ms 15        →  LinkParams::delay_s       = 15 ÷ 1e3   (ONE-WAY, per direction)
//
// Range notation used by rangeText(): "[0, 1)" = 0 ≤ x < 1, "> 0", ">= 1".

#include "meridian/core/Units.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace meridian::topology {

enum class AttributeType
{
    Number,  ///< real number (double)
    Integer, ///< whole number (int)
    Text,    ///< free text
    Choice   ///< one of `choices`
};

struct AttributeInfo
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
    std::optional<double> min;  ///< lower bound in file units (none = unbounded)
    bool min_inclusive = true;
    std::optional<double> max; ///< upper bound in file units (none = unbounded)
    bool max_inclusive = true;
    std::vector<std::string> choices; ///< valid values of a Choice attribute
    std::string help;

    /// True if `file_value` (in file units) is finite and inside [min, max] with the declared
    /// inclusivity, and is a whole number for Integer attributes.
    bool accepts(double file_value) const;
    /// Why `file_value` is not accepted ("is outside [0, 1)", "must be >= 1", "is not a whole
    /// number", "is not a finite number"), or "" if it is.
    std::string problem(double file_value) const;
    /// True if `text` is one of `choices` (Choice), always true for Text.
    bool acceptsText(std::string_view text) const;
    /// Human form of the valid range: "[0, 1)", "> 0", ">= 0", "one of a, b", "any".
    std::string rangeText() const;
    /// The choices of a Choice attribute, comma separated: "full, half".
    std::string choicesText() const;
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
