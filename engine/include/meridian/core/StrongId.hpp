#pragma once
// Strong integer identifiers: a NodeId cannot be passed where a LinkId is expected.

#include <cstdint>
#include <functional>
#include <limits>

namespace meridian {

template <class Tag> class StrongId
{
public:
    using value_type = std::uint32_t;
    static constexpr value_type invalidValue = std::numeric_limits<value_type>::max();

    constexpr StrongId() = default;
    constexpr explicit StrongId(value_type v) : m_value(v) {}
    template <class Int> static constexpr StrongId fromIndex(Int i)
    {
        return StrongId(static_cast<value_type>(i));
    }

    constexpr value_type value() const noexcept { return m_value; }
    constexpr std::size_t index() const noexcept { return m_value; }
    constexpr bool valid() const noexcept { return m_value != invalidValue; }

    // The literal 0 that a defaulted <=> compares with is flagged by clang-tidy before 18
    // (llvm/llvm-project#53961), a false positive: no 0 is written here.
    // NOLINTNEXTLINE(modernize-use-nullptr)
    friend constexpr auto operator<=>(StrongId, StrongId) = default;

private:
    value_type m_value = invalidValue;
};

struct NodeIdTag;
struct LinkIdTag;
struct FlowIdTag;
using NodeId = StrongId<NodeIdTag>;
using LinkId = StrongId<LinkIdTag>;
using FlowId = StrongId<FlowIdTag>;

} // namespace meridian

template <class Tag> struct std::hash<meridian::StrongId<Tag>>
{
    std::size_t operator()(meridian::StrongId<Tag> id) const noexcept
    {
        return std::hash<std::uint32_t>{}(id.value());
    }
};
