#pragma once
// File ▸ Open Recent's list (docs/gui.md, "Files"): one entry per file, however it was
// named when opened or saved ("x.topo", "./x.topo", a symlink), newest first; entries show
// the file name, and where two files share a name, the folder that tells them apart
// ("model.topo — run-a", "model.topo — run-b"); the full path is the tooltip.

#include <QString>
#include <QStringList>

namespace meridian::ui {

struct RecentFiles
{
    static constexpr int kMax = 8;

    /// The one spelling of a file's path: canonical if it exists, else absolute and clean.
    static QString normalised(const QString& path);
    /// `files` with `path` first, each file once, at most kMax.
    static QStringList added(const QStringList& files, const QString& path);
    /// `files` each once (normalised), in order.
    static QStringList distinct(const QStringList& files);
    /// The menu's text for each entry of `files` (distinct), in order.
    static QStringList labels(const QStringList& files);
};

} // namespace meridian::ui
