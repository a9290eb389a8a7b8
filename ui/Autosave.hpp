#pragma once
// Crash recovery: while the document has unsaved changes, its text is written every
// `interval` (60 s by default) to a recovery file, in $MERIDIAN_RECOVERY_DIR if set (tests)
// or else QStandardPaths::AppLocalDataLocation. The file is removed after a clean save or
// close; at start-up a leftover file means the last session ended without saving and can be
// restored (restoreInto() needs no dialog, so tests can drive it).

#include <QObject>
#include <QString>

class QTimer;

namespace meridian::ui {

class Document;

class Autosave : public QObject
{
    Q_OBJECT
public:
    explicit Autosave(Document* doc, QObject* parent = nullptr);

    static QString recoveryDir();
    static QString recoveryFile();
    /// The file the recovered document was saved as before ("" for an untitled one).
    static QString recoveredOriginalPath();
    static bool hasRecovery();
    /// Loads the recovery file into `doc` (marked modified, path = original). Returns false
    /// and leaves `doc` untouched if the recovery file is missing or unreadable; `error`
    /// then says why.
    static bool restoreInto(Document& doc, QString* error = nullptr);
    /// Deletes the recovery file (after a clean save/close, or when the user declines).
    static void discard();

    void setIntervalMs(int ms);
    int intervalMs() const;

public Q_SLOTS:
    /// Writes the recovery file now if the document is modified.
    bool writeNow();

private:
    Document* m_doc = nullptr;
    QTimer* m_timer = nullptr;
};

} // namespace meridian::ui
