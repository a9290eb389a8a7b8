// The incremental max-min update must give exactly the allocation of a from-scratch
// progressive filling (NetworkConfig::debug_verify_max_min re-solves everything after every
// update and records the largest relative difference), and ECMP must stay on equal-cost paths.
#include "NetFixtures.hpp"
#include "TestMain.hpp"
#include "meridian/net/Network.hpp"
#include "meridian/sim/RngStream.hpp"

#include <QtTest/QtTest>
#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <tuple>

using namespace meridian;
using namespace meridian::net;
using meridian::test::netLink;
using meridian::test::netNode;

class IncrementalMaxMinTest : public QObject
{
    Q_OBJECT
private:
    // k-ary fat-tree (Al-Fares et al. 2008): (k/2)² cores, k pods of k/2 aggregation and k/2
    // edge switches, k/2 hosts per edge switch; the aggregation layer can be made thinner
    // (bw_core) so that core links, not host links, become bottlenecks for some flows.
    static topology::Topology fatTree(int k, double bw_host, double bw_core)
    {
        using topology::NodeKind;
        topology::Topology t;
        const int half = k / 2;
        for (int c = 0; c < half * half; ++c)
            t.addNode(netNode("core" + std::to_string(c), NodeKind::Switch));
        for (int p = 0; p < k; ++p) {
            for (int i = 0; i < half; ++i) {
                const std::string agg = "agg" + std::to_string(p) + "_" + std::to_string(i);
                t.addNode(netNode(agg, NodeKind::Switch));
                for (int j = 0; j < half; ++j) {
                    const std::string core = "core" + std::to_string(i * half + j);
                    t.addLink(netLink(agg + "-" + core, agg, core, bw_core, 1e-6));
                }
            }
            for (int e = 0; e < half; ++e) {
                const std::string edge = "edge" + std::to_string(p) + "_" + std::to_string(e);
                t.addNode(netNode(edge, NodeKind::Switch));
                for (int i = 0; i < half; ++i) {
                    const std::string agg = "agg" + std::to_string(p) + "_" + std::to_string(i);
                    t.addLink(netLink(edge + "-" + agg, edge, agg, bw_core, 1e-6));
                }
                for (int h = 0; h < half; ++h) {
                    const std::string host = "h" + std::to_string((p * half + e) * half + h);
                    t.addNode(netNode(host));
                    t.addLink(netLink(host + "-" + edge, host, edge, bw_host, 1e-6));
                }
            }
        }
        return t;
    }

    struct Churn
    {
        std::uint64_t completions = 0;
        std::uint64_t recomputations = 0;
        std::uint64_t flowsRecomputed = 0;
        double deviation = 0.0;
        std::vector<double> endTimes;
    };

    // Closed-loop churn: `flows` transfers between random hosts, each completion starts a
    // new one; mixed protocols so that TCP caps (slow start, rwnd/RTT) take part.
    static Churn churn(const topology::Topology& t, bool ecmp, int flows, std::uint64_t until,
                       bool linkChanges)
    {
        const auto hosts = t.nodesOfKind(topology::NodeKind::Host);
        sim::Simulator sim;
        NetworkConfig cfg;
        cfg.ecmp = ecmp;
        cfg.debug_verify_max_min = true;
        cfg.keep_flow_records = false;
        Network net(sim, t, cfg);
        sim::RngStream rng(7, 0);
        Churn out;
        std::function<void()> startOne = [&] {
            const NodeId a = hosts[rng.next() % hosts.size()];
            NodeId b = a;
            while (b == a)
                b = hosts[rng.next() % hosts.size()];
            const double bytes = 1e5 + rng.uniform() * 5e6;
            const auto proto = rng.next() % 3 == 0 ? Protocol::Tcp : Protocol::Udp;
            net.startTransfer(a, b, bytes, proto, [&](const TransferResult& r) {
                out.endTimes.push_back(r.end_s);
                if (++out.completions < until)
                    startOne();
            });
        };
        for (int i = 0; i < flows; ++i)
            startOne();
        if (linkChanges) {
            // A core-side link slows down, another fails and comes back: capacity seeds.
            const auto slow = *t.findLink("agg0_0-core0");
            const auto fail = *t.findLink("edge1_0-agg1_1");
            topology::ScheduleStep s1;
            s1.patch.bandwidth_bps = 2e9;
            sim.schedule(sim::SimTime::fromSeconds(0.002),
                         [&net, slow, s1] { net.applyLinkChange(slow, s1); });
            topology::ScheduleStep down;
            down.up = false;
            sim.schedule(sim::SimTime::fromSeconds(0.004),
                         [&net, fail, down] { net.applyLinkChange(fail, down); });
            topology::ScheduleStep up;
            up.up = true;
            sim.schedule(sim::SimTime::fromSeconds(0.009),
                         [&net, fail, up] { net.applyLinkChange(fail, up); });
        }
        sim.run();
        out.recomputations = net.recomputations();
        out.flowsRecomputed = net.flowsRecomputed();
        out.deviation = net.maxMinDeviation();
        return out;
    }

private Q_SLOTS:
    void incrementalEqualsFromScratch_data()
    {
        QTest::addColumn<bool>("ecmp");
        QTest::addColumn<double>("coreBps");
        QTest::addColumn<bool>("linkChanges");
        QTest::newRow("ecmp, full bisection") << true << 10e9 << false;
        QTest::newRow("ecmp, thin core") << true << 4e9 << false;
        QTest::newRow("first path, thin core") << false << 4e9 << false;
        QTest::newRow("ecmp, link changes") << true << 6e9 << true;
        QTest::newRow("first path, link changes") << false << 6e9 << true;
    }
    void incrementalEqualsFromScratch()
    {
        QFETCH(bool, ecmp);
        QFETCH(double, coreBps);
        QFETCH(bool, linkChanges);
        const auto t = fatTree(4, 10e9, coreBps);
        const Churn c = churn(t, ecmp, 40, 600, linkChanges);
        QCOMPARE(c.completions, std::uint64_t(600 + 40 - 1)); // the last 39 still finish
        QVERIFY(c.recomputations > 600); // arrivals and departures are separate updates
        QVERIFY2(c.deviation <= 1e-9, qPrintable(QString::number(c.deviation)));
    }

    void incrementalIsDeterministic()
    {
        const auto t = fatTree(4, 10e9, 4e9);
        const Churn a = churn(t, true, 40, 300, true);
        const Churn b = churn(t, true, 40, 300, true);
        QCOMPARE(a.endTimes, b.endTimes);
        QCOMPARE(a.flowsRecomputed, b.flowsRecomputed);
    }

    void disjointFlowsAreSolvedAlone()
    {
        // A ring step on a star: flow i uses uplink i and downlink i+1, no two flows share a
        // resource, so an update re-solves only the flows that changed.
        const int n = 32;
        const auto t = test::netStar(n, 1e9, 1e-6);
        sim::Simulator sim;
        NetworkConfig cfg;
        cfg.debug_verify_max_min = true;
        Network net(sim, t, cfg);
        const auto hosts = t.nodesOfKind(topology::NodeKind::Host);
        for (int i = 0; i < n; ++i)
            net.startTransfer(hosts[i], hosts[(i + 1) % n], 1e6 * (i + 1), Protocol::Udp, {});
        sim.runUntil(sim.now());
        const auto touched0 = net.flowsRecomputed();
        QCOMPARE(touched0, std::uint64_t(n)); // the initial batch
        sim.run();
        // Every later update is one departure: it touches at most the departed flow's
        // resources, which carry no other flow.
        QCOMPARE(net.flowsRecomputed(), touched0);
        QVERIFY(net.maxMinDeviation() <= 1e-9);
        for (const auto& r : net.flowRecords()) {
            const int i = static_cast<int>(r.flow.value());
            // size/B + two hops of delay + store-and-forward of one 1500 B packet at the
            // non-bottleneck hop (docs/network-model.md §4); completion rounds up to 1 ns.
            const double expected = 1e6 * (i + 1) * 8 / 1e9 + 2e-6 + 1500.0 * 8 / 1e9;
            QVERIFY2(std::abs(r.duration_s() - expected) < 3e-9,
                     qPrintable(QString::number(r.duration_s() - expected)));
        }
    }

    void kernelSequenceWrapKeepsOrder()
    {
        // The kernel's 32-bit sequence is renumbered before it wraps; equal-time events must
        // still run in scheduling order, and cancelled ones never.
        sim::Simulator sim;
        sim.setNextSequenceForTesting(UINT32_MAX - 7);
        std::vector<int> order;
        std::vector<sim::EventHandle> handles;
        for (int i = 0; i < 40; ++i) {
            const auto at = sim::SimTime::fromNs(i % 3 == 0 ? 5 : 10);
            handles.push_back(sim.schedule(at, [&order, i] { order.push_back(i); }));
        }
        QVERIFY(sim.cancel(handles[4]));
        QVERIFY(!sim.cancel(handles[4]));
        sim.run();
        std::vector<int> expected;
        for (int i = 0; i < 40; i += 3)
            expected.push_back(i);
        for (int i = 0; i < 40; ++i)
            if (i % 3 != 0 && i != 4)
                expected.push_back(i);
        QCOMPARE(order, expected);
        QVERIFY(!sim.pending(handles[0]));
    }

    void kernelOrderMatchesAReferenceQueue()
    {
        // The kernel's heap against a plain ordered set of (time, scheduling order):
        // events that schedule more events (often at equal times, zero delays and far
        // jumps), cancellations (enough to trigger compaction), runUntil windows and
        // nextEventTime peeks must give the identical execution trace.
        struct Reference
        {
            std::set<std::tuple<std::int64_t, std::uint64_t, int>> queue;
            std::uint64_t seq = 0;
            std::int64_t now = 0;
        };
        sim::Simulator sim;
        Reference ref;
        std::vector<int> traceSim, traceRef;
        std::map<int, sim::EventHandle> handles;
        std::map<int, std::tuple<std::int64_t, std::uint64_t, int>> refKeys;
        std::uint64_t x = 0x9E3779B97F4A7C15ULL;
        const auto rnd = [&x] {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            return x;
        };
        int nextId = 0;
        std::function<void(int)> fire;
        // Both kernels get the same schedule/cancel calls: the sim's callback records the
        // trace, the reference entries are executed by the loop below in (time, seq) order.
        const auto scheduleBoth = [&](std::int64_t at) {
            const int id = nextId++;
            handles[id] = sim.schedule(sim::SimTime::fromNs(at), [&fire, &traceSim, id] {
                traceSim.push_back(id);
                fire(id);
            });
            const auto key = std::make_tuple(at, ref.seq++, id);
            ref.queue.insert(key);
            refKeys[id] = key;
        };
        const auto delay = [&rnd]() -> std::int64_t {
            switch (rnd() % 6) {
            case 0:
                return 0;
            case 1:
                return 1;
            case 2:
                return static_cast<std::int64_t>(rnd() % 64);
            case 3:
                return static_cast<std::int64_t>(rnd() % 100'000);
            case 4:
                return static_cast<std::int64_t>(rnd() % (1LL << 40));
            default:
                return 1000;
            }
        };
        fire = [&](int id) {
            handles.erase(id);
            refKeys.erase(id);
            if (nextId < 60'000) {
                for (int k = static_cast<int>(rnd() % 3 + rnd() % 2); k > 0; --k)
                    scheduleBoth(sim.now().ns() + delay());
            }
            if (rnd() % 4 == 0 && !handles.empty()) {
                auto it = handles.lower_bound(static_cast<int>(rnd() % nextId));
                if (it == handles.end())
                    it = handles.begin();
                QVERIFY(sim.cancel(it->second));
                QVERIFY(!sim.cancel(it->second));
                ref.queue.erase(refKeys.at(it->first));
                refKeys.erase(it->first);
                handles.erase(it);
            }
        };
        for (int i = 0; i < 12'000; ++i)
            scheduleBoth(static_cast<std::int64_t>(rnd() % 5000));
        for (int i = 0; i < 12'000; ++i) {
            // Most cancelled at once: stale entries outnumber live ones, so the kernel compacts.
            if (i % 4 == 0)
                continue;
            QVERIFY(sim.cancel(handles.at(i)));
            ref.queue.erase(refKeys.at(i));
            refKeys.erase(i);
            handles.erase(i);
        }
        while (!ref.queue.empty()) {
            // Reference: the next event; the kernel must agree on its time first.
            const auto [t, seq, id] = *ref.queue.begin();
            QCOMPARE(sim.nextEventTime().ns(), t);
            if (rnd() % 3 == 0) {
                // A window that ends before the next event runs nothing and moves now.
                if (t > sim.now().ns()) {
                    QCOMPARE(sim.runUntil(sim::SimTime::fromNs(t - 1)), std::uint64_t(0));
                    QCOMPARE(sim.now().ns(), t - 1);
                }
            }
            ref.queue.erase(ref.queue.begin());
            traceRef.push_back(id);
            QVERIFY(sim.step());
            QCOMPARE(sim.now().ns(), t);
            QCOMPARE(traceSim.size(), traceRef.size());
            QCOMPARE(traceSim.back(), id);
        }
        QVERIFY(!sim.step());
        QCOMPARE(sim.pendingEvents(), std::size_t(0));
        QVERIFY(nextId > 50'000);
    }

    void ecmpSpreadsOverEqualCostPaths()
    {
        const auto t = fatTree(4, 10e9, 10e9);
        topology::Router router(t);
        const auto hosts = t.nodesOfKind(topology::NodeKind::Host);
        std::set<std::uint32_t> coresUsed;
        for (const NodeId a : hosts) {
            for (const NodeId b : hosts) {
                if (a == b)
                    continue;
                const auto best = router.route(a, b);
                const auto all = router.equalCostRoutes(a, b, 64);
                QVERIFY(best.has_value());
                for (std::uint64_t salt : {1ULL, 99ULL, 12345ULL}) {
                    const std::uint64_t h = salt * 1000003ULL + a.value() * 1009ULL + b.value();
                    const auto r = router.hashedRoute(a, b, h);
                    QVERIFY(r.has_value());
                    QCOMPARE(r->delay_s, best->delay_s);
                    QCOMPARE(r->hops.size(), best->hops.size());
                    QVERIFY(std::find_if(all.begin(), all.end(), [&](const topology::Route& x) {
                                return x.hops == r->hops;
                            }) != all.end());
                    QCOMPARE(router.hashedRoute(a, b, h)->hops, r->hops); // deterministic
                    for (const NodeId v : r->nodes)
                        if (t.node(v).id.rfind("core", 0) == 0)
                            coresUsed.insert(v.value());
                }
            }
        }
        QCOMPARE(coresUsed.size(), std::size_t(4)); // every core switch carries some pair
        // Unreachable destination: nullopt, as route().
        topology::Topology two;
        two.addNode(netNode("a"));
        two.addNode(netNode("b"));
        topology::Router r2(two);
        QVERIFY(!r2.hashedRoute(NodeId::fromIndex(0), NodeId::fromIndex(1), 5).has_value());
    }
};

MERIDIAN_TEST(IncrementalMaxMinTest)
#include "IncrementalMaxMinTest.moc"
