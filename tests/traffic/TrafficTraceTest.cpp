// Trace generators (docs/traffic.md, `trace`): a CSV of flows replayed as written — each flow at
// its time after the generator's start, its size, its pair — against the fluid closed forms of
// the flows; TCP flows each on a new connection; and the errors of the file (file, line,
// problem) and of the generator's keys.
#include "TestMain.hpp"
#include "TrafficFixtures.hpp"
#include "meridian/core/Error.hpp"

#include <QtTest/QtTest>
#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

using namespace meridian;
using nlohmann::json;

namespace {

const std::string kTraceDataDir = std::string(MERIDIAN_TEST_DATA_DIR) + "/traffic";

/// h0, h1, h2 around switch sw, links l0, l1, l2 of 1 Gbit/s, one-way delay `delay_s` each.
topology::Topology traceStar(double delay_s = 0.0)
{
    return test::netStar(3, 1e9, delay_s);
}

json traceGenerator(const std::string& file)
{
    return {{"id", "log"}, {"kind", "trace"}, {"stop_s", 10}, {"file", file}};
}

std::string traceErrorOf(const json& generator)
{
    try {
        const topology::Topology topo = traceStar();
        traffic::TrafficSpec spec = traffic::parseTraffic(
            {{"generators", json::array({generator})}}, "/experiment/traffic", topo, "t.topo");
        traffic::loadTrafficFiles(spec, kTraceDataDir, "t.topo", topo);
    } catch (const InputError& e) {
        return e.what();
    }
    return {};
}

std::string csvErrorOf(const std::string& text)
{
    try {
        traffic::parseTraceCsv(text, "f.csv", traceStar());
    } catch (const InputError& e) {
        return e.what();
    }
    return {};
}

void expectContains(const std::string& got, const std::string& expected)
{
    QVERIFY2(got.find(expected) != std::string::npos, (got + "\n  expected: " + expected).c_str());
}

} // namespace

class TrafficTraceTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void aTraceIsReplayedFlowByFlow()
    {
        // trace-star.csv: 1.25 MB h0→h1 and 2.5 MB h2→h1 at 0.5 s, 125 kB h1→h0 at 2 s, 1 kB
        // h0→h2 at 3 s; the generator starts at 1 s and stops at 4 s, so the flows start at
        // 1.5, 1.5 and 3 s and the last (at 4 s) does not. UDP over 1 Gbit/s links without
        // delay: the two first share sw→h1 max-min, 0.5 Gbit/s each until the first ends after
        // 1.25e6·8/0.5e9 = 20 ms; the second has 1.25 MB left at 1 Gbit/s: 30 ms in all. The
        // third alone: 125,000·8/1e9 = 1 ms. Each also pays one 1,500-byte packet's store and
        // forward at the hop that is not its bottleneck (docs/network-model.md §2): 12 µs.
        json g = traceGenerator("trace-star.csv");
        g["start_s"] = 1;
        g["stop_s"] = 4;
        g["protocol"] = "udp";
        const double kHop_s = 1500 * 8 / 1e9;
        const topology::Topology topo = traceStar();
        const auto out =
            test::runTrafficOutcome(topo, {{"generators", json::array({g})}}, 1, kTraceDataDir);
        QCOMPARE(out.flows.size(), std::size_t(3));
        const traffic::GeneratorResult& r = out.results[0];
        QCOMPARE(r.kind, std::string("trace"));
        QCOMPARE(r.flows, std::uint64_t(3));
        QCOMPARE(r.flows_completed, std::uint64_t(3));
        QCOMPARE(r.offered_bytes, 3875000.0);
        QVERIFY(std::abs(r.carried_bytes - 3875000.0) < 1e-3);
        struct Want
        {
            const char* src;
            const char* dst;
            double start_s;
            double fct_s;
        };
        const Want want[] = {{"h0", "h1", 1.5, 0.020 + kHop_s},
                             {"h2", "h1", 1.5, 0.030 + kHop_s},
                             {"h1", "h0", 3.0, 0.001 + kHop_s}};
        for (const Want& w : want) {
            const auto f = std::find_if(out.flows.begin(), out.flows.end(), [&](const auto& x) {
                return topo.node(x.src).id == w.src && topo.node(x.dst).id == w.dst;
            });
            QVERIFY2(f != out.flows.end(), w.src);
            QVERIFY2(std::abs(f->start_s - w.start_s) < 1e-9,
                     qPrintable(QString::number(f->start_s)));
            QVERIFY2(std::abs(f->duration_s() - w.fct_s) < 1e-9,
                     qPrintable(QString::number(f->duration_s(), 'g', 12)));
        }
        // Nearest-rank percentiles of {1, 20, 30} ms (+ 12 µs), and their mean.
        QVERIFY(std::abs(r.fct_p50_s - (0.020 + kHop_s)) < 1e-9);
        QVERIFY(std::abs(r.fct_p99_s - (0.030 + kHop_s)) < 1e-9);
        QVERIFY(std::abs(r.fct_mean_s - (0.017 + kHop_s)) < 1e-9);
    }

    void everyTcpFlowOfATraceIsANewConnection()
    {
        // Two 1 MB flows h0→h1 at 0 and 0.3 s over RTT 20 ms (5 ms a link, two links a way):
        // each starts from the initial window in slow start, so both take the same time, and a
        // lone flow's slow start makes it longer than several round trips.
        const topology::Topology topo = traceStar(0.005);
        const auto spec = [&](const std::vector<traffic::TraceFlow>& flows) {
            traffic::TrafficSpec s =
                traffic::parseTraffic({{"generators", json::array({traceGenerator("unused.csv")})}},
                                      "/experiment/traffic", topo, "t.topo");
            s.generators[0].trace = flows;
            return s;
        };
        const traffic::TrafficSpec s = spec({{0.0, 1e6, "h0", "h1"}, {0.3, 1e6, "h0", "h1"}});
        sim::Simulator sim;
        net::Network net(sim, topo);
        traffic::TrafficRun run(sim, net, topo, s, 1);
        run.start();
        sim.run();
        const auto flows = net.flowRecords();
        QCOMPARE(flows.size(), std::size_t(2));
        qInfo("FCTs %.9f s and %.9f s", flows[0].duration_s(), flows[1].duration_s());
        QVERIFY(std::abs(flows[0].duration_s() - flows[1].duration_s()) < 1e-9);
        QVERIFY(flows[0].duration_s() > 4 * 0.020);
        QVERIFY(std::abs(flows[1].start_s - 0.3) < 1e-9);
    }

    void badTracesNameFileLineAndProblem()
    {
        expectContains(csvErrorOf("start_s,size_bytes,src,dst\n0.1,100,h0\n"),
                       "f.csv: line 2: expected 4 values \"start_s,size_bytes,src,dst\", got 3");
        expectContains(csvErrorOf("0.1,100,h0,h1\n-1,100,h0,h1\n"),
                       "f.csv: line 2: start_s: expected a time ≥ 0 in seconds, got '-1'");
        expectContains(csvErrorOf("0.1,100,h0,h1\n0.1,0,h0,h1\n"),
                       "f.csv: line 2: size_bytes: expected a number of bytes > 0, got '0'");
        expectContains(csvErrorOf("0.1,1e3,h0,h1\n0.1,12kB,h0,h1\n"),
                       "f.csv: line 2: size_bytes: expected a number of bytes > 0, got '12kB'");
        expectContains(csvErrorOf("# c\n\n0.1,100,h0,h9\n"),
                       "f.csv: line 3: dst: unknown node 'h9'");
        expectContains(csvErrorOf("0.1,100,h1,h1\n"),
                       "f.csv: line 1: src and dst are the same node 'h1'");
        expectContains(csvErrorOf("start_s,size_bytes,src,dst\n# nothing\n"), "f.csv: no flows");
        const std::string at = "t.topo: /experiment/traffic/generators/0";
        expectContains(traceErrorOf(traceGenerator("trace-unordered.csv")),
                       at + "/file: " + kTraceDataDir +
                           "/trace-unordered.csv: line 3: start_s 0.25 is before the previous "
                           "flow's 0.5: a trace lists its flows in time order");
        expectContains(traceErrorOf(traceGenerator("no-such.csv")),
                       at + "/file: cannot read the trace");
        json withFrom = traceGenerator("trace-star.csv");
        withFrom["from"] = "h0";
        expectContains(traceErrorOf(withFrom), at + "/from: does not apply to a trace generator");
        json noFile = traceGenerator("");
        noFile.erase("file");
        expectContains(traceErrorOf(noFile), at + ": missing required key 'file'");
        json withProfile = traceGenerator("trace-star.csv");
        withProfile["profile"] = {{"shape", "diurnal"}, {"min_multiplier", 0.5}};
        expectContains(traceErrorOf(withProfile),
                       at + "/profile: does not apply to a trace generator");
        json withSize = traceGenerator("trace-star.csv");
        withSize["size"] = {{"law", "web-search"}};
        expectContains(traceErrorOf(withSize), at + "/size");
        // A trace that parses is read whole.
        QCOMPARE(traceErrorOf(traceGenerator("trace-star.csv")), std::string());
    }
};

MERIDIAN_TEST(TrafficTraceTest)
#include "TrafficTraceTest.moc"
