#pragma once
// The one reader of a JSON object for every Meridian input (private to the engine): .topo
// files (strict) and the workload's model, device and Hugging Face config files (lenient).
//
// Every accessor names the JSON path of the value it reads in its InputError, and marks the
// key as known; finish() then rejects any key nobody asked for, so a typo such as
// "bandwith_gbps" is an error instead of a silently ignored attribute. A Lenient reader is for
// formats written by others (a Hugging Face config.json carries dozens of options Meridian
// does not use): it accepts unknown keys, and reads a null value as absent.
//
// Quantities accept a JSON number in the unit of the canonical key ("delay_ms": 15) or a
// string with a unit ("delay_ms": "15ms", "bandwidth_gbps": "400G", "loss": "0.1%"); a bare
// numeric string uses the key's unit. A unit-free alias key ("delay", "bandwidth") takes
// only a string WITH a unit: a bare number there would be ambiguous.

#include "meridian/core/Units.hpp"

#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace meridian::io {

/// How a quantity is written in a file and converted to the engine's canonical unit.
struct QuantitySpec
{
    using Kind = units::QuantityKind;
    const char* key;   ///< canonical key, e.g. "delay_ms"
    const char* alias; ///< unit-free alias, e.g. "delay", or nullptr
    Kind kind;
    /// File number → canonical unit: canonical = value * multiply / divide. Exactly one of
    /// the two is not 1 (1e9 multiply for Gbit/s → bit/s, 1e3 divide for ms → s) so the
    /// conversion is a single correctly rounded IEEE operation.
    double multiply = 1.0;
    double divide = 1.0;
};

class ObjectReader
{
public:
    enum class Mode
    {
        Strict, ///< unknown keys are errors (finish()); null is a value of the wrong type
        Lenient ///< unknown keys are allowed; a null value reads as absent
    };

    /// Throws InputError if `value` is not an object. `file` may be empty when the caller
    /// names the file later (InputError::withFile).
    ObjectReader(const nlohmann::json& value, std::string path, std::string file,
                 Mode mode = Mode::Strict);
    /// A reader of `value` (an element or member of this object) at `path`, with this
    /// reader's file and mode.
    ObjectReader child(const nlohmann::json& value, std::string path) const;

    const std::string& path() const { return m_path; }
    std::string pathOf(std::string_view key) const;
    bool has(std::string_view key) const;
    /// Marks `key` as known and returns its value, or nullptr if absent.
    const nlohmann::json* get(std::string_view key);

    std::optional<std::string> optString(std::string_view key);
    std::string string(std::string_view key, const std::string& fallback);
    std::string requiredString(std::string_view key);
    /// A finite JSON number.
    std::optional<double> optNumber(std::string_view key);
    /// A number ≥ 0, or `fallback` if absent.
    double nonNegative(std::string_view key, double fallback);
    std::optional<long long> optInteger(std::string_view key, long long min, long long max);
    std::optional<bool> optBoolean(std::string_view key);
    /// An array of strings; an element of another type fails at its own path (".../key/2").
    std::optional<std::vector<std::string>> optStringArray(std::string_view key);
    /// The array under `key`, or nullptr if absent.
    const nlohmann::json* optArray(std::string_view key);
    /// A quantity in the engine's canonical unit (bit/s, s, fraction, bytes).
    std::optional<double> optQuantity(const QuantitySpec& spec);

    [[noreturn]] void fail(std::string_view key, const std::string& problem) const;
    /// Throws on the first key (in key order) that no accessor asked for.
    void finish() const;
    /// Keys nobody asked for, in key order (the top level keeps them as extras).
    std::vector<std::string> unusedKeys() const;

private:
    double fromText(const QuantitySpec& spec, std::string_view key, const std::string& text,
                    bool requireUnit) const;

    const nlohmann::json& m_value;
    std::string m_path;
    std::string m_file;
    Mode m_mode = Mode::Strict;
    std::set<std::string, std::less<>> m_used;
};

} // namespace meridian::io
