// Meridian pinned to committed ns-3.37 packet-level figures (tests/reference/results, made by
// tests/reference/run_program_order.sh; docs/validation.md): NCCL rings in NCCL's program
// order, and the lossy 1 GiB CUBIC transfer. The suite itself does not run here; these
// rows re-run Meridian only. Tolerances per regime, from the committed comparison:
//   bandwidth-bound ring steps (10 Gbit/s, 1 ms hops)   |error| ≤ 5 %  (seen: ≤ 2.5 %)
//   latency-bound ring steps (2.5 Gbit/s, 7.5 ms hops), one channel   |error| ≤ 10 %
//     (seen: +1.6 … +3.9 %), two channels |error| ≤ 25 % (seen: +16 %, the 24-host headline
//     +20.4 %: Meridian keeps the two channels in lock-step, ns-3's drift apart)
//   1 GiB, 10 Gbit/s, 20 ms, loss 1e-4, CUBIC           |error| ≤ 15 % (seen: −12.8 %)
//   lossy transfers that see few losses (lossyTransients)  5 % / 15 % (see there)
// The program-order rows of results/ns3.csv (ringpo-*, ring24po-*, made by run_suite.py) are
// pinned too.
#include "StarRing.hpp"
#include "TestMain.hpp"
#include "meridian/experiment/Runner.hpp"
#include "meridian/io/ProjectFile.hpp"

#include <QtTest/QtTest>
#include <algorithm>
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

// ns-3 rows (results/ns3.csv case ids) pinned by lossyTransients: chosen where the model
// has a reason to match (docs/validation.md, Results), not where it happens to.
constexpr const char* LOSS_FREE_LIKE_ROWS[] = {
    "tcp-P1-rtt80-loss1e-05-q1bdp-cubic", // 69,061 segments < 1/p = 100,000: no loss
    "tcp-P4-rtt80-loss1e-05-q2bdp-cubic",
};
constexpr const char* FEW_LOSS_ROWS[] = {
    "tcp-P4-rtt80-loss0.0001-q2bdp-cubic", // 4 random drops over 4 flows
    "tcpunc-P4-rtt80-loss0.0001-q2bdp-cubic",
    "tcp-P1-rtt80-loss0.001-q1bdp-cubic", // 75 random drops: close to the steady state
};

// Tolerances of the program-order rings (docs/validation.md, "NCCL's program order"):
// bandwidth-bound steps (10 Gbit/s, 1 ms host links) 5 %; latency-bound steps (2.5 Gbit/s,
// 7.5 ms) 10 % with one channel; 25 % with two, whose fluid sharing keeps the channels in
// lock-step at half the link each where ns-3's drift apart (documented, not modelled).
double tolerance(double delay_ms, int channels)
{
    if (delay_ms <= 1.0)
        return 0.05;
    return channels > 1 ? 0.25 : 0.10;
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
        const double allowed = tolerance(delay_ms, channels);
        const double error = (got - ns3_s) / ns3_s;
        qInfo("%s: Meridian %.4f s, ns-3 %.4f s, error %+.1f %% (tolerance %.0f %%)",
              QTest::currentDataTag(), got, ns3_s, 100 * error, 100 * allowed);
        QVERIFY2(std::abs(error) <= allowed, qPrintable(QString::number(100 * error)));
    }

    // The grid's rings in NCCL's program order (results/ns3.csv rows with loop_bytes > 0:
    // groups ring and issue-ring24), mapped as tests/reference/compare.py does: window =
    // min(send, receive buffer), NCCL's default slicing, the row's channels.
    void programOrderGrid_data()
    {
        QTest::addColumn<int>("n");
        QTest::addColumn<int>("channels");
        QTest::addColumn<double>("gbps");
        QTest::addColumn<double>("delay_ms");
        QTest::addColumn<double>("bytes");
        QTest::addColumn<double>("window_bytes");
        QTest::addColumn<double>("ns3_s");
        std::ifstream in(MERIDIAN_SOURCE_DIR "/tests/reference/results/ns3.csv");
        QVERIFY(in);
        std::string line;
        std::getline(in, line);
        const auto header = split(line);
        auto column = [&](const char* name) {
            const auto it = std::find(header.begin(), header.end(), name);
            return static_cast<std::size_t>(it - header.begin());
        };
        const std::size_t loop = column("loop_bytes"), ns3 = column("ns3_s");
        QVERIFY(loop < header.size() && ns3 < header.size());
        int rows = 0;
        while (std::getline(in, line)) {
            const auto f = split(line);
            if (f.size() <= ns3 || f[loop].empty() || std::stod(f[loop]) <= 0)
                continue;
            QTest::newRow(f[0].c_str())
                << std::stoi(f[column("n")]) << std::stoi(f[column("channels")])
                << std::stod(f[column("bw_gbps")]) << std::stod(f[column("delay_ms")])
                << std::stod(f[column("bytes")])
                << std::min(std::stod(f[column("sndbuf")]), std::stod(f[column("rcvbuf")]))
                << std::stod(f[ns3]);
            ++rows;
        }
        QVERIFY(rows >= 6);
    }

    void programOrderGrid()
    {
        QFETCH(int, n);
        QFETCH(int, channels);
        QFETCH(double, gbps);
        QFETCH(double, delay_ms);
        QFETCH(double, bytes);
        QFETCH(double, window_bytes);
        QFETCH(double, ns3_s);
        const double got = test::runSeconds(test::star(n, gbps, delay_ms, bytes, "tcp",
                                                       {{"transport", transport(window_bytes)},
                                                        {"comm",
                                                         {{"channels", channels},
                                                          {"buffsize_bytes", 4194304},
                                                          {"steps", 8},
                                                          {"sockets", 1}}}}));
        const double allowed = tolerance(delay_ms, channels);
        const double error = (got - ns3_s) / ns3_s;
        qInfo("%s: Meridian %.4f s, ns-3 %.4f s, error %+.1f %% (tolerance %.0f %%)",
              QTest::currentDataTag(), got, ns3_s, 100 * error, 100 * allowed);
        QVERIFY2(std::abs(error) <= allowed, qPrintable(QString::number(100 * error)));
    }

    void lossyTransients_data()
    {
        // Lossy tcp_flows rows of results/ns3.csv whose transfers see few losses (column
        // random_drops): the loss-event model (docs/network-model.md §5) must give ns-3's
        // time, not a loss-limited steady rate. Mapped as tests/reference/compare.py maps
        // them (snd —10·B, 0 ms— rtr —B, RTT/2, loss, Q— rcv; max_window_bytes =
        // min(sndbuf, rcvbuf); P flows = P streams). Tolerance per regime:
        //   no loss expected in the transfer (bytes < MSS/p)                     5 %
        //   a few to tens of losses (seen: −9.5 % … −0.7 %)                       15 %
        //   CUBIC leaving slow start by HyStart, then ×1.05 per RTT before the first loss
        //   (tcp_cubic.c's cnt cap of 20): at RTT 2 ms the ACK trains of two rounds merge and
        //   HyStart ends slow start at ≈ 20 segments (seen −5.4 %, 20 ms +1.9 %)          10 %
        //   the same 20 ms, p = 1e-4 transfer whose one ns-3 sample with a 1-BDP queue took
        //   1.036 s and with a 2-BDP queue 0.592 s (2 random drops each, 2,149 and 483 queue
        //   drops in slow start); Meridian gives both 0.806 s (−22 %, +36 %): the spread of
        //   one sample, kept to catch drifts beyond it                                  25 %
        QTest::addColumn<std::string>("caseId");
        QTest::addColumn<double>("tolerance");
        for (const char* id : LOSS_FREE_LIKE_ROWS)
            QTest::newRow(id) << std::string(id) << 0.05;
        for (const char* id : FEW_LOSS_ROWS)
            QTest::newRow(id) << std::string(id) << 0.15;
        for (const char* id : {"tcp-P1-rtt2-loss0-q1bdp-cubic", "tcp-P1-rtt20-loss0-q1bdp-cubic"})
            QTest::newRow(id) << std::string(id) << 0.10;
        // NewReno mapped to ns-3's b = 2 (one increment per delayed ACK): 4 random drops after
        // a slow-start overshoot; the growth back is half Linux's, and ns-3's NewReno also
        // slow-starts ×1.5 per RTT (one segment per ACK), which Meridian does not model
        // (seen +18.5 %)                                                               20 %
        QTest::newRow("tcp-P1-rtt80-loss0.0001-q0.1bdp-newreno")
            << std::string("tcp-P1-rtt80-loss0.0001-q0.1bdp-newreno") << 0.20;
        // Four flows slow-starting together into one queue (the overshoot and HyStart with a
        // shared bottleneck): NewReno into a 0.1-BDP queue (seen −0.6 %), CUBIC at p = 1e-3
        // with a 1-BDP queue (seen −9.2 %)                                             15 %
        for (const char* id :
             {"tcp-P4-rtt20-loss0-q0.1bdp-newreno", "tcp-P4-rtt20-loss0.001-q1bdp-cubic"})
            QTest::newRow(id) << std::string(id) << 0.15;
        QTest::newRow("tcp-P1-rtt20-loss0.0001-q1bdp-cubic")
            << std::string("tcp-P1-rtt20-loss0.0001-q1bdp-cubic") << 0.25;
    }

    void lossyTransients()
    {
        QFETCH(std::string, caseId);
        QFETCH(double, tolerance);
        std::ifstream in(MERIDIAN_SOURCE_DIR "/tests/reference/results/ns3.csv");
        QVERIFY(in);
        std::string line;
        std::getline(in, line);
        const auto header = split(line);
        std::vector<std::string> row;
        while (std::getline(in, line)) {
            auto f = split(line);
            if (!f.empty() && f[0] == caseId)
                row = std::move(f);
        }
        QVERIFY2(!row.empty(), caseId.c_str());
        const auto col = [&](const char* name) {
            for (std::size_t i = 0; i < header.size(); ++i)
                if (header[i] == name)
                    return row.at(i);
            return std::string();
        };
        const double gbps = std::stod(col("bw_gbps"));
        const double loss = std::stod(col("loss"));
        json bottleneck = {{"id", "bottleneck"},
                           {"a", "rtr"},
                           {"b", "rcv"},
                           {"bandwidth_gbps", gbps},
                           {"delay_ms", std::stod(col("delay_ms"))},
                           {"queue_pkts", std::stoi(col("queue_pkts"))}};
        if (loss > 0) {
            bottleneck["loss"] = loss;
            bottleneck["reverse"] = {{"loss", 0}};
        }
        const json links = json::array({{{"id", "access"},
                                         {"a", "snd"},
                                         {"b", "rtr"},
                                         {"bandwidth_gbps", 10 * gbps},
                                         {"delay_ms", 0},
                                         {"queue_pkts", 1000000}},
                                        bottleneck});
        const json nodes = json::array({{{"id", "snd"}, {"kind", "host"}},
                                        {{"id", "rtr"}, {"kind", "router"}},
                                        {{"id", "rcv"}, {"kind", "host"}}});
        json tr = transport(std::min(std::stod(col("sndbuf")), std::stod(col("rcvbuf"))));
        tr["congestion_control"] = col("cc") == "cubic" ? "cubic" : "reno";
        if (col("cc") == "newreno")
            tr["delayed_ack_b"] = 2; // ns-3's TcpNewReno: one increment per (delayed) ACK
        json e = {{"kind", "p2p"},     {"from", "snd"},
                  {"to", "rcv"},       {"bytes", std::stod(col("bytes"))},
                  {"protocol", "tcp"}, {"seed", 1},
                  {"transport", tr}};
        if (std::stoi(col("flows")) > 1)
            e["streams"] = std::stoi(col("flows"));
        const double got = test::runSeconds({{"format", "meridian.topo"},
                                             {"version", 1},
                                             {"nodes", nodes},
                                             {"links", links},
                                             {"experiment", e}});
        const double ns3 = std::stod(col("ns3_s"));
        const double error = (got - ns3) / ns3;
        qInfo("%s: Meridian %.4f s, ns-3 %.4f s (%s random drops), error %+.1f %% (tolerance "
              "%.0f %%)",
              caseId.c_str(), got, ns3, col("random_drops").c_str(), 100 * error, 100 * tolerance);
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
        // Tolerance 15 % (seen: −12.8 %): the loss-event model (docs/network-model.md §5)
        // places the 72 losses at their expected spacing, from the slow-start overshoot on, and
        // Linux's CUBIC has the Reno-friendly region that ns-3.37's lacks (docs/validation.md,
        // departure 2); the loss-limited rate applied from the first byte gave −2.4 %.
        QVERIFY2(std::abs(got - 248.7) / 248.7 <= 0.15, qPrintable(QString::number(got)));
    }
};

MERIDIAN_TEST(Ns3ReferenceTest)
#include "Ns3ReferenceTest.moc"
