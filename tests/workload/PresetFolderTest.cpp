// A preset folder (devices/, models/) holds files anyone can edit: whatever a bad file makes
// the JSON library throw (a syntax error, a number no double can hold, a value of the wrong
// type or a missing key met by the reader) is an InputError naming that file, never an
// nlohmann exception escaping to the caller (the CLI and the GUI catch InputError only).
#include "TestMain.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/workload/DeviceCatalogue.hpp"
#include "meridian/workload/ModelCatalogue.hpp"
#include "meridian/workload/Presets.hpp"

#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

using namespace meridian;
using namespace meridian::workload;

class PresetFolderTest : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    /// A folder holding one file `name` with `text`.
    std::filesystem::path folderWith(const std::string& folder, const std::string& name,
                                     const std::string& text)
    {
        const std::filesystem::path dir =
            m_dir.filePath(QString::fromStdString(folder)).toStdString();
        std::filesystem::create_directories(dir);
        std::ofstream(dir / name, std::ios::binary) << text;
        return dir;
    }

    /// The file the InputError `read` throws names ("(no InputError)" if none; any other
    /// exception escapes and fails the test).
    static std::string fileOfError(const std::function<void()>& read)
    {
        try {
            read();
        } catch (const InputError& e) {
            return e.file();
        }
        return "(no InputError)";
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void syntaxErrorNamesTheFile()
    {
        const auto dir = folderWith("syntax", "h100.json", R"({"id": "h100",)");
        QCOMPARE(fileOfError([&] { DeviceCatalogue::load(dir); }), (dir / "h100.json").string());
    }

    void numberNoDoubleCanHoldNamesTheFile()
    {
        // 1e605 is valid JSON; nlohmann::json throws out_of_range (406) while parsing it.
        const auto devices =
            folderWith("huge-devices", "x.json", R"({"id": "x", "memory_gib": 1e605})");
        QCOMPARE(fileOfError([&] { DeviceCatalogue::load(devices); }),
                 (devices / "x.json").string());
        const auto models =
            folderWith("huge-models", "m.json", R"({"name": "m", "hidden_size": 1e605})");
        QCOMPARE(fileOfError([&] { ModelCatalogue::load(models); }), (models / "m.json").string());
    }

    void wrongTypeOrMissingKeyInTheReaderNamesTheFile()
    {
        // Readers of presets may use nlohmann's checked accessors: their type_error and
        // out_of_range are errors in the file, too.
        const auto dir = folderWith("typed", "a.json", R"({"count": "three"})");
        QCOMPARE(fileOfError([&] {
                     forEachPresetJson(dir, "test presets",
                                       [](const auto&, const nlohmann::json& j) {
                                           (void)j.at("count").get<int>(); // type_error 302
                                       });
                 }),
                 (dir / "a.json").string());
        QCOMPARE(fileOfError([&] {
                     forEachPresetJson(dir, "test presets",
                                       [](const auto&, const nlohmann::json& j) {
                                           (void)j.at("missing"); // out_of_range 403
                                       });
                 }),
                 (dir / "a.json").string());
    }
};

MERIDIAN_TEST(PresetFolderTest)
#include "PresetFolderTest.moc"
