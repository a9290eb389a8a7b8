#pragma once
// Atomic writes of large files, streamed (engine/src/io/AtomicWrite.cpp has the recipe; the
// whole-string form, writeFileAtomically(path, contents), is declared in ProjectFile.hpp).

#include <filesystem>
#include <functional>
#include <iosfwd>

namespace meridian::io {

/// Writes `path` atomically (temporary in the same folder, fsync, rename), its contents
/// written to a stream by `write` through a 64 KiB buffer, never held whole in memory. Throws
/// InputError on I/O failure; an exception from `write` leaves the target as it was and
/// propagates.
void writeFileAtomically(const std::filesystem::path& path,
                         const std::function<void(std::ostream&)>& write);

} // namespace meridian::io
