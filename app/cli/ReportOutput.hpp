#pragma once
// HTML and PDF reports from meridian-cli run (docs/reports.md). They are drawn by the GUI
// library's report writer, so they exist only in builds with the GUI (MERIDIAN_BUILD_GUI=ON);
// a headless build answers a request for them with a clear InputError.

#include "app/sweep/SweepSpec.hpp"
#include "app/sweep/SweepTable.hpp"
#include "meridian/experiment/Results.hpp"
#include "meridian/io/ProjectFile.hpp"

#include <filesystem>
#include <memory>
#include <string>

class QApplication;

namespace meridian::cli {

/// Throws InputError (exit 2) when this build cannot write html/pdf reports.
void requireReportSupport();
/// Writes dir/report.html and/or dir/report.pdf. Creates a QApplication on the offscreen
/// platform (unless QT_QPA_PLATFORM is set) for the duration of the call if none exists.
/// Throws InputError when a file cannot be written or the build has no report support.
void writeReports(const io::Project& project, const experiment::Results& results,
                  const std::string& topologyName, const std::filesystem::path& dir, bool html,
                  bool pdf);

/// Writes dir/report.html and/or dir/report.pdf of a sweep (ui/report/ReportSweep.hpp).
/// Throws InputError like writeReports.
void writeSweepReports(const sweep::Table& table, const sweep::SweepSpec& spec,
                       const std::string& topologyName, const std::filesystem::path& dir, bool html,
                       bool pdf);

#ifdef MERIDIAN_CLI_REPORTS
/// While it lives, a QApplication on the offscreen platform (unless QT_QPA_PLATFORM is set),
/// when none exists yet: charts and pictures need one, but no display.
class OffscreenApplication
{
public:
    OffscreenApplication();
    ~OffscreenApplication();
    OffscreenApplication(const OffscreenApplication&) = delete;
    OffscreenApplication& operator=(const OffscreenApplication&) = delete;

private:
    std::unique_ptr<QApplication> m_app;
};
#endif

} // namespace meridian::cli
