#pragma once
// The Help menu's windows (docs/gui.md, "Help"): the user guide (the shipped docs/*.md,
// embedded under :/docs and shown in a QTextBrowser, links between pages followed), the
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

    /// Opens the guide at `page` (a file of docs/, default gui.md); objectName "userGuide".
    static QDialog* showUserGuide(QWidget* parent, const QString& page = QStringLiteral("gui.md"));
    /// Opens the shortcuts table; objectName "shortcutsDialog".
    static QDialog* showShortcuts(QMainWindow* window);
    /// Opens About; objectName "aboutDialog".
    static QMessageBox* showAbout(QWidget* parent);
};

} // namespace meridian::ui
