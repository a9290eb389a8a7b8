#pragma once
// Where the preset folders (models/, devices/, topologies) live at run time.

#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>

namespace meridian::workload {

/// The presets folder: $MERIDIAN_PRESETS_DIR if set and existing, else
/// <executable dir>/../share/meridian/presets (installed layout), else the source tree's
/// presets/ (compile-time MERIDIAN_PRESETS_DIR).
std::filesystem::path presetsDir();

/// Calls `visit(file, json)` for every *.json file of `dir` in file-name order. A file that
/// cannot be read or is not JSON (including a number no double can hold), or whose visit
/// throws InputError or an nlohmann::json exception (a value of the wrong type, a missing
/// key), raises InputError naming the file; `what` names the catalogue in the error for an
/// unreadable folder ("device presets").
void forEachPresetJson(
    const std::filesystem::path& dir, const char* what,
    const std::function<void(const std::filesystem::path&, const nlohmann::json&)>& visit);

} // namespace meridian::workload
