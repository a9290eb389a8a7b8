// .topo reader/writer: round trips with every attribute kind, canonical bytes, unit strings,
// precise errors (JSON path, line/column), loading all problems, atomic writes.
#include "meridian/io/ProjectFile.hpp"

#include "SampleProjects.hpp"
#include "TestMain.hpp"
#include "meridian/core/Error.hpp"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

using namespace meridian;
using namespace meridian::topology;
using meridian::io::Project;
using meridian::test::richProject;

namespace {

std::string topo(const std::string& body)
{
    return R"({"format": "meridian.topo", "version": 1, "name": "t", )" + body + "}";
}

const std::string kTwoNodes =
    R"("nodes": [{"id": "a", "kind": "router"}, {"id": "b", "kind": "router"}])";

/// The InputError that parsing `text` throws (fails the test if none is thrown).
std::optional<InputError> errorOf(const std::string& text)
{
    try {
        io::parseProject(text, "mem.topo");
    } catch (const InputError& e) {
        return e;
    }
    return std::nullopt;
}

} // namespace

class ProjectFileTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void roundTripIsEqualAndByteIdentical()
    {
        const Project original = richProject();
        const std::string first = io::serializeProject(original);
        const Project read = io::parseProject(first, "rich.topo");
        QVERIFY(read.topology == original.topology);
        QVERIFY(read.experiment == original.experiment);
        QVERIFY(read.extra == original.extra);
        QVERIFY(read == original);
        const std::string second = io::serializeProject(read);
        QCOMPARE(QString::fromStdString(second), QString::fromStdString(first));
        // Spot-check the canonical encoding.
        const auto doc = nlohmann::json::parse(first);
        QCOMPARE(doc["links"][0]["bandwidth_gbps"].get<double>(), 0.15552);
        QCOMPARE(doc["links"][0]["queue_bytes"].get<double>(), 65536.0);
        QVERIFY(!doc["links"][0].contains("queue_pkts"));
        QCOMPARE(doc["links"][0]["reverse"]["queue_pkts"].get<double>(), 500.0);
        QCOMPARE(doc["links"][3]["bandwidth_gbps"].get<double>(), 10.0);
        QVERIFY(!doc["links"][3].contains("loss")); // default omitted
        QCOMPARE(first.back(), '\n');
        QVERIFY(first.rfind(R"({
  "format": "meridian.topo",
  "version": 1,)",
                            0) == 0);
    }

    void everyDoubleSurvivesScaling_data()
    {
        QTest::addColumn<double>("delay_s");
        QTest::addColumn<double>("bandwidth_bps");
        QTest::newRow("plain") << 0.015 << 10e9;
        QTest::newRow("oc-192") << 0.0012345 << 9.95328e9;
        QTest::newRow("tiny") << 1e-12 << 1.0;
        QTest::newRow("odd") << 0.1 + 0.2 << 1e9 / 3.0;
        // Walk a range of doubles, including ones with no exact file-unit partner.
        double d = 0.008;
        for (int i = 0; i < 40; ++i) {
            d = std::nextafter(d, 1.0);
            QTest::newRow(qPrintable(QString("ulp-%1").arg(i))) << d << 1e9 + i;
        }
    }
    void everyDoubleSurvivesScaling()
    {
        QFETCH(double, delay_s);
        QFETCH(double, bandwidth_bps);
        Project p;
        NodeAttributes a;
        a.id = "a";
        NodeAttributes b;
        b.id = "b";
        p.topology.addNode(a);
        p.topology.addNode(b);
        LinkAttributes l;
        l.id = "l";
        l.a = "a";
        l.b = "b";
        l.params.delay_s = delay_s;
        l.params.bandwidth_bps = bandwidth_bps;
        p.topology.addLink(l);
        const Project back = io::parseProject(io::serializeProject(p), "x.topo");
        QCOMPARE(back.topology.link(LinkId(0)).params.delay_s, delay_s);
        QCOMPARE(back.topology.link(LinkId(0)).params.bandwidth_bps, bandwidth_bps);
    }

    void linkMtuIsOneRowOfTheTable()
    {
        // mtu_bytes was added as one row of linkAttributeTable() plus its LinkParams field and
        // LinkPatch twin: the reader (plain, reverse override, schedule step), the writer (at
        // its place in the table's order, omitted at its default 0) and the range check come
        // from that row alone.
        const std::string text = topo(kTwoNodes + R"(, "links": [
              {"id": "l1", "a": "a", "b": "b", "mtu_bytes": 9000, "reverse": {"mtu_bytes": "4KiB"},
               "schedule": [{"at_s": 5, "mtu_bytes": 1500}]},
              {"id": "l2", "a": "a", "b": "b"}])");
        const Project p = io::parseProject(text, "mtu.topo");
        const auto& l1 = p.topology.link(LinkId(0));
        QCOMPARE(l1.params.mtu_bytes, 9000.0);
        QCOMPARE(*l1.reverse.mtu_bytes, 4096.0);
        QCOMPARE(l1.direction(1).mtu_bytes, 4096.0);
        QCOMPARE(*l1.schedule.at(0).patch.mtu_bytes, 1500.0);
        QCOMPARE(p.topology.link(LinkId(1)).params.mtu_bytes, 0.0);
        const std::string written = io::serializeProject(p);
        QVERIFY(written.find(R"("queue_pkts": 1000,
      "mtu_bytes": 9000)") != std::string::npos);
        QCOMPARE(written.find("mtu_bytes", written.find(R"("id": "l2")")), std::string::npos);
        QVERIFY(io::parseProject(written, "mtu.topo") == p);
        const auto e = errorOf(topo(kTwoNodes + R"(, "links": [
              {"id": "l1", "a": "a", "b": "b", "mtu_bytes": 70000}])"));
        QVERIFY(e.has_value());
        QVERIFY2(std::string(e->what()).find("/links/0/mtu_bytes") != std::string::npos, e->what());
    }

    void unitStringsAreAccepted()
    {
        const Project p = io::parseProject(topo(kTwoNodes + R"(, "links": [
              {"id": "l1", "a": "a", "b": "b", "bandwidth": "400G", "delay": "15ms",
               "jitter": "500us", "loss": "0.1%", "queue_bytes": "64KiB",
               "reverse": {"bandwidth_gbps": "2.5 Gbit/s", "delay_ms": "0.02s"},
               "schedule": [{"at": "10min", "bandwidth": "100M"}, {"at_s": "3600", "up": false}]},
              {"id": "l2", "a": "a", "b": "b", "bandwidth_gbps": "40", "delay_ms": "7"}])"),
                                           "units.topo");
        const auto& l1 = p.topology.link(LinkId(0));
        QCOMPARE(l1.params.bandwidth_bps, 400e9);
        QCOMPARE(l1.params.delay_s, 0.015);
        QCOMPARE(l1.params.jitter_s, 500e-6);
        QCOMPARE(l1.params.loss, 0.001);
        QCOMPARE(l1.params.queue, 65536.0);
        QVERIFY(l1.params.queue_unit == QueueUnit::Bytes);
        QCOMPARE(*l1.reverse.bandwidth_bps, 2.5e9);
        QCOMPARE(*l1.reverse.delay_s, 0.02);
        QCOMPARE(l1.schedule.at(0).at_s, 600.0);
        QCOMPARE(*l1.schedule.at(0).patch.bandwidth_bps, 100e6);
        QCOMPARE(l1.schedule.at(1).at_s, 3600.0);
        // A bare numeric string takes the canonical key's unit.
        const auto& l2 = p.topology.link(LinkId(1));
        QCOMPARE(l2.params.bandwidth_bps, 40e9);
        QCOMPARE(l2.params.delay_s, 7.0 * 1e-3);
        // Written back in canonical numeric keys only.
        const std::string text = io::serializeProject(p);
        QVERIFY(text.find("\"bandwidth\"") == std::string::npos);
        QVERIFY(text.find("\"bandwidth_gbps\": 400") != std::string::npos);
        QVERIFY(text.find("\"delay_ms\": 15") != std::string::npos);
    }

    void errorsNameThePath_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("location");
        QTest::addColumn<QString>("fragment");
        const auto row = [](const char* name, const std::string& text, const char* loc,
                            const char* frag) {
            QTest::newRow(name) << QString::fromStdString(text) << loc << frag;
        };
        row("typo in link",
            topo(kTwoNodes + R"(, "links": [{"id": "l", "a": "a", "b": "b", "bandwith_gbps": 1}])"),
            "/links/0/bandwith_gbps", "unknown key");
        row("typo in attrs",
            topo(R"("nodes": [{"id": "a", "kind": "center", "attrs": {"gpu_cnt": 2}}])"),
            "/nodes/0/attrs/gpu_cnt", "unknown key");
        row("typo in fabric",
            topo(R"("nodes": [{"id": "a", "kind": "center", "attrs": {"fabric": {"topo": "x"}}}])"),
            "/nodes/0/attrs/fabric/topo", "unknown key");
        row("typo in schedule",
            topo(
                kTwoNodes +
                R"(, "links": [{"id": "l", "a": "a", "b": "b", "schedule": [{"at_s": 1, "lose": 0.1}]}])"),
            "/links/0/schedule/0/lose", "unknown key");
        row("wrong version", R"({"format": "meridian.topo", "version": 2, "surprise": 1})",
            "/version", "unsupported version 2");
        row("wrong format", R"({"format": "other", "version": 1})", "/format",
            "expected \"meridian.topo\"");
        row("loss range",
            topo(kTwoNodes + R"(, "links": [{"id": "l", "a": "a", "b": "b", "loss": 1.5}])"),
            "/links/0/loss", "loss 1.5");
        row("loss type",
            topo(kTwoNodes + R"(, "links": [{"id": "l", "a": "a", "b": "b", "loss": true}])"),
            "/links/0/loss", "expected a number or a string");
        row("bad unit",
            topo(kTwoNodes +
                 R"(, "links": [{"id": "l", "a": "a", "b": "b", "delay": "15 parsecs"}])"),
            "/links/0/delay", "cannot read '15 parsecs'");
        row("alias without unit",
            topo(kTwoNodes + R"(, "links": [{"id": "l", "a": "a", "b": "b", "delay": "15"}])"),
            "/links/0/delay", "needs a unit");
        row("alias number",
            topo(kTwoNodes + R"(, "links": [{"id": "l", "a": "a", "b": "b", "bandwidth": 10}])"),
            "/links/0/bandwidth", "expected a string with a unit");
        row("both alias and key",
            topo(kTwoNodes +
                 R"(, "links": [{"id": "l", "a": "a", "b": "b", "delay": "1ms", "delay_ms": 1}])"),
            "/links/0/delay", "keep one");
        row("dangling", topo(kTwoNodes + R"(, "links": [{"id": "l", "a": "a", "b": "zz"}])"),
            "/links/0/b", "unknown node 'zz'");
        row("duplicate node",
            topo(R"("nodes": [{"id": "a", "kind": "gpu"}, {"id": "a", "kind": "gpu"}])"),
            "/nodes/1/id", "duplicate node id 'a'");
        row("duplicate key", topo(R"("nodes": [{"id": "a", "kind": "gpu", "kind": "host"}])"),
            "/nodes/0/kind", "duplicate key 'kind'");
        row("unknown kind", topo(R"("nodes": [{"id": "a", "kind": "toaster"}])"), "/nodes/0/kind",
            "unknown node kind 'toaster'");
        row("syntax", "{\n  \"format\": \"meridian.topo\",\n  \"version\": 1,\n  \"nodes\": [}\n",
            "line 4, column 13", "invalid JSON");
        row("overflow", "{\"format\": \"meridian.topo\",\n\"version\": 1e999}", "line 2, column 12",
            "out of range");
        row("deep", std::string(100, '['), "line 1, column 65", "nested deeper");
        row("empty", "", "line 1, column 1", "invalid JSON");
        row("self loop", topo(kTwoNodes + R"(, "links": [{"id": "l", "a": "a", "b": "a"}])"),
            "/links/0/b", "self loop");
        row("schedule order",
            topo(
                kTwoNodes +
                R"(, "links": [{"id": "l", "a": "a", "b": "b", "schedule": [{"at_s": 5, "up": false}, {"at_s": 4, "up": true}]}])"),
            "/links/0/schedule/1/at_s", "increase strictly");
        row("not an object", "[1, 2]", "/", "expected an object");
    }
    void errorsNameThePath()
    {
        QFETCH(QString, text);
        QFETCH(QString, location);
        QFETCH(QString, fragment);
        const auto e = errorOf(text.toStdString());
        QVERIFY2(e.has_value(), "no InputError thrown");
        QCOMPARE(QString::fromStdString(e->file()), QString("mem.topo"));
        QCOMPARE(QString::fromStdString(e->location()), location);
        QVERIFY2(QString::fromStdString(e->problem()).contains(fragment), e->what());
    }

    void loadReportsEveryValidationIssue()
    {
        const auto result = io::loadProject(
            topo(kTwoNodes +
                 R"(, "links": [{"id": "l", "a": "a", "b": "b", "loss": 2, "bandwidth_gbps": 0},
                 {"id": "m", "a": "a", "b": "b", "jitter_ms": -1}])"),
            "many.topo");
        QVERIFY(!result.ok());
        QVERIFY(!result.project);
        QCOMPARE(result.errors.size(), std::size_t(3));
        QCOMPARE(QString::fromStdString(result.errors[0].location()),
                 QString("/links/0/bandwidth_gbps"));
        QCOMPARE(QString::fromStdString(result.errors[1].location()), QString("/links/0/loss"));
        QCOMPARE(QString::fromStdString(result.errors[2].location()),
                 QString("/links/1/jitter_ms"));
        const auto e = errorOf(topo(
            kTwoNodes +
            R"(, "links": [{"id": "l", "a": "a", "b": "b", "loss": 2, "bandwidth_gbps": 0}])"));
        QVERIFY(e && QString::fromStdString(e->problem()).contains("(and 1 more problem)"));
    }

    void unknownTopLevelKeysAreKeptAndUtf8BomAccepted()
    {
        const Project p =
            io::parseProject("\xEF\xBB\xBF" + topo(R"("future": {"x": 1})"), "bom.topo");
        QCOMPARE(p.extra["future"]["x"].get<int>(), 1);
        QVERIFY(p.experiment.is_null());
    }

    void atomicWriteReplacesAndLeavesNoTemporary()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::filesystem::path target = dir.filePath("p.topo").toStdString();
        io::writeProject(richProject(), target);
        io::writeFileAtomically(target, "second\n");
        std::ifstream in(target);
        std::string content((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        QCOMPARE(QString::fromStdString(content), QString("second\n"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden | QDir::System).size(), 1);
    }

    void atomicWriteFailureKeepsTargetAndThrows()
    {
        QTemporaryDir dir;
        // Target is a directory: nothing is clobbered, no temporary is left behind.
        const QString sub = dir.filePath("sub");
        QVERIFY(QDir().mkpath(sub));
        QVERIFY_THROWS_EXCEPTION(InputError, io::writeFileAtomically(sub.toStdString(), "x"));
        QVERIFY(QFileInfo(sub).isDir());
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden | QDir::System).size(), 0);
        // Missing directory: an InputError naming the path.
        const std::string missing = dir.filePath("nope/p.topo").toStdString();
        try {
            io::writeFileAtomically(missing, "x");
            QFAIL("no error");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.file()), QString::fromStdString(missing));
        }
        // Read-only directory (skipped as root, who may write anyway).
        if (::geteuid() != 0) {
            const QString ro = dir.filePath("ro");
            QVERIFY(QDir().mkpath(ro));
            const std::string target = (ro + "/p.topo").toStdString();
            io::writeFileAtomically(target, "old\n");
            QVERIFY(::chmod(ro.toLocal8Bit().constData(), 0555) == 0);
            QVERIFY_THROWS_EXCEPTION(InputError, io::writeFileAtomically(target, "new\n"));
            ::chmod(ro.toLocal8Bit().constData(), 0755);
            std::ifstream in(target);
            std::string content((std::istreambuf_iterator<char>(in)),
                                std::istreambuf_iterator<char>());
            QCOMPARE(QString::fromStdString(content), QString("old\n"));
            QCOMPARE(QDir(ro).entryList(QDir::Files | QDir::Hidden | QDir::System).size(), 1);
        }
    }

    void readProjectNamesTheFile()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("x.topo").toStdString();
        try {
            io::readProject(path);
            QFAIL("no error");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.file()), QString::fromStdString(path));
            QVERIFY(QString::fromStdString(e.problem()).contains("no such file"));
        }
        io::writeProject(richProject(), path);
        QVERIFY(io::readProject(path) == richProject());
    }
};

MERIDIAN_TEST(ProjectFileTest)
#include "ProjectFileTest.moc"
