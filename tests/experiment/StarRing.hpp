#pragma once
// Shared by the experiment tests that run a ring all-reduce on a star of hosts through the
// whole runner (NcclPipelineTest, Ns3ReferenceTest).

#include "meridian/experiment/Runner.hpp"
#include "meridian/io/ProjectFile.hpp"

#include <nlohmann/json.hpp>
#include <string>

namespace meridian::test {

using nlohmann::json;

/// n hosts on one switch, every host link `gbps` with `delay_ms` one way and a
/// 5,000-packet queue; a ring all-reduce of `bytes` among all of them over `protocol`.
inline json star(int n, double gbps, double delay_ms, double bytes, const std::string& protocol,
                 const json& extra = json::object())
{
    json nodes = json::array({{{"id", "sw"}, {"kind", "switch"}}});
    json links = json::array();
    json ranks = json::array();
    for (int i = 0; i < n; ++i) {
        const std::string h = "h" + std::to_string(i);
        nodes.push_back({{"id", h}, {"kind", "host"}});
        links.push_back({{"id", "l" + std::to_string(i)},
                         {"a", h},
                         {"b", "sw"},
                         {"bandwidth_gbps", gbps},
                         {"delay_ms", delay_ms},
                         {"queue_pkts", 5000}});
        ranks.push_back(h);
    }
    json e = {{"kind", "collective"}, {"operation", "allreduce"},
              {"algorithm", "ring"},  {"participants", ranks},
              {"bytes", bytes},       {"protocol", protocol},
              {"repeat", 1},          {"seed", 1}};
    for (auto it = extra.begin(); it != extra.end(); ++it)
        e[it.key()] = it.value();
    return {{"format", "meridian.topo"},
            {"version", 1},
            {"name", "star"},
            {"nodes", nodes},
            {"links", links},
            {"experiment", e}};
}

inline double runSeconds(const json& j)
{
    const io::Project p = io::parseProject(j.dump(), "star.topo");
    experiment::RunOptions opt;
    opt.topology_name = "star.topo";
    experiment::Runner runner(p, opt);
    const auto r = runner.run();
    return r.collective.mean_s;
}

} // namespace meridian::test
