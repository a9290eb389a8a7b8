// NCCL-faithful collectives through the whole runner (a .topo experiment, the flow-level
// network): the pipelined ring against its closed form in both regimes, merged iterations
// against the same closed form, channels and sockets as separate connections.
// Closed forms: docs/collectives.md §Pipelining.
#include "StarRing.hpp"
#include "TestMain.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/experiment/Runner.hpp"
#include "meridian/io/ProjectFile.hpp"

#include <QtTest/QtTest>
#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

using namespace meridian;
using meridian::test::runSeconds;
using meridian::test::star;
using nlohmann::json;

namespace {

constexpr double kMiB = 1024.0 * 1024.0;

/// NCCL's ring loop with its defaults (2 channels sharing each host link, 2 MiB chunks of two
/// 1 MiB slices) on the star: I iterations per channel, a step τ = max(2·T_s, T_s + α),
/// an iteration (2n−3)·τ + 2·T_s + α.
double ncclRingClosedForm(int n, double gbps, double delay_ms, double bytes)
{
    const double slice = kMiB;
    const double I = bytes / (n * 2 * slice) / 2;
    const double T_s = slice * 8 / (gbps * 1e9 / 2);
    // Host to host: two links of delay_ms, plus one packet's store-and-forward at the switch.
    const double alpha = 2 * delay_ms * 1e-3 + 1500 * 8 / (gbps * 1e9);
    const double tau = std::max(2 * T_s, T_s + alpha);
    return I * ((2 * n - 3) * tau + 2 * T_s + alpha);
}

} // namespace

class NcclPipelineTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // nccl-tests' -w and -n: the warm-up repetitions run first on the same connections and are
    // kept apart; mean, min and max are the timed ones'. The timed ones equal the same run's
    // repetitions after as many untimed ones (one run, one stream of events).
    void warmupRepetitionsAreReportedApart()
    {
        const double bytes = 64 * kMiB;
        auto j = star(4, 5, 0.5, bytes, "tcp", {{"warmup", 2}, {"repeat", 3}});
        const io::Project p = io::parseProject(j.dump(), "star.topo");
        experiment::RunOptions opt;
        opt.topology_name = "star.topo";
        const auto r = experiment::Runner(p, opt).run();
        const auto& c = r.collective;
        QCOMPARE(c.warmup_s.size(), std::size_t(2));
        QCOMPARE(c.repetitions_s.size(), std::size_t(3));
        QVERIFY(c.warmup_s[0] > c.repetitions_s[0]); // the cold one pays slow start
        const double mean = (c.repetitions_s[0] + c.repetitions_s[1] + c.repetitions_s[2]) / 3;
        QCOMPARE(c.mean_s, mean);
        QCOMPARE(c.min_s, *std::min_element(c.repetitions_s.begin(), c.repetitions_s.end()));
        QCOMPARE(c.max_s, *std::max_element(c.repetitions_s.begin(), c.repetitions_s.end()));
        QCOMPARE(c.algbw_gbps, bytes * 8 / mean / 1e9);
        auto all = star(4, 5, 0.5, bytes, "tcp", {{"repeat", 5}});
        const io::Project q = io::parseProject(all.dump(), "star.topo");
        const auto untimed = experiment::Runner(q, opt).run().collective.repetitions_s;
        QCOMPARE(untimed[0], c.warmup_s[0]);
        QCOMPARE(untimed[1], c.warmup_s[1]);
        QCOMPARE(untimed[4], c.repetitions_s[2]);
        const std::string json = experiment::resultsToJson(r);
        QVERIFY(json.find("\"warmup_s\"") != std::string::npos);
        QVERIFY(json.find("\"min_s\"") != std::string::npos);
        int warmupPhases = 0;
        for (const auto& ph : r.phases)
            warmupPhases += ph.name == "warmup";
        QCOMPARE(warmupPhases, 2);
    }

    // The case: 24 hosts, 192 MiB, 2.5 Gbit/s and 7.5 ms per host link. NCCL's 2 MiB
    // chunks take 13.4 ms on the wire per step, less than the 15 ms hop: every step waits for
    // its predecessor's first slice, 46 steps per iteration, 2 iterations per channel.
    void latencyBoundRingMatchesTheClosedForm()
    {
        const double bytes = 192 * kMiB;
        const double got = runSeconds(star(24, 2.5, 7.5, bytes, "udp"));
        const double expected = ncclRingClosedForm(24, 2.5, 7.5, bytes);
        QVERIFY2(std::abs(got - expected) / expected < 0.01,
                 qPrintable(QStringLiteral("%1 vs %2").arg(got).arg(expected)));
        // The pure bandwidth term 2(n−1)/n·S/B (1.235 s) is not reachable with NCCL's buffers.
        QVERIFY(got > 2.0 * 23 / 24 * bytes * 8 / 2.5e9 * 1.5);
    }

    // The same ring with 0.1 ms hops: steps are bandwidth-bound and the ring costs its
    // bandwidth term plus a few hop latencies per iteration.
    void bandwidthBoundRingMatchesTheClosedForm()
    {
        const double bytes = 192 * kMiB;
        const double got = runSeconds(star(8, 10, 0.05, bytes, "udp"));
        const double expected = ncclRingClosedForm(8, 10, 0.05, bytes);
        QVERIFY2(std::abs(got - expected) / expected < 0.01,
                 qPrintable(QStringLiteral("%1 vs %2").arg(got).arg(expected)));
        const double bandwidthTerm = 2.0 * 7 / 8 * bytes * 8 / 10e9;
        QVERIFY2(got < bandwidthTerm * 1.05,
                 qPrintable(QStringLiteral("%1 vs %2").arg(got).arg(bandwidthTerm)));
    }

    // 16× the data: NCCL's own slicing would need ~2·10^5 operations, so each channel's 32
    // iterations are merged into one chunk and the backend adds the per-iteration latency a
    // merged step misses. The answer stays within 2 % of the closed form.
    void mergedIterationsKeepTheLatencyBoundAnswer()
    {
        const double bytes = 16 * 192 * kMiB;
        const double got = runSeconds(star(24, 2.5, 7.5, bytes, "udp"));
        const double expected = ncclRingClosedForm(24, 2.5, 7.5, bytes);
        QVERIFY2(std::abs(got - expected) / expected < 0.02,
                 qPrintable(QStringLiteral("%1 vs %2").arg(got).arg(expected)));
    }

    // A bandwidth-bound ring never gets slower with more explicit chunks beyond the α each
    // extra iteration boundary waits (here 0.1 ms per chunk on a ~0.6 s ring).
    void moreChunksNeverSlowABandwidthBoundRing()
    {
        const double bytes = 64 * kMiB;
        const double one = runSeconds(star(8, 10, 0.05, bytes, "udp", {{"chunks", 1}}));
        for (const int k : {2, 4, 16, 64}) {
            const double got = runSeconds(star(8, 10, 0.05, bytes, "udp", {{"chunks", k}}));
            QVERIFY2(got <= one + k * 1e-4,
                     qPrintable(QStringLiteral("k=%1: %2 vs %3").arg(k).arg(got).arg(one)));
        }
    }

    // Channels and sockets are separate TCP connections, each with its own window: a ring
    // whose connections are window-bound (rwnd/RTT = 1 MiB / 20 ms ≈ 0.42 Gbit/s on a
    // 10 Gbit/s path) gets faster with more of them.
    void moreConnectionsLiftAWindowBoundRing()
    {
        const double bytes = 64 * kMiB;
        const json window = {{"max_window_bytes", kMiB}};
        double previous = 1e300;
        for (const int sockets : {1, 2, 4}) {
            const double got = runSeconds(
                star(4, 10, 5, bytes, "tcp",
                     {{"transport", window}, {"comm", {{"channels", 1}, {"sockets", sockets}}}}));
            QVERIFY2(
                got < previous * 0.8,
                qPrintable(
                    QStringLiteral("sockets=%1: %2 vs %3").arg(sockets).arg(got).arg(previous)));
            previous = got;
        }
    }

    // iperf3 -P: a p2p of S bytes over P streams is P connections of S/P bytes. Window-bound
    // (rwnd 1 MiB, RTT 20 ms: 1 MiB·8/0.02 s ≈ 419 Mbit/s each on a 10 Gbit/s path) they take
    // 1/P of the time of one stream, after the same slow start.
    void p2pStreamsAreParallelConnections()
    {
        json j = star(2, 10, 5, 4e9, "tcp", {{"transport", {{"max_window_bytes", kMiB}}}});
        j["experiment"] = {{"kind", "p2p"},     {"from", "h0"},
                           {"to", "h1"},        {"bytes", 4e9},
                           {"protocol", "tcp"}, {"transport", {{"max_window_bytes", kMiB}}}};
        const double one = runSeconds(j);
        j["experiment"]["streams"] = 4;
        const double four = runSeconds(j);
        const double rate = kMiB * 8 / 0.020;
        QVERIFY2(std::abs(one - 4e9 * 8 / rate) / one < 0.02, qPrintable(QString::number(one)));
        QVERIFY2(std::abs(four - 1e9 * 8 / rate) / four < 0.05,
                 qPrintable(QStringLiteral("%1 vs %2").arg(four).arg(1e9 * 8 / rate)));
        j["experiment"]["kind"] = "collective";
        j["experiment"]["participants"] = {"h0", "h1"};
        j["experiment"].erase("from");
        j["experiment"].erase("to");
        const io::Project p = io::parseProject(j.dump(), "star.topo");
        QVERIFY_THROWS_EXCEPTION(InputError, experiment::Runner(p, {}).run());
    }
};

MERIDIAN_TEST(NcclPipelineTest)
#include "NcclPipelineTest.moc"
