#include "ui/report/ReportPrint.hpp"

#include "meridian/core/Error.hpp"
#include "meridian/io/ProjectFile.hpp"

#include <QAbstractTextDocumentLayout>
#include <QBuffer>
#include <QPdfWriter>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextFrame>
#include <filesystem>
#include <string_view>

namespace meridian::ui::report {

namespace {

// A heading left alone at the bottom of a page: QTextDocument has no "keep with next", so lay
// the document out as QTextDocument::print() will (the printer as paint device, its page size,
// a 2 cm root-frame margin) and start a page before every run of headings whose following
// block begins on a later page. Then drop the page size again so print() paginates its own
// copy (with page numbers) as before.
void keepHeadingsOnTheirPage(QTextDocument& doc, QPdfWriter& pdf)
{
    QAbstractTextDocumentLayout* layout = doc.documentLayout();
    layout->setPaintDevice(&pdf);
    QTextFrameFormat frame = doc.rootFrame()->frameFormat();
    const QTextFrameFormat original = frame;
    frame.setMargin(2.0 / 2.54 * pdf.logicalDpiY()); // as QTextDocument::print()
    doc.rootFrame()->setFrameFormat(frame);
    doc.setPageSize(QSizeF(pdf.width(), pdf.height()));
    const qreal pageHeight = doc.pageSize().height();
    auto page = [&](const QTextBlock& b) {
        return static_cast<int>(layout->blockBoundingRect(b).top() / pageHeight);
    };
    auto isHeading = [](const QTextBlock& b) { return b.blockFormat().headingLevel() > 0; };
    for (QTextBlock b = doc.begin(); b.isValid(); b = b.next()) {
        if (!isHeading(b) || (b.previous().isValid() && isHeading(b.previous())))
            continue; // not the first heading of a run
        QTextBlock next = b.next();
        while (next.isValid() && isHeading(next))
            next = next.next();
        if (!next.isValid() || page(next) == page(b) ||
            b.blockFormat().pageBreakPolicy() & QTextFormat::PageBreak_AlwaysBefore)
            continue;
        QTextBlockFormat format;
        format.setPageBreakPolicy(QTextFormat::PageBreak_AlwaysBefore);
        QTextCursor(b).mergeBlockFormat(format); // the layout updates before the next check
    }
    doc.rootFrame()->setFrameFormat(original);
    doc.setPageSize(QSizeF());
    layout->setPaintDevice(nullptr);
}

} // namespace

void writeReportBytes(const QString& path, const QByteArray& bytes)
{
    // io::writeFileAtomically throws InputError naming the file and the reason, and removes
    // its temporary on failure.
    io::writeFileAtomically(std::filesystem::path(path.toStdString()),
                            std::string_view(bytes.constData(), std::size_t(bytes.size())));
}

void writeReportPdf(QTextDocument& doc, const QString& title, const QString& path,
                    bool keepHeadingsWithNext)
{
    QByteArray bytes;
    {
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::WriteOnly);
        QPdfWriter pdf(&buffer);
        pdf.setCreator(QStringLiteral("Meridian"));
        pdf.setTitle(title);
        pdf.setResolution(300);
        pdf.setPageSize(QPageSize(QPageSize::A4));
        // QTextDocument::print() adds a 2 cm margin of its own on every side (and the page
        // number in the bottom one): the printer's margins stay small.
        pdf.setPageMargins(QMarginsF(0, 2, 0, 2), QPageLayout::Millimeter);
        if (keepHeadingsWithNext)
            keepHeadingsOnTheirPage(doc, pdf);
        doc.print(&pdf);
    }
    if (!bytes.startsWith("%PDF"))
        throw InputError(path.toStdString(), "", "the PDF writer produced no document");
    writeReportBytes(path, bytes);
}

} // namespace meridian::ui::report
