#pragma once
// The "Background traffic" section of a run report (docs/reports.md, docs/traffic.md §5):
// per generator its kind, protocol, offered and carried throughput, flows and completion
// times; per link that carried background bytes the experiment's own and the background's.
// Empty for a run without generators. Report.cpp places it.

#include "meridian/experiment/Results.hpp"

#include <QString>

namespace meridian::ui::report {

QString trafficSection(const experiment::Results& results);

} // namespace meridian::ui::report
