#pragma once
// Background traffic in the main window (docs/gui.md, "Background traffic"): the Traffic
// dock, the generators drawn on the canvas with View ▸ Show Background Traffic, and the
// canvas's right-click "Add background traffic…" on a link, node or centre, which opens the
// generator editor with endpoints proposed for it (TrafficPrefill.hpp). While a run is
// active the dock is read-only.

#include <QObject>

class QAction;
class QDockWidget;
class QMainWindow;
class QMenu;

namespace meridian::ui {

class CanvasView;
class Document;
class RunController;
class TopologyScene;

namespace traffic {

class TrafficDock;
class TrafficOverlay;

class TrafficWorkbench : public QObject
{
    Q_OBJECT
public:
    /// Adds the dock to `window` (tabbed with the Experiment dock if there is one) and hooks
    /// the canvas's context menu. Call after the other docks exist, before the View menu.
    TrafficWorkbench(QMainWindow* window, Document* doc, TopologyScene* scene, CanvasView* view,
                     RunController* runs);

    /// Puts View ▸ Show Background Traffic after "Snap to Grid" (or at the end).
    void addToViewMenu(QMenu* viewMenu);
    /// Adds "Add background traffic…" to a canvas context menu when exactly one link or one
    /// node is selected (the right-clicked item); returns the action or nullptr.
    QAction* addContextEntry(QMenu* menu);

    TrafficDock* dock() const { return m_dock; }
    TrafficOverlay* overlay() const { return m_overlay; }
    QAction* showAction() const { return m_show; }

private:
    QMainWindow* m_window = nullptr;
    Document* m_doc = nullptr;
    TopologyScene* m_scene = nullptr;
    TrafficDock* m_dock = nullptr;
    QDockWidget* m_dockWidget = nullptr;
    TrafficOverlay* m_overlay = nullptr;
    QAction* m_show = nullptr;
};

} // namespace traffic
} // namespace meridian::ui
