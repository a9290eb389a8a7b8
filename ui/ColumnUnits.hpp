#pragma once
// One unit per table column (docs/gui.md, "Units in tables"): the Results dock, the Compare
// table and the HTML/PDF report show every duration of a column in the unit its largest
// value needs, with the decimals that give that value four significant digits. A value
// smaller than half the column's last shown decimal prints as "0": an idle time of 0.58 ns
// in a column of minutes is 0, not "0.5839 ns".
//
// The rule itself is the engine's units::DurationColumnUnit (meridian/core/ColumnUnit.hpp),
// which the CLI's tables (experiment::resultsSummary) use too; this is its Qt form.

#include <QString>
#include <vector>

namespace meridian::ui {

struct DurationColumn
{
    /// The unit for a column holding `seconds` (its largest magnitude decides): h from 2 h,
    /// s from 1 s, then ms, µs, ns. An empty or all-zero column is in s.
    static DurationColumn of(const std::vector<double>& seconds);

    QString unit = QStringLiteral("s");
    double secondsPerUnit = 1.0;
    int decimals = 0;

    /// The number in the column's unit, without the unit ("0.576", "0").
    QString number(double seconds) const;
    /// With the unit ("0.576 h").
    QString text(double seconds) const { return number(seconds) + QLatin1Char(' ') + unit; }
};

} // namespace meridian::ui
