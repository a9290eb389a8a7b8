#pragma once
// The queue of fill levels of MaxMinSolver's propagation (docs/network-model.md §3, "Cost of
// one update"): an indexed binary min-heap of (level, id) pairs, at most one per id, in which
// raising an id's level costs O(1) and lowering it or adding an id O(log n).
//
// Why lazy raises. The solver changes a resource's fill level about twelve times for each
// time it takes one from the front, and most changes raise it: a flow that freezes at the
// current level λ ≤ rem/n leaves the resource (rem − λ)/(n − 1) ≥ rem/n. A raise only records
// the new level (m_level); the entry keeps its lower key until it reaches the front, where it
// is re-keyed and sifted down once, whatever the number of raises in between. A lowering
// sifts the entry up at once. Invariant: every entry's key ≤ its id's level.
//
// Same order as a heap re-keyed at every change. front() re-keys stale entries at the top
// until the top's key equals its level. Then for every other entry (key, id) > (top key, top
// id) by the heap order, and its level ≥ its key, so (level, id) > (top level, top id): the top
// is the smallest (level, id) of all present ids, exactly what an eagerly re-keyed heap holds
// at its front. Ties go by id, so the ids come out in one deterministic order.
//
// An erased id's entry also stays until it reaches the front (its level is NaN meanwhile, a
// value no caller sets); empty() and size() count only the present ids.
//
// Usage:
//   MaxMinFillQueue q;
//   q.resize(3);                 // ids 0, 1, 2
//   q.set(2, 5.0);  q.set(0, 7.0);
//   q.set(2, 9.0);               // raised: recorded only
//   q.front();                   // {7.0, 0}
//   q.pop();  q.front();         // {9.0, 2}

#include <cstdint>
#include <limits>
#include <vector>

namespace meridian::net {

class MaxMinFillQueue
{
public:
    struct Entry
    {
        double level;
        std::uint32_t id;
    };

    /// Ids 0 .. ids − 1 may be queued (grows only; queued ids stay).
    void resize(std::size_t ids)
    {
        if (ids > m_pos.size()) {
            m_pos.resize(ids, kNone);
            m_level.resize(ids, kErased);
        }
    }
    /// Sets id's level (not NaN), adding id if absent.
    void set(std::uint32_t id, double level)
    {
        const std::uint32_t pos = m_pos[id];
        if (pos == kNone) {
            ++m_present;
            m_level[id] = level;
            m_heap.push_back({level, id});
            siftUp(m_heap.size() - 1);
            return;
        }
        if (isErased(m_level[id]))
            ++m_present; // its entry was still waiting: back, with the key it had
        m_level[id] = level;
        if (level < m_heap[pos].level) {
            m_heap[pos].level = level;
            siftUp(pos);
        }
    }
    /// Removes id if present.
    void erase(std::uint32_t id)
    {
        if (m_pos[id] == kNone || isErased(m_level[id]))
            return;
        m_level[id] = kErased;
        --m_present;
    }
    bool contains(std::uint32_t id) const { return m_pos[id] != kNone && !isErased(m_level[id]); }
    /// Current level of a present id.
    double level(std::uint32_t id) const { return m_level[id]; }
    bool empty() const noexcept { return m_present == 0; }
    std::size_t size() const noexcept { return m_present; }
    /// The smallest (level, id) of the present ids; the queue must not be empty.
    Entry front()
    {
        for (;;) {
            Entry& top = m_heap.front();
            const double level = m_level[top.id];
            if (level == top.level)
                return top;
            if (isErased(level)) {
                removeTop();
            } else {
                top.level = level; // raised since it was sifted: one sift down for all raises
                siftDown(0);
            }
        }
    }
    /// Removes front() and returns it.
    Entry pop()
    {
        const Entry e = front();
        --m_present;
        m_level[e.id] = kErased;
        removeTop();
        return e;
    }
    /// Removes every id.
    void clear()
    {
        for (const Entry& e : m_heap) {
            m_pos[e.id] = kNone;
            m_level[e.id] = kErased;
        }
        m_heap.clear();
        m_present = 0;
    }

private:
    static constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
    static constexpr double kErased = std::numeric_limits<double>::quiet_NaN();
    // NaN is the only double not equal to itself (std::isnan, without <cmath>'s overloads).
    static bool isErased(double level) noexcept { return level != level; }
    static bool before(const Entry& a, const Entry& b) noexcept
    {
        return a.level != b.level ? a.level < b.level : a.id < b.id;
    }
    /// Puts `e` at heap index `pos` and records where it is.
    void place(std::size_t pos, const Entry& e)
    {
        m_heap[pos] = e;
        m_pos[e.id] = static_cast<std::uint32_t>(pos);
    }
    void removeTop()
    {
        // The last entry takes the front's place. It comes from the bottom and most often
        // belongs near it: the hole goes down to a leaf along the smaller children (one
        // comparison per level instead of two), then the entry sifts up from there.
        m_pos[m_heap.front().id] = kNone;
        const Entry last = m_heap.back();
        m_heap.pop_back();
        const std::size_t n = m_heap.size();
        if (n == 0)
            return;
        std::size_t pos = 0;
        for (;;) {
            std::size_t child = 2 * pos + 1;
            if (child >= n)
                break;
            if (child + 1 < n && before(m_heap[child + 1], m_heap[child]))
                ++child;
            place(pos, m_heap[child]);
            pos = child;
        }
        m_heap[pos] = last;
        siftUp(pos);
    }
    // Both sifts move a hole instead of swapping: one write per level.
    void siftUp(std::size_t pos)
    {
        const Entry e = m_heap[pos];
        while (pos > 0) {
            const std::size_t parent = (pos - 1) / 2;
            if (!before(e, m_heap[parent]))
                break;
            place(pos, m_heap[parent]);
            pos = parent;
        }
        place(pos, e);
    }
    void siftDown(std::size_t pos)
    {
        const Entry e = m_heap[pos];
        const std::size_t n = m_heap.size();
        for (;;) {
            std::size_t child = 2 * pos + 1;
            if (child >= n)
                break;
            if (child + 1 < n && before(m_heap[child + 1], m_heap[child]))
                ++child;
            if (!before(m_heap[child], e))
                break;
            place(pos, m_heap[child]);
            pos = child;
        }
        place(pos, e);
    }

    std::vector<Entry> m_heap;        ///< key ≤ the id's level (stale after a raise)
    std::vector<double> m_level;      ///< by id: its level; NaN: not present
    std::vector<std::uint32_t> m_pos; ///< by id: index of its entry in m_heap, or kNone
    std::size_t m_present = 0;        ///< ids present (entries not erased)
};

} // namespace meridian::net
