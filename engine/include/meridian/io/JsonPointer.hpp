#pragma once
// JSON Pointer (RFC 6901) tokens, as every error path of Meridian's readers writes them.

#include <string>
#include <string_view>

namespace meridian::io {

/// Escapes one JSON Pointer token (RFC 6901: "~" → "~0", "/" → "~1").
std::string jsonPointerToken(std::string_view key);

} // namespace meridian::io
