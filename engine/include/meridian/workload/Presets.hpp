#pragma once
// Where the preset folders (models/, devices/, topologies) live at run time.

#include <filesystem>

namespace meridian::workload {

/// The presets folder: $MERIDIAN_PRESETS_DIR if set and existing, else
/// <executable dir>/../share/meridian/presets (installed layout), else the source tree's
/// presets/ (compile-time MERIDIAN_PRESETS_DIR).
std::filesystem::path presetsDir();

} // namespace meridian::workload
