// writeFileAtomically: readers of `path` see either the old file or the complete new one.
//
// Recipe (POSIX): create a uniquely named temporary in the SAME directory (rename is only
// atomic within one file system), write everything, fsync it so the data is on disk before
// the name points at it, rename over the target, then fsync the directory so the rename
// itself survives a crash. Any failure removes the temporary and leaves the target as it was.
// The streamed form writes through a 64 KiB buffer, so that a large file (a 1,024-link run's
// 65 MB results.json) is never held whole in memory.

#include "meridian/io/AtomicWrite.hpp"

#include "meridian/io/ProjectFile.hpp"

#include <atomic>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <functional>
#include <ostream>
#include <streambuf>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace meridian::io {
namespace {

std::atomic<unsigned> g_tempCounter{0};

/// An ostream's buffer over a file descriptor: 64 KiB at a time, the first write error kept.
class FdStreamBuf : public std::streambuf
{
public:
    explicit FdStreamBuf(int fd) : m_fd(fd), m_buffer(std::size_t{64} * 1024) { reset(); }
    FdStreamBuf(const FdStreamBuf&) = delete;
    FdStreamBuf& operator=(const FdStreamBuf&) = delete;
    bool ok() const { return m_errno == 0; }
    int error() const { return m_errno; }

protected:
    int_type overflow(int_type ch) override
    {
        if (!drain())
            return traits_type::eof();
        if (!traits_type::eq_int_type(ch, traits_type::eof())) {
            *pptr() = traits_type::to_char_type(ch);
            pbump(1);
        }
        return traits_type::not_eof(ch);
    }
    int sync() override { return drain() ? 0 : -1; }

private:
    void reset() { setp(m_buffer.data(), m_buffer.data() + m_buffer.size()); }
    bool drain()
    {
        if (m_errno == 0 &&
            !writeAllToFd(m_fd, {pbase(), static_cast<std::size_t>(pptr() - pbase())}))
            m_errno = errno;
        reset();
        return m_errno == 0;
    }

    int m_fd;
    std::vector<char> m_buffer;
    int m_errno = 0;
};

/// Writes `path` atomically, its contents written to `fd` by `body` (false: a write failed, errno
/// says why). An exception from `body` removes the temporary and propagates.
void writeAtomically(const std::filesystem::path& path, const std::function<bool(int fd)>& body)
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
            throwFileError(path, "cannot create a temporary file in " + dir.string(), errno);
    }
    if (fd < 0)
        throwFileError(path, "cannot create a temporary file in " + dir.string(), EEXIST);

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
        throwFileError(path, what, err);
    };
    bool written = false;
    try {
        written = body(fd);
    } catch (...) {
        ::close(fd);
        ::unlink(temp.c_str());
        throw;
    }
    if (!written)
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
    (void)syncPath(dir, true);
}

} // namespace

void throwFileError(const std::filesystem::path& path, const std::string& what, int err)
{
    throw InputError(path.string(), "", what + ": " + std::strerror(err));
}

bool writeAllToFd(int fd, std::string_view data)
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

bool syncPath(const std::filesystem::path& path, bool folder)
{
    const int fd = ::open(path.c_str(), (folder ? O_RDONLY | O_DIRECTORY : O_RDONLY) | O_CLOEXEC);
    if (fd < 0)
        return false;
    const bool ok = ::fsync(fd) == 0;
    const int err = errno;
    ::close(fd);
    errno = err;
    return ok;
}

void writeFileAtomically(const std::filesystem::path& path, std::string_view contents)
{
    writeAtomically(path, [contents](int fd) { return writeAllToFd(fd, contents); });
}

void writeFileAtomically(const std::filesystem::path& path,
                         const std::function<void(std::ostream&)>& write)
{
    writeAtomically(path, [&write](int fd) {
        FdStreamBuf buffer(fd);
        std::ostream out(&buffer);
        write(out);
        out.flush();
        if (buffer.ok() && out.good())
            return true;
        errno = buffer.ok() ? EIO : buffer.error();
        return false;
    });
}

} // namespace meridian::io
