#pragma once
// Strict JSON parsing for Meridian's readers (private to the io module).
//
// nlohmann::json alone would accept duplicate keys silently (the last one wins), report a
// number overflow without a position and recurse without bound on hostile nesting. This
// wrapper adds, before and during the parse:
//   * a pre-scan that rejects nesting deeper than kMaxJsonDepth and number literals that do
//     not fit a double, with their line and column;
//   * duplicate-key detection, reported with the JSON path of the repeated key;
//   * line/column for every syntax error (computed from nlohmann's byte offset).
// Every failure is an InputError(file, location, problem); nothing else escapes.

#include "meridian/io/JsonPointer.hpp"

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace meridian::io {

inline constexpr int kMaxJsonDepth = 64;

/// Parses `text` as one JSON value. `file` names the input in errors.
nlohmann::json parseStrictJson(std::string_view text, const std::string& file);

/// "line L, column C" of a byte offset (0-based) in `text`; columns count bytes from 1.
std::string lineColumnOf(std::string_view text, std::size_t offset);

} // namespace meridian::io
