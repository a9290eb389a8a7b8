// Data-driven round trips: every presets/*.topo and every generator kind with its defaults
// goes read → write → read to an equal Project, and writing again gives identical bytes.
#include "TestMain.hpp"
#include "meridian/io/ProjectFile.hpp"
#include "meridian/topology/Generators.hpp"

#include <QDir>
#include <QtTest/QtTest>
#include <set>

using namespace meridian;

namespace {

void checkRoundTrip(const io::Project& original, const std::string& label)
{
    const std::string text1 = io::serializeProject(original);
    const io::Project back = io::parseProject(text1, label);
    QVERIFY2(back == original, label.c_str());
    const std::string text2 = io::serializeProject(back);
    QVERIFY2(text1 == text2, label.c_str());
    QVERIFY2(io::parseProject(text2, label) == original, label.c_str());
}

} // namespace

class RoundTripTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void presets_data()
    {
        QTest::addColumn<QString>("path");
        const QDir dir(test::sourcePath("presets"));
        const QStringList files = dir.entryList({"*.topo"}, QDir::Files, QDir::Name);
        QVERIFY(files.size() >= 3);
        for (const QString& f : files)
            QTest::newRow(qPrintable(f)) << dir.filePath(f);
    }
    void presets()
    {
        QFETCH(QString, path);
        const io::Project p = io::readProject(path.toStdString());
        QVERIFY(p.topology.nodeCount() > 0);
        checkRoundTrip(p, path.toStdString());
    }

    void everyGeneratorKindWithDefaults_data()
    {
        QTest::addColumn<QString>("kind");
        std::set<std::string> kinds;
        for (const auto& g : topology::generators()) {
            kinds.insert(g.name);
            QTest::newRow(g.name.c_str()) << QString::fromStdString(g.name);
        }
        // The kinds the documentation promises are all registered.
        for (const char* k : {"star", "ring", "full-mesh", "fat-tree", "spine-leaf",
                              "rail-optimised", "random-geo", "multi-centre"})
            QVERIFY2(kinds.count(k) == 1, k);
    }
    void everyGeneratorKindWithDefaults()
    {
        QFETCH(QString, kind);
        io::Project p;
        p.name = "generated " + kind.toStdString();
        p.topology = topology::generate(kind.toStdString(), {}, 1);
        QVERIFY(p.topology.nodeCount() > 0);
        checkRoundTrip(p, kind.toStdString());
    }
};

MERIDIAN_TEST(RoundTripTest)
#include "RoundTripTest.moc"
