// The presets (device and model catalogues) are found where they are installed: meridian-cli
// copied into a prefix as `cmake --install` lays it out (bin/, share/meridian/presets/, see
// packaging/CPackConfig.cmake) reads <prefix>/share/meridian/presets, not the source tree's
// presets/ compiled into it; $MERIDIAN_PRESETS_DIR overrides both.
#include "TestMain.hpp"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <filesystem>
#include <fstream>
#include <string>

namespace fs = std::filesystem;

class InstalledPresetsTest : public QObject
{
    Q_OBJECT
private:
    /// Writes a device preset and a model preset named after `tag` into `presets`: each a copy
    /// of a shipped preset with its id and name replaced, so only that folder has them.
    static void addMarkers(const fs::path& presets, const std::string& tag)
    {
        const fs::path source = fs::path(MERIDIAN_SOURCE_DIR) / "presets";
        const auto copyAs = [&](const std::string& folder, const std::string& file,
                                const std::string& oldId, const std::string& oldName) {
            std::ifstream in(source / folder / (file + ".json"), std::ios::binary);
            std::string text((std::istreambuf_iterator<char>(in)),
                             std::istreambuf_iterator<char>());
            const auto replace = [&text](const std::string& from, const std::string& to) {
                const auto at = text.find("\"" + from + "\"");
                QVERIFY(at != std::string::npos);
                text.replace(at, from.size() + 2, "\"" + to + "\"");
            };
            replace(oldId, "zz-" + tag);
            replace(oldName, "Marker-" + tag);
            fs::create_directories(presets / folder);
            std::ofstream(presets / folder / ("zz-" + tag + ".json"), std::ios::binary) << text;
        };
        copyAs("devices", "h20", "h20", "H20");
        copyAs("models", "llama-3-8b", "llama-3-8b", "Llama-3-8B");
    }

    /// Runs `cli args` with MERIDIAN_PRESETS_DIR set to `presetsEnv` (unset if empty).
    static QString run(const QString& cli, const QStringList& args, const QString& presetsEnv)
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove("MERIDIAN_PRESETS_DIR");
        if (!presetsEnv.isEmpty())
            env.insert("MERIDIAN_PRESETS_DIR", presetsEnv);
        p.setProcessEnvironment(env);
        p.start(cli, args);
        if (!p.waitForFinished(60000))
            return "timed out";
        return QString::fromUtf8(p.readAllStandardOutput() + p.readAllStandardError());
    }

private Q_SLOTS:
    void installedCliReadsTheInstalledPresets()
    {
        QTemporaryDir prefix;
        QVERIFY(prefix.isValid());
        const fs::path root = prefix.path().toStdString();
        fs::create_directories(root / "bin");
        const fs::path cli = root / "bin" / "meridian-cli";
        fs::copy_file(MERIDIAN_CLI_PATH, cli);
        const fs::path presets = root / "share" / "meridian" / "presets";
        fs::create_directories(presets.parent_path());
        fs::copy(fs::path(MERIDIAN_SOURCE_DIR) / "presets", presets, fs::copy_options::recursive);
        addMarkers(presets, "installed");
        const QString exe = QString::fromStdString(cli.string());

        // The installed copy has the markers; the source tree compiled into the CLI has not.
        const QString gpus = run(exe, {"generate", "rail-optimised", "--help"}, {});
        QVERIFY2(gpus.contains("Marker-installed"), qPrintable(gpus));
        QVERIFY2(gpus.contains("H100-SXM"), qPrintable(gpus));
        const QString models = run(exe, {"model", "--list"}, {});
        QVERIFY2(models.contains("zz-installed"), qPrintable(models));

        // $MERIDIAN_PRESETS_DIR wins over the installed folder.
        QTemporaryDir other;
        const fs::path envPresets = fs::path(other.path().toStdString()) / "presets";
        fs::copy(fs::path(MERIDIAN_SOURCE_DIR) / "presets", envPresets,
                 fs::copy_options::recursive);
        addMarkers(envPresets, "env");
        const QString envGpus = run(exe, {"generate", "rail-optimised", "--help"},
                                    QString::fromStdString(envPresets.string()));
        QVERIFY2(envGpus.contains("Marker-env"), qPrintable(envGpus));
        QVERIFY2(!envGpus.contains("Marker-installed"), qPrintable(envGpus));

        // A variable naming a missing folder is ignored: the installed presets again.
        const QString missing =
            run(exe, {"generate", "rail-optimised", "--help"}, prefix.path() + "/no-such-dir");
        QVERIFY2(missing.contains("Marker-installed"), qPrintable(missing));
    }
};

MERIDIAN_TEST(InstalledPresetsTest)
#include "InstalledPresetsTest.moc"
