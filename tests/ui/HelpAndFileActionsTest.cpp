// The window's basics, through its real actions (docs/gui.md, "Help" and "Files"): the Help
// menu (user guide from the shipped docs, the actions' real shortcuts, About with the CMake
// project version), File ▸ Close, the Save As shortcut, a status-bar confirmation after every
// export, and the canvas focused again after a file dialog so that F5 works without a click.
#include "UiTestSupport.hpp"
#include "ui/Document.hpp"
#include "ui/HelpDialogs.hpp"
#include "ui/TopologyScene.hpp"
#include "ui/run/ExperimentDock.hpp"
#include "ui/run/RunController.hpp"
#include "ui/run/RunWorkbench.hpp"

#include <QAction>
#include <QApplication>
#include <QDialog>
#include <QFileDialog>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QTableWidget>
#include <QTextBrowser>
#include <QTimer>
#include <QUndoStack>

using namespace meridian;

namespace {

/// Answers the next modal file dialog with `path` (or cancels it when empty), from the event
/// loop the dialog runs.
void answerFileDialog(const QString& path)
{
    QTimer::singleShot(50, [path] {
        auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
        if (!dialog) {
            answerFileDialog(path); // not open yet
            return;
        }
        if (path.isEmpty()) {
            dialog->reject();
            return;
        }
        // Typed, as a user would: selectFile() of a path in another folder lets the dialog's
        // completer put another name in the field.
        dialog->setDirectory(QFileInfo(path).absolutePath());
        if (auto* name = dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit")))
            name->setText(QFileInfo(path).fileName());
        static_cast<QDialog*>(dialog)->accept(); // public in QDialog, overridden protected
    });
}

/// With MERIDIAN_SCREENSHOT_DIR set, saves `w` as NAME.png there (to look at, and for docs/).
void saveShot(QWidget* w, const char* name)
{
    const QByteArray dir = qgetenv("MERIDIAN_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QCoreApplication::processEvents();
    w->grab().save(QString::fromUtf8(dir) + QLatin1Char('/') + QLatin1String(name) +
                   QStringLiteral(".png"));
}

} // namespace

class HelpAndFileActionsTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        test::setUpGuiTestApp();
        m_recovery = test::freshRecoveryDir();
    }

    void init()
    {
        m_errors.clear();
        m_questions.clear();
        m_answer = QMessageBox::Discard;
        m_w = test::makeShownWindow([this](const QString& t, const QString& x) {
            m_errors << t + QStringLiteral(": ") + x;
        });
        m_w->setAsker([this](const QString&, const QString& text, QMessageBox::StandardButtons) {
            m_questions << text;
            return m_answer;
        });
        QVERIFY(QTest::qWaitForWindowActive(m_w.get()));
    }

    void cleanup()
    {
        m_w->document()->undoStack()->clear();
        m_w.reset();
    }

    void helpMenuIsLastWithGuideShortcutsAndAbout()
    {
        const QList<QAction*> menus = m_w->menuBar()->actions();
        QVERIFY(!menus.isEmpty());
        QCOMPARE(menus.back()->text(), QStringLiteral("&Help"));
        const QList<QAction*> items = menus.back()->menu()->actions();
        for (const char* name : {"help.guide", "help.shortcuts", "help.about"})
            QVERIFY2(items.contains(m_w->action(QLatin1String(name))), name);
        QCOMPARE(m_w->action(QStringLiteral("help.guide"))->shortcut(),
                 QKeySequence(QKeySequence::HelpContents));
    }

    void userGuideShowsTheShippedDocsAndFollowsLinks()
    {
        m_w->action(QStringLiteral("help.guide"))->trigger();
        auto* guide = m_w->findChild<QDialog*>(QStringLiteral("userGuide"));
        QVERIFY(guide && guide->isVisible());
        auto* browser = guide->findChild<QTextBrowser*>(QStringLiteral("userGuideBrowser"));
        QVERIFY(browser);
        // docs/user-guide.md, read from the source tree's docs/ in a build (the installed
        // share/doc/meridian in a package): its title, the tutorial, and its pictures.
        QCOMPARE(ui::HelpDialogs::userGuidePage(), QStringLiteral("user-guide.md"));
        QVERIFY(!ui::HelpDialogs::docsFolder(QStringLiteral("user-guide.md")).isEmpty());
        QVERIFY2(browser->toPlainText().startsWith(QStringLiteral("Meridian user guide")),
                 qPrintable(browser->toPlainText().left(80)));
        QVERIFY(browser->toPlainText().contains(QStringLiteral("from an empty canvas")));
        const QImage picture = browser->document()
                                   ->resource(QTextDocument::ImageResource,
                                              QUrl(QStringLiteral("images/tour-en-01-empty.png")))
                                   .value<QImage>();
        QVERIFY2(picture.width() > 100, "the guide's pictures load from the docs folder");
        // A full-size screenshot (1360 px) is scaled to the text column.
        const QImage wide = browser->document()
                                ->resource(QTextDocument::ImageResource,
                                           QUrl(QStringLiteral("images/guide-en-examples.png")))
                                .value<QImage>();
        QVERIFY(wide.width() > 100);
        QVERIFY2(wide.width() <= 840, qPrintable(QString::number(wide.width())));
        saveShot(guide, "help-guide");
        // A link between pages, as docs/gui.md writes it, opens the other page.
        browser->setSource(QUrl(QStringLiteral("experiments.md")));
        QVERIFY(browser->toPlainText().contains(QStringLiteral("Memory and batch")));
        guide->close();
    }

    void userGuideWithoutTheDocsFolderIsTheEmbeddedCopy()
    {
        // A package whose /usr/share/doc was left out (dpkg path-exclude): the text is still
        // there, from the copy compiled into the program.
        QDialog* guide = ui::HelpDialogs::showUserGuide(m_w.get(), QStringLiteral("user-guide.md"));
        auto* browser = guide->findChild<QTextBrowser*>(QStringLiteral("userGuideBrowser"));
        QVERIFY(browser);
        browser->setSource(QUrl(QStringLiteral("qrc:/docs/user-guide.md")),
                           QTextDocument::MarkdownResource);
        QVERIFY(browser->toPlainText().startsWith(QStringLiteral("Meridian user guide")));
        browser->setSource(QUrl(QStringLiteral("qrc:/docs/user-guide.zh_CN.md")),
                           QTextDocument::MarkdownResource);
        QVERIFY(browser->toPlainText().startsWith(QStringLiteral("Meridian 用户指南")));
        guide->close();
    }

    void shortcutsDialogListsTheActionsRealShortcuts()
    {
        m_w->action(QStringLiteral("help.shortcuts"))->trigger();
        auto* dialog = m_w->findChild<QDialog*>(QStringLiteral("shortcutsDialog"));
        QVERIFY(dialog && dialog->isVisible());
        auto* table = dialog->findChild<QTableWidget*>(QStringLiteral("shortcutsTable"));
        QVERIFY(table);
        QStringList shown;
        for (int r = 0; r < table->rowCount(); ++r)
            shown << table->item(r, 1)->text() + QLatin1Char('=') + table->item(r, 2)->text();
        // Every action that has a shortcut appears with exactly that shortcut.
        for (const char* name : {"file.save", "file.saveAs", "file.close", "run.run", "run.stop",
                                 "edit.undo", "tools.generate", "help.guide"}) {
            const QAction* a = actionOf(name);
            QVERIFY2(a, name);
            QVERIFY2(!a->shortcut().isEmpty(), name);
            const QString key = a->shortcut().toString(QKeySequence::NativeText);
            const bool listed = std::any_of(shown.begin(), shown.end(), [&](const QString& s) {
                return s.section(QLatin1Char('='), 1).split(QStringLiteral(", ")).contains(key);
            });
            QVERIFY2(listed, qPrintable(QLatin1String(name) + QStringLiteral(" ") + key));
        }
        QVERIFY(shown.contains(QStringLiteral("Run=F5")));
        saveShot(dialog, "help-shortcuts");
        dialog->close();
    }

    void aboutNamesTheProjectVersion()
    {
        m_w->action(QStringLiteral("help.about"))->trigger();
        auto* box = m_w->findChild<QMessageBox*>(QStringLiteral("aboutDialog"));
        QVERIFY(box && box->isVisible());
        QCOMPARE(ui::HelpDialogs::version(), QStringLiteral(MERIDIAN_PROJECT_VERSION));
        QVERIFY(box->text().contains(QStringLiteral("Meridian ") + MERIDIAN_PROJECT_VERSION));
        saveShot(box, "help-about");
        box->close();
    }

    void saveAsHasAShortcut()
    {
        const QList<QKeySequence> platform = QKeySequence::keyBindings(QKeySequence::SaveAs);
        const QKeySequence expected =
            platform.isEmpty() ? QKeySequence(QStringLiteral("Ctrl+Shift+S")) : platform.front();
        QCOMPARE(m_w->action(QStringLiteral("file.saveAs"))->shortcut(), expected);
    }

    void closeAsksToSaveAndLeavesAnEmptyCanvas()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("c.topo"));
        QVERIFY(m_w->saveAs(path));
        m_w->scene()->addNodeAt(topology::NodeKind::Router, QPointF(0, 0));
        QVERIFY(m_w->document()->isModified());

        m_answer = QMessageBox::Cancel; // keeps everything
        m_w->action(QStringLiteral("file.close"))->trigger();
        QCOMPARE(m_questions.size(), 1);
        QCOMPARE(m_w->document()->topology().nodeCount(), std::size_t(1));
        QCOMPARE(m_w->document()->filePath(), path);

        m_answer = QMessageBox::Save; // saves, then closes
        m_w->action(QStringLiteral("file.close"))->trigger();
        QCOMPARE(m_questions.size(), 2);
        QCOMPARE(io::readProject(path.toStdString()).topology.nodeCount(), std::size_t(1));
        QCOMPARE(m_w->document()->topology().nodeCount(), std::size_t(0));
        QVERIFY(m_w->document()->filePath().isEmpty());
        QVERIFY(!m_w->document()->isModified());
        QVERIFY(m_w->scene()->items().size() <= 1); // at most the rubber band / background
        QVERIFY(m_w->statusBar()->currentMessage().contains(QStringLiteral("c.topo")));
        QVERIFY(m_errors.isEmpty());
    }

    void everyExportIsConfirmedAndFocusReturnsToTheCanvas()
    {
        m_w->scene()->addNodeAt(topology::NodeKind::Router, QPointF(0, 0));
        QTemporaryDir dir;
        for (const auto& [kind, action] :
             {std::pair{"png", "file.exportPng"}, std::pair{"svg", "file.exportSvg"}}) {
            const QString path = dir.filePath(QStringLiteral("drawing.") + QLatin1String(kind));
            m_w->statusBar()->clearMessage();
            answerFileDialog(path);
            m_w->action(QLatin1String(action))->trigger();
            QVERIFY2(QFileInfo::exists(path), kind);
            QCOMPARE(m_w->statusBar()->currentMessage(),
                     QStringLiteral("Exported ") + QDir::toNativeSeparators(path));
            // Shown, not hidden behind the tool hint that stretches over the status bar.
            QVERIFY(!m_w->statusBar()->findChild<QLabel*>(QStringLiteral("toolHint"))->isVisible());
            QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget*>(m_w->canvas()));
        }
        QVERIFY(m_errors.isEmpty());
    }

    void runExportsAreConfirmed()
    {
        m_w->document()->load(test::fastPresetPath(QStringLiteral("p2p-wan-iperf.topo")));
        ui::RunWorkbench* runs = m_w->runs();
        QVERIFY(runs->run());
        QVERIFY(runs->controller()->waitForEnd(120000));
        QTemporaryDir dir;
        const QString report = dir.filePath(QStringLiteral("report.html"));
        answerFileDialog(report);
        actionOf("file.exportReport")->trigger();
        QVERIFY(QFileInfo::exists(report));
        QCOMPARE(m_w->statusBar()->currentMessage(),
                 QStringLiteral("Exported ") + QDir::toNativeSeparators(report));
        QVERIFY(runs->exportResults(dir.path()));
        QVERIFY(m_w->statusBar()->currentMessage().contains(QStringLiteral("results.json")));
        saveShot(m_w.get(), "export-confirmed");
        QVERIFY2(m_errors.isEmpty(), qPrintable(m_errors.join('\n')));
    }

    void f5RunsRightAfterAFileDialogWithoutAClick()
    {
        QWidget* elsewhere = m_w->runs()->experimentDock()->editorFor("iterations");
        if (elsewhere)
            elsewhere->setFocus();
        answerFileDialog(QString()); // File ▸ Open, cancelled
        m_w->action(QStringLiteral("file.open"))->trigger();
        QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget*>(m_w->canvas()));
        QSignalSpy run(actionOf("run.run"), &QAction::triggered);
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_F5);
        QCOMPARE(run.count(), 1);
    }

private:
    /// A window action, or one of the run workbench's (Run menu, report exports).
    QAction* actionOf(const char* name) const
    {
        QAction* a = m_w->action(QLatin1String(name));
        return a ? a : m_w->runs()->action(QLatin1String(name));
    }

    std::unique_ptr<QTemporaryDir> m_recovery;
    std::unique_ptr<ui::MainWindow> m_w;
    QStringList m_errors;
    QStringList m_questions;
    QMessageBox::StandardButton m_answer = QMessageBox::Discard;
};

MERIDIAN_TEST(HelpAndFileActionsTest)
#include "HelpAndFileActionsTest.moc"
