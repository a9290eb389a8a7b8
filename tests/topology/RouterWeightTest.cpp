// Router weights saturate: no delay, however absurd (a schedule, a hand-built Topology that
// bypassed validation), can overflow the integer path weights into Boost's "negative weight".
#include "TestMain.hpp"
#include "meridian/topology/Router.hpp"
#include "meridian/topology/Topology.hpp"

#include <QtTest/QtTest>
#include <limits>

using namespace meridian;
using namespace meridian::topology;

namespace {

/// A chain n0 — n1 — … — n(count−1) of links with `delay_s`, plus a direct n0 — n(last) link
/// with `direct_s`.
Topology chainWithShortcut(int count, double delay_s, double direct_s)
{
    Topology t;
    for (int i = 0; i < count; ++i) {
        NodeAttributes n;
        n.id = "n" + std::to_string(i);
        n.kind = NodeKind::Router;
        t.addNode(n);
    }
    for (int i = 0; i + 1 < count; ++i) {
        LinkAttributes l;
        l.id = "c" + std::to_string(i);
        l.a = "n" + std::to_string(i);
        l.b = "n" + std::to_string(i + 1);
        l.params.delay_s = delay_s;
        t.addLink(l);
    }
    LinkAttributes d;
    d.id = "direct";
    d.a = "n0";
    d.b = "n" + std::to_string(count - 1);
    d.params.delay_s = direct_s;
    t.addLink(d);
    return t;
}

} // namespace

class RouterWeightTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void largestValidDelaysRouteExactly()
    {
        // 1000 s is the largest delay validation accepts; 49 such hops still sum exactly.
        const Topology t = chainWithShortcut(50, 1000.0, 1e6);
        Router r(t);
        const auto route = r.route(NodeId::fromIndex(0), NodeId::fromIndex(49));
        QVERIFY(route.has_value());
        QCOMPARE(route->hops.size(), std::size_t{49}); // 49 000 s beats the 1e6 s shortcut
        QCOMPARE(route->delay_s, 49000.0);
    }

    void hugeDelaysDoNotOverflow()
    {
        // 2e8 s per hop was the audit's reproduction ((ns << 16) overflowed int64 and Boost
        // threw "negative weight"). Now one arc saturates below 2^62, and a path whose sum
        // would leave the int64 range counts as unreachable instead of wrapping.
        for (double delay : {2e8, 1e30, std::numeric_limits<double>::max()}) {
            const Topology t = chainWithShortcut(50, delay, delay);
            Router r(t);
            const auto direct = r.route(NodeId::fromIndex(0), NodeId::fromIndex(49));
            QVERIFY(direct.has_value());
            QCOMPARE(direct->hops.size(), std::size_t{1});
            QVERIFY(r.route(NodeId::fromIndex(0), NodeId::fromIndex(1)).has_value());
            QVERIFY(!r.route(NodeId::fromIndex(0), NodeId::fromIndex(25)).has_value());
        }
    }

    void setDelayToAbsurdValuesKeepsRouting()
    {
        const Topology t = chainWithShortcut(4, 1e-3, 1.0);
        Router r(t);
        QCOMPARE(r.route(NodeId::fromIndex(0), NodeId::fromIndex(3))->hops.size(),
                 std::size_t{3}); // 3 ms along the chain beats the 1 s shortcut
        r.setDelay(*t.findLink("c1"), 0, 1e300);
        r.setDelay(*t.findLink("c1"), 1, std::numeric_limits<double>::infinity());
        const auto route = r.route(NodeId::fromIndex(0), NodeId::fromIndex(3));
        QVERIFY(route.has_value());
        QCOMPARE(route->hops.size(), std::size_t{1}); // now the shortcut
        // A down shortcut leaves the saturated chain: still a route, never an exception.
        r.setLinkUp(*t.findLink("direct"), false);
        const auto forced = r.route(NodeId::fromIndex(0), NodeId::fromIndex(3));
        QVERIFY(forced.has_value());
        QCOMPARE(forced->hops.size(), std::size_t{3});
        r.setLinkUp(*t.findLink("c0"), false);
        QVERIFY(!r.route(NodeId::fromIndex(0), NodeId::fromIndex(3)).has_value());
    }
};

MERIDIAN_TEST(RouterWeightTest)
#include "RouterWeightTest.moc"
