#pragma once
// What every chart of a run's results shares (docs/reports.md "Charts"), the live QCustomPlot
// charts (LiveCharts.hpp) and the Qt Charts summaries (SummaryCharts.hpp) alike: one colour
// per phase, the phases' order and names, the font, and durations as text.

#include <QColor>
#include <QFont>
#include <QString>
#include <string>
#include <vector>

namespace meridian::ui::charts {

/// The colour of a phase (broadcast, compute, intra_center, inter_center, update); other names
/// (micro-benchmark operations) get a neutral grey-blue.
QColor phaseColour(const std::string& phase);
/// The training phases in timeline order: the order of legends, tables and comparisons.
const std::vector<std::string>& canonicalPhases();
/// Human-readable phase name ("intra_center" → "intra-centre").
QString phaseLabel(const std::string& phase);
/// The charts' font (DejaVu Sans) at `pointSize`.
QFont chartFont(int pointSize, bool bold = false);
/// A duration with a unit that keeps 4 significant digits readable: "250 µs", "1.5 ms", "12 s".
QString seconds(double s);

} // namespace meridian::ui::charts
