// meridian: the desktop topology designer. All logic lives in meridian_ui.
#include "ui/CanvasView.hpp"
#include "ui/MainWindow.hpp"
#include "ui/Resources.hpp"
#include "ui/Translations.hpp"
#include "ui/charts/QCustomPlot.hpp"
#include "ui/run/RunController.hpp"
#include "ui/run/RunView.hpp"
#include "ui/run/RunWorkbench.hpp"

#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QPalette>
#include <QStyleFactory>
#include <QTabBar>
#include <QTabWidget>
#include <QTimer>
#include <cstdio>
#include <cstdlib>

namespace {

bool displayAvailable()
{
    // An explicit platform (offscreen, xcb, wayland, ...) is the user's choice; otherwise we
    // need an X11 or Wayland display.
    return !qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") ||
           !qEnvironmentVariableIsEmpty("DISPLAY") ||
           !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY");
}

bool wantsHelpOrVersion(int argc, char** argv)
{
    for (int i = 1; i < argc; ++i) {
        const QByteArray a(argv[i]);
        if (a == "--help" || a == "-h" || a == "--version" || a == "-v" || a == "--help-all")
            return true;
    }
    return false;
}

void applyLook(QApplication& app)
{
    app.setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QPalette p = app.palette();
    p.setColor(QPalette::Window, QColor(0xf3, 0xf5, 0xf8));
    p.setColor(QPalette::Base, Qt::white);
    p.setColor(QPalette::AlternateBase, QColor(0xf6, 0xf8, 0xfb));
    p.setColor(QPalette::Button, QColor(0xf7, 0xf8, 0xfa));
    p.setColor(QPalette::Highlight, QColor(0x2f, 0x6f, 0xb5));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Mid, QColor(0x8a, 0x94, 0xa3));
    app.setPalette(p);
    QFont f = app.font();
    if (f.pointSizeF() < 9.5)
        f.setPointSizeF(9.5);
    app.setFont(f);
}

bool applyLayout(meridian::ui::MainWindow& window, const QString& kind)
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

/// --run / --run-until / --chart: starts the experiment, optionally pausing at a simulated
/// time; with `wait`, returns once the run has finished or paused (false if it could not start
/// or failed).
bool startRun(meridian::ui::MainWindow& window, const QCommandLineParser& parser,
              const QCommandLineOption& until, const QCommandLineOption& chart, bool wait)
{
    meridian::ui::RunWorkbench* runs = window.runs();
    if (parser.isSet(chart)) {
        const QString name = parser.value(chart).toLower();
        QTabWidget* tabs = runs->runView()->tabs();
        bool found = false;
        for (int i = 0; i < tabs->count(); ++i)
            // The tab's English key, so --chart works in every interface language.
            if (tabs->tabBar()->tabData(i).toString() == name) {
                tabs->setCurrentIndex(i);
                found = true;
            }
        if (!found) {
            std::fprintf(stderr,
                         "meridian: unknown chart '%s' (timeline, iterations, links, summary, "
                         "compare or control)\n",
                         qPrintable(name));
            return false;
        }
    }
    if (parser.isSet(until)) {
        bool ok = false;
        const double t = parser.value(until).toDouble(&ok);
        if (!ok || t < 0) {
            std::fprintf(stderr, "meridian: --run-until needs a time in seconds >= 0\n");
            return false;
        }
        runs->controller()->setPauseAt(t);
    }
    if (!runs->run())
        return false;
    if (!wait)
        return true;
    meridian::ui::RunController* c = runs->controller();
    c->waitWhileRunning(24 * 3600 * 1000);
    return c->state() == meridian::ui::RunController::State::Finished ||
           c->state() == meridian::ui::RunController::State::Paused;
}

/// --time-range FROM:TO: the simulated-time axis of the chart shown in the Run dock (timeline
/// or links), as if the user had zoomed there. False (with a message) for a malformed range.
bool applyTimeRange(meridian::ui::MainWindow& window, const QString& range)
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

int main(int argc, char** argv)
{
    if (!displayAvailable() && !wantsHelpOrVersion(argc, argv)) {
        std::fprintf(
            stderr, "meridian: no display available (neither DISPLAY nor WAYLAND_DISPLAY is set).\n"
                    "  For headless work use the command-line tool:  meridian-cli --help\n"
                    "  To render without a display, set QT_QPA_PLATFORM=offscreen (e.g. with "
                    "--screenshot).\n");
        return 2;
    }
    if (wantsHelpOrVersion(argc, argv) && !displayAvailable())
        qputenv("QT_QPA_PLATFORM", "offscreen"); // --help must work on a headless machine

    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("meridian"));
    QApplication::setApplicationDisplayName(QStringLiteral("Meridian"));
    QApplication::setOrganizationName(QStringLiteral("Meridian"));
    QApplication::setApplicationVersion(QStringLiteral(MERIDIAN_VERSION));
    meridian::ui::initResources();
    // Language: MERIDIAN_LANG (e.g. zh_CN) overrides the system locale.
    const QByteArray lang = qgetenv("MERIDIAN_LANG");
    meridian::ui::installTranslations(app, lang.isEmpty() ? QLocale()
                                                          : QLocale(QString::fromLatin1(lang)));
    applyLook(app);

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Meridian — design and simulate AI training across WAN-connected compute "
                       "centres.\nFor headless runs use meridian-cli."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("A .topo project to open."),
                                 QStringLiteral("[FILE.topo]"));
    const QCommandLineOption screenshot(
        QStringLiteral("screenshot"),
        QStringLiteral("Open FILE, fit the view, save a PNG of the main window to OUT and exit."),
        QStringLiteral("OUT.png"));
    const QCommandLineOption size(
        QStringLiteral("size"), QStringLiteral("Window size for --screenshot (default 1360x860)."),
        QStringLiteral("WxH"));
    const QCommandLineOption noRecovery(
        QStringLiteral("no-recovery"),
        QStringLiteral("Do not offer to restore an autosaved drawing."));
    const QCommandLineOption importOpt(
        QStringLiteral("import"),
        QStringLiteral("Import a GraphML map (Topology Zoo) into a new drawing, placed "
                       "geographically when it has coordinates."),
        QStringLiteral("FILE.graphml"));
    parser.addOption(importOpt);
    const QCommandLineOption layoutOpt(
        QStringLiteral("layout"),
        QStringLiteral("After opening, apply an automatic layout: force, spring or geo."),
        QStringLiteral("KIND"));
    parser.addOption(layoutOpt);
    const QCommandLineOption runOpt(
        QStringLiteral("run"),
        QStringLiteral("After opening, run the experiment (with --screenshot: the PNG shows the "
                       "finished run)."));
    const QCommandLineOption untilOpt(
        QStringLiteral("run-until"),
        QStringLiteral("With --run: pause when simulated time reaches SECONDS (with "
                       "--screenshot: the PNG shows the paused run)."),
        QStringLiteral("SECONDS"));
    const QCommandLineOption chartOpt(
        QStringLiteral("chart"),
        QStringLiteral("With --run: the chart shown in the Run dock: timeline, iterations, links, "
                       "summary or compare."),
        QStringLiteral("NAME"));
    const QCommandLineOption rangeOpt(
        QStringLiteral("time-range"),
        QStringLiteral("With --run and --screenshot: show simulated time FROM to TO seconds on the "
                       "chart's time axis (timeline or links), e.g. 140:240."),
        QStringLiteral("FROM:TO"));
    parser.addOption(runOpt);
    parser.addOption(untilOpt);
    parser.addOption(chartOpt);
    parser.addOption(rangeOpt);
    parser.addOption(screenshot);
    parser.addOption(size);
    parser.addOption(noRecovery);
    parser.process(app);

    meridian::ui::MainWindow window;
    if (parser.isSet(size)) {
        const QStringList wh = parser.value(size).split(QLatin1Char('x'));
        if (wh.size() == 2)
            window.resize(wh[0].toInt(), wh[1].toInt());
    }
    const QStringList files = parser.positionalArguments();

    if (parser.isSet(screenshot)) {
        // Headless rendering: errors go to stderr, never to a modal box.
        int status = 0;
        window.setErrorReporter([&status](const QString& title, const QString& text) {
            std::fprintf(stderr, "meridian: %s\n%s\n", qPrintable(title), qPrintable(text));
            status = 1;
        });
        window.setAsker([](const QString&, const QString&, QMessageBox::StandardButtons) {
            return QMessageBox::No;
        });
        if (!files.isEmpty() && !window.openFile(files.first()))
            return 1;
        window.waitForLayout(); // a file without positions is laid out on opening
        if (parser.isSet(importOpt) && !window.importGraphml(parser.value(importOpt)))
            return 1;
        if (parser.isSet(layoutOpt)) {
            if (!applyLayout(window, parser.value(layoutOpt)))
                return 2;
            window.waitForLayout(); // layouts run on a worker thread
        }
        window.show();
        if (parser.isSet(runOpt) && !startRun(window, parser, untilOpt, chartOpt, true))
            return 1;
        if (parser.isSet(rangeOpt) && !applyTimeRange(window, parser.value(rangeOpt)))
            return 2;
        if (!window.screenshot(parser.value(screenshot))) {
            std::fprintf(stderr, "meridian: cannot write %s\n",
                         qPrintable(parser.value(screenshot)));
            return 1;
        }
        return status;
    }

    window.show();
    if (!files.isEmpty())
        window.openFile(files.first());
    else if (parser.isSet(importOpt))
        window.importGraphml(parser.value(importOpt));
    // Fit once the window manager has given the window its final size (a new, empty
    // drawing stays at 100 % around the origin).
    QTimer::singleShot(0, &window, [&window] { window.canvas()->fitAll(); });
    if (parser.isSet(layoutOpt))
        applyLayout(window, parser.value(layoutOpt));
    else if (parser.isSet(runOpt))
        QTimer::singleShot(0, &window,
                           [&] { startRun(window, parser, untilOpt, chartOpt, false); });
    else if (!parser.isSet(noRecovery))
        QTimer::singleShot(0, &window, [&window] { window.offerRecovery(); });
    return app.exec();
}
