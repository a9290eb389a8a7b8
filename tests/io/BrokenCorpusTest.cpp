// Every file of tests/data/broken/ must fail with an InputError that names the file, a
// location (JSON path or line/column) and the expected problem — never crash or load.
#include "TestMain.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/io/ProjectFile.hpp"

#include <QDir>
#include <QFile>
#include <QtTest/QtTest>

using namespace meridian;

class BrokenCorpusTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void manifestCoversTheCorpus()
    {
        const QDir dir(test::dataPath("broken"));
        QStringList files = dir.entryList({"*.topo"}, QDir::Files, QDir::Name);
        QStringList listed;
        QFile manifest(dir.filePath("EXPECTED.txt"));
        QVERIFY(manifest.open(QIODevice::ReadOnly | QIODevice::Text));
        while (!manifest.atEnd()) {
            const QString line = QString::fromUtf8(manifest.readLine()).trimmed();
            if (!line.isEmpty() && !line.startsWith('#'))
                listed << line.section('\t', 0, 0);
        }
        listed.sort();
        QCOMPARE(listed, files);
        QVERIFY(files.size() >= 25);
    }

    void everyFileFailsPrecisely_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("fragment");
        const QDir dir(test::dataPath("broken"));
        QFile manifest(dir.filePath("EXPECTED.txt"));
        if (!manifest.open(QIODevice::ReadOnly | QIODevice::Text))
            return;
        while (!manifest.atEnd()) {
            const QString line = QString::fromUtf8(manifest.readLine()).chopped(1);
            if (line.isEmpty() || line.startsWith('#'))
                continue;
            const QString file = line.section('\t', 0, 0);
            QTest::newRow(qPrintable(file)) << dir.filePath(file) << line.section('\t', 1);
        }
    }
    void everyFileFailsPrecisely()
    {
        QFETCH(QString, path);
        QFETCH(QString, fragment);
        try {
            io::readProject(path.toStdString());
            QFAIL("loaded a broken file");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.file()), path);
            QVERIFY2(!e.location().empty(), e.what());
            const QString location = QString::fromStdString(e.location());
            QVERIFY2(location.startsWith('/') || location.startsWith("line "), e.what());
            QVERIFY2(QString::fromStdString(e.problem()).contains(fragment), e.what());
        }
        // The all-problems API agrees and never returns a half-loaded project.
        const auto result = io::loadProjectFile(path.toStdString());
        QVERIFY(!result.ok());
        QVERIFY(!result.project);
    }

    void truncatedPrefixesNeverCrash()
    {
        // Every prefix of a valid file is either valid or an InputError (no other exception).
        const std::string text = R"({"format": "meridian.topo", "version": 1, "name": "p",
 "nodes": [{"id": "a", "kind": "center", "attrs": {"gpu_count": 8, "fabric": {"topology": "ring"}}},
           {"id": "b", "kind": "router"}],
 "links": [{"id": "l", "a": "a", "b": "b", "bandwidth_gbps": 10, "delay": "5ms",
            "schedule": [{"at_s": 1, "loss": "1%"}]}]})";
        int errors = 0;
        for (std::size_t n = 0; n <= text.size(); ++n) {
            try {
                io::parseProject(std::string_view(text).substr(0, n), "prefix.topo");
            } catch (const InputError& e) {
                ++errors;
                QVERIFY(!e.location().empty());
            }
        }
        QCOMPARE(errors, int(text.size())); // only the full text is valid
    }
};

MERIDIAN_TEST(BrokenCorpusTest)
#include "BrokenCorpusTest.moc"
