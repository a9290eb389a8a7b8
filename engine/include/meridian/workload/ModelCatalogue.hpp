#pragma once
// The model presets in <presets>/models/*.json.
//
// A preset is either {"id", "name", "source", "hf_config": {...config.json...}, "seq_len"?}
// (transformers, converted by HfConfigImport) or the ModelSpec JSON form with "layers"
// (CNNs), always with a "source" citing the published numbers.

#include "meridian/workload/ModelSpec.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace meridian::workload {

class ModelCatalogue
{
public:
    struct Entry
    {
        std::string id; ///< file stem, e.g. "llama-3-8b"
        ModelSpec model;
    };

    /// Loads every *.json in `dir` in file-name order. Throws InputError naming the file.
    static ModelCatalogue load(const std::filesystem::path& dir);
    /// The catalogue of presetsDir()/models, loaded once.
    static const ModelCatalogue& builtin();

    const std::vector<Entry>& entries() const { return m_entries; }
    /// Case-insensitive match on id or name.
    const ModelSpec* find(const std::string& name) const;

private:
    std::vector<Entry> m_entries;
};

/// A model preset JSON (either form above). Throws InputError with a JSON path.
ModelSpec modelFromPresetJson(const nlohmann::json& json);

/// modelPreset("llama-3-8b"): the built-in preset; throws InputError listing known ids.
ModelSpec modelPreset(const std::string& name);

} // namespace meridian::workload
