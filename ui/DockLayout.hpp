#pragma once
// The arrangement of the main window's docks (docs/gui.md, "Window"): the default layout,
// View ▸ Reset Layout, and the user's own layout saved when the window closes and restored
// when the next one opens (QSettings, with a version so that a layout saved by an older
// Meridian with other docks is ignored rather than half applied).
//
// The default is computed from the window's size so that it works at 1366 × 768 as at
// 1920 × 1080: palette, outline and overview on the left; Properties, Experiment, Traffic and
// History as tabs of one column on the right (full height, so a form is never squeezed below a
// history); Run and Results below the canvas. Minimum sizes keep every dock usable and let
// the separators move.

#include <QByteArray>
#include <QObject>

class QAction;
class QDockWidget;
class QMainWindow;
class QMenu;

namespace meridian::ui {

class DockLayout : public QObject
{
    Q_OBJECT
public:
    /// Bumped whenever docks are added, removed or renamed.
    static constexpr int kVersion = 3;

    /// Adds View ▸ Reset Layout to `viewMenu`; arranges the docks by default or, if the user
    /// has a saved layout of this version, as saved. Call after every dock and toolbar exists.
    DockLayout(QMainWindow* window, QMenu* viewMenu);

    /// The default arrangement for the window's current size, every dock shown.
    void reset();
    /// Writes the window's geometry and dock state to the user's settings.
    void save() const;
    /// Restores a saved layout; false if there is none of this version.
    bool restore();
    /// The dock that shows the selection comes to the front of its tab group.
    void showProperties();
    QAction* resetAction() const { return m_reset; }

private:
    QDockWidget* dock(const char* name) const;

    QMainWindow* m_window = nullptr;
    QAction* m_reset = nullptr;
};

} // namespace meridian::ui
