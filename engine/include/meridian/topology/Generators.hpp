#pragma once
// Topology generators: star, ring, full mesh, fat-tree, spine-leaf, rail-optimised
// (dual-plane), random geographic WAN and multi-centre scenarios.
//
// Every generator is declared once in a registry (name, summary, typed options with defaults,
// ranges, units and help) from which the CLI help and the GUI dialog are built. Options are
// passed as text and parsed with core/Units, so "--link-bandwidth 100G" and
// "--wan-delay 15ms" work; a bare number is read in the option's `unit`.
//
// Counts (closed forms, checked by tests/topology/GeneratorsTest):
//   star n          : n + 1 nodes, n links          ring n      : n nodes, n links
//   full-mesh n     : n nodes, n(n−1)/2 links
//   fat-tree k      : k³/4 hosts + 5k²/4 switches, 3k³/4 links (Al-Fares et al. 2008)
//   spine-leaf      : S + L + L·H nodes, L·S + L·H links
//   rail-optimised  : s·g GPUs + P·g leaves + P·S spines (+ s NVSwitches),
//                     P·s·g + P·g·S (+ s·g) links
// See docs/topology.md for the layouts, multi-centre counts and every option.
//
// All generated topologies pass validate() and are deterministic functions of
// (kind, options, seed): the random generator is std::mt19937_64, whose output sequence is
// fixed by the C++ standard, turned into doubles by our own code (not by the
// implementation-defined std::uniform_real_distribution).

#include "meridian/topology/Topology.hpp"

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace meridian::topology {

enum class OptionType
{
    Int,       ///< whole number
    Double,    ///< real number
    Choice,    ///< one of `choices`
    Bandwidth, ///< "100G", "400 Gbit/s"; bare number in `unit`; min/max in bit/s
    Duration   ///< "15ms", "2us"; bare number in `unit`; min/max in seconds
};
std::string_view toString(OptionType type);

struct GeneratorOption
{
    std::string name; ///< as on the command line without dashes, e.g. "link-bandwidth"
    OptionType type = OptionType::Int;
    std::string default_text;  ///< default value as text, e.g. "100G"
    std::optional<double> min; ///< inclusive; bit/s for Bandwidth, seconds for Duration
    std::optional<double> max; ///< inclusive; same units as min
    std::vector<std::string> choices;
    std::string unit;      ///< unit of a bare number ("Gbit/s", "ms", "µs"), empty if none
    double unit_scale = 1; ///< SI value of one `unit` (1e9 for Gbit/s, 1e-3 for ms)
    std::string help;
};

/// A value of `option` (SI units: bit/s, seconds) as its help shows it: "100 Gbit/s", "15 ms".
std::string formatOptionValue(const GeneratorOption& option, double value);

struct GeneratorInfo
{
    std::string name; ///< kind, e.g. "fat-tree"
    std::string summary;
    std::vector<GeneratorOption> options;
};

struct GeneratedCounts
{
    std::size_t nodes = 0;
    std::size_t links = 0;
    bool operator==(const GeneratedCounts&) const = default;
};

/// Every generator, in a stable order: star, ring, full-mesh, fat-tree, spine-leaf,
/// rail-optimised, random-geo, multi-centre.
const std::vector<GeneratorInfo>& generators();

/// The generator of that kind (aliases: "mesh", "dual-plane", "rail-optimized",
/// "multi-center"), or nullptr.
const GeneratorInfo* findGenerator(std::string_view kind);

/// Generates a topology. Options not given take their defaults. Throws InputError (location
/// "--<option>") on an unknown kind or option, a malformed value, a value out of range or an
/// inconsistent combination (e.g. odd fat-tree k).
Topology generate(std::string_view kind, const std::map<std::string, std::string>& options,
                  std::uint64_t seed = 1);

/// Node and link counts of generate(kind, options, seed) without building the graph (for a
/// GUI preview). Closed forms, except for the random geographic WAN whose link count depends
/// on the positions: those are drawn and its edges chosen (no Topology is built). Throws
/// like generate().
GeneratedCounts previewCounts(std::string_view kind,
                              const std::map<std::string, std::string>& options,
                              std::uint64_t seed = 1);

} // namespace meridian::topology
