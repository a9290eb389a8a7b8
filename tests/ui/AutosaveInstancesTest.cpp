// Per-instance crash recovery: each window autosaves to its own file guarded by a QLockFile,
// a running instance's file is never offered to another, and files left by dead instances
// (no lock, or a stale lock naming a process that is gone) are offered and restored.
#include "TestMain.hpp"
#include "UiTestSupport.hpp"
#include "ui/Autosave.hpp"
#include "ui/CanvasView.hpp"
#include "ui/Document.hpp"
#include "ui/MainWindow.hpp"
#include "ui/Resources.hpp"
#include "ui/TopologyScene.hpp"

#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QProcess>
#include <QUndoStack>
#include <QtTest/QtTest>
#include <memory>

using namespace meridian;
using namespace meridian::ui;

class AutosaveInstancesTest : public QObject
{
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> m_recovery;
    int m_asked = 0;

    std::unique_ptr<MainWindow> makeWindow()
    {
        auto w = std::make_unique<MainWindow>();
        w->setErrorReporter([](const QString& title, const QString& text) {
            QFAIL(qPrintable(title + QLatin1Char('\n') + text));
        });
        w->setAsker([this](const QString&, const QString&, QMessageBox::StandardButtons buttons) {
            ++m_asked;
            return buttons.testFlag(QMessageBox::Discard) ? QMessageBox::Discard : QMessageBox::Yes;
        });
        w->show();
        return w;
    }

    static QByteArray readAll(const QString& path)
    {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }

    /// Lock-file text as QLockFile writes it for this process, with the pid and process name
    /// replaced: lets a test forge the lock of another (live or dead) process on this host.
    QByteArray forgedLock(qint64 pid, const QByteArray& appName)
    {
        QTemporaryDir dir;
        QLockFile own(dir.filePath(QStringLiteral("probe.lock")));
        if (!own.tryLock(0))
            return {};
        QList<QByteArray> lines = readAll(dir.filePath(QStringLiteral("probe.lock"))).split('\n');
        own.unlock();
        if (lines.size() < 3)
            return {};
        lines[0] = QByteArray::number(pid);
        lines[1] = appName;
        return lines.join('\n');
    }

    /// The executable name QLockFile compares (it reads /proc/<pid>/exe on Linux).
    static QByteArray exeName(qint64 pid)
    {
        return QFileInfo(QStringLiteral("/proc/%1/exe").arg(pid))
            .symLinkTarget()
            .section(QLatin1Char('/'), -1)
            .toUtf8();
    }

    void writeRecovery(const QString& stem, const QByteArray& topo, const QByteArray& lock)
    {
        QFile t(stem + QStringLiteral(".topo"));
        QVERIFY(t.open(QIODevice::WriteOnly));
        t.write(topo);
        t.close();
        if (!lock.isEmpty()) {
            QFile l(stem + QStringLiteral(".lock"));
            QVERIFY(l.open(QIODevice::WriteOnly));
            l.write(lock);
        }
    }

private Q_SLOTS:
    void initTestCase() { test::setUpGuiTestApp(); }

    void init()
    {
        // A fresh recovery directory per test function.
        m_recovery = test::freshRecoveryDir();
        m_asked = 0;
    }

    void twoWindowsKeepSeparateRecoveryFiles()
    {
        auto a = makeWindow();
        auto b = makeWindow();
        QVERIFY(a->autosave()->recoveryFile() != b->autosave()->recoveryFile());
        a->scene()->addNodeAt(topology::NodeKind::Gpu, QPointF(0, 0));
        b->scene()->addNodeAt(topology::NodeKind::Switch, QPointF(0, 0));
        b->scene()->addNodeAt(topology::NodeKind::Switch, QPointF(100, 0));
        QVERIFY(a->autosave()->writeNow());
        QVERIFY(b->autosave()->writeNow());
        // Each file holds its own window's drawing: neither overwrote the other.
        QCOMPARE(QString::fromUtf8(readAll(a->autosave()->recoveryFile())),
                 a->document()->serialized());
        QCOMPARE(QString::fromUtf8(readAll(b->autosave()->recoveryFile())),
                 b->document()->serialized());
        QVERIFY(Autosave::hasRecovery());
        // Both are live: a third window is offered nothing and asks nothing.
        QVERIFY(Autosave::orphanedRecoveries().isEmpty());
        {
            auto c = makeWindow();
            QVERIFY(!c->offerRecovery());
            QCOMPARE(m_asked, 0);
            // Static discard() only removes orphans: the live files survive it.
            Autosave::discard();
            QVERIFY(QFile::exists(a->autosave()->recoveryFile()));
            QVERIFY(QFile::exists(b->autosave()->recoveryFile()));
        }
        // Window a "crashes" (destroyed without a clean close): its file becomes an orphan.
        const QString aFile = a->autosave()->recoveryFile();
        const QString aText = a->document()->serialized();
        a.reset();
        QCOMPARE(Autosave::orphanedRecoveries(), QStringList{aFile});
        auto c = makeWindow();
        QVERIFY(c->offerRecovery());
        QCOMPARE(m_asked, 1);
        QCOMPARE(c->document()->serialized(), aText);
        QVERIFY(c->document()->isModified());
        // The restored drawing now lives in c's own file; the orphan is gone; b untouched.
        QVERIFY(!QFile::exists(aFile));
        QCOMPARE(QString::fromUtf8(readAll(c->autosave()->recoveryFile())), aText);
        QCOMPARE(QString::fromUtf8(readAll(b->autosave()->recoveryFile())),
                 b->document()->serialized());
        // A clean save removes only the saver's file.
        QTemporaryDir out;
        QVERIFY(c->saveAs(out.filePath(QStringLiteral("c.topo"))));
        QVERIFY(!QFile::exists(c->autosave()->recoveryFile()));
        QVERIFY(QFile::exists(b->autosave()->recoveryFile()));
    }

    void staleLockIsOfferedLiveLockIsNot()
    {
        const QString dir = m_recovery->path();
        QByteArray topo;
        {
            auto w = makeWindow();
            w->scene()->addNodeAt(topology::NodeKind::Router, QPointF(0, 0));
            topo = w->document()->serialized().toUtf8();
            w->document()->undoStack()->clear();
        }
        // A process that has exited: its lock is stale.
        QProcess dead;
        dead.start(QStringLiteral("true"), {});
        QVERIFY(dead.waitForStarted());
        const qint64 deadPid = dead.processId();
        QVERIFY(dead.waitForFinished());
        const QByteArray staleLock = forgedLock(deadPid, "meridian");
        QVERIFY(!staleLock.isEmpty());
        writeRecovery(dir + QStringLiteral("/recovery-%1-0").arg(deadPid), topo, staleLock);
        // A process that is still running (another "instance"): its lock is live.
        QProcess live;
        live.start(QStringLiteral("sleep"), {QStringLiteral("30")});
        QVERIFY(live.waitForStarted());
        writeRecovery(dir + QStringLiteral("/recovery-%1-0").arg(live.processId()), topo,
                      forgedLock(live.processId(), exeName(live.processId())));
        const QStringList orphans = Autosave::orphanedRecoveries();
        QCOMPARE(orphans.size(), 1);
        QVERIFY(orphans[0].endsWith(QStringLiteral("recovery-%1-0.topo").arg(deadPid)));
        auto w = makeWindow();
        QVERIFY(w->offerRecovery());
        QCOMPARE(m_asked, 1);
        QCOMPARE(w->document()->serialized(), QString::fromUtf8(topo));
        QVERIFY(!QFile::exists(orphans[0]));
        // The live instance's file is still there and still not offered.
        QVERIFY(QFile::exists(dir + QStringLiteral("/recovery-%1-0.topo").arg(live.processId())));
        QVERIFY(!w->offerRecovery());
        live.kill();
        live.waitForFinished();
        // Once that process is gone its file is an orphan too.
        QCOMPARE(Autosave::orphanedRecoveries().size(), 1);
    }

    void declinedRecoveryIsDeleted()
    {
        auto a = makeWindow();
        a->scene()->addNodeAt(topology::NodeKind::Gpu, QPointF(0, 0));
        QVERIFY(a->autosave()->writeNow());
        const QString file = a->autosave()->recoveryFile();
        a.reset();
        auto w = makeWindow();
        w->setAsker([this](const QString&, const QString&, QMessageBox::StandardButtons) {
            ++m_asked;
            return QMessageBox::No;
        });
        QVERIFY(!w->offerRecovery());
        QCOMPARE(m_asked, 1);
        QVERIFY(!QFile::exists(file));
        QVERIFY(!Autosave::hasRecovery());
        QCOMPARE(w->document()->topology().nodeCount(), 0u);
    }
};

MERIDIAN_TEST(AutosaveInstancesTest)
#include "AutosaveInstancesTest.moc"
