// Deterministic stand-in for the libFuzzer target (tests/fuzz, built only with clang and
// -DMERIDIAN_FUZZ=ON): the .topo reader over every file of tests/data/broken plus thousands
// of seeded mutations of the presets. Each input either loads (and then survives
// write → read unchanged) or fails with one InputError on one line; nothing else.
#include "TestMain.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/io/ProjectFile.hpp"

#include <QDir>
#include <QFile>
#include <QtTest/QtTest>
#include <array>
#include <random>
#include <string>

using namespace meridian;

namespace {

std::string readAll(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll().toStdString();
}

/// Returns "" if `text` behaves, else what went wrong.
std::string exercise(const std::string& text)
{
    try {
        const io::Project p = io::parseProject(text, "m.topo");
        const std::string written = io::serializeProject(p);
        if (!(io::parseProject(written, "m2.topo") == p))
            return "round trip changed the project";
    } catch (const InputError& e) {
        const std::string what = e.what();
        if (what.rfind("m.topo: ", 0) != 0)
            return "error does not name the file: " + what;
        if (what.find('\n') != std::string::npos || what.find('\r') != std::string::npos)
            return "error spans several lines: " + what;
    } catch (const std::exception& e) {
        return std::string("unexpected exception: ") + e.what();
    }
    return {};
}

std::string mutate(std::string s, std::mt19937_64& rng)
{
    static const std::array<const char*, 22> kTokens = {"}",
                                                        "]",
                                                        ",",
                                                        "\"",
                                                        "{",
                                                        "[",
                                                        "null",
                                                        "true",
                                                        "1e999",
                                                        "-1",
                                                        "0.5",
                                                        "1e-320",
                                                        "\"x\"",
                                                        "\\u0000",
                                                        "\\n",
                                                        "\"up\": false, ",
                                                        "\"direction\": \"reverse\", ",
                                                        "\"queue_pkts\": 1.5, ",
                                                        "\"delay_ms\": 2e8, ",
                                                        "\xff",
                                                        "\"id\": \"a\", ",
                                                        "\"at_s\": -1, "};
    const int ops = 1 + static_cast<int>(rng() % 3);
    for (int k = 0; k < ops && !s.empty(); ++k) {
        const std::size_t at = rng() % s.size();
        switch (rng() % 6) {
        case 0: // flip one byte
            s[at] = static_cast<char>(rng() & 0xFF);
            break;
        case 1: // delete a short range
            s.erase(at, 1 + rng() % 16);
            break;
        case 2: // duplicate a range
            s.insert(at, s.substr(rng() % s.size(), 1 + rng() % 64));
            break;
        case 3: // insert a token
            s.insert(at, kTokens[rng() % kTokens.size()]);
            break;
        case 4: // truncate
            s.resize(at);
            break;
        default: // change a digit
            for (std::size_t i = at; i < s.size(); ++i)
                if (s[i] >= '0' && s[i] <= '9') {
                    s[i] = static_cast<char>('0' + rng() % 10);
                    break;
                }
            break;
        }
    }
    return s;
}

} // namespace

class MutationTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void brokenCorpusBehaves()
    {
        const QDir dir(test::dataPath("broken"));
        int files = 0;
        for (const QString& f : dir.entryList({"*.topo"}, QDir::Files, QDir::Name)) {
            const std::string problem = exercise(readAll(dir.filePath(f)));
            QVERIFY2(problem.empty(), qPrintable(f + ": " + QString::fromStdString(problem)));
            ++files;
        }
        QVERIFY(files >= 25);
    }

    void seededMutationsOfThePresets()
    {
        const QDir dir(test::sourcePath("presets"));
        std::mt19937_64 rng(20261123);
        int loaded = 0;
        int rejected = 0;
        for (const QString& f : dir.entryList({"*.topo"}, QDir::Files, QDir::Name)) {
            const std::string original = readAll(dir.filePath(f));
            QVERIFY(!original.empty());
            for (int i = 0; i < 1500; ++i) {
                const std::string input = mutate(original, rng);
                const std::string problem = exercise(input);
                QVERIFY2(problem.empty(), qPrintable(QString("%1 mutation %2: %3")
                                                         .arg(f)
                                                         .arg(i)
                                                         .arg(QString::fromStdString(problem))));
                try {
                    io::parseProject(input, "m.topo");
                    ++loaded;
                } catch (const InputError&) {
                    ++rejected;
                }
            }
        }
        qInfo("mutations: %d loaded, %d rejected", loaded, rejected);
        // Both outcomes occur: the mutations are neither all fatal nor all harmless.
        QVERIFY(loaded > 0);
        QVERIFY(rejected > 0);
    }
};

MERIDIAN_TEST(MutationTest)
#include "MutationTest.moc"
