#pragma once
// The Help menu's windows (docs/gui.md, "Help"): the user guide (docs/user-guide.md in the
// interface language, read from the docs folder on disk with its pictures, else from the
// copy of docs/*.md embedded under :/docs; shown in a QTextBrowser, links between pages
// followed), the
// keyboard shortcuts read from the window's own menus (so the list is the actions' real
// shortcuts), and About with the CMake project version. Each window is non-modal, deletes
// itself on close and has an objectName, so tests find and close it.

#include <QCoreApplication>
#include <QList>
#include <QString>

class QDialog;
class QMainWindow;
class QMessageBox;
class QWidget;

namespace meridian::ui {

class HelpDialogs
{
    Q_DECLARE_TR_FUNCTIONS(HelpDialogs)

public:
    struct ShortcutRow
    {
        QString menu;     ///< "File", "Run", … or "Canvas" for gestures without an action
        QString action;   ///< the action's text without mnemonics
        QString shortcut; ///< every key sequence, native text, ", "-separated
    };

    /// The project version (CMake's PROJECT_VERSION, e.g. "0.1.0").
    static QString version();
    /// Every menu action of `window` with a shortcut, in menu order, then the canvas gestures.
    static QList<ShortcutRow> shortcutRows(const QMainWindow* window);

    /// The user guide's page in the interface language: docs/user-guide.md, or its
    /// translation named by the translation file (zh_CN: user-guide.zh_CN.md).
    static QString userGuidePage();
    /// The docs folder on disk that holds `page`, or "" when there is none: $MERIDIAN_DOCS_DIR,
    /// then the installed <executable dir>/../share/doc/meridian, then the source tree's docs/
    /// (a build). Pages open from there with their pictures; without it (the package's docs
    /// left out by dpkg's path-exclude, Debian policy 12.3) from the copy embedded under :/docs,
    /// text only.
    static QString docsFolder(const QString& page);
    /// Opens the guide at `page` (a file of docs/, default userGuidePage()); objectName
    /// "userGuide".
    static QDialog* showUserGuide(QWidget* parent, const QString& page = userGuidePage());
    /// Opens the shortcuts table; objectName "shortcutsDialog".
    static QDialog* showShortcuts(QMainWindow* window);
    /// Opens About; objectName "aboutDialog".
    static QMessageBox* showAbout(QWidget* parent);
};

} // namespace meridian::ui
