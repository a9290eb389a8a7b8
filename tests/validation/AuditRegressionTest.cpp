// Regressions found by the audit of the network model (issue 3), each checked against a
// closed form computed here, independently of the engine's code.
#include "../net/NetFixtures.hpp"
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

namespace {

// E[extra recovery rounds] of n packets at loss p: Σ_{k≥1} 1 − (1 − p^k)^n (docs §7).
double extraRounds(double n, double p)
{
    double sum = 0.0;
    for (int k = 1; k < 400; ++k)
        sum += -std::expm1(n * std::log1p(-std::pow(p, k)));
    return sum;
}

// a–b, 1 Gbit/s, 10 ms one way, no loss until t = 0.4 s, then loss 0.2 (both directions).
topology::Topology lossStepLink()
{
    topology::Topology t;
    t.addNode(test::netNode("a"));
    t.addNode(test::netNode("b"));
    auto l = test::netLink("ab", "a", "b", 1e9, 0.01);
    topology::ScheduleStep s;
    s.at_s = 0.4;
    s.patch.loss = 0.2;
    l.schedule.push_back(s);
    t.addLink(l);
    return t;
}

TransferResult runOne(const topology::Topology& t, Protocol protocol, double bytes)
{
    sim::Simulator sim;
    Network net(sim, t);
    TransferResult res;
    net.startTransfer(*t.findNode("a"), *t.findNode("b"), bytes, protocol,
                      [&](const TransferResult& r) { res = r; });
    sim.run();
    return res;
}

} // namespace

class AuditRegressionTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void lossStepMidTransferCostsSelectiveRepeatRetransmissions()
    {
        // 100 MB, SR. By t = 0.4 s, 50 MB went through loss-free. The other 50 MB need
        // 1/(1 − 0.2) transmissions each: 62.5 MB on the wire at 1 G = 0.5 s → data ends at
        // 0.9 s; then 10 ms + the recovery tail of those ⌈50 MB / MSS⌉ packets at p = 0.2,
        // one RTT (20 ms) per round. Before the fix the step was ignored: 0.81 s, 0 B
        // retransmitted.
        const auto t = lossStepLink();
        const TransferResult r = runOne(t, Protocol::ReliableSr, 100e6);
        QVERIFY(r.ok);
        const double packets = std::ceil(50e6 / 1448.0);
        const double expected = 0.9 + 0.01 + extraRounds(packets, 0.2) * 0.02;
        QVERIFY2(std::abs(r.end_s - expected) < 1e-8, qPrintable(QString("end %1 s, expected %2 s")
                                                                     .arg(r.end_s, 0, 'g', 12)
                                                                     .arg(expected, 0, 'g', 12)));
        QVERIFY2(std::abs(r.retransmitted_bytes - 12.5e6) < 1.0,
                 qPrintable(QString::number(r.retransmitted_bytes, 'g', 12)));
    }

    void lossStepMidTransferLosesUdpBytes()
    {
        // UDP: the time is unchanged (no congestion control: 0.8 s + 10 ms), but the 50 MB
        // sent after t = 0.4 s lose 20 %: 10 MB expected lost (was 0).
        const auto t = lossStepLink();
        const TransferResult r = runOne(t, Protocol::Udp, 100e6);
        QVERIFY(r.ok);
        QVERIFY(std::abs(r.end_s - 0.81) < 1e-8);
        QVERIFY2(std::abs(r.lost_bytes - 50e6 * 0.2) < 1.0,
                 qPrintable(QString::number(r.lost_bytes, 'g', 12)));
    }

    void lossStepMidTransferSlowsGoBackN()
    {
        // GBN, window W = BDP/MSS = 1e9·0.02/8/1448 packets: after the step each payload byte
        // costs 1/η wire bytes, η = (1 − p)/(1 − p + W·p).
        const auto t = lossStepLink();
        const TransferResult r = runOne(t, Protocol::ReliableGbn, 100e6);
        QVERIFY(r.ok);
        const double w = 1e9 * 0.02 / 8.0 / 1448.0;
        const double eta = 0.8 / (0.8 + w * 0.2);
        const double dataEnd = 0.4 + 50e6 / eta * 8.0 / 1e9;
        const double expected = dataEnd + 0.01 + extraRounds(std::ceil(50e6 / 1448.0), 0.2) * 0.02;
        QVERIFY2(std::abs(r.end_s - expected) < 1e-6, qPrintable(QString("end %1 s, expected %2 s")
                                                                     .arg(r.end_s, 0, 'g', 12)
                                                                     .arg(expected, 0, 'g', 12)));
        QVERIFY(std::abs(r.retransmitted_bytes - (50e6 / eta - 50e6)) < 1.0);
    }

    void tinyMessagesCountExactlyTheirBytesOnTheLink()
    {
        // Completions round up to the next nanosecond; the link must still carry exactly the
        // wire bytes of the messages (it counted up to 0.125 B per Gbit/s per message extra).
        topology::Topology t;
        t.addNode(test::netNode("a"));
        t.addNode(test::netNode("b"));
        // 3 Gbit/s: a byte takes 8/3 ns, so every completion is rounded up.
        t.addLink(test::netLink("ab", "a", "b", 3e9, 0.001));
        for (const Protocol protocol : {Protocol::Tcp, Protocol::Udp}) {
            sim::Simulator sim;
            Network net(sim, t);
            double wire = 0.0;
            int done = 0;
            std::function<void(int)> next = [&](int i) {
                if (i == 200)
                    return;
                net.startTransfer(*t.findNode("a"), *t.findNode("b"), 1.0 + i % 7, protocol,
                                  [&, i](const TransferResult& r) {
                                      QVERIFY2(r.ok, r.error.c_str());
                                      wire += r.bytes + r.retransmitted_bytes;
                                      ++done;
                                      next(i + 1);
                                  });
            };
            next(0);
            sim.run();
            QCOMPARE(done, 200);
            const auto ls = net.linkStats(*t.findLink("ab"), 0);
            QVERIFY2(std::abs(ls.bytes - wire) <= 1e-9 * wire,
                     qPrintable(QString("link %1 B, messages %2 B")
                                    .arg(ls.bytes, 0, 'g', 15)
                                    .arg(wire, 0, 'g', 15)));
        }
    }

    void byteCountStaysExactWhenAScheduleStepSettlesTheLastByte()
    {
        // 1 B over UDP at 3 Gbit/s ends at 8/3 ns, rounded up to 3 ns. A loss step at exactly
        // 3 ns re-derives the message's wire bytes first (it was scheduled earlier), settling
        // the flow 1/3 ns past its end: the link must still carry exactly 1 B.
        topology::Topology t;
        t.addNode(test::netNode("a"));
        t.addNode(test::netNode("b"));
        auto l = test::netLink("ab", "a", "b", 3e9, 0.001);
        topology::ScheduleStep step;
        step.at_s = 3e-9;
        step.patch.loss = 0.5;
        l.schedule.push_back(step);
        t.addLink(l);
        sim::Simulator sim;
        Network net(sim, t);
        TransferResult res;
        net.startTransfer(*t.findNode("a"), *t.findNode("b"), 1.0, Protocol::Udp,
                          [&](const TransferResult& r) { res = r; });
        sim.run();
        QVERIFY2(res.ok, res.error.c_str());
        const auto ls = net.linkStats(*t.findLink("ab"), 0);
        QVERIFY2(std::abs(ls.bytes - 1.0) <= 1e-12,
                 qPrintable(QString("link %1 B").arg(ls.bytes, 0, 'g', 17)));
    }

    void halfDuplexLinkBytesAreNotCountedTwice()
    {
        // Two hosts exchange 50 MB each way (2-rank all-gather of 100 MB) over one half-duplex
        // 1 G link: the medium carries 100 MB in all, in 0.8 s + 10 ms. results.json's link
        // bytes (both directions) must say 100 MB, as on a full-duplex link — the shared
        // medium is reported in both directions by linkStats, and the sum counted it twice.
        const char* topo = R"({"format":"meridian.topo","version":1,
            "nodes":[{"id":"a","kind":"host"},{"id":"b","kind":"host"}],
            "links":[{"id":"l","a":"a","b":"b","bandwidth_gbps":1,"delay_ms":10,"duplex":"half"}],
            "experiment":{"kind":"collective","operation":"allgather","participants":["a","b"],
                          "bytes":100000000,"protocol":"udp","seed":1}})";
        const io::Project p = io::parseProject(topo, "half.topo");
        experiment::RunOptions opt;
        opt.topology_name = "half.topo";
        experiment::Runner runner(p, opt);
        const experiment::Results res = runner.run();
        QCOMPARE(res.links.size(), std::size_t(1));
        QVERIFY2(std::abs(res.links[0].bytes - 100e6) < 1.0,
                 qPrintable(QString::number(res.links[0].bytes, 'g', 12)));
        QVERIFY(std::abs(res.total_s - 0.81) < 1e-6);
    }

    void coarsenedSeriesReportsTheIntervalItUses()
    {
        // 1 GB UDP at 1 Gbit/s = 8 s sampled every 1 ms: 8000 intervals > max_samples (4096),
        // so pairs are merged and the grid interval doubles to 2 ms. results.json must give
        // the interval of utilization_series (2 ms), not the requested 1 ms.
        const char* topo = R"({"format":"meridian.topo","version":1,
            "nodes":[{"id":"a","kind":"host"},{"id":"b","kind":"host"}],
            "links":[{"id":"l","a":"a","b":"b","bandwidth_gbps":1}],
            "experiment":{"kind":"p2p","from":"a","to":"b","bytes":1e9,"protocol":"udp"}})";
        const io::Project p = io::parseProject(topo, "long.topo");
        experiment::RunOptions opt;
        opt.topology_name = "long.topo";
        opt.sample_interval_s = 1e-3;
        experiment::Runner runner(p, opt);
        const experiment::Results res = runner.run();
        QVERIFY(res.sample_times_s.size() > 2 && res.sample_times_s.size() <= 4096);
        QVERIFY(std::abs(res.sample_times_s[1] - res.sample_times_s[0] - 2e-3) < 1e-12);
        QCOMPARE(res.sample_interval_s, 2e-3);
    }

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

MERIDIAN_TEST(AuditRegressionTest)
#include "AuditRegressionTest.moc"
