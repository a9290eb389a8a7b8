// Meridian pinned to committed ns-3.37 packet-level figures (tests/reference/results, made by
// tests/reference/run_suite.py and run_program_order.sh; docs/validation.md): NCCL rings in
// NCCL's program order, and single and parallel TCP transfers against ns-3 with Linux's
// congestion control. The suite itself does not run here; these rows re-run Meridian only.
// Tolerances per regime, from the committed comparison:
//   bandwidth-bound ring steps (10 Gbit/s, 1 ms hops)   |error| ≤ 5 %  (seen: ≤ 2.5 %)
//   latency-bound ring steps (2.5 Gbit/s, 7.5 ms hops), one channel   |error| ≤ 10 %
//     (seen: +1.6 … +3.9 %), two channels |error| ≤ 25 % (seen: +16 %, the 24-host headline
//     +20.4 %: Meridian keeps the two channels in lock-step, ns-3's drift apart)
//   TCP transfers (`transfers`, PINNED_ROWS): 8 % to 25 % by regime (see there)
//   background-traffic generators (`generators`, GENERATOR_ROWS, results/ns3-generators.csv):
//     5 % to 45 % by row (see there)
// The program-order rows of results/ns3.csv (ringpo-*, ring24po-*, made by run_suite.py) are
// pinned too, and some rows of the kernel's own TCP (results/linux.csv, made as root by
// tests/reference/linux/run_linux.py).
#include "StarRing.hpp"
#include "TestMain.hpp"
#include "meridian/experiment/Runner.hpp"
#include "meridian/io/ProjectFile.hpp"

#include <QtTest/QtTest>
#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <numeric>
#include <optional>
#include <sstream>
#include <stdexcept>
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

// A results CSV: header names → cells, one map per row.
struct Csv
{
    std::vector<std::map<std::string, std::string>> rows;
    std::optional<std::map<std::string, std::string>> find(const std::string& caseId) const
    {
        for (const auto& r : rows)
            if (r.at("case") == caseId)
                return r;
        return std::nullopt;
    }
};

Csv readCsv(const std::string& path)
{
    Csv out;
    std::ifstream in(path);
    std::string line;
    if (!std::getline(in, line))
        return out;
    const auto header = split(line);
    while (std::getline(in, line)) {
        const auto f = split(line);
        std::map<std::string, std::string> row;
        for (std::size_t i = 0; i < header.size(); ++i)
            row[header[i]] = i < f.size() ? f[i] : std::string();
        out.rows.push_back(std::move(row));
    }
    return out;
}

// tcp_flows rows pinned by `transfers`, chosen per regime where the model has a reason to
// match (docs/validation.md, Results), with the tolerance of the regime.
struct PinnedRow
{
    const char* caseId;
    /// "stock" (ns-3's TcpCubic/TcpNewReno), "linux" (ns-3 with linux_cc.h) or "kernel" (the
    /// kernel's own TCP, results/linux.csv, tests/reference/linux/)
    const char* reference;
    double tolerance;
};
constexpr PinnedRow PINNED_ROWS[] = {
    // Loss-free, no overshoot (queue ≥ 1 BDP): slow start, HyStart (at 2 ms the ACK trains
    // of two rounds merge and it ends at ≈ 20 segments), CUBIC's ×1.05 per RTT before the
    // first loss (seen −5.4 … +1.9 %)                                                      8 %
    {"tcp-P1-rtt80-loss0-q1bdp-cubic", "linux", 0.08},
    {"tcp-P1-rtt20-loss0-q1bdp-cubic", "linux", 0.08},
    {"tcp-P1-rtt2-loss0-q1bdp-cubic", "linux", 0.08},
    // One flow overshooting a small buffer in slow start: the loss is seen one RTT after the
    // first drop, at the doubled window plus the next round's segments before it (the issue's
    // 1 GiB row was +56 % when the cut came from the doubled window) (seen −6.1 … +0.9 %)   10 %
    {"tcp1g-loss0", "linux", 0.10},
    {"tcp-P1-rtt20-loss0-q0.1bdp-cubic", "linux", 0.10},
    {"tcpunc-P1-rtt80-loss0-q0.1bdp-newreno", "linux", 0.10},
    // The same when the send buffer holds the whole flight at the drop (4 MiB at 80 ms): the
    // cut window leaves as one burst when recovery frees the buffer and overflows the queue
    // again, a second cut (−41.8 % and −24.6 % with one cut) (seen −2.3 … +3.0 %)           10 %
    {"tcp-P1-rtt80-loss0-q0.1bdp-newreno", "linux", 0.10},
    {"tcp-P1-rtt80-loss0-q0.1bdp-cubic", "linux", 0.10},
    // Random loss, a transfer that meets a few losses: the mean over seeds of sampled losses
    // against the mean of ns-3's runs (a single run ranges over 2-10× here) (seen +2.4 …
    // +9.1 %)                                                                               15 %
    {"tcp-P1-rtt80-loss1e-05-q1bdp-cubic", "linux", 0.15},
    {"tcpunc-P1-rtt80-loss0.0001-q0.1bdp-newreno", "linux", 0.15},
    // The same, Reno at p = 1e-4: ns-3's 30 runs span 5.2-44.8 s, the standard error of the
    // difference of the means is 11.6 % (200 seeds: +21.2 %) (seen +26.2 % with 20 seeds)    30 %
    {"tcp-P1-rtt80-loss0.0001-q1bdp-newreno", "linux", 0.30},
    // Random loss, tens to hundreds of losses: Reno near Ott-Kemperman-Mathis, CUBIC of 1 GiB
    // at 10 Gbit/s (seen −3.5 … +2.5 %)                                                       10 %
    {"tcp1g-loss0.0001", "linux", 0.10},
    {"tcp1g-loss0.001", "linux", 0.10},
    {"tcp-P1-rtt80-loss0.001-q1bdp-newreno", "linux", 0.10},
    {"tcp-P4-rtt80-loss0.001-q1bdp-newreno", "linux", 0.10},
    // Four flows slow-starting into a 0.1-BDP queue: they overflow it in reverse order of
    // start, the first as if alone (−29.0 % and −38.1 % with even shares) (seen −12.5 …
    // +4.9 %)                                                                               20 %
    {"tcp-P4-rtt80-loss0-q0.1bdp-newreno", "linux", 0.20},
    {"tcp-P4-rtt20-loss0-q0.1bdp-cubic", "linux", 0.20},
    {"tcp-P4-rtt2-loss0-q0.1bdp-newreno", "linux", 0.20},
    // Four NewReno flows sharing the bottleneck (seen −2.2 … +0.9 %)                        10 %
    {"tcp-P4-rtt80-loss0-q1bdp-newreno", "linux", 0.10},
    {"tcp-P4-rtt20-loss0.001-q0.1bdp-newreno", "linux", 0.10},
    // Four Reno flows with random loss that slow-start together into a 1-BDP queue: their
    // windows overflow it together and every flow is cut, so that later random losses cost
    // rate (at 2 ms −36.6 % when each connection counted only its own window). Pinned at
    // 20 ms: at 2 ms ns-3 times out on 11 of 30 runs, a retransmission lost in the overflowed
    // queue waiting 100 RTTs (no RACK; the kernel never does on the twin, docs/validation.md,
    // departure 4), which Meridian's recovery does not model (seen −0.7 %)                 15 %
    {"tcp-P4-rtt20-loss0.001-q1bdp-newreno", "linux", 0.15},
    // Four CUBIC flows into a 1-BDP queue at 20 ms: their ACK trains broken by each other's
    // bursts, HyStart's delay ends their slow start with unequal windows (the later ones
    // first, behind the earlier ones' bursts), the queue overflows, and a FIFO serves each in
    // proportion to its window, so the smallest finishes last (−36.7 % and −35.4 % when each
    // left at BDP/(2n) with a fair share; −19.0 % when all left together) (seen −10.0 …
    // +4.4 %)                                                                               25 %
    {"tcp-P4-rtt20-loss0-q1bdp-cubic", "linux", 0.25},
    {"lx-P4-rtt20-loss0-q1bdp-cubic", "kernel", 0.25},
    // CUBIC under random loss at 20-80 ms, a documented departure (docs/validation.md, What
    // remains): Meridian is faster than ns-3 with Linux's CUBIC (seen −6.3 %); kept to catch
    // drifts                                                                                 25 %
    {"tcp-P1-rtt80-loss0.001-q1bdp-cubic", "linux", 0.25},
    // The kernel's own TCP at 100 Mbit/s (mean of its ten runs; docs/validation.md, "The
    // kernel's own TCP"). One flow, loss-free, queue ≥ 1 BDP (seen +0.2 … +6.7 %)             8 %
    {"lx-P1-rtt20-loss0-q1bdp-cubic", "kernel", 0.08},
    {"lx-P1-rtt80-loss0-q1bdp-newreno", "kernel", 0.08},
    {"lx-P1-rtt200-loss0-q2bdp-cubic", "kernel", 0.08},
    // One flow overshooting a 0.1-BDP queue (seen −7.2 … −5.5 %)                            15 %
    {"lx-P1-rtt80-loss0-q0.1bdp-newreno", "kernel", 0.15},
    {"lx-P1-rtt200-loss0-q0.1bdp-cubic", "kernel", 0.15},
    // One flow, random loss, 5 MB (ten kernel runs spread 2-9x) (seen −3.1 … −1.1 %)        15 %
    {"lx-P1-rtt20-loss0.001-q1bdp-newreno", "kernel", 0.15},
    {"lx-P1-rtt80-loss0.0001-q1bdp-cubic", "kernel", 0.15},
    // Four and eight flows into 0.05 BDP (8 and 33 packets): the initial windows that start
    // together overflow the queue in the first round and are recovered by the tail-loss probe
    // (−30.7 %, −14.7 % and −22.8 % before that rule) (seen −10.2 … −4.5 %)                   15 %
    {"lx-P4-rtt20-loss0-q0.05bdp-cubic", "kernel", 0.15},
    {"lx-P4-rtt80-loss0-q0.05bdp-cubic", "kernel", 0.15},
    {"lx-P8-rtt80-loss0-q0.05bdp-cubic", "kernel", 0.15},
    // Eight CUBIC flows into 3 packets (40 Mbit/s, 20 ms): each overflow of the windows grown
    // in congestion avoidance cuts all but the largest (drop-tail lock-out; −33.8 % before
    // that rule) (seen +0.5 %)                                                                15 %
    {"lx-P8-r40-rtt20-loss0-q0.05bdp-cubic", "kernel", 0.15},
    // Four Reno flows into a 2-BDP queue (seen −7.3 … +5.6 %)                                10 %
    {"lx-P4-rtt80-loss0-q2bdp-newreno", "kernel", 0.10},
    {"lx-P4-rtt200-loss0-q2bdp-newreno", "kernel", 0.10},
    // Four CUBIC flows into 0.5-2 BDP at 80-200 ms: the later flows of a round leave slow
    // start behind the earlier ones' bursts, one round apart at small windows, and finish
    // last (−37.2 %, −28.8 %, −37.2 % and −37.7 % when all left together with shares
    // ∝ 1/(r + 1)) (seen −9.2 … +12.2 %)                                                    15 %
    {"lx-P4-rtt80-loss0-q1bdp-cubic", "kernel", 0.15},
    {"lx-P4-rtt80-loss0-q0.5bdp-cubic", "kernel", 0.15},
    {"lx-P4-rtt200-loss0-q1bdp-cubic", "kernel", 0.15},
    {"lx-P4-r40-rtt80-loss0-q0.5bdp-cubic", "kernel", 0.15},
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

// The cases of tests/reference/generators.py (CASES, topology()): one bottleneck rtr -> rcv of
// 1 Gbit/s, 10 ms one way, 1,667 packets; hosts h1..hN on rtr at 10 Gbit/s; Meridian's links at
// ns-3's payload-equivalent rate, x 1448/1502 (ns-3 sends a 1448-byte segment in 1,502 wire
// bytes; Meridian's links carry payload only; docs/traffic.md §5.2).
constexpr double kPayloadPerWire = 1448.0 / 1502.0;
struct GeneratorCase
{
    std::string mode; ///< poisson (a trace), onoff or bulk
    double load = 0;
    double duration_s = 0;
    int streams = 0;
};

GeneratorCase generatorCase(const std::string& id)
{
    // duration: 1,200 expected arrivals (lambda = load x 1 Gbit/s / (8 x 1,711,250 B)).
    if (id == "poisson-0.3")
        return {"poisson", 0.3, 55, 0};
    if (id == "poisson-0.6")
        return {"poisson", 0.6, 27, 0};
    if (id == "poisson-0.9")
        return {"poisson", 0.9, 18, 0};
    if (id == "onoff-bulk")
        return {"onoff", 0, 10, 1};
    if (id == "bulk-1")
        return {"bulk", 0, 10, 1};
    if (id == "bulk-4")
        return {"bulk", 0, 10, 4};
    if (id == "bulk-16")
        return {"bulk", 0, 10, 16};
    throw std::invalid_argument("no generator case " + id);
}

// A Poisson case replays trace `seed` (tests/reference/traces/CASE-traceK.csv, drawn by
// generators.py's draw_trace), the flows ns-3's run K replayed.
json generatorProject(const std::string& caseId, const GeneratorCase& c, int seed)
{
    const int hosts = c.mode == "poisson" ? 8 : 2;
    json nodes =
        json::array({{{"id", "rtr"}, {"kind", "router"}}, {{"id", "rcv"}, {"kind", "host"}}});
    json links = json::array({{{"id", "bottleneck"},
                               {"a", "rtr"},
                               {"b", "rcv"},
                               {"bandwidth_gbps", 1.0 * kPayloadPerWire},
                               {"delay_ms", 10.0},
                               {"queue_pkts", 1667}}});
    for (int i = 1; i <= hosts; ++i) {
        const std::string h = "h" + std::to_string(i);
        nodes.push_back({{"id", h}, {"kind", "host"}});
        links.push_back({{"id", "access-" + h},
                         {"a", h},
                         {"b", "rtr"},
                         {"bandwidth_gbps", 10.0 * kPayloadPerWire},
                         {"delay_ms", 0},
                         {"queue_pkts", 1000000}});
    }
    json gens = json::array();
    if (c.mode == "poisson")
        gens.push_back({{"id", "web"},
                        {"kind", "trace"},
                        {"stop_s", c.duration_s},
                        {"protocol", "tcp"},
                        {"file", MERIDIAN_SOURCE_DIR "/tests/reference/traces/" + caseId +
                                     "-trace" + std::to_string(seed) + ".csv"}});
    if (c.mode == "onoff")
        gens.push_back({{"id", "onoff"},
                        {"kind", "on_off"},
                        {"from", "h1"},
                        {"to", "rcv"},
                        {"stop_s", c.duration_s},
                        {"protocol", "udp"},
                        {"peak_bps", 4e8},
                        {"on", {{"law", "exponential"}, {"mean_s", 0.02}}},
                        {"off", {{"law", "exponential"}, {"mean_s", 0.06}}}});
    if (c.streams > 0)
        gens.push_back({{"id", "bulk"},
                        {"kind", "bulk"},
                        {"from", c.mode == "onoff" ? "h2" : "h1"},
                        {"to", "rcv"},
                        {"stop_s", c.duration_s},
                        {"streams", c.streams}});
    // Socket buffers 2 x BDP + queue: 2 x 2.5 MB + 1,667 x 1,500 B.
    const json e = {{"kind", "traffic"},
                    {"seed", seed},
                    {"transport", transport(7500500)},
                    {"traffic", {{"generators", gens}}}};
    return {{"format", "meridian.topo"},
            {"version", 1},
            {"nodes", nodes},
            {"links", links},
            {"experiment", e}};
}

// Generator rows pinned by `generators`, with the tolerance of each (docs/validation.md §3.8).
struct GeneratorRow
{
    const char* caseId;
    const char* measure; ///< p50_s, p99_s (FCT of the Poisson flows) or bulk_bps
    double tolerance;
};
constexpr GeneratorRow GENERATOR_ROWS[] = {
    // Poisson web-search TCP flows, each a new connection, on the traces ns-3 replayed (the same
    // flows in both), Meridian's links at ns-3's payload rate. p50 at 30, 60 and 90 % and the
    // p99 at 60 %: within the 15 % (seen −2.2 %, −4.0 %, −13.1 %, −12.6 %)         15 %
    {"poisson-0.3", "p50_s", 0.15},
    {"poisson-0.6", "p50_s", 0.15},
    {"poisson-0.6", "p99_s", 0.15},
    {"poisson-0.9", "p50_s", 0.15},
    // 30 % p99: a dozen multi-megabyte flows per trace whose windows Meridian's overflow rule
    // cuts where ns-3's were not (docs/validation.md §3.8) (seen +20.5 %)                30 %
    {"poisson-0.3", "p99_s", 0.30},
    // 90 % p99: ns-3's slowest flows are starved by drop-tail losses and timeouts, Meridian
    // shares max-min (seen −36.5 %); kept to catch drifts                                   45 %
    {"poisson-0.9", "p99_s", 0.45},
    // Long-lived TCP beside a 400 Mbit/s on-off UDP source, and 1-16 parallel streams (seen
    // +0.3 … +0.9 %; +4.1 … +5.0 % at the nominal rate, the headers)                         5 %
    {"onoff-bulk", "bulk_bps", 0.05},
    {"bulk-1", "bulk_bps", 0.05},
    {"bulk-4", "bulk_bps", 0.05},
    {"bulk-16", "bulk_bps", 0.05},
};

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
        const Csv grid = readCsv(MERIDIAN_SOURCE_DIR "/tests/reference/results/ns3.csv");
        QVERIFY(!grid.rows.empty());
        int rows = 0;
        for (const auto& r : grid.rows) {
            if (r.at("loop_bytes").empty() || std::stod(r.at("loop_bytes")) <= 0)
                continue;
            QTest::newRow(r.at("case").c_str())
                << std::stoi(r.at("n")) << std::stoi(r.at("channels")) << std::stod(r.at("bw_gbps"))
                << std::stod(r.at("delay_ms")) << std::stod(r.at("bytes"))
                << std::min(std::stod(r.at("sndbuf")), std::stod(r.at("rcvbuf")))
                << std::stod(r.at("ns3_s"));
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

    // NCCL's ring in program order against ns-3 with Linux's CUBIC rules
    // (results/ns3-program-order-linux-cc.csv, tests/reference/run_program_order.sh): rings at
    // datacentre and metro RTTs (0.5 ms and 50 µs per host link, deep queues, first
    // iteration, cold windows), and the 32-host 256 MiB ring at 1 Gbit/s and 5 ms that `auto`
    // runs merged. Meridian with the row's window cap and NCCL's defaults (`auto`). ns-3's
    // links carry about 94.6 % of their rate as data (headers, and the ACKs of the hop into
    // each middle host), so Meridian is some 5 % fast here (seen −7.4 … −3.7 %)            10 %
    void programOrderLinuxRules_data()
    {
        QTest::addColumn<int>("n");
        QTest::addColumn<int>("channels");
        QTest::addColumn<double>("gbps");
        QTest::addColumn<double>("delay_ms");
        QTest::addColumn<double>("bytes");
        QTest::addColumn<int>("queue_pkts");
        QTest::addColumn<double>("window_bytes");
        QTest::addColumn<double>("ns3_s");
        const Csv rows =
            readCsv(MERIDIAN_SOURCE_DIR "/tests/reference/results/ns3-program-order-linux-cc.csv");
        QVERIFY(rows.rows.size() >= 6);
        for (const auto& r : rows.rows)
            QTest::newRow(r.at("case").c_str())
                << std::stoi(r.at("n")) << std::stoi(r.at("channels")) << std::stod(r.at("bw_gbps"))
                << std::stod(r.at("delay_ms")) << std::stod(r.at("bytes"))
                << std::stoi(r.at("queue_pkts"))
                << std::min(std::stod(r.at("sndbuf")), std::stod(r.at("rcvbuf")))
                << std::stod(r.at("ns3_s"));
    }

    void programOrderLinuxRules()
    {
        QFETCH(int, n);
        QFETCH(int, channels);
        QFETCH(double, gbps);
        QFETCH(double, delay_ms);
        QFETCH(double, bytes);
        QFETCH(int, queue_pkts);
        QFETCH(double, window_bytes);
        QFETCH(double, ns3_s);
        json topo = test::star(
            n, gbps, delay_ms, bytes, "tcp",
            {{"transport", transport(window_bytes)}, {"comm", {{"channels", channels}}}});
        for (json& link : topo["links"])
            link["queue_pkts"] = queue_pkts;
        const double got = test::runSeconds(topo);
        const double error = (got - ns3_s) / ns3_s;
        qInfo("%s: Meridian %.4f s, ns-3 %.4f s, error %+.1f %% (tolerance 10 %%)",
              QTest::currentDataTag(), got, ns3_s, 100 * error);
        QVERIFY2(std::abs(error) <= 0.10, qPrintable(QString::number(100 * error)));
    }

    void transfers_data()
    {
        // tcp_flows rows mapped as tests/reference/compare.py maps them (snd —10·B, 0 ms— rtr
        // —B, RTT/2, loss, Q— rcv; max_window_bytes = min(sndbuf, rcvbuf); P flows = P
        // streams), against ns-3 with its own congestion control ("stock", results/ns3.csv;
        // NewReno mapped to b = 2) or with Linux's rules ("linux", results/ns3-linux-cc.csv,
        // tests/reference/ns3/linux_cc.h). A row with random loss compares the mean of
        // Meridian's seeds 1-20 with the mean of ns-3's runs (run 1 and the -seeds.csv runs):
        // one run against one run differs by several times where a transfer meets few losses
        // (docs/validation.md). Rows and tolerances per regime: PINNED_ROWS.
        QTest::addColumn<std::string>("caseId");
        QTest::addColumn<std::string>("reference");
        QTest::addColumn<double>("tolerance");
        for (const PinnedRow& r : PINNED_ROWS)
            QTest::newRow((std::string(r.caseId) + " (" + r.reference + ")").c_str())
                << std::string(r.caseId) << std::string(r.reference) << r.tolerance;
    }

    void transfers()
    {
        QFETCH(std::string, caseId);
        QFETCH(std::string, reference);
        QFETCH(double, tolerance);
        const bool kernel = reference == "kernel";
        const bool linux = reference == "linux" || kernel; // Linux's Reno counts bytes
        const std::string dir = MERIDIAN_SOURCE_DIR "/tests/reference/results/";
        std::optional<std::map<std::string, std::string>> row;
        std::vector<double> ns3; // the reference's runs
        if (kernel) {
            for (const auto& r : readCsv(dir + "linux.csv").rows)
                if (r.at("case") == caseId && r.at("reference") == "linux") {
                    row = row.value_or(r);
                    ns3.push_back(std::stod(r.at("time_s")));
                }
        } else {
            row = readCsv(dir + (linux ? "ns3-linux-cc.csv" : "ns3.csv")).find(caseId);
            if (row)
                ns3.push_back(std::stod(row->at("ns3_s")));
            for (const auto& r :
                 readCsv(dir + (linux ? "ns3-linux-cc-seeds.csv" : "ns3-seeds.csv")).rows)
                if (r.at("case") == caseId)
                    ns3.push_back(std::stod(r.at("ns3_s")));
        }
        QVERIFY2(row.has_value(), caseId.c_str());
        const auto col = [&](const char* name) { return row->at(name); };
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
        if (col("cc") == "newreno" && !linux)
            tr["delayed_ack_b"] = 2; // ns-3's TcpNewReno: one increment per (delayed) ACK
        json e = {{"kind", "p2p"},     {"from", "snd"},
                  {"to", "rcv"},       {"bytes", std::stod(col("bytes"))},
                  {"protocol", "tcp"}, {"transport", tr}};
        if (std::stoi(col("flows")) > 1)
            e["streams"] = std::stoi(col("flows"));
        const int seeds = loss > 0 ? 20 : 1;
        double sum = 0;
        for (int seed = 1; seed <= seeds; ++seed) {
            e["seed"] = seed;
            sum += test::runSeconds({{"format", "meridian.topo"},
                                     {"version", 1},
                                     {"nodes", nodes},
                                     {"links", links},
                                     {"experiment", e}});
        }
        const double got = sum / seeds;
        const double want = std::accumulate(ns3.begin(), ns3.end(), 0.0) / double(ns3.size());
        const double error = (got - want) / want;
        qInfo("%s (%s): Meridian %.4f s (mean of %d), reference %.4f s (mean of %zu), "
              "error %+.1f %% (tolerance %.0f %%)",
              caseId.c_str(), reference.c_str(), got, seeds, want, ns3.size(), 100 * error,
              100 * tolerance);
        QVERIFY2(std::abs(error) <= tolerance, qPrintable(QString::number(100 * error)));
    }

    // The background-traffic generators themselves (issue 30; docs/validation.md §3.8, made by
    // tests/reference/generators.py): one 1 Gbit/s bottleneck at RTT 20 ms with a 1-BDP
    // drop-tail queue (1,667 packets), access links 10x faster (Meridian's at ns-3's payload
    // rate). Meridian's `trace`, `on_off` and `bulk` generators as generators.py writes them
    // (topology()), against the mean over ns-3's runs (results/ns3-generators.csv) of each
    // run's figure. Poisson rows replay the committed traces ns-3's runs replayed
    // (tests/reference/traces/) and compare the mean over them of each trace's nearest-rank p50
    // or p99 flow completion time (from the first data byte; each flow a fresh connection in
    // both). Tolerances per row: GENERATOR_ROWS.
    void generators_data()
    {
        QTest::addColumn<std::string>("caseId");
        QTest::addColumn<std::string>("measure");
        QTest::addColumn<double>("tolerance");
        for (const GeneratorRow& r : GENERATOR_ROWS)
            QTest::newRow((std::string(r.caseId) + " " + r.measure).c_str())
                << std::string(r.caseId) << std::string(r.measure) << r.tolerance;
    }

    void generators()
    {
        QFETCH(std::string, caseId);
        QFETCH(std::string, measure);
        QFETCH(double, tolerance);
        std::vector<double> ns3;
        std::vector<int> runs; // ns-3's runs: for a Poisson case, the traces they replayed
        for (const auto& r :
             readCsv(MERIDIAN_SOURCE_DIR "/tests/reference/results/ns3-generators.csv").rows)
            if (r.at("case") == caseId && !r.at(measure).empty()) {
                ns3.push_back(std::stod(r.at(measure)));
                runs.push_back(std::stoi(r.at("run")));
            }
        QVERIFY2(!ns3.empty(), caseId.c_str());
        const GeneratorCase c = generatorCase(caseId);
        const std::vector<int> seeds = c.mode == "poisson" ? runs
                                       : c.mode == "bulk"  ? std::vector<int>{1}
                                                           : std::vector<int>{1, 2, 3, 4, 5};
        double sum = 0;
        for (const int seed : seeds) {
            const io::Project p =
                io::parseProject(generatorProject(caseId, c, seed).dump(), "gen.topo");
            experiment::RunOptions opt;
            opt.topology_name = "gen.topo";
            experiment::Runner runner(p, opt);
            const auto r = runner.run();
            const auto gen = std::find_if(r.traffic.begin(), r.traffic.end(), [&](const auto& g) {
                return g.id == (measure == "bulk_bps" ? "bulk" : "web");
            });
            QVERIFY(gen != r.traffic.end());
            if (measure == "bulk_bps") {
                sum += gen->carried_bps;
            } else {
                QCOMPARE(gen->flows_completed, gen->flows);
                QVERIFY2(gen->flows >= 1000, qPrintable(QString::number(gen->flows)));
                sum += measure == "p50_s" ? gen->fct_p50_s : gen->fct_p99_s;
            }
        }
        const double got = sum / double(seeds.size());
        const double want = std::accumulate(ns3.begin(), ns3.end(), 0.0) / double(ns3.size());
        const double error = (got - want) / want;
        qInfo("%s %s: Meridian %.6g (mean of %zu), ns-3 %.6g (mean of %zu), error %+.1f %% "
              "(tolerance %.0f %%)",
              caseId.c_str(), measure.c_str(), got, seeds.size(), want, ns3.size(), 100 * error,
              100 * tolerance);
        QVERIFY2(std::abs(error) <= tolerance, qPrintable(QString::number(100 * error)));
    }
};

MERIDIAN_TEST(Ns3ReferenceTest)
#include "Ns3ReferenceTest.moc"
