#pragma once
// Parsing and formatting of physical quantities, in one place.
//
// Canonical engine units: bandwidth in bit/s (double), time in seconds (double) or
// integer nanoseconds (sim::SimTime), sizes in bytes, loss as a probability in [0, 1).
//
// Accepted spellings (case-insensitive unit suffix, optional space, optional "/s" or "ps"):
//   bandwidth: "10G", "10 Gbps", "400 Gbit/s", "2.5Gb/s", "100M", "1T", "56k", "1e9" (bit/s)
//   duration:  "15ms", "2 us", "2µs", "100ns", "1.5s", "3min", "0.5h", "15" (default unit given)
//   fraction:  "0.1%", "0.001", "1e-4"
//   size:      "64MiB", "1 GB", "1500B", "1Gb" (bits), "4KiB", "8" (bytes)
// Decimal prefixes (k, M, G, T) are powers of 1000, binary ones (Ki, Mi, Gi, Ti) of 1024.

#include <optional>
#include <string>
#include <string_view>

namespace meridian::units {

/// Which spellings a quantity accepts: Bandwidth/Duration/Fraction/Bytes take the unit
/// suffixes listed above, Plain only a bare number.
enum class QuantityKind
{
    Bandwidth,
    Duration,
    Fraction,
    Bytes,
    Plain
};

/// Bandwidth in bit/s. A bare number is bit/s unless `defaultMultiplier` says otherwise.
std::optional<double> parseBandwidthBps(std::string_view text, double defaultMultiplier = 1.0);
/// Duration in seconds. A bare number is multiplied by `defaultUnitS` (1 = seconds, 1e-3 = ms).
std::optional<double> parseDurationS(std::string_view text, double defaultUnitS = 1.0);
/// Fraction in [0, ∞): "0.1%" → 0.001, "0.001" → 0.001.
std::optional<double> parseFraction(std::string_view text);
/// Data size in bytes: "64MiB" → 67108864, "1Gb" → 1.25e8 (lower-case b = bits).
std::optional<double> parseBytes(std::string_view text);

/// "10 Gbit/s", "400 Mbit/s", "1.5 Tbit/s".
std::string formatBandwidth(double bps);
/// "15 ms", "2.5 µs", "1.2 s".
std::string formatDuration(double seconds);
/// "64 MiB", "1.5 GiB", "1500 B".
std::string formatBytes(double bytes);
/// Shortest round-trippable decimal form of a double ("10", "0.0001", "1e-07").
std::string formatNumber(double value);
/// A range in interval notation: "[0, 1)", "> 0", ">= 1", "<= 60", or "any" without bounds.
std::string formatRange(std::optional<double> min, bool minInclusive, std::optional<double> max,
                        bool maxInclusive);

constexpr double kBitsPerByte = 8.0;
/// One-way propagation in optical fibre, seconds per km (c / 1.47 ≈ 204,000 km/s).
constexpr double kFibreDelaySPerKm = 4.9e-6;

} // namespace meridian::units
