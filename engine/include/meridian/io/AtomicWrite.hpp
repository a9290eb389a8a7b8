#pragma once
// Atomic writes of large files, streamed (engine/src/io/AtomicWrite.cpp has the recipe; the
// whole-string form, writeFileAtomically(path, contents), is declared in ProjectFile.hpp).

#include <filesystem>
#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>

namespace meridian::io {

/// Writes `path` atomically (temporary in the same folder, fsync, rename), its contents
/// written to a stream by `write` through a 64 KiB buffer, never held whole in memory. Throws
/// InputError on I/O failure; an exception from `write` leaves the target as it was and
/// propagates.
void writeFileAtomically(const std::filesystem::path& path,
                         const std::function<void(std::ostream&)>& write);

// The POSIX steps the atomic writes are made of, for writers of other durable layouts (the
// sweep's staging folders, app/sweep/StagingFolder.cpp).

/// Throws InputError naming `path`: "`what`: strerror(err)".
[[noreturn]] void throwFileError(const std::filesystem::path& path, const std::string& what,
                                 int err);
/// Writes all of `data` to `fd`, retrying after EINTR; false with errno set on failure.
bool writeAllToFd(int fd, std::string_view data);
/// fsync of a file (or, with `folder`, a folder's entries) by name; false with errno set.
bool syncPath(const std::filesystem::path& path, bool folder);

} // namespace meridian::io
