#pragma once
// The solver's figure (docs/strategies.md, "The solver"): the figure over the axis at every
// point the solver ran — the sweep's one-axis line plot (ui/sweep/SweepPlots.hpp) —, the target
// as a dashed horizontal line and the answer as a vertical line with its value (or, when there
// is none, the reason in the heading). Drawn by `meridian-cli solve --plot` and the Solve
// dialog with this one code.

#include "app/sweep/SweepSolver.hpp"

#include <QString>

class QCustomPlot;

namespace meridian::ui {

/// Draws into `plot` (a QCustomPlot as constructed). `table` and `spec` are the evaluated
/// points as a one-axis sweep in value order (sweep::RunEvaluator::table() and tableSpec()).
void drawSolvePlot(QCustomPlot* plot, const sweep::Table& table, const sweep::SweepSpec& spec,
                   const sweep::SolveRequest& request, const sweep::SolveResult& result,
                   const QString& heading);

} // namespace meridian::ui
