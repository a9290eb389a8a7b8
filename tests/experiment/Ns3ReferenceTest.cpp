// Meridian pinned to committed ns-3.37 packet-level figures (tests/reference/results, made by
// tests/reference/run_program_order.sh; docs/validation.md): NCCL rings in NCCL's program
// order, and the lossy 1 GiB CUBIC transfer. The suite itself does not run here; these
// rows re-run Meridian only. Tolerances per regime, from the committed comparison:
//   bandwidth-bound ring steps (10 Gbit/s, 1 ms hops)   |error| ≤ 5 %  (seen: ≤ 2.5 %)
//   latency-bound ring steps (2.5 Gbit/s, 7.5 ms hops)   |error| ≤ 20 % (seen: +12 … +16 %:
//     Meridian's TCP start on these 30 ms paths is slower than ns-3's)
//   1 GiB, 10 Gbit/s, 20 ms, loss 1e-4, CUBIC           |error| ≤ 5 %  (seen: −2.4 %)
#include "StarRing.hpp"
#include "TestMain.hpp"
#include "meridian/experiment/Runner.hpp"
#include "meridian/io/ProjectFile.hpp"

#include <QtTest/QtTest>
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

using namespace meridian;
using nlohmann::json;

namespace {

json transport(double window_bytes)
{
    return {{"mss_bytes", 1448},
            {"initial_window_segments", 10},
            {"max_window_bytes", window_bytes},
            {"min_rto_s", 0.2},
            {"congestion_control", "cubic"}};
}

std::vector<std::string> split(const std::string& line)
{
    std::vector<std::string> out;
    std::stringstream ss(line);
    std::string cell;
    while (std::getline(ss, cell, ','))
        out.push_back(cell);
    return out;
}

} // namespace

class Ns3ReferenceTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void programOrderRings_data()
    {
        QTest::addColumn<int>("n");
        QTest::addColumn<int>("channels");
        QTest::addColumn<double>("gbps");
        QTest::addColumn<double>("delay_ms");
        QTest::addColumn<double>("ns3_s");
        std::ifstream in(MERIDIAN_SOURCE_DIR "/tests/reference/results/ns3-program-order.csv");
        QVERIFY(in);
        std::string line;
        std::getline(in, line); // header
        int rows = 0;
        while (std::getline(in, line)) {
            const auto f = split(line);
            QVERIFY(f.size() >= 11);
            QTest::newRow(f[0].c_str()) << std::stoi(f[1]) << std::stoi(f[2]) << std::stod(f[9])
                                        << std::stod(f[10]) << std::stod(f[6]);
            ++rows;
        }
        QVERIFY(rows >= 8);
    }

    void programOrderRings()
    {
        QFETCH(int, n);
        QFETCH(int, channels);
        QFETCH(double, gbps);
        QFETCH(double, delay_ms);
        QFETCH(double, ns3_s);
        const double got = test::runSeconds(
            test::star(n, gbps, delay_ms, 67108864, "tcp",
                       {{"transport", transport(6291456)}, {"comm", {{"channels", channels}}}}));
        const double tolerance = delay_ms <= 1.0 ? 0.05 : 0.20;
        const double error = (got - ns3_s) / ns3_s;
        qInfo("%s: Meridian %.4f s, ns-3 %.4f s, error %+.1f %% (tolerance %.0f %%)",
              QTest::currentDataTag(), got, ns3_s, 100 * error, 100 * tolerance);
        QVERIFY2(std::abs(error) <= tolerance, qPrintable(QString::number(100 * error)));
    }

    void lossyGigabyteTransfer()
    {
        // ns-3 row tcp1g-loss0.0001 of results/ns3.csv: 248.7 s.
        const json links = json::array({{{"id", "access"},
                                         {"a", "snd"},
                                         {"b", "rtr"},
                                         {"bandwidth_gbps", 100},
                                         {"delay_ms", 0},
                                         {"queue_pkts", 1000000}},
                                        {{"id", "bottleneck"},
                                         {"a", "rtr"},
                                         {"b", "rcv"},
                                         {"bandwidth_gbps", 10},
                                         {"delay_ms", 20},
                                         {"queue_pkts", 1000},
                                         {"loss", 1e-4},
                                         {"reverse", {{"loss", 0}}}}});
        const json nodes = json::array({{{"id", "snd"}, {"kind", "host"}},
                                        {{"id", "rtr"}, {"kind", "router"}},
                                        {{"id", "rcv"}, {"kind", "host"}}});
        const json e = {{"kind", "p2p"},     {"from", "snd"},
                        {"to", "rcv"},       {"bytes", 1073741824},
                        {"protocol", "tcp"}, {"transport", transport(100e6)}};
        const double got = test::runSeconds({{"format", "meridian.topo"},
                                             {"version", 1},
                                             {"nodes", nodes},
                                             {"links", links},
                                             {"experiment", e}});
        QVERIFY2(std::abs(got - 248.7) / 248.7 <= 0.05, qPrintable(QString::number(got)));
    }
};

MERIDIAN_TEST(Ns3ReferenceTest)
#include "Ns3ReferenceTest.moc"
