#pragma once
// A cancellable reference to a scheduled event.

#include <cstdint>

namespace meridian::sim {

/// Identifies one scheduled event: the pool slot that holds its callback and the slot's
/// generation at scheduling time. A handle whose event already ran or was cancelled is
/// stale (its generation no longer matches) and cancelling it is a no-op.
struct EventHandle
{
    std::uint32_t slot = UINT32_MAX;
    std::uint32_t generation = 0;

    bool valid() const noexcept { return slot != UINT32_MAX; }
    bool operator==(const EventHandle&) const = default;
};

} // namespace meridian::sim
