#pragma once
// The check of a "traffic" section that every run makes (meridian/traffic/TrafficSpec.hpp:
// parseTraffic, then the CDF and matrix files with loadTrafficFiles), for the GUI: the engine's own
// message "FILE: /experiment/traffic/generators/N/KEY: PROBLEM", or an empty string.

#include <QString>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

namespace meridian::topology {
class Topology;
}

namespace meridian::ui {
class Document;
}

namespace meridian::ui::traffic {

/// The first problem of the experiment's traffic section (empty: none, or no section).
/// `file` names the .topo in the message; CDF files are read relative to `projectDir`.
QString trafficProblem(const nlohmann::json& experiment, const topology::Topology& topology,
                       const std::string& file, const std::filesystem::path& projectDir);

/// The directory a project's files (CDFs, matrices, traces) are read relative to: the .topo's,
/// or the working directory for a document not saved yet.
std::filesystem::path trafficProjectDir(const Document* doc);

/// The distinct (source, destination) pairs of a generator whose pairs are not its from × to:
/// a `trace`'s flow file, in the order of their first flow, or a `matrix`'s non-zero demands
/// (gravity or CSV file), row by row; read and checked as a run reads them (parseTraffic,
/// loadTrafficFiles). Throws InputError, the engine's, for a generator or file that a run
/// would refuse.
std::vector<std::pair<std::string, std::string>>
listedPairs(const nlohmann::json& generator, const topology::Topology& topology,
            const std::string& file, const std::filesystem::path& projectDir);

/// The index of the generator a problem's JSON path names ("…/generators/3/…" → 3), or −1.
int generatorIndexOf(const QString& problem);

} // namespace meridian::ui::traffic
