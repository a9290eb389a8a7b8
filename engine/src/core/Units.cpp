#include "meridian/core/Units.hpp"

#include "meridian/core/ColumnUnit.hpp"
#include "meridian/core/Text.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstdlib>

namespace meridian::units {
namespace {

using text::lower;
using text::trim;

/// Splits "12.5 Gbps" into 12.5 and "Gbps". Returns nullopt if no number leads.
std::optional<std::pair<double, std::string>> splitNumber(std::string_view text)
{
    text = trim(text);
    if (text.empty())
        return std::nullopt;
    // std::from_chars, unlike strtod, ignores the C locale: "2.5G" must not depend on the
    // user's decimal comma (Qt calls setlocale(LC_ALL, "") in the GUI).
    double value = 0.0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end == text.data() || !std::isfinite(value))
        return std::nullopt;
    std::string rest(
        trim(std::string_view(end, static_cast<std::size_t>(text.data() + text.size() - end))));
    return std::make_pair(value, rest);
}

bool stripSuffix(std::string& s, std::string_view suffix)
{
    if (s.size() >= suffix.size() &&
        s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0) {
        s.erase(s.size() - suffix.size());
        return true;
    }
    return false;
}

std::optional<double> decimalPrefix(char c)
{
    switch (c) {
    case 'k':
        return 1e3;
    case 'm':
        return 1e6;
    case 'g':
        return 1e9;
    case 't':
        return 1e12;
    case 'p':
        return 1e15;
    default:
        return std::nullopt;
    }
}

enum class Sign
{
    NonNegative,
    Any
};

/// The shared frame of the parsers below: "<number> <unit>" with a leading number (not below
/// zero unless `sign` is Any); a bare number is `value * bareScale`, a number with a unit is
/// `withUnit(value, unit)`.
template <class WithUnit>
std::optional<double> parseQuantity(std::string_view text, double bareScale, Sign sign,
                                    WithUnit withUnit)
{
    const auto split = splitNumber(text);
    if (!split || (sign == Sign::NonNegative && split->first < 0))
        return std::nullopt;
    const auto& [value, unit] = *split;
    if (unit.empty())
        return value * bareScale;
    return withUnit(value, unit);
}

std::optional<double> bandwidthWithUnit(double value, const std::string& unit)
{
    std::string u = lower(unit);
    // Byte-based rates: "MB/s", "GBps" (upper-case B) → ×8.
    const bool bytes = unit.find("B/s") != std::string::npos ||
                       unit.find("Bps") != std::string::npos ||
                       (unit.size() >= 1 && unit.back() == 'B');
    // Drop the rate suffix if present; what remains is the prefix ("10G" has none to drop).
    (void)(stripSuffix(u, "bits/s") || stripSuffix(u, "bit/s") || stripSuffix(u, "bps") ||
           stripSuffix(u, "b/s") || stripSuffix(u, "bit") || stripSuffix(u, "b"));
    u = std::string(trim(u));
    double mult = 1.0;
    if (!u.empty()) {
        if (u.size() != 1)
            return std::nullopt;
        auto p = decimalPrefix(u[0]);
        if (!p)
            return std::nullopt;
        mult = *p;
    }
    return value * mult * (bytes ? kBitsPerByte : 1.0);
}

std::optional<double> durationWithUnit(double value, const std::string& unit)
{
    const std::string u = lower(unit);
    static const std::array<std::pair<std::string_view, double>, 14> table{{
        {"ns", 1e-9},
        {"us", 1e-6},
        {"µs", 1e-6},
        {"μs", 1e-6},
        {"ms", 1e-3},
        {"s", 1.0},
        {"sec", 1.0},
        {"secs", 1.0},
        {"min", 60.0},
        {"mins", 60.0},
        {"h", 3600.0},
        {"hr", 3600.0},
        {"hours", 3600.0},
        {"d", 86400.0},
    }};
    for (const auto& [name, factor] : table)
        if (u == name)
            return value * factor;
    return std::nullopt;
}

std::optional<double> fractionWithUnit(double value, const std::string& unit)
{
    if (unit == "%")
        return value / 100.0;
    if (unit == "‰")
        return value / 1000.0;
    if (lower(unit) == "ppm")
        return value / 1e6;
    return std::nullopt;
}

std::optional<double> bytesWithUnit(double value, const std::string& unit)
{
    std::string u = unit;
    // "B", "byte(s)" and a prefix alone ("64Mi", "1G") mean bytes; "b", "bit(s)" mean bits.
    double unitBytes = 1.0;
    const bool bytes = stripSuffix(u, "bytes") || stripSuffix(u, "byte") || stripSuffix(u, "B");
    if (!bytes && (stripSuffix(u, "bits") || stripSuffix(u, "bit") || stripSuffix(u, "b")))
        unitBytes = 1.0 / kBitsPerByte;
    u = lower(std::string(trim(u)));
    double mult = 1.0;
    if (!u.empty()) {
        const bool binary = u.size() == 2 && u[1] == 'i';
        if (u.size() != 1 && !binary)
            return std::nullopt;
        auto p = decimalPrefix(u[0]);
        if (!p)
            return std::nullopt;
        if (binary) {
            const int power = u[0] == 'k'   ? 1
                              : u[0] == 'm' ? 2
                              : u[0] == 'g' ? 3
                              : u[0] == 't' ? 4
                                            : 5;
            mult = std::pow(1024.0, power);
        } else {
            mult = *p;
        }
    }
    return value * mult * unitBytes;
}

} // namespace

std::optional<double> parseBandwidthBps(std::string_view text, double defaultMultiplier)
{
    return parseQuantity(text, defaultMultiplier, Sign::NonNegative, bandwidthWithUnit);
}

std::optional<double> parseDurationS(std::string_view text, double defaultUnitS)
{
    return parseQuantity(text, defaultUnitS, Sign::Any, durationWithUnit);
}

std::optional<double> parseFraction(std::string_view text)
{
    return parseQuantity(text, 1.0, Sign::Any, fractionWithUnit);
}

std::optional<double> parseBytes(std::string_view text)
{
    return parseQuantity(text, 1.0, Sign::NonNegative, bytesWithUnit);
}

std::string formatNumber(double value)
{
    std::array<char, 64> buf{};
    auto res =
        std::to_chars(buf.data(), buf.data() + buf.size(), value, std::chars_format::general);
    return {buf.data(), res.ptr};
}

namespace {
std::string fmt3(double v)
{
    std::array<char, 64> buf{};
    std::snprintf(buf.data(), buf.size(), "%.4g", v);
    return buf.data();
}
} // namespace

std::string formatBandwidth(double bps)
{
    const double a = std::fabs(bps);
    if (a >= 1e12)
        return fmt3(bps / 1e12) + " Tbit/s";
    if (a >= 1e9)
        return fmt3(bps / 1e9) + " Gbit/s";
    if (a >= 1e6)
        return fmt3(bps / 1e6) + " Mbit/s";
    if (a >= 1e3)
        return fmt3(bps / 1e3) + " kbit/s";
    return fmt3(bps) + " bit/s";
}

std::string formatDuration(double seconds)
{
    const double a = std::fabs(seconds);
    if (a == 0.0)
        return "0 s";
    if (a >= 3600.0 * 2)
        return fmt3(seconds / 3600.0) + " h";
    if (a >= 1.0)
        return fmt3(seconds) + " s";
    if (a >= 1e-3)
        return fmt3(seconds * 1e3) + " ms";
    if (a >= 1e-6)
        return fmt3(seconds * 1e6) + " µs";
    return fmt3(seconds * 1e9) + " ns";
}

std::string formatBytes(double bytes)
{
    const double a = std::fabs(bytes);
    constexpr double Ki = 1024.0;
    if (a >= Ki * Ki * Ki * Ki)
        return fmt3(bytes / (Ki * Ki * Ki * Ki)) + " TiB";
    if (a >= Ki * Ki * Ki)
        return fmt3(bytes / (Ki * Ki * Ki)) + " GiB";
    if (a >= Ki * Ki)
        return fmt3(bytes / (Ki * Ki)) + " MiB";
    if (a >= Ki)
        return fmt3(bytes / Ki) + " KiB";
    return fmt3(bytes) + " B";
}

std::string formatRange(std::optional<double> min, bool minInclusive, std::optional<double> max,
                        bool maxInclusive)
{
    if (min && max)
        return std::string(minInclusive ? "[" : "(") + formatNumber(*min) + ", " +
               formatNumber(*max) + (maxInclusive ? "]" : ")");
    if (min)
        return std::string(minInclusive ? ">= " : "> ") + formatNumber(*min);
    if (max)
        return std::string(maxInclusive ? "<= " : "< ") + formatNumber(*max);
    return "any";
}

// ColumnUnit.hpp: the column form of formatDuration's units, its thresholds.
DurationColumnUnit DurationColumnUnit::of(const std::vector<double>& seconds)
{
    double largest = 0.0;
    for (double v : seconds)
        if (std::isfinite(v))
            largest = std::max(largest, std::fabs(v));
    DurationColumnUnit c;
    if (largest == 0.0)
        return c;
    static constexpr const char* kUnit[] = {"h", "s", "ms", "µs", "ns"};
    static constexpr double kSeconds[] = {3600.0, 1.0, 1e-3, 1e-6, 1e-9};
    static constexpr double kFrom[] = {7200.0, 1.0, 1e-3, 1e-6, 0.0};
    std::size_t u = 0;
    while (largest < kFrom[u])
        ++u;
    c.unit = kUnit[u];
    c.seconds_per_unit = kSeconds[u];
    const int magnitude = static_cast<int>(std::floor(std::log10(largest / c.seconds_per_unit)));
    c.decimals = std::clamp(3 - magnitude, 0, 6);
    return c;
}

bool DurationColumnUnit::roundsToZero(double value, int decimals)
{
    return std::fabs(value) < 0.5 * std::pow(10.0, -decimals);
}

} // namespace meridian::units
