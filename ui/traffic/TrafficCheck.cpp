#include "ui/traffic/TrafficCheck.hpp"

#include "meridian/core/Error.hpp"
#include "meridian/traffic/TrafficSpec.hpp"

#include <QRegularExpression>

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

int generatorIndexOf(const QString& problem)
{
    static const QRegularExpression at(QStringLiteral("/traffic/generators/(\\d+)"));
    const QRegularExpressionMatch m = at.match(problem);
    return m.hasMatch() ? m.captured(1).toInt() : -1;
}

} // namespace meridian::ui::traffic
