#pragma once
// Reading a whole JSON file for the model readers (private to workload): a file that cannot be
// opened, or is not JSON (including a number no double can hold), is an InputError naming the
// file (and the byte where parsing stopped).

#include "meridian/core/Error.hpp"

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

namespace meridian::workload::detail {

inline nlohmann::json readJsonFile(const std::filesystem::path& file)
{
    std::ifstream in(file, std::ios::binary);
    if (!in)
        throw InputError(file.string(), "", "cannot open file");
    try {
        return nlohmann::json::parse(in);
    } catch (const nlohmann::json::parse_error& e) {
        throw InputError(file.string(), "byte " + std::to_string(e.byte), "invalid JSON");
    } catch (const nlohmann::json::exception& e) {
        // Not a syntax error but a value JSON allows and a double cannot hold ("1e605").
        throw InputError(file.string(), "", std::string("invalid JSON: ") + e.what());
    }
}

} // namespace meridian::workload::detail
