#pragma once
// One unit per table column of durations (docs/gui.md, "Units in tables"): the column's
// largest magnitude picks h (from 2 h), s (from 1 s), ms, µs or ns — the thresholds of
// units::formatDuration, which formats single values — with the decimals that give that value
// four significant digits (at most 6); a value below half the column's last decimal shows as
// 0 (an idle 0.58 ns in a column of seconds is 0). The one rule of the CLI's tables
// (experiment::resultsSummary) and the GUI's (ui/ColumnUnits: Results dock, Compare, report).

#include <vector>

namespace meridian::units {

struct DurationColumnUnit
{
    const char* unit = "s"; ///< UTF-8: h, s, ms, µs or ns
    double seconds_per_unit = 1.0;
    int decimals = 0;

    /// The unit of a column holding `seconds`: its largest finite magnitude decides; an empty
    /// or all-zero column is in s with no decimals.
    static DurationColumnUnit of(const std::vector<double>& seconds);
    /// Whether `value` (in a column's unit) shows as 0 with `decimals` decimals.
    static bool roundsToZero(double value, int decimals);
};

} // namespace meridian::units
