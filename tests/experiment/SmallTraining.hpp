#pragma once
// Shared by the experiment tests that train on a small WAN through the whole runner
// (RunnerTest, ControlPlaneRunTest): Llama-3-8B, a 64k-token batch, ZeRO-3 (memory_check
// "warn"), the source centre c0, a binomial broadcast and an inter-centre ring over go-back-N.

#include <nlohmann/json.hpp>

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

} // namespace meridian::test
