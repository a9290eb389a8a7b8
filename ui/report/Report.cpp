// The run report (Report.hpp): its sections — title, summary, inputs, results — and the HTML
// and PDF writers. The building blocks of its HTML are ReportHtml's, its pictures
// ReportFigures', the inputs section ReportInputs', the control plane's tables
// ReportControlPlane's, the background traffic's ReportTraffic's.
#include "ui/report/Report.hpp"

#include "meridian/core/Error.hpp"
#include "meridian/experiment/ExperimentSpec.hpp"
#include "ui/charts/ChartStyle.hpp"
#include "ui/report/ReportFigures.hpp"
#include "ui/report/ReportHtml.hpp"
#include "ui/report/ReportInputs.hpp"
#include "ui/report/ReportPrint.hpp"
#include "ui/report/ReportTraffic.hpp"

#include <QCoreApplication>
#include <QFileInfo>
#include <QFont>
#include <QTemporaryFile>
#include <QTextDocument>
#include <QUrl>
#include <algorithm>
#include <map>
#include <optional>
#include <tuple>
#include <vector>

namespace meridian::ui::report {

namespace {

/// The project's experiment settings; none when it has none or they do not parse (the
/// settings tables are then left out; the results still describe the run).
std::optional<experiment::ExperimentSpec> experimentSpec(const io::Project& project,
                                                         const QString& topologyName)
{
    try {
        if (!project.experiment.is_null())
            return experiment::parseExperiment(project.experiment, project.topology,
                                               topologyName.toStdString());
    } catch (const std::exception&) {
    }
    return std::nullopt;
}

// ---- title and summary ----------------------------------------------------------------------

QString titleSection(const io::Project& project, const experiment::Results& results,
                     const QString& topologyName)
{
    const QString title = project.name.empty() ? topologyName.toHtmlEscaped() : esc(project.name);
    QString h = QStringLiteral("<h1>%1</h1>").arg(title);
    h += QStringLiteral("<p class=\"meta\">%1</p>")
             .arg(QCoreApplication::translate(
                      "Report", "Meridian simulation report — %1, %2 experiment, seed %3, "
                                "%4 of simulated time.")
                      .arg(topologyName.toHtmlEscaped(), esc(results.kind))
                      .arg(results.seed)
                      .arg(dur(results.total_s)));
    return h;
}

/// Summary rows of a training run: model, iterations and their means, centres and GPUs.
void appendTrainingSummary(KeyValues& summary, const experiment::Results& results)
{
    double sum = 0.0;
    for (const auto& it : results.iterations)
        sum += it.total_s;
    const double n = double(results.iterations.size());
    summary.append({QCoreApplication::translate("Report", "model"),
                    QStringLiteral("%1 (%2 parameters, %3 on the wire)")
                        .arg(esc(results.model))
                        .arg(withUnit(num(results.model_parameters / 1e9), "B"))
                        .arg(bytesText(results.model_bytes))});
    summary.append({QCoreApplication::translate("Report", "iterations"),
                    QString::number(results.iterations.size())});
    summary.append({QCoreApplication::translate("Report", "mean iteration time"), dur(sum / n)});
    summary.append({QCoreApplication::translate("Report", "GPU effective compute"),
                    pct(experiment::runGpuEffectiveCompute(results.iterations))});
    if (results.tensor_parallel.enabled) {
        double slowest_s = 0.0; // the centre whose TP all-reduces take longest per iteration
        for (const auto& c : results.tensor_parallel.centers)
            slowest_s = std::max(slowest_s, c.communication_s);
        summary.append({QCoreApplication::translate("Report", "tensor parallel"),
                        QCoreApplication::translate(
                            "Report", "%1 GPUs per group; NVLink all-reduces %2 per iteration "
                                      "(slowest centre, exposed)")
                            .arg(results.tensor_parallel.tensor)
                            .arg(dur(slowest_s))});
    }
    int gpus = 0;
    for (const auto& c : results.centers)
        gpus += c.gpus;
    summary.append({QCoreApplication::translate("Report", "centres / GPUs"),
                    QStringLiteral("%1 / %2").arg(results.centers.size()).arg(gpus)});
}

/// Summary rows of a micro-benchmark: the operation, message size and bandwidths.
void appendCollectiveSummary(KeyValues& summary, const experiment::CollectiveResult& c)
{
    summary.append({QCoreApplication::translate("Report", "operation"),
                    QStringLiteral("%1 (%2, %3), %4 ranks")
                        .arg(esc(c.operation), esc(c.algorithm), esc(c.protocol))
                        .arg(c.ranks)});
    summary.append({QCoreApplication::translate("Report", "message size"), bytesText(c.bytes)});
    summary.append({QCoreApplication::translate("Report", "mean time"), dur(c.mean_s)});
    summary.append({QCoreApplication::translate("Report", "algorithm / bus bandwidth"),
                    QStringLiteral("%1 / %2 Gbit/s").arg(num(c.algbw_gbps), num(c.busbw_gbps))});
}

QPair<QString, QString> controlPlaneSummary(const experiment::ControlPlaneResult& cp)
{
    return {QCoreApplication::translate("Report", "control plane"),
            cp.stopped ? QCoreApplication::translate("Report", "%1 messages, %2 triggers fired; "
                                                               "stopped at %3")
                             .arg(cp.messages_sent)
                             .arg(cp.triggers.size())
                             .arg(dur(cp.stopped_s))
                       : QCoreApplication::translate("Report", "%1 messages, %2 triggers fired, "
                                                               "%3 failures detected")
                             .arg(cp.messages_sent)
                             .arg(cp.triggers.size())
                             .arg(cp.failures.size())};
}

QString summarySection(const experiment::Results& results)
{
    QString h = QStringLiteral("<h2>%1</h2>").arg(QCoreApplication::translate("Report", "Summary"));
    KeyValues summary;
    summary.append({QCoreApplication::translate("Report", "simulated time"), dur(results.total_s)});
    if (!results.iterations.empty())
        appendTrainingSummary(summary, results);
    if (results.has_collective)
        appendCollectiveSummary(summary, results.collective);
    if (results.control_plane.enabled)
        summary.append(controlPlaneSummary(results.control_plane));
    return h + kvTable(summary);
}

// ---- results --------------------------------------------------------------------------------

/// Per phase name (in order of first appearance): count, total, mean, max and share of the run.
QString phaseTotalsSection(const experiment::Results& results)
{
    std::vector<std::string> order;
    std::map<std::string, std::tuple<int, double, double>> agg; // count, total, max
    for (const auto& p : results.phases) {
        auto [it, fresh] = agg.try_emplace(p.name, 0, 0.0, 0.0);
        if (fresh)
            order.push_back(p.name);
        auto& [count, total, mx] = it->second;
        ++count;
        total += p.duration_s();
        mx = std::max(mx, p.duration_s());
    }
    std::vector<double> totals, means, maxima;
    for (const auto& name : order) {
        const auto& [count, total, mx] = agg[name];
        totals.push_back(total);
        means.push_back(total / count);
        maxima.push_back(mx);
    }
    const DurationColumn totalCol = DurationColumn::of(totals);
    const DurationColumn meanCol = DurationColumn::of(means);
    const DurationColumn maxCol = DurationColumn::of(maxima);
    QList<QStringList> rows;
    for (const auto& name : order) {
        const auto& [count, total, mx] = agg[name];
        rows.append({charts::phaseLabel(name).toHtmlEscaped(), QString::number(count),
                     totalCol.text(total), meanCol.text(total / count), maxCol.text(mx),
                     results.total_s > 0 ? pct(total / results.total_s) : QString()});
    }
    return h3(QCoreApplication::translate("Report", "Phases")) +
           table({QCoreApplication::translate("Report", "phase"),
                  QCoreApplication::translate("Report", "count"),
                  QCoreApplication::translate("Report", "total"),
                  QCoreApplication::translate("Report", "mean"),
                  QCoreApplication::translate("Report", "max"),
                  QCoreApplication::translate("Report", "share of run")},
                 rows, {1, 2, 3, 4, 5});
}

QString iterationsTable(const std::vector<experiment::IterationResult>& iterations)
{
    using It = experiment::IterationResult;
    const auto compute = durationColumn(iterations, [](const It& i) { return i.compute_s; });
    const auto intra = durationColumn(iterations, [](const It& i) { return i.intra_center_s; });
    const auto inter = durationColumn(iterations, [](const It& i) { return i.inter_center_s; });
    const auto update = durationColumn(iterations, [](const It& i) { return i.update_s; });
    const auto total = durationColumn(iterations, [](const It& i) { return i.total_s; });
    QList<QStringList> rows;
    for (const auto& it : iterations)
        rows.append({QString::number(it.index), compute.text(it.compute_s),
                     intra.text(it.intra_center_s), inter.text(it.inter_center_s),
                     update.text(it.update_s), total.text(it.total_s),
                     pct(it.gpu_effective_compute_ratio)});
    return h3(QCoreApplication::translate("Report", "Iterations")) +
           table({QCoreApplication::translate("Report", "iteration"),
                  QCoreApplication::translate("Report", "compute"),
                  QCoreApplication::translate("Report", "intra-centre"),
                  QCoreApplication::translate("Report", "inter-centre"),
                  QCoreApplication::translate("Report", "update"),
                  QCoreApplication::translate("Report", "total"),
                  QCoreApplication::translate("Report", "GPU eff. compute")},
                 rows, {0, 1, 2, 3, 4, 5, 6});
}

QString repetitionsTable(const experiment::CollectiveResult& c)
{
    const DurationColumn time = DurationColumn::of(c.repetitions_s);
    QList<QStringList> rows;
    for (std::size_t i = 0; i < c.repetitions_s.size(); ++i)
        rows.append({QString::number(i), time.text(c.repetitions_s[i])});
    return h3(QCoreApplication::translate("Report", "Repetitions")) +
           table({QCoreApplication::translate("Report", "repetition"),
                  QCoreApplication::translate("Report", "time")},
                 rows, {0, 1});
}

/// The iterations of a training run, or the repetitions of a micro-benchmark.
QString iterationsSection(const experiment::Results& results)
{
    if (!results.iterations.empty())
        return iterationsTable(results.iterations);
    if (results.has_collective)
        return repetitionsTable(results.collective);
    return {};
}

QString controlPlaneSection(const experiment::Results& results)
{
    if (!results.control_plane.enabled)
        return {};
    return h3(QCoreApplication::translate("Report", "Control plane")) +
           controlPlaneHtml(results.control_plane);
}

/// Per-centre compute, communication, update and idle time, and their chart.
QString centreResultsSection(const experiment::Results& results, FigureList& figure)
{
    if (results.centers.empty())
        return {};
    using C = experiment::CenterResult;
    const auto& cs = results.centers;
    const auto compute = durationColumn(cs, [](const C& c) { return c.compute_s; });
    const auto comm = durationColumn(cs, [](const C& c) { return c.communication_s; });
    const auto update = durationColumn(cs, [](const C& c) { return c.update_s; });
    const auto idle = durationColumn(cs, [](const C& c) { return c.idle_s; });
    QList<QStringList> rows;
    for (const auto& c : cs)
        rows.append({esc(c.id), QString::number(c.gpus), esc(c.gpu_model),
                     compute.text(c.compute_s), comm.text(c.communication_s),
                     update.text(c.update_s), idle.text(c.idle_s)});
    QString h = h3(QCoreApplication::translate("Report", "Centres"));
    h += table({QCoreApplication::translate("Report", "centre"),
                QCoreApplication::translate("Report", "GPUs"),
                QCoreApplication::translate("Report", "GPU model"),
                QCoreApplication::translate("Report", "compute"),
                QCoreApplication::translate("Report", "communication"),
                QCoreApplication::translate("Report", "update"),
                QCoreApplication::translate("Report", "idle")},
               rows, {1, 3, 4, 5, 6});
    h += figure("centres");
    return h;
}

/// Bytes and utilisation per link (the first kMaxLinkRows links).
QString linkResultsSection(const experiment::Results& results)
{
    QList<QStringList> rows;
    for (std::size_t i = 0; i < results.links.size() && i < kMaxLinkRows; ++i) {
        const auto& l = results.links[i];
        rows.append(
            {esc(l.id), bytesText(l.bytes), pct(l.utilization_mean), pct(l.utilization_peak)});
    }
    QString h = h3(QCoreApplication::translate("Report", "Links"));
    h += table({QCoreApplication::translate("Report", "link"),
                QCoreApplication::translate("Report", "bytes (both directions)"),
                QCoreApplication::translate("Report", "mean utilisation"),
                QCoreApplication::translate("Report", "peak utilisation")},
               rows, {1, 2, 3});
    if (results.links.size() > kMaxLinkRows)
        h += note(QCoreApplication::translate("Report", "… and %1 more links (links.csv has all).")
                      .arg(results.links.size() - kMaxLinkRows));
    return h;
}

QString engineSection(const experiment::Results& results)
{
    return h3(QCoreApplication::translate("Report", "Engine")) +
           kvTable({{QCoreApplication::translate("Report", "events"),
                     QString::number(results.engine.events)},
                    {QCoreApplication::translate("Report", "transfers (flows)"),
                     QString::number(results.engine.flows)},
                    {QCoreApplication::translate("Report", "link samples"),
                     QCoreApplication::translate("Report", "%1 every %2")
                         .arg(results.sample_times_s.size())
                         .arg(dur(results.sample_interval_s))}});
}

QString warningsSection(const experiment::Results& results)
{
    QString h = h3(QCoreApplication::translate("Report", "Warnings"));
    if (results.warnings.empty())
        return h + QStringLiteral("<p>%1</p>").arg(QCoreApplication::translate("Report", "None."));
    h += QStringLiteral("<ul>");
    for (const auto& w : results.warnings)
        h += QStringLiteral("<li>%1</li>").arg(esc(w));
    return h + QStringLiteral("</ul>");
}

/// Every phase of the run (the first kMaxPhaseRows) with its iteration, start, end, duration.
QString phaseListSection(const experiment::Results& results, const QString& pageBreak)
{
    const std::size_t n = std::min(results.phases.size(), kMaxPhaseRows);
    const std::vector<experiment::PhaseResult> shown(results.phases.begin(),
                                                     results.phases.begin() + std::ptrdiff_t(n));
    const auto duration =
        durationColumn(shown, [](const experiment::PhaseResult& p) { return p.duration_s(); });
    QList<QStringList> rows;
    for (const auto& p : shown)
        rows.append({charts::phaseLabel(p.name).toHtmlEscaped(),
                     p.iteration >= 0 ? QString::number(p.iteration) : QStringLiteral("—"),
                     num(p.start_s, 6), num(p.end_s, 6), duration.text(p.duration_s())});
    QString h = QStringLiteral("<h3%1>%2</h3>")
                    .arg(pageBreak, QCoreApplication::translate("Report", "Phase timeline"));
    h += table({QCoreApplication::translate("Report", "phase"),
                QCoreApplication::translate("Report", "iteration"),
                QCoreApplication::translate("Report", "start (s)"),
                QCoreApplication::translate("Report", "end (s)"),
                QCoreApplication::translate("Report", "duration")},
               rows, {1, 2, 3, 4});
    if (results.phases.size() > kMaxPhaseRows)
        h +=
            note(QCoreApplication::translate("Report", "… and %1 more phases (phases.csv has all).")
                     .arg(results.phases.size() - kMaxPhaseRows));
    return h;
}

QString resultsSection(const experiment::Results& results, const QString& pageBreak,
                       FigureList& figure)
{
    // One statement per part: the figures are numbered in the order they are placed.
    QString h = QStringLiteral("<h2%1>%2</h2>")
                    .arg(pageBreak, QCoreApplication::translate("Report", "Results"));
    h += phaseTotalsSection(results);
    h += figure("timeline");
    h += figure("totals");
    h += iterationsSection(results);
    h += figure("iterations");
    h += controlPlaneSection(results);
    h += centreResultsSection(results, figure);
    h += linkResultsSection(results);
    h += figure("links");
    h += trafficSection(results);
    h += engineSection(results);
    h += warningsSection(results);
    h += phaseListSection(results, pageBreak);
    return h;
}

QString body(const io::Project& project, const experiment::Results& results,
             const QString& topologyName, const std::map<QString, Figure>& figures,
             const ImageRef& ref, bool forPrint)
{
    FigureList figure(figures, ref, forPrint);
    const QString pageBreak =
        forPrint ? QStringLiteral(" style=\"page-break-before: always\"") : QString();
    QString h = titleSection(project, results, topologyName);
    h += summarySection(results);
    h += inputsSection(project, results, experimentSpec(project, topologyName), figure);
    h += resultsSection(results, pageBreak, figure);
    return h;
}

const char* kHtmlCss = R"(
body { font-family: "DejaVu Sans", "Helvetica Neue", Arial, sans-serif; font-size: 14px;
       color: #222; max-width: 1000px; margin: 24px auto; padding: 0 16px; line-height: 1.4; }
h1 { font-size: 26px; margin-bottom: 4px; }
h2 { font-size: 20px; border-bottom: 2px solid #4477AA; padding-bottom: 3px; margin-top: 32px; }
h3 { font-size: 16px; margin-top: 22px; }
p.meta { color: #555; margin-top: 0; }
table.data { border-collapse: collapse; margin: 8px 0 12px 0; font-size: 13px; }
table.data th { background: #eef2f7; border: 1px solid #b8c2cc; }
table.data td { border: 1px solid #d0d6dc; }
table.data tbody tr:nth-child(even) { background: #f8f9fa; }
td, th { font-variant-numeric: tabular-nums; }
div.figure { margin: 12px 0 18px 0; }
div.figure img { max-width: 100%; height: auto; border: 1px solid #e3e3e3; }
p.caption { font-size: 12px; color: #444; margin: 4px 0; }
p.note { font-size: 12px; color: #666; }
)";

const char* kPrintCss = R"(
body { font-family: "DejaVu Sans"; font-size: 9pt; color: #222; }
h1 { font-size: 17pt; margin-bottom: 2px; }
h2 { font-size: 13pt; color: #223355; margin-top: 14px; }
h3 { font-size: 10.5pt; margin-top: 10px; margin-bottom: 4px; }
p.meta { color: #555; }
table.data { border-collapse: collapse; border-color: #b8c2cc; border-style: solid;
             margin-bottom: 6px; }
td { border-color: #c8d0d8; border-style: solid; }
th { background-color: #eef2f7; font-weight: bold; }
p.caption { font-size: 8pt; color: #444; }
p.note { font-size: 8pt; color: #666; }
)";

/// Fails before the (seconds-long) rendering when `path`'s folder cannot take a file: a
/// missing folder, no permission, a read-only file system (also for root). The probe is
/// the same kind of file io::writeFileAtomically creates there, and is removed at once.
void checkFolderWritable(const QString& path)
{
    const QFileInfo target(path);
    const QString folder = target.absolutePath();
    if (!QFileInfo(folder).isDir())
        throw InputError(path.toStdString(), "",
                         "the folder " + folder.toStdString() + " does not exist");
    QTemporaryFile probe(folder + QStringLiteral("/.") + target.fileName() +
                         QStringLiteral(".XXXXXX"));
    if (!probe.open())
        throw InputError(path.toStdString(), "",
                         "cannot write into " + folder.toStdString() + ": " +
                             probe.errorString().toStdString());
}

} // namespace

QString htmlReport(const io::Project& project, const experiment::Results& results,
                   const QString& topologyName)
{
    const auto figures = renderFigures(project, results);
    const QString title =
        project.name.empty() ? topologyName : QString::fromStdString(project.name);
    QString html =
        QStringLiteral("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                       "<meta name=\"generator\" content=\"Meridian\">"
                       "<title>%1</title><style>%2</style></head><body>\n")
            .arg(title.toHtmlEscaped(), QString::fromUtf8(kHtmlCss));
    html += body(
        project, results, topologyName, figures,
        [](const Figure& f) { return imageDataUri(f.image); }, false);
    html += QStringLiteral("\n</body></html>\n");
    return html;
}

void writeHtmlReport(const io::Project& project, const experiment::Results& results,
                     const QString& topologyName, const QString& path)
{
    checkFolderWritable(path);
    writeReportBytes(path, htmlReport(project, results, topologyName).toUtf8());
}

void writePdfReport(const io::Project& project, const experiment::Results& results,
                    const QString& topologyName, const QString& path)
{
    checkFolderWritable(path);
    const auto figures = renderFigures(project, results);
    QTextDocument doc;
    doc.setDefaultFont(QFont(QStringLiteral("DejaVu Sans"), 9));
    doc.setDefaultStyleSheet(QString::fromUtf8(kPrintCss));
    for (const auto& [name, fig] : figures) {
        QImage copy = fig.image;
        copy.setDevicePixelRatio(1.0);
        doc.addResource(QTextDocument::ImageResource, QUrl(QStringLiteral("meridian:") + name),
                        copy);
    }
    const QString title =
        project.name.empty() ? topologyName : QString::fromStdString(project.name);
    doc.setMetaInformation(QTextDocument::DocumentTitle, title);
    doc.setHtml(QStringLiteral("<html><body>") +
                body(
                    project, results, topologyName, figures,
                    [](const Figure& f) { return QStringLiteral("meridian:") + f.name; }, true) +
                QStringLiteral("</body></html>"));

    writeReportPdf(doc, title, path, true);
}

} // namespace meridian::ui::report
