#include "app/sweep/StagingFolder.hpp"

#include "meridian/core/Error.hpp"
#include "meridian/io/AtomicWrite.hpp"

#include <algorithm>
#include <cerrno>
#include <fcntl.h>
#include <string>
#include <unistd.h>

namespace meridian::sweep {

namespace fs = std::filesystem;

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
        io::throwFileError(path, "cannot create", errno);
    if (!io::writeAllToFd(fd, contents)) {
        const int err = errno;
        ::close(fd);
        io::throwFileError(path, "cannot write", err);
    }
#ifdef __linux__
    // Start the write-back now, without waiting: commit()'s fsyncs then find the data written
    // or on its way instead of starting each file's write-back in turn.
    (void)::sync_file_range(fd, 0, 0, SYNC_FILE_RANGE_WRITE);
#endif
    if (::close(fd) != 0)
        io::throwFileError(path, "cannot close", errno);
    m_files.push_back(path);
}

void StagingFolder::commit(const fs::path& target)
{
    for (const fs::path& file : m_files)
        if (!io::syncPath(file, false))
            io::throwFileError(file, "cannot flush to disk", errno);
    // Deepest first: a folder's entries are on disk before the folder that names it.
    for (auto it = m_folders.rbegin(); it != m_folders.rend(); ++it)
        if (!io::syncPath(*it, true))
            io::throwFileError(*it, "cannot flush to disk", errno);
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
    (void)io::syncPath(target.parent_path().empty() ? fs::path(".") : target.parent_path(), true);
    if (!stale.empty())
        fs::remove_all(stale, ec);
}

} // namespace meridian::sweep
