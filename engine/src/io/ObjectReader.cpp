#include "io/ObjectReader.hpp"

#include "io/StrictJson.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/core/Units.hpp"

#include <charconv>
#include <cmath>
#include <limits>

namespace meridian::io {
namespace {

const char* typeName(const nlohmann::json& v)
{
    if (v.is_number())
        return "a number";
    if (v.is_string())
        return "a string";
    if (v.is_boolean())
        return "a boolean";
    if (v.is_null())
        return "null";
    if (v.is_array())
        return "an array";
    return "an object";
}

const char* unitExample(QuantitySpec::Kind kind)
{
    switch (kind) {
    case QuantitySpec::Kind::Bandwidth:
        return R"("400G" or "10 Gbit/s")";
    case QuantitySpec::Kind::Duration:
        return R"("15ms" or "2us")";
    case QuantitySpec::Kind::Fraction:
        return R"("0.1%" or "0.001")";
    case QuantitySpec::Kind::Bytes:
        return R"("64KiB" or "1500B")";
    case QuantitySpec::Kind::Plain:
        break;
    }
    return "a number";
}

} // namespace

ObjectReader::ObjectReader(const nlohmann::json& value, std::string path, std::string file,
                           Mode mode)
    : m_value(value), m_path(std::move(path)), m_file(std::move(file)), m_mode(mode)
{
    if (!value.is_object())
        throw InputError(m_file, m_path.empty() ? "/" : m_path,
                         std::string("expected an object, got ") + typeName(value));
}

ObjectReader ObjectReader::child(const nlohmann::json& value, std::string path) const
{
    return {value, std::move(path), m_file, m_mode};
}

std::string ObjectReader::pathOf(std::string_view key) const
{
    return m_path + "/" + jsonPointerToken(key);
}

bool ObjectReader::has(std::string_view key) const
{
    auto it = m_value.find(std::string(key));
    return it != m_value.end() && !(m_mode == Mode::Lenient && it->is_null());
}

const nlohmann::json* ObjectReader::get(std::string_view key)
{
    m_used.emplace(key);
    auto it = m_value.find(std::string(key));
    if (it == m_value.end() || (m_mode == Mode::Lenient && it->is_null()))
        return nullptr;
    return &*it;
}

void ObjectReader::fail(std::string_view key, const std::string& problem) const
{
    throw InputError(m_file, pathOf(key), problem);
}

std::optional<std::string> ObjectReader::optString(std::string_view key)
{
    const auto* v = get(key);
    if (v == nullptr)
        return std::nullopt;
    if (!v->is_string())
        fail(key, std::string("expected a string, got ") + typeName(*v));
    return v->get<std::string>();
}

std::string ObjectReader::string(std::string_view key, const std::string& fallback)
{
    return optString(key).value_or(fallback);
}

std::string ObjectReader::requiredString(std::string_view key)
{
    auto s = optString(key);
    if (!s)
        throw InputError(m_file, m_path.empty() ? "/" : m_path,
                         "missing required key '" + std::string(key) + "'");
    if (s->empty())
        fail(key, "must not be empty");
    return *s;
}

std::optional<double> ObjectReader::optNumber(std::string_view key)
{
    const auto* v = get(key);
    if (v == nullptr)
        return std::nullopt;
    if (!v->is_number())
        fail(key, std::string("expected a number, got ") + typeName(*v));
    const double d = v->get<double>();
    if (!std::isfinite(d))
        fail(key, "expected a finite number");
    return d;
}

double ObjectReader::nonNegative(std::string_view key, double fallback)
{
    const double d = optNumber(key).value_or(fallback);
    if (d < 0)
        fail(key, "must not be negative");
    return d;
}

const nlohmann::json* ObjectReader::optArray(std::string_view key)
{
    const auto* v = get(key);
    if (v != nullptr && !v->is_array())
        fail(key, std::string("expected an array, got ") + typeName(*v));
    return v;
}

std::optional<long long> ObjectReader::optInteger(std::string_view key, long long min,
                                                  long long max)
{
    const auto* v = get(key);
    if (v == nullptr)
        return std::nullopt;
    if (!v->is_number())
        fail(key, std::string("expected an integer, got ") + typeName(*v));
    const double d = v->get<double>();
    if (d != std::floor(d))
        fail(key, "expected an integer, got " + units::formatNumber(d));
    if (d < static_cast<double>(min) || d > static_cast<double>(max))
        fail(key, "must be between " + std::to_string(min) + " and " + std::to_string(max) +
                      ", got " + units::formatNumber(d));
    return static_cast<long long>(d);
}

std::optional<bool> ObjectReader::optBoolean(std::string_view key)
{
    const auto* v = get(key);
    if (v == nullptr)
        return std::nullopt;
    if (!v->is_boolean())
        fail(key, std::string("expected true or false, got ") + typeName(*v));
    return v->get<bool>();
}

std::optional<std::vector<std::string>> ObjectReader::optStringArray(std::string_view key)
{
    const auto* v = get(key);
    if (v == nullptr)
        return std::nullopt;
    if (!v->is_array())
        fail(key, std::string("expected an array of strings, got ") + typeName(*v));
    std::vector<std::string> out;
    out.reserve(v->size());
    for (std::size_t i = 0; i < v->size(); ++i) {
        const auto& item = (*v)[i];
        if (!item.is_string())
            throw InputError(m_file, pathOf(key) + "/" + std::to_string(i),
                             std::string("expected a string, got ") + typeName(item));
        out.push_back(item.get<std::string>());
    }
    return out;
}

double ObjectReader::fromText(const QuantitySpec& spec, std::string_view key,
                              const std::string& text, bool requireUnit) const
{
    // A NaN default multiplier marks "bare number" so an alias can insist on a unit.
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double bareUnit = requireUnit ? nan : spec.multiply / spec.divide;
    std::optional<double> v;
    switch (spec.kind) {
    case QuantitySpec::Kind::Bandwidth:
        v = units::parseBandwidthBps(text, bareUnit);
        break;
    case QuantitySpec::Kind::Duration:
        v = units::parseDurationS(text, bareUnit);
        break;
    case QuantitySpec::Kind::Fraction:
        v = units::parseFraction(text);
        break;
    case QuantitySpec::Kind::Bytes:
        v = units::parseBytes(text);
        break;
    case QuantitySpec::Kind::Plain: {
        // from_chars: locale-independent (a GUI may run under a comma-decimal locale).
        double d = 0.0;
        const auto res = std::from_chars(text.data(), text.data() + text.size(), d);
        if (res.ec == std::errc() && res.ptr == text.data() + text.size())
            v = d;
        break;
    }
    }
    if (!v)
        fail(key, "cannot read '" + text + "' as a quantity (e.g. " + unitExample(spec.kind) + ")");
    if (std::isnan(*v))
        fail(key, "'" + text + "' needs a unit here (e.g. " + unitExample(spec.kind) +
                      "), or use '" + spec.key + "' for a plain number");
    if (!std::isfinite(*v))
        fail(key, "'" + text + "' is out of range");
    return *v;
}

std::optional<double> ObjectReader::optQuantity(const QuantitySpec& spec)
{
    const auto* canonical = get(spec.key);
    const auto* alias = spec.alias != nullptr ? get(spec.alias) : nullptr;
    if (canonical != nullptr && alias != nullptr)
        fail(spec.alias,
             std::string("both '") + spec.alias + "' and '" + spec.key + "' are given; keep one");
    if (canonical != nullptr) {
        if (canonical->is_number()) {
            const double d = canonical->get<double>();
            return spec.multiply != 1.0 ? d * spec.multiply : d / spec.divide;
        }
        if (canonical->is_string())
            return fromText(spec, spec.key, canonical->get<std::string>(), false);
        fail(spec.key,
             std::string("expected a number or a string with a unit, got ") + typeName(*canonical));
    }
    if (alias != nullptr) {
        if (alias->is_string())
            return fromText(spec, spec.alias, alias->get<std::string>(), true);
        fail(spec.alias, std::string("expected a string with a unit (e.g. ") +
                             unitExample(spec.kind) + "), got " + typeName(*alias) + "; or use '" +
                             spec.key + "'");
    }
    return std::nullopt;
}

void ObjectReader::finish() const
{
    if (m_mode == Mode::Lenient)
        return;
    for (auto it = m_value.begin(); it != m_value.end(); ++it)
        if (m_used.find(it.key()) == m_used.end())
            fail(it.key(), "unknown key '" + it.key() + "'");
}

std::vector<std::string> ObjectReader::unusedKeys() const
{
    std::vector<std::string> out;
    for (auto it = m_value.begin(); it != m_value.end(); ++it)
        if (m_used.find(it.key()) == m_used.end())
            out.push_back(it.key());
    return out;
}

} // namespace meridian::io
