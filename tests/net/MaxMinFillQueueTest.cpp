// The max-min solver's queue of fill levels (lazy raises): front() must give what a heap
// re-keyed at every change gives, the smallest (level, id) of the ids present, whatever the
// order of raises, lowerings, erasures and removals from the front.
#include "meridian/net/MaxMinFillQueue.hpp"

#include "TestMain.hpp"

#include <QtTest/QtTest>
#include <cstdint>
#include <limits>
#include <map>
#include <random>
#include <utility>

using meridian::net::MaxMinFillQueue;

class MaxMinFillQueueTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void raisesAreSeenAtTheFront()
    {
        // 2 at 5, 0 at 7; raising 2 to 9 puts 0 first, then 2 at its new level 9.
        MaxMinFillQueue q;
        q.resize(3);
        q.set(2, 5.0);
        q.set(0, 7.0);
        QCOMPARE(q.front().id, 2u);
        q.set(2, 9.0);
        QCOMPARE(q.size(), std::size_t{2});
        auto e = q.pop();
        QCOMPARE(e.id, 0u);
        QCOMPARE(e.level, 7.0);
        e = q.pop();
        QCOMPARE(e.id, 2u);
        QCOMPARE(e.level, 9.0);
        QVERIFY(q.empty());
    }

    void lowerAfterRaiseAndTiesById()
    {
        // 1 raised from 1 to 8 (its key stays 1), then lowered to 3: the front is 1 at 3.
        // Equal levels come out by id: 0 and 2 both at 4, 0 first.
        MaxMinFillQueue q;
        q.resize(3);
        q.set(1, 1.0);
        q.set(2, 4.0);
        q.set(0, 4.0);
        q.set(1, 8.0);
        q.set(1, 3.0);
        QCOMPARE(q.pop().id, 1u);
        QCOMPARE(q.pop().id, 0u);
        QCOMPARE(q.pop().id, 2u);
        QVERIFY(q.empty());
    }

    void erasedIdsLeaveAndComeBack()
    {
        // 0 at 1 erased while its entry is at the top: the front is 1 at 2. 0 comes back at 5
        // (its old entry, key 1, re-keyed when it reaches the top): after 1, it is 0 at 5.
        MaxMinFillQueue q;
        q.resize(2);
        q.set(0, 1.0);
        q.set(1, 2.0);
        q.erase(0);
        QVERIFY(!q.contains(0));
        QCOMPARE(q.size(), std::size_t{1});
        QCOMPARE(q.front().id, 1u);
        q.set(0, 5.0);
        QVERIFY(q.contains(0));
        QCOMPARE(q.pop().id, 1u);
        const auto e = q.pop();
        QCOMPARE(e.id, 0u);
        QCOMPARE(e.level, 5.0);
        QVERIFY(q.empty());
        q.erase(1); // absent: nothing happens
        QVERIFY(q.empty());
    }

    void randomOperationsMatchAnEagerQueue()
    {
        // The reference re-keys at every change: an ordered set of (level, id). Levels are
        // drawn from a few values so that ties (decided by id) are frequent, and the mix of
        // operations is the solver's: mostly raises, some lowerings, erasures and pops.
        std::mt19937_64 rng(20261202);
        const std::uint32_t ids = 64;
        MaxMinFillQueue q;
        q.resize(ids);
        std::map<std::uint32_t, double> level; // present ids
        const auto reference = [&] {
            std::pair<double, std::uint32_t> best{std::numeric_limits<double>::infinity(),
                                                  std::numeric_limits<std::uint32_t>::max()};
            for (const auto& [id, l] : level)
                best = std::min(best, std::make_pair(l, id));
            return best;
        };
        int pops = 0;
        for (int step = 0; step < 200'000; ++step) {
            const auto id = static_cast<std::uint32_t>(rng() % ids);
            const auto op = rng() % 10;
            if (op < 6) {
                const auto it = level.find(id);
                // Raise by a step of 0..3 (0: unchanged), or set a fresh level.
                const double l = it != level.end() && op < 5
                                     ? it->second + static_cast<double>(rng() % 4)
                                     : static_cast<double>(rng() % 16);
                q.set(id, l);
                level[id] = l;
            } else if (op < 7) {
                q.erase(id);
                level.erase(id);
            } else if (!level.empty()) {
                const auto expected = reference();
                const auto front = q.front();
                QCOMPARE(front.level, expected.first);
                QCOMPARE(front.id, expected.second);
                if (op < 9) {
                    const auto popped = q.pop();
                    QCOMPARE(popped.id, expected.second);
                    level.erase(popped.id);
                    ++pops;
                }
            }
            QCOMPARE(q.size(), level.size());
            QCOMPARE(q.empty(), level.empty());
            QCOMPARE(q.contains(id), level.count(id) == 1);
            if (step % 50'000 == 49'999) {
                q.clear();
                level.clear();
            }
        }
        QVERIFY(pops > 10'000);
    }
};

MERIDIAN_TEST(MaxMinFillQueueTest)
#include "MaxMinFillQueueTest.moc"
