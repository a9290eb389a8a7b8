#pragma once
// Bounded whole-file read (private to the io module).

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace meridian::io {

/// Reads `path` in chunks, up to `maxBytes` + 1 bytes. Returns nullopt if the input holds more
/// than `maxBytes` (works for devices and FIFOs that report no size, e.g. /dev/zero, which
/// would otherwise be read without end). Throws InputError if the file cannot be opened or
/// read.
std::optional<std::string> readBounded(const std::filesystem::path& path, std::uintmax_t maxBytes);

} // namespace meridian::io
