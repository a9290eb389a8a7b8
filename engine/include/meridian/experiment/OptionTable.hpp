#pragma once
// The self-describing declaration of every experiment option (ns-3 style, as
// topology/AttributeTable.hpp does for links and nodes): each key of a .topo file's
// "experiment" object is declared ONCE here, with its type, unit, default, valid range, the
// experiment kinds that accept it and a help text. parseExperiment() takes its ranges,
// defaults, choices and error messages from this table; docs and CLI help can be derived from
// it, and a test checks that every option docs/experiments.md lists is declared here.
//
// Keys are dotted paths inside the experiment object ("parallelism.seq_len",
// "transport.mss_bytes"); an Object entry ("parallelism") declares the nested object itself.
// Defaults and ranges are in the unit named by `unit`, that of a number in the file; the spec
// holds file number × si_scale (bytes for a Size, seconds for a Duration; either may also be
// written as a string with a unit, "256MiB", "15ms"). Defaults are read from
// the default member initialisers of ExperimentSpec's structs and net::NetworkConfig, so
// they too live in one place.
//
// Range notation of rangeText(): "[1, 4096]" = 1 ≤ x ≤ 4096, "(0, 1]" = 0 < x ≤ 1, ">= 0".

#include "meridian/experiment/ExperimentSpec.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace meridian::experiment {

enum class OptionType
{
    Integer,  ///< whole number
    Number,   ///< real number
    Size,     ///< bytes: a number, or a string with a unit ("1GB", "256MiB")
    Duration, ///< seconds: a number, or a string with a unit ("15ms")
    Boolean,  ///< true or false
    Text,     ///< free text (an algorithm name, a model preset, a label)
    Choice,   ///< one of `choices`
    NodeId,   ///< the id of a node of the topology
    NodeIds,  ///< an array of node ids
    Object,   ///< a nested object whose keys are declared as "key.sub"
    Any       ///< any JSON value (accepted and ignored, with a warning)
};

/// Which experiment kinds accept an option (a bit per ExperimentKind).
enum KindMask : unsigned
{
    kTraining = 1u << static_cast<unsigned>(ExperimentKind::Training),
    kCollective = 1u << static_cast<unsigned>(ExperimentKind::Collective),
    kP2p = 1u << static_cast<unsigned>(ExperimentKind::P2p),
    kMicroBenchmarks = kCollective | kP2p,
    kAllKinds = kTraining | kCollective | kP2p
};

struct OptionInfo
{
    std::string key;   ///< dotted path in the experiment object, e.g. "parallelism.seq_len"
    std::string label; ///< noun used in messages, e.g. "protocol", "sequence length"
    OptionType type = OptionType::Number;
    std::string unit; ///< unit of numbers and ranges ("bytes", "s", "tokens"), or empty
    /// A number in the file × si_scale = the spec's value (1e9 for dataset.size_gb: GB → bytes).
    double si_scale = 1.0;
    double default_value = 0.0; ///< default of numeric and Boolean (0/1) options
    std::string default_text;   ///< default of Text/Choice options, or how it is derived
    std::optional<double> min;  ///< lower bound (none = unbounded)
    bool min_inclusive = true;
    std::optional<double> max; ///< upper bound (none = unbounded)
    bool max_inclusive = true;
    std::vector<std::string> choices; ///< valid values of a Choice option
    unsigned kinds = kAllKinds;       ///< KindMask of the kinds that accept the option
    std::string help;
    /// Appended to an out-of-range error, e.g. "0 = unlimited" (empty = nothing).
    std::string range_hint;

    bool appliesTo(ExperimentKind kind) const
    {
        return (kinds & (1u << static_cast<unsigned>(kind))) != 0;
    }
    /// True if `value` is finite and inside [min, max] with the declared inclusivity.
    bool accepts(double value) const;
    /// True if `text` is one of `choices` (Choice), always true for other types.
    bool acceptsText(std::string_view text) const;
    /// Human form of the valid range: "[1, 4096]", "(0, 1]", ">= 0", "any".
    std::string rangeText() const;
    /// The choices as prose: "tcp, udp, gbn or sr".
    std::string choicesText() const;
};

/// Every experiment option, top-level keys first in the order of docs/experiments.md.
const std::vector<OptionInfo>& experimentOptionTable();
/// Entry with that dotted key, or nullptr.
const OptionInfo* findExperimentOption(std::string_view key);
/// Entry with that dotted key; the key must exist (MERIDIAN_ASSERT).
const OptionInfo& experimentOption(std::string_view key);

} // namespace meridian::experiment
