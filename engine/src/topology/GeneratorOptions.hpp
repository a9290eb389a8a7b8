#pragma once
// The generator option registry: every generator's name, summary and typed options (defaults,
// ranges, units, help), from which the CLI help, the GUI dialog and option parsing come.
// Options that set a link or fabric attribute take their SI unit, bare-number unit and
// outer range from topology/AttributeTable (a generator narrows the range where a value
// would almost always be a typo: bandwidth >= 1 kbit/s, delays <= 60 s).
//
// Parsing: text → numbers in SI units (bit/s, s) via core/Units, choices → their canonical
// text; InputError at "--<option>" for an unknown option, a malformed or out-of-range value.

#include "GraphBuilder.hpp"
#include "WanBuilders.hpp"
#include "meridian/core/Text.hpp"
#include "meridian/topology/Generators.hpp"

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace meridian::topology::gen {

/// Every generator, in a stable order (the registry behind topology::generators()).
std::vector<GeneratorInfo> makeRegistry();

using text::lower; // generator names and choices compare case-insensitively

[[noreturn]] void optionError(std::string_view kind, const std::string& option,
                              const std::string& problem);

/// Parsed option values: numbers in SI units, choices as their canonical text.
class Values
{
public:
    double num(const std::string& name) const;
    std::size_t count(const std::string& name) const { return static_cast<std::size_t>(num(name)); }
    int integer(const std::string& name) const { return static_cast<int>(num(name)); }
    const std::string& text(const std::string& name) const;

    std::map<std::string, double> m_numbers;
    std::map<std::string, std::string> m_texts;
};

/// The values of `given` (option name → text) and the defaults of the options not given.
Values parseOptions(const GeneratorInfo& g, const std::map<std::string, std::string>& given);

// Option readers shared by several generators.

/// The `node-kind` option.
NodeKind nodeKindOption(const Values& v);
/// Link of bandwidth option `bw` and delay option `delay`.
LinkSpec linkOption(const Values& v, const std::string& bw, const std::string& delay);
/// The lat/long box options (lat-min, lat-max, lon-min, lon-max) for n sites; InputError if
/// the box is empty.
GeoParams geoBox(std::string_view kind, const Values& v, std::size_t n);
/// Fibre of a geographic WAN: `delay-per-km` (µs) and `route-factor` options.
FibreSpec fibreOption(const Values& v, double bandwidth_bps);

} // namespace meridian::topology::gen
