#include "meridian/workload/DeviceSpec.hpp"

#include "io/ObjectReader.hpp"
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
    io::ObjectReader r(j, "", {}, io::ObjectReader::Mode::Lenient);
    DeviceSpec d;
    d.id = r.string("id", "");
    d.name = r.string("name", d.id);
    if (d.name.empty())
        r.fail("name", "a device needs a name or id");
    if (d.id.empty())
        d.id = d.name;
    d.vendor = r.string("vendor", "");
    d.kind = r.string("kind", "gpu");
    if (d.kind != "gpu" && d.kind != "npu" && d.kind != "tpu")
        r.fail("kind", "expected gpu, npu or tpu");
    d.source = r.string("source", "");
    const auto* peaks = r.get("peak_tflops");
    if (peaks == nullptr || !peaks->is_object() || peaks->empty())
        r.fail("peak_tflops", "expected an object {\"bf16\": TFLOP/s, ...}");
    for (const auto& [key, value] : peaks->items()) {
        auto dt = dtypeFromString(key);
        if (!dt)
            throw InputError({}, r.pathOf("peak_tflops") + "/" + key, "unknown number format");
        if (!value.is_number() || !(value.get<double>() > 0))
            throw InputError({}, r.pathOf("peak_tflops") + "/" + key, "expected a positive number");
        // "tf32" maps to Fp32: keep the larger (tensor-core) figure for fp32 matmuls.
        double& slot = d.peak_flops[*dt];
        slot = std::max(slot, value.get<double>() * 1e12);
    }
    // HBM capacities are binary (80 GiB = 85.9e9 bytes): "memory_gib". The decimal
    // "memory_gb" (10⁹ bytes) of older files is still read; giving both is ambiguous.
    const bool gib = r.has("memory_gib");
    if (gib && r.has("memory_gb"))
        r.fail("memory_gb", "give either memory_gib or memory_gb, not both");
    const char* memKey = gib ? "memory_gib" : "memory_gb";
    d.memory_bytes = r.nonNegative(memKey, 0.0) * (gib ? kGiB : 1e9);
    if (!(d.memory_bytes > 0))
        r.fail(memKey, "expected a positive memory size");
    d.memory_bandwidth_bytes_per_s = r.nonNegative("memory_bandwidth_gb_per_s", 0.0) * 1e9;
    if (!(d.memory_bandwidth_bytes_per_s > 0))
        r.fail("memory_bandwidth_gb_per_s", "expected a positive bandwidth");
    d.nvlink_bytes_per_s = r.nonNegative("nvlink_gb_per_s", 0.0) * 1e9;
    if (const auto* s = r.get("systolic")) {
        io::ObjectReader rs = r.child(*s, r.pathOf("systolic"));
        SystolicSpec sys;
        sys.rows = static_cast<int>(rs.nonNegative("rows", 0));
        sys.cols = static_cast<int>(rs.nonNegative("cols", 0));
        sys.count = static_cast<int>(rs.nonNegative("count", 1));
        sys.clock_hz = rs.nonNegative("clock_ghz", 0) * 1e9;
        if (sys.rows < 1 || sys.cols < 1 || sys.count < 1 || !(sys.clock_hz > 0))
            throw InputError({}, rs.path(), "rows, cols, count and clock_ghz must be positive");
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
    if (d.nvlink_bytes_per_s > 0.0)
        out["nvlink_gb_per_s"] = d.nvlink_bytes_per_s / 1e9;
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
