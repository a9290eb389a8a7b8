#pragma once
// Writing a report's file, shared by the run report (Report.cpp) and the sweep report
// (ReportSweep.cpp): atomic writes, and a laid-out QTextDocument printed to an A4 PDF.

#include <QByteArray>
#include <QString>

class QTextDocument;

namespace meridian::ui::report {

/// Writes `bytes` to `path` atomically (io::writeFileAtomically): InputError naming the file
/// and the reason when it cannot, and no temporary left behind.
void writeReportBytes(const QString& path, const QByteArray& bytes);

/// Prints `doc` to an A4 PDF titled `title` (300 dpi, QTextDocument::print()'s own 2 cm margin
/// and page numbers) and writes it to `path` atomically; with `keepHeadingsWithNext`, a
/// heading never stays alone at the bottom of a page. InputError if no PDF came out.
void writeReportPdf(QTextDocument& doc, const QString& title, const QString& path,
                    bool keepHeadingsWithNext);

} // namespace meridian::ui::report
