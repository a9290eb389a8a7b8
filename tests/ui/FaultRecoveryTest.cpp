// Faults during work lose nothing in the designer. Saving under a full disk (RLIMIT_FSIZE),
// into a read-only folder or under an overlong name fails with a dialog that names the file
// and the reason, keeps the previous file byte for byte, and keeps the drawing modified; an
// autosave under a full disk keeps the previous recovery file. A designer killed (SIGKILL, in a
// separate process) in the middle of editing is recovered from its autosave on the next start with
// every change up to the last autosave.
#include "FaultInjection.hpp"
#include "TestMain.hpp"
#include "UiTestSupport.hpp"
#include "meridian/topology/Validation.hpp"
#include "ui/Autosave.hpp"
#include "ui/Document.hpp"
#include "ui/MainWindow.hpp"
#include "ui/TopologyScene.hpp"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QtTest/QtTest>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <signal.h>

using namespace meridian;
using namespace meridian::ui;

namespace {

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QString nodeIdAt(int i)
{
    return QStringLiteral("edit-%1").arg(i);
}

} // namespace

class FaultRecoveryTest : public QObject
{
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> m_recovery;
    QStringList m_errors;

    std::unique_ptr<MainWindow> makeWindow()
    {
        return test::makeShownWindow([this](const QString& title, const QString& text) {
            m_errors << title + QLatin1Char('\n') + text;
        });
    }

    /// A window with a saved drawing at `path`, then one more unsaved node.
    std::unique_ptr<MainWindow> savedThenEdited(const QString& path, QByteArray* saved)
    {
        auto w = makeWindow();
        w->scene()->addNodeAt(topology::NodeKind::Center, QPointF(0, 0));
        w->scene()->addNodeAt(topology::NodeKind::Router, QPointF(300, 0));
        if (!w->saveAs(path))
            return nullptr;
        *saved = readAll(path);
        w->scene()->addNodeAt(topology::NodeKind::Gpu, QPointF(0, 40));
        return w;
    }

    void checkFailedSave(MainWindow& w, const QString& path, const QString& reason)
    {
        QVERIFY(!w.saveAs(path));
        QCOMPARE(m_errors.size(), 1);
        QVERIFY2(m_errors[0].contains(QFileInfo(path).fileName().left(40)),
                 qPrintable(m_errors[0]));
        QVERIFY2(m_errors[0].contains(reason), qPrintable(m_errors[0]));
        QVERIFY(w.document()->isModified());
    }

private Q_SLOTS:
    void initTestCase()
    {
        test::setUpGuiTestApp();
        // The child of crashMidEditRecoversUpToTheLastAutosave autosaves into its parent's folder.
        if (qEnvironmentVariableIsEmpty("MERIDIAN_FAULT_CHILD"))
            m_recovery = test::freshRecoveryDir();
    }

    void init() { m_errors.clear(); }

    void saveOnFullDiskKeepsThePreviousFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("drawing.topo"));
        QByteArray saved;
        auto w = savedThenEdited(path, &saved);
        QVERIFY(w);
        {
            test::FileSizeLimit limit(static_cast<rlim_t>(saved.size() / 2));
            checkFailedSave(*w, path, QString::fromUtf8(std::strerror(EFBIG)));
        }
        QCOMPARE(readAll(path), saved);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
                 QStringList{QStringLiteral("drawing.topo")});
        // Room again: the same save succeeds and writes the edit.
        QVERIFY(w->saveAs(path));
        QVERIFY(readAll(path) != saved);
    }

    void saveIntoReadOnlyFolderSaysWhy()
    {
        QTemporaryDir dir;
        QByteArray saved;
        auto w = savedThenEdited(dir.filePath(QStringLiteral("drawing.topo")), &saved);
        QVERIFY(w);
        test::ReadOnlyFolder ro(dir.path());
        const QString path = ro.path() + QStringLiteral("/drawing.topo");
        checkFailedSave(*w, path, QString::fromUtf8(std::strerror(EACCES)));
        QCOMPARE(readAll(dir.filePath(QStringLiteral("drawing.topo"))), saved);
    }

    void saveUnderOverlongNameSaysWhy()
    {
        QTemporaryDir dir;
        QByteArray saved;
        auto w = savedThenEdited(dir.filePath(QStringLiteral("drawing.topo")), &saved);
        QVERIFY(w);
        const QString path = dir.filePath(QString(300, QLatin1Char('n')) + QStringLiteral(".topo"));
        checkFailedSave(*w, path, QString::fromUtf8(std::strerror(ENAMETOOLONG)));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
                 QStringList{QStringLiteral("drawing.topo")});
    }

    void autosaveOnFullDiskKeepsThePreviousRecovery()
    {
        auto w = makeWindow();
        w->scene()->addNodeAt(topology::NodeKind::Center, QPointF(0, 0));
        QVERIFY(w->autosave()->writeNow());
        const QByteArray previous = readAll(w->autosave()->recoveryFile());
        QVERIFY(!previous.isEmpty());
        for (int i = 1; i <= 5; ++i)
            w->scene()->addNodeAt(topology::NodeKind::Router, QPointF(i * 100.0, 0));
        {
            test::FileSizeLimit limit(static_cast<rlim_t>(previous.size()));
            QVERIFY(!w->autosave()->writeNow());
        }
        QCOMPARE(readAll(w->autosave()->recoveryFile()), previous);
        QVERIFY(w->autosave()->writeNow());
        QCOMPARE(readAll(w->autosave()->recoveryFile()), w->document()->serialized().toUtf8());
        w->autosave()->discardOwn();
    }

    /// Run in a child process by crashMidEditRecoversUpToTheLastAutosave: adds a node, writes
    /// the autosave (the slot the autosave timer calls), reports the count on stdout, and
    /// repeats until it is killed.
    void childEditsUntilKilled()
    {
        if (qEnvironmentVariableIsEmpty("MERIDIAN_FAULT_CHILD"))
            QSKIP("runs only as the child process of crashMidEditRecoversUpToTheLastAutosave");
        auto w = makeWindow();
        for (int i = 0; i < 100000; ++i) {
            w->scene()->addNodeAt(topology::NodeKind::Router, QPointF(i * 40.0, 0));
            // Rename the new node to a known id through the document's undoable path.
            const auto& topo = w->document()->topology();
            auto attrs = topo.node(NodeId::fromIndex(topo.nodeCount() - 1));
            const std::string oldId = attrs.id;
            attrs.id = nodeIdAt(i).toStdString();
            w->document()->setNodeAttributes(oldId, attrs);
            // One more edit that is not autosaved before the next autosave.
            if (i % 3 == 0)
                w->scene()->addNodeAt(topology::NodeKind::Host, QPointF(i * 40.0, 80));
            if (!w->autosave()->writeNow())
                QFAIL("autosave failed");
            std::printf("autosaved %d\n", i + 1);
            std::fflush(stdout);
            QTest::qWait(2);
        }
    }

    void crashMidEditRecoversUpToTheLastAutosave()
    {
        Autosave::discard();
        QProcess child;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("MERIDIAN_FAULT_CHILD"), QStringLiteral("1"));
        env.insert(QStringLiteral("MERIDIAN_RECOVERY_DIR"), Autosave::recoveryDir());
        child.setProcessEnvironment(env);
        child.start(QCoreApplication::applicationFilePath(),
                    {QStringLiteral("-class"), QStringLiteral("FaultRecoveryTest"),
                     QStringLiteral("childEditsUntilKilled")});
        QVERIFY(child.waitForStarted());
        // Kill it right after its 25th autosave (it goes on editing meanwhile).
        int reported = 0;
        while (reported < 25) {
            QVERIFY2(child.waitForReadyRead(60000), child.readAllStandardError().constData());
            while (child.canReadLine()) {
                const QByteArray line = child.readLine().trimmed();
                if (line.startsWith("autosaved "))
                    reported = line.mid(10).toInt();
            }
        }
        QVERIFY(child.processId() > 0); // kill(0, ...) would hit this test
        ::kill(static_cast<pid_t>(child.processId()), SIGKILL);
        QVERIFY(child.waitForFinished(30000));
        QCOMPARE(child.exitStatus(), QProcess::CrashExit);
        // Anything reported after the 25th is also in the file: count the last report.
        while (child.canReadLine()) {
            const QByteArray line = child.readLine().trimmed();
            if (line.startsWith("autosaved "))
                reported = line.mid(10).toInt();
        }

        QVERIFY2(!Autosave::orphanedRecoveries().isEmpty(),
                 qPrintable(QDir(Autosave::recoveryDir()).entryList(QDir::Files).join(' ')));
        auto w = makeWindow();
        QVERIFY(w->offerRecovery());
        const Document& doc = *w->document();
        QVERIFY(doc.isModified());
        QVERIFY(topology::validate(doc.topology()).empty());
        // Every change up to the last autosave: the renamed routers 1..n at their places, and
        // at most one autosave more than reported (killed between writing and reporting).
        int recovered = 0;
        while (doc.node(nodeIdAt(recovered).toStdString()) != nullptr)
            ++recovered;
        QVERIFY2(
            recovered == reported || recovered == reported + 1,
            qPrintable(QStringLiteral("%1 reported, %2 recovered").arg(reported).arg(recovered)));
        for (int i = 0; i < recovered; ++i)
            QCOMPARE(doc.node(nodeIdAt(i).toStdString())->pos[0], i * 40.0);
        QCOMPARE(doc.topology().nodeCount(),
                 static_cast<std::size_t>(recovered + (recovered + 2) / 3));
        QVERIFY(m_errors.isEmpty());
    }
};

MERIDIAN_TEST(FaultRecoveryTest)
#include "FaultRecoveryTest.moc"
