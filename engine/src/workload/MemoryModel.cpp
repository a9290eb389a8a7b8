#include "meridian/workload/MemoryModel.hpp"

#include "meridian/core/Error.hpp"
#include "meridian/core/Units.hpp"

#include <algorithm>

namespace meridian::workload {

MemoryReport estimateMemory(const ModelSpec& model, const DeviceSpec& device,
                            const MemoryPlan& plan)
{
    if (plan.zero_stage < 0 || plan.zero_stage > 3)
        throw InputError({}, "zero_stage", "must be 0, 1, 2 or 3");
    if (plan.dp_size < 1)
        throw InputError({}, "dp_size", "must be at least 1");
    if (plan.tensor_parallel < 1)
        throw InputError({}, "tensor_parallel", "must be at least 1");
    if (plan.micro_batch_tokens < 0 || plan.optimizer_bytes_per_param < 0)
        throw InputError({}, "memory plan", "sizes must not be negative");

    const double n = plan.dp_size;
    const auto params = static_cast<double>(model.parameterCount());
    MemoryReport r;
    r.weights_bytes = model.weightBytes();
    r.gradients_bytes = model.gradientBytes();
    r.optimizer_bytes = params * plan.optimizer_bytes_per_param;
    if (plan.zero_stage >= 1)
        r.optimizer_bytes /= n;
    if (plan.zero_stage >= 2)
        r.gradients_bytes /= n;
    if (plan.zero_stage >= 3)
        r.weights_bytes /= n;

    const double tokens = plan.micro_batch_tokens > 0 ? plan.micro_batch_tokens : model.seq_len;
    const double perToken = model.activationBytesPerToken(model.seq_len, plan.flash_attention);
    if (plan.recompute && model.num_blocks > 0 && model.hidden_size > 0) {
        const double checkpoints = static_cast<double>(model.num_blocks) *
                                   static_cast<double>(model.hidden_size) *
                                   bytesPerElement(model.dtype);
        r.activation_bytes = tokens * (checkpoints + perToken / model.num_blocks);
    } else {
        r.activation_bytes = tokens * perToken;
    }
    const double t = plan.tensor_parallel;
    r.weights_bytes /= t;
    r.gradients_bytes /= t;
    r.optimizer_bytes /= t;
    r.activation_bytes /= t;
    r.total_bytes = r.weights_bytes + r.gradients_bytes + r.optimizer_bytes + r.activation_bytes;
    r.capacity_bytes = device.memory_bytes;
    r.fits = r.total_bytes <= r.capacity_bytes;

    using units::formatBytes;
    const std::string parts = "weights " + formatBytes(r.weights_bytes) + ", gradients " +
                              formatBytes(r.gradients_bytes) + ", optimiser " +
                              formatBytes(r.optimizer_bytes) + ", activations " +
                              formatBytes(r.activation_bytes);
    const std::string plan_text =
        "ZeRO-" + std::to_string(plan.zero_stage) + " over " + std::to_string(plan.dp_size) +
        " device(s)" +
        (plan.tensor_parallel > 1 ? ", tensor parallel " + std::to_string(plan.tensor_parallel)
                                  : std::string());
    if (r.fits)
        r.message = model.name + " fits on " + device.name + ": " + formatBytes(r.total_bytes) +
                    " of " + formatBytes(r.capacity_bytes) + " (" + parts + "; " + plan_text + ")";
    else
        r.message = "warning: " + model.name + " does not fit on " + device.name + ": needs " +
                    formatBytes(r.total_bytes) + " but has " + formatBytes(r.capacity_bytes) +
                    " (" + parts + "; " + plan_text +
                    "); use a higher ZeRO stage, a larger data-parallel group, activation "
                    "recomputation or fewer tokens per micro-batch";
    return r;
}

} // namespace meridian::workload
