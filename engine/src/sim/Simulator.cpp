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
    m_heap.front() = m_heap.back();
    m_heap.pop_back();
    if (!m_heap.empty())
        siftDown(0);
}

void Simulator::renumber()
{
    // The 32-bit sequence is about to wrap: give the queued entries new numbers 0 … n − 1 in
    // their current (time, sequence) order. Relative order is unchanged, and a sorted array
    // is a valid heap. Runs once per 2^32 schedules.
    std::sort(m_heap.begin(), m_heap.end(), earlier);
    for (std::size_t i = 0; i < m_heap.size(); ++i)
        m_heap[i].seq = static_cast<std::uint32_t>(i);
    m_seq = static_cast<std::uint32_t>(m_heap.size());
}

EventHandle Simulator::schedule(SimTime at, Callback cb)
{
    MERIDIAN_ASSERT(at >= m_now, "an event cannot be scheduled in the past");
    MERIDIAN_ASSERT(static_cast<bool>(cb), "an event needs a callback");
    MERIDIAN_ASSERT(m_heap.size() < UINT32_MAX, "too many pending events");
    std::uint32_t slot;
    if (!m_freeSlots.empty()) {
        slot = m_freeSlots.back();
        m_freeSlots.pop_back();
    } else {
        slot = static_cast<std::uint32_t>(m_slots.size());
        m_slots.emplace_back();
    }
    Slot& s = m_slots[slot];
    s.cb = std::move(cb);
    s.state = SlotState::Pending;
    if (m_seq == UINT32_MAX)
        renumber();
    m_heap.push_back(Entry{at.ns(), m_seq++, slot});
    siftUp(m_heap.size() - 1);
    ++m_live;
    return EventHandle{slot, s.generation};
}

void Simulator::releaseSlot(std::uint32_t slot)
{
    Slot& s = m_slots[slot];
    s.state = SlotState::Free;
    m_freeSlots.push_back(slot);
}

bool Simulator::pending(EventHandle h) const
{
    return h.valid() && h.slot < m_slots.size() && m_slots[h.slot].state == SlotState::Pending &&
           m_slots[h.slot].generation == h.generation;
}

bool Simulator::cancel(EventHandle h)
{
    if (!pending(h))
        return false;
    Slot& s = m_slots[h.slot];
    s.cb.reset();
    s.state = SlotState::Cancelled; // reserved until its heap entry is dropped
    ++s.generation;
    --m_live;
    if (++m_stale > m_live + 4096)
        compact();
    return true;
}

void Simulator::compact()
{
    std::erase_if(m_heap, [this](const Entry& e) {
        if (m_slots[e.slot].state != SlotState::Cancelled)
            return false;
        releaseSlot(e.slot);
        return true;
    });
    // Floyd's bottom-up heap construction for the d-ary heap: O(n).
    if (m_heap.size() > 1)
        for (std::size_t i = (m_heap.size() - 2) / kArity + 1; i-- > 0;)
            siftDown(i);
    m_stale = 0;
}

void Simulator::dropStaleTop()
{
    while (!m_heap.empty()) {
        const std::uint32_t slot = m_heap.front().slot;
        if (m_slots[slot].state == SlotState::Pending)
            return;
        releaseSlot(slot);
        removeTop();
        if (m_stale > 0)
            --m_stale;
    }
}

SimTime Simulator::nextEventTime()
{
    dropStaleTop();
    return m_heap.empty() ? SimTime::max() : SimTime::fromNs(m_heap.front().time_ns);
}

bool Simulator::step()
{
    dropStaleTop();
    if (m_heap.empty())
        return false;
    const Entry e = m_heap.front();
    removeTop();
    m_now = SimTime::fromNs(e.time_ns);
    // Move the callback out before running it: it may schedule events that grow m_slots.
    Slot& s = m_slots[e.slot];
    Callback cb = std::move(s.cb);
    ++s.generation;
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
