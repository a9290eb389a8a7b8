// Max-min fair sharing against hand-computed allocations.
#include "../net/NetFixtures.hpp"
#include "TestMain.hpp"
#include "meridian/net/Network.hpp"

#include <QtTest/QtTest>
#include <cmath>

using namespace meridian;
using namespace meridian::net;

class MaxMinValidationTest : public QObject
{
    Q_OBJECT
private:
    static bool near(double a, double b) { return std::abs(a - b) <= 1e-9 * std::max(1.0, b); }

private Q_SLOTS:
    void nFlowsShareOneBottleneck()
    {
        // Star, 1 Gbit/s links; hosts h1..h5 all send to h0: the bottleneck is sw→h0, so
        // each flow gets B/N = 200 Mbit/s.
        auto t = test::netStar(6, 1e9, 0.001);
        sim::Simulator sim;
        Network net(sim, t);
        std::vector<FlowId> flows;
        for (int i = 1; i <= 5; ++i)
            flows.push_back(net.startTransfer(*t.findNode("h" + std::to_string(i)),
                                              *t.findNode("h0"), 1e9, Protocol::Udp, nullptr));
        sim.runUntil(sim::SimTime::fromSeconds(1e-3));
        for (FlowId f : flows)
            QVERIFY2(near(net.flowRateBps(f), 200e6),
                     qPrintable(QString::number(net.flowRateBps(f))));
    }

    void aFlowBottleneckedElsewhereFreesCapacity()
    {
        // Same star but h1's own link is 100 Mbit/s: f1 is limited to 100 Mbit/s by it, and
        // the other four share the remaining 900 Mbit/s of sw→h0: 225 Mbit/s each.
        auto t = test::netStar(6, 1e9, 0.001);
        auto l1 = t.link(*t.findLink("l1"));
        l1.params.bandwidth_bps = 100e6;
        t.updateLink(*t.findLink("l1"), l1);
        sim::Simulator sim;
        Network net(sim, t);
        std::vector<FlowId> flows;
        for (int i = 1; i <= 5; ++i)
            flows.push_back(net.startTransfer(*t.findNode("h" + std::to_string(i)),
                                              *t.findNode("h0"), 1e9, Protocol::Udp, nullptr));
        sim.runUntil(sim::SimTime::fromSeconds(1e-3));
        QVERIFY(near(net.flowRateBps(flows[0]), 100e6));
        for (int i = 1; i < 5; ++i)
            QVERIFY(near(net.flowRateBps(flows[i]), 225e6));
    }

    void classicLineExample()
    {
        // n0 —L1 (1 G)— n1 —L2 (2 G)— n2. f0: n0→n2 (L1, L2), f1: n0→n1 (L1), f2: n1→n2 (L2).
        // L1 is the first to fill: f0 = f1 = 0.5 G; L2 then leaves 2 − 0.5 = 1.5 G to f2.
        topology::Topology t;
        for (const char* n : {"n0", "n1", "n2"})
            t.addNode(test::netNode(n));
        t.addLink(test::netLink("L1", "n0", "n1", 1e9, 0.001));
        t.addLink(test::netLink("L2", "n1", "n2", 2e9, 0.001));
        sim::Simulator sim;
        Network net(sim, t);
        const auto f0 =
            net.startTransfer(*t.findNode("n0"), *t.findNode("n2"), 1e9, Protocol::Udp, nullptr);
        const auto f1 =
            net.startTransfer(*t.findNode("n0"), *t.findNode("n1"), 1e9, Protocol::Udp, nullptr);
        const auto f2 =
            net.startTransfer(*t.findNode("n1"), *t.findNode("n2"), 1e9, Protocol::Udp, nullptr);
        sim.runUntil(sim::SimTime::fromSeconds(1e-3));
        QVERIFY(near(net.flowRateBps(f0), 0.5e9));
        QVERIFY(near(net.flowRateBps(f1), 0.5e9));
        QVERIFY(near(net.flowRateBps(f2), 1.5e9));
        // Full duplex: a reverse flow n2→n0 uses the other directions and gets the
        // bottleneck of L1's reverse direction alone: 1 G.
        const auto r =
            net.startTransfer(*t.findNode("n2"), *t.findNode("n0"), 1e9, Protocol::Udp, nullptr);
        sim.runUntil(sim::SimTime::fromSeconds(2e-3));
        QVERIFY(near(net.flowRateBps(r), 1e9));
        QVERIFY(near(net.flowRateBps(f0), 0.5e9));
    }

    void halfDuplexSharesBothDirections()
    {
        // Half-duplex 1 G link with one flow each way: one medium, 0.5 G each.
        topology::Topology t;
        t.addNode(test::netNode("a"));
        t.addNode(test::netNode("b"));
        auto l = test::netLink("ab", "a", "b", 1e9, 0.001);
        l.duplex = topology::Duplex::Half;
        t.addLink(l);
        sim::Simulator sim;
        Network net(sim, t);
        const auto f =
            net.startTransfer(*t.findNode("a"), *t.findNode("b"), 1e9, Protocol::Udp, nullptr);
        const auto g =
            net.startTransfer(*t.findNode("b"), *t.findNode("a"), 1e9, Protocol::Udp, nullptr);
        sim.runUntil(sim::SimTime::fromSeconds(1e-3));
        QVERIFY(near(net.flowRateBps(f), 0.5e9));
        QVERIFY(near(net.flowRateBps(g), 0.5e9));
    }

    void departureRedistributes()
    {
        // Two flows on one 1 G link: 10 MB and 30 MB. Both at 0.5 G until the small one has
        // sent 10 MB (t = 0.16 s); the big one has 20 MB left at 1 G: +0.16 s → 0.32 s.
        // Each adds d = 1 ms of delivery latency.
        topology::Topology t;
        t.addNode(test::netNode("a"));
        t.addNode(test::netNode("b"));
        t.addLink(test::netLink("ab", "a", "b", 1e9, 0.001));
        sim::Simulator sim;
        Network net(sim, t);
        double endSmall = 0, endBig = 0;
        net.startTransfer(*t.findNode("a"), *t.findNode("b"), 10e6, Protocol::Udp,
                          [&](const TransferResult& r) { endSmall = r.end_s; });
        net.startTransfer(*t.findNode("a"), *t.findNode("b"), 30e6, Protocol::Udp,
                          [&](const TransferResult& r) { endBig = r.end_s; });
        sim.run();
        QVERIFY(std::abs(endSmall - 0.161) < 1e-8);
        QVERIFY(std::abs(endBig - 0.321) < 1e-8);
    }
};

MERIDIAN_TEST(MaxMinValidationTest)
#include "MaxMinValidationTest.moc"
