// `meridian-cli generate`: help from the registry, output file, message, exit codes.
#include "TestMain.hpp"
#include "meridian/io/ProjectFile.hpp"
#include "meridian/topology/Generators.hpp"

#include <QTemporaryDir>
#include <QtTest/QtTest>

using namespace meridian;

class GenerateCommandTest : public QObject
{
    Q_OBJECT
private:
    using Result = test::CliRun;
    static Result run(const QStringList& args)
    {
        return test::runCli(QStringList{"generate"} + args);
    }

private Q_SLOTS:
    void helpListsEveryKind()
    {
        const Result r = run({"--help"});
        QCOMPARE(r.code, 0);
        for (const auto& g : topology::generators())
            QVERIFY2(r.out.contains(QString::fromStdString(g.name)), g.name.c_str());
    }

    void kindHelpListsItsOptions()
    {
        const Result r = run({"multi-centre", "--help"});
        QCOMPARE(r.code, 0);
        for (const auto& o : topology::findGenerator("multi-centre")->options)
            QVERIFY2(r.out.contains(QString::fromStdString("--" + o.name)), o.name.c_str());
    }

    void writesTheGeneratedTopology()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("ft.topo");
        const Result r = run({"fat-tree", "--k", "4", "--link-bandwidth", "40G", "-o", path});
        QCOMPARE(r.code, 0);
        QCOMPARE(r.out.trimmed(), QString("wrote %1: 36 nodes, 48 links").arg(path));
        const io::Project p = io::readProject(path.toStdString());
        QVERIFY(p.topology ==
                topology::generate("fat-tree", {{"k", "4"}, {"link-bandwidth", "40G"}}));
    }

    void seedIsPassedOn()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("geo.topo");
        QCOMPARE(run({"random-geo", "--n", "30", "--seed", "9", "-o", path}).code, 0);
        QVERIFY(io::readProject(path.toStdString()).topology ==
                topology::generate("random-geo", {{"n", "30"}}, 9));
    }

    void dryRunPrintsCounts()
    {
        const Result r = run({"spine-leaf", "--leaves", "3", "--dry-run"});
        QCOMPARE(r.code, 0);
        // 2 spines + 3 leaves + 3·8 hosts; 3·2 + 3·8 links.
        QCOMPARE(r.out.trimmed(), QString("spine-leaf: 29 nodes, 30 links"));
    }

    void badArgumentsExitTwo_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("mention");
        QTest::newRow("odd k") << QStringList{"fat-tree", "--k", "5", "-o", "/tmp/x.topo"} << "--k";
        QTest::newRow("unknown option")
            << QStringList{"star", "--bogus", "1", "-o", "/tmp/x.topo"} << "--bogus";
        QTest::newRow("unknown kind") << QStringList{"torus", "-o", "/tmp/x.topo"} << "torus";
        QTest::newRow("no output") << QStringList{"star"} << "-o";
        QTest::newRow("no kind") << QStringList{} << "usage";
        QTest::newRow("bad seed") << QStringList{"star", "--seed", "x", "-o", "/tmp/x.topo"}
                                  << "--seed";
        // strtoll would clamp this silently to 2^63 − 1.
        QTest::newRow("seed overflow")
            << QStringList{"random-geo", "--seed", "99999999999999999999", "-o", "/tmp/x.topo"}
            << "--seed: '99999999999999999999' is out of range";
    }
    void badArgumentsExitTwo()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, mention);
        const Result r = run(args);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(mention), qPrintable(r.err));
    }

    void helpStatesExitCodes()
    {
        for (const QStringList& args : {QStringList{"--help"}, QStringList{"star", "--help"}}) {
            const Result r = run(args);
            QCOMPARE(r.code, 0);
            QVERIFY2(r.out.contains("exit codes: 0 written"), qPrintable(r.out));
            QVERIFY2(r.out.contains("1 cannot write the output"), qPrintable(r.out));
        }
        const auto m = test::runCli({"model", "--help"});
        QCOMPARE(m.code, 0);
        QVERIFY2(m.out.contains("exit codes: 0 printed"), qPrintable(m.out));
    }

    void unwritableOutputExitsOne()
    {
        const Result r = run({"star", "-o", "/nonexistent-dir/x/out.topo"});
        QCOMPARE(r.code, 1);
        QVERIFY(r.err.contains("nonexistent-dir"));
    }
};

MERIDIAN_TEST(GenerateCommandTest)
#include "GenerateCommandTest.moc"
