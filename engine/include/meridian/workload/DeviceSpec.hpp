#pragma once
// An accelerator: peak dense FLOP/s per number format, memory capacity and bandwidth, and
// for NPU/TPU-like devices the systolic arrays that do the matrix work.

#include "meridian/workload/DType.hpp"

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace meridian::workload {

/// R×C output-stationary systolic arrays (SCALE-Sim model, see ComputeModel.hpp).
struct SystolicSpec
{
    int rows = 0;
    int cols = 0;
    int count = 1; ///< arrays per device working on independent folds
    double clock_hz = 0.0;

    /// 2 FLOPs per MAC per PE per cycle.
    double peakFlops() const { return 2.0 * rows * cols * count * clock_hz; }
    bool operator==(const SystolicSpec&) const = default;
};

struct DeviceSpec
{
    std::string id;   ///< preset file stem, e.g. "a100-80gb"
    std::string name; ///< display name, e.g. "A100-80GB"
    std::string vendor;
    std::string kind = "gpu";           ///< gpu | npu | tpu
    std::map<DType, double> peak_flops; ///< dense (no sparsity) FLOP/s per format
    double memory_bytes = 0.0;
    double memory_bandwidth_bytes_per_s = 0.0;
    /// NVLink bandwidth of one GPU per direction, to the server's NVSwitch (tensor
    /// parallelism's all-reduces; docs/strategies.md); 0 = not catalogued.
    double nvlink_bytes_per_s = 0.0;
    std::optional<SystolicSpec> systolic;
    std::string source;

    /// Peak dense FLOP/s for `dtype`. Throws InputError when the device has no figure for it.
    double peakFlops(DType dtype) const;
};

/// Preset JSON: {"id", "name", "vendor", "kind", "peak_tflops": {"bf16": 312, ...},
/// "memory_gib": 80, "memory_bandwidth_gb_per_s": 2039, "nvlink_gb_per_s": 300 (per
/// direction, optional), "systolic": {"rows", "cols",
/// "count", "clock_ghz"}, "source"}. Memory is in GiB (2³⁰ bytes, how HBM is sized: an
/// "80 GB" A100 holds 80 GiB = 85.9·10⁹ bytes); the legacy key "memory_gb" (10⁹ bytes) is
/// still accepted. Bandwidth GB/s = 10⁹ bytes/s. Throws InputError with a JSON path.
DeviceSpec deviceSpecFromJson(const nlohmann::json& json);
nlohmann::json toJson(const DeviceSpec& device);

} // namespace meridian::workload
