#include "ui/report/ReportSweep.hpp"

#include "meridian/core/Error.hpp"
#include "meridian/io/ProjectFile.hpp"
#include "ui/charts/QCustomPlot.hpp"
#include "ui/report/ReportPrint.hpp"
#include "ui/sweep/SweepPlots.hpp"

#include <QBuffer>
#include <QCoreApplication>
#include <QPdfWriter>
#include <QTextDocument>
#include <QUrl>
#include <algorithm>
#include <filesystem>
#include <functional>

namespace meridian::ui::report {

namespace {

/// The sweep report's own style: the run report's (Report.cpp), trimmed to what it uses.
const char* kSweepReportCss = R"(
body { font-family: "DejaVu Sans", "Helvetica Neue", Arial, sans-serif; font-size: 14px;
       color: #222; max-width: 1100px; margin: 24px auto; padding: 0 16px; line-height: 1.4; }
h1 { font-size: 26px; margin-bottom: 4px; }
h2 { font-size: 20px; border-bottom: 2px solid #4477AA; padding-bottom: 3px; margin-top: 32px; }
p.meta { color: #555; margin-top: 0; }
table.data { border-collapse: collapse; margin: 8px 0 12px 0; font-size: 12px; }
table.data th { background: #eef2f7; border: 1px solid #b8c2cc; padding: 2px 6px; }
table.data td { border: 1px solid #d0d6dc; padding: 2px 6px; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
div.figure img { max-width: 100%; height: auto; border: 1px solid #e3e3e3; }
)";

/// The table's columns the report shows: the axes, status, then the headline figures present.
std::vector<std::string> sweepReportColumns(const sweep::Table& table, const sweep::SweepSpec& spec)
{
    std::vector<std::string> cols;
    for (const auto& a : spec.axes)
        cols.push_back(a.path);
    for (const char* c : {"status", "iteration_s", "inter_center_s", "gpu_effective_compute_ratio",
                          "mean_s", "busbw_gbps", "total_s", "error"})
        if (std::find(table.columns.begin(), table.columns.end(), c) != table.columns.end())
            cols.emplace_back(c);
    return cols;
}

QString sweepEsc(const std::string& s)
{
    return QString::fromStdString(s).toHtmlEscaped();
}

QString sweepCell(const nlohmann::ordered_json& v)
{
    if (v.is_number_float())
        return QString::number(v.get<double>(), 'g', 5);
    return sweepEsc(v.is_string() ? v.get<std::string>() : v.dump());
}

struct SweepFigure
{
    QString name;
    QString caption;
    QImage image;
};

std::vector<SweepFigure> sweepFigures(const sweep::Table& table, const sweep::SweepSpec& spec)
{
    std::vector<std::string> metrics = {defaultSweepMetric(table)};
    if (std::find(table.columns.begin(), table.columns.end(), "iteration_s") !=
            table.columns.end() &&
        metrics.front() != "iteration_s")
        metrics.emplace_back("iteration_s");
    std::vector<SweepFigure> out;
    for (const std::string& m : metrics) {
        QCustomPlot plot;
        const QSize size = sweepPlotSize(spec);
        plot.resize(size);
        drawSweepPlot(&plot, table, spec, m, sweepMetricLabel(m));
        QImage image(size, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::white);
        {
            QCPPainter painter(&image);
            painter.setRenderHint(QPainter::Antialiasing);
            plot.toPainter(&painter, size.width(), size.height());
        }
        out.push_back({QString::fromStdString("plot-" + m), sweepMetricLabel(m), image});
    }
    return out;
}

QString sweepBody(const sweep::Table& table, const sweep::SweepSpec& spec,
                  const QString& topologyName, const std::vector<SweepFigure>& figures,
                  const std::function<QString(const SweepFigure&)>& ref, bool forPrint)
{
    std::size_t failed = 0;
    for (const auto& r : table.rows)
        failed += r.value("status", "") == "ok" ? 0 : 1;
    QString h = QStringLiteral("<h1>%1</h1>")
                    .arg(QCoreApplication::translate("ReportSweep", "Sweep of %1")
                             .arg(topologyName.toHtmlEscaped()));
    h += QStringLiteral("<p class=\"meta\">%1</p>")
             .arg(QCoreApplication::translate("ReportSweep", "%1 points: %2 ok, %3 failed; %4; %5")
                      .arg(table.rows.size())
                      .arg(table.rows.size() - failed)
                      .arg(failed)
                      .arg(spec.zip ? QCoreApplication::translate("ReportSweep",
                                                                  "axes varied together (zip)")
                                    : QCoreApplication::translate("ReportSweep",
                                                                  "every combination of the axes"))
                      .arg(spec.common_seed
                               ? QCoreApplication::translate("ReportSweep",
                                                             "every point with the base seed")
                               : QCoreApplication::translate(
                                     "ReportSweep", "a seed per point derived from its values")));
    h += QStringLiteral("<h2>%1</h2><table class=\"data\" cellpadding=\"3\"><thead><tr><th>%2</th>"
                        "<th>%3</th><th>%4</th></tr></thead><tbody>")
             .arg(QCoreApplication::translate("ReportSweep", "Axes"),
                  QCoreApplication::translate("ReportSweep", "path"),
                  QCoreApplication::translate("ReportSweep", "values"),
                  QCoreApplication::translate("ReportSweep", "count"));
    for (const auto& a : spec.axes) {
        QStringList values;
        for (std::size_t i = 0; i < a.values.size(); ++i)
            values << sweepEsc(a.label(i));
        h += QStringLiteral("<tr><td>%1</td><td>%2</td><td class=\"num\">%3</td></tr>")
                 .arg(sweepEsc(a.path), values.join(QStringLiteral(", ")))
                 .arg(a.values.size());
    }
    h += QStringLiteral("</tbody></table>");
    const QString pageBreak =
        forPrint ? QStringLiteral(" style=\"page-break-before: always\"") : QString();
    h += QStringLiteral("<h2%1>%2</h2>")
             .arg(pageBreak, QCoreApplication::translate("ReportSweep", "Plots"));
    const int width = forPrint ? 640 : 1000;
    for (const SweepFigure& f : figures)
        h += QStringLiteral("<div class=\"figure\"><p>%1</p><img src=\"%2\" width=\"%3\"></div>")
                 .arg(f.caption.toHtmlEscaped(), ref(f))
                 .arg(width);
    const std::vector<std::string> cols = sweepReportColumns(table, spec);
    h += QStringLiteral("<h2%1>%2</h2><p class=\"meta\">%3</p>")
             .arg(pageBreak, QCoreApplication::translate("ReportSweep", "Table"),
                  QCoreApplication::translate(
                      "ReportSweep",
                      "Every column of every point is in sweep.csv and sweep.json; the points' "
                      "full results in points/."));
    h += QStringLiteral("<table class=\"data\" cellpadding=\"3\"><thead><tr>");
    for (const std::string& c : cols)
        h += QStringLiteral("<th>%1</th>")
                 .arg(c == "gpu_effective_compute_ratio" ? sweepMetricLabel(c).toHtmlEscaped()
                                                         : sweepEsc(c));
    h += QStringLiteral("</tr></thead><tbody>");
    for (const auto& row : table.rows) {
        h += QStringLiteral("<tr>");
        for (const std::string& c : cols) {
            const auto it = row.find(c);
            QString text;
            if (it != row.end())
                text = c == "gpu_effective_compute_ratio" && it->is_number()
                           ? QString::number(it->get<double>() * 100.0, 'g', 4)
                           : sweepCell(*it);
            h += QStringLiteral("<td%1>%2</td>")
                     .arg(it != row.end() && it->is_number() ? QStringLiteral(" class=\"num\"")
                                                             : QString(),
                          text);
        }
        h += QStringLiteral("</tr>");
    }
    h += QStringLiteral("</tbody></table>");
    return h;
}

} // namespace

QString sweepReportHtml(const sweep::Table& table, const sweep::SweepSpec& spec,
                        const QString& topologyName)
{
    const auto figures = sweepFigures(table, spec);
    auto dataUri = [](const SweepFigure& f) {
        QByteArray png;
        QBuffer buf(&png);
        buf.open(QIODevice::WriteOnly);
        f.image.save(&buf, "PNG");
        return QStringLiteral("data:image/png;base64,") + QString::fromLatin1(png.toBase64());
    };
    return QStringLiteral("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                          "<meta name=\"generator\" content=\"Meridian\"><title>%1</title>"
                          "<style>%2</style></head><body>\n")
               .arg(topologyName.toHtmlEscaped(), QString::fromUtf8(kSweepReportCss)) +
           sweepBody(table, spec, topologyName, figures, dataUri, false) +
           QStringLiteral("\n</body></html>\n");
}

void writeSweepHtmlReport(const sweep::Table& table, const sweep::SweepSpec& spec,
                          const QString& topologyName, const QString& path)
{
    writeReportBytes(path, sweepReportHtml(table, spec, topologyName).toUtf8());
}

void writeSweepPdfReport(const sweep::Table& table, const sweep::SweepSpec& spec,
                         const QString& topologyName, const QString& path)
{
    const auto figures = sweepFigures(table, spec);
    QTextDocument doc;
    doc.setDefaultFont(QFont(QStringLiteral("DejaVu Sans"), 8));
    for (const SweepFigure& f : figures)
        doc.addResource(QTextDocument::ImageResource, QUrl(QStringLiteral("meridian:") + f.name),
                        f.image);
    doc.setMetaInformation(QTextDocument::DocumentTitle, topologyName);
    doc.setHtml(QStringLiteral("<html><body>") +
                sweepBody(
                    table, spec, topologyName, figures,
                    [](const SweepFigure& f) { return QStringLiteral("meridian:") + f.name; },
                    true) +
                QStringLiteral("</body></html>"));
    writeReportPdf(doc, topologyName, path, false);
}

} // namespace meridian::ui::report
