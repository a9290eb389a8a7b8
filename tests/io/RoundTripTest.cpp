// Data-driven round trips: every presets/*.topo and every generator kind with its defaults
// goes read → write → read to an equal Project, and writing again gives identical bytes; and
// every row of the attribute tables, set through its own accessor, is written and read back
// with no other code naming it (a new attribute needs only its row and its field).
#include "TestMain.hpp"
#include "meridian/io/ProjectFile.hpp"
#include "meridian/topology/AttributeTable.hpp"
#include "meridian/topology/Generators.hpp"

#include <QDir>
#include <QtTest/QtTest>
#include <cmath>
#include <nlohmann/json.hpp>
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

/// A valid value of row `a` that is not the default item's (`current`): inside the range
/// for a number (in engine units), another choice, or a text.
topology::AttributeValue otherValue(const topology::AttributeInfo& a,
                                    const std::optional<topology::AttributeValue>& current)
{
    using topology::AttributeType;
    if (a.type == AttributeType::Choice)
        return a.choices.back() == std::get<std::string>(*current) ? a.choices.front()
                                                                   : a.choices.back();
    if (a.type == AttributeType::Text)
        return std::string("x-") + a.key;
    const double lo = a.min.value_or(0.0);
    double v = a.max ? lo + (*a.max - lo) / 4.0 : lo + 3.0;
    if (a.whole)
        v = std::floor(v);
    return a.toSi(v);
}

/// Two centres c0 (with a fabric) and c1 joined by link c0-c1.
io::Project twoCentres()
{
    io::Project p;
    topology::NodeAttributes c;
    c.kind = topology::NodeKind::Center;
    c.id = "c0";
    c.fabric = topology::FabricSpec{};
    p.topology.addNode(c);
    c.id = "c1";
    p.topology.addNode(c);
    topology::LinkAttributes l;
    l.id = "c0-c1";
    l.a = "c0";
    l.b = "c1";
    p.topology.addLink(l);
    return p;
}

/// `p` written and read back equal, the text carrying `key`.
void roundTrip(const io::Project& p, const std::string& key, const std::string& label)
{
    const std::string text = io::serializeProject(p);
    QVERIFY2(text.find("\"" + key + "\"") != std::string::npos, label.c_str());
    QVERIFY2(io::parseProject(text, label) == p, label.c_str());
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

    void everyAttributeRowRoundTripsThroughItsAccessor()
    {
        using topology::AttributeInfo;
        int rows = 0;
        for (const AttributeInfo& a : topology::linkAttributeTable()) {
            if (a.params) { // a→b, and through its twin in LinkPatch the b→a override
                io::Project p = twoCentres();
                topology::LinkAttributes l = p.topology.link(LinkId(0));
                QVERIFY(a.params.set(l.params, otherValue(a, a.params.get(l.params))));
                p.topology.updateLink(LinkId(0), l);
                roundTrip(p, a.key, "forward " + a.key);
                l = twoCentres().topology.link(LinkId(0));
                QVERIFY(a.patch.set(l.reverse, otherValue(a, a.params.get(l.params))));
                p.topology.updateLink(LinkId(0), l);
                roundTrip(p, a.key, "reverse " + a.key);
                ++rows;
            }
            if (a.link) {
                io::Project p = twoCentres();
                topology::LinkAttributes l = p.topology.link(LinkId(0));
                QVERIFY(a.link.set(l, otherValue(a, a.link.get(l))));
                p.topology.updateLink(LinkId(0), l);
                roundTrip(p, a.key, "link " + a.key);
                ++rows;
            }
        }
        QCOMPARE(rows, static_cast<int>(topology::linkAttributeTable().size()));
        for (const auto* table :
             {&topology::nodeAttributeTable(), &topology::fabricAttributeTable()})
            for (const AttributeInfo& a : *table) {
                io::Project p = twoCentres();
                topology::NodeAttributes n = p.topology.node(NodeId(0));
                QVERIFY2(static_cast<bool>(a.node) != static_cast<bool>(a.fabric), a.key.c_str());
                QVERIFY(a.node ? a.node.set(n, otherValue(a, a.node.get(n)))
                               : a.fabric.set(*n.fabric, otherValue(a, a.fabric.get(*n.fabric))));
                p.topology.updateNode(NodeId(0), n);
                roundTrip(p, a.key, a.key);
            }
    }
};

MERIDIAN_TEST(RoundTripTest)
#include "RoundTripTest.moc"
