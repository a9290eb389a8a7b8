#pragma once
// The accelerator presets in <presets>/devices/*.json (format in DeviceSpec.hpp).

#include "meridian/workload/DeviceSpec.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace meridian::workload {

class DeviceCatalogue
{
public:
    /// Loads every *.json in `dir` in file-name order. Throws InputError naming the file.
    static DeviceCatalogue load(const std::filesystem::path& dir);
    /// The catalogue of presetsDir()/devices, loaded once.
    static const DeviceCatalogue& builtin();

    const std::vector<DeviceSpec>& devices() const { return m_devices; }
    /// Case-insensitive match on id or name ("A100-80GB", "a100-80gb").
    const DeviceSpec* find(const std::string& name) const;

private:
    std::vector<DeviceSpec> m_devices;
};

/// devicePreset("A100-80GB"): the built-in preset; throws InputError listing known ids.
DeviceSpec devicePreset(const std::string& name);

} // namespace meridian::workload
