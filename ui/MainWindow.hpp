#pragma once
// The designer window: palette, canvas, property editor, outline, undo history and minimap
// docks around one Document. File handling (new/open/save/recent/autosave/recovery),
// import/export, generators and layouts live here; every edit goes through the document's
// undo stack.
//
// Dialogs are reached through two injectable functions (error reporter, question asker) so
// that tests drive the window without modal message boxes.

#include <QMainWindow>
#include <QMessageBox>
#include <cstdint>
#include <functional>
#include <map>
#include <string>

class QAction;
class QLabel;
class QMenu;
class QUndoView;

namespace meridian::ui {

class Autosave;
class CanvasView;
class Document;
class MiniMap;
class OutlineView;
class PaletteWidget;
class PropertyEditor;
class TopologyScene;

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
    QAction* action(const QString& name) const;

    void setErrorReporter(ErrorReporter reporter) { m_reportError = std::move(reporter); }
    void setAsker(Asker asker) { m_ask = std::move(asker); }

    // ---- files (return false on failure or when the user cancels) -----------------------
    bool newDocument();
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
    void layoutForceDirected();
    void layoutSpring();
    void layoutGeographic();

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void createActions();
    void createMenus();
    void createDocks();
    void updateTitle();
    void updateStatus();
    void updateUndoEmptyLabel();
    void updateActions();
    void addRecentFile(const QString& path);
    void rebuildRecentMenu();
    void reportError(const QString& title, const QString& text);
    QMessageBox::StandardButton ask(const QString& title, const QString& text,
                                    QMessageBox::StandardButtons buttons);
    QString chooseOpenPath(const QString& title, const QString& filter);
    QString chooseSavePath(const QString& title, const QString& filter, const QString& suffix);
    void showGeneratorDialog();
    QRectF exportRect() const;

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
    QMenu* m_viewMenu = nullptr;
    QHash<QString, QAction*> m_actions;
    QByteArray m_clipboardFallback; ///< when the system clipboard is unavailable (offscreen)
    int m_pasteCount = 0;
    ErrorReporter m_reportError;
    Asker m_ask;
};

} // namespace meridian::ui
