#include "ui/RecentFiles.hpp"

#include <QDir>
#include <QFileInfo>

namespace meridian::ui {

QString RecentFiles::normalised(const QString& path)
{
    const QFileInfo info(path);
    const QString canonical = info.canonicalFilePath();
    return canonical.isEmpty() ? QDir::cleanPath(info.absoluteFilePath()) : canonical;
}

QStringList RecentFiles::distinct(const QStringList& files)
{
    QStringList out;
    for (const QString& f : files) {
        const QString n = normalised(f);
        if (!n.isEmpty() && !out.contains(n))
            out << n;
    }
    return out;
}

QStringList RecentFiles::added(const QStringList& files, const QString& path)
{
    QStringList out = distinct(QStringList{path} + files);
    while (out.size() > kMax)
        out.removeLast();
    return out;
}

QStringList RecentFiles::labels(const QStringList& files)
{
    QStringList out;
    for (const QString& f : files) {
        const QFileInfo info(f);
        bool shared = false;
        bool sameFolderName = false;
        for (const QString& g : files) {
            if (g == f || QFileInfo(g).fileName() != info.fileName())
                continue;
            shared = true;
            sameFolderName = sameFolderName || QFileInfo(QFileInfo(g).path()).fileName() ==
                                                   QFileInfo(info.path()).fileName();
        }
        if (!shared)
            out << info.fileName();
        else // the parent folder tells them apart, else the whole folder path
            out << info.fileName() + QStringLiteral(" — ") +
                       QDir::toNativeSeparators(sameFolderName ? info.path()
                                                               : QFileInfo(info.path()).fileName());
    }
    return out;
}

} // namespace meridian::ui
