#pragma once
// Discrete-event kernel: a 4-ary min-heap of 16-byte (time, sequence, slot) entries.
//
// Ordering: events fire in increasing SimTime; events at the same time fire in the order
// they were scheduled (the sequence number), so a run is a pure function of its inputs.
// Callbacks live in a slot pool reused through a free list (no allocation per event once
// warmed up). The heap is 4-ary (half the depth of a binary heap; the four children of a
// node are one 64-byte cache line) over 16-byte entries; the 32-bit sequence is renumbered
// in order when it would wrap (a sorted array is a valid heap), so it never overflows.
// cancel() is lazy: the callback is destroyed and the handle goes stale at once, but the
// slot stays reserved until its heap entry reaches the top (so heap entries need no
// generation); when stale entries outnumber live ones the heap is compacted in O(n), so
// code that reschedules often (the network's completion events) cannot bloat it.

#include "meridian/sim/Callback.hpp"
#include "meridian/sim/EventHandle.hpp"
#include "meridian/sim/SimTime.hpp"

#include <atomic>
#include <cstdint>
#include <functional>
#include <utility>
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
    /// When no event is left, the drain hooks run (in registration order); if they scheduled
    /// events, the run goes on.
    std::uint64_t run();
    /// Registers a hook called by run() when the event queue runs dry (e.g. the network
    /// failing transfers stalled forever). Returns an id for removeDrainHook.
    std::uint64_t addDrainHook(std::function<void()> hook);
    void removeDrainHook(std::uint64_t id);
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
        std::uint32_t seq;
        std::uint32_t slot;
    };
    static_assert(sizeof(Entry) == 16);
    enum class SlotState : std::uint8_t
    {
        Free,
        Pending,
        Cancelled ///< handle stale, heap entry still queued
    };
    struct Slot
    {
        Callback cb;
        std::uint32_t generation = 0;
        SlotState state = SlotState::Free;
    };
    static bool earlier(const Entry& a, const Entry& b) noexcept
    {
        return a.time_ns != b.time_ns ? a.time_ns < b.time_ns : a.seq < b.seq;
    }
    void siftUp(std::size_t i);
    void siftDown(std::size_t i);
    void removeTop();
    void renumber();
    void dropStaleTop();
    void releaseSlot(std::uint32_t slot);
    void compact();

public:
    /// Test hook: the next sequence number (to exercise the renumbering at 2^32 − 1).
    void setNextSequenceForTesting(std::uint32_t seq) { m_seq = seq; }

private:
    std::vector<Entry> m_heap;
    std::vector<Slot> m_slots;
    std::vector<std::uint32_t> m_freeSlots;
    SimTime m_now;
    std::uint32_t m_seq = 0;
    std::uint64_t m_executed = 0;
    std::size_t m_live = 0;
    std::size_t m_stale = 0; ///< cancelled entries still in the heap
    std::atomic<bool> m_stop{false};
    std::vector<std::pair<std::uint64_t, std::function<void()>>> m_drainHooks;
    std::uint64_t m_nextHook = 1;
};

} // namespace meridian::sim
