// The max-min solver on hand-built systems: each test writes the max-min shares it expects
// (worked out by progressive filling in the comment) before solving, then checks the solver's
// rates. Capacities are in bit/s but small numbers keep the arithmetic readable.
#include "meridian/net/MaxMinSolver.hpp"

#include "TestMain.hpp"

#include <QtTest/QtTest>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

using meridian::net::kInf;
using meridian::net::MaxMinSolver;

namespace {
void add(MaxMinSolver& s, std::uint32_t flow, const std::vector<std::uint32_t>& route,
         double cap_bps = kInf)
{
    s.addFlow(flow, route.data(), route.size(), cap_bps);
}

bool near(double a, double b)
{
    return std::abs(a - b) <= 1e-12 * std::max({1.0, std::abs(a), std::abs(b)});
}
} // namespace

#define QCOMPARE_RATE(solver, flow, expected)                                                      \
    do {                                                                                           \
        const double got_ = (solver).rateBps(flow);                                                \
        if (!near(got_, (expected)))                                                               \
            QFAIL(qPrintable(QString("flow %1: rate %2, expected %3")                              \
                                 .arg(flow)                                                        \
                                 .arg(got_, 0, 'g', 17)                                            \
                                 .arg((expected), 0, 'g', 17)));                                   \
    } while (false)

class MaxMinSolverTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void oneLinkTwoFlows()
    {
        // C = 10 shared by two uncapped flows: 5 each, the link saturated.
        MaxMinSolver s;
        s.addResource(10.0);
        add(s, 0, {0});
        add(s, 1, {0});
        s.recompute();
        QCOMPARE_RATE(s, 0, 5.0);
        QCOMPARE_RATE(s, 1, 5.0);
        QCOMPARE(s.allocBps(0), 10.0);
        QCOMPARE(s.activeFlows(), std::size_t{2});
    }

    void capBelowShareGivesTheRestToTheOther()
    {
        // C = 10; flow 0 capped at 2 freezes first at 2, flow 1 takes the residual 8.
        MaxMinSolver s;
        s.addResource(10.0);
        add(s, 0, {0}, 2.0);
        add(s, 1, {0});
        s.recompute();
        QCOMPARE_RATE(s, 0, 2.0);
        QCOMPARE_RATE(s, 1, 8.0);
        QCOMPARE(s.capBps(0), 2.0);
        QVERIFY(std::isinf(s.capBps(1)));
    }

    void capAboveShareDoesNotBind()
    {
        // C = 10, caps 7 and 6: the link fills at 5 before either cap: 5, 5.
        MaxMinSolver s;
        s.addResource(10.0);
        add(s, 0, {0}, 7.0);
        add(s, 1, {0}, 6.0);
        s.recompute();
        QCOMPARE_RATE(s, 0, 5.0);
        QCOMPARE_RATE(s, 1, 5.0);
    }

    void allFlowsCappedLeaveTheLinkUnsaturated()
    {
        // C = 10, caps 1 and 2: 1 and 2, allocation 3 < 10.
        MaxMinSolver s;
        s.addResource(10.0);
        add(s, 0, {0}, 1.0);
        add(s, 1, {0}, 2.0);
        s.recompute();
        QCOMPARE_RATE(s, 0, 1.0);
        QCOMPARE_RATE(s, 1, 2.0);
        QCOMPARE(s.allocBps(0), 3.0);
    }

    void parkingLotEqualLinks()
    {
        // Chain of 3 links of C = 1; flow 0 crosses all, flows 1..3 one link each. Every link
        // has 2 flows and fills at 1/2: all flows get 0.5.
        MaxMinSolver s;
        for (int i = 0; i < 3; ++i)
            s.addResource(1.0);
        add(s, 0, {0, 1, 2});
        for (std::uint32_t i = 0; i < 3; ++i)
            add(s, i + 1, {i});
        s.recompute();
        for (std::uint32_t f = 0; f < 4; ++f)
            QCOMPARE_RATE(s, f, 0.5);
    }

    void parkingLotIncreasingLinks()
    {
        // Chain of links C = 1, 2, 3; flow 0 crosses all, flows 1..3 one link each. Link 0
        // fills first at 1/2 (flows 0 and 1 freeze at 0.5); link 1 then has 2 − 0.5 = 1.5 for
        // flow 2, link 2 has 3 − 0.5 = 2.5 for flow 3.
        MaxMinSolver s;
        s.addResource(1.0);
        s.addResource(2.0);
        s.addResource(3.0);
        add(s, 0, {0, 1, 2});
        for (std::uint32_t i = 0; i < 3; ++i)
            add(s, i + 1, {i});
        s.recompute();
        QCOMPARE_RATE(s, 0, 0.5);
        QCOMPARE_RATE(s, 1, 0.5);
        QCOMPARE_RATE(s, 2, 1.5);
        QCOMPARE_RATE(s, 3, 2.5);
    }

    void bertsekasGallagerTwoLinks()
    {
        // Link 0 (C = 1): flows A, B. Link 1 (C = 3): flows B, C, D. Link 0 fills at 1/2
        // (A = B = 0.5); link 1 then shares 3 − 0.5 = 2.5 between C and D: 1.25 each.
        MaxMinSolver s;
        s.addResource(1.0);
        s.addResource(3.0);
        add(s, 0, {0});
        add(s, 1, {0, 1});
        add(s, 2, {1});
        add(s, 3, {1});
        s.recompute();
        QCOMPARE_RATE(s, 0, 0.5);
        QCOMPARE_RATE(s, 1, 0.5);
        QCOMPARE_RATE(s, 2, 1.25);
        QCOMPARE_RATE(s, 3, 1.25);
    }

    void longRouteTakesItsNarrowestLink()
    {
        // One flow over 10 links of C = 10, 9, ..., 1: its rate is the smallest capacity, 1.
        MaxMinSolver s;
        std::vector<std::uint32_t> route;
        for (int i = 0; i < 10; ++i)
            route.push_back(s.addResource(10.0 - i));
        add(s, 0, route);
        s.recompute();
        QCOMPARE_RATE(s, 0, 1.0);
    }

    void triangleOfTwoHopFlows()
    {
        // Links 0, 1, 2 with C = 2, 4, 6; flow 0 on {0,1}, flow 1 on {1,2}, flow 2 on {2,0}.
        // Link 0 (2 flows, C = 2) fills first at 1: flows 0 and 2 freeze at 1. Link 1 then has
        // 4 − 1 = 3 for flow 1, link 2 has 6 − 1 = 5: flow 1 freezes at 3 on link 1.
        MaxMinSolver s;
        s.addResource(2.0);
        s.addResource(4.0);
        s.addResource(6.0);
        add(s, 0, {0, 1});
        add(s, 1, {1, 2});
        add(s, 2, {2, 0});
        s.recompute();
        QCOMPARE_RATE(s, 0, 1.0);
        QCOMPARE_RATE(s, 1, 3.0);
        QCOMPARE_RATE(s, 2, 1.0);
    }

    void capacityChange()
    {
        // C = 10, two flows: 5, 5. Then C = 4: 2, 2. Then C = 0 (link down): 0, 0. Then C = 12
        // with flow 0 capped at 3: 3, 9.
        MaxMinSolver s;
        s.addResource(10.0);
        add(s, 0, {0});
        add(s, 1, {0});
        s.recompute();
        QCOMPARE_RATE(s, 0, 5.0);
        s.setCapacity(0, 4.0);
        QVERIFY(s.hasChanges());
        s.recompute();
        QVERIFY(!s.hasChanges());
        QCOMPARE_RATE(s, 0, 2.0);
        QCOMPARE_RATE(s, 1, 2.0);
        s.setCapacity(0, 0.0);
        s.recompute();
        QCOMPARE_RATE(s, 0, 0.0);
        QCOMPARE_RATE(s, 1, 0.0);
        QCOMPARE(s.allocBps(0), 0.0);
        s.setCapacity(0, 12.0);
        QVERIFY(s.setFlowCap(0, 3.0));
        QVERIFY(!s.setFlowCap(0, 3.0)); // unchanged: nothing to re-solve
        s.recompute();
        QCOMPARE_RATE(s, 0, 3.0);
        QCOMPARE_RATE(s, 1, 9.0);
    }

    void flowRemovalRaisesTheOthers()
    {
        // Parking lot of 2 links C = 1: long flow 0 on both, short flows 1 and 2: 0.5 each.
        // Remove flow 1: link 0 carries flow 0 alone, but link 1 still fills at 0.5 with
        // flows 0 and 2: no change. Remove flow 2 as well: flow 0 alone gets 1.
        MaxMinSolver s;
        s.addResource(1.0);
        s.addResource(1.0);
        add(s, 0, {0, 1});
        add(s, 1, {0});
        add(s, 2, {1});
        s.recompute();
        QCOMPARE_RATE(s, 0, 0.5);
        s.removeFlow(1);
        QVERIFY(!s.hasFlow(1));
        s.recompute();
        QCOMPARE_RATE(s, 0, 0.5);
        QCOMPARE_RATE(s, 2, 0.5);
        QCOMPARE(s.allocBps(0), 0.5);
        s.removeFlow(2);
        s.recompute();
        QCOMPARE_RATE(s, 0, 1.0);
        QCOMPARE(s.activeFlows(), std::size_t{1});
        // A removed flow's id can be reused with another route.
        add(s, 1, {1});
        s.recompute();
        QCOMPARE_RATE(s, 0, 0.5);
        QCOMPARE_RATE(s, 1, 0.5);
    }

    void solveThenApply()
    {
        // C = 6 with one flow at 6; a second arrives: solve() gives 3, 3 without changing the
        // current rates, apply() sets them and reports flow 0's rate as changed.
        MaxMinSolver s;
        s.addResource(6.0);
        add(s, 0, {0});
        s.recompute();
        QCOMPARE_RATE(s, 0, 6.0);
        add(s, 1, {0});
        s.solve();
        QCOMPARE(s.rateBps(0), 6.0);
        QCOMPARE(s.newRateBps(0), 3.0);
        QCOMPARE(s.newRateBps(1), 3.0);
        QCOMPARE(s.allocBps(0), 6.0);
        s.apply();
        QCOMPARE_RATE(s, 0, 3.0);
        QCOMPARE_RATE(s, 1, 3.0);
        QVERIFY(s.rateChanged(0));
        QVERIFY(s.rateChanged(1));
        QCOMPARE(s.allocBps(0), 6.0);
    }

    void updateStaysLocal()
    {
        // Two disjoint links (C = 4 and 8), two flows each: 2, 2 and 4, 4. Adding a flow to
        // link 0 (4/3 each) re-solves only link 0's flows; link 1's keep 4.
        MaxMinSolver s;
        s.addResource(4.0);
        s.addResource(8.0);
        add(s, 0, {0});
        add(s, 1, {0});
        add(s, 2, {1});
        add(s, 3, {1});
        s.recompute();
        QCOMPARE(s.recomputations(), std::uint64_t{1});
        add(s, 4, {0});
        s.recompute();
        QCOMPARE(s.recomputations(), std::uint64_t{2});
        for (std::uint32_t f : s.solvedFlows())
            QVERIFY(f == 0 || f == 1 || f == 4);
        for (std::uint32_t r : s.solvedResources())
            QCOMPARE(r, 0u);
        QCOMPARE_RATE(s, 0, 4.0 / 3.0);
        QCOMPARE_RATE(s, 4, 4.0 / 3.0);
        QCOMPARE_RATE(s, 2, 4.0);
        QCOMPARE_RATE(s, 3, 4.0);
    }

    void capacityDropWhileABottleneckFrees()
    {
        // Link 0 (C = 10): flows A (also on link 1) and B; link 1 (C = 2): A and D. Link 1
        // fills at 1 (A = D = 1), link 0 gives B the rest: 9. At one instant D ends and link 0
        // drops to C = 1: A and B share it, 0.5 each.
        MaxMinSolver s;
        s.addResource(10.0);
        s.addResource(2.0);
        add(s, 0, {0, 1});
        add(s, 1, {0});
        add(s, 2, {1});
        s.recompute();
        QCOMPARE_RATE(s, 0, 1.0);
        QCOMPARE_RATE(s, 1, 9.0);
        s.removeFlow(2);
        s.setCapacity(0, 1.0);
        s.recompute();
        // Propagation lets A (which lost its clean bottleneck) and B join at A's old level 1,
        // overfilling link 0; validation sees the overfull resource and re-solves plainly.
        QVERIFY(s.allocBps(0) <= 1.0 * (1.0 + 1e-12));
        QVERIFY(near(s.rateBps(0), 0.5));
        QVERIFY(near(s.rateBps(1), 0.5));
    }

    void longRoutesAreKeptOutOfLine()
    {
        // Routes of more than six resources are kept outside the flow's record. Nine links
        // of C = 10 except the last (C = 4); flow 0 crosses all nine, flow i + 1 link i only.
        // The last link fills first at 2 (flows 0 and 9), then every other link gives its own
        // flow the rest: 10 − 2 = 8.
        MaxMinSolver s;
        std::vector<std::uint32_t> all;
        for (std::uint32_t r = 0; r < 9; ++r) {
            s.addResource(r == 8 ? 4.0 : 10.0);
            all.push_back(r);
        }
        add(s, 0, all);
        for (std::uint32_t r = 0; r < 9; ++r)
            add(s, r + 1, {r});
        s.recompute();
        QCOMPARE_RATE(s, 0, 2.0);
        QCOMPARE_RATE(s, 9, 2.0);
        for (std::uint32_t f = 1; f <= 8; ++f)
            QCOMPARE_RATE(s, f, 8.0);
        // Flow 0 leaves (its slot freed), flow 10 takes links 1..7 (seven: out of line again,
        // in the freed slot): links 1..7 each carry flows 10 and their own at 5, 5; link 0's
        // flow gets all of it (10), the last link's 4.
        s.removeFlow(0);
        add(s, 10, {1, 2, 3, 4, 5, 6, 7});
        s.recompute();
        QVERIFY(!s.hasFlow(0));
        QCOMPARE_RATE(s, 1, 10.0);
        QCOMPARE_RATE(s, 9, 4.0);
        QCOMPARE_RATE(s, 10, 5.0);
        for (std::uint32_t f = 2; f <= 8; ++f)
            QCOMPARE_RATE(s, f, 5.0);
        // Flow 0 comes back on a six-link route (in line): links 1..5 now carry three flows
        // (their own, 10 and 0) and fill first, at 10/3; link 0 gives flow 1 the rest,
        // 10 − 10/3 = 20/3, and links 6 and 7 their own flows 10 − 10/3 = 20/3.
        add(s, 0, {0, 1, 2, 3, 4, 5});
        s.recompute();
        QCOMPARE_RATE(s, 0, 10.0 / 3.0);
        QCOMPARE_RATE(s, 10, 10.0 / 3.0);
        QCOMPARE_RATE(s, 1, 20.0 / 3.0);
        for (std::uint32_t f = 2; f <= 6; ++f)
            QCOMPARE_RATE(s, f, 10.0 / 3.0);
        QCOMPARE_RATE(s, 7, 20.0 / 3.0);
        QCOMPARE_RATE(s, 8, 20.0 / 3.0);
        s.verifyAgainstFullSolve();
        QVERIFY(s.maxDeviation() <= 1e-12);
    }

    void longRoutesMatchFullSolve()
    {
        // Churn with routes of 1 to 12 resources out of 16 (in line up to six, out of line
        // beyond, slots freed and reused): after every update the rates equal a from-scratch
        // progressive filling.
        std::mt19937_64 rng(20261203);
        MaxMinSolver s;
        for (int r = 0; r < 16; ++r)
            s.addResource(1.0 + static_cast<double>(rng() % 100));
        std::vector<bool> present(60, false);
        for (int step = 0; step < 400; ++step) {
            const auto f = static_cast<std::uint32_t>(rng() % present.size());
            if (present[f]) {
                s.removeFlow(f);
                present[f] = false;
            } else {
                std::vector<std::uint32_t> route;
                const std::size_t hops = 1 + rng() % 12;
                while (route.size() < hops) {
                    const auto r = static_cast<std::uint32_t>(rng() % 16);
                    if (std::find(route.begin(), route.end(), r) == route.end())
                        route.push_back(r);
                }
                add(s, f, route, rng() % 4 == 0 ? 0.5 + static_cast<double>(rng() % 30) : kInf);
                present[f] = true;
            }
            s.recompute();
            s.verifyAgainstFullSolve();
            QVERIFY2(s.maxDeviation() <= 1e-9,
                     qPrintable(QString("step %1: %2").arg(step).arg(s.maxDeviation())));
        }
        QVERIFY(s.activeFlows() > 10);
    }

    void incrementalMatchesFullSolve()
    {
        // Random churn on a random system of 12 resources: after every update the incremental
        // rates equal those of a from-scratch progressive filling (verifyAgainstFullSolve) and
        // of a fresh solver given the same flows at once. Capacities stay > 0: on a zero
        // capacity the two may differ by float residue around 0 (~1e-16 bit/s), which the
        // relative deviation would magnify (capacityChange covers C = 0).
        std::mt19937_64 rng(20240611);
        const auto uniform = [&](double lo, double hi) {
            return lo + (hi - lo) * static_cast<double>(rng() >> 11) * 0x1.0p-53;
        };
        MaxMinSolver s;
        std::vector<double> capacity;
        for (int r = 0; r < 12; ++r) {
            capacity.push_back(uniform(1.0, 100.0));
            s.addResource(capacity.back());
        }
        struct Live
        {
            std::vector<std::uint32_t> route;
            double cap = kInf;
            bool present = false;
        };
        std::vector<Live> flows(40);
        for (int step = 0; step < 400; ++step) {
            const int changes = 1 + static_cast<int>(rng() % 3); // batched like one instant
            for (int c = 0; c < changes; ++c) {
                const auto f = static_cast<std::uint32_t>(rng() % flows.size());
                const auto op = rng() % 4;
                if (!flows[f].present) {
                    flows[f].route.clear();
                    const std::size_t hops = 1 + rng() % 4;
                    while (flows[f].route.size() < hops) {
                        const auto r = static_cast<std::uint32_t>(rng() % capacity.size());
                        if (std::find(flows[f].route.begin(), flows[f].route.end(), r) ==
                            flows[f].route.end())
                            flows[f].route.push_back(r);
                    }
                    flows[f].cap = rng() % 3 == 0 ? uniform(0.5, 30.0) : kInf;
                    flows[f].present = true;
                    add(s, f, flows[f].route, flows[f].cap);
                } else if (op == 0) {
                    flows[f].present = false;
                    s.removeFlow(f);
                } else if (op == 1) {
                    flows[f].cap = rng() % 2 == 0 ? uniform(0.5, 30.0) : kInf;
                    s.setFlowCap(f, flows[f].cap);
                } else {
                    // Rises and drops mixed with the other changes of the same update
                    // (capacityDropWhileABottleneckFrees is the case that once overfilled).
                    const auto r = static_cast<std::uint32_t>(rng() % capacity.size());
                    capacity[r] = uniform(1.0, 100.0);
                    s.setCapacity(r, capacity[r]);
                }
            }
            s.recompute();

            MaxMinSolver fresh;
            for (double c : capacity)
                fresh.addResource(c);
            for (std::uint32_t f = 0; f < flows.size(); ++f)
                if (flows[f].present)
                    add(fresh, f, flows[f].route, flows[f].cap);
            fresh.recompute();
            for (std::uint32_t f = 0; f < flows.size(); ++f) {
                if (!flows[f].present)
                    continue;
                const double a = s.rateBps(f);
                const double b = fresh.rateBps(f);
                QVERIFY2(std::abs(a - b) <= 1e-9 * std::max(1.0, b),
                         qPrintable(QString("step %1 flow %2: %3 vs %4")
                                        .arg(step)
                                        .arg(f)
                                        .arg(a, 0, 'g', 17)
                                        .arg(b, 0, 'g', 17)));
            }
            s.verifyAgainstFullSolve();
            QVERIFY2(s.maxDeviation() <= 1e-9,
                     qPrintable(QString("step %1: %2").arg(step).arg(s.maxDeviation())));
        }
        QVERIFY(s.flowsRecomputed() > 0);
        QVERIFY(s.flowsRateChanged() > 0);
    }

    void manyFlowsOnOneLinkMatchFullSolve()
    {
        // Hundreds of flows share link 0 (and most of them link 1), entering through access
        // links of different capacities, some capped: the case where every update checks
        // hundreds of flows on the same dirtied links (maximality from the largest frozen and
        // outside rates, one sorted run of checks per link, a flow queued once). After every
        // update the rates equal a from-scratch progressive filling.
        std::mt19937_64 rng(20261202);
        const auto uniform = [&](double lo, double hi) {
            return lo + (hi - lo) * static_cast<double>(rng() >> 11) * 0x1.0p-53;
        };
        MaxMinSolver s;
        s.addResource(10'000.0); // 0: the shared bottleneck
        s.addResource(12'000.0); // 1: the link before it
        for (int a = 0; a < 16; ++a)
            s.addResource(uniform(200.0, 2'000.0)); // 2..17: access links
        std::vector<bool> present(600, false);
        for (std::uint32_t f = 0; f < 400; ++f) {
            const auto access = static_cast<std::uint32_t>(2 + f % 16);
            add(s, f,
                f % 5 == 0 ? std::vector<std::uint32_t>{access, 0}
                           : std::vector<std::uint32_t>{access, 1, 0},
                f % 7 == 0 ? uniform(1.0, 40.0) : kInf);
            present[f] = true;
        }
        s.recompute();
        for (int step = 0; step < 300; ++step) {
            const int changes = 1 + static_cast<int>(rng() % 3);
            for (int c = 0; c < changes; ++c) {
                const auto f = static_cast<std::uint32_t>(rng() % present.size());
                const auto access = static_cast<std::uint32_t>(2 + rng() % 16);
                if (!present[f]) {
                    add(s, f,
                        rng() % 5 == 0 ? std::vector<std::uint32_t>{access, 0}
                                       : std::vector<std::uint32_t>{access, 1, 0},
                        rng() % 4 == 0 ? uniform(1.0, 40.0) : kInf);
                    present[f] = true;
                } else if (rng() % 3 != 0) {
                    s.removeFlow(f);
                    present[f] = false;
                } else {
                    s.setFlowCap(f, rng() % 2 == 0 ? uniform(1.0, 40.0) : kInf);
                }
            }
            if (step % 50 == 49)
                s.setCapacity(0, uniform(4'000.0, 9'000.0));
            s.recompute();
            s.verifyAgainstFullSolve();
            QVERIFY2(s.maxDeviation() <= 1e-9,
                     qPrintable(QString("step %1: %2").arg(step).arg(s.maxDeviation())));
        }
        QVERIFY(s.flowsOn(0).size() >= 300);
        QVERIFY(s.allocBps(0) >= s.capacityBps(0) * (1.0 - 1e-9)); // saturated
    }
};

MERIDIAN_TEST(MaxMinSolverTest)
#include "MaxMinSolverTest.moc"
