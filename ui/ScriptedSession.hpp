#pragma once
// The designer's command line (docs/gui.md "Command line"): what `meridian` does with its
// options once the window is built. It opens a .topo or imports a GraphML map, applies an
// automatic layout, runs the experiment (optionally pausing at a simulated time) with a chosen
// chart of the Run dock and time range, and with --screenshot saves a PNG of the window and
// exits (errors to stderr, never a modal box): the scripted way the pictures of the docs are
// made. app/gui/main.cpp only parses, constructs and runs the event loop.

#include <QCommandLineOption>
#include <QString>

class QCommandLineParser;

namespace meridian::ui {

class MainWindow;

class ScriptedSession
{
public:
    /// Declares the designer's options (and its description, --help, --version and FILE) on
    /// `parser`, which must outlive the session; call parser.process() afterwards.
    explicit ScriptedSession(QCommandLineParser& parser);

    /// Whether --screenshot was given: then renderScreenshot() is the whole session.
    bool wantsScreenshot() const;
    /// --size WxH: the window's size.
    void applySize(MainWindow& window) const;
    /// Opens FILE (or --import), applies --layout, runs (--run, --run-until, --chart,
    /// --time-range), shows the window and saves it to the --screenshot PNG, waiting for each
    /// step. Returns the exit status: 0, 1 for a file, run or write failure (or an error
    /// reported on the way), 2 for a malformed --layout or --time-range.
    int renderScreenshot(MainWindow& window);
    /// Shows the window with FILE (or --import) open, fitted once the window has its size, and
    /// starts --layout or --run, or else offers to restore an autosaved drawing (unless
    /// --no-recovery). The session must outlive the event loop (the run starts from it).
    void start(MainWindow& window);

private:
    /// Opens FILE and imports --import for the screenshot, waiting for layouts; false if a
    /// file could not be read.
    bool openForScreenshot(MainWindow& window);
    /// --chart: selects the Run dock's tab; false (with a message) for an unknown name.
    bool showChart(MainWindow& window) const;
    /// --run: starts the experiment, pausing at --run-until; with `wait`, returns once the run
    /// has finished or paused (false if it could not start or failed).
    bool startRun(MainWindow& window, bool wait) const;

    QCommandLineParser& m_parser;
    QCommandLineOption m_screenshot;
    QCommandLineOption m_size;
    QCommandLineOption m_noRecovery;
    QCommandLineOption m_import;
    QCommandLineOption m_layout;
    QCommandLineOption m_run;
    QCommandLineOption m_until;
    QCommandLineOption m_chart;
    QCommandLineOption m_range;
    QCommandLineOption m_dock;
    int m_status = 0; ///< 1 once an error was reported while rendering a screenshot
};

} // namespace meridian::ui
