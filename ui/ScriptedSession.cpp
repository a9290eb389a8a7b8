#include "ui/ScriptedSession.hpp"

#include "ui/CanvasView.hpp"
#include "ui/MainWindow.hpp"
#include "ui/charts/QCustomPlot.hpp"
#include "ui/run/RunController.hpp"
#include "ui/run/RunView.hpp"
#include "ui/run/RunWorkbench.hpp"

#include <QComboBox>
#include <QCommandLineParser>
#include <QDockWidget>
#include <QTabBar>
#include <QTabWidget>
#include <QTimer>
#include <cstdio>

namespace meridian::ui {

namespace {

QCommandLineOption option(const char* name, const char* description, const char* value = nullptr)
{
    return value ? QCommandLineOption(QString::fromLatin1(name), QString::fromUtf8(description),
                                      QString::fromLatin1(value))
                 : QCommandLineOption(QString::fromLatin1(name), QString::fromUtf8(description));
}

bool applyLayout(MainWindow& window, const QString& kind)
{
    if (kind == QLatin1String("force"))
        window.layoutForceDirected();
    else if (kind == QLatin1String("spring"))
        window.layoutSpring();
    else if (kind == QLatin1String("geo"))
        window.layoutGeographic();
    else {
        std::fprintf(stderr, "meridian: unknown layout '%s' (force, spring or geo)\n",
                     qPrintable(kind));
        return false;
    }
    return true;
}

/// --time-range FROM:TO: the simulated-time axis of the chart shown in the Run dock (timeline
/// or links), as if the user had zoomed there. False (with a message) for a malformed range.
bool applyTimeRange(MainWindow& window, const QString& range)
{
    const QStringList parts = range.split(QLatin1Char(':'));
    bool okFrom = false, okTo = false;
    const double from = parts.size() == 2 ? parts[0].toDouble(&okFrom) : 0.0;
    const double to = parts.size() == 2 ? parts[1].toDouble(&okTo) : 0.0;
    if (!okFrom || !okTo || !(to > from)) {
        std::fprintf(stderr, "meridian: --time-range needs FROM:TO in seconds with FROM < TO, "
                             "e.g. 140:240\n");
        return false;
    }
    QWidget* page = window.runs()->runView()->tabs()->currentWidget();
    auto* plot = qobject_cast<QCustomPlot*>(page);
    if (!plot)
        plot = page->findChild<QCustomPlot*>();
    if (plot) {
        plot->xAxis->setRange(from, to);
        plot->replot();
    }
    return true;
}

} // namespace

ScriptedSession::ScriptedSession(QCommandLineParser& parser)
    : m_parser(parser),
      m_screenshot(option("screenshot",
                          "Open FILE, fit the view, save a PNG of the main window to OUT and exit.",
                          "OUT.png")),
      m_size(option("size", "Window size for --screenshot (default 1360x860).", "WxH")),
      m_noRecovery(option("no-recovery", "Do not offer to restore an autosaved drawing.")),
      m_import(option("import",
                      "Import a GraphML map (Topology Zoo) into a new drawing, placed "
                      "geographically when it has coordinates.",
                      "FILE.graphml")),
      m_layout(option("layout", "After opening, apply an automatic layout: force, spring or geo.",
                      "KIND")),
      m_run(option("run", "After opening, run the experiment (with --screenshot: the PNG shows "
                          "the finished run).")),
      m_until(option("run-until",
                     "With --run: pause when simulated time reaches SECONDS (with "
                     "--screenshot: the PNG shows the paused run).",
                     "SECONDS")),
      m_chart(option("chart",
                     "With --run: the chart shown in the Run dock: timeline, iterations, links, "
                     "summary or compare; links:QUANTITY picks the Links chart's quantity "
                     "(utilisation, throughput, queue or loss).",
                     "NAME")),
      m_range(option("time-range",
                     "With --run and --screenshot: show simulated time FROM to TO seconds on the "
                     "chart's time axis (timeline or links), e.g. 140:240.",
                     "FROM:TO")),
      m_dock(option("dock",
                    "With --screenshot: bring a dock to the front: properties, experiment, "
                    "traffic, history, run or results.",
                    "NAME"))
{
    parser.setApplicationDescription(
        QStringLiteral("Meridian — design and simulate AI training across WAN-connected compute "
                       "centres.\nFor headless runs use meridian-cli."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("A .topo project to open."),
                                 QStringLiteral("[FILE.topo]"));
    for (const QCommandLineOption* o : {&m_import, &m_layout, &m_run, &m_until, &m_chart, &m_range,
                                        &m_dock, &m_screenshot, &m_size, &m_noRecovery})
        parser.addOption(*o);
}

bool ScriptedSession::wantsScreenshot() const
{
    return m_parser.isSet(m_screenshot);
}

void ScriptedSession::applySize(MainWindow& window) const
{
    if (!m_parser.isSet(m_size))
        return;
    const QStringList wh = m_parser.value(m_size).split(QLatin1Char('x'));
    if (wh.size() == 2)
        window.resize(wh[0].toInt(), wh[1].toInt());
}

bool ScriptedSession::showChart(MainWindow& window) const
{
    // "links:queue": the Links chart with its chooser on a quantity (utilisation, throughput,
    // queue, loss).
    const QStringList parts = m_parser.value(m_chart).toLower().split(QLatin1Char(':'));
    const QString name = parts.first();
    if (parts.size() == 2 && name == QLatin1String("links")) {
        QComboBox* chooser = window.runs()->runView()->linksMetricChooser();
        const int index = chooser->findData(parts[1]);
        if (index < 0) {
            std::fprintf(stderr,
                         "meridian: unknown links quantity '%s' (utilisation, throughput, queue "
                         "or loss)\n",
                         qPrintable(parts[1]));
            return false;
        }
        chooser->setCurrentIndex(index);
    }
    QTabWidget* tabs = window.runs()->runView()->tabs();
    bool found = false;
    for (int i = 0; i < tabs->count(); ++i)
        // The tab's English key, so --chart works in every interface language.
        if (tabs->tabBar()->tabData(i).toString() == name) {
            tabs->setCurrentIndex(i);
            found = true;
        }
    if (!found)
        std::fprintf(stderr,
                     "meridian: unknown chart '%s' (timeline, iterations, links, summary, "
                     "compare or control)\n",
                     qPrintable(name));
    return found;
}

bool ScriptedSession::startRun(MainWindow& window, bool wait) const
{
    RunWorkbench* runs = window.runs();
    if (m_parser.isSet(m_chart) && !showChart(window))
        return false;
    if (m_parser.isSet(m_until)) {
        bool ok = false;
        const double t = m_parser.value(m_until).toDouble(&ok);
        if (!ok || t < 0) {
            std::fprintf(stderr, "meridian: --run-until needs a time in seconds >= 0\n");
            return false;
        }
        runs->controller()->setPauseAt(t);
    }
    if (wait) // a screenshot of the run's end: no need to watch it unfold
        runs->setPace(0.0);
    if (!runs->run())
        return false;
    if (!wait)
        return true;
    RunController* c = runs->controller();
    c->waitWhileRunning(24 * 3600 * 1000);
    return c->state() == RunController::State::Finished ||
           c->state() == RunController::State::Paused;
}

bool ScriptedSession::openForScreenshot(MainWindow& window)
{
    const QStringList files = m_parser.positionalArguments();
    if (!files.isEmpty() && !window.openFile(files.first()))
        return false;
    window.waitForLayout(); // a file without positions is laid out on opening
    return !m_parser.isSet(m_import) || window.importGraphml(m_parser.value(m_import));
}

int ScriptedSession::renderScreenshot(MainWindow& window)
{
    // Headless rendering: errors go to stderr, never to a modal box.
    m_status = 0;
    window.setErrorReporter([this](const QString& title, const QString& text) {
        std::fprintf(stderr, "meridian: %s\n%s\n", qPrintable(title), qPrintable(text));
        m_status = 1;
    });
    window.setAsker([](const QString&, const QString&, QMessageBox::StandardButtons) {
        return QMessageBox::No;
    });
    if (!openForScreenshot(window))
        return 1;
    if (m_parser.isSet(m_layout)) {
        if (!applyLayout(window, m_parser.value(m_layout)))
            return 2;
        window.waitForLayout(); // layouts run on a worker thread
    }
    window.show();
    if (m_parser.isSet(m_run) && !startRun(window, true))
        return 1;
    if (m_parser.isSet(m_range) && !applyTimeRange(window, m_parser.value(m_range)))
        return 2;
    if (m_parser.isSet(m_dock)) {
        // The dock's objectName: "traffic" → trafficDock (the same in every language).
        auto* dock = window.findChild<QDockWidget*>(m_parser.value(m_dock).toLower() +
                                                    QStringLiteral("Dock"));
        if (!dock) {
            std::fprintf(stderr, "meridian: unknown dock '%s'\n",
                         qPrintable(m_parser.value(m_dock)));
            return 2;
        }
        dock->show();
        dock->raise();
    }
    const QString out = m_parser.value(m_screenshot);
    if (!window.screenshot(out)) {
        std::fprintf(stderr, "meridian: cannot write %s\n", qPrintable(out));
        return 1;
    }
    return m_status;
}

void ScriptedSession::start(MainWindow& window)
{
    window.show();
    const QStringList files = m_parser.positionalArguments();
    if (!files.isEmpty())
        window.openFile(files.first());
    else if (m_parser.isSet(m_import))
        window.importGraphml(m_parser.value(m_import));
    // Fit once the window manager has given the window its final size (a new, empty
    // drawing stays at 100 % around the origin).
    QTimer::singleShot(0, &window, [&window] { window.canvas()->fitAll(); });
    if (m_parser.isSet(m_layout))
        applyLayout(window, m_parser.value(m_layout));
    else if (m_parser.isSet(m_run))
        QTimer::singleShot(0, &window, [this, &window] { startRun(window, false); });
    else if (!m_parser.isSet(m_noRecovery))
        QTimer::singleShot(0, &window, [&window] { window.offerRecovery(); });
}

} // namespace meridian::ui
