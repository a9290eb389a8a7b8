#include "meridian/workload/ModelCatalogue.hpp"

#include "io/ObjectReader.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/core/Text.hpp"
#include "meridian/workload/HfConfigImport.hpp"
#include "meridian/workload/Presets.hpp"

#include <fstream>

namespace meridian::workload {

using nlohmann::json;

ModelSpec modelFromPresetJson(const json& j)
{
    if (!j.is_object())
        throw InputError({}, "", "a model preset must be a JSON object");
    io::ObjectReader r(j, "", {}, io::ObjectReader::Mode::Lenient);
    if (const auto* cfg = r.get("hf_config")) {
        const std::string name = r.string("name", "");
        const std::optional<double> seq = r.optNumber("seq_len");
        ModelSpec m;
        try {
            m = modelFromHfConfig(*cfg, name, seq);
        } catch (const InputError& e) {
            throw e.withLocationPrefix(r.pathOf("hf_config"));
        }
        m.source = r.string("source", m.source);
        if (auto stated = r.optNumber("parameters");
            stated && static_cast<std::int64_t>(*stated) != m.parameterCount())
            r.fail("parameters", "states " + std::to_string(static_cast<std::int64_t>(*stated)) +
                                     " but the configuration gives " +
                                     std::to_string(m.parameterCount()));
        return m;
    }
    return modelSpecFromJson(j);
}

ModelCatalogue ModelCatalogue::load(const std::filesystem::path& dir)
{
    ModelCatalogue cat;
    forEachPresetJson(dir, "model presets", [&cat](const std::filesystem::path& f, const json& j) {
        cat.m_entries.push_back({f.stem().string(), modelFromPresetJson(j)});
    });
    return cat;
}

const ModelCatalogue& ModelCatalogue::builtin()
{
    static const ModelCatalogue cat = load(presetsDir() / "models");
    return cat;
}

const ModelSpec* ModelCatalogue::find(const std::string& name) const
{
    const std::string key = text::lower(name);
    for (const auto& e : m_entries)
        if (text::lower(e.id) == key || text::lower(e.model.name) == key)
            return &e.model;
    return nullptr;
}

ModelSpec modelPreset(const std::string& name)
{
    const auto& cat = ModelCatalogue::builtin();
    if (const auto* m = cat.find(name))
        return *m;
    std::string known;
    for (const auto& e : cat.entries())
        known += (known.empty() ? "" : ", ") + e.id;
    throw InputError({}, "model preset", "unknown model '" + name + "' (known: " + known + ")");
}

} // namespace meridian::workload
