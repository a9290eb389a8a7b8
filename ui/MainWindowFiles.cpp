// MainWindow's document life: asking and reporting, new/open/save, crash recovery, recent
// files, GraphML import, PNG/SVG export and screenshots (building the window is
// MainWindow.cpp).
#include "meridian/core/Error.hpp"
#include "meridian/io/GraphmlImport.hpp"
#include "meridian/io/ProjectFile.hpp"
#include "ui/Autosave.hpp"
#include "ui/CanvasView.hpp"
#include "ui/Document.hpp"
#include "ui/LayoutController.hpp"
#include "ui/MainWindow.hpp"
#include "ui/MiniMap.hpp"
#include "ui/OutlineView.hpp"
#include "ui/RecentFiles.hpp"
#include "ui/TopologyScene.hpp"
#include "ui/commands/ReplaceTopologyCommand.hpp"

#include <QApplication>
#include <QBuffer>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGraphicsItem>
#include <QImage>
#include <QMenu>
#include <QMessageBox>
#include <QPainter>
#include <QSettings>
#include <QStatusBar>
#include <QSvgGenerator>

namespace meridian::ui {

const char* const MainWindow::kTopoFilter =
    QT_TRANSLATE_NOOP("MainWindow", "Meridian topology (*.topo)");

QString MainWindow::errorText(const std::exception& e)
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

namespace {

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
    returnFocusToCanvas();
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
    const bool accepted = dialog.exec() == QDialog::Accepted;
    returnFocusToCanvas();
    if (!accepted || dialog.selectedFiles().isEmpty())
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
    returnFocusToCanvas();
    if (!dir.isEmpty())
        s.setValue(QStringLiteral("lastDir"), dir);
    return dir;
}

void MainWindow::returnFocusToCanvas()
{
    activateWindow();
    m_view->setFocus(Qt::OtherFocusReason);
}

void MainWindow::confirmExport(const QString& path)
{
    statusBar()->showMessage(tr("Exported %1").arg(QDir::toNativeSeparators(path)), 8000);
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

bool MainWindow::closeDocument()
{
    const QString name = m_doc->displayName();
    if (!newDocument())
        return false;
    statusBar()->showMessage(tr("Closed %1").arg(name), 4000);
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
    return RecentFiles::distinct(QSettings().value(QStringLiteral("recentFiles")).toStringList());
}

void MainWindow::addRecentFile(const QString& path)
{
    if (path.isEmpty())
        return;
    QSettings().setValue(QStringLiteral("recentFiles"), RecentFiles::added(recentFiles(), path));
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    m_recentMenu->setToolTipsVisible(true);
    const QStringList files = recentFiles();
    const QStringList labels = RecentFiles::labels(files);
    for (int i = 0; i < files.size(); ++i) {
        const QString path = files[i];
        auto* a = m_recentMenu->addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(labels[i]));
        a->setToolTip(QDir::toNativeSeparators(path));
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
    confirmExport(path);
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

} // namespace meridian::ui
