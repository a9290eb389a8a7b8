#include "meridian/sim/Simulator.hpp"

#include "meridian/core/Error.hpp"

#include <algorithm>

namespace meridian::sim {

EventHandle Simulator::schedule(SimTime at, Callback cb)
{
    MERIDIAN_ASSERT(at >= m_now, "an event cannot be scheduled in the past");
    MERIDIAN_ASSERT(static_cast<bool>(cb), "an event needs a callback");
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
    s.live = true;
    m_heap.push_back(Entry{at.ns(), m_seq++, slot, s.generation});
    std::push_heap(m_heap.begin(), m_heap.end(), Later{});
    ++m_live;
    return EventHandle{slot, s.generation};
}

void Simulator::releaseSlot(std::uint32_t slot)
{
    Slot& s = m_slots[slot];
    s.cb.reset();
    s.live = false;
    ++s.generation;
    m_freeSlots.push_back(slot);
    --m_live;
}

bool Simulator::pending(EventHandle h) const
{
    return h.valid() && h.slot < m_slots.size() && m_slots[h.slot].live &&
           m_slots[h.slot].generation == h.generation;
}

bool Simulator::cancel(EventHandle h)
{
    if (!pending(h))
        return false;
    releaseSlot(h.slot);
    if (++m_stale > m_live + 4096)
        compact();
    return true;
}

void Simulator::compact()
{
    std::erase_if(m_heap, [this](const Entry& e) {
        const Slot& s = m_slots[e.slot];
        return !s.live || s.generation != e.generation;
    });
    std::make_heap(m_heap.begin(), m_heap.end(), Later{});
    m_stale = 0;
}

void Simulator::dropStaleTop()
{
    // A heap entry is stale when its slot was cancelled (and possibly reused since).
    while (!m_heap.empty()) {
        const Entry& top = m_heap.front();
        const Slot& s = m_slots[top.slot];
        if (s.live && s.generation == top.generation)
            return;
        std::pop_heap(m_heap.begin(), m_heap.end(), Later{});
        m_heap.pop_back();
        if (m_stale > 0)
            --m_stale;
    }
}

void Simulator::popTop(Entry& out)
{
    std::pop_heap(m_heap.begin(), m_heap.end(), Later{});
    out = m_heap.back();
    m_heap.pop_back();
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
    Entry e;
    popTop(e);
    m_now = SimTime::fromNs(e.time_ns);
    // Move the callback out before running it: it may schedule events that grow m_slots.
    Callback cb = std::move(m_slots[e.slot].cb);
    releaseSlot(e.slot);
    ++m_executed;
    cb();
    return true;
}

std::uint64_t Simulator::run()
{
    const std::uint64_t before = m_executed;
    while (!stopRequested() && step()) {
    }
    return m_executed - before;
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
