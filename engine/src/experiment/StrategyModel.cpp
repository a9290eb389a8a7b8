#include "meridian/experiment/StrategySpec.hpp"

#include <cmath>

namespace meridian::experiment {

namespace {

/// Bytes of one element of a quantised wire type; 0 for none and top-k.
double quantisedElementBytes(const std::string& compression)
{
    if (compression == "fp16" || compression == "bf16")
        return 2.0;
    if (compression == "fp8" || compression == "int8")
        return 1.0;
    if (compression == "int4")
        return 0.5;
    return 0.0;
}

} // namespace

double compressedBytes(const StrategySpec& s, double elements, double dtypeBytes)
{
    if (s.compression == "topk")
        return std::ceil(s.topk_ratio * elements) * (dtypeBytes + kTopkIndexBytes);
    const double q = quantisedElementBytes(s.compression);
    return elements * (q > 0.0 ? q : dtypeBytes);
}

bool exchangedByAllGather(const StrategySpec& s)
{
    return s.compression == "topk";
}

double codecTimeS(const StrategySpec& s, double elements, double dtypeBytes, double hbm_Bps,
                  const std::string& dtype)
{
    if (s.compression == "none" || s.compression == dtype || hbm_Bps <= 0.0)
        return 0.0;
    if (s.compression == "topk") {
        // Encode: two reads of the input (threshold selection, then compaction) and the k
        // entries written; decode: the k entries read, the dense vector written (zero-fill
        // and scatter).
        const double entries = compressedBytes(s, elements, dtypeBytes);
        return (2.0 * elements * dtypeBytes + entries + entries + elements * dtypeBytes) / hbm_Bps;
    }
    // Encode reads the input and writes the quantised copy; decode the reverse.
    const double q = quantisedElementBytes(s.compression);
    return 2.0 * elements * (dtypeBytes + q) / hbm_Bps;
}

double outerOptimizerBytesPerParam(const std::string& optimizer)
{
    // Pseudo-gradient Δ = θ_global − θ_local: fp32 θ_global read (4), bf16 θ_local read (2),
    // fp32 Δ written (4). Outer step: Δ read (4), θ_global read and written (8), bf16 θ_local
    // written (2); Nesterov also reads and writes its fp32 momentum (8).
    if (optimizer == "nesterov")
        return 10.0 + 14.0 + 8.0;
    if (optimizer == "sgd")
        return 10.0 + 14.0;
    return 0.0;
}

double backwardFraction(bool activationRecompute)
{
    return activationRecompute ? 3.0 / 4.0 : 2.0 / 3.0;
}

double tensorAllReduceS(int t, double bytes, double nvlinkBps)
{
    if (t <= 1)
        return 0.0;
    // NCCL's tuning model (src/graph/tuning.cc): ring, Simple protocol, one node.
    constexpr double kBaseLatencyS = 8.4e-6; // baseLat[Ring][Simple]
    constexpr double kNvlinkStepS = 3.4e-6;  // hwLat[NVLink][Ring][Simple], per step
    const double steps = 2.0 * (t - 1);
    return kBaseLatencyS + steps * kNvlinkStepS + steps / t * bytes / nvlinkBps;
}

} // namespace meridian::experiment
