#pragma once
// The training strategy of a training experiment (the "strategy" object, docs/strategies.md)
// and the closed forms its runs use.
//
//  * "data" (default): data parallelism, every iteration's gradients all-reduced inside each
//    centre and across centres (docs/experiments.md). With "overlap": true, the gradients are
//    cut into DDP buckets of bucket_bytes (PyTorch DDP's bucket_cap_mb, 25 MiB) that become
//    ready during the backward pass in reverse layer order; bucket k of n (bytes b_k, prefix
//    B_k = b_0 + … + b_k of the total G) is ready at
//        r_k = t_fwd + (B_k / G) · t_bwd,   t_bwd = backwardFraction · t_compute,
//    and the buckets' all-reduces run one after the other (one NCCL stream):
//        end_k = max(r_k, end_{k−1}) + c_k
//    so the communication hidden behind compute is at most t_bwd.
//  * "diloco": local SGD / DiLoCo (Douillard et al., arXiv 2311.08105). Every inner step is
//    data parallel inside each centre only (compute, intra-centre all-reduce, inner optimiser
//    step); every inner_steps (H) steps the centres all-reduce their pseudo-gradients
//    (parameters × wire bytes) with the inter-centre collective, broadcast the result inside
//    each centre and apply the outer optimiser. Time per outer step (one centre kind, no
//    contention): H · t_inner + t_sync. With fragments F > 1 (Streaming DiLoCo, arXiv
//    2501.18512), fragment f of params/F is sent after inner step s ≡ (f+1)·H/F − 1 (mod H)
//    without stopping compute and merged after overlap_steps (τ) more inner steps; the steps
//    wait only for what is left: stall = max(0, t_sync,F − τ · t_inner).
//  * "compression" (any kind) shrinks what crosses the WAN: quantisation to fp16/bf16/fp8/
//    int8/int4, or top-k sparsification (k = ⌈ratio · elements⌉ values plus a 4-byte index
//    each, exchanged by all-gather since sparse sums do not stay k long). Encoding and decoding
//    are elementwise kernels bound by HBM bandwidth (codecTimeS).

#include <string>

namespace meridian::experiment {

struct StrategySpec
{
    std::string kind = "data";        ///< data | diloco
    bool overlap = false;             ///< data: bucketed all-reduce during the backward pass
    double bucket_bytes = 26214400.0; ///< DDP bucket_cap_mb default: 25 MiB
    int inner_steps = 100;            ///< DiLoCo H
    int fragments = 1;                ///< Streaming DiLoCo F (1 = all at once)
    int overlap_steps = 1;            ///< Streaming DiLoCo τ: inner steps a fragment overlaps
    std::string outer_optimizer = "nesterov"; ///< nesterov | sgd | none (its HBM cost)
    std::string compression = "none";         ///< none | fp16 | bf16 | fp8 | int8 | int4 | topk
    double topk_ratio = 0.01;                 ///< top-k: fraction of the elements sent

    bool diloco() const { return kind == "diloco"; }
    /// Today's data parallelism, byte for byte: no overlap, no compression.
    bool plainData() const { return kind == "data" && !overlap && compression == "none"; }
};

/// Bytes of a top-k entry's index (int32, as torch.topk's indices cast for the wire).
constexpr double kTopkIndexBytes = 4.0;

/// Bytes on the wire of `elements` values of `dtypeBytes` each after `s`'s compression
/// (per sender: for top-k, k values with their indices).
double compressedBytes(const StrategySpec& s, double elements, double dtypeBytes);
/// Whether the compressed payload is exchanged by all-gather (top-k) instead of all-reduce.
bool exchangedByAllGather(const StrategySpec& s);
/// Encode + decode time of `elements` values of `dtypeBytes` on one device of HBM bandwidth
/// `hbm_Bps`: elementwise kernels bound by memory traffic (docs/strategies.md, "Compression").
/// 0 without compression or when the wire type is the training dtype itself.
double codecTimeS(const StrategySpec& s, double elements, double dtypeBytes, double hbm_Bps,
                  const std::string& dtype);
/// HBM bytes per parameter of the outer step: pseudo-gradient, momentum and master weights.
double outerOptimizerBytesPerParam(const std::string& optimizer);
/// Fraction of a training step's time spent in the backward pass: 2/3 (backward = 2 ×
/// forward FLOPs), 3/4 with activation recomputation (one more forward inside it).
double backwardFraction(bool activationRecompute);
/// Tensor parallelism (docs/strategies.md, "Tensor parallelism inside a server"): one ring
/// all-reduce of `bytes` per GPU among `t` GPUs of a server on NVLink of `nvlinkBps` bytes/s
/// per direction, by NCCL's cost model (NVIDIA/nccl src/graph/tuning.cc, ring, Simple
/// protocol, one node): 8.4 µs + 2(t − 1) · 3.4 µs + 2(t − 1)/t · bytes / nvlinkBps.
/// 0 for t = 1.
double tensorAllReduceS(int t, double bytes, double nvlinkBps);

} // namespace meridian::experiment
