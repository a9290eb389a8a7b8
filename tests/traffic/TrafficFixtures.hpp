#pragma once
// Shared by the traffic tests: a small WAN as a .topo project (JSON), and running a traffic
// section on a topology without the experiment runner.

#include "../net/NetFixtures.hpp"
#include "meridian/net/Network.hpp"
#include "meridian/sim/Simulator.hpp"
#include "meridian/topology/Topology.hpp"
#include "meridian/traffic/TrafficRun.hpp"
#include "meridian/traffic/TrafficSpec.hpp"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace meridian::test {

/// a — ra ═ wan ═ rb — b, plus c on ra: hosts at 100 Gbit/s, the WAN link `wan_gbps` with a
/// one-way delay `wan_delay_ms`.
inline nlohmann::json wanProject(double wan_gbps, double wan_delay_ms,
                                 const nlohmann::json& experiment)
{
    using nlohmann::json;
    json nodes = json::array();
    for (const char* h : {"a", "b", "c"})
        nodes.push_back({{"id", h}, {"kind", "host"}});
    for (const char* r : {"ra", "rb"})
        nodes.push_back({{"id", r}, {"kind", "router"}});
    json links = json::array();
    links.push_back({{"id", "a-ra"}, {"a", "a"}, {"b", "ra"}, {"bandwidth_gbps", 100}});
    links.push_back({{"id", "c-ra"}, {"a", "c"}, {"b", "ra"}, {"bandwidth_gbps", 100}});
    links.push_back({{"id", "wan"},
                     {"a", "ra"},
                     {"b", "rb"},
                     {"bandwidth_gbps", wan_gbps},
                     {"delay_ms", wan_delay_ms}});
    links.push_back({{"id", "rb-b"}, {"a", "rb"}, {"b", "b"}, {"bandwidth_gbps", 100}});
    return {{"format", "meridian.topo"},
            {"version", 1},
            {"nodes", nodes},
            {"links", links},
            {"experiment", experiment}};
}

/// One link a — b of `bandwidth_bps`, no delay: a flow's completion time is its fluid time.
inline topology::Topology oneLink(double bandwidth_bps)
{
    topology::Topology t;
    t.addNode(netNode("a"));
    t.addNode(netNode("b"));
    t.addLink(netLink("ab", "a", "b", bandwidth_bps, 0.0));
    return t;
}

/// Runs the generators of `traffic` (the "traffic" object) alone on `topo` until every flow
/// has ended; returns their results.
inline std::vector<traffic::GeneratorResult>
runTraffic(const topology::Topology& topo, const nlohmann::json& traffic, std::uint64_t seed)
{
    traffic::TrafficSpec spec =
        traffic::parseTraffic(traffic, "/experiment/traffic", topo, "t.topo");
    traffic::loadTrafficFiles(spec, ".", "t.topo", topo);
    sim::Simulator sim;
    net::Network net(sim, topo);
    traffic::TrafficRun run(sim, net, topo, spec, seed);
    run.start();
    sim.run();
    return run.results();
}

/// What a traffic run did, with the network's view of it.
struct TrafficOutcome
{
    std::vector<traffic::GeneratorResult> results;
    std::vector<net::TransferResult> flows; ///< every flow, in completion order
    /// Background wire bytes per link direction: [2·link + dir].
    std::vector<double> backgroundBytes;
};

/// As runTraffic, with the flows' records and the links' background bytes; files (CDFs,
/// matrices) are relative to `projectDir`.
inline TrafficOutcome runTrafficOutcome(const topology::Topology& topo,
                                        const nlohmann::json& traffic, std::uint64_t seed,
                                        const std::string& projectDir = ".")
{
    traffic::TrafficSpec spec =
        traffic::parseTraffic(traffic, "/experiment/traffic", topo, "t.topo");
    traffic::loadTrafficFiles(spec, projectDir, "t.topo", topo);
    sim::Simulator sim;
    net::Network net(sim, topo);
    traffic::TrafficRun run(sim, net, topo, spec, seed);
    run.start();
    sim.run();
    TrafficOutcome out{run.results(), net.flowRecords(), {}};
    for (std::size_t l = 0; l < topo.linkCount(); ++l)
        for (int dir = 0; dir < 2; ++dir)
            out.backgroundBytes.push_back(net.backgroundBytes(LinkId::fromIndex(l), dir));
    return out;
}

} // namespace meridian::test
