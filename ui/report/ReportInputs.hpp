#pragma once
// The "Inputs" section of a run report (docs/reports.md): the topology as drawn (the figure
// "topology"), its compute centres, the parameters of its first kMaxLinkRows links (a column per
// link attribute some link sets), and, when the project's experiment parses, its settings, its
// collectives and its communicator and transport options. Report.cpp places it.

#include "meridian/experiment/ExperimentSpec.hpp"
#include "meridian/experiment/Results.hpp"
#include "meridian/io/ProjectFile.hpp"
#include "ui/report/ReportFigures.hpp"

#include <QString>
#include <optional>

namespace meridian::ui::report {

/// The section's HTML; `spec` is the project's experiment, none when it has none or it does not
/// parse (the settings tables are then left out). Numbers the topology figure through `figure`.
QString inputsSection(const io::Project& project, const experiment::Results& results,
                      const std::optional<experiment::ExperimentSpec>& spec, FigureList& figure);

} // namespace meridian::ui::report
