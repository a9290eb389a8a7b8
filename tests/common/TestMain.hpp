#pragma once
// One executable per test area, one test class per file. A class registers itself with
//   MERIDIAN_TEST(MyTest)
// at the end of its .cpp (after the class definition and before the moc include).
// Run one class with `test_area -class MyTest [QTest args...]`.

#include <QObject>
#include <QString>
#include <QStringList>
#include <functional>
#include <memory>
#include <string>

namespace meridian::test {

using Factory = std::function<std::unique_ptr<QObject>()>;
bool registerTest(const char* name, Factory factory);

/// Path of a file in the source tree, e.g. sourcePath("presets/x.topo").
QString sourcePath(const QString& relative);
/// Path inside ../shared (Topology Zoo samples etc.).
QString sharedPath(const QString& relative);
/// Path inside tests/data.
QString dataPath(const QString& relative);
/// Path of the built meridian-cli.
QString cliPath();
/// A copy of presets/`name` whose experiment runs on the engine's fast path
/// (`comm.merge_iterations: always`), in a folder that lives as long as the test program:
/// for tests of what is done with a run's results (files, reports, windows), which need a
/// realistic run but not NCCL's program slice by slice (seconds per run, minutes under the
/// sanitizers). The figures themselves are checked on the presets as shipped elsewhere.
QString fastPresetPath(const QString& name);

/// Outcome of one meridian-cli invocation.
struct CliRun
{
    int code = -1; ///< exit code; −1 if it crashed or timed out
    QString out;
    QString err;
};
/// Runs meridian-cli with `args` (in `workDir` if given), waiting up to `timeoutMs`.
CliRun runCli(const QStringList& args, const QString& workDir = {}, int timeoutMs = 300000);

} // namespace meridian::test

#define MERIDIAN_TEST(Class)                                                                       \
    static const bool meridian_registered_##Class =                                                \
        ::meridian::test::registerTest(#Class, [] { return std::make_unique<Class>(); });
