#pragma once
// What a sweep varies and the points it runs (docs/sweeps.md).
//
// An axis is a path into the .topo — `links.<id>.<key>…`, `nodes.<id>.<key>…`,
// `experiment.<key>…` — and a list of values: written out (`0,1e-6,1e-5`), a linear range
// `start:stop:steps` or a geometric one `log:start:stop:steps`. Axes come from `--vary` options
// or from the file's `sweep` section. Without `zip` the points are the Cartesian product of the
// axes (the first axis varies slowest); with `zip` the i-th point takes every axis's i-th value.
//
// A point is the base project with each axis's value written at its path, in the canonical
// form the .topo writer produces, without the `sweep` section and with its own seed:
//   seed = FNV-1a-64("meridian.sweep\n" + base seed + "\n" + Σ sorted "path=value\n")
//          → SplitMix64 finaliser → the low 53 bits (the experiment's seed range, 2^53 − 1).
// where value is the JSON text of the axis value. The seed depends on the base seed and the
// point's values only, not on the point's index or -j, so a point keeps its seed when axes are
// reordered or extended. An axis on `experiment.seed` sets the seed itself; `common_seed`
// gives every point the base seed (common random numbers).

#include "meridian/io/ProjectFile.hpp"

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace meridian::sweep {

struct Axis
{
    std::string path;                   ///< as written: "links.cd-hub.loss"
    std::string pointer;                ///< JSON pointer in the canonical file: "/links/3/loss"
    std::vector<nlohmann::json> values; ///< the values written at `pointer`
    bool log_range = false;             ///< given as log:…; plots use a log axis
    std::string origin;                 ///< "--vary" or the file's "/sweep/axes/N" (errors)

    /// A value as tables and plots show it: numbers in their shortest form, strings bare.
    std::string label(std::size_t i) const;
    bool numeric() const;
};

struct SweepSpec
{
    std::vector<Axis> axes;
    bool zip = false;
    bool common_seed = false;
    std::optional<std::uint64_t> base_seed; ///< --seed; else the file's experiment seed
    std::optional<int> iterations;          ///< --iterations, written into every point
};

struct Point
{
    std::size_t index = 0;
    std::vector<std::size_t> value_index; ///< per axis
    std::string name;                     ///< folder name under OUT/points
    std::uint64_t seed = 0;
    std::string topo_text; ///< the point's .topo (canonical, as writeProject writes it)
};

/// One `--vary PATH=VALUES` argument (without the option name). Throws InputError.
Axis parseVaryArgument(const std::string& argument);
/// The `sweep` section of a file (docs/sweeps.md). Throws InputError naming /sweep/….
void parseSweepSection(const nlohmann::json& section, const std::string& file, SweepSpec& spec);
/// A values list as the command line writes it ("0,1e-6", "1:10:4", "log:1e-6:1e-3:4"),
/// `where` naming it in errors.
std::vector<nlohmann::json> parseValueList(const std::string& text, const std::string& file,
                                           const std::string& where, bool* logRange = nullptr);

/// Resolves every axis path against `project` (sets Axis::pointer) and checks the axes
/// (known ids, no duplicate paths, equal lengths under zip). Throws InputError.
void resolveAxes(SweepSpec& spec, const io::Project& project, const std::string& file);

/// Builds every point and checks it with the .topo reader and the run's own experiment checks
/// (memory, batch) before anything runs, the points' checks on the hardware's threads (the
/// result is the same as on one). Problems are returned as "FILE: /path: problem
/// (point: path=value, …)" lines, each once, in point order; no points when there is any.
struct PointsResult
{
    std::vector<Point> points;
    std::vector<std::string> errors;
    std::vector<std::string> warnings;
};
PointsResult buildPoints(const SweepSpec& spec, const io::Project& project,
                         const std::string& file);

/// The seed rule above.
std::uint64_t derivePointSeed(std::uint64_t baseSeed,
                              const std::vector<std::pair<std::string, std::string>>& values);

} // namespace meridian::sweep
