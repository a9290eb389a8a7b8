// Routing: delay vs hop metric, per-direction delays, ECMP sets, failures, delay changes.
#include "meridian/topology/Router.hpp"

#include "NetFixtures.hpp"
#include "TestMain.hpp"

#include <QtTest/QtTest>

using namespace meridian;
using namespace meridian::topology;
using meridian::test::netLink;
using meridian::test::netNode;

class RouterTest : public QObject
{
    Q_OBJECT
private:
    // a–b direct (30 ms) and a–c–b (10 + 10 ms).
    static Topology triangle()
    {
        Topology t;
        t.addNode(netNode("a"));
        t.addNode(netNode("b"));
        t.addNode(netNode("c", NodeKind::Router));
        t.addLink(netLink("ab", "a", "b", 1e9, 0.030));
        t.addLink(netLink("ac", "a", "c", 1e9, 0.010));
        t.addLink(netLink("cb", "c", "b", 1e9, 0.010));
        return t;
    }

private Q_SLOTS:
    void delayMetricPrefersTheFasterPath()
    {
        const Topology t = triangle();
        Router r(t);
        const auto route = r.route(*t.findNode("a"), *t.findNode("b"));
        QVERIFY(route);
        QCOMPARE(route->hops.size(), std::size_t(2));
        QCOMPARE(route->delay_s, 0.020);
        QVERIFY(route->nodes.front() == *t.findNode("a"));
        QVERIFY(route->nodes.back() == *t.findNode("b"));
        QVERIFY(route->hops[0].link == *t.findLink("ac"));
        QCOMPARE(route->hops[0].dir, 0);
        // Reverse direction: b→c is link cb traversed b→c, i.e. dir 1.
        const auto back = r.route(*t.findNode("b"), *t.findNode("a"));
        QVERIFY(back);
        QVERIFY(back->hops[0].link == *t.findLink("cb"));
        QCOMPARE(back->hops[0].dir, 1);
    }

    void hopMetricPrefersFewerHops()
    {
        const Topology t = triangle();
        Router r(t, RouteMetric::Hops);
        const auto route = r.route(*t.findNode("a"), *t.findNode("b"));
        QVERIFY(route);
        QCOMPARE(route->hops.size(), std::size_t(1));
        QCOMPARE(route->delay_s, 0.030);
    }

    void perDirectionDelays()
    {
        Topology t;
        t.addNode(netNode("a"));
        t.addNode(netNode("b"));
        auto l = netLink("ab", "a", "b", 1e9, 0.010);
        l.reverse.delay_s = 0.025;
        t.addLink(l);
        Router r(t);
        QCOMPARE(r.route(*t.findNode("a"), *t.findNode("b"))->delay_s, 0.010);
        QCOMPARE(r.route(*t.findNode("b"), *t.findNode("a"))->delay_s, 0.025);
    }

    void equalCostRoutesOfADiamond()
    {
        // a→{c,d}→b with equal delays: two shortest routes, ordered by arc id (via c first).
        Topology t;
        for (const char* n : {"a", "b", "c", "d"})
            t.addNode(netNode(n));
        t.addLink(netLink("ac", "a", "c", 1e9, 0.001));
        t.addLink(netLink("cb", "c", "b", 1e9, 0.001));
        t.addLink(netLink("ad", "a", "d", 1e9, 0.001));
        t.addLink(netLink("db", "d", "b", 1e9, 0.001));
        t.addLink(netLink("ab", "a", "b", 1e9, 0.005)); // longer, not in the set
        Router r(t);
        const auto routes = r.equalCostRoutes(*t.findNode("a"), *t.findNode("b"), 8);
        QCOMPARE(routes.size(), std::size_t(2));
        QVERIFY(routes[0].nodes[1] == *t.findNode("c"));
        QVERIFY(routes[1].nodes[1] == *t.findNode("d"));
        QCOMPARE(routes[0].delay_s, 0.002);
        QCOMPARE(r.equalCostRoutes(*t.findNode("a"), *t.findNode("b"), 1).size(), std::size_t(1));
        // The single route is the first ECMP member.
        QVERIFY(r.route(*t.findNode("a"), *t.findNode("b"))->hops == routes[0].hops);
    }

    void failureReroutesAndUnreachableIsNullopt()
    {
        const Topology t = triangle();
        Router r(t);
        const NodeId a = *t.findNode("a"), b = *t.findNode("b");
        r.route(a, b);
        const auto before = r.treeComputations();
        r.route(a, b);
        QCOMPARE(r.treeComputations(), before); // cached
        r.setLinkUp(*t.findLink("ac"), false);
        QVERIFY(!r.linkUp(*t.findLink("ac")));
        const auto route = r.route(a, b);
        QVERIFY(route);
        QCOMPARE(route->hops.size(), std::size_t(1));
        QCOMPARE(route->delay_s, 0.030);
        r.setLinkUp(*t.findLink("ab"), false);
        QVERIFY(!r.route(a, b));
        r.setLinkUp(*t.findLink("ac"), true);
        QCOMPARE(r.route(a, b)->delay_s, 0.020);
        QCOMPARE(r.route(a, a)->hops.size(), std::size_t(0));
    }

    void delayChangeChangesTheChoice()
    {
        const Topology t = triangle();
        Router r(t);
        r.setDelay(*t.findLink("ac"), 0, 0.050);
        const auto route = r.route(*t.findNode("a"), *t.findNode("b"));
        QCOMPARE(route->hops.size(), std::size_t(1));
        // Only a→c changed: the reverse direction still goes through c.
        QCOMPARE(r.route(*t.findNode("b"), *t.findNode("a"))->delay_s, 0.020);
    }
};

MERIDIAN_TEST(RouterTest)
#include "RouterTest.moc"
