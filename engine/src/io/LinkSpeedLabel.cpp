#include "meridian/io/LinkSpeedLabel.hpp"

#include "meridian/core/Text.hpp"
#include "meridian/core/Units.hpp"

#include <array>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>

namespace meridian::io {
namespace {

using text::trim;

/// Upper case without spaces, '-', '_' (so "OC-192c", "oc 192", "OC192C" all read "OC192C").
std::string squeeze(std::string_view s)
{
    std::string out;
    for (unsigned char c : s)
        if (!std::isspace(c) && c != '-' && c != '_')
            out.push_back(static_cast<char>(std::toupper(c)));
    return out;
}

/// "OC192C" with prefix "OC" → 192; requires digits after the prefix, optional trailing "C".
std::optional<double> multipleOf(const std::string& s, std::string_view prefix)
{
    if (s.rfind(prefix, 0) != 0)
        return std::nullopt;
    std::string rest = s.substr(prefix.size());
    if (!rest.empty() && rest.back() == 'C')
        rest.pop_back();
    if (rest.empty() || rest.size() > 4)
        return std::nullopt;
    for (char c : rest)
        if (!std::isdigit(static_cast<unsigned char>(c)))
            return std::nullopt;
    return std::stod(rest);
}

std::optional<double> named(const std::string& s)
{
    // SONET: OC-n = STS-n = n × 51.84 Mbit/s (ITU-T G.707 / ANSI T1.105).
    if (auto n = multipleOf(s, "OC"))
        return *n * 51.84e6;
    if (auto n = multipleOf(s, "STS"))
        return *n * 51.84e6;
    // SDH: STM-n = n × 155.52 Mbit/s.
    if (auto n = multipleOf(s, "STM"))
        return *n * 155.52e6;
    static const std::array<std::pair<std::string_view, double>, 27> table{{
        {"T1", 1.544e6},   {"DS1", 1.544e6},
        {"T3", 44.736e6},  {"DS3", 44.736e6},
        {"E1", 2.048e6},   {"E2", 8.448e6},
        {"E3", 34.368e6},  {"E4", 139.264e6},
        {"FE", 100e6},     {"FASTETHERNET", 100e6},
        {"GE", 1e9},       {"GIGE", 1e9},
        {"GBE", 1e9},      {"GIGABITETHERNET", 1e9},
        {"10GE", 10e9},    {"10GBE", 10e9},
        {"10GIGE", 10e9},  {"25GE", 25e9},
        {"25GBE", 25e9},   {"40GE", 40e9},
        {"40GBE", 40e9},   {"100GE", 100e9},
        {"100GBE", 100e9}, {"400GE", 400e9},
        {"400GBE", 400e9}, {"1GE", 1e9},
        {"1GBE", 1e9},
    }};
    for (const auto& [name, bps] : table)
        if (s == name)
            return bps;
    return std::nullopt;
}

/// A number with a unit ("10 Gbps"); a bare number is not a speed (unit unknown).
std::optional<double> withUnit(std::string_view text)
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    auto v = units::parseBandwidthBps(text, nan);
    if (!v || std::isnan(*v) || !std::isfinite(*v) || *v <= 0.0)
        return std::nullopt;
    return v;
}

std::optional<double> single(std::string_view text)
{
    text = trim(text);
    if (text.empty())
        return std::nullopt;
    if (auto v = named(squeeze(text)))
        return v;
    if (auto v = withUnit(text))
        return v;
    // Range "100-155 Mbit/s": lower bound with the unit written after the upper bound.
    const auto dash = text.find('-');
    if (dash != std::string_view::npos && dash > 0) {
        const std::string_view low = trim(text.substr(0, dash));
        std::string_view high = trim(text.substr(dash + 1));
        std::size_t digits = 0;
        while (digits < high.size() &&
               (std::isdigit(static_cast<unsigned char>(high[digits])) || high[digits] == '.'))
            ++digits;
        const bool lowIsNumber =
            !low.empty() && low.find_first_not_of("0123456789.") == std::string_view::npos;
        if (lowIsNumber && digits > 0 && digits < high.size())
            return withUnit(std::string(low) + std::string(high.substr(digits)));
    }
    return std::nullopt;
}

} // namespace

std::optional<double> parseLinkSpeedLabel(std::string_view label)
{
    label = trim(label);
    // "2x10G", "4 x OC-48", "2*GE": count, then 'x' or '*', then a speed.
    std::size_t i = 0;
    while (i < label.size() && std::isdigit(static_cast<unsigned char>(label[i])))
        ++i;
    if (i > 0 && i <= 3) {
        std::size_t j = i;
        while (j < label.size() && label[j] == ' ')
            ++j;
        if (j < label.size() && (label[j] == 'x' || label[j] == 'X' || label[j] == '*')) {
            const double count = std::stod(std::string(label.substr(0, i)));
            if (auto each = single(label.substr(j + 1)); each && count > 0)
                return count * *each;
        }
    }
    if (auto v = single(label))
        return v;
    // Free text before the speed ("DTP-Ring 2.5 Gbit/s"): the first word boundary followed by
    // a number with a unit.
    for (std::size_t k = 1; k < label.size(); ++k)
        if (label[k - 1] == ' ' && std::isdigit(static_cast<unsigned char>(label[k])))
            if (auto v = withUnit(label.substr(k)))
                return v;
    return std::nullopt;
}

} // namespace meridian::io
