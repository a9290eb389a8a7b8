#include "app/sweep/StagingFolder.hpp"

#include "meridian/core/Error.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <unistd.h>

namespace meridian::sweep {

namespace {

namespace fs = std::filesystem;

[[noreturn]] void fail(const fs::path& path, const std::string& what, int err)
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

/// fsync of a file or folder by name; false with errno set when it cannot.
bool syncPath(const fs::path& path, int flags)
{
    const int fd = ::open(path.c_str(), flags | O_CLOEXEC);
    if (fd < 0)
        return false;
    const bool ok = ::fsync(fd) == 0;
    const int err = errno;
    ::close(fd);
    errno = err;
    return ok;
}

} // namespace

StagingFolder::StagingFolder(fs::path dir) : m_dir(std::move(dir))
{
    std::error_code ec;
    fs::remove_all(m_dir, ec);
    fs::create_directories(m_dir, ec);
    if (ec)
        throw InputError(m_dir.string(), "", "cannot create the folder: " + ec.message());
    m_folders.push_back(m_dir);
}

StagingFolder::~StagingFolder()
{
    if (m_committed)
        return;
    std::error_code ec;
    fs::remove_all(m_dir, ec);
}

void StagingFolder::write(const fs::path& relative, std::string_view contents)
{
    fs::path folder = m_dir;
    for (const fs::path& part : relative.parent_path()) {
        folder /= part;
        if (std::find(m_folders.begin(), m_folders.end(), folder) != m_folders.end())
            continue;
        std::error_code ec;
        fs::create_directory(folder, ec);
        if (ec)
            throw InputError(folder.string(), "", "cannot create the folder: " + ec.message());
        m_folders.push_back(folder);
    }
    const fs::path path = m_dir / relative;
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0)
        fail(path, "cannot create", errno);
    if (!writeAll(fd, contents)) {
        const int err = errno;
        ::close(fd);
        fail(path, "cannot write", err);
    }
#ifdef __linux__
    // Start the write-back now, without waiting: commit()'s fsyncs then find the data written
    // or on its way instead of starting each file's write-back in turn.
    (void)::sync_file_range(fd, 0, 0, SYNC_FILE_RANGE_WRITE);
#endif
    if (::close(fd) != 0)
        fail(path, "cannot close", errno);
    m_files.push_back(path);
}

void StagingFolder::commit(const fs::path& target)
{
    for (const fs::path& file : m_files)
        if (!syncPath(file, O_RDONLY))
            fail(file, "cannot flush to disk", errno);
    // Deepest first: a folder's entries are on disk before the folder that names it.
    for (auto it = m_folders.rbegin(); it != m_folders.rend(); ++it)
        if (!syncPath(*it, O_RDONLY | O_DIRECTORY))
            fail(*it, "cannot flush to disk", errno);
    std::error_code ec;
    fs::path stale;
    if (fs::exists(fs::symlink_status(target, ec))) {
        stale = m_dir.string() + ".old";
        fs::rename(target, stale, ec);
        if (ec)
            throw InputError(target.string(), "",
                             "cannot replace the existing folder: " + ec.message());
    }
    fs::rename(m_dir, target, ec);
    if (ec) {
        std::error_code back;
        if (!stale.empty())
            fs::rename(stale, target, back); // the target as it was
        throw InputError(target.string(), "", "cannot move the folder into place: " + ec.message());
    }
    m_committed = true;
    // Make the rename durable; a failure here does not undo the completed folder (a crash
    // before the journal's next commit then only runs the point again).
    (void)syncPath(target.parent_path().empty() ? fs::path(".") : target.parent_path(),
                   O_RDONLY | O_DIRECTORY);
    if (!stale.empty())
        fs::remove_all(stale, ec);
}

} // namespace meridian::sweep
