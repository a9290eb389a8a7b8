#include "ui/MainWindow.hpp"

#include "meridian/core/Error.hpp"
#include "meridian/io/GraphmlImport.hpp"
#include "meridian/io/ProjectFile.hpp"
#include "meridian/topology/AutoLayout.hpp"
#include "meridian/topology/Generators.hpp"
#include "ui/Autosave.hpp"
#include "ui/CanvasView.hpp"
#include "ui/Clipboard.hpp"
#include "ui/Document.hpp"
#include "ui/GeneratorDialog.hpp"
#include "ui/LayoutController.hpp"
#include "ui/LinkItem.hpp"
#include "ui/MiniMap.hpp"
#include "ui/NodeItem.hpp"
#include "ui/NodeStyle.hpp"
#include "ui/OutlineView.hpp"
#include "ui/PaletteWidget.hpp"
#include "ui/PastePosition.hpp"
#include "ui/PropertyEditor.hpp"
#include "ui/TopologyScene.hpp"
#include "ui/commands/PasteCommand.hpp"
#include "ui/commands/ReplaceTopologyCommand.hpp"
#include "ui/run/RunWorkbench.hpp"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QBuffer>
#include <QClipboard>
#include <QCloseEvent>
#include <QDateTime>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QGraphicsItem>
#include <QImage>
#include <QLabel>
#include <QMenuBar>
#include <QMimeData>
#include <QPainter>
#include <QSettings>
#include <QStatusBar>
#include <QSvgGenerator>
#include <QToolBar>
#include <QToolButton>
#include <QUndoStack>
#include <QUndoView>
#include <array>

namespace meridian::ui {

namespace {
constexpr int kMaxRecent = 8;
const char* kTopoFilter = QT_TRANSLATE_NOOP("MainWindow", "Meridian topology (*.topo)");

QString errorText(const std::exception& e)
{
    // InputError::what() reads "FILE: LOCATION: PROBLEM"; show it on separate lines.
    if (const auto* ie = dynamic_cast<const InputError*>(&e)) {
        QStringList lines;
        if (!ie->file().empty())
            lines << QCoreApplication::translate("MainWindow", "File: %1")
                         .arg(QString::fromStdString(ie->file()));
        if (!ie->location().empty())
            lines << QCoreApplication::translate("MainWindow", "Where: %1")
                         .arg(QString::fromStdString(ie->location()));
        lines << QCoreApplication::translate("MainWindow", "Problem: %1")
                     .arg(QString::fromStdString(ie->problem()));
        return lines.join(QLatin1Char('\n'));
    }
    return QString::fromUtf8(e.what());
}
/// For the duration of an export: no selection highlight, no editing grid, and items paint
/// directly (NoCache) so that SVG gets vectors instead of each node's cached bitmap. The
/// scene is restored exactly as it was afterwards.
class ExportScope
{
public:
    explicit ExportScope(TopologyScene* scene) : m_scene(scene), m_block(scene)
    {
        m_selection = scene->selectedItems();
        for (QGraphicsItem* i : std::as_const(m_selection))
            i->setSelected(false);
        const QList<QGraphicsItem*> all = scene->items();
        m_cache.reserve(all.size());
        for (QGraphicsItem* i : all) {
            m_cache.append({i, i->cacheMode()});
            if (i->cacheMode() != QGraphicsItem::NoCache)
                i->setCacheMode(QGraphicsItem::NoCache);
        }
        m_grid = scene->gridVisible();
        scene->setGridVisible(false);
    }
    ~ExportScope()
    {
        m_scene->setGridVisible(m_grid);
        for (const auto& [item, mode] : std::as_const(m_cache))
            if (item->cacheMode() != mode)
                item->setCacheMode(mode);
        for (QGraphicsItem* i : std::as_const(m_selection))
            i->setSelected(true);
    }
    ExportScope(const ExportScope&) = delete;
    ExportScope& operator=(const ExportScope&) = delete;

private:
    TopologyScene* m_scene;
    QSignalBlocker m_block;
    QList<QGraphicsItem*> m_selection;
    QList<QPair<QGraphicsItem*, QGraphicsItem::CacheMode>> m_cache;
    bool m_grid = true;
};

} // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent)
{
    setWindowIcon(QIcon(QStringLiteral(":/icons/meridian.svg")));
    m_doc = new Document(this);
    m_scene = new TopologyScene(m_doc, this);
    m_view = new CanvasView(m_scene, this);
    setCentralWidget(m_view);
    m_autosave = new Autosave(m_doc, this);
    m_pastePosition = new PastePosition(m_view, this);

    createActions();
    createLayouts();
    createDocks();
    createRunWorkbench();
    createMenus();
    m_runs->createMenus(m_fileMenu);
    createStatusBar();
    connectSignals();

    resize(1360, 860);
    updateTitle();
    updateStatus();
    updateActions();
    rebuildRecentMenu();
    // A new drawing starts at 100 % around the origin; files are fitted when opened.
    m_view->showOrigin();
}

void MainWindow::createLayouts()
{
    LayoutController::Parts parts;
    parts.window = this;
    parts.doc = m_doc;
    parts.view = m_view;
    parts.reportError = [this](const QString& t, const QString& x) { reportError(t, x); };
    for (const char* n : {"layout.force", "layout.spring", "layout.geo"})
        parts.actions << m_actions.value(QLatin1String(n));
    m_layouts = new LayoutController(std::move(parts));
}

void MainWindow::createRunWorkbench()
{
    RunWorkbench::Parts parts;
    parts.window = this;
    parts.doc = m_doc;
    parts.scene = m_scene;
    parts.view = m_view;
    parts.lockEditing = [this](bool on) { setEditingLocked(on); };
    parts.reportError = [this](const QString& t, const QString& x) { reportError(t, x); };
    parts.chooseSavePath = [this](const QString& t, const QString& f, const QString& s) {
        return chooseSavePath(t, f, s);
    };
    parts.chooseFolder = [this](const QString& t) { return chooseFolder(t); };
    m_runs = new RunWorkbench(std::move(parts));
    m_runs->createDocks();
}

void MainWindow::createStatusBar()
{
    m_countsLabel = new QLabel;
    m_modeLabel = new QLabel;
    m_zoomLabel = new QLabel;
    m_zoomLabel->setMinimumWidth(70);
    m_zoomLabel->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    statusBar()->addPermanentWidget(m_modeLabel, 1);
    statusBar()->addPermanentWidget(m_countsLabel);
    statusBar()->addPermanentWidget(m_zoomLabel);
}

void MainWindow::connectSignals()
{
    connect(m_doc, &Document::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_doc, &Document::filePathChanged, this, &MainWindow::updateTitle);
    connect(m_doc, &Document::filePathChanged, this, &MainWindow::updateUndoEmptyLabel);
    connect(m_scene, &TopologyScene::contentChanged, this, &MainWindow::updateStatus);
    connect(m_scene, &QGraphicsScene::selectionChanged, this, &MainWindow::updateActions);
    connect(m_scene, &TopologyScene::modeChanged, this, [this] {
        m_actions.value(QStringLiteral("tool.link"))
            ->setChecked(m_scene->mode() == TopologyScene::Mode::Link);
        m_actions.value(QStringLiteral("tool.select"))
            ->setChecked(m_scene->mode() == TopologyScene::Mode::Select);
        updateStatus();
    });
    connect(m_view, &CanvasView::zoomChanged, this, &MainWindow::updateStatus);
    connect(m_outline, &OutlineView::itemActivatedById, this,
            [this](const QString& kind, const QString& id) {
                if (kind == QLatin1String("node")) {
                    m_scene->selectIds({id.toStdString()}, {});
                    if (NodeItem* n = m_scene->nodeItem(id))
                        m_view->centerOn(n);
                } else {
                    m_scene->selectIds({}, {id.toStdString()});
                    if (LinkItem* l = m_scene->linkItem(id))
                        m_view->centerOn(l->boundingRect().center());
                }
            });
}

MainWindow::~MainWindow()
{
    // Children are destroyed in creation order: silence the scene and the document first so
    // that item teardown does not call back into docks that are half destroyed.
    m_scene->blockSignals(true);
    m_doc->blockSignals(true);
    m_doc->undoStack()->blockSignals(true);
}

QAction* MainWindow::action(const QString& name) const
{
    return m_actions.value(name);
}

template <class Slot>
QAction* MainWindow::makeAction(const QString& name, const QString& text, const QKeySequence& key,
                                Slot slot, const QString& icon)
{
    auto* a = new QAction(text, this);
    if (!key.isEmpty())
        a->setShortcut(key);
    if (!icon.isEmpty())
        a->setIcon(QIcon(icon));
    a->setObjectName(name);
    connect(a, &QAction::triggered, this, slot);
    m_actions.insert(name, a);
    return a;
}

void MainWindow::createActions()
{
    createFileActions();
    createEditActions();
    createViewActions();
    createToolActions();
    for (QAction* a : std::as_const(m_actions))
        addAction(a); // shortcuts work whichever widget has focus
}

void MainWindow::createFileActions()
{
    makeAction(QStringLiteral("file.new"), tr("&New"), QKeySequence::New,
               [this] { newDocument(); });
    makeAction(QStringLiteral("file.open"), tr("&Open…"), QKeySequence::Open, [this] {
        if (!maybeSave())
            return;
        const QString p = chooseOpenPath(tr("Open topology"), tr(kTopoFilter));
        if (!p.isEmpty())
            openFile(p);
    });
    makeAction(QStringLiteral("file.save"), tr("&Save"), QKeySequence::Save, [this] { save(); });
    makeAction(QStringLiteral("file.saveAs"), tr("Save &As…"), QKeySequence::SaveAs, [this] {
        const QString p =
            chooseSavePath(tr("Save topology"), tr(kTopoFilter), QStringLiteral("topo"));
        if (!p.isEmpty())
            saveAs(p);
    });
    makeAction(QStringLiteral("file.import"), tr("&Import GraphML…"), QKeySequence(tr("Ctrl+I")),
               [this] {
                   const QString p = chooseOpenPath(tr("Import GraphML (Topology Zoo)"),
                                                    tr("GraphML (*.graphml *.xml)"));
                   if (!p.isEmpty())
                       importGraphml(p);
               });
    makeAction(QStringLiteral("file.exportPng"), tr("Export as &PNG…"), QKeySequence(), [this] {
        const QString p =
            chooseSavePath(tr("Export PNG"), tr("PNG image (*.png)"), QStringLiteral("png"));
        if (!p.isEmpty())
            exportPng(p);
    });
    makeAction(QStringLiteral("file.exportSvg"), tr("Export as S&VG…"), QKeySequence(), [this] {
        const QString p =
            chooseSavePath(tr("Export SVG"), tr("SVG image (*.svg)"), QStringLiteral("svg"));
        if (!p.isEmpty())
            exportSvg(p);
    });
    makeAction(QStringLiteral("file.quit"), tr("&Quit"), QKeySequence::Quit, [this] { close(); });
}

void MainWindow::createEditActions()
{
    QAction* undo = m_doc->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    m_actions.insert(QStringLiteral("edit.undo"), undo);
    QAction* redo = m_doc->undoStack()->createRedoAction(this, tr("&Redo"));
    // The platform Redo key (Ctrl+Y on Windows, Ctrl+Shift+Z elsewhere) and both explicit
    // spellings, so either habit works everywhere.
    QList<QKeySequence> redoKeys = QKeySequence::keyBindings(QKeySequence::Redo);
    for (const QKeySequence& k : {QKeySequence(tr("Ctrl+Y")), QKeySequence(tr("Ctrl+Shift+Z"))})
        if (!redoKeys.contains(k))
            redoKeys << k;
    redo->setShortcuts(redoKeys);
    m_actions.insert(QStringLiteral("edit.redo"), redo);
    makeAction(QStringLiteral("edit.cut"), tr("Cu&t"), QKeySequence::Cut,
               [this] { cutSelection(); });
    makeAction(QStringLiteral("edit.copy"), tr("&Copy"), QKeySequence::Copy,
               [this] { copySelection(); });
    makeAction(QStringLiteral("edit.paste"), tr("&Paste"), QKeySequence::Paste,
               [this] { paste(); });
    makeAction(QStringLiteral("edit.duplicate"), tr("D&uplicate"), QKeySequence(tr("Ctrl+D")),
               [this] { duplicateSelection(); });
    makeAction(QStringLiteral("edit.delete"), tr("&Delete"), QKeySequence::Delete,
               [this] { m_scene->deleteSelection(); });
    m_actions.value(QStringLiteral("edit.delete"))
        ->setShortcuts({QKeySequence::Delete, QKeySequence(Qt::Key_Backspace)});
    makeAction(QStringLiteral("edit.selectAll"), tr("Select &All"), QKeySequence::SelectAll,
               [this] { m_scene->selectAllVisible(); });
    makeAction(QStringLiteral("edit.collapse"), tr("Collapse / &Expand Centre"),
               QKeySequence(tr("Ctrl+E")), [this] {
                   for (const auto& id : m_scene->selectedNodeIds())
                       if (m_scene->canCollapse(id))
                           m_scene->toggleCollapsed(id);
               });
}

void MainWindow::createViewActions()
{
    makeAction(
        QStringLiteral("view.zoomIn"), tr("Zoom &In"), QKeySequence::ZoomIn,
        [this] { m_view->zoomBy(1.25); }, QStringLiteral(":/icons/zoom-in.svg"));
    makeAction(
        QStringLiteral("view.zoomOut"), tr("Zoom &Out"), QKeySequence::ZoomOut,
        [this] { m_view->zoomBy(1 / 1.25); }, QStringLiteral(":/icons/zoom-out.svg"));
    makeAction(QStringLiteral("view.zoomReset"), tr("&Actual Size"), QKeySequence(tr("Ctrl+0")),
               [this] { m_view->setZoom(1.0); });
    makeAction(
        QStringLiteral("view.fit"), tr("&Fit to View"), QKeySequence(tr("Ctrl+1")),
        [this] { m_view->fitAll(); }, QStringLiteral(":/icons/fit.svg"));
    auto* grid = makeAction(
        QStringLiteral("view.grid"), tr("Show &Grid"), QKeySequence(tr("Ctrl+G")),
        [this](bool on) { m_scene->setGridVisible(on); }, QStringLiteral(":/icons/grid.svg"));
    grid->setCheckable(true);
    grid->setChecked(true);
    auto* snap = makeAction(QStringLiteral("view.snap"), tr("&Snap to Grid"), QKeySequence(),
                            [this](bool on) { m_scene->setSnapToGrid(on); });
    snap->setCheckable(true);
    snap->setChecked(true);

    auto* tools = new QActionGroup(this);
    auto* select = makeAction(
        QStringLiteral("tool.select"), tr("&Select"), QKeySequence(tr("S")),
        [this] { m_scene->setMode(TopologyScene::Mode::Select); },
        QStringLiteral(":/icons/select.svg"));
    auto* link = makeAction(
        QStringLiteral("tool.link"), tr("&Link Tool"), QKeySequence(tr("L")),
        [this] { m_scene->setMode(TopologyScene::Mode::Link); },
        QStringLiteral(":/icons/link.svg"));
    select->setCheckable(true);
    link->setCheckable(true);
    select->setChecked(true);
    tools->addAction(select);
    tools->addAction(link);
    link->setToolTip(
        tr("Link tool (L): drag from one node to another. Shift+drag works in any tool."));
}

void MainWindow::createToolActions()
{
    makeAction(QStringLiteral("tools.generate"), tr("&Generate Topology…"),
               QKeySequence(tr("Ctrl+Shift+G")), [this] { showGeneratorDialog(); });
    makeAction(QStringLiteral("layout.force"), tr("&Force-Directed Layout"), QKeySequence(),
               [this] { layoutForceDirected(); });
    makeAction(QStringLiteral("layout.spring"), tr("&Spring Layout (Kamada–Kawai)"), QKeySequence(),
               [this] { layoutSpring(); });
    makeAction(QStringLiteral("layout.geo"), tr("&Geographic Layout"), QKeySequence(),
               [this] { layoutGeographic(); });
}

bool MainWindow::pasteBeside(topology::Topology topology, double gap, const QString& undoText)
{
    io::Project sub;
    sub.topology = std::move(topology);
    const QRectF current = m_scene->itemsBoundingRect();
    auto* cmd = Clipboard::makePaste(*m_doc, QByteArray::fromStdString(io::serializeProject(sub)),
                                     QPointF(current.right() + gap, current.top()), undoText);
    if (!cmd)
        return false;
    m_doc->undoStack()->push(cmd);
    return true;
}

void MainWindow::createDocks()
{
    setDockNestingEnabled(true);
    const auto dock = [this](const QString& name, const QString& title, QWidget* w,
                             Qt::DockWidgetArea area) {
        auto* d = new QDockWidget(title, this);
        d->setObjectName(name);
        d->setWidget(w);
        addDockWidget(area, d);
        return d;
    };
    m_palette = new PaletteWidget;
    auto* paletteDock =
        dock(QStringLiteral("paletteDock"), tr("Palette"), m_palette, Qt::LeftDockWidgetArea);
    m_outline = new OutlineView(m_doc);
    auto* outlineDock =
        dock(QStringLiteral("outlineDock"), tr("Outline"), m_outline, Qt::LeftDockWidgetArea);
    m_minimap = new MiniMap(m_view);
    auto* mapDock =
        dock(QStringLiteral("minimapDock"), tr("Overview"), m_minimap, Qt::LeftDockWidgetArea);
    m_properties = new PropertyEditor(m_doc, m_scene);
    auto* propDock = dock(QStringLiteral("propertiesDock"), tr("Properties"), m_properties,
                          Qt::RightDockWidgetArea);
    m_undoView = new QUndoView(m_doc->undoStack());
    updateUndoEmptyLabel();
    auto* undoDock =
        dock(QStringLiteral("historyDock"), tr("History"), m_undoView, Qt::RightDockWidgetArea);
    splitDockWidget(propDock, undoDock, Qt::Vertical);
    resizeDocks({paletteDock, outlineDock, mapDock}, {230, 330, 170}, Qt::Vertical);
    resizeDocks({paletteDock}, {210}, Qt::Horizontal);
    resizeDocks({propDock}, {330}, Qt::Horizontal);
    resizeDocks({propDock, undoDock}, {560, 200}, Qt::Vertical);
    m_palette->setMinimumHeight(5 * 42);

    m_view->setContextActions({m_actions.value(QStringLiteral("edit.cut")),
                               m_actions.value(QStringLiteral("edit.copy")),
                               m_actions.value(QStringLiteral("edit.paste")),
                               m_actions.value(QStringLiteral("edit.duplicate")),
                               m_actions.value(QStringLiteral("edit.delete")), nullptr,
                               m_actions.value(QStringLiteral("edit.collapse")), nullptr,
                               m_actions.value(QStringLiteral("view.fit"))});
}

void MainWindow::createMenus()
{
    auto* file = menuBar()->addMenu(tr("&File"));
    m_fileMenu = file;
    for (const char* n : {"file.new", "file.open"})
        file->addAction(m_actions.value(QLatin1String(n)));
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    file->addSeparator();
    for (const char* n : {"file.save", "file.saveAs"})
        file->addAction(m_actions.value(QLatin1String(n)));
    file->addSeparator();
    file->addAction(m_actions.value(QStringLiteral("file.import")));
    file->addAction(m_actions.value(QStringLiteral("file.exportPng")));
    file->addAction(m_actions.value(QStringLiteral("file.exportSvg")));
    file->addSeparator();
    file->addAction(m_actions.value(QStringLiteral("file.quit")));

    auto* edit = menuBar()->addMenu(tr("&Edit"));
    for (const char* n : {"edit.undo", "edit.redo", "", "edit.cut", "edit.copy", "edit.paste",
                          "edit.duplicate", "edit.delete", "", "edit.selectAll", "edit.collapse"}) {
        if (*n)
            edit->addAction(m_actions.value(QLatin1String(n)));
        else
            edit->addSeparator();
    }
    m_viewMenu = menuBar()->addMenu(tr("&View"));
    for (const char* n : {"view.zoomIn", "view.zoomOut", "view.zoomReset", "view.fit", "",
                          "view.grid", "view.snap", ""}) {
        if (*n)
            m_viewMenu->addAction(m_actions.value(QLatin1String(n)));
        else
            m_viewMenu->addSeparator();
    }
    for (QDockWidget* d : findChildren<QDockWidget*>())
        m_viewMenu->addAction(d->toggleViewAction());

    auto* tools = menuBar()->addMenu(tr("&Tools"));
    tools->addAction(m_actions.value(QStringLiteral("tool.select")));
    tools->addAction(m_actions.value(QStringLiteral("tool.link")));
    tools->addSeparator();
    tools->addAction(m_actions.value(QStringLiteral("tools.generate")));
    auto* layout = tools->addMenu(tr("&Layout"));
    layout->addAction(m_actions.value(QStringLiteral("layout.force")));
    layout->addAction(m_actions.value(QStringLiteral("layout.spring")));
    layout->addAction(m_actions.value(QStringLiteral("layout.geo")));
    createToolBar();
}

void MainWindow::createToolBar()
{
    auto* bar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->setIconSize(QSize(22, 22));
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_actions.value(QStringLiteral("file.new"))
        ->setIcon(style()->standardIcon(QStyle::SP_FileIcon));
    m_actions.value(QStringLiteral("file.open"))
        ->setIcon(style()->standardIcon(QStyle::SP_DirOpenIcon));
    m_actions.value(QStringLiteral("file.save"))
        ->setIcon(style()->standardIcon(QStyle::SP_DialogSaveButton));
    m_actions.value(QStringLiteral("edit.undo"))
        ->setIcon(style()->standardIcon(QStyle::SP_ArrowBack));
    m_actions.value(QStringLiteral("edit.redo"))
        ->setIcon(style()->standardIcon(QStyle::SP_ArrowForward));
    for (const char* n :
         {"file.new", "file.open", "file.save", "", "edit.undo", "edit.redo", "", "tool.select",
          "tool.link", "", "view.zoomIn", "view.zoomOut", "view.fit", "view.grid"}) {
        if (*n)
            bar->addAction(m_actions.value(QLatin1String(n)));
        else
            bar->addSeparator();
    }
    for (const char* n : {"file.new", "file.open", "file.save", "edit.undo", "edit.redo",
                          "view.zoomIn", "view.zoomOut", "view.grid"})
        if (auto* w = bar->widgetForAction(m_actions.value(QLatin1String(n))))
            if (auto* b = qobject_cast<QToolButton*>(w))
                b->setToolButtonStyle(Qt::ToolButtonIconOnly);
}

// ---- status -------------------------------------------------------------------------------

void MainWindow::updateTitle()
{
    setWindowTitle(m_doc->displayName() + QStringLiteral("[*]") +
                   (m_editingLocked ? tr(" (running, read-only)") : QString()) +
                   QStringLiteral(" — Meridian"));
    setWindowModified(m_doc->isModified());
}

void MainWindow::updateUndoEmptyLabel()
{
    if (!m_undoView)
        return;
    m_undoView->setEmptyLabel(m_doc->filePath().isEmpty()
                                  ? tr("<new document>")
                                  : tr("<opened %1>").arg(QFileInfo(m_doc->filePath()).fileName()));
}

void MainWindow::updateStatus()
{
    const QLocale loc;
    const auto nodes = static_cast<qulonglong>(m_doc->topology().nodeCount());
    const auto links = static_cast<qulonglong>(m_doc->topology().linkCount());
    m_countsLabel->setText((nodes == 1 ? tr("1 node") : tr("%1 nodes").arg(loc.toString(nodes))) +
                           QStringLiteral(" · ") +
                           (links == 1 ? tr("1 link") : tr("%1 links").arg(loc.toString(links))));
    m_zoomLabel->setText(QStringLiteral("%1 %").arg(qRound(m_view->zoom() * 100)));
    m_modeLabel->setText(
        m_scene->mode() == TopologyScene::Mode::Link
            ? tr("Link tool: drag from a node to another node. Esc returns to Select.")
            : tr("Drag kinds from the palette · Shift+drag between nodes to link · "
                 "wheel zooms · middle/Space+drag pans"));
}

void MainWindow::setEditingLocked(bool on)
{
    if (on == m_editingLocked)
        return;
    m_editingLocked = on;
    if (on)
        m_scene->setMode(TopologyScene::Mode::Select);
    m_view->setInteractive(!on);
    m_palette->setEnabled(!on);
    m_properties->setEnabled(!on);
    m_undoView->setEnabled(!on);
    m_recentMenu->setEnabled(!on);
    for (const char* n : {"file.new", "file.open", "file.import", "tools.generate", "layout.force",
                          "layout.spring", "layout.geo", "tool.link", "edit.paste"})
        m_actions.value(QLatin1String(n))->setEnabled(!on);
    QUndoStack* stack = m_doc->undoStack();
    m_actions.value(QStringLiteral("edit.undo"))->setEnabled(!on && stack->canUndo());
    m_actions.value(QStringLiteral("edit.redo"))->setEnabled(!on && stack->canRedo());
    updateActions();
    updateTitle();
}

void MainWindow::updateActions()
{
    const bool nodes = !m_scene->selectedNodeIds().empty();
    const bool any = nodes || !m_scene->selectedLinkIds().empty();
    bool collapsible = false;
    for (const auto& id : m_scene->selectedNodeIds())
        collapsible = collapsible || m_scene->canCollapse(id);
    m_actions.value(QStringLiteral("edit.collapse"))->setEnabled(collapsible);
    m_actions.value(QStringLiteral("edit.copy"))->setEnabled(nodes);
    m_actions.value(QStringLiteral("edit.cut"))->setEnabled(nodes);
    m_actions.value(QStringLiteral("edit.duplicate"))->setEnabled(nodes);
    m_actions.value(QStringLiteral("edit.delete"))->setEnabled(any);
    if (m_editingLocked)
        for (const char* n : {"edit.collapse", "edit.cut", "edit.duplicate", "edit.delete"})
            m_actions.value(QLatin1String(n))->setEnabled(false);
}

void MainWindow::reportError(const QString& title, const QString& text)
{
    if (m_reportError)
        m_reportError(title, text);
    else
        QMessageBox::critical(this, title, text);
}

QMessageBox::StandardButton MainWindow::ask(const QString& title, const QString& text,
                                            QMessageBox::StandardButtons buttons)
{
    if (m_ask)
        return m_ask(title, text, buttons);
    return QMessageBox::question(this, title, text, buttons);
}

QString MainWindow::chooseOpenPath(const QString& title, const QString& filter)
{
    QSettings s;
    const QString dir = s.value(QStringLiteral("lastDir")).toString();
    const QString p = QFileDialog::getOpenFileName(this, title, dir, filter);
    if (!p.isEmpty())
        s.setValue(QStringLiteral("lastDir"), QFileInfo(p).absolutePath());
    return p;
}

QString MainWindow::chooseSavePath(const QString& title, const QString& filter,
                                   const QString& suffix)
{
    QSettings s;
    QString dir = s.value(QStringLiteral("lastDir")).toString();
    QFileDialog dialog(this, title, dir, filter);
    dialog.setAcceptMode(QFileDialog::AcceptSave);
    dialog.setDefaultSuffix(suffix);
    if (!m_doc->filePath().isEmpty())
        dialog.selectFile(QFileInfo(m_doc->filePath()).completeBaseName() + QLatin1Char('.') +
                          suffix);
    if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty())
        return {};
    const QString p = dialog.selectedFiles().first();
    s.setValue(QStringLiteral("lastDir"), QFileInfo(p).absolutePath());
    return p;
}

QString MainWindow::chooseFolder(const QString& title)
{
    QSettings s;
    const QString dir = QFileDialog::getExistingDirectory(
        this, title, s.value(QStringLiteral("lastDir")).toString());
    if (!dir.isEmpty())
        s.setValue(QStringLiteral("lastDir"), dir);
    return dir;
}

// ---- files --------------------------------------------------------------------------------

bool MainWindow::maybeSave()
{
    if (!m_doc->isModified())
        return true;
    const auto answer = ask(tr("Unsaved changes"),
                            tr("“%1” has unsaved changes. Save them?").arg(m_doc->displayName()),
                            QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

bool MainWindow::newDocument()
{
    if (!maybeSave())
        return false;
    m_doc->clear();
    m_autosave->discardOwn();
    m_view->showOrigin();
    return true;
}

bool MainWindow::openFile(const QString& path)
{
    try {
        m_doc->load(path);
    } catch (const std::exception& e) {
        reportError(tr("Cannot open file"), errorText(e));
        return false;
    }
    addRecentFile(m_doc->filePath());
    m_view->fitAll();
    if (stackedOnOnePoint(m_doc->topology())) {
        // A file written by a script often gives no positions ("pos" is optional), so every
        // node would sit on one point: lay it out (one undo step) rather than show a pile.
        statusBar()->showMessage(
            tr("%1 gives no node positions; laying it out.").arg(QFileInfo(path).fileName()), 6000);
        m_layouts->start(topology::AutoLayout::geolocatedCount(m_doc->topology()) > 0
                             ? LayoutController::Kind::Geographic
                             : LayoutController::Kind::Force);
    }
    return true;
}

bool MainWindow::stackedOnOnePoint(const topology::Topology& topo)
{
    // Two or more top-level nodes, all at one position.
    std::size_t count = 0;
    std::array<double, 2> first{};
    for (std::size_t i = 0; i < topo.nodeCount(); ++i) {
        const topology::NodeAttributes& n = topo.node(NodeId::fromIndex(i));
        if (!n.parent.empty())
            continue;
        if (count++ == 0)
            first = n.pos;
        else if (n.pos != first)
            return false;
    }
    return count >= 2;
}

bool MainWindow::save()
{
    if (m_doc->filePath().isEmpty()) {
        const QString p =
            chooseSavePath(tr("Save topology"), tr(kTopoFilter), QStringLiteral("topo"));
        return !p.isEmpty() && saveAs(p);
    }
    return saveAs(m_doc->filePath());
}

bool MainWindow::saveAs(const QString& path)
{
    try {
        if (m_doc->project().name.empty())
            m_doc->setProjectName(QFileInfo(path).completeBaseName().toStdString());
        m_doc->save(path);
    } catch (const std::exception& e) {
        reportError(tr("Cannot save file"), errorText(e));
        return false;
    }
    m_autosave->discardOwn();
    addRecentFile(m_doc->filePath());
    statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)), 4000);
    return true;
}

bool MainWindow::offerRecovery()
{
    // Recovery files of instances that are no longer running, newest first; files of other
    // running windows are locked and never offered. The first one the user accepts is
    // restored here; declined ones are deleted; the rest wait for the next start.
    const QStringList orphans = Autosave::orphanedRecoveries();
    for (const QString& file : orphans) {
        const QString original = Autosave::originalPathOf(file);
        const QDateTime when = QFileInfo(file).lastModified();
        const auto answer =
            ask(tr("Recover unsaved work?"),
                tr("Meridian was closed without saving %1 (autosaved %2). Restore the "
                   "automatically saved copy?")
                    .arg(original.isEmpty() ? tr("an untitled drawing")
                                            : QStringLiteral("“%1”").arg(original),
                         QLocale().toString(when, QLocale::ShortFormat)),
                QMessageBox::Yes | QMessageBox::No);
        if (answer != QMessageBox::Yes) {
            Autosave::discardRecovery(file);
            continue;
        }
        QString error;
        if (!m_autosave->restore(file, &error)) {
            reportError(tr("Cannot recover"), error);
            return false;
        }
        m_view->fitAll();
        return true;
    }
    return false;
}

QStringList MainWindow::recentFiles() const
{
    return QSettings().value(QStringLiteral("recentFiles")).toStringList();
}

void MainWindow::addRecentFile(const QString& path)
{
    if (path.isEmpty())
        return;
    QStringList files = recentFiles();
    files.removeAll(path);
    files.prepend(path);
    while (files.size() > kMaxRecent)
        files.removeLast();
    QSettings().setValue(QStringLiteral("recentFiles"), files);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList files = recentFiles();
    for (int i = 0; i < files.size(); ++i) {
        const QString path = files[i];
        auto* a = m_recentMenu->addAction(
            QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName()));
        a->setToolTip(path);
        connect(a, &QAction::triggered, this, [this, path] {
            if (maybeSave())
                openFile(path);
        });
    }
    m_recentMenu->setEnabled(!files.isEmpty());
}

bool MainWindow::importGraphml(const QString& path)
{
    try {
        io::GraphmlImportResult r = io::importGraphml(path.toStdString());
        const bool geo = topology::AutoLayout::geolocatedCount(r.topology) > 0;
        topology::Topology placed = geo ? topology::AutoLayout::geographic(r.topology)
                                        : *topology::AutoLayout::forceDirected(r.topology);
        if (m_doc->topology().nodeCount() == 0) {
            m_doc->undoStack()->push(new ReplaceTopologyCommand(
                m_doc, std::move(placed), tr("Import %1").arg(QFileInfo(path).fileName())));
            if (m_doc->project().name.empty())
                m_doc->setProjectName(r.name);
        } else {
            if (!pasteBeside(std::move(placed), 200,
                             tr("Import %1").arg(QFileInfo(path).fileName())))
                throw InputError(path.toStdString(), {}, "the imported graph could not be merged");
        }
        if (!r.notes.empty())
            statusBar()->showMessage(QString::fromStdString(r.notes.front()), 6000);
    } catch (const std::exception& e) {
        reportError(tr("Cannot import GraphML"), errorText(e));
        return false;
    }
    m_view->fitAll();
    return true;
}

QRectF MainWindow::exportRect() const
{
    QRectF r = m_scene->itemsBoundingRect();
    if (r.isEmpty())
        r = QRectF(-200, -150, 400, 300);
    return r.adjusted(-30, -30, 30, 30);
}

bool MainWindow::exportPng(const QString& path)
{
    const QRectF src = exportRect();
    // 2 px per scene unit for small drawings, capped at 8k px on the long side.
    const qreal scale = std::min(2.0, 8000.0 / std::max(src.width(), src.height()));
    QImage image((src.size() * scale).toSize(), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    {
        QPainter p(&image);
        p.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing |
                         QPainter::SmoothPixmapTransform);
        const ExportScope scope(m_scene);
        m_scene->render(&p, QRectF(QPointF(0, 0), image.size()), src);
    }
    // Encoded in memory, then written atomically: a failed write keeps the previous export.
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    if (!image.save(&buffer, "PNG")) {
        reportError(tr("Cannot export"), tr("Could not encode %1 as PNG").arg(path));
        return false;
    }
    return writeExport(path, png);
}

bool MainWindow::writeExport(const QString& path, const QByteArray& bytes)
{
    try {
        io::writeFileAtomically(std::filesystem::path(path.toStdString()),
                                std::string_view(bytes.constData(), bytes.size()));
    } catch (const std::exception& e) {
        reportError(tr("Cannot export"), errorText(e));
        return false;
    }
    return true;
}

bool MainWindow::exportSvg(const QString& path)
{
    const QRectF src = exportRect();
    QByteArray bytes;
    QBuffer buffer(&bytes);
    QSvgGenerator svg;
    svg.setOutputDevice(&buffer); // written atomically below, as the PNG
    svg.setSize(src.size().toSize());
    svg.setViewBox(QRectF(QPointF(0, 0), src.size()));
    svg.setTitle(m_doc->displayName());
    svg.setDescription(tr("Topology exported by Meridian"));
    QPainter p;
    if (!p.begin(&svg)) {
        reportError(tr("Cannot export"), tr("Could not render %1 as SVG").arg(path));
        return false;
    }
    p.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    {
        const ExportScope scope(m_scene);
        // A white page, as in the PNG; the scene background would draw the editing grid.
        p.fillRect(QRectF(QPointF(0, 0), src.size()), Qt::white);
        m_scene->render(&p, QRectF(QPointF(0, 0), src.size()), src);
    }
    p.end();
    return writeExport(path, bytes);
}

bool MainWindow::screenshot(const QString& path)
{
    if (!isVisible())
        show();
    // Let the docks settle first: fitting a view that is about to be resized frames the
    // drawing for the wrong size.
    QCoreApplication::processEvents();
    m_view->fitAll();
    m_outline->rebuildNow();
    QCoreApplication::processEvents();
    m_minimap->refit();
    QCoreApplication::processEvents();
    const QPixmap shot = grab();
    return shot.save(path, "PNG");
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (maybeSave()) {
        m_autosave->discardOwn();
        event->accept();
    } else {
        event->ignore();
    }
}

// ---- editing ------------------------------------------------------------------------------

void MainWindow::copySelection()
{
    const QByteArray data = Clipboard::copy(*m_doc, m_scene->selectedNodeIds());
    if (data.isEmpty())
        return;
    m_clipboardFallback = data;
    m_pasteCount = 0;
    auto* mime = new QMimeData;
    mime->setData(Clipboard::mimeType(), data);
    mime->setText(QString::fromUtf8(data));
    QApplication::clipboard()->setMimeData(mime);
}

void MainWindow::cutSelection()
{
    copySelection();
    m_scene->deleteSelection();
}

void MainWindow::paste()
{
    QByteArray data;
    if (const QMimeData* mime = QApplication::clipboard()->mimeData();
        mime && mime->hasFormat(Clipboard::mimeType()))
        data = mime->data(Clipboard::mimeType());
    if (data.isEmpty())
        data = m_clipboardFallback;
    if (data.isEmpty())
        return;
    pasteData(data, tr("Paste"), m_pasteCount);
}

void MainWindow::duplicateSelection()
{
    const QByteArray data = Clipboard::copy(*m_doc, m_scene->selectedNodeIds());
    if (data.isEmpty())
        return;
    const qreal step = 2 * m_scene->gridSize();
    pushPasteAndSelect(Clipboard::makePaste(*m_doc, data, QPointF(step, step), tr("Duplicate")));
}

void MainWindow::pushPasteAndSelect(PasteCommand* cmd)
{
    if (!cmd)
        return;
    std::vector<std::string> ids;
    for (const auto& n : cmd->nodes())
        ids.push_back(n.id);
    m_doc->undoStack()->push(cmd);
    m_scene->selectIds(ids, {});
}

void MainWindow::pasteData(const QByteArray& data, const QString& text, int& repeatCount)
{
    // Over the canvas: centred under the pointer (snapped to the grid like a drop). Pasting
    // again without moving the pointer steps on, so copies do not pile up. Elsewhere
    // (menu bar, keyboard focus in a dock): offset from the originals by two grid steps per
    // paste.
    const qreal step = 2 * m_scene->gridSize();
    QPointF offset;
    const auto at = m_pastePosition->viewportPos();
    const auto centre = Clipboard::centreOf(data);
    if (at && centre && m_view->viewport()->rect().contains(*at)) {
        const QPointF target = m_view->mapToScene(*at);
        if (target != m_lastPasteTarget)
            repeatCount = 0;
        m_lastPasteTarget = target;
        offset = target - *centre + QPointF(step, step) * repeatCount;
        ++repeatCount;
        if (m_scene->snapToGrid()) {
            const qreal g = m_scene->gridSize();
            offset = QPointF(std::round(offset.x() / g) * g, std::round(offset.y() / g) * g);
        }
    } else {
        if (!qIsNaN(m_lastPasteTarget.x())) // the last paste was at the mouse: start afresh
            repeatCount = 0;
        m_lastPasteTarget = QPointF(qQNaN(), qQNaN());
        ++repeatCount;
        offset = QPointF(step, step) * repeatCount;
    }
    pushPasteAndSelect(Clipboard::makePaste(*m_doc, data, offset, text));
}

bool MainWindow::applyGenerator(const QString& kind,
                                const std::map<std::string, std::string>& options,
                                std::uint64_t seed, bool replace)
{
    try {
        topology::Topology t = topology::generate(kind.toStdString(), options, seed);
        const QString text = tr("Generate %1").arg(kind);
        if (replace || m_doc->topology().nodeCount() == 0) {
            m_doc->undoStack()->push(new ReplaceTopologyCommand(m_doc, std::move(t), text));
        } else {
            if (!pasteBeside(std::move(t), 300, text))
                throw InputError("the generated topology could not be merged");
        }
    } catch (const std::exception& e) {
        reportError(tr("Cannot generate"), errorText(e));
        return false;
    }
    m_view->fitAll();
    return true;
}

void MainWindow::showGeneratorDialog()
{
    GeneratorDialog dialog(this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    if (dialog.replaceExisting() && !maybeSave())
        return;
    applyGenerator(dialog.generator(), dialog.options(), dialog.seed(), dialog.replaceExisting());
}

// ---- automatic layouts --------------------------------------------------------------------

void MainWindow::layoutForceDirected()
{
    m_layouts->start(LayoutController::Kind::Force);
}

void MainWindow::layoutSpring()
{
    m_layouts->start(LayoutController::Kind::Spring);
}

void MainWindow::layoutGeographic()
{
    m_layouts->start(LayoutController::Kind::Geographic);
}

bool MainWindow::layoutRunning() const
{
    return m_layouts->isRunning();
}

bool MainWindow::waitForLayout()
{
    return m_layouts->wait();
}

} // namespace meridian::ui
