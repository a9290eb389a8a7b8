#pragma once
// The "traffic" section of an experiment (docs/traffic.md, docs/file-format.md): background
// traffic generators whose flows share the links with the run's own traffic.
//
//   "traffic": {"generators": [
//     {"id": "web", "kind": "poisson", "from": ["a", "b"], "to": "c", "start_s": 0,
//      "stop_s": 60, "protocol": "tcp", "load": 0.3, "load_link": "wan",
//      "size": {"law": "web-search"}},
//     {"id": "video", "kind": "cbr", "from": "a", "to": "c", "stop_s": 60, "rate_bps": "2G"},
//     {"id": "bursts", "kind": "on_off", "from": "a", "to": "c", "stop_s": 60,
//      "peak_bps": "5G", "on": {"law": "exponential", "mean_s": 0.1},
//      "off": {"law": "pareto", "mean_s": 0.4, "shape": 1.5}},
//     {"id": "backup", "kind": "bulk", "from": "a", "to": "c", "stop_s": 3600, "streams": 4,
//      "period_s": 600, "bytes": "50GB", "duration_s": 300},
//     {"id": "log", "kind": "trace", "stop_s": 60, "file": "flows.csv"}]}
//
// parseTraffic() checks everything it can without files (kinds, units, ranges, nodes, links,
// inline CDFs, profiles, gravity matrices) and throws InputError(file, JSON path, problem);
// loadTrafficFiles() reads the CDF files (relative to the .topo), the shipped ones
// (presets/traffic/), the CSV matrices and the flow traces, with the same errors.

#include "meridian/net/Protocol.hpp"
#include "meridian/topology/Topology.hpp"
#include "meridian/traffic/Distribution.hpp"
#include "meridian/traffic/LoadProfile.hpp"
#include "meridian/traffic/TrafficMatrix.hpp"

#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace meridian::traffic {

enum class GeneratorKind
{
    Cbr,     ///< constant bit rate (UDP): one flow per pair at rate_bps from start to stop
    Poisson, ///< Poisson flow arrivals with a flow-size law, over TCP or UDP
    OnOff,   ///< alternating on (at peak_bps) and off periods drawn from their laws
    Bulk,    ///< long-lived TCP with N parallel streams, or periodic bulk windows
    Trace    ///< replays a list of flows (start, size, source, destination) from a CSV file
};

std::string_view toString(GeneratorKind kind);

/// How a Poisson generator is simulated (docs/traffic.md §2.7): flow by flow, or as the
/// aggregate (fluid) rate it offers, λ·E[S]·8·m(t), on its pairs' routes.
enum class GeneratorMode
{
    Auto,  ///< fluid at a peak arrival rate ≥ kFluidAutoArrivalsPerS, else flows
    Flows, ///< every flow simulated
    Fluid  ///< one paced rate per pair, flow completion times from M/G/1-PS
};

std::string_view toString(GeneratorMode mode);

/// `auto` runs a Poisson generator as a fluid at or above this peak arrival rate (flows/s,
/// λ·max m(t)); the measurement behind it is in docs/traffic.md §2.7.
inline constexpr double kFluidAutoArrivalsPerS = 5000.0;

/// Where the flow sizes of a Poisson generator come from.
struct SizeSource
{
    std::optional<Distribution> law; ///< set by parseTraffic, or by loadTrafficFiles for files
    std::string file;                ///< a CDF file relative to the .topo ("" if none)
    std::string preset;              ///< a shipped CDF: "web-search" or "data-mining" ("" if none)
    std::string path;                ///< JSON path of the "size" object (for errors)
};

/// One flow of a trace generator: `bytes` from `from` to `to`, starting start_s after the
/// generator starts.
struct TraceFlow
{
    double start_s = 0.0;
    double bytes = 0.0;
    std::string from;
    std::string to;
};

struct GeneratorSpec
{
    std::string id;
    GeneratorKind kind = GeneratorKind::Poisson;
    std::vector<std::string> from; ///< source node ids
    std::vector<std::string> to;   ///< destination node ids
    double start_s = 0.0;
    double stop_s = 0.0;
    net::Protocol protocol = net::Protocol::Udp;
    // cbr
    double rate_bps = 0.0; ///< per (source, destination) pair
    // poisson: arrivals_per_s, or load × the bandwidth of load_link / mean size
    double arrivals_per_s = 0.0;
    double load = 0.0;
    std::string load_link;
    SizeSource size;
    GeneratorMode mode = GeneratorMode::Auto; ///< poisson only
    // on_off
    double peak_bps = 0.0;
    std::optional<Distribution> on_s;  ///< on-period law (seconds)
    std::optional<Distribution> off_s; ///< off-period law (seconds)
    // bulk
    int streams = 1;
    double bytes = 0.0;      ///< per window over all streams; 0 = as much as it can
    double period_s = 0.0;   ///< 0 = one window from start_s to stop_s
    double duration_s = 0.0; ///< window length (what is unsent then is dropped); 0 = none
    // trace: the flows of a CSV file, in time order (set by loadTrafficFiles)
    std::vector<TraceFlow> trace;
    std::string trace_file; ///< the CSV relative to the .topo
    std::string trace_path; ///< JSON path of "file" (for errors)
    // every kind: its rate over time (absent: constant)
    std::optional<LoadProfile> profile;
    // cbr, poisson: a traffic matrix in place of from × to (docs/traffic.md §2.6)
    std::vector<PairDemand> demands; ///< the matrix's non-zero demands (bit/s); empty: none
    std::string matrix_file;         ///< a CSV matrix relative to the .topo ("" if none)
    std::string matrix_path;         ///< JSON path of "matrix" (for errors)
    std::string path;                ///< JSON path of the generator (for errors)
};

struct TrafficSpec
{
    std::vector<GeneratorSpec> generators;
    bool empty() const { return generators.empty(); }
};

/// Reads the "traffic" object at `path` ("/experiment/traffic"). Throws InputError.
TrafficSpec parseTraffic(const nlohmann::json& traffic, const std::string& path,
                         const topology::Topology& topo, const std::string& file);

/// Reads the files the generators name: size CDFs (a file relative to `projectDir`, or a
/// shipped distribution in workload::presetsDir() / "traffic"), CSV traffic matrices and flow
/// traces (relative to `projectDir`); `file` names the .topo in errors.
void loadTrafficFiles(TrafficSpec& spec, const std::filesystem::path& projectDir,
                      const std::string& file, const topology::Topology& topo);

/// Reads a flow trace (docs/traffic.md, `trace`): one flow a line, "start_s,size_bytes,src,dst"
/// with start_s ≥ 0 in seconds and not decreasing, size_bytes > 0, src and dst distinct nodes of
/// `topo`; blank lines and lines starting with '#' are skipped, a first line that does not start
/// with a number is a header. Throws InputError(file, "line N", problem).
std::vector<TraceFlow> parseTraceCsv(std::string_view text, const std::string& file,
                                     const topology::Topology& topo);

/// Flows per second of a Poisson generator: arrivals_per_s, load·C/(8·mean size) with C the
/// bit rate of load_link's a→b direction, or Σ T_ij/(8·mean size) over its matrix; at
/// multiplier 1 of its profile. Its sizes and matrix must be loaded.
double arrivalsPerS(const GeneratorSpec& g, const topology::Topology& topo);

/// Whether generator g runs as a fluid: a Poisson generator in mode fluid, or in mode auto at
/// a peak arrival rate (arrivalsPerS · the profile's largest multiplier) of at least
/// kFluidAutoArrivalsPerS. Its sizes and matrix must be loaded.
bool runsFluid(const GeneratorSpec& g, const topology::Topology& topo);

} // namespace meridian::traffic
