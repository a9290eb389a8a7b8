// Every command of README.md's "A five-minute tour", as written, in a copy of the files the
// repository ships (presets/ and README.md) inside a temporary folder that has no
// ../shared beside it, as on a user's fresh clone. `build/app/...` in the copy are links to
// this build's programs.
//
// Expected: every `meridian-cli` command exits 0 and writes what it says; the GUI command
// (`meridian FILE --run`, which stays open) runs the experiment offscreen without exiting
// with an error until it is closed. `bash packaging/dev.sh run` is the build this test runs
// in, so it is the one command not run again.
#include "TestMain.hpp"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest/QtTest>

using namespace meridian;

namespace {

/// The shell commands of the README's tour block, in order (comments and blank lines dropped).
QStringList tourCommands()
{
    QFile readme(test::sourcePath("README.md"));
    if (!readme.open(QIODevice::ReadOnly))
        return {};
    const QString text = QString::fromUtf8(readme.readAll());
    const qsizetype section = text.indexOf(QLatin1String("## A five-minute tour"));
    const qsizetype open = text.indexOf(QLatin1String("```sh\n"), section);
    const qsizetype close = text.indexOf(QLatin1String("```"), open + 6);
    if (section < 0 || open < 0 || close < 0)
        return {};
    QStringList commands;
    for (const QString& line : text.mid(open + 6, close - open - 6).split(QLatin1Char('\n'))) {
        const QString command = line.trimmed();
        if (!command.isEmpty() && !command.startsWith(QLatin1Char('#')))
            commands << command;
    }
    return commands;
}

/// Copies every file under `from` into `to`, keeping the folders.
bool copyTree(const QString& from, const QString& to)
{
    QDirIterator it(from, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString file = it.next();
        const QString target = to + QLatin1Char('/') + QDir(from).relativeFilePath(file);
        if (!QDir().mkpath(QFileInfo(target).absolutePath()) || !QFile::copy(file, target))
            return false;
    }
    return true;
}

} // namespace

class ReadmeTourTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        m_clone = m_tmp.filePath(QStringLiteral("meridian"));
        QVERIFY(copyTree(test::sourcePath("presets"), m_clone + QStringLiteral("/presets")));
        QVERIFY(QFile::copy(test::sourcePath("README.md"), m_clone + QStringLiteral("/README.md")));
        QVERIFY(QDir().mkpath(m_clone + QStringLiteral("/build/app/gui")));
        QVERIFY(QFile::link(test::cliPath(), m_clone + QStringLiteral("/build/app/meridian-cli")));
#ifdef MERIDIAN_GUI_PATH
        QVERIFY(QFile::link(QStringLiteral(MERIDIAN_GUI_PATH),
                            m_clone + QStringLiteral("/build/app/gui/meridian")));
#endif
        // A fresh clone: nothing beside it.
        QVERIFY(!QFileInfo::exists(m_clone + QStringLiteral("/../shared")));
    }

    void tourRunsAsWritten_data()
    {
        QTest::addColumn<QString>("command");
        const QStringList commands = tourCommands();
        QVERIFY2(commands.size() >= 10, "the README's tour block was not found");
        for (const QString& c : commands)
            QTest::newRow(qPrintable(c)) << c;
    }

    void tourRunsAsWritten()
    {
        QFETCH(QString, command);
        if (command.startsWith(QLatin1String("bash packaging/dev.sh")))
            QSKIP("the build this test runs in");
        const bool gui = command.startsWith(QLatin1String("build/app/gui/meridian"));
#ifndef MERIDIAN_GUI_PATH
        if (gui)
            QSKIP("a build without the GUI");
#endif
        QProcess p;
        p.setWorkingDirectory(m_clone);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("MERIDIAN_RECOVERY_DIR"), m_tmp.filePath(QStringLiteral("rec")));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_tmp.filePath(QStringLiteral("config")));
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_tmp.filePath(QStringLiteral("data")));
        p.setProcessEnvironment(env);
        // exec: the shell becomes the GUI, so that stopping it below stops the window itself
        // instead of leaving it running without its shell.
        p.start(QStringLiteral("/bin/sh"),
                {QStringLiteral("-c"), gui ? QStringLiteral("exec ") + command : command});
        QVERIFY2(p.waitForStarted(), qPrintable(command));
        if (gui) {
            // The window stays open after its run: it must still be up after the run's
            // time.
            const bool exited = p.waitForFinished(15000);
            if (!exited) {
                p.terminate();
                if (!p.waitForFinished(5000))
                    p.kill();
                p.waitForFinished();
                return;
            }
            QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0,
                     qPrintable(QString::fromUtf8(p.readAllStandardError())));
            return;
        }
        QVERIFY2(p.waitForFinished(600000), qPrintable(command + QStringLiteral(": timed out")));
        const QString err = QString::fromUtf8(p.readAllStandardError());
        const QString out = QString::fromUtf8(p.readAllStandardOutput());
        QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0,
                 qPrintable(command + QStringLiteral("\nstdout: ") + out +
                            QStringLiteral("\nstderr: ") + err));
        // The shipped and generated experiments fit their GPUs and split their batch
        // evenly.
        QVERIFY2(!err.contains(QLatin1String("global_batch_tokens")), qPrintable(err));
        // What the commands say they write is there.
        const QRegularExpression outFile(QStringLiteral("(?:-o|--out) (\\S+)"));
        if (const auto m = outFile.match(command); m.hasMatch())
            QVERIFY2(QFileInfo::exists(m_clone + QLatin1Char('/') + m.captured(1)),
                     qPrintable(m.captured(1)));
    }

private:
    QTemporaryDir m_tmp;
    QString m_clone;
};

MERIDIAN_TEST(ReadmeTourTest)
#include "ReadmeTourTest.moc"
