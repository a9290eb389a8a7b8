#include "SweepPlot.hpp"

#include "meridian/core/Error.hpp"

#include <algorithm>

#ifdef MERIDIAN_CLI_REPORTS
#include "ReportOutput.hpp"
#include "ui/charts/LiveCharts.hpp"
#include "ui/charts/QCustomPlot.hpp"
#include "ui/sweep/SweepPlots.hpp"
#endif

namespace meridian::cli::sweep {

namespace {

/// The panels the third and later axes make (ui::sweepPanelCount, which this build may lack).
std::size_t panelsOf(const SweepSpec& spec)
{
    std::size_t n = 1;
    if (!spec.zip)
        for (std::size_t k = 2; k < spec.axes.size(); ++k)
            n *= spec.axes[k].values.size();
    return n;
}

/// As ui::kMaxSweepPanels.
constexpr std::size_t kMaxPanels = 36;

} // namespace

void checkPlot(const PlotRequest& request, const SweepSpec& spec,
               const std::vector<std::string>& wanLinks)
{
    if (!request.enabled)
        return;
    std::vector<std::string> known = figureColumns();
    for (const std::string& id : wanLinks)
        known.push_back("bytes." + id);
    for (const std::string& m : request.metrics)
        if (std::find(known.begin(), known.end(), m) == known.end()) {
            std::string list;
            for (const std::string& k : known)
                list += (list.empty() ? "" : ", ") + k;
            throw InputError("command line", "--plot-metric",
                             "'" + m + "' is not a figure of the table (" + list + ")");
        }
    const std::size_t panels = panelsOf(spec);
    if (panels > kMaxPanels)
        throw InputError("command line", "--plot",
                         "the third and later axes make " + std::to_string(panels) +
                             " panels, more than " + std::to_string(kMaxPanels) +
                             " can be read: plot fewer values or use the table");
}

#ifndef MERIDIAN_CLI_REPORTS

void requirePlotSupport()
{
    throw InputError("command line", "--plot",
                     "this meridian-cli was built without the GUI (MERIDIAN_BUILD_GUI=OFF) and "
                     "has no plotting: use sweep.csv or sweep.json");
}

std::vector<std::string> writePlots(const PlotRequest&, const Table&, const SweepSpec&,
                                    const std::string&, const std::filesystem::path&)
{
    requirePlotSupport();
    return {};
}

#else

namespace {

std::string fileStem(const std::string& metric)
{
    std::string s;
    for (unsigned char c : metric)
        s += (std::isalnum(c) || c == '_' || c == '-' || c == '.') ? char(c) : '_';
    return "plot-" + s;
}

} // namespace

void requirePlotSupport() {}

std::vector<std::string> writePlots(const PlotRequest& request, const Table& table,
                                    const SweepSpec& spec, const std::string& topologyName,
                                    const std::filesystem::path& out)
{
    std::vector<std::string> metrics = request.metrics;
    if (metrics.empty())
        metrics.push_back(ui::defaultSweepMetric(table));
    std::string numeric;
    for (const std::string& c : ui::sweepPlotColumns(table, spec))
        numeric += (numeric.empty() ? "" : ", ") + c;
    for (const std::string& m : metrics)
        if (std::find(table.columns.begin(), table.columns.end(), m) == table.columns.end() ||
            numeric.find(m) == std::string::npos)
            throw InputError("command line", "--plot-metric",
                             "'" + m + "' is not a figure of the table (" + numeric + ")");
    OffscreenApplication app;
    std::vector<std::string> written;
    for (const std::string& column : metrics) {
        QCustomPlot plot;
        const QSize size = ui::sweepPlotSize(spec);
        plot.resize(size.width(), size.height());
        const QString heading =
            QStringLiteral("%1 — %2, %3 points")
                .arg(ui::sweepMetricLabel(column), QString::fromStdString(topologyName))
                .arg(table.rows.size());
        ui::drawSweepPlot(&plot, table, spec, column, heading);
        for (const std::string& format : request.formats) {
            const std::filesystem::path path = out / (fileStem(column) + "." + format);
            QString error;
            if (!ui::charts::savePlot(&plot, QString::fromStdString(path.string()), &error))
                throw InputError(path.string(), "", error.toStdString());
            written.push_back(path.string());
        }
    }
    return written;
}

#endif

} // namespace meridian::cli::sweep
