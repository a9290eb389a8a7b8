// NCCL's broadcast and reduce (the ring pipeline of one-slot slices, docs/collectives.md
// §Broadcast and reduce) through the whole runner over UDP, on a star of hosts at 1 Gbit/s
// and 5 ms per host link: n = 4, 8, 16, 32 and S = 128, 256 MiB against the pipelined closed
// form S/B + (n−2)·C·c/B + (n−1)·α, and twice the data costing what the closed form says
// (≈ 2× the time among 4 hosts, where the unsliced chain took 6×).
#include "../experiment/StarRing.hpp"
#include "TestMain.hpp"

#include <QtTest/QtTest>
#include <cmath>
#include <nlohmann/json.hpp>
#include <string>

using meridian::test::runSeconds;
using meridian::test::star;

namespace {

constexpr double kBcastMiB = 1024.0 * 1024.0;

/// NCCL's defaults: 2 channels, slices of one 512 KiB slot. Host to host: two 5 ms links and
/// one packet's store-and-forward at the switch.
double pipelineClosedForm(int n, double bytes)
{
    const double B = 1e9 / 8; // bytes/s
    const double C = 2;
    const double c = 512 * 1024;
    const double alpha = 2 * 5e-3 + 1500 * 8 / 1e9;
    return bytes / B + (n - 2) * C * c / B + (n - 1) * alpha;
}

double rootedSeconds(const std::string& operation, int n, double bytes)
{
    return runSeconds(star(n, 1, 5, bytes, "udp",
                           {{"operation", operation}, {"algorithm", "ring"}, {"chunks", 0}}));
}

} // namespace

class NcclBroadcastValidationTest : public QObject
{
    Q_OBJECT
private:
    static void sweep(const std::string& operation)
    {
        for (const int n : {4, 8, 16, 32}) {
            double previous = 0, previousExpected = 0;
            for (const double mib : {128.0, 256.0}) {
                const double got = rootedSeconds(operation, n, mib * kBcastMiB);
                const double expected = pipelineClosedForm(n, mib * kBcastMiB);
                const QString what = QStringLiteral("%1 n=%2 S=%3 MiB: %4 s, closed form %5 s")
                                         .arg(QString::fromStdString(operation))
                                         .arg(n)
                                         .arg(mib)
                                         .arg(got, 0, 'f', 4)
                                         .arg(expected, 0, 'f', 4);
                qInfo("%s", qPrintable(what));
                QVERIFY2(std::abs(got - expected) / expected < 0.10, qPrintable(what));
                if (previous > 0) {
                    // Twice the data: twice the bandwidth term, the same fill and latency.
                    const double ratio = got / previous;
                    const double form = expected / previousExpected;
                    QVERIFY2(std::abs(ratio / form - 1) < 0.05 && ratio <= 2.0,
                             qPrintable(QStringLiteral("n=%1: 256/128 MiB = %2, closed form %3")
                                            .arg(n)
                                            .arg(ratio)
                                            .arg(form)));
                }
                previous = got;
                previousExpected = expected;
            }
        }
    }

private Q_SLOTS:
    void broadcastIsAPipelineOfSlices() { sweep("broadcast"); }
    void reduceIsAPipelineOfSlices() { sweep("reduce"); }

    // chunks 0 means NCCL's slicing for the pipelined chain too: the same program.
    void pipelinedChainWithAutoChunksIsNcclsPipeline()
    {
        const double bytes = 128 * kBcastMiB;
        const double chain = runSeconds(
            star(8, 1, 5, bytes, "udp",
                 {{"operation", "broadcast"}, {"algorithm", "pipelined-chain"}, {"chunks", 0}}));
        const double expected = pipelineClosedForm(8, bytes);
        QVERIFY2(std::abs(chain - expected) / expected < 0.10,
                 qPrintable(QStringLiteral("%1 vs %2").arg(chain).arg(expected)));
    }
};

MERIDIAN_TEST(NcclBroadcastValidationTest)
#include "NcclBroadcastValidationTest.moc"
