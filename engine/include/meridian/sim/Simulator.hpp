#pragma once
// Discrete-event kernel: a 4-ary min-heap of 16-byte (time, sequence, slot) entries, and a FIFO
// for the events scheduled at the current time.
//
// Ordering: events fire in increasing SimTime; events at the same time fire in the order
// they were scheduled (the sequence number), so a run is a pure function of its inputs.
// (time, sequence) is unique, so which structure holds an entry cannot change the order.
// Callbacks live in a slot pool reused through a free list (no allocation per event once
// warmed up); a slot's state and generation sit apart from its callback, 8 bytes per slot, so
// the checks that touch only them (stale heap tops, pending(), cancel()) read a dense array.
// The heap is 4-ary (half the depth of a binary heap; the four children of a node are one
// 64-byte cache line) over 16-byte entries; removing the top moves the hole down to a leaf
// along the smallest children and lifts the last entry from there (Floyd's bottom-up
// variant: one comparison fewer per level, the last entry rarely rises far).
// An event scheduled at now() (zero delay: the network's batched recomputation, completions
// due at once) has a larger sequence than every queued entry and a time no later than any:
// it goes to the FIFO instead of the heap, and step() takes the FIFO's front whenever it
// precedes the heap's top. The 32-bit sequence is renumbered in order when it would wrap (a
// sorted array is a valid heap), so it never overflows.
// cancel() is lazy: the callback is destroyed and the handle goes stale at once, but the
// slot stays reserved until its entry reaches the front (so entries need no generation);
// when stale entries outnumber live ones the queues are compacted in O(n), so code that
// reschedules often (the network's completion events) cannot bloat them.

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
    /// What pending(), cancel() and the stale checks read: 8 bytes per slot, apart from the
    /// 64-byte callbacks.
    struct SlotMeta
    {
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
    /// Drops cancelled entries from the front of the heap and of the FIFO.
    void dropStaleTop();
    /// True (after dropStaleTop()) when the next event is the FIFO's front.
    bool nextIsNow() const;
    void releaseSlot(std::uint32_t slot);
    void compact();

public:
    /// Test hook: the next sequence number (to exercise the renumbering at 2^32 − 1).
    void setNextSequenceForTesting(std::uint32_t seq) { m_seq = seq; }

private:
    std::vector<Entry> m_heap;
    /// Entries scheduled at m_now, in sequence order, from m_nowHead on (empty whenever time
    /// advances: they precede every later entry).
    std::vector<Entry> m_nowQueue;
    std::size_t m_nowHead = 0;
    std::vector<Callback> m_callbacks; ///< by slot
    std::vector<SlotMeta> m_meta;      ///< by slot
    std::vector<std::uint32_t> m_freeSlots;
    SimTime m_now;
    std::uint32_t m_seq = 0;
    std::uint64_t m_executed = 0;
    std::size_t m_live = 0;
    std::size_t m_stale = 0; ///< cancelled entries still in the heap or the FIFO
    std::atomic<bool> m_stop{false};
    std::vector<std::pair<std::uint64_t, std::function<void()>>> m_drainHooks;
    std::uint64_t m_nextHook = 1;
};

} // namespace meridian::sim
