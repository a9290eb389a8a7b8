#include "meridian/workload/ModelCatalogue.hpp"

#include "JsonRead.hpp"
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
    if (const auto* cfg = detail::member(j, "hf_config")) {
        const std::string name = detail::optString(j, "name", "").value_or("");
        std::optional<double> seq;
        if (auto s = detail::optNumber(j, "seq_len", ""))
            seq = *s;
        ModelSpec m;
        try {
            m = modelFromHfConfig(*cfg, name, seq);
        } catch (const InputError& e) {
            throw e.withLocationPrefix("/hf_config");
        }
        m.source = detail::optString(j, "source", "").value_or(m.source);
        if (auto stated = detail::optNumber(j, "parameters", "");
            stated && static_cast<std::int64_t>(*stated) != m.parameterCount())
            throw InputError({}, "/parameters",
                             "states " + std::to_string(static_cast<std::int64_t>(*stated)) +
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
