#include "meridian/workload/DeviceSpec.hpp"

#include "JsonRead.hpp"
#include "meridian/core/Error.hpp"

namespace meridian::workload {

using nlohmann::json;

namespace {
constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
}

double DeviceSpec::peakFlops(DType dtype) const
{
    auto it = peak_flops.find(dtype);
    if (it == peak_flops.end() || it->second <= 0.0)
        throw InputError({}, "device " + name,
                         "has no peak FLOP/s for " + std::string(toString(dtype)));
    return it->second;
}

DeviceSpec deviceSpecFromJson(const json& j)
{
    if (!j.is_object())
        throw InputError({}, "", "a device must be a JSON object");
    DeviceSpec d;
    d.id = detail::optString(j, "id", "").value_or("");
    d.name = detail::optString(j, "name", "").value_or(d.id);
    if (d.name.empty())
        throw InputError({}, "/name", "a device needs a name or id");
    if (d.id.empty())
        d.id = d.name;
    d.vendor = detail::optString(j, "vendor", "").value_or("");
    d.kind = detail::optString(j, "kind", "").value_or("gpu");
    if (d.kind != "gpu" && d.kind != "npu" && d.kind != "tpu")
        throw InputError({}, "/kind", "expected gpu, npu or tpu");
    d.source = detail::optString(j, "source", "").value_or("");
    const auto* peaks = detail::member(j, "peak_tflops");
    if (peaks == nullptr || !peaks->is_object() || peaks->empty())
        throw InputError({}, "/peak_tflops", "expected an object {\"bf16\": TFLOP/s, ...}");
    for (const auto& [key, value] : peaks->items()) {
        auto dt = dtypeFromString(key);
        if (!dt)
            throw InputError({}, "/peak_tflops/" + key, "unknown number format");
        if (!value.is_number() || !(value.get<double>() > 0))
            throw InputError({}, "/peak_tflops/" + key, "expected a positive number");
        // "tf32" maps to Fp32: keep the larger (tensor-core) figure for fp32 matmuls.
        double& slot = d.peak_flops[*dt];
        slot = std::max(slot, value.get<double>() * 1e12);
    }
    // HBM capacities are binary (80 GiB = 85.9e9 bytes): "memory_gib". The decimal
    // "memory_gb" (10⁹ bytes) of older files is still read; giving both is ambiguous.
    const bool gib = detail::member(j, "memory_gib") != nullptr;
    if (gib && detail::member(j, "memory_gb") != nullptr)
        throw InputError({}, "/memory_gb", "give either memory_gib or memory_gb, not both");
    const char* memKey = gib ? "memory_gib" : "memory_gb";
    d.memory_bytes = detail::nonNegative(j, memKey, "", 0.0) * (gib ? kGiB : 1e9);
    if (!(d.memory_bytes > 0))
        throw InputError({}, std::string("/") + (gib ? "memory_gib" : "memory_gb"),
                         "expected a positive memory size");
    d.memory_bandwidth_bytes_per_s =
        detail::nonNegative(j, "memory_bandwidth_gb_per_s", "", 0.0) * 1e9;
    if (!(d.memory_bandwidth_bytes_per_s > 0))
        throw InputError({}, "/memory_bandwidth_gb_per_s", "expected a positive bandwidth");
    if (const auto* s = detail::member(j, "systolic")) {
        SystolicSpec sys;
        sys.rows = static_cast<int>(detail::nonNegative(*s, "rows", "/systolic", 0));
        sys.cols = static_cast<int>(detail::nonNegative(*s, "cols", "/systolic", 0));
        sys.count = static_cast<int>(detail::nonNegative(*s, "count", "/systolic", 1));
        sys.clock_hz = detail::nonNegative(*s, "clock_ghz", "/systolic", 0) * 1e9;
        if (sys.rows < 1 || sys.cols < 1 || sys.count < 1 || !(sys.clock_hz > 0))
            throw InputError({}, "/systolic", "rows, cols, count and clock_ghz must be positive");
        d.systolic = sys;
    }
    return d;
}

json toJson(const DeviceSpec& d)
{
    json peaks = json::object();
    for (const auto& [dt, flops] : d.peak_flops)
        peaks[std::string(toString(dt))] = flops / 1e12;
    json out = {{"id", d.id},
                {"name", d.name},
                {"vendor", d.vendor},
                {"kind", d.kind},
                {"peak_tflops", peaks},
                {"memory_gib", d.memory_bytes / kGiB},
                {"memory_bandwidth_gb_per_s", d.memory_bandwidth_bytes_per_s / 1e9}};
    if (d.systolic)
        out["systolic"] = {{"rows", d.systolic->rows},
                           {"cols", d.systolic->cols},
                           {"count", d.systolic->count},
                           {"clock_ghz", d.systolic->clock_hz / 1e9}};
    if (!d.source.empty())
        out["source"] = d.source;
    return out;
}

} // namespace meridian::workload
