#include "ui/charts/ChartStyle.hpp"

#include <cmath>

namespace meridian::ui::charts {

const std::vector<std::string>& canonicalPhases()
{
    static const std::vector<std::string> phases{"broadcast", "compute", "intra_center",
                                                 "inter_center", "update"};
    return phases;
}

QColor phaseColour(const std::string& phase)
{
    // Paul Tol's colour-blind safe "bright" scheme.
    if (phase == "broadcast")
        return QColor(0xAA, 0x33, 0x77);
    if (phase == "compute")
        return QColor(0x44, 0x77, 0xAA);
    if (phase == "intra_center")
        return QColor(0x66, 0xCC, 0xEE);
    if (phase == "inter_center")
        return QColor(0xEE, 0x66, 0x77);
    if (phase == "update")
        return QColor(0x22, 0x88, 0x33);
    if (phase == "outer_sync") // DiLoCo's outer synchronisation (docs/strategies.md)
        return QColor(0xCC, 0xBB, 0x44);
    if (phase == "outer_update")
        return QColor(0x44, 0xAA, 0x99);
    if (phase == "pipeline") // pipeline parallelism's passes and transfers (docs/strategies.md)
        return QColor(0x33, 0x55, 0x88);
    if (phase == "warmup") // a micro-benchmark's warm-up repetitions, lighter than the timed ones
        return QColor(0xBB, 0xBB, 0xBB);
    return QColor(0x77, 0x88, 0x99);
}

QString phaseLabel(const std::string& phase)
{
    if (phase == "intra_center")
        return QStringLiteral("intra-centre");
    if (phase == "inter_center")
        return QStringLiteral("inter-centre");
    if (phase == "outer_sync")
        return QStringLiteral("outer sync");
    if (phase == "outer_update")
        return QStringLiteral("outer update");
    return QString::fromStdString(phase);
}

QFont chartFont(int pointSize, bool bold)
{
    QFont f(QStringLiteral("DejaVu Sans"));
    f.setPointSize(pointSize);
    f.setBold(bold);
    return f;
}

QString seconds(double s)
{
    if (s != 0.0 && std::abs(s) < 1e-3)
        return QString::number(s * 1e6, 'g', 4) + QStringLiteral(" µs");
    if (s != 0.0 && std::abs(s) < 1.0)
        return QString::number(s * 1e3, 'g', 4) + QStringLiteral(" ms");
    return QString::number(s, 'g', 5) + QStringLiteral(" s");
}

} // namespace meridian::ui::charts
