// Faults while writing lose nothing. io::writeFileAtomically (every .topo save of the CLI,
// every result file) under a full disk (RLIMIT_FSIZE: write() fails partway with EFBIG, as
// with ENOSPC), a read-only folder and an overlong name: the previous file is intact, no
// temporary is left, and the error names the file and the reason. `meridian-cli run --out`
// under the same faults, a file in the output folder that cannot be replaced, and a process
// cancelled (SIGINT) or killed (SIGKILL, SIGXFSZ) at any moment: the output folder holds the
// previous complete set of results or the new complete set, never a mix, never a half file.
#include "FaultInjection.hpp"
#include "TestMain.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/io/AtomicWrite.hpp"
#include "meridian/io/ProjectFile.hpp"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QProcess>
#include <QtTest/QtTest>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <signal.h>
#include <stdexcept>

using namespace meridian;

namespace {

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeText(const QString& path, const QByteArray& text)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text);
}

/// Every entry of a folder, hidden ones included.
QStringList entries(const QString& dir)
{
    return QDir(dir).entryList(
        QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDir::Name);
}

/// The text of `e` as the user sees it, or "" if `f` did not throw an InputError.
template <class F> QString inputErrorOf(F&& f)
{
    try {
        f();
    } catch (const InputError& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

/// Folder contents as file name → bytes.
QMap<QString, QByteArray> snapshot(const QString& dir)
{
    QMap<QString, QByteArray> out;
    for (const QString& name : entries(dir))
        out.insert(name, readAll(dir + QLatin1Char('/') + name));
    return out;
}

// The default preset on the fast path (test::fastPresetPath): about 0.3 s per run.
const QString kPreset = QStringLiteral("llama3-8b-star-wan.topo");

/// Starts `meridian-cli run <preset> --out <out>`; `limitBytes` > 0 sets RLIMIT_FSIZE in
/// the child only, with SIGXFSZ at its default (the process is killed on the write that
/// would exceed it) or ignored (that write fails with EFBIG).
void startRun(QProcess& p, const QString& out, rlim_t limitBytes = 0, bool ignoreXfsz = false)
{
    p.setChildProcessModifier([limitBytes, ignoreXfsz] {
        ::signal(SIGXFSZ, ignoreXfsz ? SIG_IGN : SIG_DFL);
        ::signal(SIGINT, SIG_DFL);
        if (limitBytes > 0) {
            rlimit r{};
            ::getrlimit(RLIMIT_FSIZE, &r);
            r.rlim_cur = limitBytes;
            ::setrlimit(RLIMIT_FSIZE, &r);
        }
    });
    p.start(test::cliPath(), {QStringLiteral("run"), test::fastPresetPath(kPreset),
                              QStringLiteral("--out"), out, QStringLiteral("--quiet")});
}

/// A complete result set: results.json parses and run-info.json (written last) is there.
bool completeResults(const QString& dir)
{
    QJsonParseError err{};
    QJsonDocument::fromJson(readAll(dir + QStringLiteral("/results.json")), &err);
    return err.error == QJsonParseError::NoError &&
           QFileInfo::exists(dir + QStringLiteral("/run-info.json")) &&
           QFileInfo::exists(dir + QStringLiteral("/phases.csv"));
}

} // namespace

class WriteFaultTest : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QMap<QString, QByteArray> m_goodRun; ///< a complete result set of kPreset

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const QString out = m_dir.filePath(QStringLiteral("good"));
        QProcess p;
        startRun(p, out);
        QVERIFY(p.waitForFinished(120000));
        QCOMPARE(p.exitCode(), 0);
        QVERIFY(completeResults(out));
        m_goodRun = snapshot(out);
    }

    void fullDiskKeepsThePreviousFile()
    {
        const QString target = m_dir.filePath(QStringLiteral("full.topo"));
        writeText(target, "previous contents\n");
        QString error;
        {
            test::FileSizeLimit limit(4096);
            error = inputErrorOf(
                [&] { io::writeFileAtomically(target.toStdString(), std::string(100000, 'x')); });
        }
        QVERIFY2(error.contains(target), qPrintable(error));
        QVERIFY2(error.contains(QString::fromUtf8(std::strerror(EFBIG))), qPrintable(error));
        QCOMPARE(readAll(target), QByteArray("previous contents\n"));
        QCOMPARE(entries(m_dir.path()).filter(QStringLiteral("full.topo")),
                 QStringList{QStringLiteral("full.topo")}); // no temporary left
    }

    void streamedWriteUnderFullDiskKeepsThePreviousFile()
    {
        // The streamed form (results.json) fails like the whole-string one: 100,000 bytes
        // through its 64 KiB buffer hit the 4 KiB limit on the first flush.
        const QString target = m_dir.filePath(QStringLiteral("streamed.json"));
        writeText(target, "previous contents\n");
        QString error;
        {
            test::FileSizeLimit limit(4096);
            error = inputErrorOf([&] {
                io::writeFileAtomically(target.toStdString(), [](std::ostream& out) {
                    for (int i = 0; i < 1000; ++i)
                        out << std::string(100, 'x');
                });
            });
        }
        QVERIFY2(error.contains(target), qPrintable(error));
        QVERIFY2(error.contains(QString::fromUtf8(std::strerror(EFBIG))), qPrintable(error));
        QCOMPARE(readAll(target), QByteArray("previous contents\n"));
        QCOMPARE(entries(m_dir.path()).filter(QStringLiteral("streamed.json")),
                 QStringList{QStringLiteral("streamed.json")});
    }

    void streamedWriteThatThrowsKeepsThePreviousFile()
    {
        const QString target = m_dir.filePath(QStringLiteral("thrown.json"));
        writeText(target, "previous contents\n");
        bool thrown = false;
        try {
            io::writeFileAtomically(target.toStdString(), [](std::ostream& out) {
                out << std::string(200000, 'y'); // more than one buffer already written
                throw std::runtime_error("the writer gave up");
            });
        } catch (const std::runtime_error&) {
            thrown = true;
        }
        QVERIFY(thrown);
        QCOMPARE(readAll(target), QByteArray("previous contents\n"));
        QCOMPARE(entries(m_dir.path()).filter(QStringLiteral("thrown.json")),
                 QStringList{QStringLiteral("thrown.json")});
        // And when it completes, the file holds exactly what was streamed.
        std::string expected;
        for (int i = 0; i < 70000; ++i)
            expected += std::to_string(i) + '\n';
        io::writeFileAtomically(target.toStdString(), [](std::ostream& out) {
            for (int i = 0; i < 70000; ++i)
                out << i << '\n';
        });
        QCOMPARE(readAll(target), QByteArray::fromStdString(expected));
    }

    void readOnlyFolderSaysWhy()
    {
        QTemporaryDir sub;
        const QString previous = sub.filePath(QStringLiteral("p.topo"));
        writeText(previous, "old\n");
        QString error, path;
        {
            test::ReadOnlyFolder ro(sub.path());
            path = ro.path() + QStringLiteral("/p.topo");
            error = inputErrorOf([&] { io::writeFileAtomically(path.toStdString(), "new\n"); });
        }
        QVERIFY2(error.contains(path), qPrintable(error));
        QVERIFY2(error.contains(QString::fromUtf8(std::strerror(EACCES))), qPrintable(error));
        QCOMPARE(readAll(previous), QByteArray("old\n"));
        QCOMPARE(entries(sub.path()), QStringList{QStringLiteral("p.topo")});
    }

    void overlongNamesSayWhy()
    {
        // A name over NAME_MAX (255 bytes), and a path over PATH_MAX (4096 bytes).
        const QString longName = m_dir.filePath(QString(300, QLatin1Char('n')) + ".topo");
        QString deep = m_dir.path();
        while (deep.size() < 4200)
            deep += QStringLiteral("/") + QString(200, QLatin1Char('d'));
        for (const QString& path : {longName, deep + QStringLiteral("/p.topo")}) {
            const QString error =
                inputErrorOf([&] { io::writeFileAtomically(path.toStdString(), "x\n"); });
            QVERIFY2(error.contains(QString::fromUtf8(std::strerror(ENAMETOOLONG))) ||
                         error.contains(QString::fromUtf8(std::strerror(ENOENT))),
                     qPrintable(error));
        }
        QVERIFY(entries(m_dir.path()).filter(QStringLiteral("nnnn")).isEmpty());
    }

    void runOutputFaultsKeepThePreviousResults_data()
    {
        QTest::addColumn<int>("fault");
        QTest::newRow("full disk (EFBIG)") << 0;
        QTest::newRow("full disk, killed by SIGXFSZ") << 1;
        QTest::newRow("a result name taken by a folder") << 2;
    }

    void runOutputFaultsKeepThePreviousResults()
    {
        QFETCH(int, fault);
        // The previous results: a complete set, marked so that any replacement shows.
        const QString out = m_dir.filePath(QStringLiteral("prev-%1").arg(fault));
        QVERIFY(QDir().mkpath(out));
        for (auto it = m_goodRun.cbegin(); it != m_goodRun.cend(); ++it)
            writeText(out + QLatin1Char('/') + it.key(), "previous " + it.key().toUtf8() + "\n");
        if (fault == 2) {
            QFile::remove(out + QStringLiteral("/run-info.json"));
            QVERIFY(QDir().mkpath(out + QStringLiteral("/run-info.json")));
        }
        const auto before = snapshot(out);
        QProcess p;
        startRun(p, out, fault == 2 ? 0 : 2048, fault == 0);
        QVERIFY(p.waitForFinished(120000));
        const QString err = QString::fromUtf8(p.readAllStandardError());
        if (fault == 1) {
            QCOMPARE(p.exitStatus(), QProcess::CrashExit);
        } else {
            QCOMPARE(p.exitStatus(), QProcess::NormalExit);
            QVERIFY2(p.exitCode() != 0, qPrintable(err));
            QVERIFY2(err.contains(fault == 0 ? QString::fromUtf8(std::strerror(EFBIG))
                                             : QStringLiteral("run-info.json")),
                     qPrintable(err));
        }
        QCOMPARE(snapshot(out), before);
        // Nothing but the folder itself (and at most a hidden staging folder after a kill).
        for (const QString& e : entries(m_dir.path()))
            if (e.startsWith(QStringLiteral(".prev-%1").arg(fault)))
                QVERIFY2(fault == 1, qPrintable(e));
    }

    void runIntoUnwritableOrOverlongFolderSaysWhy()
    {
        QTemporaryDir sub;
        test::ReadOnlyFolder ro(sub.path());
        const QString longOut = m_dir.filePath(QString(300, QLatin1Char('r')));
        for (const QString& out : {ro.path() + QStringLiteral("/results"), longOut}) {
            QProcess p;
            startRun(p, out);
            QVERIFY(p.waitForFinished(120000));
            const QString err = QString::fromUtf8(p.readAllStandardError());
            QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() != 0, qPrintable(err));
            QVERIFY2(err.contains(QString::fromUtf8(std::strerror(EACCES))) ||
                         err.contains(QString::fromUtf8(std::strerror(EPERM))) ||
                         err.contains(QString::fromUtf8(std::strerror(ENAMETOOLONG))),
                     qPrintable(err));
            QVERIFY(!QFileInfo::exists(out));
        }
    }

    void runCancelledOrKilledAtAnyMomentWritesNoHalfResult()
    {
        // SIGINT (cancel) and SIGKILL at spread-out moments of a run: while the topology is
        // read, while the engine runs, while the files are written, after the end.
        int complete = 0, untouched = 0;
        for (int i = 0; i < 16; ++i) {
            const QString out = m_dir.filePath(QStringLiteral("cut-%1").arg(i));
            QProcess p;
            startRun(p, out);
            QVERIFY(p.waitForStarted());
            QTest::qWait(i * 40);
            // processId() is 0 once the run has ended: kill(0, ...) would hit this test.
            if (const qint64 pid = p.processId(); pid > 0 && p.state() == QProcess::Running)
                ::kill(static_cast<pid_t>(pid), i % 2 == 0 ? SIGINT : SIGKILL);
            if (p.state() != QProcess::NotRunning)
                QVERIFY(p.waitForFinished(120000));
            if (!QFileInfo::exists(out) || entries(out).isEmpty()) {
                ++untouched;
                continue;
            }
            QVERIFY2(completeResults(out), qPrintable(entries(out).join(QLatin1Char(' '))));
            QCOMPARE(entries(out), m_goodRun.keys());
            QCOMPARE(readAll(out + QStringLiteral("/results.json")),
                     m_goodRun.value(QStringLiteral("results.json")));
            ++complete;
        }
        qInfo("%d runs cut before writing, %d complete", untouched, complete);
    }
};

MERIDIAN_TEST(WriteFaultTest)
#include "WriteFaultTest.moc"
