// GUI monkey test: a seeded random sequence of real widget events on the designer — palette
// drops, clicks, drags (moves and rubber bands), Shift+drags (links), Delete, undo/redo by
// keyboard, copy/cut/paste/duplicate, collapse, property edits with random text, Ctrl+wheel
// zoom, Save As and Open answered in the real QFileDialogs — on several documents (an empty
// drawing, two presets, an imported Topology Zoo map).
//
// After every step: no error dialog, the document validates (topology::validate finds
// nothing), its text parses back to the same project, and the scene has one item per node
// and link. Every kCheckEvery steps and at the end of a document: undoing back to the start
// gives exactly the saved start file, and redoing gives back the state before the undo; the
// end check goes through Save As and compares the two files byte for byte.
//
// MERIDIAN_MONKEY_STEPS (default 200, shared among the documents; CI's asan stage runs 2,000)
// and MERIDIAN_MONKEY_SEED (default 1) choose the run. A failure prints the seed and the last
// steps, enough to replay it; MERIDIAN_MONKEY_TRACE=1 prints every step.
//
// No step can stall the suite: a watchdog timer fires inside any event loop a step opens
// (a dialog's exec(), a menu, a drag). A file dialog the test is answering is left to its
// answer; any other modal dialog, popup or drag still open after kBlockedAfterMs is named in
// an error (which fails the step with the history) and closed, so the step returns.
#include "TestMain.hpp"
#include "UiTestSupport.hpp"
#include "meridian/io/ProjectFile.hpp"
#include "meridian/topology/Validation.hpp"
#include "ui/CanvasView.hpp"
#include "ui/Document.hpp"
#include "ui/MainWindow.hpp"
#include "ui/NodeItem.hpp"
#include "ui/PaletteWidget.hpp"
#include "ui/PropertyEditor.hpp"
#include "ui/TopologyScene.hpp"

#include <QAction>
#include <QComboBox>
#include <QDrag>
#include <QElapsedTimer>
#include <QFile>
#include <QFileDialog>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QTimer>
#include <QUndoStack>
#include <QtTest/QtTest>
#include <algorithm>
#include <deque>
#include <memory>
#include <random>

using namespace meridian;
using namespace meridian::ui;

namespace {

constexpr int kCheckEvery = 50;
/// A step still inside a nested event loop this long (no file dialog being answered) is
/// blocked: what blocks it is reported and closed.
constexpr int kBlockedAfterMs = 5000;

int envInt(const char* name, int fallback)
{
    bool ok = false;
    const int v = qEnvironmentVariableIntValue(name, &ok);
    return ok && v > 0 ? v : fallback;
}

QByteArray readFile(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// Answers the next modal QFileDialog (Open, Save As, Import) with `path`, from inside its
/// exec() loop, exactly as a user typing the name and pressing Enter. `pending` counts the
/// answers not yet given (the watchdog leaves a file dialog alone while one is pending); an
/// answer no dialog asked for within 60 s is dropped with a warning.
void answerFileDialog(const QString& path, int* pending)
{
    ++*pending;
    auto waited = std::make_shared<QElapsedTimer>();
    waited->start();
    auto attempt = std::make_shared<std::function<void()>>();
    *attempt = [path, pending, waited, attempt] {
        QFileDialog* dialog = nullptr;
        for (QWidget* top : QApplication::topLevelWidgets())
            if (auto* d = qobject_cast<QFileDialog*>(top); d != nullptr && d->isVisible())
                dialog = d;
        if (dialog == nullptr) {
            if (waited->elapsed() < 60000) {
                QTimer::singleShot(10, qApp, *attempt);
            } else {
                qWarning("no file dialog to answer with %s", qPrintable(path));
                --*pending;
                *attempt = nullptr; // breaks the self-reference
            }
            return;
        }
        --*pending;
        // Typed into the file name field, then Enter. selectFile() alone is not enough:
        // it leaves the field untouched while the field has keyboard focus, which it gets
        // once the shown dialog is activated; accept() then finds no file and returns, and
        // exec() waits for an answer that was already given (the monkey test's stall, seen
        // on a gdb stack in QFileDialog::getOpenFileName).
        dialog->selectFile(path);
        if (auto* name = dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit")))
            name->setText(path);
        static_cast<QDialog*>(dialog)->accept(); // QFileDialog::accept(), as Enter does
        if (dialog->isVisible()) {
            qWarning("the file dialog did not take %s", qPrintable(path));
            dialog->reject();
        }
        *attempt = nullptr;
    };
    QTimer::singleShot(10, qApp, *attempt);
}

/// The class, title and text of a widget that blocks a step.
QString describe(const QWidget* w)
{
    if (w == nullptr)
        return QStringLiteral("nothing");
    QString out = QString::fromLatin1(w->metaObject()->className());
    if (!w->windowTitle().isEmpty())
        out += QStringLiteral(" \"%1\"").arg(w->windowTitle());
    if (const auto* box = qobject_cast<const QMessageBox*>(w))
        out += QStringLiteral(": ") + box->text();
    return out;
}

} // namespace

class MonkeyTest : public QObject
{
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> m_recovery;
    QTemporaryDir m_dir;
    QStringList m_errors;
    std::mt19937_64 m_rng;
    std::deque<QString> m_log; ///< the last steps, printed on failure
    int m_files = 0;
    int m_document = 0;       ///< which of the four documents runs
    int m_pendingAnswers = 0; ///< file dialogs answerFileDialog is waiting for
    QTimer m_watchdog;
    QElapsedTimer m_stepClock; ///< running while a step runs
    int m_blockedAfterMs = kBlockedAfterMs;

    /// Fires inside any event loop a step opens. After kBlockedAfterMs, whatever keeps the
    /// step from returning (a modal dialog, a popup menu, a drag) is named and closed.
    void watch()
    {
        if (!m_stepClock.isValid() || m_stepClock.elapsed() < m_blockedAfterMs)
            return;
        QStringList blockers;
        if (QWidget* popup = QApplication::activePopupWidget()) {
            blockers << QStringLiteral("popup ") + describe(popup);
            popup->close();
        }
        if (QWidget* modal = QApplication::activeModalWidget()) {
            const bool answering =
                qobject_cast<QFileDialog*>(modal) != nullptr && m_pendingAnswers > 0;
            if (!answering) {
                blockers << QStringLiteral("modal ") + describe(modal);
                if (auto* dialog = qobject_cast<QDialog*>(modal))
                    dialog->reject();
                else
                    modal->close();
            }
        }
        for (QDrag* drag : qApp->findChildren<QDrag*>()) {
            blockers << QStringLiteral("drag from ") +
                            QString::fromLatin1(
                                drag->source() ? drag->source()->metaObject()->className() : "?");
            QDrag::cancel();
        }
        if (blockers.isEmpty())
            return;
        m_errors << QStringLiteral("step blocked for %1 ms in a nested event loop by %2")
                        .arg(m_stepClock.elapsed())
                        .arg(blockers.join(QStringLiteral(", ")));
        m_stepClock.start(); // report each blocker once
    }

    void answer(const QString& path) { answerFileDialog(path, &m_pendingAnswers); }

    std::unique_ptr<MainWindow> makeWindow()
    {
        return test::makeShownWindow([this](const QString& title, const QString& text) {
            m_errors << title + QLatin1Char('\n') + text;
        });
    }

    int uniform(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(m_rng); }
    bool chance(double p) { return std::bernoulli_distribution(p)(m_rng); }

    QString freshPath(const QString& stem)
    {
        return m_dir.filePath(QStringLiteral("%1-%2.topo").arg(stem).arg(++m_files));
    }

    void note(const QString& step)
    {
        if (qEnvironmentVariableIsSet("MERIDIAN_MONKEY_TRACE"))
            qInfo("%s", qPrintable(step));
        m_log.push_back(step);
        if (m_log.size() > 40)
            m_log.pop_front();
    }

    QString history() const
    {
        QString out = QStringLiteral("seed %1, document %2, last steps:\n")
                          .arg(envInt("MERIDIAN_MONKEY_SEED", 1))
                          .arg(m_document);
        for (const auto& s : m_log)
            out += QStringLiteral("  ") + s + QLatin1Char('\n');
        return out;
    }

    /// A scene point: near a random node (scrolled into view) or anywhere in the viewport.
    QPointF pickPoint(MainWindow& w)
    {
        const auto& topo = w.document()->topology();
        if (topo.nodeCount() > 0 && chance(0.6)) {
            const auto& n =
                topo.node(NodeId::fromIndex(uniform(0, static_cast<int>(topo.nodeCount()) - 1)));
            NodeItem* item = w.scene()->nodeItem(QString::fromStdString(n.id));
            if (item != nullptr && item->isVisible()) {
                const QPointF p = item->scenePos() + QPointF(uniform(-8, 8), uniform(-8, 8));
                if (!w.canvas()->viewport()->rect().contains(w.canvas()->mapFromScene(p)))
                    w.canvas()->centerOn(p);
                return p;
            }
        }
        const QRect vp = w.canvas()->viewport()->rect();
        return w.canvas()->mapToScene(
            QPoint(uniform(vp.left(), vp.right()), uniform(vp.top(), vp.bottom())));
    }

    static void drag(MainWindow& w, const QPointF& from, const QPointF& to,
                     Qt::KeyboardModifiers mods)
    {
        QWidget* vp = w.canvas()->viewport();
        const QPoint a = w.canvas()->mapFromScene(from);
        const QPoint b = w.canvas()->mapFromScene(to);
        QTest::mousePress(vp, Qt::LeftButton, mods, a);
        QTest::mouseMove(vp, (a + b) / 2);
        QTest::mouseMove(vp, b);
        QTest::mouseRelease(vp, Qt::LeftButton, mods, b);
    }

    void key(MainWindow& w, Qt::Key k, Qt::KeyboardModifiers mods = Qt::NoModifier)
    {
        w.activateWindow();
        if (chance(0.8))
            w.canvas()->setFocus();
        QTest::keyClick(&w, k, mods);
    }

    QString randomText()
    {
        static const char* const kSamples[] = {
            "",          "0",         "-1",       "1",     "7",
            "1e308",     "1e-320",    "nan",      "inf",   "-0",
            "10G",       "25 Gbit/s", "400 Gbps", "15ms",  "2 s",
            "0.1%",      "150%",      "1,5",      "  3  ", "abc",
            "H100-80GB", "dc-1",      "x\ny",     "ü€𝄞",   "9999999999999999999999",
            "0x10",      ".5",        "1e3 ms"};
        if (chance(0.7))
            return QString::fromUtf8(
                kSamples[uniform(0, static_cast<int>(std::size(kSamples)) - 1)]);
        QString s;
        for (int i = uniform(0, 12); i > 0; --i)
            s += QChar(uniform(32, 126));
        return s;
    }

    void paletteDrop(MainWindow& w)
    {
        const int row = uniform(0, w.palette()->count() - 1);
        const QPointF at = pickPoint(w);
        note(QStringLiteral("palette drop row %1 at (%2, %3)").arg(row).arg(at.x()).arg(at.y()));
        test::dropPaletteRow(w, row, at);
    }

    void propertyEdit(MainWindow& w)
    {
        PropertyEditor* pe = w.propertyEditor();
        QList<QWidget*> editors;
        for (QLineEdit* e : pe->findChildren<QLineEdit*>())
            // Named field editors only (an unnamed inner line edit blocked in a modal loop).
            if (e->isVisible() && e->isEnabled() && !e->isReadOnly() && !e->objectName().isEmpty())
                editors << e;
        for (QComboBox* c : pe->findChildren<QComboBox*>())
            if (c->isVisible() && c->isEnabled())
                editors << c;
        if (editors.isEmpty()) {
            note(QStringLiteral("property edit: nothing to edit"));
            return;
        }
        QWidget* editor = editors[uniform(0, static_cast<int>(editors.size()) - 1)];
        editor->setFocus();
        if (auto* combo = qobject_cast<QComboBox*>(editor)) {
            const bool down = chance(0.5);
            note(QStringLiteral("property combo %1 %2")
                     .arg(combo->objectName(), down ? "down" : "up"));
            QTest::keyClick(combo, down ? Qt::Key_Down : Qt::Key_Up);
            return;
        }
        auto* line = static_cast<QLineEdit*>(editor);
        const QString text = randomText();
        note(QStringLiteral("property edit %1 = '%2'").arg(line->objectName(), text));
        line->selectAll();
        QTest::keyClick(line, Qt::Key_Backspace);
        const bool typable = std::all_of(text.begin(), text.end(), [](QChar c) {
            return c.unicode() >= 32 && c.unicode() < 127;
        });
        if (typable)
            QTest::keyClicks(line, text);
        else
            line->insert(text); // pasted: QTest types only printable ASCII
        QTest::keyClick(line, Qt::Key_Return);
    }

    void zoom(MainWindow& w)
    {
        QWidget* vp = w.canvas()->viewport();
        const QPoint at(uniform(0, vp->width() - 1), uniform(0, vp->height() - 1));
        const int delta = chance(0.5) ? 120 : -120;
        note(QStringLiteral("ctrl+wheel %1").arg(delta));
        QWheelEvent wheel(at, vp->mapToGlobal(at), QPoint(), QPoint(0, delta), Qt::NoButton,
                          Qt::ControlModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(vp, &wheel);
    }

    /// Save As through the dialog, then Open of that file through the dialog of a second
    /// window: the file is the document's text and the reopened drawing is the one saved.
    void saveAndReopen(MainWindow& w)
    {
        const QString path = freshPath(QStringLiteral("step"));
        note(QStringLiteral("save as + open %1").arg(path));
        answer(path);
        w.action(QStringLiteral("file.saveAs"))->trigger();
        QVERIFY2(m_errors.isEmpty(), qPrintable(m_errors.join(QLatin1Char('\n')) + history()));
        QCOMPARE(w.document()->filePath(), path);
        QVERIFY2(!w.document()->isModified(), qPrintable(history()));
        QCOMPARE(readFile(path), w.document()->serialized().toUtf8());
        auto other = makeWindow();
        answer(path);
        other->action(QStringLiteral("file.open"))->trigger();
        QVERIFY2(m_errors.isEmpty(), qPrintable(m_errors.join(QLatin1Char('\n')) + history()));
        QCOMPARE(other->document()->filePath(), path);
        QCOMPARE(other->document()->serialized(), w.document()->serialized());
    }

    void step(MainWindow& w)
    {
        const int kind = uniform(0, 99);
        if (kind < 12) {
            paletteDrop(w);
        } else if (kind < 20) {
            const QPointF p = pickPoint(w);
            note(QStringLiteral("click (%1, %2)").arg(p.x()).arg(p.y()));
            const auto mods = chance(0.2) ? Qt::ControlModifier : Qt::NoModifier;
            QTest::mouseClick(w.canvas()->viewport(), Qt::LeftButton, mods,
                              w.canvas()->mapFromScene(p));
        } else if (kind < 30) {
            const QPointF a = pickPoint(w), b = pickPoint(w);
            note(QStringLiteral("drag (%1, %2) -> (%3, %4)")
                     .arg(a.x())
                     .arg(a.y())
                     .arg(b.x())
                     .arg(b.y()));
            drag(w, a, b, Qt::NoModifier);
        } else if (kind < 38) {
            const QPointF a = pickPoint(w), b = pickPoint(w);
            note(QStringLiteral("link drag (%1, %2) -> (%3, %4)")
                     .arg(a.x())
                     .arg(a.y())
                     .arg(b.x())
                     .arg(b.y()));
            drag(w, a, b, Qt::ShiftModifier);
        } else if (kind < 43) {
            note(QStringLiteral("Delete"));
            key(w, Qt::Key_Delete);
        } else if (kind < 50) {
            note(QStringLiteral("Ctrl+Z"));
            key(w, Qt::Key_Z, Qt::ControlModifier);
        } else if (kind < 54) {
            note(QStringLiteral("Ctrl+Shift+Z"));
            key(w, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        } else if (kind < 57) {
            note(QStringLiteral("Ctrl+C"));
            key(w, Qt::Key_C, Qt::ControlModifier);
        } else if (kind < 61) {
            note(QStringLiteral("Ctrl+V"));
            key(w, Qt::Key_V, Qt::ControlModifier);
        } else if (kind < 63) {
            note(QStringLiteral("Ctrl+X"));
            key(w, Qt::Key_X, Qt::ControlModifier);
        } else if (kind < 65) {
            note(QStringLiteral("Ctrl+D"));
            key(w, Qt::Key_D, Qt::ControlModifier);
        } else if (kind < 68) {
            note(QStringLiteral("Ctrl+E (collapse)"));
            key(w, Qt::Key_E, Qt::ControlModifier);
        } else if (kind < 70) {
            note(QStringLiteral("Ctrl+A"));
            key(w, Qt::Key_A, Qt::ControlModifier);
        } else if (kind < 86) {
            propertyEdit(w);
        } else if (kind < 94) {
            zoom(w);
        } else if (kind < 97) {
            const bool link = chance(0.5);
            note(link ? QStringLiteral("L (link tool)") : QStringLiteral("S (select tool)"));
            key(w, link ? Qt::Key_L : Qt::Key_S);
        } else {
            saveAndReopen(w);
        }
    }

    /// The invariants that hold after every step.
    void checkDocument(MainWindow& w)
    {
        QVERIFY2(m_errors.isEmpty(), qPrintable(m_errors.join(QLatin1Char('\n')) + history()));
        // Nothing left open that would swallow the next step's events.
        QVERIFY2(QApplication::activeModalWidget() == nullptr,
                 qPrintable(describe(QApplication::activeModalWidget()) + history()));
        QVERIFY2(QApplication::activePopupWidget() == nullptr,
                 qPrintable(describe(QApplication::activePopupWidget()) + history()));
        const Document& doc = *w.document();
        const auto issues = topology::validate(doc.topology());
        if (!issues.empty())
            QFAIL(qPrintable(
                QString::fromStdString(issues.front().location + ": " + issues.front().message) +
                QLatin1Char('\n') + history()));
        io::Project reread;
        try {
            reread = io::parseProject(doc.serialized().toStdString(), "monkey.topo");
        } catch (const std::exception& e) {
            QFAIL(qPrintable(QString::fromUtf8(e.what()) + QLatin1Char('\n') + history()));
        }
        QVERIFY2(reread == doc.project(), qPrintable(history()));
        QVERIFY2(w.scene()->nodeItemCount() == static_cast<int>(doc.topology().nodeCount()),
                 qPrintable(history()));
        QVERIFY2(w.scene()->linkItemCount() == static_cast<int>(doc.topology().linkCount()),
                 qPrintable(history()));
    }

    /// Undo to `startIndex`: the document is the start file again; redo: back to now.
    void checkUndoToStart(MainWindow& w, int startIndex, const QByteArray& startFile)
    {
        QUndoStack* stack = w.document()->undoStack();
        const QString now = w.document()->serialized();
        const int index = stack->index();
        stack->setIndex(startIndex);
        QVERIFY2(w.document()->serialized().toUtf8() == startFile, qPrintable(history()));
        stack->setIndex(index);
        QVERIFY2(w.document()->serialized() == now, qPrintable(history()));
    }

    /// Loads `path` through the Open dialog.
    std::function<void(MainWindow&)> open(const QString& path)
    {
        return [this, path](MainWindow& w) {
            answer(path);
            w.action(QStringLiteral("file.open"))->trigger();
            QCOMPARE(QFileInfo(w.document()->filePath()).fileName(), QFileInfo(path).fileName());
        };
    }

    /// The steps of document `index` (0-3): a quarter of MERIDIAN_MONKEY_STEPS (default 200),
    /// the last one taking the remainder.
    static int stepsFor(int index)
    {
        const int total = envInt("MERIDIAN_MONKEY_STEPS", 200);
        const int each = std::max(1, total / 4);
        return index < 3 ? each : std::max(1, total - 3 * each);
    }

    void runOn(int index, const QString& label, const std::function<void(MainWindow&)>& load)
    {
        m_errors.clear();
        m_log.clear();
        m_document = index;
        m_rng.seed(static_cast<std::uint64_t>(envInt("MERIDIAN_MONKEY_SEED", 1)) * 4 +
                   static_cast<std::uint64_t>(index));
        const int steps = stepsFor(index);
        QElapsedTimer clock;
        clock.start();
        note(QStringLiteral("document: %1").arg(label));
        auto w = makeWindow();
        // The watchdog also guards the load and the dialog saves around the steps.
        m_stepClock.start();
        load(*w);
        QVERIFY2(m_errors.isEmpty(), qPrintable(m_errors.join(QLatin1Char('\n'))));
        // The start: saved through the dialog (a temporary copy, never the preset itself).
        const QString start = freshPath(QStringLiteral("start"));
        answer(start);
        w->action(QStringLiteral("file.saveAs"))->trigger();
        const QByteArray startFile = readFile(start);
        QVERIFY(!startFile.isEmpty());
        const int startIndex = w->document()->undoStack()->index();
        checkDocument(*w);
        for (int i = 1; i <= steps; ++i) {
            m_stepClock.start();
            step(*w);
            m_stepClock.invalidate();
            if (QTest::currentTestFailed())
                return;
            checkDocument(*w);
            if (QTest::currentTestFailed())
                return;
            if (i % kCheckEvery == 0) {
                checkUndoToStart(*w, startIndex, startFile);
                if (QTest::currentTestFailed())
                    return;
            }
        }
        checkUndoToStart(*w, startIndex, startFile);
        // Undo everything, save through the dialog: byte for byte the start file.
        w->document()->undoStack()->setIndex(startIndex);
        const QString undone = freshPath(QStringLiteral("undone"));
        m_stepClock.start();
        answer(undone);
        w->action(QStringLiteral("file.saveAs"))->trigger();
        m_stepClock.invalidate();
        QVERIFY2(m_errors.isEmpty(), qPrintable(m_errors.join(QLatin1Char('\n'))));
        QCOMPARE(readFile(undone), startFile);
        qInfo("monkey: %s, %d steps in %lld ms", qPrintable(label), steps, clock.elapsed());
    }

private Q_SLOTS:
    void initTestCase()
    {
        test::setUpGuiTestApp();
        m_recovery = test::freshRecoveryDir();
        QCoreApplication::setAttribute(Qt::AA_DontUseNativeDialogs);
        QVERIFY(m_dir.isValid());
        m_watchdog.setInterval(250);
        connect(&m_watchdog, &QTimer::timeout, this, [this] { watch(); });
        m_watchdog.start();
    }

    // One test function per document (each within Qt's function watchdog), each with its own
    // share of MERIDIAN_MONKEY_STEPS and its own random sequence (seed × 4 + document), so one
    // function replays alone: test_ui -class MonkeyTest presetRing.

    void watchdogNamesAndClosesWhatBlocksAStep()
    {
        // A message box nobody answers, opened inside a "step": the watchdog closes it and
        // names it, and the step returns instead of waiting forever.
        m_errors.clear();
        m_blockedAfterMs = 300;
        m_stepClock.start();
        QMessageBox box(QMessageBox::Warning, QStringLiteral("Blocking"),
                        QStringLiteral("nobody answers this"), QMessageBox::Ok);
        box.exec();
        m_stepClock.invalidate();
        m_blockedAfterMs = kBlockedAfterMs;
        QCOMPARE(m_errors.size(), 1);
        QVERIFY2(m_errors.front().contains(QStringLiteral("QMessageBox")) &&
                     m_errors.front().contains(QStringLiteral("nobody answers this")),
                 qPrintable(m_errors.front()));
        m_errors.clear();
    }

    void fileDialogAnswerIsTakenWhileTheNameFieldHasFocus()
    {
        // The stall's race, made certain: the answer comes after the shown dialog has given
        // its file-name field the keyboard focus. The dialog must take the answer (a 5 s
        // rejection stands in for the stall).
        const QString path = freshPath(QStringLiteral("focused"));
        QFileDialog dialog(nullptr, QStringLiteral("Save"), m_dir.path());
        dialog.setAcceptMode(QFileDialog::AcceptSave);
        bool focused = false;
        QTimer::singleShot(0, &dialog, [&] {
            auto* name = dialog.findChild<QLineEdit*>(QStringLiteral("fileNameEdit"));
            if (name == nullptr)
                return;
            dialog.activateWindow();
            (void)QTest::qWaitForWindowActive(&dialog);
            name->setFocus();
            focused = name->hasFocus();
            answer(path);
        });
        QTimer::singleShot(5000, &dialog, &QDialog::reject);
        const int result = dialog.exec();
        QVERIFY(focused);
        QCOMPARE(result, int(QDialog::Accepted));
        QCOMPARE(dialog.selectedFiles().value(0), path);
    }

    void emptyDrawing()
    {
        runOn(0, QStringLiteral("empty"), [](MainWindow&) {});
    }

    void presetStarWan()
    {
        runOn(1, QStringLiteral("llama3-8b-star-wan"),
              open(test::sourcePath(QStringLiteral("presets/llama3-8b-star-wan.topo"))));
    }

    void presetRing()
    {
        runOn(2, QStringLiteral("allreduce-4dc-ring"),
              open(test::sourcePath(QStringLiteral("presets/allreduce-4dc-ring.topo"))));
    }

    void importedGraphml()
    {
        runOn(3, QStringLiteral("Belnet (GraphML import)"), [this](MainWindow& w) {
            answer(test::dataPath(QStringLiteral("topologyzoo/Belnet.graphml")));
            w.action(QStringLiteral("file.import"))->trigger();
            QVERIFY(w.document()->topology().nodeCount() > 0);
        });
    }
};

MERIDIAN_TEST(MonkeyTest)
#include "MonkeyTest.moc"
