#include "ui/Autosave.hpp"

#include "meridian/core/Error.hpp"
#include "meridian/io/ProjectFile.hpp"
#include "ui/Document.hpp"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QStandardPaths>
#include <QTimer>
#include <algorithm>
#include <atomic>

namespace meridian::ui {

namespace {
std::atomic<int> g_instanceCounter{0};

/// "<dir>/recovery-123-0.topo" → "<dir>/recovery-123-0" (also the legacy "recovery.topo").
QString stemOf(const QString& recoveryFile)
{
    return recoveryFile.endsWith(QLatin1String(".topo")) ? recoveryFile.chopped(5) : recoveryFile;
}

QString lockOf(const QString& recoveryFile)
{
    return stemOf(recoveryFile) + QStringLiteral(".lock");
}

QString pathFileOf(const QString& recoveryFile)
{
    return stemOf(recoveryFile) + QStringLiteral(".path");
}

/// A lock probe that never treats a lock as stale by age, only by a dead owner process.
std::unique_ptr<QLockFile> claim(const QString& recoveryFile)
{
    auto lock = std::make_unique<QLockFile>(lockOf(recoveryFile));
    lock->setStaleLockTime(0);
    if (!lock->tryLock(0))
        return nullptr;
    return lock;
}

void removeFiles(const QString& recoveryFile)
{
    QFile::remove(recoveryFile);
    QFile::remove(pathFileOf(recoveryFile));
}
} // namespace

Autosave::Autosave(Document* doc, QObject* parent) : QObject(parent), m_doc(doc)
{
    const QString dir = recoveryDir();
    m_stem = dir + QStringLiteral("/recovery-%1-%2")
                       .arg(QCoreApplication::applicationPid())
                       .arg(g_instanceCounter.fetch_add(1));
    // Held while this instance lives: marks its recovery file as not orphaned.
    if (QDir().mkpath(dir)) {
        m_lock = std::make_unique<QLockFile>(m_stem + QStringLiteral(".lock"));
        m_lock->setStaleLockTime(0);
        if (!m_lock->tryLock(0))
            m_lock.reset();
    }
    m_timer = new QTimer(this);
    m_timer->setInterval(60 * 1000);
    connect(m_timer, &QTimer::timeout, this, &Autosave::writeNow);
    m_timer->start();
    // A clean state (saved, or everything undone back to the saved file) needs no recovery.
    connect(doc, &Document::modifiedChanged, this, [this](bool modified) {
        if (!modified)
            discardOwn();
    });
}

// The recovery file stays when the object goes away without discardOwn(): that is what a
// crash leaves behind. Only the lock is released (by ~QLockFile).
Autosave::~Autosave() = default;

QString Autosave::recoveryDir()
{
    const QByteArray env = qgetenv("MERIDIAN_RECOVERY_DIR");
    if (!env.isEmpty())
        return QString::fromLocal8Bit(env);
    return QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation);
}

QString Autosave::recoveryFile() const
{
    return m_stem + QStringLiteral(".topo");
}

static QFileInfoList recoveryFiles()
{
    return QDir(Autosave::recoveryDir())
        .entryInfoList({QStringLiteral("recovery*.topo")}, QDir::Files, QDir::Time);
}

bool Autosave::hasRecovery()
{
    return !recoveryFiles().isEmpty();
}

QStringList Autosave::orphanedRecoveries()
{
    QStringList out;
    for (const QFileInfo& f : recoveryFiles()) // newest first
        if (claim(f.absoluteFilePath()))       // released at once: only a probe
            out << f.absoluteFilePath();
    return out;
}

QString Autosave::originalPathOf(const QString& recoveryFile)
{
    QFile f(pathFileOf(recoveryFile));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readAll()).trimmed();
}

bool Autosave::restore(const QString& file, QString* error)
{
    if (!QFile::exists(file)) {
        if (error)
            *error = tr("There is no recovery file %1.").arg(file);
        return false;
    }
    const auto held = claim(file); // keeps a second instance from restoring it too
    if (!held) {
        if (error)
            *error = tr("The recovery file %1 belongs to a running Meridian window.").arg(file);
        return false;
    }
    try {
        io::Project project = io::readProject(file.toStdString());
        const QString original = originalPathOf(file);
        m_doc->adopt(std::move(project), original, true);
    } catch (const std::exception& e) {
        if (error)
            *error = QString::fromUtf8(e.what());
        return false;
    }
    // The drawing now lives in this instance: protect it under our own name first, then
    // drop the orphan.
    writeNow();
    removeFiles(file);
    return true;
}

void Autosave::discardRecovery(const QString& file)
{
    if (const auto held = claim(file))
        removeFiles(file);
}

void Autosave::discard()
{
    for (const QString& f : orphanedRecoveries())
        discardRecovery(f);
}

void Autosave::discardOwn()
{
    removeFiles(recoveryFile());
}

void Autosave::setIntervalMs(int ms)
{
    m_timer->start(ms);
}

int Autosave::intervalMs() const
{
    return m_timer->interval();
}

bool Autosave::writeNow()
{
    if (!m_doc->isModified())
        return false;
    if (!QDir().mkpath(recoveryDir()))
        return false;
    // The path first: a recovery file is never without its original name. Each file is
    // replaced atomically and only when complete (not QSaveFile, which committed truncated
    // text under a full disk), so a failed autosave keeps the previous recovery file.
    try {
        io::writeFileAtomically(pathFileOf(recoveryFile()).toStdString(),
                                m_doc->filePath().toStdString());
        io::writeFileAtomically(recoveryFile().toStdString(),
                                io::serializeProject(m_doc->project()));
    } catch (const InputError&) {
        return false;
    }
    return true;
}

} // namespace meridian::ui
