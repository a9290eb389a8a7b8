#pragma once
// A folder of files built under a staging name and made durable once, then renamed into place
// (docs/sweeps.md, "Resuming"): a sweep point's folder.
//
// io::writeFileAtomically flushes each file and then its folder to disk: on ext4 every fsync
// that finds new metadata commits the journal, so a point of seven or eight files paid about
// sixteen journal commits, as much time as its simulation on the default preset. Here
//   write():  each file is written plainly and its write-back started at once
//             (sync_file_range, no wait), so every block is allocated in the journal's
//             running transaction;
//   commit(): fsync every file, then every folder of the staging tree: the first fsync commits
//             that one transaction, the others find their data already on disk; then rename
//             the staging folder to the target (a stale target is moved aside and removed
//             first) and fsync the target's parent, so the rename itself is durable.
// The target therefore appears only complete and on disk: a crash, SIGKILL or error before the
// rename leaves the staging folder (which the destructor removes when it can), never a half-
// written target. The files are the bytes given, the same as writeFileAtomically writes.

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
