// meridian: the desktop topology designer. All logic lives in meridian_ui: this parses the
// command line, builds the window and runs the event loop (ui/ScriptedSession.hpp does what
// the options ask for).
#include "ui/MainWindow.hpp"
#include "ui/Resources.hpp"
#include "ui/ScriptedSession.hpp"
#include "ui/Translations.hpp"

#include <QApplication>
#include <QCommandLineParser>
#include <cstdio>

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
    meridian::ui::applyLook(app);

    QCommandLineParser parser;
    meridian::ui::ScriptedSession session(parser);
    parser.process(app);

    meridian::ui::MainWindow window;
    session.applySize(window);
    if (session.wantsScreenshot())
        return session.renderScreenshot(window);
    session.start(window);
    return app.exec();
}
