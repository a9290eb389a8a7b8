#pragma once
// Simulated time as a signed 64-bit count of nanoseconds (htsim / ns-3 style).
//
// Integer time makes event ordering exact: two events computed through different float
// paths still compare equal when they should, and repeated additions never drift. The
// range of int64 ns is ±292 years of simulated time, far beyond any experiment; conversions
// and arithmetic saturate at that range instead of overflowing.

#include <cmath>
#include <compare>
#include <cstdint>
#include <limits>

namespace meridian::sim {

class SimTime
{
public:
    constexpr SimTime() = default;
    static constexpr SimTime fromNs(std::int64_t ns) { return SimTime(ns); }
    /// Rounds to the nearest nanosecond; saturates at ±max() (NaN gives max()) instead of
    /// overflowing.
    static SimTime fromSeconds(double seconds) { return saturate(std::round(seconds * 1e9)); }
    /// Rounds up to the next nanosecond: an event computed to happen "at or after" a
    /// real instant (a flow's last byte) never fires early. Saturates like fromSeconds.
    static SimTime fromSecondsCeil(double seconds)
    {
        return saturate(std::ceil(seconds * 1e9 - 1e-6));
    }
    static constexpr SimTime zero() { return SimTime(0); }
    static constexpr SimTime max() { return SimTime(std::numeric_limits<std::int64_t>::max()); }

    constexpr std::int64_t ns() const noexcept { return m_ns; }
    constexpr double toSeconds() const noexcept { return static_cast<double>(m_ns) * 1e-9; }

    // Arithmetic saturates at the int64 range (like fromSeconds) instead of wrapping: a
    // delay added near the horizon gives max(), never an event in the distant past.
    constexpr SimTime operator+(SimTime o) const { return SimTime(addSat(m_ns, o.m_ns)); }
    constexpr SimTime operator-(SimTime o) const { return SimTime(subSat(m_ns, o.m_ns)); }
    constexpr SimTime& operator+=(SimTime o)
    {
        m_ns = addSat(m_ns, o.m_ns);
        return *this;
    }
    constexpr SimTime& operator-=(SimTime o)
    {
        m_ns = subSat(m_ns, o.m_ns);
        return *this;
    }
    constexpr SimTime operator*(std::int64_t k) const { return SimTime(mulSat(m_ns, k)); }
    // The literal 0 that a defaulted <=> compares with is flagged by clang-tidy before 18
    // (llvm/llvm-project#53961), a false positive: no 0 is written here.
    // NOLINTNEXTLINE(modernize-use-nullptr)
    friend constexpr auto operator<=>(SimTime, SimTime) = default;

private:
    constexpr explicit SimTime(std::int64_t ns) : m_ns(ns) {}
    static constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
    static constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min();
    static constexpr std::int64_t addSat(std::int64_t a, std::int64_t b)
    {
        if (b > 0 && a > kMax - b)
            return kMax;
        if (b < 0 && a < kMin - b)
            return kMin;
        return a + b;
    }
    static constexpr std::int64_t subSat(std::int64_t a, std::int64_t b)
    {
        if (b < 0 && a > kMax + b)
            return kMax;
        if (b > 0 && a < kMin + b)
            return kMin;
        return a - b;
    }
    static constexpr std::int64_t mulSat(std::int64_t a, std::int64_t k)
    {
        if (a == 0 || k == 0)
            return 0;
        const bool negative = (a < 0) != (k < 0);
        // |a·k| ≤ kMax  ⇔  the division below does not fall short (kMin/−1 overflows: guard).
        if (a == kMin || k == kMin)
            return (a == kMin && k == 1) || (k == kMin && a == 1) ? kMin : (negative ? kMin : kMax);
        const std::int64_t absA = a < 0 ? -a : a;
        const std::int64_t absK = k < 0 ? -k : k;
        if (absA > kMax / absK)
            return negative ? kMin : kMax;
        return a * k;
    }
    static SimTime saturate(double ns)
    {
        // 2^63 is exactly representable; every double below it converts without overflow.
        constexpr double kLimit = 9223372036854775808.0;
        if (!(ns < kLimit))
            return max();
        if (ns <= -kLimit)
            return SimTime(std::numeric_limits<std::int64_t>::min());
        return SimTime(static_cast<std::int64_t>(ns));
    }
    std::int64_t m_ns = 0;
};

} // namespace meridian::sim
