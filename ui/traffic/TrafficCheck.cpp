#include "ui/traffic/TrafficCheck.hpp"

#include "meridian/core/Error.hpp"
#include "meridian/traffic/TrafficSpec.hpp"
#include "ui/Document.hpp"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <set>

namespace meridian::ui::traffic {

QString trafficProblem(const nlohmann::json& experiment, const topology::Topology& topology,
                       const std::string& file, const std::filesystem::path& projectDir)
{
    if (!experiment.is_object() || !experiment.contains("traffic"))
        return {};
    try {
        meridian::traffic::TrafficSpec spec = meridian::traffic::parseTraffic(
            experiment["traffic"], "/experiment/traffic", topology, file);
        meridian::traffic::loadTrafficFiles(spec, projectDir, file, topology);
    } catch (const InputError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

std::filesystem::path trafficProjectDir(const Document* doc)
{
    const QString dir =
        doc->filePath().isEmpty() ? QDir::currentPath() : QFileInfo(doc->filePath()).absolutePath();
    return dir.toStdString();
}

std::vector<std::pair<std::string, std::string>>
listedPairs(const nlohmann::json& generator, const topology::Topology& topology,
            const std::string& file, const std::filesystem::path& projectDir)
{
    meridian::traffic::TrafficSpec spec = meridian::traffic::parseTraffic(
        nlohmann::json{{"generators", nlohmann::json::array({generator})}}, "/experiment/traffic",
        topology, file);
    meridian::traffic::loadTrafficFiles(spec, projectDir, file, topology);
    std::vector<std::pair<std::string, std::string>> pairs;
    std::set<std::pair<std::string, std::string>> seen;
    const auto add = [&](const std::string& from, const std::string& to) {
        if (seen.emplace(from, to).second)
            pairs.emplace_back(from, to);
    };
    for (const meridian::traffic::TraceFlow& f : spec.generators.front().trace)
        add(f.from, f.to);
    for (const meridian::traffic::PairDemand& d : spec.generators.front().demands)
        add(d.from, d.to);
    return pairs;
}

int generatorIndexOf(const QString& problem)
{
    static const QRegularExpression at(QStringLiteral("/traffic/generators/(\\d+)"));
    const QRegularExpressionMatch m = at.match(problem);
    return m.hasMatch() ? m.captured(1).toInt() : -1;
}

} // namespace meridian::ui::traffic
