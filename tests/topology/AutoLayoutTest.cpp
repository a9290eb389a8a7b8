// The Qt-free automatic layouts (topology::AutoLayout): de-overlap keeps the minimum distance
// and leaves spread points alone, the force-directed layout is deterministic and honours a
// cancel request, and the spring layout refuses components it cannot handle.
#include "meridian/topology/AutoLayout.hpp"

#include "TestMain.hpp"

#include <QtTest/QtTest>
#include <cmath>
#include <stdexcept>

using namespace meridian;
using meridian::topology::AutoLayout;

namespace {

double minDistance(const std::vector<std::array<double, 2>>& p)
{
    double best = 1e300;
    for (std::size_t i = 0; i < p.size(); ++i)
        for (std::size_t j = i + 1; j < p.size(); ++j)
            best = std::min(best, std::hypot(p[i][0] - p[j][0], p[i][1] - p[j][1]));
    return best;
}

/// A ring of n routers, all drawn at the origin.
topology::Topology ring(int n)
{
    topology::Topology t;
    for (int i = 0; i < n; ++i) {
        topology::NodeAttributes node;
        node.id = "r" + std::to_string(i);
        node.kind = topology::NodeKind::Router;
        t.addNode(node);
    }
    for (int i = 0; i < n; ++i) {
        topology::LinkAttributes link;
        link.id = "l" + std::to_string(i);
        link.a = "r" + std::to_string(i);
        link.b = "r" + std::to_string((i + 1) % n);
        t.addLink(link);
    }
    return t;
}

} // namespace

class AutoLayoutTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void separateNodesKeepsMinimumDistanceAndLeavesSpreadPointsAlone()
    {
        // Five points on one spot and two close ones: all pairs end ≥ the minimum apart.
        std::vector<std::array<double, 2>> p = {{0, 0}, {0, 0},  {0, 0}, {0, 0},
                                                {0, 0}, {10, 0}, {12, 3}};
        AutoLayout::separateNodes(p, 80.0);
        QVERIFY2(minDistance(p) >= 80.0, qPrintable(QString::number(minDistance(p))));
        // Deterministic.
        std::vector<std::array<double, 2>> q = {{0, 0}, {0, 0},  {0, 0}, {0, 0},
                                                {0, 0}, {10, 0}, {12, 3}};
        AutoLayout::separateNodes(q, 80.0);
        QCOMPARE(p, q);
        // A cluster too dense for pairwise pushes (400 sites in a 10 × 10 square) falls back
        // to greedy ring placement: still every pair ≥ the minimum.
        std::vector<std::array<double, 2>> dense;
        for (int i = 0; i < 400; ++i)
            dense.push_back({static_cast<double>(i % 20) * 0.5, static_cast<double>(i / 20) * 0.5});
        QVERIFY(AutoLayout::separateNodes(dense, 80.0, 2) <= 2);
        QVERIFY2(minDistance(dense) >= 80.0, qPrintable(QString::number(minDistance(dense))));
        // Points already far enough apart do not move at all.
        std::vector<std::array<double, 2>> spread = {{0, 0}, {100, 0}, {0, 100}, {300, 300}};
        const auto copy = spread;
        QCOMPARE(AutoLayout::separateNodes(spread, 80.0), 0);
        QCOMPARE(spread, copy);
    }

    void forceDirectedIsDeterministicAndSpreadsTheNodes()
    {
        const topology::Topology t = ring(12);
        const auto a = AutoLayout::forceDirected(t, 7);
        const auto b = AutoLayout::forceDirected(t, 7);
        QVERIFY(a && b);
        std::vector<std::array<double, 2>> pa, pb;
        for (std::size_t i = 0; i < t.nodeCount(); ++i) {
            pa.push_back(a->node(NodeId::fromIndex(i)).pos);
            pb.push_back(b->node(NodeId::fromIndex(i)).pos);
        }
        QCOMPARE(pa, pb);
        // Twelve nodes that all started on one spot end up apart.
        QVERIFY2(minDistance(pa) > 1.0, qPrintable(QString::number(minDistance(pa))));
    }

    void cancelledLayoutReturnsNothing()
    {
        topology::LayoutControl control;
        control.cancel = true;
        QVERIFY(!AutoLayout::forceDirected(ring(12), 1, &control).has_value());
        QVERIFY(!AutoLayout::springLayout(ring(12), &control).has_value());
    }

    void springRefusesAComponentOverTheLimit()
    {
        const topology::Topology t =
            ring(static_cast<int>(AutoLayout::kSpringMaxComponentNodes) + 1);
        QCOMPARE(AutoLayout::largestComponent(t), AutoLayout::kSpringMaxComponentNodes + 1);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, AutoLayout::springLayout(t));
    }
};

MERIDIAN_TEST(AutoLayoutTest)
#include "AutoLayoutTest.moc"
