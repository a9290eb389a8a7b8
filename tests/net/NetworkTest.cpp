// Network API behaviour: immediate and failed transfers, input errors, protocol overheads,
// statistics, connection reuse.
#include "meridian/net/Network.hpp"

#include "NetFixtures.hpp"
#include "TestMain.hpp"
#include "meridian/core/Error.hpp"

#include <QtTest/QtTest>
#include <cmath>

using namespace meridian;
using namespace meridian::net;
using meridian::test::netLink;
using meridian::test::netNode;

class NetworkTest : public QObject
{
    Q_OBJECT
private:
    static topology::Topology pair(double bw, double delay, double loss = 0.0)
    {
        topology::Topology t;
        t.addNode(netNode("a"));
        t.addNode(netNode("b"));
        t.addNode(netNode("island"));
        auto l = netLink("ab", "a", "b", bw, delay);
        l.params.loss = loss;
        t.addLink(l);
        return t;
    }

private Q_SLOTS:
    void sameNodeCompletesNowAndNoPathFails()
    {
        const auto t = pair(1e9, 0.001);
        sim::Simulator sim;
        Network net(sim, t);
        std::vector<TransferResult> got;
        const auto cb = [&](const TransferResult& r) { got.push_back(r); };
        net.startTransfer(*t.findNode("a"), *t.findNode("a"), 1e6, Protocol::Tcp, cb);
        net.startTransfer(*t.findNode("a"), *t.findNode("island"), 1e6, Protocol::Tcp, cb);
        QVERIFY(got.empty()); // never re-entered from startTransfer
        sim.run();
        QCOMPARE(got.size(), std::size_t(2));
        QVERIFY(got[0].ok);
        QCOMPARE(got[0].end_s, 0.0);
        QVERIFY(!got[1].ok);
        QVERIFY(got[1].error.find("no path") != std::string::npos);
        QCOMPARE(net.flowRecords().size(), std::size_t(2));
    }

    void badSizesAreInputErrors()
    {
        const auto t = pair(1e9, 0.001);
        sim::Simulator sim;
        Network net(sim, t);
        QVERIFY_THROWS_EXCEPTION(InputError, net.startTransfer(*t.findNode("a"), *t.findNode("b"),
                                                               -1.0, Protocol::Udp, nullptr));
        QVERIFY_THROWS_EXCEPTION(InputError,
                                 net.startTransfer(*t.findNode("a"), *t.findNode("b"), std::nan(""),
                                                   Protocol::Udp, nullptr));
        NetworkConfig bad;
        bad.mss_bytes = 0;
        QVERIFY_THROWS_EXCEPTION(InputError, Network(sim, t, bad));
    }

    void protocolOverheadsUnderLoss()
    {
        // 1 % loss on a 1 Gbit/s, 1 ms link. SR sends bytes/(1 − p); GBN with window W =
        // BDP/MSS resends W per loss: bytes·(1 − p + W·p)/(1 − p); UDP loses bytes·p.
        const double p = 0.01, bytes = 10e6;
        const auto t = pair(1e9, 0.001, p);
        sim::Simulator sim;
        NetworkConfig cfg;
        Network net(sim, t, cfg);
        std::map<Protocol, TransferResult> res;
        for (Protocol proto : {Protocol::ReliableSr, Protocol::ReliableGbn, Protocol::Udp})
            net.startTransfer(*t.findNode("a"), *t.findNode("b"), bytes, proto,
                              [&res, proto](const TransferResult& r) { res[proto] = r; });
        sim.run();
        QVERIFY(std::abs(res[Protocol::ReliableSr].retransmitted_bytes - bytes * p / (1 - p)) <
                1.0);
        const double w = 1e9 * 0.002 / 8 / cfg.mss_bytes;
        const double gbnWire = bytes * (1 - p + w * p) / (1 - p);
        QVERIFY(std::abs(res[Protocol::ReliableGbn].retransmitted_bytes - (gbnWire - bytes)) < 1.0);
        QVERIFY(res[Protocol::ReliableGbn].retransmitted_bytes >
                5 * res[Protocol::ReliableSr].retransmitted_bytes);
        QCOMPARE(res[Protocol::Udp].retransmitted_bytes, 0.0);
        QVERIFY(std::abs(res[Protocol::Udp].lost_bytes - bytes * p) < 1e-6);
        for (auto& [proto, r] : res)
            QVERIFY(r.ok);
        // Wire bytes on the link = all three flows' wire bytes.
        const auto st = net.linkStats(*t.findLink("ab"), 0);
        const double wire = bytes / (1 - p) + gbnWire + bytes;
        QVERIFY(std::abs(st.bytes - wire) / wire < 1e-6);
        QCOMPARE(net.linkStats(*t.findLink("ab"), 1).bytes, 0.0);
        QVERIFY(st.utilisation_peak > 0.999);
        QVERIFY(!st.utilisation_series.empty());
        QCOMPARE(st.utilisation_series.size(), net.sampleTimes().size());
    }

    void utilisationSeriesOfAHalfBusyLink()
    {
        // 1 Gbit/s link, 125 MB UDP → busy for exactly 1 s, then idle; samples every 0.5 s.
        const auto t = pair(1e9, 0.0);
        sim::Simulator sim;
        NetworkConfig cfg;
        cfg.sample_interval_s = 0.5;
        Network net(sim, t, cfg);
        net.startTransfer(*t.findNode("a"), *t.findNode("b"), 125e6, Protocol::Udp, nullptr);
        sim.runUntil(sim::SimTime::fromSeconds(2.0));
        const auto st = net.linkStats(*t.findLink("ab"), 0);
        QVERIFY(st.utilisation_series.size() >= 2);
        QVERIFY(std::abs(st.utilisation_series[0] - 1.0) < 1e-6);
        QVERIFY(std::abs(st.utilisation_series[1] - 1.0) < 1e-6);
        QVERIFY(std::abs(st.busy_s - 1.0) < 1e-6);
        QVERIFY(std::abs(st.utilisation_mean - 0.5) < 1e-6); // 1 s busy out of 2 s
    }

    void connectionReuseSkipsSlowStartUnlessIdle()
    {
        // Second message right after the first keeps the grown window → faster.
        const auto t = pair(1e9, 0.010);
        const auto run = [&](bool waitIdle) {
            sim::Simulator sim;
            NetworkConfig cfg;
            cfg.max_window_bytes = 0;
            Network net(sim, t, cfg);
            const NodeId a = *t.findNode("a"), b = *t.findNode("b");
            double second = 0.0;
            net.startTransfer(a, b, 20e6, Protocol::Tcp, [&](const TransferResult& r) {
                const double gap = waitIdle ? 5.0 : 0.0;
                sim.scheduleIn(sim::SimTime::fromSeconds(gap), [&, end = r.end_s, gap] {
                    net.startTransfer(a, b, 20e6, Protocol::Tcp,
                                      [&](const TransferResult& r2) { second = r2.duration_s(); });
                    (void)end;
                });
            });
            sim.run();
            return second;
        };
        const double warm = run(false);
        const double cold = run(true);
        QVERIFY2(cold > warm + 0.04, qPrintable(QString("%1 %2").arg(warm).arg(cold)));
    }
};

MERIDIAN_TEST(NetworkTest)
#include "NetworkTest.moc"
