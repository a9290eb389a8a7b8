// Network API behaviour: immediate and failed transfers, input errors, protocol overheads,
// statistics, connection reuse.
#include "meridian/net/Network.hpp"

#include "NetFixtures.hpp"
#include "TestMain.hpp"
#include "meridian/core/Error.hpp"

#include <QtTest/QtTest>
#include <cmath>
#include <utility>
#include <vector>

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

    void jitterOfAMessageIgnoresOtherTraffic()
    {
        // Counter-based jitter: a message's samples come from (seed, link direction, its own
        // flow id), so an unrelated message that crosses one of its links first (here a
        // zero-byte h2→h1 message, delivered before h0→h1 finishes) leaves its latency as is.
        const auto t = meridian::test::netStar(3, 1e9, 0.005, 0.002);
        const auto run = [&](bool other) {
            sim::Simulator sim;
            Network net(sim, t, NetworkConfig{});
            double end = -1.0;
            net.startTransfer(*t.findNode("h0"), *t.findNode("h1"), 1e6, Protocol::Udp,
                              [&](const TransferResult& r) { end = r.end_s; });
            if (other)
                net.startTransfer(*t.findNode("h2"), *t.findNode("h1"), 0.0, Protocol::Udp,
                                  [](const TransferResult&) {});
            sim.run();
            return end;
        };
        const double alone = run(false);
        QVERIFY(alone > 0.0);
        QCOMPARE(run(true), alone);
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
    void newConnectionStartsFromTheInitialWindow()
    {
        // TransferOptions::new_connection: a message right after the first one on the same
        // stream, but as a new connection (a traffic generator's next Poisson flow), starts
        // from the initial window in slow start: it takes exactly what the first message took,
        // where the same message on the kept connection is faster.
        const auto t = pair(1e9, 0.010);
        const auto run = [&](bool fresh) {
            sim::Simulator sim;
            NetworkConfig cfg;
            cfg.max_window_bytes = 0;
            Network net(sim, t, cfg);
            const NodeId a = *t.findNode("a"), b = *t.findNode("b");
            double first = 0.0, second = 0.0;
            net.startTransfer(a, b, 20e6, Protocol::Tcp, [&](const TransferResult& r) {
                first = r.duration_s();
                TransferOptions o;
                o.new_connection = fresh;
                net.startTransfer(
                    a, b, 20e6, Protocol::Tcp,
                    [&](const TransferResult& r2) { second = r2.duration_s(); }, o);
            });
            sim.run();
            return std::pair{first, second};
        };
        const auto [first, fresh] = run(true);
        const auto [first2, warm] = run(false);
        QVERIFY(first > 0.0);
        QCOMPARE(first2, first);
        QVERIFY2(std::abs(fresh - first) <= 1e-9 * first,
                 qPrintable(QString("%1 %2").arg(fresh).arg(first)));
        QVERIFY2(warm < first - 0.02, qPrintable(QString("%1 %2").arg(warm).arg(first)));
    }

    static double pftk(double rtt, double p)
    {
        // PFTK with b = 2, MSS = 1448 B, T0 = RTT + 0.2 s (no jitter).
        const double b = 2, t0 = rtt + 0.2;
        return 8 * 1448.0 /
               (rtt * std::sqrt(2 * b * p / 3) +
                t0 * std::min(1.0, 3 * std::sqrt(3 * b * p / 8)) * p * (1 + 32 * p * p));
    }

    void udpMessageDoesNotTouchTheTcpWindow()
    {
        // A UDP message between two TCP transfers on the same host pair is another socket: the
        // second transfer restarts its window after the idle time since the first one's last
        // send (RFC 2861, Linux's lsndtime), exactly as without the UDP message.
        const auto second = [](bool udp) {
            topology::Topology t;
            t.addNode(netNode("a"));
            t.addNode(netNode("b"));
            t.addLink(netLink("ab", "a", "b", 1e9, 0.005));
            sim::Simulator sim;
            Network net(sim, t, NetworkConfig{});
            const NodeId a = *t.findNode("a"), b = *t.findNode("b");
            net.startTransfer(a, b, 20e6, Protocol::Tcp, nullptr);
            if (udp)
                sim.schedule(sim::SimTime::fromSeconds(0.9),
                             [&] { net.startTransfer(a, b, 1e6, Protocol::Udp, nullptr); });
            double d = 0;
            sim.schedule(sim::SimTime::fromSeconds(1.0), [&] {
                net.startTransfer(a, b, 20e6, Protocol::Tcp,
                                  [&](const TransferResult& r) { d = r.duration_s(); });
            });
            sim.run();
            return d;
        };
        const double without = second(false), with = second(true);
        QVERIFY(without > 0);
        QVERIFY2(with == without, qPrintable(QString("%1 %2").arg(with).arg(without)));
    }

    void idleConnectionPicksUpScheduleSteps()
    {
        // B1: loss 1 % and 1 → 10 Gbit/s at t = 1 s. A connection used before t = 1 and reused
        // after behaves exactly like a fresh one.
        const auto run = [](bool warm, double& lost, double& cap) {
            topology::Topology t;
            t.addNode(netNode("a"));
            t.addNode(netNode("b"));
            auto l = netLink("ab", "a", "b", 1e9, 0.005);
            l.params.queue = 1e9;
            l.params.queue_unit = topology::QueueUnit::Bytes;
            topology::ScheduleStep s;
            s.at_s = 1.0;
            s.patch.loss = 0.01;
            s.patch.bandwidth_bps = 10e9;
            l.schedule.push_back(s);
            t.addLink(l);
            sim::Simulator sim;
            NetworkConfig cfg = test::renoConfig();
            cfg.max_window_bytes = 0;
            Network net(sim, t, cfg);
            const NodeId a = *t.findNode("a"), b = *t.findNode("b");
            if (warm)
                net.startTransfer(a, b, 1e6, Protocol::Tcp, nullptr);
            FlowId g;
            sim.schedule(sim::SimTime::fromSeconds(2.0), [&] {
                net.startTransfer(a, b, 1e6, Protocol::Udp,
                                  [&](const TransferResult& r) { lost = r.lost_bytes; });
            });
            sim.schedule(sim::SimTime::fromSeconds(3.0),
                         [&] { g = net.startTransfer(a, b, 1e12, Protocol::Tcp, nullptr); });
            // The window's mean over 5-8 s (300 samples: tens of loss cycles), not one instant
            // of its sawtooth.
            cap = 0;
            for (int i = 0; i < 300; ++i)
                sim.schedule(sim::SimTime::fromSeconds(5.0 + 0.01 * i),
                             [&] { cap += net.flowCapBps(g) / 300; });
            sim.runUntil(sim::SimTime::fromSeconds(8.0));
        };
        double lostWarm = 0, capWarm = 0, lostFresh = 0, capFresh = 0;
        run(true, lostWarm, capWarm);
        run(false, lostFresh, capFresh);
        QVERIFY(std::abs(lostWarm - 1e6 * 0.01) < 1e-6);
        QVERIFY(std::abs(lostFresh - 1e6 * 0.01) < 1e-6);
        // The warm connection picks up the new loss rate (its loss clock starts a mean spacing
        // after its earlier bytes, docs/network-model.md §5) and the new bandwidth: 2-5 s later
        // its loss-limited window is the fresh one's. Not to the byte: the warm one restarts
        // with ssthresh = ¾ of its old window (RFC 2861) and its loss clock counts from its
        // earlier bytes, so the two sawtooths are out of phase; their means over 3 s agree
        // within 5 %.
        QVERIFY2(std::abs(capWarm - capFresh) < 0.05 * capFresh,
                 qPrintable(QString("%1 %2").arg(capWarm).arg(capFresh)));
        // At p = 1 % the window is loss-limited: 5 s after the start it is far below the link
        // rate (PFTK's mean, the model's long-run rate, is 9.97 Mbit/s here).
        QVERIFY2(capFresh < 0.01 * 10e9, qPrintable(QString::number(capFresh)));
    }

    void newMessageOnBusyConnectionAvoidsFailedLink()
    {
        // B2: the first message is in its delivery phase when as1 fails; the second one must
        // take the other path (not stall on the dead one), and run() must return.
        topology::Topology t;
        for (const char* n : {"a", "b", "s1", "s2"})
            t.addNode(netNode(n));
        auto as1 = netLink("as1", "a", "s1", 1e9, 0.010);
        topology::ScheduleStep down;
        down.at_s = 0.005;
        down.up = false;
        as1.schedule.push_back(down);
        t.addLink(as1);
        t.addLink(netLink("s1b", "s1", "b", 1e9, 0.010));
        t.addLink(netLink("as2", "a", "s2", 1e9, 0.050));
        t.addLink(netLink("s2b", "s2", "b", 1e9, 0.050));
        sim::Simulator sim;
        Network net(sim, t);
        const NodeId a = *t.findNode("a"), b = *t.findNode("b");
        int done = 0;
        TransferResult r2;
        net.startTransfer(a, b, 1e3, Protocol::Udp, [&](const TransferResult&) { ++done; });
        sim.schedule(sim::SimTime::fromSeconds(0.006), [&] {
            net.startTransfer(a, b, 1e6, Protocol::Udp, [&](const TransferResult& r) {
                r2 = r;
                ++done;
            });
        });
        sim.run();
        QCOMPARE(done, 2);
        QVERIFY(r2.ok);
        // 1 MB at 1 Gbit/s + 100 ms + one store-and-forward packet at the other hop.
        const double expected = 0.006 + 1e6 * 8 / 1e9 + 0.100 + 1500 * 8 / 1e9;
        QVERIFY2(std::abs(r2.end_s - expected) < 1e-8,
                 qPrintable(QString("%1 %2").arg(r2.end_s, 0, 'g', 12).arg(expected, 0, 'g', 12)));
    }

    void storeAndForwardUsesEachLinksMtu()
    {
        // L = Σ τ_l + Σ_l P_l/B_l − max_l P_l/B_l (docs/network-model.md §4), P_l the link's
        // mtu_bytes or transport.packet_bytes (1500) where it is 0: a 9000-byte MTU on the
        // first 10 Gbit/s hop stores and forwards 9000 bytes there.
        topology::Topology t;
        for (const char* n : {"a", "r1", "r2", "b"})
            t.addNode(netNode(n));
        auto jumbo = netLink("ar1", "a", "r1", 10e9, 0.001);
        jumbo.params.mtu_bytes = 9000.0;
        t.addLink(jumbo);
        t.addLink(netLink("r1r2", "r1", "r2", 1e9, 0.002));
        t.addLink(netLink("r2b", "r2", "b", 10e9, 0.003));
        sim::Simulator sim;
        Network net(sim, t);
        TransferResult r;
        net.startTransfer(*t.findNode("a"), *t.findNode("b"), 1e6, Protocol::Udp,
                          [&](const TransferResult& x) { r = x; });
        sim.run();
        const double packets_s = 9000 * 8 / 10e9 + 1500 * 8 / 1e9 + 1500 * 8 / 10e9;
        const double expected = 1e6 * 8 / 1e9 + 0.006 + packets_s - 1500 * 8 / 1e9;
        QVERIFY2(std::abs(r.end_s - expected) < 1e-9,
                 qPrintable(QString("%1 %2").arg(r.end_s, 0, 'g', 12).arg(expected, 0, 'g', 12)));
    }

    void aQueueInPacketsHoldsMtuBytesPerPacket()
    {
        // The bottleneck's buffer B_q = queue_pkts × P_l: 100 packets of a 9000-byte MTU is
        // the same TCP transfer as a 900,000-byte queue (the transfer overshoots it in slow
        // start, so the buffer sets its time).
        const auto run = [](bool packets, double mtu_bytes = 9000.0) {
            topology::Topology t;
            for (const char* n : {"a", "r", "b"})
                t.addNode(netNode(n));
            t.addLink(netLink("ar", "a", "r", 10e9, 0.005));
            auto l = netLink("rb", "r", "b", 1e9, 0.005);
            if (packets) {
                l.params.queue = 100.0;
                l.params.mtu_bytes = mtu_bytes;
            } else {
                l.params.queue = 900000.0;
                l.params.queue_unit = topology::QueueUnit::Bytes;
            }
            t.addLink(l);
            sim::Simulator sim;
            Network net(sim, t);
            double end_s = 0.0;
            net.startTransfer(*t.findNode("a"), *t.findNode("b"), 50e6, Protocol::Tcp,
                              [&](const TransferResult& x) { end_s = x.end_s; });
            sim.run();
            return end_s;
        };
        QCOMPARE(run(true), run(false));
        // ... and it matters: 100 packets of the default 1500 bytes is another transfer.
        QVERIFY(run(true, 0.0) != run(false));
    }

    void stalledFlowFailsInsteadOfHanging()
    {
        // B2: bandwidth 0 from t = 0.01 s and nothing restores it: run() returns and the
        // transfer fails with an error naming the link.
        topology::Topology t;
        t.addNode(netNode("a"));
        t.addNode(netNode("b"));
        auto l = netLink("ab", "a", "b", 1e9, 0.001);
        topology::ScheduleStep s;
        s.at_s = 0.01;
        s.patch.bandwidth_bps = 0.0;
        l.schedule.push_back(s);
        t.addLink(l);
        sim::Simulator sim;
        Network net(sim, t);
        TransferResult res;
        bool called = false;
        net.startTransfer(*t.findNode("a"), *t.findNode("b"), 1e9, Protocol::Udp,
                          [&](const TransferResult& r) {
                              res = r;
                              called = true;
                          });
        sim.run();
        QVERIFY(called);
        QVERIFY(!res.ok);
        QVERIFY2(res.error.find("link ab") != std::string::npos, res.error.c_str());
    }

    void concurrentMessagesShareTheConnectionWindow()
    {
        // B3: n concurrent TCP messages on one lossy connection share one window and one loss
        // clock: together they get what one message gets (docs/network-model.md §5), not n×.
        const auto t = pair(10e9, 0.005, 0.01);
        double expected = 0;
        for (int n : {1, 2, 8}) {
            sim::Simulator sim;
            NetworkConfig cfg = test::renoConfig();
            cfg.max_window_bytes = 0;
            Network net(sim, t, cfg);
            std::vector<FlowId> flows;
            for (int i = 0; i < n; ++i)
                flows.push_back(net.startTransfer(*t.findNode("a"), *t.findNode("b"), 1e12,
                                                  Protocol::Tcp, nullptr));
            sim.runUntil(sim::SimTime::fromSeconds(5.0));
            double sum = 0;
            for (FlowId f : flows)
                sum += net.flowRateBps(f);
            if (n == 1)
                expected = sum;
            QVERIFY(expected > 0 && expected < 0.01 * 10e9); // loss-limited
            QVERIFY2(std::abs(sum - expected) < 1e-6 * expected,
                     qPrintable(QString("n=%1 %2 %3").arg(n).arg(sum).arg(expected)));
        }
    }

    void orderedMessagesSendOneAfterAnotherAndArriveInOrder()
    {
        // Three in-order UDP messages of 125 MB on a 1 Gbit/s, 10 ms connection: each takes
        // 1 s on the wire after the one before it (not 3 s side by side), and arrives 10 ms
        // after its last byte; send_start_s and data_end_s say so.
        const auto t = pair(1e9, 0.010);
        sim::Simulator sim;
        Network net(sim, t);
        std::vector<TransferResult> got;
        for (int i = 0; i < 3; ++i)
            net.startTransfer(*t.findNode("a"), *t.findNode("b"), 125e6, Protocol::Udp,
                              [&](const TransferResult& r) { got.push_back(r); }, {0, true});
        sim.run();
        QCOMPARE(got.size(), std::size_t(3));
        for (int i = 0; i < 3; ++i) {
            const auto& r = got[static_cast<std::size_t>(i)];
            QCOMPARE(r.start_s, 0.0);
            QVERIFY(std::abs(r.send_start_s - i) < 1e-9);
            QVERIFY(std::abs(r.data_end_s - (i + 1)) < 1e-9);
            QVERIFY(std::abs(r.end_s - (i + 1.010)) < 1e-9);
        }
        // Unordered, the same three share the link and all finish at 3 s.
        sim::Simulator sim2;
        Network net2(sim2, t);
        std::vector<double> ends;
        for (int i = 0; i < 3; ++i)
            net2.startTransfer(*t.findNode("a"), *t.findNode("b"), 125e6, Protocol::Udp,
                               [&](const TransferResult& r) { ends.push_back(r.end_s); });
        sim2.run();
        for (double e : ends)
            QVERIFY(std::abs(e - 3.010) < 1e-9);
    }

    void streamsAreSeparateConnectionsWithTheirOwnWindow()
    {
        // Window-bound TCP (rwnd 1 MB, RTT 20 ms: 400 Mbit/s per connection) on a 10 Gbit/s
        // path: two messages on two streams get 400 Mbit/s each, on one stream 400 in all.
        const auto t = pair(10e9, 0.010);
        NetworkConfig cfg;
        cfg.max_window_bytes = 1e6;
        for (const bool twoStreams : {false, true}) {
            sim::Simulator sim;
            Network net(sim, t, cfg);
            std::vector<FlowId> flows;
            for (std::uint32_t s = 0; s < 2; ++s)
                flows.push_back(net.startTransfer(*t.findNode("a"), *t.findNode("b"), 1e12,
                                                  Protocol::Tcp, nullptr,
                                                  {twoStreams ? s : 0u, false}));
            sim.runUntil(sim::SimTime::fromSeconds(5.0));
            const double sum = net.flowRateBps(flows[0]) + net.flowRateBps(flows[1]);
            const double one = 8e6 / 0.020;
            const double expected = twoStreams ? 2 * one : one;
            QVERIFY2(std::abs(sum - expected) < 1e-6 * expected,
                     qPrintable(QString("%1 vs %2").arg(sum).arg(expected)));
        }
    }

    void aFailedOrderedMessageFailsTheOnesQueuedBehindIt()
    {
        // The link goes down for good at 0.5 s while the first of three in-order messages is
        // sending: the stream is broken, all three fail, nothing hangs.
        topology::Topology t;
        t.addNode(netNode("a"));
        t.addNode(netNode("b"));
        auto l = netLink("ab", "a", "b", 1e9, 0.001);
        topology::ScheduleStep s;
        s.at_s = 0.5;
        s.up = false;
        l.schedule.push_back(s);
        t.addLink(l);
        sim::Simulator sim;
        Network net(sim, t);
        int failed = 0;
        for (int i = 0; i < 3; ++i)
            net.startTransfer(*t.findNode("a"), *t.findNode("b"), 125e6, Protocol::Udp,
                              [&](const TransferResult& r) { failed += r.ok ? 0 : 1; }, {0, true});
        sim.run();
        QCOMPARE(failed, 3);
    }
};

MERIDIAN_TEST(NetworkTest)
#include "NetworkTest.moc"
