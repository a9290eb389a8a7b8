#include "ui/ColumnUnits.hpp"

#include <algorithm>
#include <cmath>

namespace meridian::ui {

DurationColumn DurationColumn::of(const std::vector<double>& seconds)
{
    double largest = 0.0;
    for (double s : seconds)
        if (std::isfinite(s))
            largest = std::max(largest, std::abs(s));
    DurationColumn c;
    if (largest == 0.0)
        return c;
    struct Unit
    {
        const char16_t* name;
        double seconds;
    };
    // The thresholds of units::formatDuration, which formats single values.
    static constexpr Unit kUnits[] = {
        {u"h", 3600.0}, {u"s", 1.0}, {u"ms", 1e-3}, {u"µs", 1e-6}, {u"ns", 1e-9}};
    static constexpr double kFrom[] = {7200.0, 1.0, 1e-3, 1e-6, 0.0};
    std::size_t u = 0;
    while (largest < kFrom[u])
        ++u;
    c.unit = QString::fromUtf16(kUnits[u].name);
    c.secondsPerUnit = kUnits[u].seconds;
    const double scaled = largest / c.secondsPerUnit;
    const int magnitude = static_cast<int>(std::floor(std::log10(scaled)));
    c.decimals = std::clamp(3 - magnitude, 0, 6);
    return c;
}

QString DurationColumn::number(double seconds) const
{
    const double v = seconds / secondsPerUnit;
    if (!std::isfinite(v))
        return QString::number(v);
    // Below the column's resolution: 0, not a noise figure.
    if (std::abs(v) < 0.5 * std::pow(10.0, -decimals))
        return QStringLiteral("0");
    return QString::number(v, 'f', decimals);
}

} // namespace meridian::ui
