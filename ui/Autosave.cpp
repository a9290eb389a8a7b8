#include "ui/Autosave.hpp"

#include "meridian/core/Error.hpp"
#include "ui/Document.hpp"

#include <QDir>
#include <QFile>
#include <QSaveFile>
#include <QStandardPaths>
#include <QTimer>

namespace meridian::ui {

Autosave::Autosave(Document* doc, QObject* parent) : QObject(parent), m_doc(doc)
{
    m_timer = new QTimer(this);
    m_timer->setInterval(60 * 1000);
    connect(m_timer, &QTimer::timeout, this, &Autosave::writeNow);
    m_timer->start();
    // A clean state (saved, or everything undone back to the saved file) needs no recovery.
    connect(doc, &Document::modifiedChanged, this, [](bool modified) {
        if (!modified)
            discard();
    });
}

QString Autosave::recoveryDir()
{
    const QByteArray env = qgetenv("MERIDIAN_RECOVERY_DIR");
    if (!env.isEmpty())
        return QString::fromLocal8Bit(env);
    return QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation);
}

QString Autosave::recoveryFile()
{
    return recoveryDir() + QStringLiteral("/recovery.topo");
}

static QString originalPathFile()
{
    return Autosave::recoveryDir() + QStringLiteral("/recovery.path");
}

QString Autosave::recoveredOriginalPath()
{
    QFile f(originalPathFile());
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readAll()).trimmed();
}

bool Autosave::hasRecovery()
{
    return QFile::exists(recoveryFile());
}

bool Autosave::restoreInto(Document& doc, QString* error)
{
    if (!hasRecovery()) {
        if (error)
            *error = tr("There is no recovery file.");
        return false;
    }
    try {
        io::Project project = io::readProject(recoveryFile().toStdString());
        doc.adopt(std::move(project), recoveredOriginalPath(), true);
        return true;
    } catch (const std::exception& e) {
        if (error)
            *error = QString::fromUtf8(e.what());
        return false;
    }
}

void Autosave::discard()
{
    QFile::remove(recoveryFile());
    QFile::remove(originalPathFile());
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
    const QByteArray text = m_doc->serialized().toUtf8();
    QSaveFile file(recoveryFile());
    if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size() || !file.commit())
        return false;
    QSaveFile path(originalPathFile());
    if (path.open(QIODevice::WriteOnly)) {
        path.write(m_doc->filePath().toUtf8());
        path.commit();
    }
    return true;
}

} // namespace meridian::ui
