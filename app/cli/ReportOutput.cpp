#include "ReportOutput.hpp"

#include "meridian/core/Error.hpp"

#ifdef MERIDIAN_CLI_REPORTS
#include "ui/report/Report.hpp"
#include "ui/report/ReportSweep.hpp"

#include <QApplication>
#include <memory>
#endif

namespace meridian::cli {

#ifdef MERIDIAN_CLI_REPORTS

namespace {

QtMessageHandler g_previousHandler = nullptr;

/// Drops Qt's note that XDG_RUNTIME_DIR is unset (normal for a headless batch job, where the
/// offscreen platform needs no runtime folder); passes every other message on.
void quietHandler(QtMsgType type, const QMessageLogContext& context, const QString& message)
{
    if (type == QtWarningMsg && message.startsWith(QLatin1String("QStandardPaths: ")))
        return;
    if (g_previousHandler)
        g_previousHandler(type, context, message);
}

} // namespace

void requireReportSupport() {}

OffscreenApplication::OffscreenApplication()
{
    // Charts and the topology picture need a QApplication, but no display: the offscreen
    // platform plugin draws into memory. A user's own QT_QPA_PLATFORM is kept.
    if (QCoreApplication::instance())
        return;
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    static int argc = 1;
    static char arg0[] = "meridian-cli";
    static char* argv[] = {arg0, nullptr};
    g_previousHandler = qInstallMessageHandler(quietHandler);
    m_app = std::make_unique<QApplication>(argc, argv);
}

OffscreenApplication::~OffscreenApplication() = default;

void writeReports(const io::Project& project, const experiment::Results& results,
                  const std::string& topologyName, const std::filesystem::path& dir, bool html,
                  bool pdf)
{
    OffscreenApplication app;
    const QString name = QString::fromStdString(topologyName);
    if (html)
        ui::report::writeHtmlReport(project, results, name,
                                    QString::fromStdString((dir / "report.html").string()));
    if (pdf)
        ui::report::writePdfReport(project, results, name,
                                   QString::fromStdString((dir / "report.pdf").string()));
}

void writeSweepReports(const sweep::Table& table, const sweep::SweepSpec& spec,
                       const std::string& topologyName, const std::filesystem::path& dir, bool html,
                       bool pdf)
{
    OffscreenApplication app;
    const QString name = QString::fromStdString(topologyName);
    if (html)
        ui::report::writeSweepHtmlReport(table, spec, name,
                                         QString::fromStdString((dir / "report.html").string()));
    if (pdf)
        ui::report::writeSweepPdfReport(table, spec, name,
                                        QString::fromStdString((dir / "report.pdf").string()));
}

#else

void requireReportSupport()
{
    throw InputError("command line", "--format",
                     "this meridian-cli was built without the GUI (MERIDIAN_BUILD_GUI=OFF) and "
                     "has no report support: html and pdf are unavailable, use json or csv");
}

void writeReports(const io::Project&, const experiment::Results&, const std::string&,
                  const std::filesystem::path&, bool, bool)
{
    requireReportSupport();
}

void writeSweepReports(const sweep::Table&, const sweep::SweepSpec&, const std::string&,
                       const std::filesystem::path&, bool, bool)
{
    requireReportSupport();
}

#endif

} // namespace meridian::cli
