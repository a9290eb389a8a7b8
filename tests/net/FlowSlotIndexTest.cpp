// The Network's FlowId → slot table (engine/src/net/FlowSlotIndex.hpp): open addressing with
// backward-shift deletion, checked against std::unordered_map on the access pattern of a run
// (consecutive ids, live for a while, leaving in another order).
#include "net/FlowSlotIndex.hpp"

#include "TestMain.hpp"

#include <QtTest/QtTest>
#include <cstdint>
#include <unordered_map>
#include <vector>

using meridian::net::FlowSlotIndex;

class FlowSlotIndexTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void agreesWithAMapUnderChurn()
    {
        // Expectation: after every insert and erase, find() gives the map's answer for every
        // live key and for recently erased and never-inserted ones.
        FlowSlotIndex index;
        std::unordered_map<std::uint32_t, std::uint32_t> reference;
        std::vector<std::uint32_t> live;
        std::uint64_t x = 0x2545F4914F6CDD1DULL;
        const auto rnd = [&x] {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            return x;
        };
        std::uint32_t nextId = 0;
        for (int round = 0; round < 200'000; ++round) {
            // Phases of growth and of shrinkage, so the table grows and empties again.
            const bool grow = (round / 20'000) % 2 == 0;
            if (live.empty() || rnd() % 100 < (grow ? 70u : 30u)) {
                const std::uint32_t id = nextId++;
                const auto slot = static_cast<std::uint32_t>(rnd() % 1'000'000);
                index.insert(id, slot);
                reference[id] = slot;
                live.push_back(id);
            } else {
                const std::size_t at = rnd() % live.size();
                const std::uint32_t id = live[at];
                live[at] = live.back();
                live.pop_back();
                index.erase(id);
                reference.erase(id);
                QCOMPARE(index.find(id), FlowSlotIndex::kAbsent);
            }
            if (round % 997 == 0) {
                for (const auto& [id, slot] : reference)
                    QCOMPARE(index.find(id), slot);
                QCOMPARE(index.find(nextId + 5), FlowSlotIndex::kAbsent);
            }
            QCOMPARE(index.size(), reference.size());
        }
        for (const auto& [id, slot] : reference)
            QCOMPARE(index.find(id), slot);
        index.erase(nextId + 1); // absent: nothing changes
        QCOMPARE(index.size(), reference.size());
    }

    void erasingKeepsTheOthersReachable()
    {
        // 40 keys in a table of 128 cells form probe runs; erasing keys from the ends and the
        // middle of the insertion order must leave every other key findable (backward shift).
        FlowSlotIndex index;
        std::vector<std::uint32_t> keys;
        for (std::uint32_t i = 0; i < 40; ++i) {
            keys.push_back(i << 20);
            index.insert(i << 20, i);
        }
        std::vector<bool> dropped(keys.size(), false);
        for (const std::uint32_t drop : {0u, 39u, 17u, 1u, 38u}) {
            index.erase(keys[drop]);
            dropped[drop] = true;
            for (std::uint32_t i = 0; i < keys.size(); ++i)
                QCOMPARE(index.find(keys[i]), dropped[i] ? FlowSlotIndex::kAbsent : i);
        }
        QCOMPARE(index.size(), std::size_t(35));
    }
};

MERIDIAN_TEST(FlowSlotIndexTest)
#include "FlowSlotIndexTest.moc"
