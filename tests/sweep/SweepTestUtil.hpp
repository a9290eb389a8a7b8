#pragma once
// Helpers of the sweep tests: the tiny topology, whole files, sweep.csv by column name.

#include "TestMain.hpp"

#include <QFile>
#include <QString>
#include <QStringList>
#include <cstdlib>
#include <map>
#include <vector>

namespace meridian::test {

inline QString tinyTopo()
{
    return dataPath(QStringLiteral("sweep/tiny.topo"));
}

inline QByteArray readAll(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return QByteArray("<missing ") + path.toUtf8() + ">";
    return f.readAll();
}

/// sweep.csv: a header row, then one row per point (RFC 4180 quoting).
struct CsvTable
{
    std::map<QString, int> column;
    std::vector<QStringList> rows;

    QString cell(std::size_t row, const QString& name) const
    {
        const auto it = column.find(name);
        if (it == column.end() || row >= rows.size())
            return QStringLiteral("<no %1>").arg(name);
        return rows[row].value(it->second);
    }
    /// The cell as the double it was written from (shortest round-trip text).
    double number(std::size_t row, const QString& name) const
    {
        return std::strtod(cell(row, name).toStdString().c_str(), nullptr);
    }
};

inline QStringList parseCsvLine(const QString& line)
{
    QStringList cells;
    QString cell;
    bool quoted = false;
    for (int i = 0; i < line.size(); ++i) {
        const QChar c = line[i];
        if (quoted) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
                cell += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                cell += c;
            }
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            cells << cell;
            cell.clear();
        } else {
            cell += c;
        }
    }
    cells << cell;
    return cells;
}

inline CsvTable readCsv(const QString& path)
{
    CsvTable t;
    const QStringList lines = QString::fromUtf8(readAll(path)).split('\n', Qt::SkipEmptyParts);
    if (lines.isEmpty())
        return t;
    const QStringList header = parseCsvLine(lines[0]);
    for (int c = 0; c < header.size(); ++c)
        t.column[header[c]] = c;
    for (int r = 1; r < lines.size(); ++r)
        t.rows.push_back(parseCsvLine(lines[r]));
    return t;
}

} // namespace meridian::test
