#pragma once
// Set-up shared by the GUI tests: a shown main window whose dialogs are answered by the
// test, and nodes placed at given scene positions.
#include "TestMain.hpp"
#include "meridian/experiment/Runner.hpp"
#include "meridian/io/ProjectFile.hpp"
#include "meridian/topology/Topology.hpp"
#include "ui/CanvasView.hpp"
#include "ui/DockLayout.hpp"
#include "ui/MainWindow.hpp"
#include "ui/PaletteWidget.hpp"
#include "ui/Resources.hpp"
#include "ui/run/RunWorkbench.hpp"

#include <QApplication>
#include <QMessageBox>
#include <QMimeData>
#include <QStringList>
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace meridian::test {

/// A host named and identified `id` at scene position (x, y).
inline topology::NodeAttributes hostAt(const std::string& id, double x, double y)
{
    topology::NodeAttributes n;
    n.id = id;
    n.name = id;
    n.kind = topology::NodeKind::Host;
    n.pos = {x, y};
    return n;
}

/// Points the windows' recovery files at a fresh temporary directory (alive as long as the
/// returned object), so that tests never see each other's or the user's autosaves.
inline std::unique_ptr<QTemporaryDir> freshRecoveryDir()
{
    auto dir = std::make_unique<QTemporaryDir>();
    qputenv("MERIDIAN_RECOVERY_DIR", dir->path().toUtf8());
    return dir;
}

/// Resources and the application identity (settings, recent files) of the GUI tests.
inline void setUpGuiTestApp(const QString& applicationName = QStringLiteral("meridian-ui-test"))
{
    ui::initResources();
    QCoreApplication::setOrganizationName(QStringLiteral("MeridianTest"));
    QCoreApplication::setApplicationName(applicationName);
}

/// A main window, 1200 × 800, shown. Error dialogs go to `onError` (title, text); questions
/// are answered Discard when offered, else `otherAnswer`. With `resetView`, the canvas is
/// at 100 % centred on the scene origin.
inline std::unique_ptr<ui::MainWindow>
makeShownWindow(std::function<void(const QString&, const QString&)> onError,
                QMessageBox::StandardButton otherAnswer = QMessageBox::Yes, bool resetView = true)
{
    auto w = std::make_unique<ui::MainWindow>();
    w->setErrorReporter(std::move(onError));
    w->setAsker(
        [otherAnswer](const QString&, const QString&, QMessageBox::StandardButtons buttons) {
            return buttons.testFlag(QMessageBox::Discard) ? QMessageBox::Discard : otherAnswer;
        });
    w->resize(1200, 800);
    // Runs as fast as the engine goes (tests that watch pacing set it), and the default
    // layout whatever an earlier test's window saved.
    w->runs()->setPace(0.0);
    w->dockLayout()->reset();
    w->show();
    if (!QTest::qWaitForWindowExposed(w.get()))
        qWarning("window not exposed");
    if (resetView) {
        w->canvas()->setZoom(1.0);
        w->canvas()->centerOn(0, 0);
    }
    return w;
}

/// Drags palette row `row` onto the canvas at scene point `at`, as a mouse would: drag enter,
/// move and drop events with the palette's own MIME data.
inline void dropPaletteRow(ui::MainWindow& w, int row, QPointF at)
{
    std::unique_ptr<QMimeData> mime(w.palette()->mimeDataForRow(row));
    QWidget* vp = w.canvas()->viewport();
    const QPoint p = w.canvas()->mapFromScene(at);
    QDragEnterEvent enter(p, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(vp, &enter);
    QDragMoveEvent move(p, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(vp, &move);
    QDropEvent drop(p, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(vp, &drop);
}

/// A bundled preset as the UI tests run it: on the engine's fast path (test::fastPresetPath).
/// The UI tests check what the window, charts and report make of a run's results, not the
/// engine's figures (tests/collective, tests/validation and the preset goldens do).
inline io::Project readPreset(const char* name)
{
    return io::readProject(fastPresetPath(QString::fromUtf8(name)).toStdString());
}

/// Runs a project's experiment without observer, as `meridian-cli run <name>` would
/// (`iterations` overrides the file's).
inline experiment::Results runPreset(const io::Project& project, const char* name,
                                     std::optional<int> iterations = std::nullopt)
{
    experiment::RunOptions opt;
    opt.iterations = iterations;
    opt.topology_name = name;
    return experiment::Runner(project, opt).run();
}

} // namespace meridian::test
