#pragma once
// The status bar's pieces about the run in progress (docs/gui.md, "Running"): a short line —
// the phase and its iteration (numbered from 0, as in every table, the CSV files and the CLI),
// simulated time, and the bytes the phase has moved of all it moves (or, for a phase that
// moves none, how long it has run) — its tooltip with the details, and the text of the
// progress bar, which shows the phase's fraction ("broadcast 37 %").

#include <QString>

namespace meridian::ui {

struct LiveRun;

QString liveStatusText(const LiveRun& live);
QString liveStatusToolTip(const LiveRun& live);
/// The progress bar's text: the phase's display name and its fraction ("%p" for QProgressBar).
QString liveProgressFormat(const LiveRun& live);

} // namespace meridian::ui
