#pragma once
// The automatic layouts of the main window (docs/gui.md "Generators, import and layouts"):
// force-directed, spring (Kamada–Kawai) and geographic. start() runs one on a worker thread
// (LayoutJob) with a copy of the document's topology and returns at once; a modeless progress
// dialog offers Cancel. The result is applied as ONE undo step when it arrives, unless the
// drawing was edited meanwhile: then it is discarded (the dialog says so up front, the status
// bar when it happens). One layout runs at a time; its menu actions are disabled meanwhile.

#include "ui/LayoutJob.hpp"

#include <QList>
#include <QMetaObject>
#include <QObject>
#include <QString>
#include <functional>

class QAction;
class QMainWindow;
class QProgressDialog;
class QTimer;

namespace meridian::ui {

class CanvasView;
class Document;

class LayoutController : public QObject
{
    Q_OBJECT
public:
    enum class Kind
    {
        Force,
        Spring,
        Geographic
    };
    struct Parts
    {
        /// Parent of the progress dialog; its status bar shows how a layout ended.
        QMainWindow* window = nullptr;
        Document* doc = nullptr;
        /// Fitted to the drawing once a layout is applied.
        CanvasView* view = nullptr;
        /// Shows an error (the window's injectable reporter).
        std::function<void(const QString&, const QString&)> reportError;
        /// The layout actions: disabled while a layout runs.
        QList<QAction*> actions;
    };

    explicit LayoutController(Parts parts);

    /// Starts a layout of the document (nothing while one runs or for an empty drawing); a
    /// spring layout of a too large component, or a geographic one without coordinates, is
    /// refused with an error instead.
    void start(Kind kind);
    bool isRunning() const;
    /// Runs the event loop until the running layout (if any) has finished. Returns true if
    /// the last layout was applied to the document.
    bool wait();

private:
    /// The computation of `kind` for `topo`; empty (after reporting why) when it is refused.
    LayoutJob::Compute compute(Kind kind, const topology::Topology& topo);
    LayoutJob::Compute springCompute(const topology::Topology& topo);
    /// Any edit while the worker runs makes its result stale: every edit goes through the
    /// undo stack (index changes), and load/new/recover reset the topology.
    void watchEdits();
    void createProgressDialog();
    void showProgress(Kind kind, qulonglong nodes);
    void finish();
    /// Pushes the result as one undo step; false when no node moved.
    bool apply();
    void setActionsEnabled(bool on);
    void showMessage(const QString& text, int timeoutMs = 0);

    Parts m_parts;
    LayoutJob* m_job = nullptr;
    QProgressDialog* m_progress = nullptr;
    QTimer* m_poll = nullptr;
    QString m_name;
    QList<QMetaObject::Connection> m_watch; ///< edits that make the running layout stale
    bool m_stale = false;
    bool m_lastApplied = false;
};

} // namespace meridian::ui
