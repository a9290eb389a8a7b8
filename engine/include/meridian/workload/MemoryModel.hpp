#pragma once
// Memory feasibility of data-parallel training on one device.
//
// Model states (ZeRO, Rajbhandari et al. 2020, §3.1 and Fig. 1), Ψ parameters, mixed-precision
// Adam: 2Ψ weights + 2Ψ gradients (16-bit) + KΨ optimiser states with K = 12 (fp32 master
// weights, momentum, variance) = 16Ψ bytes. ZeRO partitions across the data-parallel group
// of size n:  stage 1 optimiser states /n;  stage 2 + gradients /n;  stage 3 + weights /n.
// Activations (Korthikanti et al. 2022, §4): tokens · Σ_layers activation bytes per token
// (LayerSpec; FlashAttention drops the 5·a·s score term); with full recomputation only
// each block's input is kept (h · bytes(dtype) per token per block) plus one block's
// activations while it is recomputed.
// Tensor parallelism t (Megatron-LM; Korthikanti et al. 2022 §4.2.2 with sequence
// parallelism): weights, gradients, optimiser states and activations all divided by t; ZeRO
// then shards over the data-parallel group dp_size (the GPUs / t).
// Not modelled: framework workspace, memory fragmentation, CUDA context (~1–3 GB).

#include "meridian/workload/DeviceSpec.hpp"
#include "meridian/workload/ModelSpec.hpp"

#include <string>

namespace meridian::workload {

struct MemoryPlan
{
    int zero_stage = 0;            ///< 0..3
    int dp_size = 1;               ///< data-parallel group the states are sharded over
    int tensor_parallel = 1;       ///< t: GPUs that split every layer (divides all by t)
    double micro_batch_tokens = 0; ///< tokens (samples) per micro-batch; 0 = one sequence
    bool recompute = false;
    bool flash_attention = true;
    double optimizer_bytes_per_param = 12.0; ///< K of ZeRO: 12 for mixed-precision Adam
};

struct MemoryReport
{
    double weights_bytes = 0.0;
    double gradients_bytes = 0.0;
    double optimizer_bytes = 0.0;
    double activation_bytes = 0.0;
    double total_bytes = 0.0;
    double capacity_bytes = 0.0;
    bool fits = false;
    std::string message; ///< one line with the numbers; a warning when it does not fit
};

/// Throws InputError for an invalid plan (stage outside 0..3, dp_size < 1, ...).
MemoryReport estimateMemory(const ModelSpec& model, const DeviceSpec& device,
                            const MemoryPlan& plan);

} // namespace meridian::workload
