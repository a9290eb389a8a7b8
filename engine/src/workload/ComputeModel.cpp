#include "meridian/workload/ComputeModel.hpp"

#include "meridian/core/Error.hpp"

#include <algorithm>
#include <cmath>

namespace meridian::workload {

ComputeEstimate ComputeModel::roofline(double flops, double bytes, const DeviceSpec& device,
                                       DType dtype) const
{
    if (!(m_options.mfu > 0.0 && m_options.mfu <= 1.0))
        throw InputError({}, "mfu", "must be in (0, 1]");
    ComputeEstimate e;
    e.method = "roofline";
    e.flops = flops;
    e.bytes = bytes;
    e.compute_s = flops / (device.peakFlops(dtype) * m_options.mfu);
    e.memory_s = bytes / device.memory_bandwidth_bytes_per_s;
    e.time_s = std::max(e.compute_s, e.memory_s);
    e.memory_bound = e.memory_s > e.compute_s;
    return e;
}

std::int64_t ComputeModel::systolicCycles(std::int64_t m, std::int64_t k, std::int64_t n, int rows,
                                          int cols, int arrays)
{
    MERIDIAN_ASSERT(rows > 0 && cols > 0 && arrays > 0, "systolic array dimensions");
    if (m <= 0 || k <= 0 || n <= 0)
        return 0;
    const std::int64_t folds = ((m + rows - 1) / rows) * ((n + cols - 1) / cols);
    const std::int64_t rounds = (folds + arrays - 1) / arrays;
    return rounds * (2 * std::int64_t{rows} + cols + k - 2);
}

double ComputeModel::systolicGemmTimeS(double m, double k, double n, double instances,
                                       const SystolicSpec& a)
{
    if (m <= 0 || k <= 0 || n <= 0 || instances <= 0)
        return 0.0;
    const double folds = std::ceil(m / a.rows) * std::ceil(n / a.cols) * instances;
    const double rounds = std::ceil(folds / a.count);
    return rounds * (2.0 * a.rows + a.cols + std::ceil(k) - 2.0) / a.clock_hz;
}

ComputeEstimate ComputeModel::trainingStep(const ModelSpec& model, const DeviceSpec& device,
                                           double tokens) const
{
    if (!(tokens > 0))
        throw InputError({}, "tokens", "must be positive");
    const double s = model.seq_len;
    const double flops = tokens * model.trainingFlopsPerToken(s, m_options.recompute);
    const double bytes = 3.0 * model.weightBytes() +
                         2.0 * tokens * model.activationBytesPerToken(s, /*flash_attention=*/true);
    ComputeEstimate e = roofline(flops, bytes, device, model.dtype);
    if (!(m_options.use_systolic && device.systolic))
        return e;

    const SystolicSpec& a = *device.systolic;
    const double eta =
        m_options.systolic_efficiency > 0.0 ? m_options.systolic_efficiency : m_options.mfu;
    if (!(eta <= 1.0))
        throw InputError({}, "systolic_efficiency", "must be in (0, 1]");
    const double forwards = m_options.recompute ? 2.0 : 1.0;
    double gemm_s = 0.0;
    double other_flops = 0.0;
    for (const auto& layer : model.layers) {
        other_flops += layer.other_flops_per_token * tokens;
        for (const auto& g : layer.gemms) {
            double M = 0, instances = 0;
            if (g.scope == GemmScope::Batch) {
                M = g.mAt(s) * tokens; // tokens of the micro-batch are stacked along M
                instances = g.instances;
            } else {
                M = g.mAt(s);
                instances = g.instances * std::ceil(tokens / s);
            }
            const double K = g.kAt(s), N = g.nAt(s);
            gemm_s += forwards * systolicGemmTimeS(M, K, N, instances, a) // forward
                      + systolicGemmTimeS(M, N, K, instances, a)          // dX = dY·Wᵀ
                      + systolicGemmTimeS(K, M, N, instances, a);         // dW = Xᵀ·dY
        }
    }
    // Work not described as GEMMs falls back to the roofline FLOPs term.
    const double other_s =
        (m_options.recompute ? 4.0 : 3.0) * other_flops / (a.peakFlops() * m_options.mfu);
    e.method = "systolic";
    e.compute_s = gemm_s / eta + other_s;
    e.time_s = std::max(e.compute_s, e.memory_s);
    e.memory_bound = e.memory_s > e.compute_s;
    return e;
}

} // namespace meridian::workload
