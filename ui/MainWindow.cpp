#include "ui/MainWindow.hpp"

#include "meridian/core/Error.hpp"
#include "meridian/experiment/TrainingCheck.hpp"
#include "meridian/io/ProjectFile.hpp"
#include "meridian/topology/AutoLayout.hpp"
#include "meridian/topology/Generators.hpp"
#include "ui/Autosave.hpp"
#include "ui/CanvasView.hpp"
#include "ui/Clipboard.hpp"
#include "ui/DockLayout.hpp"
#include "ui/Document.hpp"
#include "ui/ElidedLabel.hpp"
#include "ui/ExamplesMenu.hpp"
#include "ui/GeneratorDialog.hpp"
#include "ui/HelpDialogs.hpp"
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
#include "ui/commands/ChangeExperimentCommand.hpp"
#include "ui/commands/PasteCommand.hpp"
#include "ui/commands/ReplaceTopologyCommand.hpp"
#include "ui/run/RunWorkbench.hpp"
#include "ui/traffic/TrafficWorkbench.hpp"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileInfo>
#include <QGraphicsItem>
#include <QLabel>
#include <QMenuBar>
#include <QMimeData>
#include <QStatusBar>
#include <QToolBar>
#include <QToolButton>
#include <QUndoStack>
#include <QUndoView>
#include <array>

namespace meridian::ui {

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
    m_traffic = new traffic::TrafficWorkbench(this, m_doc, m_scene, m_view, m_runs->controller());
    createMenus();
    m_traffic->addToViewMenu(m_viewMenu);
    m_runs->createMenus(m_fileMenu);
    createHelpMenu(); // last in the menu bar, after the Run menu
    createStatusBar();
    connectSignals();

    resize(1360, 860);
    m_dockLayout = new DockLayout(this, m_viewMenu);
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
    parts.confirmExport = [this](const QString& path) { confirmExport(path); };
    m_runs = new RunWorkbench(std::move(parts));
    m_runs->createDocks();
}

void MainWindow::createStatusBar()
{
    m_countsLabel = new QLabel;
    // The hint takes the room the other pieces leave and is cut with "…" (its whole text in
    // the tooltip): at 1366 px during a run the run's line comes first (docs/gui.md).
    m_modeLabel = new ElidedLabel;
    m_modeLabel->setObjectName(QStringLiteral("toolHint"));
    m_modeLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_zoomLabel = new QLabel;
    m_zoomLabel->setMinimumWidth(70);
    m_zoomLabel->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    statusBar()->insertPermanentWidget(0, m_modeLabel, 1); // left of the run's line
    statusBar()->addPermanentWidget(m_countsLabel);
    statusBar()->addPermanentWidget(m_zoomLabel);
    // The tool hint stretches over the free space, where QStatusBar draws a temporary message
    // ("Saved …", "Exported …"): it steps aside while one is shown.
    connect(statusBar(), &QStatusBar::messageChanged, m_modeLabel,
            [this](const QString& message) { m_modeLabel->setVisible(message.isEmpty()); });
}

void MainWindow::connectSignals()
{
    connect(m_doc, &Document::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_doc, &Document::documentReplaced, m_minimap, &MiniMap::documentReplaced);
    connect(m_doc, &Document::filePathChanged, this, &MainWindow::updateTitle);
    connect(m_doc, &Document::filePathChanged, this, &MainWindow::updateUndoEmptyLabel);
    connect(m_scene, &TopologyScene::contentChanged, this, &MainWindow::updateStatus);
    connect(m_scene, &QGraphicsScene::selectionChanged, this, [this] {
        updateActions();
        if (!m_scene->selectedItems().isEmpty()) // a placed or clicked item: its properties
            m_dockLayout->showProperties();
    });
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
    createHelpActions();
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
    // The platform's Save As key where it has one (KDE, GNOME, macOS); Ctrl+Shift+S where
    // it has none (Windows, the offscreen and minimal platforms), so the menu always shows one.
    const QKeySequence saveAsKey = QKeySequence::keyBindings(QKeySequence::SaveAs).isEmpty()
                                       ? QKeySequence(tr("Ctrl+Shift+S"))
                                       : QKeySequence(QKeySequence::SaveAs);
    makeAction(QStringLiteral("file.saveAs"), tr("Save &As…"), saveAsKey, [this] {
        const QString p =
            chooseSavePath(tr("Save topology"), tr(kTopoFilter), QStringLiteral("topo"));
        if (!p.isEmpty())
            saveAs(p);
    });
    // Ctrl+W first (what KDE, GNOME and macOS show), then the platform's own (Ctrl+F4 on
    // Windows and the generic platforms).
    QList<QKeySequence> closeKeys{QKeySequence(tr("Ctrl+W"))};
    for (const QKeySequence& k : QKeySequence::keyBindings(QKeySequence::Close))
        if (!closeKeys.contains(k))
            closeKeys << k;
    makeAction(QStringLiteral("file.close"), tr("&Close"), closeKeys.front(), [this] {
        closeDocument();
    })->setShortcuts(closeKeys);
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
    dock(QStringLiteral("paletteDock"), tr("Palette"), m_palette, Qt::LeftDockWidgetArea);
    m_outline = new OutlineView(m_doc);
    dock(QStringLiteral("outlineDock"), tr("Outline"), m_outline, Qt::LeftDockWidgetArea);
    m_minimap = new MiniMap(m_view);
    dock(QStringLiteral("minimapDock"), tr("Overview"), m_minimap, Qt::LeftDockWidgetArea);
    m_properties = new PropertyEditor(m_doc, m_scene);
    dock(QStringLiteral("propertiesDock"), tr("Properties"), m_properties, Qt::RightDockWidgetArea);
    m_undoView = new QUndoView(m_doc->undoStack());
    updateUndoEmptyLabel();
    dock(QStringLiteral("historyDock"), tr("History"), m_undoView, Qt::RightDockWidgetArea);
    m_palette->setMinimumHeight(3 * 42); // where the docks go: DockLayout

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
    m_examplesMenu = file->addMenu(tr("E&xamples"));
    m_examplesMenu->setObjectName(QStringLiteral("examplesMenu"));
    ExamplesMenu::populate(m_examplesMenu, [this](const QString& path) {
        if (maybeSave())
            openFile(path);
    });
    file->addSeparator();
    for (const char* n : {"file.save", "file.saveAs", "file.close"})
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

void MainWindow::createHelpActions()
{
    makeAction(QStringLiteral("help.guide"), tr("&User Guide"), QKeySequence::HelpContents,
               [this] { HelpDialogs::showUserGuide(this); });
    makeAction(QStringLiteral("help.shortcuts"), tr("&Keyboard Shortcuts"), QKeySequence(),
               [this] { HelpDialogs::showShortcuts(this); });
    makeAction(QStringLiteral("help.about"), tr("&About Meridian"), QKeySequence(),
               [this] { HelpDialogs::showAbout(this); });
    m_actions.value(QStringLiteral("help.about"))->setMenuRole(QAction::AboutRole);
}

void MainWindow::createHelpMenu()
{
    auto* help = menuBar()->addMenu(tr("&Help"));
    for (const char* n : {"help.guide", "help.shortcuts", "", "help.about"}) {
        if (*n)
            help->addAction(m_actions.value(QLatin1String(n)));
        else
            help->addSeparator();
    }
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
    if (m_editingLocked)
        m_modeLabel->setText(tr("Read-only while the run is active · wheel zooms · "
                                "middle/Space+drag pans"));
    else
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
    m_examplesMenu->setEnabled(!on && !m_examplesMenu->isEmpty());
    for (const char* n : {"file.new", "file.open", "file.import", "tools.generate", "layout.force",
                          "layout.spring", "layout.geo", "tool.link", "edit.paste"})
        m_actions.value(QLatin1String(n))->setEnabled(!on);
    QUndoStack* stack = m_doc->undoStack();
    m_actions.value(QStringLiteral("edit.undo"))->setEnabled(!on && stack->canUndo());
    m_actions.value(QStringLiteral("edit.redo"))->setEnabled(!on && stack->canRedo());
    updateActions();
    updateTitle();
    updateStatus();
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

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (maybeSave()) {
        m_autosave->discardOwn();
        m_dockLayout->save();
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
            // As `meridian-cli generate`: a drawing without an experiment gets the default
            // training experiment that fits its GPUs, so Run works at once.
            nlohmann::json experiment = m_doc->project().experiment;
            if (experiment.is_null())
                experiment = experiment::defaultTrainingExperiment(t);
            QUndoStack* stack = m_doc->undoStack();
            stack->beginMacro(text);
            stack->push(new ReplaceTopologyCommand(m_doc, std::move(t), text));
            if (!experiment.is_null() && experiment != m_doc->project().experiment)
                stack->push(new ChangeExperimentCommand(m_doc, m_doc->project().experiment,
                                                        std::move(experiment), text));
            stack->endMacro();
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
