#include "ui/report/ReportFigures.hpp"

#include "ui/Document.hpp"
#include "ui/Resources.hpp"
#include "ui/TopologyScene.hpp"
#include "ui/charts/LiveCharts.hpp"
#include "ui/charts/QCustomPlot.hpp"
#include "ui/charts/SummaryCharts.hpp"
#include "ui/report/Report.hpp"

#include <QBuffer>
#include <QChart>
#include <QCoreApplication>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QPainter>
#include <algorithm>

namespace meridian::ui::report {

namespace {

/// Logical size of a chart figure (pixels at 96 dpi) and the pixel ratio it is rendered at.
constexpr QSize kChartSize(780, 340);
constexpr qreal kPixelRatio = 2.0;

QImage renderPlot(QCustomPlot& plot)
{
    plot.resize(kChartSize);
    QImage image(kChartSize * kPixelRatio, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(kPixelRatio);
    image.fill(Qt::white);
    {
        QCPPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        plot.toPainter(&painter, kChartSize.width(), kChartSize.height());
    }
    return image;
}

QImage renderChart(QChart* chart)
{
    // A scene of its own (it owns the chart); activating the chart's layout places the axes
    // and series now instead of in a posted LayoutRequest event.
    QGraphicsScene scene;
    scene.addItem(chart);
    const QRectF rect(QPointF(0, 0), QSizeF(kChartSize));
    chart->setGeometry(rect);
    if (chart->layout())
        chart->layout()->activate();
    QImage image(kChartSize * kPixelRatio, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(kPixelRatio);
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        scene.render(&painter, rect, rect);
    }
    return image;
}

QString figureHtml(const Figure& fig, const ImageRef& ref, int widthPx, int maxHeightPx, int number)
{
    const qreal ratio = fig.image.devicePixelRatio();
    // Fit the width, the picture's own size, and a height limit (a tall topology drawing
    // would otherwise fill a page on its own).
    const double aspect = double(fig.image.width()) / std::max(1, fig.image.height());
    const int w = std::min({widthPx, int(fig.image.width() / ratio), int(maxHeightPx * aspect)});
    return QStringLiteral("<div class=\"figure\" align=\"center\"><img src=\"%1\" width=\"%2\" "
                          "alt=\"%3\"/><p class=\"caption\"><b>Figure %4.</b> %5</p></div>")
        .arg(ref(fig))
        .arg(w)
        .arg(fig.name.toHtmlEscaped())
        .arg(number)
        .arg(fig.caption.toHtmlEscaped());
}

} // namespace

/// The pictures of a report, in order of appearance.
std::map<QString, Figure> renderFigures(const io::Project& project,
                                        const experiment::Results& results)
{
    std::map<QString, Figure> f;
    f["topology"] = {"topology",
                     QCoreApplication::translate("Report", "Topology as drawn in the designer."),
                     topologyImage(project)};
    QCustomPlot plot;
    plot.setAttribute(Qt::WA_DontShowOnScreen);
    charts::plotTimeline(&plot, results.center_phases, results.phases, &results.control_plane);
    f["timeline"] = {
        "timeline",
        results.control_plane.enabled
            ? QCoreApplication::translate(
                  "Report", "Phase timeline with the control plane: the critical path, every "
                            "centre's own phases, the coordinators' messages (lines from sender "
                            "to receiver), trigger firings (dashed), order adoptions (diamonds) "
                            "and failures (simulated time).")
        : results.center_phases.empty()
            ? QCoreApplication::translate("Report", "Phase timeline (simulated time).")
            : QCoreApplication::translate("Report",
                                          "Phase timeline: the critical path and every centre's "
                                          "own phases (simulated time)."),
        renderPlot(plot)};
    charts::plotIterationsOf(&plot, results);
    f["iterations"] = {
        "iterations",
        results.iterations.empty()
            ? QCoreApplication::translate("Report", "Time of every repetition and their mean.")
            : QCoreApplication::translate("Report",
                                          "Phase durations per iteration (stacked) and GPU "
                                          "effective compute ratio (right axis)."),
        renderPlot(plot)};
    std::vector<std::string> ids = charts::defaultPlottedLinks(project.topology);
    if (ids.empty())
        for (std::size_t i = 0; i < results.links.size() && i < charts::kMaxDefaultLinks; ++i)
            ids.push_back(results.links[i].id);
    charts::plotLinks(&plot, charts::linkSeriesFromResults(results, project.topology, ids), true);
    // Runs of more than 512 links keep no per-link series by default (results-format.md,
    // "Link series"); `--link-series summary` none at all.
    f["links"] = {"links",
                  results.link_series
                      ? QCoreApplication::translate(
                            "Report", "Throughput of the WAN links over simulated time (busier "
                                      "direction).")
                      : QCoreApplication::translate(
                            "Report", "No per-link time series were kept for this run (the "
                                      "default above 512 links; meridian-cli run --link-series "
                                      "full keeps them)."),
                  renderPlot(plot)};
    f["totals"] = {"totals",
                   QCoreApplication::translate("Report", "Total time per phase over the run."),
                   renderChart(charts::phaseTotalsChart(results))};
    if (!results.centers.empty())
        f["centres"] = {"centres",
                        QCoreApplication::translate(
                            "Report", "Per-centre compute, communication, update and idle time, "
                                      "summed over the iterations."),
                        renderChart(charts::centreBreakdownChart(results))};
    return f;
}

QString FigureList::operator()(const QString& name)
{
    const auto it = m_figures.find(name);
    return it == m_figures.end()
               ? QString()
               : figureHtml(it->second, m_ref, m_widthPx, m_maxHeightPx, ++m_number);
}

QString imageDataUri(const QImage& image)
{
    QByteArray png;
    QBuffer buf(&png);
    buf.open(QIODevice::WriteOnly);
    QImage copy = image;
    copy.setDevicePixelRatio(1.0);
    copy.save(&buf, "PNG");
    return QStringLiteral("data:image/png;base64,") + QString::fromLatin1(png.toBase64());
}

QImage topologyImage(const io::Project& project, int maxSidePx)
{
    initResources();
    Document doc;
    doc.adopt(project, QString(), false);
    TopologyScene scene(&doc);
    scene.setGridVisible(false);
    scene.clearSelection();
    QRectF src = scene.itemsBoundingRect();
    if (src.isEmpty())
        src = QRectF(-200, -150, 400, 300);
    src.adjust(-30, -30, 30, 30);
    // The drawing at up to 1.5 logical px per scene unit, rendered at kPixelRatio.
    const qreal scale =
        std::min(1.5, qreal(maxSidePx) / kPixelRatio / std::max(src.width(), src.height()));
    const QSizeF logical = src.size() * scale;
    QImage image((logical * kPixelRatio).toSize(), QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(kPixelRatio);
    image.fill(Qt::white);
    {
        QPainter p(&image);
        p.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing |
                         QPainter::SmoothPixmapTransform);
        scene.render(&p, QRectF(QPointF(0, 0), logical), src);
    }
    return image;
}

} // namespace meridian::ui::report
