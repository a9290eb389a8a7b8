// Reader hardening: linear-time JSON parsing, sane value ranges, schedule `up` with a
// direction, one-line error messages, bounded reads of non-regular files.
#include "TestMain.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/io/GraphmlImport.hpp"
#include "meridian/io/ProjectFile.hpp"

#include <QElapsedTimer>
#include <QtTest/QtTest>
#include <string>

using namespace meridian;

namespace {

/// A two-router project whose only link carries `linkFields` (JSON members, no braces).
std::string twoRouters(const std::string& linkFields)
{
    return R"({"format": "meridian.topo", "version": 1,
      "nodes": [{"id": "a", "kind": "router"}, {"id": "b", "kind": "router"}],
      "links": [{"id": "l", "a": "a", "b": "b")" +
           (linkFields.empty() ? std::string() : ", " + linkFields) + "}]}";
}

/// The first problem of loading `text`, or "" if it loads.
std::string firstError(const std::string& text)
{
    try {
        io::parseProject(text, "t.topo");
    } catch (const InputError& e) {
        return e.what();
    }
    return {};
}

/// `count` copies of `element` joined by commas.
std::string repeated(const std::string& element, std::size_t count)
{
    std::string out;
    out.reserve(count * (element.size() + 1));
    for (std::size_t i = 0; i < count; ++i) {
        if (i > 0)
            out.push_back(',');
        out += element;
    }
    return out;
}

} // namespace

class ReaderHardeningTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void millionEmptyObjectsAreRejectedAtTheFirst()
    {
        // The callback parser took ~26 s for 1.2 MB of "{}," (quadratic); the SAX reader is
        // linear. Correctness is asserted, the time is only reported.
        const std::string text = R"({"format": "meridian.topo", "version": 1, "nodes": [)" +
                                 repeated("{}", 1000000) + "]}";
        QElapsedTimer timer;
        timer.start();
        const std::string err = firstError(text);
        qInfo("1e6 empty nodes: %lld ms", static_cast<long long>(timer.elapsed()));
        QVERIFY2(err.find("t.topo: /nodes/0: missing required key 'id'") == 0, err.c_str());
    }

    void millionElementExtraParsesAndDuplicateAtTheEndIsFound()
    {
        const std::string body = repeated("{\"k\":1}", 1000000);
        io::Project p = io::parseProject(
            R"({"format": "meridian.topo", "version": 1, "big": [)" + body + "]}", "t.topo");
        QCOMPARE(p.extra["big"].size(), std::size_t{1000000});
        QCOMPARE(p.extra["big"][999999]["k"].get<int>(), 1);
        const std::string err = firstError(R"({"format": "meridian.topo", "version": 1, "big": [)" +
                                           body + R"(,{"k":1,"k":2}]})");
        QVERIFY2(err.find("/big/1000000/k: duplicate key 'k'") != std::string::npos, err.c_str());
    }

    void duplicateKeyPathIsPrecise()
    {
        const std::string err = firstError(twoRouters(R"("schedule": [{"at_s": 1, "loss": 0},
            {"at_s": 2, "loss": 0.1, "loss": 0.2}])"));
        QVERIFY2(err.find("t.topo: /links/0/schedule/1/loss: duplicate key 'loss'") == 0,
                 err.c_str());
    }

    void absurdValuesAreRejected_data()
    {
        QTest::addColumn<QString>("fields");
        QTest::addColumn<QString>("fragment");
        QTest::newRow("denormal bandwidth") << R"("bandwidth_gbps": 1e-320)"
                                            << "/links/0/bandwidth_gbps";
        QTest::newRow("tiny bandwidth string") << R"("bandwidth": "0.5 bps")"
                                               << "/links/0/bandwidth_gbps";
        QTest::newRow("huge bandwidth") << R"("bandwidth_gbps": 2e6)"
                                        << "/links/0/bandwidth_gbps";
        QTest::newRow("huge delay") << R"("delay_ms": 2e8)"
                                    << "/links/0/delay_ms: link 'l': delay_ms";
        QTest::newRow("huge delay string") << R"("delay": "2h")"
                                           << "/links/0/delay_ms";
        QTest::newRow("huge jitter") << R"("jitter_ms": 1e7)"
                                     << "/links/0/jitter_ms";
        QTest::newRow("fractional queue") << R"("queue_pkts": 1.5)"
                                          << "is not a whole number";
        QTest::newRow("fractional queue text") << R"("queue_pkts": "2.5")"
                                               << "is not a whole number";
        QTest::newRow("huge queue") << R"("queue_pkts": 2e9)"
                                    << "/links/0/queue_pkts";
        QTest::newRow("huge queue bytes") << R"("queue_bytes": 1e13)"
                                          << "/links/0/queue_bytes";
        QTest::newRow("reverse huge delay") << R"("reverse": {"delay_ms": 1e7})"
                                            << "/links/0/reverse/delay_ms";
        QTest::newRow("schedule tiny bandwidth")
            << R"("schedule": [{"at_s": 1, "bandwidth_gbps": 1e-300}])"
            << "/links/0/schedule/0/bandwidth_gbps";
    }
    void absurdValuesAreRejected()
    {
        QFETCH(QString, fields);
        QFETCH(QString, fragment);
        const std::string err = firstError(twoRouters(fields.toStdString()));
        QVERIFY2(!err.empty(), "accepted");
        QVERIFY2(err.find(fragment.toStdString()) != std::string::npos, err.c_str());
    }

    void rangeLimitsThemselvesAreAccepted()
    {
        for (const char* fields :
             {R"("bandwidth_gbps": 1e-9, "delay_ms": 1e6, "jitter_ms": 1e6, "queue_pkts": 1e9)",
              R"("bandwidth_gbps": 1e6, "delay": "1000s", "queue_bytes": 1e12)",
              R"("bandwidth": "1 bps")"}) {
            const std::string err = firstError(twoRouters(fields));
            QVERIFY2(err.empty(), err.c_str());
        }
    }

    void nodeAndFabricRanges()
    {
        const std::string base = R"({"format": "meridian.topo", "version": 1, "nodes": [
            {"id": "c", "kind": "center", "attrs": )";
        QVERIFY(firstError(base + R"({"gpu_count": 2000000000}}]})").find("gpu_count") !=
                std::string::npos);
        QVERIFY(firstError(base + R"({"fabric": {"link_gbps": 1e-12}}}]})").find("link_gbps") !=
                std::string::npos);
        QVERIFY(firstError(base + R"({"fabric": {"latency_us": 2e9}}}]})").find("latency_us") !=
                std::string::npos);
        QVERIFY(
            firstError(base + R"({"memory_gb": 2048, "fabric": {"latency_us": 1e9}}}]})").empty());
    }

    void upWithOneDirectionIsRejected_data()
    {
        QTest::addColumn<QString>("step");
        QTest::addColumn<bool>("ok");
        QTest::newRow("up reverse")
            << R"({"at_s": 9, "up": false, "direction": "reverse"})" << false;
        QTest::newRow("up forward")
            << R"({"at_s": 9, "up": true, "direction": "forward"})" << false;
        QTest::newRow("up both") << R"({"at_s": 9, "up": false, "direction": "both"})" << true;
        QTest::newRow("up alone") << R"({"at_s": 9, "up": false})" << true;
        QTest::newRow("attribute reverse")
            << R"({"at_s": 9, "bandwidth_gbps": 1, "direction": "reverse"})" << true;
    }
    void upWithOneDirectionIsRejected()
    {
        QFETCH(QString, step);
        QFETCH(bool, ok);
        const std::string err =
            firstError(twoRouters("\"schedule\": [" + step.toStdString() + "]"));
        if (ok) {
            QVERIFY2(err.empty(), err.c_str());
        } else {
            QVERIFY2(err.find("t.topo: /links/0/schedule/0/direction: 'up' applies to both "
                              "directions") == 0,
                     err.c_str());
        }
    }

    void controlCharactersInMessagesAreEscaped()
    {
        // An id with a newline (legal JSON) must not split the one-line error in two.
        const std::string text = R"({"format": "meridian.topo", "version": 1,
          "nodes": [{"id": "a\nb", "kind": "router"}, {"id": "a\nb", "kind": "router"}]})";
        const std::string err = firstError(text);
        QVERIFY2(err.find('\n') == std::string::npos, err.c_str());
        QVERIFY2(err.find("duplicate node id 'a\\nb'") != std::string::npos, err.c_str());

        const std::string unit = firstError(twoRouters(R"("delay": "5\u0000ms\r")"));
        QVERIFY2(!unit.empty(), "accepted");
        QVERIFY2(unit.find('\n') == std::string::npos && unit.find('\r') == std::string::npos &&
                     unit.find('\0') == std::string::npos,
                 unit.c_str());
        QVERIFY2(unit.find("\\x00") != std::string::npos, unit.c_str());

        const InputError e("f\tile", "/x\n", std::string("bad\x01\x7f"));
        QCOMPARE(std::string(e.what()), std::string("f\\tile: /x\\n: bad\\x01\\x7f"));
    }

    void versionStringSaysNumber()
    {
        const std::string err =
            firstError(R"({"format": "meridian.topo", "version": "1", "nodes": []})");
        QVERIFY2(err.find("version must be the number 1") != std::string::npos, err.c_str());
    }

    void nonRegularFilesAreBounded()
    {
        if (!QFile::exists("/dev/zero"))
            QSKIP("no /dev/zero");
        const auto r = io::loadProjectFile("/dev/zero");
        QVERIFY(!r.ok());
        const std::string msg = r.errors.front().what();
        QVERIFY2(msg.find("/dev/zero: input is larger than the 256 MiB a .topo may have") == 0,
                 msg.c_str());
        try {
            io::importGraphml("/dev/zero");
            QFAIL("imported /dev/zero");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find("input is larger than") != std::string::npos,
                     e.what());
        }
    }
};

MERIDIAN_TEST(ReaderHardeningTest)
#include "ReaderHardeningTest.moc"
