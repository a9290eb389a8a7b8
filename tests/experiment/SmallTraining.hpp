#pragma once
// Shared by the experiment tests that train on a small WAN through the whole runner
// (RunnerTest, ControlPlaneRunTest, StrategyTest, IdenticalCentresTest): Llama-3-8B, a 64k-token
// batch, ZeRO-3 (memory_check "warn"), the source centre c0, a binomial broadcast and an
// inter-centre ring over go-back-N.

#include <nlohmann/json.hpp>
#include <string>

namespace meridian::test {

/// The `experiment` object of such a run, `iterations` long, seed 7.
inline nlohmann::json smallTrainingExperiment(int iterations)
{
    return {{"kind", "training"},
            {"model", {{"preset", "llama-3-8b"}}},
            // One A100 per centre cannot hold Llama-3-8B (139 GiB at ZeRO-3): these runs use it
            // as 16 GB of gradients, so the memory check only warns (TrainingCheck.hpp).
            {"parallelism",
             {{"global_batch_tokens", 65536},
              {"seq_len", 4096},
              {"zero_stage", 3},
              {"memory_check", "warn"}}},
            {"source", "c0"},
            {"broadcast", {{"algorithm", "binomial"}, {"protocol", "gbn"}, {"dataset", false}}},
            {"inter_center", {{"collective", "ring"}, {"protocol", "gbn"}}},
            {"iterations", iterations},
            {"seed", 7}};
}

/// Centre `c` with one A100-80GB rank `c-gpu` on a 4 Tbit/s, 0 ms link `c-gpu-link`.
inline void addSingleGpuCentre(nlohmann::json& nodes, nlohmann::json& links, const std::string& c)
{
    nodes.push_back({{"id", c}, {"kind", "center"}, {"attrs", {{"gpu_model", "A100-80GB"}}}});
    nodes.push_back({{"id", c + "-gpu"},
                     {"kind", "gpu"},
                     {"parent", c},
                     {"attrs", {{"gpu_model", "A100-80GB"}, {"gpu_count", 1}}}});
    links.push_back({{"id", c + "-gpu-link"},
                     {"a", c + "-gpu"},
                     {"b", c},
                     {"bandwidth_gbps", 4000},
                     {"delay_ms", 0.0}});
}

/// Centres c0…c{n−1} of addSingleGpuCentre on a star around router "hub" (links `c<i>-hub`,
/// `wan_gbps`, `delay_ms`, `loss`, `jitter_ms`, a 100,000-packet queue), training with
/// smallTrainingExperiment(1) and its keys replaced by `experimentOverrides`.
inline nlohmann::json
smallStarProject(int centres, double wan_gbps, double delay_ms, double loss, double jitter_ms,
                 const nlohmann::json& experimentOverrides = nlohmann::json::object())
{
    nlohmann::json nodes = nlohmann::json::array();
    nlohmann::json links = nlohmann::json::array();
    nodes.push_back({{"id", "hub"}, {"kind", "router"}});
    for (int i = 0; i < centres; ++i) {
        const std::string c = "c" + std::to_string(i);
        addSingleGpuCentre(nodes, links, c);
        links.push_back({{"id", c + "-hub"},
                         {"a", c},
                         {"b", "hub"},
                         {"bandwidth_gbps", wan_gbps},
                         {"delay_ms", delay_ms},
                         {"loss", loss},
                         {"jitter_ms", jitter_ms},
                         {"queue_pkts", 100000}});
    }
    nlohmann::json experiment = smallTrainingExperiment(1);
    for (auto it = experimentOverrides.begin(); it != experimentOverrides.end(); ++it)
        experiment[it.key()] = it.value();
    return {{"format", "meridian.topo"},
            {"version", 1},
            {"name", "star"},
            {"nodes", nodes},
            {"links", links},
            {"experiment", experiment}};
}

} // namespace meridian::test
