#include "ui/ColumnUnits.hpp"

#include "meridian/core/ColumnUnit.hpp"

#include <cmath>

namespace meridian::ui {

DurationColumn DurationColumn::of(const std::vector<double>& seconds)
{
    const units::DurationColumnUnit rule = units::DurationColumnUnit::of(seconds);
    DurationColumn c;
    c.unit = QString::fromUtf8(rule.unit);
    c.secondsPerUnit = rule.seconds_per_unit;
    c.decimals = rule.decimals;
    return c;
}

QString DurationColumn::number(double seconds) const
{
    const double v = seconds / secondsPerUnit;
    if (!std::isfinite(v))
        return QString::number(v);
    // Below the column's resolution: 0, not a noise figure.
    if (units::DurationColumnUnit::roundsToZero(v, decimals))
        return QStringLiteral("0");
    return QString::number(v, 'f', decimals);
}

} // namespace meridian::ui
