#pragma once
// The .topo project file (format "meridian.topo", version 1, JSON; docs/file-format.md).
//
// Readers never throw anything but InputError, whose file/location/problem name the file,
// the JSON path (e.g. "/links/3/loss") and what is wrong; a failed read leaves the caller's
// data untouched (the Project is returned only when the whole file is good). Writers are
// atomic: the text goes to a temporary file in the same folder, which is then renamed.

#include "meridian/core/Error.hpp"
#include "meridian/topology/Topology.hpp"

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace meridian::io {

inline constexpr int kTopoFormatVersion = 1;

/// Everything a .topo file holds.
struct Project
{
    std::string name;
    topology::Topology topology;
    /// The "experiment" object, kept as JSON; the experiment module parses and validates it
    /// (so that io does not depend on the workload/collective modules). Null if absent.
    nlohmann::json experiment;
    /// Top-level keys this version does not know, kept so that a round trip loses nothing.
    nlohmann::json extra = nlohmann::json::object();

    bool operator==(const Project& other) const = default;
};

/// Outcome of a load that reports every problem instead of the first one. A structural
/// problem (bad JSON, wrong type, unknown key, dangling endpoint) stops the load and is the
/// only error; when the structure is sound, every topology::validate() issue is listed.
struct ProjectLoadResult
{
    std::optional<Project> project; ///< set only when `errors` is empty
    std::vector<InputError> errors; ///< in file order; each names file, JSON path and problem

    bool ok() const { return errors.empty(); }
};

/// Largest .topo file a reader accepts (bytes); larger inputs are rejected before parsing.
inline constexpr std::uintmax_t kMaxTopoFileBytes = 256ull * 1024 * 1024;

/// Like parseProject/readProject, but returns all problems (used by `meridian-cli validate`).
ProjectLoadResult loadProject(std::string_view text, const std::string& fileLabel);
ProjectLoadResult loadProjectFile(const std::filesystem::path& path);

/// Parses .topo text. `fileLabel` is used in error messages (usually the path).
/// Structural errors and attribute range errors (topology::validate) are reported: the
/// first problem is thrown; if there are more, its text ends with "(and N more problems)".
Project parseProject(std::string_view text, const std::string& fileLabel);
/// Reads and parses a .topo file.
Project readProject(const std::filesystem::path& path);
/// Canonical JSON text of a project (2-space indent, stable key order, trailing newline).
std::string serializeProject(const Project& project);
/// Writes a project atomically (temp file + rename). Throws InputError on I/O failure.
void writeProject(const Project& project, const std::filesystem::path& path);
/// Atomic write of any text file (temp file in the same folder + rename).
/// Reads one link schedule step ({"at_s": …, attributes…, "up": …, "direction": …}), the
/// syntax that link schedules and control-plane "change-link" triggers share. Throws
/// InputError naming `file` and the JSON `path`.
topology::ScheduleStep readScheduleStep(const nlohmann::json& value, const std::string& path,
                                        const std::string& file);
void writeFileAtomically(const std::filesystem::path& path, std::string_view contents);

} // namespace meridian::io
