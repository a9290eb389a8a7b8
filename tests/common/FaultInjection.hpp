#pragma once
// Fault injection shared by the tests of "a failed write loses nothing": a full disk without
// a full disk, and a folder nobody may write in, for root too.
//
// FileSizeLimit lowers RLIMIT_FSIZE for its lifetime, with SIGXFSZ ignored: every write()
// that would grow a file past the limit fails with EFBIG exactly where a full disk fails with
// ENOSPC (partway through the data), and nothing else changes. It works unprivileged and in
// any file system, unlike a small tmpfs or /dev/full (a device, not a folder to save into).
#include <QString>
#include <QTemporaryDir>
#include <csignal>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

namespace meridian::test {

class FileSizeLimit
{
public:
    explicit FileSizeLimit(rlim_t maxBytes)
    {
        ::getrlimit(RLIMIT_FSIZE, &m_saved);
        m_previousHandler = std::signal(SIGXFSZ, SIG_IGN);
        rlimit lowered = m_saved;
        lowered.rlim_cur = maxBytes;
        ::setrlimit(RLIMIT_FSIZE, &lowered);
    }
    ~FileSizeLimit()
    {
        ::setrlimit(RLIMIT_FSIZE, &m_saved);
        std::signal(SIGXFSZ, m_previousHandler);
    }
    FileSizeLimit(const FileSizeLimit&) = delete;
    FileSizeLimit& operator=(const FileSizeLimit&) = delete;

private:
    rlimit m_saved{};
    void (*m_previousHandler)(int) = SIG_DFL;
};

/// A folder in which creating a file fails with EACCES: `dir` made read-only (0555) for a
/// normal user; for root, who writes anyway, /sys (sysfs creates no regular files).
/// Restores the permissions of `dir` on destruction.
class ReadOnlyFolder
{
public:
    explicit ReadOnlyFolder(const QString& dir) : m_dir(dir)
    {
        if (::geteuid() == 0)
            m_path = QStringLiteral("/sys");
        else {
            ::chmod(dir.toLocal8Bit().constData(), 0555);
            m_path = dir;
        }
    }
    ~ReadOnlyFolder() { ::chmod(m_dir.toLocal8Bit().constData(), 0755); }
    ReadOnlyFolder(const ReadOnlyFolder&) = delete;
    ReadOnlyFolder& operator=(const ReadOnlyFolder&) = delete;

    QString path() const { return m_path; }

private:
    QString m_dir;
    QString m_path;
};

} // namespace meridian::test
