#include "TestMain.hpp"

#include <QCoreApplication>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <exception>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

namespace meridian::test {
namespace {
std::map<std::string, Factory>& registry()
{
    static std::map<std::string, Factory> r; // ordered by name: deterministic run order
    return r;
}
} // namespace

bool registerTest(const char* name, Factory factory)
{
    registry().emplace(name, std::move(factory));
    return true;
}

QString sourcePath(const QString& relative)
{
    return QStringLiteral(MERIDIAN_SOURCE_DIR) + QLatin1Char('/') + relative;
}

QString sharedPath(const QString& relative)
{
    return QStringLiteral(MERIDIAN_SHARED_DIR) + QLatin1Char('/') + relative;
}

QString fastPresetPath(const QString& name)
{
    static QTemporaryDir dir;
    const QString out = dir.filePath(name);
    if (QFileInfo::exists(out))
        return out;
    std::ifstream in(sourcePath(QStringLiteral("presets/") + name).toStdString());
    nlohmann::json j = nlohmann::json::parse(in);
    if (j.contains("experiment"))
        j["experiment"]["comm"]["merge_iterations"] = "always";
    std::ofstream(out.toStdString()) << j.dump(1);
    return out;
}

QString dataPath(const QString& relative)
{
    return QStringLiteral(MERIDIAN_TEST_DATA_DIR) + QLatin1Char('/') + relative;
}

QString cliPath()
{
    return QStringLiteral(MERIDIAN_CLI_PATH);
}

CliRun runCli(const QStringList& args, const QString& workDir, int timeoutMs)
{
    QProcess p;
    if (!workDir.isEmpty())
        p.setWorkingDirectory(workDir);
    p.start(cliPath(), args);
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return {-1, {}, QStringLiteral("timed out")};
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
            QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

} // namespace meridian::test

// Widget tests need a QApplication; areas without widgets get a QCoreApplication. The
// choice is made by the linked libraries: MERIDIAN_TEST_WIDGETS is defined for GUI areas.
#ifdef MERIDIAN_TEST_WIDGETS
#include <QApplication>
using TestApplication = QApplication;
#else
using TestApplication = QCoreApplication;
#endif

int main(int argc, char** argv)
{
    // Settings (recent files, the dock layout) in a directory of this process's own: two test
    // processes at once (ctest -j2 in two build trees, the ASan suite beside the normal one)
    // would otherwise read and write the same file of the user's and see each other's recent
    // files (NewcomerTourTest counts them).
    const QTemporaryDir settingsHome;
    qputenv("XDG_CONFIG_HOME", settingsHome.path().toUtf8());
    TestApplication app(argc, argv);
    QStringList args = app.arguments();
    QString only;
    const int classIdx = static_cast<int>(args.indexOf(QStringLiteral("-class")));
    if (classIdx >= 0 && classIdx + 1 < args.size()) {
        only = args.at(classIdx + 1);
        args.remove(classIdx, 2);
    }
    int failures = 0;
    int ran = 0;
    for (auto& [name, factory] : meridian::test::registry()) {
        if (!only.isEmpty() && only != QString::fromStdString(name))
            continue;
        auto object = factory();
        // QTest logs an exception that escapes a test function as a failure and rethrows it;
        // left uncaught it would abort inside Qt's crash handler, which can hang until
        // ctest's timeout instead of failing at once.
        try {
            failures += QTest::qExec(object.get(), args);
        } catch (const std::exception& e) {
            qCritical("%s: exception escaped a test function: %s", name.c_str(), e.what());
            ++failures;
        } catch (...) {
            qCritical("%s: a non-standard exception escaped a test function", name.c_str());
            ++failures;
        }
        ++ran;
    }
    if (ran == 0) {
        qCritical("no test class ran");
        return 1;
    }
    return failures == 0 ? 0 : 1;
}
