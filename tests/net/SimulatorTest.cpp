// Event kernel: deterministic ordering, cancellation, runUntil/step/stop, SimTime.
#include "meridian/sim/Simulator.hpp"

#include "TestMain.hpp"
#include "meridian/core/Error.hpp"

#include <QtTest/QtTest>
#include <array>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

using namespace meridian;
using namespace meridian::sim;

class SimulatorTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void simTimeConversions()
    {
        QCOMPARE(SimTime::fromSeconds(1.5).ns(), std::int64_t(1500000000));
        QCOMPARE(SimTime::fromSeconds(1e-9).ns(), std::int64_t(1));
        QCOMPARE(SimTime::fromSecondsCeil(1.2e-9).ns(), std::int64_t(2));
        QCOMPARE(SimTime::fromSecondsCeil(2e-9).ns(), std::int64_t(2));
        QCOMPARE((SimTime::fromNs(5) + SimTime::fromNs(7)).ns(), std::int64_t(12));
        QVERIFY(SimTime::fromNs(3) < SimTime::fromNs(4));
        QCOMPARE(SimTime::fromNs(250000000).toSeconds(), 0.25);
    }

    void simTimeArithmeticSaturates()
    {
        // Beyond the int64 ns range, arithmetic sticks at the limits instead of wrapping
        // (wrapping would put an event ~292 years in the past, or be undefined behaviour).
        const SimTime mx = SimTime::max();
        const SimTime mn = SimTime::fromNs(std::numeric_limits<std::int64_t>::min());
        QCOMPARE((mx + SimTime::fromNs(1)).ns(), mx.ns());
        QCOMPARE((mx + mx).ns(), mx.ns());
        QCOMPARE((SimTime::fromSeconds(1.0) + mx).ns(), mx.ns());
        QCOMPARE((mn - SimTime::fromNs(1)).ns(), mn.ns());
        QCOMPARE((mn + mn).ns(), mn.ns());
        QCOMPARE((mx - mn).ns(), mx.ns());
        QCOMPARE((mn - mx).ns(), mn.ns());
        QCOMPARE((mx * 2).ns(), mx.ns());
        QCOMPARE((SimTime::fromNs(-3) * std::numeric_limits<std::int64_t>::max()).ns(), mn.ns());
        QCOMPARE((mn * -1).ns(), mx.ns());
        SimTime t = mx - SimTime::fromNs(5);
        t += SimTime::fromNs(10);
        QCOMPARE(t.ns(), mx.ns());
        t = mn + SimTime::fromNs(5);
        t -= SimTime::fromNs(10);
        QCOMPARE(t.ns(), mn.ns());
        // In range, the arithmetic is exact: max − 1 ns + 1 ns = max; ordinary sums unchanged.
        QCOMPARE(((mx - SimTime::fromNs(1)) + SimTime::fromNs(1)).ns(), mx.ns());
        QCOMPARE((SimTime::fromNs(-7) + SimTime::fromNs(3)).ns(), std::int64_t(-4));
        QCOMPARE((SimTime::fromNs(6) * -4).ns(), std::int64_t(-24));
        // Conversions saturate too (NaN → max).
        QCOMPARE(SimTime::fromSeconds(1e300).ns(), mx.ns());
        QCOMPARE(SimTime::fromSecondsCeil(1e300).ns(), mx.ns());
        QCOMPARE(SimTime::fromSeconds(-1e300).ns(), mn.ns());
        QCOMPARE(SimTime::fromSeconds(std::nan("")).ns(), mx.ns());
        // A relative event near the horizon lands at max(), not in the past.
        Simulator sim;
        bool ran = false;
        sim.schedule(mx - SimTime::fromNs(10),
                     [&] { sim.scheduleIn(SimTime::fromSeconds(1.0), [&] { ran = true; }); });
        sim.run();
        QVERIFY(ran);
        QCOMPARE(sim.now().ns(), mx.ns());
    }

    void equalTimesRunInSchedulingOrder()
    {
        Simulator sim;
        std::vector<int> order;
        // Expectation: time first, then insertion order: 1@1, then 2,3,4 @5 in order, 5@9.
        sim.schedule(SimTime::fromNs(5), [&] { order.push_back(2); });
        sim.schedule(SimTime::fromNs(9), [&] { order.push_back(5); });
        sim.schedule(SimTime::fromNs(5), [&] { order.push_back(3); });
        sim.schedule(SimTime::fromNs(1), [&] { order.push_back(1); });
        sim.schedule(SimTime::fromNs(5), [&] { order.push_back(4); });
        QCOMPARE(sim.run(), std::uint64_t(5));
        QCOMPARE(order, (std::vector<int>{1, 2, 3, 4, 5}));
        QCOMPARE(sim.now().ns(), std::int64_t(9));
        QCOMPARE(sim.eventsExecuted(), std::uint64_t(5));
    }

    void zeroDelayEventsFollowEarlierEventsOfTheSameTime()
    {
        // Expectation: at t = 10 the events queued before t was reached (1, 2, 3, in that
        // order) run first, then the zero-delay ones in the order they were scheduled (4 by 1,
        // 6 by 2, 7 by 4 itself; 5 was cancelled by 2), then 8 at t = 11. A zero-delay event
        // scheduled before the run starts (0, at t = 0) runs first.
        Simulator sim;
        std::vector<int> order;
        EventHandle five;
        sim.schedule(SimTime::fromNs(10), [&] {
            order.push_back(1);
            sim.schedule(sim.now(), [&] {
                order.push_back(4);
                sim.scheduleIn(SimTime::fromNs(0), [&] { order.push_back(7); });
            });
            five = sim.schedule(sim.now(), [&] { order.push_back(5); });
        });
        sim.schedule(SimTime::fromNs(10), [&] {
            order.push_back(2);
            QVERIFY(sim.cancel(five));
            sim.schedule(sim.now(), [&] { order.push_back(6); });
        });
        sim.schedule(SimTime::fromNs(11), [&] { order.push_back(8); });
        sim.schedule(SimTime::fromNs(10), [&] { order.push_back(3); });
        sim.schedule(sim.now(), [&] { order.push_back(0); });
        QCOMPARE(sim.nextEventTime().ns(), std::int64_t(0));
        QCOMPARE(sim.run(), std::uint64_t(8));
        QCOMPARE(order, (std::vector<int>{0, 1, 2, 3, 4, 6, 7, 8}));
        QCOMPARE(sim.pendingEvents(), std::size_t(0));
    }

    void sequenceWrapKeepsZeroDelayOrder()
    {
        // The 32-bit sequence wraps while zero-delay events are queued: renumbering must keep
        // them after the same-time events scheduled before them, in their own order.
        Simulator sim;
        // Entries 0, 7, 8 take UINT32_MAX − 6 … − 4; zero-delay 1–3 the next three; 4 finds
        // the sequence at UINT32_MAX and renumbers with 1–3 queued.
        sim.setNextSequenceForTesting(UINT32_MAX - 6);
        std::vector<int> order;
        sim.schedule(SimTime::fromNs(5), [&] {
            order.push_back(0);
            for (int i = 1; i <= 6; ++i)
                sim.schedule(sim.now(), [&order, i] { order.push_back(i); });
        });
        sim.schedule(SimTime::fromNs(5), [&] { order.push_back(7); });
        sim.schedule(SimTime::fromNs(6), [&] { order.push_back(8); });
        sim.run();
        QCOMPARE(order, (std::vector<int>{0, 7, 1, 2, 3, 4, 5, 6, 8}));
    }

    void cancelSkipsTheEventAndStaleHandlesAreHarmless()
    {
        Simulator sim;
        int ran = 0;
        const EventHandle a = sim.schedule(SimTime::fromNs(10), [&] { ran += 1; });
        const EventHandle b = sim.schedule(SimTime::fromNs(20), [&] { ran += 10; });
        QVERIFY(sim.pending(a));
        QVERIFY(sim.cancel(a));
        QVERIFY(!sim.cancel(a)); // already cancelled
        QVERIFY(!sim.pending(a));
        // Reuse of a's slot by a new event must not let the old handle cancel it.
        const EventHandle c = sim.schedule(SimTime::fromNs(30), [&] { ran += 100; });
        QVERIFY(!sim.cancel(a));
        QCOMPARE(sim.pendingEvents(), std::size_t(2));
        sim.run();
        QCOMPARE(ran, 110);
        QVERIFY(!sim.pending(b));
        QVERIFY(!sim.pending(c));
        QVERIFY(!sim.cancel(EventHandle{}));
    }

    void eventsScheduleEventsAndRunUntilStops()
    {
        Simulator sim;
        int count = 0;
        std::function<void()> tick = [&] {
            ++count;
            sim.scheduleIn(SimTime::fromNs(100), tick);
        };
        sim.schedule(SimTime::zero(), tick);
        // Ticks at 0, 100, ..., 1000 → 11 events; now() is then exactly the horizon.
        QCOMPARE(sim.runUntil(SimTime::fromNs(1000)), std::uint64_t(11));
        QCOMPARE(count, 11);
        QCOMPARE(sim.now().ns(), std::int64_t(1000));
        QVERIFY(sim.step());
        QCOMPARE(sim.now().ns(), std::int64_t(1100));
    }

    void requestStopEndsRun()
    {
        Simulator sim;
        int count = 0;
        for (int i = 0; i < 10; ++i)
            sim.schedule(SimTime::fromNs(i), [&] {
                if (++count == 4)
                    sim.requestStop();
            });
        sim.run();
        QCOMPARE(count, 4);
        QVERIFY(sim.stopRequested());
        sim.clearStop();
        sim.run();
        QCOMPARE(count, 10);
    }

    void largeCallbacksGoToTheHeap()
    {
        Simulator sim;
        std::array<double, 32> big{};
        big[31] = 42.0;
        double seen = 0.0;
        sim.schedule(SimTime::fromNs(1), [big, &seen] { seen = big[31]; });
        std::string text(100, 'x');
        std::size_t len = 0;
        sim.schedule(SimTime::fromNs(2), [text, &len] { len = text.size(); });
        sim.run();
        QCOMPARE(seen, 42.0);
        QCOMPARE(len, std::size_t(100));
    }

    void schedulingInThePastIsAnInvariantViolation()
    {
        Simulator sim;
        sim.schedule(SimTime::fromNs(10), [] {});
        sim.run();
        QVERIFY_THROWS_EXCEPTION(meridian::InternalError, sim.schedule(SimTime::fromNs(5), [] {}));
    }
};

MERIDIAN_TEST(SimulatorTest)
#include "SimulatorTest.moc"
