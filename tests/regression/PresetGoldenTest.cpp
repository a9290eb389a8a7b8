// Examples are tests: every presets/*.topo validates, runs, and reproduces its golden results.
#include "TestMain.hpp"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest/QtTest>

class PresetGoldenTest : public QObject
{
    Q_OBJECT
private:
    /// Runs meridian-cli; returns stdout+stderr for failure messages.
    static QByteArray runCli(const QStringList& args, int* exitCode)
    {
        const meridian::test::CliRun r = meridian::test::runCli(args);
        *exitCode = r.code;
        return (r.out + r.err).toUtf8();
    }

private Q_SLOTS:
    void presets_data()
    {
        QTest::addColumn<QString>("file");
        const QDir dir(meridian::test::sourcePath("presets"));
        const QStringList files = dir.entryList({"*.topo"}, QDir::Files, QDir::Name);
        QVERIFY(!files.isEmpty());
        for (const QString& f : files)
            QTest::newRow(qPrintable(f)) << dir.filePath(f);
    }

    void presets()
    {
        QFETCH(QString, file);
        int code = 0;
        QByteArray out = runCli({"validate", file}, &code);
        QVERIFY2(code == 0, out.constData());

        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        out = runCli({"run", file, "--out", tmp.path(), "--format", "json,csv", "--quiet"}, &code);
        QVERIFY2(code == 0, out.constData());
        QFile results(tmp.filePath("results.json"));
        QVERIFY(results.open(QIODevice::ReadOnly));
        const QByteArray actual = results.readAll();
        QVERIFY(QFile::exists(tmp.filePath("phases.csv")));

        // The same file and seed must give byte-identical results on a second run.
        QTemporaryDir tmp2;
        out = runCli({"run", file, "--out", tmp2.path(), "--format", "json", "--quiet"}, &code);
        QVERIFY2(code == 0, out.constData());
        QFile again(tmp2.filePath("results.json"));
        QVERIFY(again.open(QIODevice::ReadOnly));
        QCOMPARE(again.readAll(), actual);

        const QString golden = meridian::test::sourcePath("tests/regression/golden/" + QFileInfo(file).completeBaseName() +
                                                          ".results.json");
        if (qEnvironmentVariableIsSet("MERIDIAN_UPDATE_GOLDEN")) {
            QFile g(golden);
            QVERIFY(g.open(QIODevice::WriteOnly | QIODevice::Truncate));
            g.write(actual);
            QSKIP("golden file rewritten");
        }
        QFile g(golden);
        QVERIFY2(g.open(QIODevice::ReadOnly), qPrintable("missing golden file " + golden));
        const QByteArray expected = g.readAll();
        if (expected != actual) {
            // Show the first differing line to make a regression easy to read.
            const QList<QByteArray> a = actual.split('\n');
            const QList<QByteArray> e = expected.split('\n');
            for (int i = 0; i < std::min(a.size(), e.size()); ++i)
                if (a[i] != e[i])
                    QFAIL(qPrintable(QString("line %1 differs:\n  golden: %2\n  actual: %3")
                                         .arg(i + 1)
                                         .arg(QString::fromUtf8(e[i]))
                                         .arg(QString::fromUtf8(a[i]))));
            QFAIL("results.json length differs from the golden file");
        }
    }
};

MERIDIAN_TEST(PresetGoldenTest)
#include "PresetGoldenTest.moc"
