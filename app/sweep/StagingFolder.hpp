#pragma once
// A folder of files built under a staging name and made durable once, then renamed into place
// (docs/sweeps.md, "Resuming" and "Speed on two cores"): a sweep point's folder.
//
// io::writeFileAtomically makes each file durable on its own (fsync of the file, then of its
// folder); a point writes seven or eight files, and each fsync waits for the disk. Here
//   write():  each file is written plainly and its write-back started at once
//             (sync_file_range, no wait), so the data is on its way while the rest is written;
//   commit(): fsync every file, then every folder of the staging tree, deepest first; then
//             rename the staging folder to the target (a stale target is moved aside and
//             removed after) and fsync the target's parent, so the rename itself is durable.
// The target therefore appears only complete and on disk: a crash, SIGKILL or error before the
// rename leaves the staging folder (which the destructor removes when it can), never a half-
// written target. commit() waits for the disk and uses no CPU meanwhile, so the executor runs
// it on a thread beside the next point. The files hold exactly the bytes given.

#include <filesystem>
#include <string_view>
#include <vector>

namespace meridian::sweep {

class StagingFolder
{
public:
    /// Creates `dir` (removing a leftover of the same name); InputError when it cannot.
    explicit StagingFolder(std::filesystem::path dir);
    /// Removes the folder unless it was committed.
    ~StagingFolder();
    StagingFolder(const StagingFolder&) = delete;
    StagingFolder& operator=(const StagingFolder&) = delete;

    /// Writes `contents` to dir/relative (creating its folders), without a flush; InputError
    /// naming the file when it cannot.
    void write(const std::filesystem::path& relative, std::string_view contents);
    /// Flushes every file and folder, then renames the folder to `target` (replacing one that
    /// exists) and flushes target's parent; InputError when a flush or the rename fails (the
    /// staging folder stays until destruction, the target is unchanged).
    void commit(const std::filesystem::path& target);

    const std::filesystem::path& path() const { return m_dir; }

private:
    std::filesystem::path m_dir;
    std::vector<std::filesystem::path> m_files;   ///< written, in order
    std::vector<std::filesystem::path> m_folders; ///< m_dir first, then each one created
    bool m_committed = false;
};

} // namespace meridian::sweep
