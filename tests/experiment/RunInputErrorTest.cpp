// Experiment inputs that must be refused with an error naming what is wrong: a sub-nanosecond
// sample interval on the command line and a p2p transfer from a node to itself.
#include "TestMain.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/experiment/Runner.hpp"
#include "meridian/io/ProjectFile.hpp"
#include "meridian/net/Network.hpp"

#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <cmath>
#include <functional>

using namespace meridian;
using namespace meridian::net;

class RunInputErrorTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void subNanosecondSampleIntervalIsACommandLineError()
    {
        // The engine samples on an integer-ns grid and refuses intervals below 1 ns. The CLI
        // let "0.5ns" through, so the error named "network/sample_interval_s" instead of the
        // option the user typed.
        QTemporaryDir dir;
        const test::CliRun r =
            test::runCli({"run", test::sourcePath("presets/p2p-wan-iperf.topo"), "--out",
                          dir.path(), "--quiet", "--sample-interval", "0.5ns"});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("command line: --sample-interval"), qPrintable(r.err));
        QVERIFY2(r.err.contains("1 ns"), qPrintable(r.err));
    }

    void p2pToItselfIsAnInputError()
    {
        // A p2p "transfer" from a node to itself took 0 s and reported algbw 0 Gbit/s over
        // "2 ranks"; collectives already refuse a participant listed twice.
        const char* topo = R"({"format":"meridian.topo","version":1,
            "nodes":[{"id":"a","kind":"host"},{"id":"b","kind":"host"}],
            "links":[{"id":"l","a":"a","b":"b"}],
            "experiment":{"kind":"p2p","from":"a","to":"a","bytes":5}})";
        const io::Project p = io::parseProject(topo, "self.topo");
        experiment::RunOptions opt;
        opt.topology_name = "self.topo";
        try {
            experiment::Runner runner(p, opt);
            runner.run();
            QFAIL("a p2p experiment from a node to itself ran");
        } catch (const InputError& e) {
            const std::string what = e.what();
            QVERIFY2(what.find("self.topo: /experiment/to:") != std::string::npos, e.what());
        }
    }
};

MERIDIAN_TEST(RunInputErrorTest)
#include "RunInputErrorTest.moc"
