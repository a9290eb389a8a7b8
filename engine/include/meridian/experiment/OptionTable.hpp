#pragma once
// The self-describing declaration of every experiment option (ns-3 style, as
// topology/AttributeTable.hpp does for links and nodes): each key of a .topo file's
// "experiment" object is declared ONCE here, as one row with its type, unit, default, valid
// values (the ValueRule it is), the experiment kinds that accept it, a help text and, for an
// option that is a plain field of the spec, the accessor `bind` that reaches that field.
// parseExperiment() reads every bound row of an object by one loop over the table (ranges,
// defaults, choices and error messages from the row); only options whose reading depends on
// other keys (the kind, the model, the source centre, node lists, triggers) are read by hand.
// Docs and CLI help can be derived from it, and a test checks that every option
// docs/experiments.md lists is declared here.
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

#include "meridian/core/ValueRule.hpp"
#include "meridian/experiment/ExperimentSpec.hpp"

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
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
    kTraffic = 1u << static_cast<unsigned>(ExperimentKind::Traffic),
    kMicroBenchmarks = kCollective | kP2p,
    kAllKinds = kTraining | kCollective | kP2p | kTraffic
};

/// An option's value in the spec: a number in the spec's unit (Integer, Number, Size,
/// Duration), a Boolean, or the text of a Text or Choice option.
using OptionValue = std::variant<double, bool, std::string>;

/// Where a bound option lives in the spec. `set` returns false when the field cannot take
/// the value (a choice it does not know).
struct OptionAccess
{
    std::function<OptionValue(const ExperimentSpec&)> get;
    std::function<bool(ExperimentSpec&, const OptionValue&)> set;

    explicit operator bool() const { return static_cast<bool>(set); }
};

struct OptionInfo : ValueRule
{
    std::string key;   ///< dotted path in the experiment object, e.g. "parallelism.seq_len"
    std::string label; ///< noun used in messages, e.g. "protocol", "sequence length"
    OptionType type = OptionType::Number;
    std::string unit; ///< unit of numbers and ranges ("bytes", "s", "tokens"), or empty
    /// A number in the file × si_scale = the spec's value (1e9 for dataset.size_gb: GB → bytes).
    double si_scale = 1.0;
    double default_value = 0.0; ///< default of numeric and Boolean (0/1) options
    std::string default_text;   ///< default of Text/Choice options, or how it is derived
    unsigned kinds = kAllKinds; ///< KindMask of the kinds that accept the option
    std::string help;
    /// Appended to an out-of-range error, e.g. "0 = unlimited" (empty = nothing).
    std::string range_hint;
    /// The spec field of a plain option (none for options read by hand).
    OptionAccess bind;

    bool appliesTo(ExperimentKind kind) const
    {
        return (kinds & (1u << static_cast<unsigned>(kind))) != 0;
    }
    /// "must be within [64, 65495] bytes, got 32" for a number (in the option's unit) that
    /// the range does not accept, with the range hint; "" if it accepts it.
    std::string rangeProblem(double value) const;
};

/// Every experiment option, top-level keys first in the order of docs/experiments.md.
const std::vector<OptionInfo>& experimentOptionTable();
/// Entry with that dotted key, or nullptr.
const OptionInfo* findExperimentOption(std::string_view key);
/// Entry with that dotted key; the key must exist (MERIDIAN_ASSERT).
const OptionInfo& experimentOption(std::string_view key);

} // namespace meridian::experiment
