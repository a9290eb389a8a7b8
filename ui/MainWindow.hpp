#pragma once
// The designer window: palette, canvas, property editor, outline, undo history and minimap
// docks around one Document. File handling (new/open/save/recent/autosave/recovery),
// import/export and generators live here, the automatic layouts in LayoutController and the
// experiment docks in RunWorkbench; every edit goes through the document's undo stack.
//
// Dialogs are reached through two injectable functions (error reporter, question asker) so
// that tests drive the window without modal message boxes.

#include <QMainWindow>
#include <QMessageBox>
#include <cstdint>
#include <exception>
#include <functional>
#include <map>
#include <string>

class QAction;
class QKeySequence;
class QLabel;
class QMenu;
class QUndoView;

namespace meridian::topology {
class Topology;
}

namespace meridian::ui {

class Autosave;
class CanvasView;
class DockLayout;
class Document;
class LayoutController;
class PasteCommand;
class MiniMap;
class PastePosition;
class OutlineView;
class PaletteWidget;
class PropertyEditor;
class RunWorkbench;
class TopologyScene;
namespace traffic {
class TrafficWorkbench;
}

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    using ErrorReporter = std::function<void(const QString& title, const QString& text)>;
    using Asker = std::function<QMessageBox::StandardButton(
        const QString& title, const QString& text, QMessageBox::StandardButtons buttons)>;

    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    Document* document() const { return m_doc; }
    TopologyScene* scene() const { return m_scene; }
    CanvasView* canvas() const { return m_view; }
    PaletteWidget* palette() const { return m_palette; }
    PropertyEditor* propertyEditor() const { return m_properties; }
    OutlineView* outline() const { return m_outline; }
    Autosave* autosave() const { return m_autosave; }
    /// The experiment docks, Run menu and exports (ui/run/RunWorkbench.hpp).
    RunWorkbench* runs() const { return m_runs; }
    /// The Traffic dock, the generators on the canvas (ui/traffic/TrafficWorkbench.hpp).
    traffic::TrafficWorkbench* traffic() const { return m_traffic; }
    /// The docks' arrangement: default, View ▸ Reset Layout, saved per user.
    DockLayout* dockLayout() const { return m_dockLayout; }
    /// While a run is active: no edit of the drawing (canvas, palette, properties, undo,
    /// new/open/import, generators, layouts); viewing, zooming and saving still work.
    void setEditingLocked(bool on);
    bool editingLocked() const { return m_editingLocked; }
    QAction* action(const QString& name) const;

    void setErrorReporter(ErrorReporter reporter) { m_reportError = std::move(reporter); }
    void setAsker(Asker asker) { m_ask = std::move(asker); }

    // ---- files (return false on failure or when the user cancels) -----------------------
    bool newDocument();
    /// File ▸ Close: asks to save unsaved changes, then leaves an empty, untitled canvas;
    /// false when the user cancelled.
    bool closeDocument();
    bool openFile(const QString& path);
    bool save();
    bool saveAs(const QString& path);
    /// Asks to save unsaved changes; false = the user cancelled.
    bool maybeSave();
    /// If a recovery file exists, asks whether to restore it (through the asker).
    bool offerRecovery();
    bool importGraphml(const QString& path);
    bool exportPng(const QString& path);
    bool exportSvg(const QString& path);
    /// Fits the drawing, renders the whole window (QWidget::grab) to a PNG.
    bool screenshot(const QString& path);
    QStringList recentFiles() const;

    // ---- editing ---------------------------------------------------------------------------
    void copySelection();
    void cutSelection();
    void paste();
    void duplicateSelection();
    /// Runs a generator into the document (replace or add), as the dialog's OK does.
    bool applyGenerator(const QString& kind, const std::map<std::string, std::string>& options,
                        std::uint64_t seed, bool replace);
    // ---- automatic layouts -----------------------------------------------------------------
    // Each starts the layout on a worker thread and returns at once (ui/LayoutController.hpp:
    // progress, Cancel, one undo step, a stale result discarded).
    void layoutForceDirected();
    void layoutSpring();
    void layoutGeographic();
    bool layoutRunning() const;
    /// Runs the event loop until the running layout (if any) has finished. Returns true if
    /// the last layout was applied to the document.
    bool waitForLayout();
    /// Whether topo has two or more top-level nodes, all at one position (a file without
    /// "pos"): opening such a file lays it out.
    static bool stackedOnOnePoint(const topology::Topology& topo);

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    /// Adds `topology` to the right of the current drawing (`gap` scene units away), with
    /// fresh ids where they collide, as one undo step; false if it could not be merged.
    /// Pushes a paste (nothing if null) and selects the pasted nodes.
    void pushPasteAndSelect(PasteCommand* cmd);
    bool pasteBeside(topology::Topology topology, double gap, const QString& undoText);
    void createActions();
    void createFileActions();
    void createEditActions();
    void createViewActions();
    void createToolActions();
    void createHelpActions();
    void createHelpMenu();
    /// A named action (`m_actions`, objectName = name) whose triggered() calls `slot`.
    template <class Slot>
    QAction* makeAction(const QString& name, const QString& text, const QKeySequence& key,
                        Slot slot, const QString& icon = {});
    void createMenus();
    void createToolBar();
    void createDocks();
    /// The layout controller, given the layout actions (after createActions).
    void createLayouts();
    /// The experiment docks (after createDocks: they go beside the designer's).
    void createRunWorkbench();
    void createStatusBar();
    void connectSignals();
    void updateTitle();
    void updateStatus();
    void updateUndoEmptyLabel();
    void updateActions();
    void addRecentFile(const QString& path);
    void rebuildRecentMenu();
    void reportError(const QString& title, const QString& text);
    /// An error for a message box: an InputError's file, place and problem on separate lines.
    static QString errorText(const std::exception& e);
    static const char* const kTopoFilter; ///< the open/save dialogs' filter (translatable)
    /// Writes an encoded export atomically; false (and the reason reported) if it failed.
    bool writeExport(const QString& path, const QByteArray& bytes);
    QMessageBox::StandardButton ask(const QString& title, const QString& text,
                                    QMessageBox::StandardButtons buttons);
    QString chooseOpenPath(const QString& title, const QString& filter);
    QString chooseSavePath(const QString& title, const QString& filter, const QString& suffix);
    QString chooseFolder(const QString& title);
    /// After a file dialog: the window active again and the canvas focused, so that window
    /// shortcuts (F5) and canvas keys work without a click.
    void returnFocusToCanvas();
    /// "Exported PATH" in the status bar, after every export that was written.
    void confirmExport(const QString& path);
    void showGeneratorDialog();
    QRectF exportRect() const;
    void pasteData(const QByteArray& data, const QString& text, int& repeatCount);

    Document* m_doc = nullptr;
    TopologyScene* m_scene = nullptr;
    CanvasView* m_view = nullptr;
    PaletteWidget* m_palette = nullptr;
    PropertyEditor* m_properties = nullptr;
    OutlineView* m_outline = nullptr;
    QUndoView* m_undoView = nullptr;
    MiniMap* m_minimap = nullptr;
    Autosave* m_autosave = nullptr;
    QLabel* m_countsLabel = nullptr;
    QLabel* m_zoomLabel = nullptr;
    QLabel* m_modeLabel = nullptr;
    QMenu* m_recentMenu = nullptr;
    QMenu* m_examplesMenu = nullptr; ///< File ▸ Examples (ui/ExamplesMenu.hpp)
    QMenu* m_fileMenu = nullptr;
    RunWorkbench* m_runs = nullptr;
    traffic::TrafficWorkbench* m_traffic = nullptr;
    DockLayout* m_dockLayout = nullptr;
    bool m_editingLocked = false;
    QMenu* m_viewMenu = nullptr;
    QHash<QString, QAction*> m_actions;
    QByteArray m_clipboardFallback; ///< when the system clipboard is unavailable (offscreen)
    int m_pasteCount = 0;
    PastePosition* m_pastePosition = nullptr;
    QPointF m_lastPasteTarget{qQNaN(), qQNaN()}; ///< scene point of the last paste at the mouse
    LayoutController* m_layouts = nullptr;
    ErrorReporter m_reportError;
    Asker m_ask;
};

} // namespace meridian::ui
