#pragma once
// File ▸ Examples: every project of the presets folder (workload::presetsDir(): the installed
// share/meridian/presets, else the source tree's presets/), each under a readable, translated
// title. The titles of the shipped presets are a table here (presets/README.md describes the
// same files); a .topo the table does not know — one a user dropped into the folder — is
// listed under its project name, else its file name, after the known ones. A test keeps the
// table and the folder in step.

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <functional>

class QMenu;

namespace meridian::ui {

class ExamplesMenu
{
    Q_DECLARE_TR_FUNCTIONS(ExamplesMenu)

public:
    struct Example
    {
        QString path;       ///< absolute path of the .topo
        QString title;      ///< translated title (or the project name, or the file name)
        bool known = false; ///< whether `title` comes from the table of shipped presets
    };

    /// The .topo files of `folder` (default: the presets folder), known presets first in the
    /// table's order, then the others by file name.
    static QList<Example> examples(const QString& folder = presetsFolder());
    /// The file names (e.g. "failover-wan.topo") the table gives a title.
    static QStringList knownFiles();
    /// The presets folder as a QString.
    static QString presetsFolder();
    /// Clears `menu` and fills it with one action per example (tool tip: the path), each
    /// calling `open(path)`; the menu is disabled when there is none.
    static void populate(QMenu* menu, const std::function<void(const QString&)>& open,
                         const QString& folder = presetsFolder());
};

} // namespace meridian::ui
