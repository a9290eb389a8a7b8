#pragma once
// Discrete-event kernel: a binary min-heap of (time, insertion sequence, slot).
//
// Ordering: events fire in increasing SimTime; events at the same time fire in the order
// they were scheduled (the sequence number), so a run is a pure function of its inputs.
// Callbacks live in a slot pool reused through a free list (no allocation per event once
// warmed up); heap entries are 24-byte PODs. cancel() is lazy: it frees the slot and bumps
// its generation, and the stale heap entry is skipped when it reaches the top; when stale
// entries outnumber live ones the heap is compacted in O(n), so code that reschedules often
// (the network's completion events) cannot bloat it.

#include "meridian/sim/Callback.hpp"
#include "meridian/sim/EventHandle.hpp"
#include "meridian/sim/SimTime.hpp"

#include <atomic>
#include <cstdint>
#include <vector>

namespace meridian::sim {

class Simulator
{
public:
    Simulator() = default;
    Simulator(const Simulator&) = delete;
    Simulator& operator=(const Simulator&) = delete;

    /// Schedules `cb` at absolute time `at` (must not be in the past).
    EventHandle schedule(SimTime at, Callback cb);
    /// Schedules `cb` at now() + delta (delta ≥ 0).
    EventHandle scheduleIn(SimTime delta, Callback cb)
    {
        return schedule(m_now + delta, std::move(cb));
    }
    /// Cancels a pending event; a stale or invalid handle is ignored. Returns true if an
    /// event was actually cancelled.
    bool cancel(EventHandle handle);
    /// True while the event behind `handle` is still pending.
    bool pending(EventHandle handle) const;

    /// Runs until no event is left or requestStop() was called. Returns events executed.
    std::uint64_t run();
    /// Runs every event with time ≤ `until`, then sets now() = until (if not stopped).
    std::uint64_t runUntil(SimTime until);
    /// Executes the next event; false if there was none.
    bool step();

    SimTime now() const noexcept { return m_now; }
    std::uint64_t eventsExecuted() const noexcept { return m_executed; }
    std::size_t pendingEvents() const noexcept { return m_live; }
    /// Time of the next live event, or SimTime::max() if none.
    SimTime nextEventTime();
    /// Asks run()/runUntil() to return after the current event; safe from any thread.
    void requestStop() noexcept { m_stop.store(true, std::memory_order_relaxed); }
    bool stopRequested() const noexcept { return m_stop.load(std::memory_order_relaxed); }
    void clearStop() noexcept { m_stop.store(false, std::memory_order_relaxed); }

private:
    struct Entry
    {
        std::int64_t time_ns;
        std::uint64_t seq;
        std::uint32_t slot;
        std::uint32_t generation;
    };
    struct Slot
    {
        Callback cb;
        std::uint32_t generation = 0;
        bool live = false;
    };
    // A function object (not a function pointer) so the heap algorithms inline it.
    struct Later
    {
        bool operator()(const Entry& a, const Entry& b) const noexcept
        {
            return a.time_ns != b.time_ns ? a.time_ns > b.time_ns : a.seq > b.seq;
        }
    };
    void dropStaleTop();
    void popTop(Entry& out);
    void releaseSlot(std::uint32_t slot);
    void compact();

    std::vector<Entry> m_heap;
    std::vector<Slot> m_slots;
    std::vector<std::uint32_t> m_freeSlots;
    SimTime m_now;
    std::uint64_t m_seq = 0;
    std::uint64_t m_executed = 0;
    std::size_t m_live = 0;
    std::size_t m_stale = 0; ///< cancelled entries still in the heap
    std::atomic<bool> m_stop{false};
};

} // namespace meridian::sim
