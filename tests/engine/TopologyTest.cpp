// Core Topology container: ids, parallel links, renames, removal renumbering, copies.
#include "TestMain.hpp"

#include "meridian/core/Error.hpp"
#include "meridian/topology/Topology.hpp"

#include <QtTest/QtTest>

using namespace meridian;
using namespace meridian::topology;

class TopologyTest : public QObject
{
    Q_OBJECT
private:
    static NodeAttributes node(const std::string& id, NodeKind kind = NodeKind::Host)
    {
        NodeAttributes n;
        n.id = id;
        n.kind = kind;
        return n;
    }
    static LinkAttributes link(const std::string& id, const std::string& a, const std::string& b)
    {
        LinkAttributes l;
        l.id = id;
        l.a = a;
        l.b = b;
        return l;
    }

private Q_SLOTS:
    void addAndFind()
    {
        Topology t;
        const NodeId a = t.addNode(node("a"));
        const NodeId b = t.addNode(node("b"));
        const LinkId l = t.addLink(link("ab", "a", "b"));
        QCOMPARE(t.nodeCount(), std::size_t(2));
        QCOMPARE(t.linkCount(), std::size_t(1));
        QVERIFY(t.findNode("a") == a);
        QVERIFY(t.findLink("ab") == l);
        QVERIFY(t.endpoints(l) == std::make_pair(a, b));
        QVERIFY(!t.findNode("zz"));
    }

    void duplicateIdsAndDanglingEndpointsAreRejected()
    {
        Topology t;
        t.addNode(node("a"));
        QVERIFY_THROWS_EXCEPTION(InputError, t.addNode(node("a")));
        QVERIFY_THROWS_EXCEPTION(InputError, t.addLink(link("l", "a", "missing")));
        t.addNode(node("b"));
        t.addLink(link("l", "a", "b"));
        QVERIFY_THROWS_EXCEPTION(InputError, t.addLink(link("l", "a", "b")));
    }

    void parallelLinksAreKept()
    {
        Topology t;
        t.addNode(node("a"));
        t.addNode(node("b"));
        t.addLink(link("l1", "a", "b"));
        t.addLink(link("l2", "a", "b"));
        QCOMPARE(t.linkCount(), std::size_t(2));
        QCOMPARE(t.linksOf(*t.findNode("a")).size(), std::size_t(2));
    }

    void renameUpdatesLinksAndChildren()
    {
        Topology t;
        t.addNode(node("c", NodeKind::Center));
        auto g = node("g", NodeKind::Gpu);
        g.parent = "c";
        t.addNode(g);
        t.addLink(link("cg", "c", "g"));
        auto c = t.node(*t.findNode("c"));
        c.id = "center";
        t.updateNode(*t.findNode("c"), c);
        QVERIFY(!t.findNode("c"));
        QCOMPARE(t.link(LinkId(0)).a, std::string("center"));
        QCOMPARE(t.node(*t.findNode("g")).parent, std::string("center"));
    }

    void removalRenumbersAndKeepsOrder()
    {
        Topology t;
        for (const char* id : {"a", "b", "c", "d"})
            t.addNode(node(id));
        t.addLink(link("ab", "a", "b"));
        t.addLink(link("bc", "b", "c"));
        t.addLink(link("cd", "c", "d"));
        t.removeNode(*t.findNode("b"));
        QCOMPARE(t.nodeCount(), std::size_t(3));
        QCOMPARE(t.linkCount(), std::size_t(1));
        QCOMPARE(t.link(LinkId(0)).id, std::string("cd"));
        QVERIFY(t.findNode("c") == NodeId(1));
        QVERIFY(t.findLink("cd") == LinkId(0));
    }

    void reconnectLink()
    {
        Topology t;
        for (const char* id : {"a", "b", "c"})
            t.addNode(node(id));
        t.addLink(link("x", "a", "b"));
        t.addLink(link("y", "b", "c"));
        auto x = t.link(LinkId(0));
        x.b = "c";
        t.updateLink(LinkId(0), x);
        QVERIFY(t.endpoints(*t.findLink("x")) == std::make_pair(*t.findNode("a"), *t.findNode("c")));
        QCOMPARE(t.link(LinkId(1)).id, std::string("y"));
    }

    void copyAndMoveAreDeep()
    {
        Topology t;
        t.addNode(node("a"));
        t.addNode(node("b"));
        t.addLink(link("ab", "a", "b"));
        Topology copy = t;
        QVERIFY(copy == t);
        auto l = copy.link(LinkId(0));
        l.params.bandwidth_bps = 1.0;
        copy.updateLink(LinkId(0), l);
        QVERIFY(!(copy == t));
        QCOMPARE(t.link(LinkId(0)).params.bandwidth_bps, 10e9);
        Topology moved = std::move(copy);
        QCOMPARE(moved.link(LinkId(0)).params.bandwidth_bps, 1.0);
        QCOMPARE(moved.endpoints(LinkId(0)).second, NodeId(1));
    }

    void uniqueIds()
    {
        Topology t;
        t.addNode(node("gpu"));
        QCOMPARE(t.uniqueNodeId("gpu"), std::string("gpu-2"));
        QCOMPARE(t.uniqueNodeId("sw"), std::string("sw"));
    }
};

MERIDIAN_TEST(TopologyTest)
#include "TopologyTest.moc"
