#pragma once
// ASCII text helpers for every parser of names, keys and units: lower-casing and trimming.
//
// They only touch ASCII letters and ASCII white space (" \t\n\v\f\r"), whatever the C
// locale: the GUI runs under the user's locale (Qt calls setlocale(LC_ALL, "")), and a unit
// or a catalogue name must not read differently there than in meridian-cli. Bytes of UTF-8
// sequences ("µs", "→") are never changed.

#include <string>
#include <string_view>

namespace meridian::text {

/// `s` with ASCII 'A'–'Z' turned into 'a'–'z'.
std::string lower(std::string_view s);
/// `s` without leading and trailing ASCII white space (a view into `s`).
std::string_view trim(std::string_view s);

} // namespace meridian::text
