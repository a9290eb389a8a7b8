// writeFileAtomically: readers of `path` see either the old file or the complete new one.
//
// Recipe (POSIX): create a uniquely named temporary in the SAME directory (rename is only
// atomic within one file system), write everything, fsync it so the data is on disk before
// the name points at it, rename over the target, then fsync the directory so the rename
// itself survives a crash. Any failure removes the temporary and leaves the target as it was.

#include "meridian/io/ProjectFile.hpp"

#include <atomic>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace meridian::io {
namespace {

std::atomic<unsigned> g_tempCounter{0};

[[noreturn]] void fail(const std::filesystem::path& path, const std::string& what, int err)
{
    throw InputError(path.string(), "", what + ": " + std::strerror(err));
}

bool writeAll(int fd, std::string_view data)
{
    while (!data.empty()) {
        const ssize_t n = ::write(fd, data.data(), data.size());
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        data.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
}

} // namespace

void writeFileAtomically(const std::filesystem::path& path, std::string_view contents)
{
    if (path.filename().empty())
        throw InputError(path.string(), "", "cannot write: not a file name");
    std::filesystem::path dir = path.parent_path();
    if (dir.empty())
        dir = ".";
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw InputError(path.string(), "", "cannot write: is a directory");

    // Unique name from the process id and a counter (no clock, no randomness); O_EXCL makes
    // a clash with a stale temporary a retry, not an overwrite.
    std::filesystem::path temp;
    int fd = -1;
    for (int attempt = 0; attempt < 100 && fd < 0; ++attempt) {
        temp = dir / ("." + path.filename().string() + ".tmp-" + std::to_string(::getpid()) + "-" +
                      std::to_string(g_tempCounter.fetch_add(1)));
        fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd < 0 && errno != EEXIST)
            fail(path, "cannot create a temporary file in " + dir.string(), errno);
    }
    if (fd < 0)
        fail(path, "cannot create a temporary file in " + dir.string(), EEXIST);

    // Keep the permissions of a file being replaced (the temporary got 0666 & ~umask).
    struct stat st
    {
    };
    if (::stat(path.c_str(), &st) == 0)
        (void)::fchmod(fd, st.st_mode & 07777);

    const auto abandon = [&](const std::string& what) {
        const int err = errno;
        if (fd >= 0)
            ::close(fd);
        ::unlink(temp.c_str());
        fail(path, what, err);
    };
    if (!writeAll(fd, contents))
        abandon("cannot write");
    if (::fsync(fd) != 0)
        abandon("cannot flush to disk");
    const int closed = ::close(fd);
    fd = -1;
    if (closed != 0)
        abandon("cannot close");
    if (::rename(temp.c_str(), path.c_str()) != 0)
        abandon("cannot replace");

    // Make the rename durable; failure here does not undo a completed write.
    const int dirFd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dirFd >= 0) {
        (void)::fsync(dirFd);
        ::close(dirFd);
    }
}

} // namespace meridian::io
