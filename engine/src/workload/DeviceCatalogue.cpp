#include "meridian/workload/DeviceCatalogue.hpp"

#include "meridian/core/Error.hpp"
#include "meridian/core/Text.hpp"
#include "meridian/workload/Presets.hpp"

namespace meridian::workload {

using nlohmann::json;

DeviceCatalogue DeviceCatalogue::load(const std::filesystem::path& dir)
{
    DeviceCatalogue cat;
    forEachPresetJson(dir, "device presets", [&cat](const std::filesystem::path& f, const json& j) {
        DeviceSpec d = deviceSpecFromJson(j);
        if (d.id != f.stem().string())
            throw InputError({}, "/id", "must equal the file name '" + f.stem().string() + "'");
        cat.m_devices.push_back(std::move(d));
    });
    return cat;
}

const DeviceCatalogue& DeviceCatalogue::builtin()
{
    static const DeviceCatalogue cat = load(presetsDir() / "devices");
    return cat;
}

std::vector<std::string> DeviceCatalogue::names() const
{
    std::vector<std::string> out;
    for (const auto& d : m_devices)
        if (std::find(out.begin(), out.end(), d.name) == out.end())
            out.push_back(d.name);
    return out;
}

const DeviceSpec* DeviceCatalogue::find(const std::string& name) const
{
    const std::string key = text::lower(name);
    for (const auto& d : m_devices)
        if (text::lower(d.id) == key || text::lower(d.name) == key)
            return &d;
    return nullptr;
}

DeviceSpec devicePreset(const std::string& name)
{
    const auto& cat = DeviceCatalogue::builtin();
    if (const auto* d = cat.find(name))
        return *d;
    std::string known;
    for (const auto& d : cat.devices())
        known += (known.empty() ? "" : ", ") + d.id;
    throw InputError({}, "device preset", "unknown device '" + name + "' (known: " + known + ")");
}

} // namespace meridian::workload
