#pragma once
// Small helpers for reading JSON with precise error locations (private to workload).

#include "meridian/core/Error.hpp"

#include <cmath>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace meridian::workload::detail {

inline const nlohmann::json* member(const nlohmann::json& obj, const char* key)
{
    if (!obj.is_object())
        return nullptr;
    auto it = obj.find(key);
    return it == obj.end() || it->is_null() ? nullptr : &*it;
}

inline std::optional<double> optNumber(const nlohmann::json& obj, const char* key,
                                       const std::string& path)
{
    const auto* v = member(obj, key);
    if (v == nullptr)
        return std::nullopt;
    if (!v->is_number())
        throw InputError({}, path + "/" + key, "expected a number");
    const double d = v->get<double>();
    if (!std::isfinite(d))
        throw InputError({}, path + "/" + key, "expected a finite number");
    return d;
}

inline double nonNegative(const nlohmann::json& obj, const char* key, const std::string& path,
                          double fallback)
{
    const double d = optNumber(obj, key, path).value_or(fallback);
    if (d < 0)
        throw InputError({}, path + "/" + key, "must not be negative");
    return d;
}

inline std::optional<std::string> optString(const nlohmann::json& obj, const char* key,
                                            const std::string& path)
{
    const auto* v = member(obj, key);
    if (v == nullptr)
        return std::nullopt;
    if (!v->is_string())
        throw InputError({}, path + "/" + key, "expected a string");
    return v->get<std::string>();
}

inline std::optional<bool> optBool(const nlohmann::json& obj, const char* key,
                                   const std::string& path)
{
    const auto* v = member(obj, key);
    if (v == nullptr)
        return std::nullopt;
    if (!v->is_boolean())
        throw InputError({}, path + "/" + key, "expected true or false");
    return v->get<bool>();
}

} // namespace meridian::workload::detail
