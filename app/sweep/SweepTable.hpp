#pragma once
// The sweep's table (docs/sweeps.md, "Outputs"): one row per point with its axis values, seed,
// status, the headline figures of its results.json and the folder of its full results;
// written as OUT/sweep.csv and OUT/sweep.json (atomically).
//
// Headline figures, read from the point's results.json (the numbers `run` reports, at full
// precision):
//   total_s                      simulated end time
//   broadcast_s                  the broadcast phase (training)
//   compute_s, intra_center_s, inter_center_s, update_s, iteration_s
//                                means over the iterations of iterations[] (training)
//   gpu_effective_compute_ratio  the run's GPU compute time over its GPU time: the iterations'
//                                ratios weighted by their length (training;
//                                experiment::gpuEffectiveCompute, the engine's figure)
//   mean_s, min_s, max_s, algbw_gbps, busbw_gbps   micro-benchmarks (collective, p2p)
//   bytes.<link id>              bytes over each WAN link, both directions (links[].bytes); a
//                                WAN link joins two sites, a node's site being its outermost
//                                enclosing centre or the node itself (as the charts' WAN links)

#include "app/sweep/SweepSpec.hpp"

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace meridian::sweep {

/// The figure columns in their order (total_s … busbw_gbps); then come bytes.<link id>.
const std::vector<std::string>& figureColumns();

/// Ids of the WAN links of a project, in file order.
std::vector<std::string> wanLinkIds(const io::Project& project);

/// The row of a finished point (from OUT/points/NAME). Throws InputError when its files are
/// missing or unreadable.
nlohmann::ordered_json pointRow(const Point& point, const SweepSpec& spec,
                                const std::vector<std::string>& wanLinks,
                                const std::filesystem::path& out);

struct Table
{
    std::vector<std::string> columns;
    std::vector<nlohmann::ordered_json> rows; ///< in point order
};

/// The columns of `rows` in their fixed order (axes, seed, status, figures, results, error).
Table makeTable(std::vector<nlohmann::ordered_json> rows, const SweepSpec& spec);

/// Writes OUT/sweep.csv and OUT/sweep.json.
void writeTable(const Table& table, const SweepSpec& spec, const std::string& topologyName,
                const std::filesystem::path& out);

/// A cell as CSV text: numbers in their shortest exact form, strings quoted when needed.
std::string csvCell(const nlohmann::ordered_json& value);

} // namespace meridian::sweep
