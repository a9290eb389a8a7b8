// GraphML import: every Topology Zoo sample imports with the node/edge counts found by an
// independent XML reader (QXmlStreamReader), delays follow the haversine distance, the
// link-label table, fallbacks, and errors with line numbers.
#include "meridian/io/GraphmlImport.hpp"

#include "TestMain.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/io/LinkSpeedLabel.hpp"
#include "meridian/io/ProjectFile.hpp"
#include "meridian/topology/Validation.hpp"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest/QtTest>
#include <cmath>
#include <fstream>

using namespace meridian;
using namespace meridian::topology;

namespace {

struct XmlCounts
{
    int nodes = 0;
    int edges = 0;
    int selfLoops = 0;
    int nodesWithoutCoordinates = 0;
};

/// Counts nodes/edges/self loops and coordinate-less nodes with Qt's own XML reader.
XmlCounts countWithQt(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QXmlStreamReader xml(&f);
    XmlCounts c;
    QString latKey;
    bool inNode = false;
    bool nodeHasLat = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            const auto a = xml.attributes();
            if (xml.name() == u"key" && a.value("attr.name") == u"Latitude")
                latKey = a.value("id").toString();
            if (xml.name() == u"node") {
                ++c.nodes;
                inNode = true;
                nodeHasLat = false;
            }
            if (xml.name() == u"edge") {
                ++c.edges;
                if (a.value("source") == a.value("target"))
                    ++c.selfLoops;
            }
            if (xml.name() == u"data" && inNode && a.value("key") == latKey)
                nodeHasLat = true;
        } else if (xml.isEndElement() && xml.name() == u"node") {
            inNode = false;
            if (!nodeHasLat)
                ++c.nodesWithoutCoordinates;
        }
    }
    return c;
}

/// Haversine great-circle distance, written here independently of topology/Geo.
double haversineKm(double lat1, double lon1, double lat2, double lon2)
{
    constexpr double kR = 6371.0088;
    const double rad = M_PI / 180.0;
    const double dphi = (lat2 - lat1) * rad;
    const double dl = (lon2 - lon1) * rad;
    const double a = std::pow(std::sin(dphi / 2), 2) +
                     std::cos(lat1 * rad) * std::cos(lat2 * rad) * std::pow(std::sin(dl / 2), 2);
    return 2 * kR * std::asin(std::sqrt(a));
}

QString writeTemp(QTemporaryDir& dir, const QString& name, const std::string& text)
{
    const QString path = dir.filePath(name);
    std::ofstream(path.toStdString()) << text;
    return path;
}

const char* kHeader = R"(<?xml version="1.0" encoding="utf-8"?>
<graphml>
  <key attr.name="label" attr.type="string" for="node" id="d0" />
  <key attr.name="Latitude" attr.type="double" for="node" id="d1" />
  <key attr.name="Longitude" attr.type="double" for="node" id="d2" />
  <key attr.name="LinkLabel" attr.type="string" for="edge" id="d3" />
  <graph edgedefault="undirected">
)";

QStringList zooFiles()
{
    QStringList files;
    for (const QString& dirPath :
         {test::sharedPath("data/topologyzoo"), test::dataPath("topologyzoo")}) {
        const QDir dir(dirPath);
        for (const QString& f : dir.entryList({"*.graphml"}, QDir::Files, QDir::Name))
            files << dir.filePath(f);
    }
    return files;
}

} // namespace

class GraphmlImportTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void zooMapsImport_data()
    {
        QTest::addColumn<QString>("path");
        // The two in-tree samples always; the shared Topology Zoo maps when the checkout sits
        // next to them. (A QVERIFY failing here would leave no rows: QTest then aborts.)
        const QStringList files = zooFiles();
        for (const QString& f : files)
            QTest::newRow(qPrintable(QFileInfo(f).fileName())) << f;
    }
    void zooMapsImport()
    {
        QFETCH(QString, path);
        const XmlCounts expected = countWithQt(path);
        QVERIFY(expected.nodes > 0);
        const auto r = io::importGraphml(path.toStdString());
        QCOMPARE(int(r.topology.nodeCount()), expected.nodes);
        QCOMPARE(int(r.topology.linkCount()), expected.edges - expected.selfLoops);
        QVERIFY(!r.name.empty());
        QVERIFY(validate(r.topology).empty());
        int withoutCoordinates = 0;
        for (std::size_t i = 0; i < r.topology.nodeCount(); ++i) {
            const auto& n = r.topology.node(NodeId::fromIndex(i));
            QVERIFY(n.kind == NodeKind::Router);
            QVERIFY(std::isfinite(n.pos[0]) && std::isfinite(n.pos[1]));
            if (!n.latitude_deg)
                ++withoutCoordinates;
            else {
                QCOMPARE(n.pos[0], *n.longitude_deg * 10.0);
                QCOMPARE(n.pos[1], -*n.latitude_deg * 10.0);
            }
        }
        QCOMPARE(withoutCoordinates, expected.nodesWithoutCoordinates);
        // Every link has a positive speed and a delay, and the .topo round trip is exact.
        for (std::size_t i = 0; i < r.topology.linkCount(); ++i) {
            const auto& l = r.topology.link(LinkId::fromIndex(i));
            QVERIFY(l.params.bandwidth_bps > 0);
            QVERIFY(l.params.delay_s >= 0); // co-located nodes (Uninett) give 0
        }
        io::Project p;
        p.name = r.name;
        p.topology = r.topology;
        const std::string text = io::serializeProject(p);
        QVERIFY(io::parseProject(text, "zoo.topo") == p);
    }

    void abileneDelaysAndSpeeds()
    {
        const auto r =
            io::importGraphml(test::sharedPath("data/topologyzoo/Abilene.graphml").toStdString());
        QCOMPARE(r.name, std::string("Abilene"));
        const auto ny = r.topology.findNode("new-york");
        const auto chi = r.topology.findNode("chicago");
        QVERIFY(ny && chi);
        QCOMPARE(r.topology.node(*ny).name, std::string("New York"));
        // New York (40.71427, -74.00597) – Chicago (41.85003, -87.65005): ≈ 1145 km.
        const double km = haversineKm(40.71427, -74.00597, 41.85003, -87.65005);
        QVERIFY(std::fabs(km - 1145.0) < 5.0);
        bool found = false;
        for (LinkId id : r.topology.linksOf(*ny)) {
            const auto& l = r.topology.link(id);
            if (l.a == "new-york" && l.b == "chicago") {
                found = true;
                QVERIFY(std::fabs(l.params.delay_s - km * 4.9e-6) < 1e-9);
                // OC-192c: 192 × 51.84 Mbit/s.
                QCOMPARE(l.params.bandwidth_bps, 192 * 51.84e6);
                QCOMPARE(l.label, std::string("OC-192c"));
            }
        }
        QVERIFY(found);
        // The route factor scales delays linearly.
        io::GraphmlImportOptions o;
        o.route_factor = 1.5;
        const auto r2 = io::importGraphml(
            test::sharedPath("data/topologyzoo/Abilene.graphml").toStdString(), o);
        const double d1 = r.topology.link(LinkId(0)).params.delay_s;
        const double d2 = r2.topology.link(LinkId(0)).params.delay_s;
        QVERIFY(std::fabs(d2 - 1.5 * d1) < 2e-9);
    }

    void geantSpeedsAndAirtelFallbacks()
    {
        const auto g =
            io::importGraphml(test::sharedPath("data/topologyzoo/Geant2012.graphml").toStdString());
        int tenG = 0;
        for (std::size_t i = 0; i < g.topology.linkCount(); ++i)
            if (g.topology.link(LinkId::fromIndex(i)).params.bandwidth_bps == 10e9 &&
                g.topology.link(LinkId::fromIndex(i)).label == "10 Gbps")
                ++tenG;
        QCOMPARE(tenG, 26); // grep -c: 26 edges carry LinkSpeedRaw 10000000000.0
        io::GraphmlImportOptions o;
        o.default_bandwidth_bps = 1e9;
        const auto a =
            io::importGraphml(test::sharedPath("data/topologyzoo/Airtel.graphml").toStdString(), o);
        int defaults = 0;
        int unknownDelay = 0;
        for (std::size_t i = 0; i < a.topology.linkCount(); ++i) {
            const auto& l = a.topology.link(LinkId::fromIndex(i));
            defaults += l.params.bandwidth_bps == 1e9;
            const auto& A = a.topology.node(*a.topology.findNode(l.a));
            const auto& B = a.topology.node(*a.topology.findNode(l.b));
            if (!A.latitude_deg || !B.latitude_deg) {
                ++unknownDelay;
                QCOMPARE(l.params.delay_s, 1e-3);
            }
        }
        QCOMPARE(defaults, 37); // no Airtel label names a speed ("High Bandwidth", ...)
        QVERIFY(unknownDelay > 0);
        QVERIFY(!a.notes.empty());
        // Airtel has 11 parallel edges: links with the same endpoints are all kept.
        std::set<std::pair<std::string, std::string>> pairs;
        for (std::size_t i = 0; i < a.topology.linkCount(); ++i) {
            const auto& l = a.topology.link(LinkId::fromIndex(i));
            pairs.insert(std::minmax(l.a, l.b));
        }
        QCOMPARE(int(a.topology.linkCount() - pairs.size()), 11);
    }

    void linkLabels_data()
    {
        QTest::addColumn<QString>("label");
        QTest::addColumn<double>("bps");
        QTest::newRow("OC-3") << "OC-3" << 155.52e6;
        QTest::newRow("OC-12") << "OC-12" << 622.08e6;
        QTest::newRow("OC-48") << "OC-48" << 2.48832e9;
        QTest::newRow("OC-192") << "OC-192" << 9.95328e9;
        QTest::newRow("OC-192c") << "OC-192c" << 9.95328e9;
        QTest::newRow("OC768") << "oc768" << 39.81312e9;
        QTest::newRow("T1") << "T1" << 1.544e6;
        QTest::newRow("T3") << "T3" << 44.736e6;
        QTest::newRow("DS3") << "DS-3" << 44.736e6;
        QTest::newRow("E1") << "E1" << 2.048e6;
        QTest::newRow("E3") << "E3" << 34.368e6;
        QTest::newRow("STM-1") << "STM-1" << 155.52e6;
        QTest::newRow("STM-4") << "STM-4" << 622.08e6;
        QTest::newRow("STM-16") << "STM-16" << 2488.32e6;
        QTest::newRow("STM-64") << "STM-64" << 9953.28e6;
        QTest::newRow("GE") << "GE" << 1e9;
        QTest::newRow("10GE") << "10GE" << 10e9;
        QTest::newRow("10 Gbps") << "10 Gbps" << 10e9;
        QTest::newRow("1G") << "1G" << 1e9;
        QTest::newRow("100 Mbps") << "100 Mbps" << 100e6;
        QTest::newRow("2.5 Gbit/s") << "2.5 Gbit/s" << 2.5e9;
        QTest::newRow("2x10G") << "2x10G" << 20e9;
        QTest::newRow("4 x OC-48") << "4 x OC-48" << 4 * 2.48832e9;
        QTest::newRow("range") << "100-155 Mbit/s" << 100e6;
        QTest::newRow("prefixed") << "DTP-Ring 2.5 Gbit/s" << 2.5e9;
        QTest::newRow("colour") << "Red Link" << 0.0;
        QTest::newRow("text and bare number") << "Link 3" << 0.0;
        QTest::newRow("vague") << "High Bandwidth" << 0.0;
        QTest::newRow("bare number") << "10" << 0.0;
        QTest::newRow("empty") << "" << 0.0;
    }
    void linkLabels()
    {
        QFETCH(QString, label);
        QFETCH(double, bps);
        const auto v = io::parseLinkSpeedLabel(label.toStdString());
        if (bps == 0.0) {
            QVERIFY(!v);
        } else {
            QVERIFY(v);
            QVERIFY2(std::fabs(*v - bps) <= 1e-9 * bps, qPrintable(QString::number(*v)));
        }
    }

    void fallbackLayoutSelfLoopsAndForwardReferences()
    {
        QTemporaryDir dir;
        const QString path = writeTemp(dir, "g.graphml", std::string(kHeader) + R"(
    <edge source="0" target="2"><data key="d3">OC-48</data></edge>
    <edge source="2" target="2" />
    <edge source="0" target="1" />
    <edge source="0" target="1" />
    <node id="0"><data key="d0">A</data><data key="d1">10</data><data key="d2">20</data></node>
    <node id="1"><data key="d0">A</data><data key="d1">12</data><data key="d2">22</data></node>
    <node id="2"><data key="d0">No Coordinates</data></node>
    <node id="3" />
  </graph>
</graphml>
)");
        const auto r = io::importGraphml(path.toStdString());
        QCOMPARE(int(r.topology.nodeCount()), 4);
        QCOMPARE(int(r.topology.linkCount()), 3); // self loop dropped, parallel kept
        QVERIFY(r.topology.findLink("e0") && r.topology.findLink("e2") &&
                r.topology.findLink("e3"));
        QVERIFY(!r.topology.findLink("e1"));
        // Duplicate labels are made unique; a node without a label is named by its id.
        QVERIFY(r.topology.findNode("a") && r.topology.findNode("a-2"));
        QVERIFY(r.topology.findNode("n3"));
        // Node 2 sits 30 scene units from its only neighbour (node 0 at x=200, y=-100).
        const auto& n2 = r.topology.node(*r.topology.findNode("no-coordinates"));
        QVERIFY(!n2.latitude_deg);
        QCOMPARE(std::hypot(n2.pos[0] - 200.0, n2.pos[1] + 100.0), 30.0);
        QCOMPARE(r.topology.link(*r.topology.findLink("e0")).params.delay_s, 1e-3);
        QCOMPARE(r.topology.link(*r.topology.findLink("e0")).params.bandwidth_bps, 48 * 51.84e6);
        // Node 3 has no neighbour at all: placed on a ring around the others, still finite.
        const auto& n3 = r.topology.node(*r.topology.findNode("n3"));
        QVERIFY(std::isfinite(n3.pos[0]) && std::isfinite(n3.pos[1]));
        bool loopNote = false;
        for (const auto& n : r.notes)
            loopNote = loopNote || n.find("self loop") != std::string::npos;
        QVERIFY(loopNote);
    }

    void errorsCarryLineNumbers_data()
    {
        QTest::addColumn<QString>("body");
        QTest::addColumn<QString>("location");
        QTest::addColumn<QString>("fragment");
        // kHeader ends after line 7 (<graph>); line 8 is the body's leading newline.
        QTest::newRow("missing node") << R"(
    <node id="0" />
    <edge source="0" target="9" />
  </graph></graphml>)"
                                      << "line 10"
                                      << "target '9' is not a node";
        QTest::newRow("malformed") << R"(
    <node id="0">
  </graph></graphml>)"
                                   << "line 10"
                                   << "malformed XML";
        QTest::newRow("undeclared key") << R"(
    <node id="0"><data key="zz">1</data></node>
  </graph></graphml>)"
                                        << "line 9"
                                        << "undeclared key 'zz'";
        QTest::newRow("duplicate node") << R"(
    <node id="0" />
    <node id="0" />
  </graph></graphml>)"
                                        << "line 10"
                                        << "duplicate node id '0'";
    }
    void errorsCarryLineNumbers()
    {
        QFETCH(QString, body);
        QFETCH(QString, location);
        QFETCH(QString, fragment);
        QTemporaryDir dir;
        const QString path = writeTemp(dir, "bad.graphml", kHeader + body.toStdString());
        try {
            io::importGraphml(path.toStdString());
            QFAIL("no InputError");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.file()), path);
            QCOMPARE(QString::fromStdString(e.location()), location);
            QVERIFY2(QString::fromStdString(e.problem()).contains(fragment), e.what());
        }
    }

    void badNumbersAreIgnoredWithANote()
    {
        // One bad value must not abort the import of a whole map: the attribute is ignored
        // and a note names the line.
        QTemporaryDir dir;
        const QString path = writeTemp(dir, "n.graphml", R"(<?xml version="1.0"?>
<graphml>
  <key attr.name="Latitude" attr.type="double" for="node" id="d1" />
  <key attr.name="Longitude" attr.type="double" for="node" id="d2" />
  <key attr.name="LinkSpeed" attr.type="string" for="edge" id="e1" />
  <key attr.name="LinkSpeedUnits" attr.type="string" for="edge" id="e2" />
  <key attr.name="LinkSpeedRaw" attr.type="double" for="edge" id="e3" />
  <graph edgedefault="undirected">
    <node id="0"><data key="d1">north</data><data key="d2">10</data></node>
    <node id="1"><data key="d1">12</data><data key="d2">22</data></node>
    <node id="2"><data key="d1">13</data><data key="d2">23</data></node>
    <edge source="0" target="1"><data key="e1">abc</data><data key="e2">G</data></edge>
    <edge source="1" target="2"><data key="e3">1e-300</data></edge>
    <edge source="0" target="2"><data key="e3">2.5e9</data></edge>
  </graph>
</graphml>
)");
        const auto r = io::importGraphml(path.toStdString(), {});
        QCOMPARE(int(r.topology.nodeCount()), 3);
        QCOMPARE(int(r.topology.linkCount()), 3);
        const auto& n0 = r.topology.node(NodeId::fromIndex(0));
        QVERIFY(!n0.latitude_deg && !n0.longitude_deg); // the bad latitude drops the pair
        // 'abc' and an absurd 1e-300 bit/s fall back to the default speed; 2.5e9 is kept.
        QCOMPARE(r.topology.link(LinkId::fromIndex(0)).params.bandwidth_bps, 10e9);
        QCOMPARE(r.topology.link(LinkId::fromIndex(1)).params.bandwidth_bps, 10e9);
        QCOMPARE(r.topology.link(LinkId::fromIndex(2)).params.bandwidth_bps, 2.5e9);
        QVERIFY(topology::validate(r.topology).empty());
        bool lat = false;
        bool speed = false;
        for (const auto& n : r.notes) {
            lat = lat || n == "line 9: Latitude 'north' is not a number; ignored";
            speed = speed || n == "line 12: LinkSpeed 'abc' is not a number; ignored";
        }
        QVERIFY(lat);
        QVERIFY(speed);
    }

    void nestedGraphKeepsTheOuterNodesData()
    {
        QTemporaryDir dir;
        const QString path = writeTemp(dir, "nest.graphml", std::string(kHeader) + R"(
    <node id="0">
      <graph edgedefault="undirected"><node id="inner" /></graph>
      <data key="d0">Outer</data><data key="d1">10</data><data key="d2">20</data>
    </node>
    <node id="1"><data key="d0">Other</data><data key="d1">11</data><data key="d2">21</data></node>
    <edge source="0" target="1" />
  </graph>
</graphml>
)");
        const auto r = io::importGraphml(path.toStdString());
        QCOMPARE(int(r.topology.nodeCount()), 3);
        const auto outer = r.topology.findNode("outer");
        QVERIFY(outer);
        QCOMPARE(r.topology.node(*outer).latitude_deg.value_or(0), 10.0);
        QCOMPARE(r.topology.node(*outer).longitude_deg.value_or(0), 20.0);
    }

    void fallbackLayoutOfALongChainIsLinear()
    {
        // 20,000 nodes in a chain, only the first with coordinates: placed level by level
        // (breadth first), each 30 scene units from its predecessor.
        constexpr int n = 20000;
        std::string body = std::string(kHeader) +
                           R"(<node id="0"><data key="d1">0</data><data key="d2">0</data></node>)";
        for (int i = 1; i < n; ++i)
            body += "<node id=\"" + std::to_string(i) + "\"/><edge source=\"" +
                    std::to_string(i - 1) + "\" target=\"" + std::to_string(i) + "\"/>\n";
        body += "</graph></graphml>\n";
        QTemporaryDir dir;
        const QString path = writeTemp(dir, "chain.graphml", body);
        QElapsedTimer t;
        t.start();
        const auto r = io::importGraphml(path.toStdString());
        qInfo("chain of %d: %lld ms", n, static_cast<long long>(t.elapsed()));
        QCOMPARE(int(r.topology.nodeCount()), n);
        for (int i = 1; i < n; ++i) {
            const auto& a = r.topology.node(NodeId::fromIndex(static_cast<std::size_t>(i - 1))).pos;
            const auto& b = r.topology.node(NodeId::fromIndex(static_cast<std::size_t>(i))).pos;
            QVERIFY(std::abs(std::hypot(a[0] - b[0], a[1] - b[1]) - 30.0) < 1e-6);
        }
    }

    void notGraphmlOrMissing()
    {
        QTemporaryDir dir;
        const QString path = writeTemp(dir, "x.graphml", "<svg></svg>");
        QVERIFY_THROWS_EXCEPTION(InputError, io::importGraphml(path.toStdString()));
        QVERIFY_THROWS_EXCEPTION(InputError,
                                 io::importGraphml(dir.filePath("none.graphml").toStdString()));
        const QString junk = writeTemp(dir, "j.graphml", std::string("\x00\xff\xfe junk", 9));
        QVERIFY_THROWS_EXCEPTION(InputError, io::importGraphml(junk.toStdString()));
    }
};

MERIDIAN_TEST(GraphmlImportTest)
#include "GraphmlImportTest.moc"
