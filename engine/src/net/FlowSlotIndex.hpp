#pragma once
// Private to engine/src/net: the Network's map from a live message's FlowId to its flow slot
// (stopTransfer and the observer's per-flow figures look flows up by id). Every message enters
// and leaves it once, so it is an open-addressing table of 8-byte entries (linear probing, at
// most half full, deletion by backward shift: no tombstones) instead of a node-based map,
// which took a heap block per message. Lookups only, never iterated: the table's layout
// cannot affect a run's results.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace meridian::net {

class FlowSlotIndex
{
public:
    static constexpr std::uint32_t kAbsent = UINT32_MAX;

    /// Adds `key` → `slot`; `key` must not be present.
    void insert(std::uint32_t key, std::uint32_t slot)
    {
        if (2 * (m_size + 1) > m_table.size())
            grow();
        std::size_t at = home(key);
        while (m_table[at].slot != kAbsent)
            at = (at + 1) & m_mask;
        m_table[at] = {key, slot};
        ++m_size;
    }

    /// The slot of `key`, or kAbsent.
    std::uint32_t find(std::uint32_t key) const
    {
        if (m_size == 0)
            return kAbsent;
        for (std::size_t at = home(key);; at = (at + 1) & m_mask) {
            const Entry& e = m_table[at];
            if (e.slot == kAbsent || e.key == key)
                return e.slot;
        }
    }

    /// Removes `key` if present.
    void erase(std::uint32_t key)
    {
        if (m_size == 0)
            return;
        std::size_t hole = home(key);
        for (;; hole = (hole + 1) & m_mask) {
            if (m_table[hole].slot == kAbsent)
                return;
            if (m_table[hole].key == key)
                break;
        }
        // Backward shift: an entry after the hole moves into it unless its home lies
        // cyclically in (hole, at], where it is still reachable from its home.
        for (std::size_t at = (hole + 1) & m_mask; m_table[at].slot != kAbsent;
             at = (at + 1) & m_mask) {
            const std::size_t h = home(m_table[at].key);
            const bool reachable = hole <= at ? (hole < h && h <= at) : (hole < h || h <= at);
            if (!reachable) {
                m_table[hole] = m_table[at];
                hole = at;
            }
        }
        m_table[hole] = Entry{};
        --m_size;
    }

    std::size_t size() const noexcept { return m_size; }

private:
    struct Entry
    {
        std::uint32_t key = 0;
        std::uint32_t slot = kAbsent; ///< kAbsent: an empty cell
    };

    std::size_t home(std::uint32_t key) const noexcept
    {
        // Fibonacci hashing: ids are consecutive integers, spread over the table by the top
        // bits of key · 2^64/φ.
        return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ULL) >> m_shift) & m_mask;
    }

    void grow()
    {
        const std::size_t size = m_table.empty() ? 64 : 2 * m_table.size();
        std::vector<Entry> old(size, Entry{});
        old.swap(m_table);
        m_mask = size - 1;
        m_shift = 64;
        for (std::size_t s = size; s > 1; s >>= 1)
            --m_shift;
        m_size = 0;
        for (const Entry& e : old)
            if (e.slot != kAbsent)
                insert(e.key, e.slot);
    }

    std::vector<Entry> m_table;
    std::size_t m_mask = 0;
    unsigned m_shift = 64;
    std::size_t m_size = 0;
};

} // namespace meridian::net
