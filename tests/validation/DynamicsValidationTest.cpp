// Link failures and schedules: rerouting, failure results, piecewise bandwidth.
#include "../net/NetFixtures.hpp"
#include "TestMain.hpp"
#include "meridian/net/Network.hpp"

#include <QtTest/QtTest>
#include <cmath>

using namespace meridian;
using namespace meridian::net;

class DynamicsValidationTest : public QObject
{
    Q_OBJECT
private:
    static topology::ScheduleStep down(double at)
    {
        topology::ScheduleStep s;
        s.at_s = at;
        s.up = false;
        return s;
    }

private Q_SLOTS:
    void failureReroutesOntoTheParallelPath()
    {
        // a–s1–b (1 ms + 1 ms) is preferred over a–s2–b (5 ms + 5 ms); all 1 Gbit/s.
        // a-s1 fails at 50 ms during a 25 MB UDP transfer. Expectation: 6.25 MB sent by
        // then; the remaining 18.75 MB go via s2 at 1 G (0.15 s) → data ends at 0.2 s;
        // delivery adds 10 ms + one 1500 B store-and-forward at 1 G (12 µs).
        topology::Topology t;
        for (const char* n : {"a", "b", "s1", "s2"})
            t.addNode(test::netNode(n));
        auto as1 = test::netLink("as1", "a", "s1", 1e9, 0.001);
        as1.schedule.push_back(down(0.05));
        t.addLink(as1);
        t.addLink(test::netLink("s1b", "s1", "b", 1e9, 0.001));
        t.addLink(test::netLink("as2", "a", "s2", 1e9, 0.005));
        t.addLink(test::netLink("s2b", "s2", "b", 1e9, 0.005));
        sim::Simulator sim;
        Network net(sim, t);
        TransferResult res;
        net.startTransfer(*t.findNode("a"), *t.findNode("b"), 25e6, Protocol::Udp,
                          [&](const TransferResult& r) { res = r; });
        sim.run();
        QVERIFY(res.ok);
        QVERIFY2(std::abs(res.end_s - (0.21 + 12e-6)) < 1e-8,
                 qPrintable(QString::number(res.end_s, 'g', 12)));
        QVERIFY(std::abs(net.linkStats(*t.findLink("as1"), 0).bytes - 6.25e6) < 1.0);
        QVERIFY(std::abs(net.linkStats(*t.findLink("as2"), 0).bytes - 18.75e6) < 1.0);
        QVERIFY(!net.linkUp(*t.findLink("as1")));
    }

    void noPathLeftGivesAnErrorResult()
    {
        topology::Topology t;
        t.addNode(test::netNode("a"));
        t.addNode(test::netNode("b"));
        auto l = test::netLink("ab", "a", "b", 1e9, 0.001);
        l.schedule.push_back(down(0.05));
        t.addLink(l);
        sim::Simulator sim;
        Network net(sim, t);
        TransferResult res;
        net.startTransfer(*t.findNode("a"), *t.findNode("b"), 25e6, Protocol::Tcp,
                          [&](const TransferResult& r) { res = r; });
        sim.run();
        QVERIFY(!res.ok);
        QCOMPARE(res.end_s, 0.05);
        QVERIFY(res.error.find("ab") != std::string::npos);
        QCOMPARE(net.activeFlows(), std::size_t(0));
        // A new transfer after the failure has no path either.
        TransferResult later;
        net.startTransfer(*t.findNode("a"), *t.findNode("b"), 1e3, Protocol::Udp,
                          [&](const TransferResult& r) { later = r; });
        sim.run();
        QVERIFY(!later.ok);
    }

    void bandwidthScheduleIsPiecewise()
    {
        // 1 Gbit/s until 0.1 s, then 0.5 Gbit/s. 25 MB UDP: 12.5 MB by 0.1 s, the other
        // 12.5 MB at 0.5 G take 0.2 s → data ends at 0.3 s, + 1 ms delay = 0.301 s.
        topology::Topology t;
        t.addNode(test::netNode("a"));
        t.addNode(test::netNode("b"));
        auto l = test::netLink("ab", "a", "b", 1e9, 0.001);
        topology::ScheduleStep s;
        s.at_s = 0.1;
        s.patch.bandwidth_bps = 0.5e9;
        l.schedule.push_back(s);
        t.addLink(l);
        sim::Simulator sim;
        Network net(sim, t);
        TransferResult res;
        net.startTransfer(*t.findNode("a"), *t.findNode("b"), 25e6, Protocol::Udp,
                          [&](const TransferResult& r) { res = r; });
        sim.run();
        QVERIFY2(std::abs(res.end_s - 0.301) < 1e-8,
                 qPrintable(QString::number(res.end_s, 'g', 12)));
        QCOMPARE(net.linkParams(*t.findLink("ab"), 0).bandwidth_bps, 0.5e9);
        // Mean utilisation over [0, now]: carried 25 MB·8 = 2e8 bit over a capacity
        // integral of 1e9·0.1 + 0.5e9·(now − 0.1) (now ≥ 0.301: the last sample may be later).
        const double mean = 2e8 / (1e8 + 0.5e9 * (sim.now().toSeconds() - 0.1));
        QVERIFY(std::abs(net.linkStats(*t.findLink("ab"), 0).utilisation_mean - mean) < 1e-6);
    }

    void linkRestoredIsUsedByNewTransfers()
    {
        // Down at 10 ms, up at 20 ms: a transfer started at 30 ms succeeds.
        topology::Topology t;
        t.addNode(test::netNode("a"));
        t.addNode(test::netNode("b"));
        auto l = test::netLink("ab", "a", "b", 1e9, 0.001);
        l.schedule.push_back(down(0.01));
        topology::ScheduleStep upStep;
        upStep.at_s = 0.02;
        upStep.up = true;
        l.schedule.push_back(upStep);
        t.addLink(l);
        sim::Simulator sim;
        Network net(sim, t);
        TransferResult res;
        sim.schedule(sim::SimTime::fromSeconds(0.03), [&] {
            net.startTransfer(*t.findNode("a"), *t.findNode("b"), 1e6, Protocol::Udp,
                              [&](const TransferResult& r) { res = r; });
        });
        sim.run();
        QVERIFY(res.ok);
        QVERIFY(std::abs(res.end_s - (0.03 + 8e-3 + 1e-3)) < 1e-8);
    }
};

MERIDIAN_TEST(DynamicsValidationTest)
#include "DynamicsValidationTest.moc"
