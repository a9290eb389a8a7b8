#pragma once
// The status bar's line about the run in progress (docs/gui.md, "Running"): the phase and
// its iteration (numbered from 0, as in every table, the CSV files and the CLI), simulated
// time, and inside a phase how long it has run and the link traffic it has carried so far,
// which keeps moving during a long broadcast while the progress bar counts whole phases.

#include <QString>

namespace meridian::ui {

struct LiveRun;

QString liveStatusText(const LiveRun& live);

} // namespace meridian::ui
