// NCCL's pipelined ring over TCP at datacentre and metro round trips (issue 35 §3): with a
// queue far above the BDP, the slices' windows exceed the pipe and the sender runs at the link
// rate, so TCP must give the UDP time once its window is open, whatever the chunk count.
// Before the standing-queue rule counted only bulk transfers (network-model.md §4), every
// slice following on its connection's previous one paid the window's excess a second time:
// these rings ran at half the link rate, and 64 chunks took four times as long as one.
#include "../experiment/StarRing.hpp"
#include "TestMain.hpp"

#include <QtTest/QtTest>
#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

using meridian::test::star;

namespace {

constexpr double kMiB = 1024.0 * 1024.0;

/// Every repetition's time (s) of the collective experiment j.
std::vector<double> repetitions(const nlohmann::json& j)
{
    const meridian::io::Project p = meridian::io::parseProject(j.dump(), "star.topo");
    meridian::experiment::RunOptions opt;
    opt.topology_name = "star.topo";
    meridian::experiment::Runner runner(p, opt);
    return runner.run().collective.repetitions_s;
}

QString pct(double a, double b)
{
    return QString::number(100.0 * (a / b - 1.0), 'f', 2) + QStringLiteral(" %");
}

} // namespace

class ShortRttPipelineValidationTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // 8 hosts, 10 Gbit/s, 50 µs per host link (RTT 0.2 ms, BDP 250 kB), 256 MiB: chunks 1 to
    // 256 over TCP within 3 % of UDP at the same chunk count, and TCP's spread over the chunk
    // counts no wider than UDP's plus 0.5 %. (UDP's own spread, 3.4 %, is the pipeline's: each
    // chunk adds its steps' latency and store-and-forward, collectives.md §Pipelining.)
    void bandwidthBoundRingIsNotSlowedByMoreChunks()
    {
        std::vector<double> tcp, udp;
        for (const int chunks : {1, 16, 64, 128, 256}) {
            const nlohmann::json extra = {{"chunks", chunks}};
            const double t = repetitions(star(8, 10, 0.05, 256 * kMiB, "tcp", extra)).front();
            const double u = repetitions(star(8, 10, 0.05, 256 * kMiB, "udp", extra)).front();
            const QString what = QStringLiteral("chunks %1: TCP %2 s, UDP %3 s (%4)")
                                     .arg(chunks)
                                     .arg(t)
                                     .arg(u)
                                     .arg(pct(t, u));
            qInfo("%s", qPrintable(what));
            QVERIFY2(t >= u && t / u < 1.03, qPrintable(what));
            tcp.push_back(t);
            udp.push_back(u);
        }
        const auto [lo, hi] = std::minmax_element(tcp.begin(), tcp.end());
        const auto [ulo, uhi] = std::minmax_element(udp.begin(), udp.end());
        const QString spread =
            QStringLiteral("TCP spread %1, UDP spread %2").arg(pct(*hi, *lo)).arg(pct(*uhi, *ulo));
        qInfo("%s", qPrintable(spread));
        QVERIFY2(*hi / *lo < *uhi / *ulo + 0.005, qPrintable(spread));
    }

    // 4 and 8 hosts, 5 Gbit/s, 0.5 ms per host link (RTT 2 ms), 128 MiB, four repetitions: the
    // first pays TCP's slow start, the warm ones are within 10 % of UDP's time.
    void warmRingAtOneMillisecondRunsAtTheLinkRate()
    {
        for (const int n : {4, 8}) {
            const nlohmann::json extra = {{"repeat", 4}};
            const auto t = repetitions(star(n, 5, 0.5, 128 * kMiB, "tcp", extra));
            const auto u = repetitions(star(n, 5, 0.5, 128 * kMiB, "udp", extra));
            QCOMPARE(t.size(), std::size_t(4));
            QVERIFY(t.front() > u.front()); // slow start
            for (std::size_t k = 1; k < t.size(); ++k) {
                const QString what = QStringLiteral("n=%1 repetition %2: TCP %3 s, UDP %4 s (%5)")
                                         .arg(n)
                                         .arg(k)
                                         .arg(t[k])
                                         .arg(u[k])
                                         .arg(pct(t[k], u[k]));
                qInfo("%s", qPrintable(what));
                QVERIFY2(t[k] >= u[k] * 0.999 && t[k] / u[k] < 1.10, qPrintable(what));
            }
        }
    }
};

MERIDIAN_TEST(ShortRttPipelineValidationTest)
#include "ShortRttPipelineValidationTest.moc"
