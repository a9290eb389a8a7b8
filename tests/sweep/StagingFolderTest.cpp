// StagingFolder (app/sweep): a sweep point's folder appears at its target only when complete,
// with exactly the bytes written; an uncommitted folder leaves nothing behind.
#include "app/sweep/StagingFolder.hpp"

#include "TestMain.hpp"
#include "meridian/core/Error.hpp"

#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

using namespace meridian;
namespace fs = std::filesystem;

namespace {

std::string readText(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

} // namespace

class StagingFolderTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void theTargetAppearsOnlyOnCommitWithTheBytesWritten()
    {
        QTemporaryDir dir;
        const fs::path root = dir.path().toStdString();
        fs::create_directories(root / "points");
        const fs::path target = root / "points" / "p";
        const std::string json = "{\n  \"a\": 1\n}\n";
        const std::string big(300000, 'x'); // more than one page and one write-back chunk
        {
            sweep::StagingFolder staging(root / ".partial" / "p.host.1.0");
            staging.write("point.topo", "text\n");
            staging.write("results/results.json", json);
            staging.write("results/deep/big.csv", big);
            QVERIFY(!fs::exists(target));
            QCOMPARE(readText(staging.path() / "results" / "results.json"), json);
            staging.commit(target);
            QVERIFY(!fs::exists(root / ".partial" / "p.host.1.0"));
        }
        // Committed: the destructor leaves the target alone.
        QCOMPARE(readText(target / "point.topo"), std::string("text\n"));
        QCOMPARE(readText(target / "results" / "results.json"), json);
        QCOMPARE(readText(target / "results" / "deep" / "big.csv"), big);
    }

    void anUncommittedFolderIsRemovedAndTheTargetKept()
    {
        QTemporaryDir dir;
        const fs::path root = dir.path().toStdString();
        const fs::path target = root / "p";
        fs::create_directories(target);
        std::ofstream(target / "point.json") << "old\n";
        const fs::path stagingPath = root / ".partial" / "p.host.1.0";
        {
            sweep::StagingFolder staging(stagingPath);
            staging.write("point.json", "new\n");
            QVERIFY(fs::exists(stagingPath / "point.json"));
        } // a cancelled run or an error before commit
        QVERIFY(!fs::exists(stagingPath));
        QCOMPARE(readText(target / "point.json"), std::string("old\n"));
    }

    void commitReplacesAStaleTargetWhole()
    {
        QTemporaryDir dir;
        const fs::path root = dir.path().toStdString();
        const fs::path target = root / "p";
        fs::create_directories(target / "results");
        std::ofstream(target / "results" / "stale.csv") << "stale\n";
        sweep::StagingFolder staging(root / "p.staging");
        staging.write("point.json", "new\n");
        staging.commit(target);
        QCOMPARE(readText(target / "point.json"), std::string("new\n"));
        QVERIFY(!fs::exists(target / "results"));
        QVERIFY(!fs::exists(root / "p.staging.old"));
    }

    void aLeftoverOfTheSameNameIsReplaced()
    {
        QTemporaryDir dir;
        const fs::path stagingPath = fs::path(dir.path().toStdString()) / "p.host.1.0";
        fs::create_directories(stagingPath / "results");
        std::ofstream(stagingPath / "results" / "half.json") << "{";
        sweep::StagingFolder staging(stagingPath);
        QVERIFY(!fs::exists(stagingPath / "results"));
        QVERIFY(fs::is_directory(stagingPath));
    }

    void aFileWhereAFolderMustGoIsAnInputError()
    {
        QTemporaryDir dir;
        sweep::StagingFolder staging(fs::path(dir.path().toStdString()) / "s");
        staging.write("results", "a file named like the folder\n");
        QVERIFY_THROWS_EXCEPTION(InputError, staging.write("results/results.json", "{}\n"));
    }
};

MERIDIAN_TEST(StagingFolderTest)
#include "StagingFolderTest.moc"
