#pragma once
// The accelerator presets in <presets>/devices/*.json (format in DeviceSpec.hpp); <presets> is
// workload::presetsDir() (Presets.hpp: $MERIDIAN_PRESETS_DIR, the installed
// <prefix>/share/meridian/presets beside the executable, else the source tree's presets/).

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
    /// Display names (DeviceSpec::name) in catalogue order, each once: the GPU-model choices
    /// of the generators and the property editor.
    std::vector<std::string> names() const;
    /// Case-insensitive match on id or name ("A100-80GB", "a100-80gb").
    const DeviceSpec* find(const std::string& name) const;

private:
    std::vector<DeviceSpec> m_devices;
};

/// devicePreset("A100-80GB"): the built-in preset; throws InputError listing known ids.
DeviceSpec devicePreset(const std::string& name);

} // namespace meridian::workload
