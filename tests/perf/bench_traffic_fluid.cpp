// bench_traffic_fluid: the aggregate (fluid) mode of Poisson generators against the per-flow
// mode (docs/traffic.md §2.7, issue 30). The WAN map of presets/allreduce-4dc-ring.topo (four
// gateways on a core, 100 Gbit/s links of 4.4–6.7 ms) runs a ring all-reduce over TCP while a
// Poisson generator over a gravity matrix of the four gateways (equal weights) offers kLoad of
// every gateway link in each direction, T = 4·kLoad·100 Gbit/s in all, at λ flows/s over UDP
// or TCP (exponential sizes of mean T / (8·λ)). Each case runs `meridian-cli run` twice,
// "mode": "flows" and "fluid", and prints the cost of both (wall, CPU, peak RSS, events) and
// the fluid mode's error on what a user reads: the all-reduce's mean time, every link's
// background bytes, the generator's carried load.
//
// Usage: bench_traffic_fluid [RATE_PER_S …]   (default: 1000 2000 5000 10000)
// Target (issue 30): at 10,000 flows/s, error ≤ 5 % and cost ≥ 20× lower.

#include "ChildRun.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

using nlohmann::json;
using namespace meridian;
namespace fs = std::filesystem;

namespace {

constexpr double kLoad = 0.3;              ///< of each gateway link, per direction, on average
constexpr double kGatewayLink_bps = 100e9; ///< the preset's links

json readJson(const fs::path& p)
{
    std::ifstream in(p);
    std::stringstream ss;
    ss << in.rdbuf();
    return json::parse(ss.str());
}

/// The preset's map and all-reduce (1 GiB, 5 repetitions: about 40 s of simulated time) with
/// one Poisson generator.
json project(double rate_per_s, const std::string& protocol, const std::string& mode)
{
    json p = readJson(fs::path(MERIDIAN_SOURCE_DIR) / "presets" / "allreduce-4dc-ring.topo");
    json& e = p["experiment"];
    e["bytes"] = "1GiB";
    e["repeat"] = 5;
    // Equal weights: every gateway sends T/4 and receives T/4, so T = 4·load·C puts `load` on
    // each gateway link in each direction. λ = T / (8·E[S]).
    const double total_bps = 4.0 * kLoad * kGatewayLink_bps;
    const double mean_bytes = total_bps / (8.0 * rate_per_s);
    e["traffic"] = {
        {"generators",
         {{{"id", "tenants"},
           {"kind", "poisson"},
           {"protocol", protocol},
           {"mode", mode},
           {"stop_s", 3600},
           {"size", {{"law", "exponential"}, {"mean_bytes", mean_bytes}}},
           {"matrix",
            {{"gravity",
              {{"total_bps", total_bps},
               {"weights", {{"gw-bj", 1}, {"gw-sh", 1}, {"gw-gz", 1}, {"gw-cd", 1}}}}}}}}}}};
    return p;
}

struct Outcome
{
    perf::ChildRun run;
    json results;
    double events = 0.0;
    double engineWall_s = 0.0; ///< run-info.json: the simulation alone, without start-up
};

Outcome runOne(const fs::path& dir, const std::string& name, const json& topo)
{
    const fs::path file = dir / (name + ".topo");
    std::ofstream(file) << topo.dump(1);
    Outcome o;
    o.run = perf::runChild({MERIDIAN_CLI_PATH, "run", file.string(), "--quiet", "--format", "json",
                            "--out", (dir / name).string()},
                           (dir / (name + ".txt")).string(), 3600.0);
    if (!o.run.ok)
        return o;
    o.results = readJson(dir / name / "results.json");
    o.events = o.results["engine"].value("events", 0.0);
    o.engineWall_s = readJson(dir / name / "run-info.json").value("wall_time_s", 0.0);
    return o;
}

double relErr(double fluid, double flows)
{
    return flows == 0.0 ? (fluid == 0.0 ? 0.0 : 1.0) : fluid / flows - 1.0;
}

} // namespace

int main(int argc, char** argv)
{
    std::vector<double> rates;
    for (int i = 1; i < argc; ++i)
        rates.push_back(std::atof(argv[i]));
    if (rates.empty())
        rates = {1000, 2000, 5000, 10000};
    const fs::path dir =
        fs::temp_directory_path() / ("meridian-bench-fluid-" + std::to_string(getpid()));
    fs::create_directories(dir);
    std::printf("bench_traffic_fluid: presets/allreduce-4dc-ring.topo, 1 GiB ring all-reduce "
                "x 5 over TCP, Poisson gravity traffic at load %.2f of every gateway link "
                "(exponential sizes)\n\n",
                kLoad);
    bool allOk = true;
    for (const std::string protocol : {"udp", "tcp"}) {
        for (const double rate : rates) {
            const std::string tag = protocol + "-" + std::to_string(static_cast<long>(rate));
            const Outcome flows = runOne(dir, tag + "-flows", project(rate, protocol, "flows"));
            const Outcome fluid = runOne(dir, tag + "-fluid", project(rate, protocol, "fluid"));
            if (!flows.run.ok || !fluid.run.ok) {
                std::printf("%s: meridian-cli run failed:\n%s%s\n", tag.c_str(),
                            flows.run.out.c_str(), fluid.run.out.c_str());
                allOk = false;
                continue;
            }
            const double mean_bytes = 4.0 * kLoad * kGatewayLink_bps / (8.0 * rate);
            // Per link: the larger relative error of its background bytes.
            double bgErr = 0.0;
            double bgMaxFlows = 0.0;
            double bgMaxFluid = 0.0;
            const json& lf = flows.results["links"];
            const json& lu = fluid.results["links"];
            for (std::size_t l = 0; l < lf.size(); ++l) {
                const double a = lf[l].value("background_bytes", 0.0);
                const double b = lu[l].value("background_bytes", 0.0);
                if (std::abs(relErr(b, a)) > std::abs(bgErr))
                    bgErr = relErr(b, a);
                bgMaxFlows = std::max(bgMaxFlows, a);
                bgMaxFluid = std::max(bgMaxFluid, b);
            }
            const double allFlows = flows.results["collective"].value("mean_s", 0.0);
            const double allFluid = fluid.results["collective"].value("mean_s", 0.0);
            const json& gf = flows.results["traffic"][0];
            const json& gu = fluid.results["traffic"][0];
            const double carFlows = gf.value("carried_bps", 0.0);
            const double carFluid = gu.value("carried_bps", 0.0);
            std::printf("%s, %.0f flows/s, E[S] = %.0f B\n", protocol.c_str(), rate, mean_bytes);
            std::printf("  %-6s %10s %8s %8s %11s %10s %9s %12s %11s %11s %10s %10s\n", "mode",
                        "process s", "CPU s", "RSS MB", "engine s", "events", "flows",
                        "allreduce s", "max bg GB", "carried G", "FCT p50 s", "FCT p99 s");
            for (const auto* o : {&flows, &fluid}) {
                const json& g = o->results["traffic"][0];
                std::printf("  %-6s %10.2f %8.2f %8.1f %11.3f %10.0f %9llu %12.5f %11.3f %11.3f "
                            "%10.4g %10.4g\n",
                            g.value("mode", "").c_str(), o->run.wall_s, o->run.cpu_s,
                            o->run.peakRss_mb, o->engineWall_s, o->events, g.value("flows", 0ULL),
                            o->results["collective"].value("mean_s", 0.0),
                            (o == &flows ? bgMaxFlows : bgMaxFluid) / 1e9,
                            g.value("carried_bps", 0.0) / 1e9, g.value("fct_p50_s", 0.0),
                            g.value("fct_p99_s", 0.0));
            }
            std::printf("  fluid error: all-reduce mean %+.2f %%, background bytes (worst link) "
                        "%+.2f %%, carried load %+.2f %%\n",
                        100.0 * relErr(allFluid, allFlows), 100.0 * bgErr,
                        100.0 * relErr(carFluid, carFlows));
            std::printf("  cost flows / fluid: events %.0fx, engine wall %.0fx, process wall "
                        "%.1fx, CPU %.1fx, RSS %.2fx\n\n",
                        flows.events / std::max(fluid.events, 1.0),
                        flows.engineWall_s / std::max(fluid.engineWall_s, 1e-6),
                        flows.run.wall_s / fluid.run.wall_s,
                        flows.run.cpu_s / std::max(fluid.run.cpu_s, 1e-3),
                        flows.run.peakRss_mb / fluid.run.peakRss_mb);
        }
    }
    std::printf("target (issue 30): at 10,000 flows/s, |error| <= 5 %% and cost >= 20x lower\n");
    fs::remove_all(dir);
    return allOk ? 0 : 1;
}
