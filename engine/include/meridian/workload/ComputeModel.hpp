#pragma once
// Compute time of a training step on one device.
//
// Roofline (Williams, Waterman & Patterson 2009, "Roofline", CACM 52(4)) with a model FLOPs
// utilisation factor:
//   t = max( FLOPs / (peak(dtype) · MFU),  bytes / memory_bandwidth )
// MFU defaults to 0.4 (35–55 % is typical of large runs; MegaScale reports 55.2 %).
//
// Systolic arrays (NPU/TPU-like devices with DeviceSpec::systolic): output-stationary
// dataflow of SCALE-Sim (Samajdar et al., "SCALE-Sim: Systolic CNN Accelerator Simulator",
// arXiv:1811.02883, 2018; ISPASS 2020). A GEMM M×K×N on an R×C array is cut into
//   folds = ⌈M/R⌉ · ⌈N/C⌉
// output tiles; each fold streams K operands through the array, and its first result needs
// R + C − 2 cycles to skew in, K to accumulate and R to drain:
//   cycles per fold = 2R + C + K − 2,   cycles = folds · (2R + C + K − 2)
// With `count` arrays working on independent folds: cycles = ⌈folds / count⌉ · (2R + C + K − 2);
// time = cycles / (clock · η). η (ComputeOptions::systolic_efficiency, default = the MFU of
// the roofline path) covers what the cycle model leaves out and MFU covers on a GPU: HBM and
// interconnect stalls, vector-unit work, kernel/step overheads. With η = MFU a systolic device
// whose arrays are perfectly filled runs at exactly the roofline time
// FLOPs / (peak · MFU); the cycle model only adds the shape losses (fold padding, skew and
// drain). η = 1 gives the raw SCALE-Sim cycles. Training runs three GEMMs per forward GEMM: forward
// M×K×N, input gradient M×N×K and weight gradient K×M×N (backward = 2 × forward FLOPs).
//
// Training step of data parallelism on one device for `tokens` tokens (or samples):
//   FLOPs = tokens · training FLOPs per token (3·F, 4·F with recomputation)
//   bytes = 3 · weight bytes (read in forward and backward, gradients written)
//         + 2 · tokens · activation bytes per token (written forward, read backward)
// The byte count is a lower bound of HBM traffic (perfect on-chip reuse within a GEMM).

#include "meridian/workload/DeviceSpec.hpp"
#include "meridian/workload/ModelSpec.hpp"

#include <cstdint>
#include <string>

namespace meridian::workload {

struct ComputeOptions
{
    double mfu = 0.4;         ///< model FLOPs utilisation applied to the roofline peak
    bool recompute = false;   ///< full activation recomputation (+1 forward)
    bool use_systolic = true; ///< use the cycle model when the device describes its arrays
    /// η dividing the systolic cycle time, in (0, 1]; ≤ 0 means "the same as mfu".
    double systolic_efficiency = 0.0;
};

struct ComputeEstimate
{
    double flops = 0.0;
    double bytes = 0.0;
    double compute_s = 0.0; ///< FLOPs term (roofline) or cycle-model time (systolic)
    double memory_s = 0.0;  ///< bytes / memory bandwidth
    double time_s = 0.0;    ///< max(compute_s, memory_s)
    bool memory_bound = false;
    std::string method; ///< "roofline" or "systolic"
};

class ComputeModel
{
public:
    ComputeModel() = default;
    explicit ComputeModel(ComputeOptions options) : m_options(options) {}

    const ComputeOptions& options() const { return m_options; }

    /// max(flops / (peak(dtype) · mfu), bytes / bandwidth).
    ComputeEstimate roofline(double flops, double bytes, const DeviceSpec& device,
                             DType dtype) const;

    /// SCALE-Sim output-stationary cycles of one M×K×N GEMM on `arrays` R×C arrays.
    static std::int64_t systolicCycles(std::int64_t m, std::int64_t k, std::int64_t n, int rows,
                                       int cols, int arrays = 1);
    /// Seconds for `instances` independent M×K×N GEMMs on the device's arrays.
    static double systolicGemmTimeS(double m, double k, double n, double instances,
                                    const SystolicSpec& array);

    /// One data-parallel training step (forward + backward) over `tokens` on one device.
    ComputeEstimate trainingStep(const ModelSpec& model, const DeviceSpec& device,
                                 double tokens) const;

private:
    ComputeOptions m_options;
};

} // namespace meridian::workload
