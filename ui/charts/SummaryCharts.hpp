#pragma once
// Qt Charts summaries of a finished run (docs/reports.md "Charts"), drawn once when a run has
// ended: the Run dock's Summary tab and the report show them. The caller owns the returned
// chart. Colours and names of the phases come from ChartStyle.hpp.

#include "meridian/experiment/Results.hpp"

class QChart;

namespace meridian::ui::charts {

/// Per-phase total time (s) over the run, one bar per phase in its colour.
QChart* phaseTotalsChart(const experiment::Results& results);
/// Per-centre compute / communication / update / idle time (s) over the run, stacked.
QChart* centreBreakdownChart(const experiment::Results& results);

} // namespace meridian::ui::charts
