#include "meridian/sim/Simulator.hpp"

#include "meridian/core/Error.hpp"

#include <algorithm>

namespace meridian::sim {

namespace {
// 4-ary heap on a 0-based array: children of i are 4i + 1 … 4i + 4, parent of i is (i − 1)/4.
constexpr std::size_t kArity = 4;
} // namespace

void Simulator::siftUp(std::size_t i)
{
    const Entry e = m_heap[i];
    while (i > 0) {
        const std::size_t parent = (i - 1) / kArity;
        if (!earlier(e, m_heap[parent]))
            break;
        m_heap[i] = m_heap[parent];
        i = parent;
    }
    m_heap[i] = e;
}

void Simulator::siftDown(std::size_t i)
{
    const std::size_t n = m_heap.size();
    const Entry e = m_heap[i];
    for (;;) {
        const std::size_t first = kArity * i + 1;
        if (first >= n)
            break;
        std::size_t best = first;
        const std::size_t last = std::min(first + kArity, n);
        for (std::size_t c = first + 1; c < last; ++c)
            if (earlier(m_heap[c], m_heap[best]))
                best = c;
        if (!earlier(m_heap[best], e))
            break;
        m_heap[i] = m_heap[best];
        i = best;
    }
    m_heap[i] = e;
}

void Simulator::removeTop()
{
    const Entry last = m_heap.back();
    m_heap.pop_back();
    const std::size_t n = m_heap.size();
    if (n == 0)
        return;
    // Bottom-up: the hole at the root follows the smallest child down to a leaf (no comparison
    // with `last`), then `last` rises from there to its place, usually not far.
    const Entry* h = m_heap.data();
    std::size_t i = 0;
    for (;;) {
        const std::size_t first = kArity * i + 1;
        if (first >= n)
            break;
        std::size_t best = first;
        if (first + kArity <= n) {
            // Four children (all but the last level's parents): a tournament of two pairs,
            // no loop.
            const std::size_t a = earlier(h[first + 1], h[first]) ? first + 1 : first;
            const std::size_t b = earlier(h[first + 3], h[first + 2]) ? first + 3 : first + 2;
            best = earlier(h[b], h[a]) ? b : a;
        } else {
            for (std::size_t c = first + 1; c < n; ++c)
                if (earlier(h[c], h[best]))
                    best = c;
        }
        m_heap[i] = h[best];
        i = best;
    }
    while (i > 0) {
        const std::size_t parent = (i - 1) / kArity;
        if (!earlier(last, m_heap[parent]))
            break;
        m_heap[i] = m_heap[parent];
        i = parent;
    }
    m_heap[i] = last;
}

void Simulator::renumber()
{
    // The 32-bit sequence is about to wrap: give the queued entries (heap and FIFO) new
    // numbers 0 … n − 1 in their current (time, sequence) order. Relative order is unchanged,
    // and a sorted array is a valid heap; the FIFO's entries join the heap (any structure
    // gives the same order, the keys being unique). Runs once per 2^32 schedules.
    m_heap.insert(m_heap.end(), m_nowQueue.begin() + static_cast<std::ptrdiff_t>(m_nowHead),
                  m_nowQueue.end());
    m_nowQueue.clear();
    m_nowHead = 0;
    std::sort(m_heap.begin(), m_heap.end(), earlier);
    for (std::size_t i = 0; i < m_heap.size(); ++i)
        m_heap[i].seq = static_cast<std::uint32_t>(i);
    m_seq = static_cast<std::uint32_t>(m_heap.size());
}

EventHandle Simulator::schedule(SimTime at, Callback cb)
{
    MERIDIAN_ASSERT(at >= m_now, "an event cannot be scheduled in the past");
    MERIDIAN_ASSERT(static_cast<bool>(cb), "an event needs a callback");
    MERIDIAN_ASSERT(m_heap.size() + m_nowQueue.size() < UINT32_MAX, "too many pending events");
    std::uint32_t slot;
    if (!m_freeSlots.empty()) {
        slot = m_freeSlots.back();
        m_freeSlots.pop_back();
    } else {
        slot = static_cast<std::uint32_t>(m_meta.size());
        m_meta.emplace_back();
        m_callbacks.emplace_back();
    }
    m_callbacks[slot] = std::move(cb);
    SlotMeta& meta = m_meta[slot];
    meta.state = SlotState::Pending;
    if (m_seq == UINT32_MAX)
        renumber();
    const Entry e{at.ns(), m_seq++, slot};
    if (at == m_now) {
        m_nowQueue.push_back(e); // after every queued entry of this time: FIFO order
    } else {
        m_heap.push_back(e);
        siftUp(m_heap.size() - 1);
    }
    ++m_live;
    return EventHandle{slot, meta.generation};
}

void Simulator::releaseSlot(std::uint32_t slot)
{
    m_meta[slot].state = SlotState::Free;
    m_freeSlots.push_back(slot);
}

bool Simulator::pending(EventHandle h) const
{
    return h.valid() && h.slot < m_meta.size() && m_meta[h.slot].state == SlotState::Pending &&
           m_meta[h.slot].generation == h.generation;
}

bool Simulator::cancel(EventHandle h)
{
    if (!pending(h))
        return false;
    m_callbacks[h.slot].reset();
    SlotMeta& meta = m_meta[h.slot];
    meta.state = SlotState::Cancelled; // reserved until its entry is dropped
    ++meta.generation;
    --m_live;
    if (++m_stale > m_live + 4096)
        compact();
    return true;
}

void Simulator::compact()
{
    const auto stale = [this](const Entry& e) {
        if (m_meta[e.slot].state != SlotState::Cancelled)
            return false;
        releaseSlot(e.slot);
        return true;
    };
    std::erase_if(m_heap, stale);
    // Floyd's bottom-up heap construction for the d-ary heap: O(n).
    if (m_heap.size() > 1)
        for (std::size_t i = (m_heap.size() - 2) / kArity + 1; i-- > 0;)
            siftDown(i);
    m_nowQueue.erase(m_nowQueue.begin(),
                     m_nowQueue.begin() + static_cast<std::ptrdiff_t>(m_nowHead));
    m_nowHead = 0;
    std::erase_if(m_nowQueue, stale); // keeps the FIFO's order
    m_stale = 0;
}

void Simulator::dropStaleTop()
{
    while (!m_heap.empty()) {
        const std::uint32_t slot = m_heap.front().slot;
        if (m_meta[slot].state == SlotState::Pending)
            break;
        releaseSlot(slot);
        removeTop();
        if (m_stale > 0)
            --m_stale;
    }
    while (m_nowHead < m_nowQueue.size()) {
        const std::uint32_t slot = m_nowQueue[m_nowHead].slot;
        if (m_meta[slot].state == SlotState::Pending)
            break;
        releaseSlot(slot);
        ++m_nowHead;
        if (m_stale > 0)
            --m_stale;
    }
    if (m_nowHead == m_nowQueue.size()) {
        m_nowQueue.clear();
        m_nowHead = 0;
    }
}

bool Simulator::nextIsNow() const
{
    return m_nowHead < m_nowQueue.size() &&
           (m_heap.empty() || earlier(m_nowQueue[m_nowHead], m_heap.front()));
}

SimTime Simulator::nextEventTime()
{
    dropStaleTop();
    if (nextIsNow())
        return SimTime::fromNs(m_nowQueue[m_nowHead].time_ns);
    return m_heap.empty() ? SimTime::max() : SimTime::fromNs(m_heap.front().time_ns);
}

bool Simulator::step()
{
    dropStaleTop();
    Entry e;
    if (nextIsNow()) {
        e = m_nowQueue[m_nowHead++];
        if (m_nowHead >= 4096 && 2 * m_nowHead >= m_nowQueue.size()) {
            // A long run of zero-delay events at one instant: drop the consumed half.
            m_nowQueue.erase(m_nowQueue.begin(),
                             m_nowQueue.begin() + static_cast<std::ptrdiff_t>(m_nowHead));
            m_nowHead = 0;
        }
    } else {
        if (m_heap.empty())
            return false;
        e = m_heap.front();
        removeTop();
    }
    m_now = SimTime::fromNs(e.time_ns);
    // Move the callback out before running it: it may schedule events that grow the slots.
    Callback cb = std::move(m_callbacks[e.slot]);
    ++m_meta[e.slot].generation;
    --m_live;
    releaseSlot(e.slot);
    ++m_executed;
    cb();
    return true;
}

std::uint64_t Simulator::run()
{
    const std::uint64_t before = m_executed;
    while (!stopRequested()) {
        if (step())
            continue;
        if (m_drainHooks.empty())
            break;
        // Copy: a hook may add or remove hooks.
        const auto hooks = m_drainHooks;
        for (const auto& h : hooks)
            h.second();
        if (m_live == 0)
            break;
    }
    return m_executed - before;
}

std::uint64_t Simulator::addDrainHook(std::function<void()> hook)
{
    const std::uint64_t id = m_nextHook++;
    m_drainHooks.emplace_back(id, std::move(hook));
    return id;
}

void Simulator::removeDrainHook(std::uint64_t id)
{
    std::erase_if(m_drainHooks, [id](const auto& h) { return h.first == id; });
}

std::uint64_t Simulator::runUntil(SimTime until)
{
    const std::uint64_t before = m_executed;
    while (!stopRequested()) {
        if (nextEventTime() > until)
            break;
        step();
    }
    if (!stopRequested() && until > m_now)
        m_now = until;
    return m_executed - before;
}

} // namespace meridian::sim
