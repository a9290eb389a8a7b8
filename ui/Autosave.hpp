#pragma once
// Crash recovery: while the document has unsaved changes, its text is written every
// `interval` (60 s by default) to this instance's recovery file, in $MERIDIAN_RECOVERY_DIR if
// set (tests) or else QStandardPaths::AppLocalDataLocation.
//
// Every Autosave (one per window) has its own files, named by the process id and a
// per-process counter: recovery-<pid>-<n>.topo (the drawing), .path (the file it was saved
// as, if any) and .lock, a QLockFile held for the lifetime of the Autosave. Two windows or
// two running Meridians therefore never overwrite each other's recovery, and a recovery
// file whose lock is held by a live instance is never offered to another one. When an
// instance dies without a clean close its lock goes away (or becomes stale: the recorded
// process is gone), and the next start offers its recovery file (orphanedRecoveries()).
// Restoring one moves it into the restoring instance: its own recovery file is written at
// once and the orphan is deleted. A clean save or close removes the instance's own files.

#include <QObject>
#include <QString>
#include <QStringList>
#include <memory>

class QLockFile;
class QTimer;

namespace meridian::ui {

class Document;

class Autosave : public QObject
{
    Q_OBJECT
public:
    explicit Autosave(Document* doc, QObject* parent = nullptr);
    ~Autosave() override;

    static QString recoveryDir();
    /// This instance's recovery file (it exists only while there are unsaved changes).
    QString recoveryFile() const;
    /// Whether any recovery file exists in the directory (of this or any other instance,
    /// running or not).
    static bool hasRecovery();
    /// Recovery files whose instance is no longer running (no lock, or a stale one), newest
    /// first. Files of running instances, including this process's windows, are left out.
    static QStringList orphanedRecoveries();
    /// The file the drawing in `recoveryFile` was saved as before ("" for an untitled one).
    static QString originalPathOf(const QString& recoveryFile);
    /// Loads an orphaned recovery file into this instance's document (marked modified,
    /// path = original), writes this instance's own recovery file and deletes the orphan.
    /// Returns false and leaves the document untouched if the file is missing, unreadable
    /// or being restored by another instance; `error` then says why.
    bool restore(const QString& recoveryFile, QString* error = nullptr);
    /// Deletes one orphaned recovery file (the user declined it). Does nothing if a running
    /// instance holds it.
    static void discardRecovery(const QString& recoveryFile);
    /// Deletes every orphaned recovery file; running instances' files are kept.
    static void discard();
    /// Deletes this instance's recovery file (after a clean save/close or new document).
    void discardOwn();

    void setIntervalMs(int ms);
    int intervalMs() const;

public Q_SLOTS:
    /// Writes the recovery file now if the document is modified.
    bool writeNow();

private:
    Document* m_doc = nullptr;
    QTimer* m_timer = nullptr;
    QString m_stem; ///< <dir>/recovery-<pid>-<n>
    std::unique_ptr<QLockFile> m_lock;
};

} // namespace meridian::ui
