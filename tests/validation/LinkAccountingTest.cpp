// Link statistics count exactly what crossed the link: tiny messages, the last byte settled
// by a schedule step, half-duplex links, and the interval of a coarsened utilisation series.
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

class LinkAccountingTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
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
        // Two hosts exchange 50 MB each way (2-rank all-gather of 100 MB, one message each: one
        // chunk, one channel) over one half-duplex 1 G link: the medium carries 100 MB in all,
        // in 0.8 s + 10 ms. results.json's link
        // bytes (both directions) must say 100 MB, as on a full-duplex link — the shared
        // medium is reported in both directions by linkStats, and the sum counted it twice.
        const char* topo = R"({"format":"meridian.topo","version":1,
            "nodes":[{"id":"a","kind":"host"},{"id":"b","kind":"host"}],
            "links":[{"id":"l","a":"a","b":"b","bandwidth_gbps":1,"delay_ms":10,"duplex":"half"}],
            "experiment":{"kind":"collective","operation":"allgather","participants":["a","b"],
                          "bytes":100000000,"protocol":"udp","seed":1,
                          "chunks":1,"comm":{"channels":1}}})";
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
};

MERIDIAN_TEST(LinkAccountingTest)
#include "LinkAccountingTest.moc"
