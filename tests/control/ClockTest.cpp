// Lamport's rules IR1/IR2 and vector-clock order (Lamport 1978; Fidge 1988, Mattern 1989),
// and the Birman–Schiper–Stephenson causal delivery rule on hand-built interleavings.
#include "TestMain.hpp"
#include "meridian/control/CausalBuffer.hpp"
#include "meridian/control/LamportClock.hpp"

#include <QtTest/QtTest>

using namespace meridian::control;

namespace {

using Buf = CausalBuffer<char>;

Buf::Message msg(int sender, VectorClock vc, std::uint64_t lamport, char tag)
{
    Buf::Message m;
    m.sender = sender;
    m.clock = std::move(vc);
    m.lamport = lamport;
    m.payload = tag;
    return m;
}

std::string tags(const std::vector<Buf::Delivery>& ds)
{
    std::string s;
    for (const auto& d : ds)
        s += d.message.payload;
    return s;
}

} // namespace

class ClockTest : public QObject
{
    Q_OBJECT
private slots:
    void lamportRules()
    {
        LamportClock a, b;
        QCOMPARE(a.tick(), 1u);      // local event: +1
        const auto stamp = a.send(); // send: +1, carried
        QCOMPARE(stamp, 2u);
        QCOMPARE(b.receive(stamp), 3u); // receive: max(0, 2) + 1
        b.tick();
        b.tick();
        QCOMPARE(b.time(), 5u);
        QCOMPARE(b.receive(1), 6u); // an old stamp still advances by one
        // Clock condition: send happens before receive.
        LamportClock c;
        const auto s2 = b.send();
        QVERIFY(c.receive(s2) > s2);
    }

    void vectorOrder()
    {
        QVERIFY(happenedBefore({1, 0, 0}, {1, 1, 0}));
        QVERIFY(!happenedBefore({1, 1, 0}, {1, 0, 0}));
        QVERIFY(!happenedBefore({1, 0}, {1, 0}));
        QVERIFY(concurrent({1, 0, 0}, {0, 1, 0}));
        QVERIFY(!concurrent({1, 0, 0}, {1, 1, 0}));
        // Lamport times cannot tell these apart: (2, 0) < (3, 1) in Lamport order, yet the
        // events are concurrent; the vector clocks say so.
        QVERIFY(concurrent({2, 0}, {0, 3}));
    }

    // FIFO on one channel: p0's second broadcast arrives first and waits for the first.
    void fifoOnAChannel()
    {
        Buf b(3, 2);
        QCOMPARE(tags(b.offer(msg(0, {2, 0, 0}, 2, 'b'), 1.0)), std::string());
        QCOMPARE(b.held(), std::size_t{1});
        const auto out = b.offer(msg(0, {1, 0, 0}, 1, 'a'), 1.5);
        QCOMPARE(tags(out), std::string("ab"));
        QCOMPARE(out[1].waited_s(), 0.5);
        QCOMPARE(b.reordered(), 1u);
        QCOMPARE(b.delivered(), (VectorClock{2, 0, 0}));
    }

    // Causality across channels: p1's reply (which delivered p0's question first) reaches
    // p2 before the question; p2 holds the reply until the question arrives.
    void replyWaitsForQuestion()
    {
        Buf b(3, 2);
        QVERIFY(b.offer(msg(1, {1, 1, 0}, 4, 'r'), 2.0).empty());
        const auto out = b.offer(msg(0, {1, 0, 0}, 1, 'q'), 3.0);
        QCOMPARE(tags(out), std::string("qr"));
        QCOMPARE(out[1].waited_s(), 1.0);
    }

    // Concurrent messages are delivered on arrival, in any order: no false waits.
    void concurrentMessagesDoNotWait()
    {
        Buf b(3, 2);
        QCOMPARE(tags(b.offer(msg(1, {0, 1, 0}, 1, 'y'), 1.0)), std::string("y"));
        QCOMPARE(tags(b.offer(msg(0, {1, 0, 0}, 1, 'x'), 2.0)), std::string("x"));
        QCOMPARE(b.reordered(), 0u);
    }

    // Several held messages released at once come out in (Lamport, sender) order when
    // causality allows either.
    void simultaneousReleaseByLamportThenSender()
    {
        Buf b(4, 3);
        // Both depend on p0's first message, and are concurrent with each other.
        QVERIFY(b.offer(msg(2, {1, 0, 1, 0}, 5, 'c'), 1.0).empty());
        QVERIFY(b.offer(msg(1, {1, 1, 0, 0}, 5, 'b'), 1.1).empty());
        QCOMPARE(tags(b.offer(msg(0, {1, 0, 0, 0}, 1, 'a'), 2.0)), std::string("abc"));
    }

    void duplicatesAreDropped()
    {
        Buf b(2, 1);
        QCOMPARE(tags(b.offer(msg(0, {1, 0}, 1, 'a'), 1.0)), std::string("a"));
        QVERIFY(b.offer(msg(0, {1, 0}, 1, 'a'), 1.2).empty());
        QVERIFY(b.offer(msg(0, {3, 0}, 3, 'c'), 1.3).empty());
        QVERIFY(b.offer(msg(0, {3, 0}, 3, 'c'), 1.4).empty());
        QCOMPARE(b.duplicates(), 2u);
        QCOMPARE(b.held(), std::size_t{1});
    }

    // A failed process's missing message would block its causal successors forever:
    // excluding it releases them.
    void excludingAProcessReleasesItsDependants()
    {
        Buf b(3, 2);
        // p1 delivered p0's message 1, which never reaches p2 (p0 failed).
        QVERIFY(b.offer(msg(1, {1, 1, 0}, 3, 'r'), 1.0).empty());
        const auto out = b.exclude(0, 5.0);
        QCOMPARE(tags(out), std::string("r"));
        QCOMPARE(out[0].waited_s(), 4.0);
        QVERIFY(b.offer(msg(0, {1, 0, 0}, 1, 'q'), 6.0).empty()); // from the excluded: dropped
    }
};

MERIDIAN_TEST(ClockTest)
#include "ClockTest.moc"
