// Closed-form transport formulas at their known points.
#include "meridian/net/TransportModel.hpp"

#include "TestMain.hpp"

#include <QtTest/QtTest>
#include <cmath>

using namespace meridian::net;
using meridian::topology::JitterDistribution;

class TransportModelTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void pathLossCombinesIndependentLinks()
    {
        const double l[] = {0.01, 0.02};
        // 1 − 0.99·0.98 = 0.0298
        QVERIFY(std::abs(TransportModel::pathLoss(l, 2) - 0.0298) < 1e-12);
        QCOMPARE(TransportModel::pathLoss(l, 0), 0.0);
    }

    void pftkAtOnePercent()
    {
        // p = 0.01, b = 2, RTT = 0.1 s, T0 = 0.3 s, MSS = 1000 B:
        // denominator = 0.1·√(0.04/3) + 0.3·min(1, 3√(0.06/8))·0.01·(1 + 0.0032)
        const double p = 0.01;
        const double denom =
            0.1 * std::sqrt(2 * 2 * p / 3) +
            0.3 * std::min(1.0, 3 * std::sqrt(3 * 2 * p / 8)) * p * (1 + 32 * p * p);
        QVERIFY(std::abs(TransportModel::pftkRateBps(1000, 0.1, p, 2, 0.3) - 8000 / denom) < 1e-6);
        QVERIFY(std::isinf(TransportModel::pftkRateBps(1000, 0.1, 0.0, 2, 0.3)));
    }

    void renoQueueBound()
    {
        QCOMPARE(TransportModel::renoQueueUtilisation(0.0, 100.0), 0.75);
        QCOMPARE(TransportModel::renoQueueUtilisation(100.0, 100.0), 1.0);
        QCOMPARE(TransportModel::renoQueueUtilisation(500.0, 100.0), 1.0);
        // B_q = BDP/2: W = 1.5 → U = 0.75·2.25/(1 − 1.5 + 2.25) = 1.6875/1.75
        QVERIFY(std::abs(TransportModel::renoQueueUtilisation(50.0, 100.0) - 1.6875 / 1.75) <
                1e-12);
    }

    void goBackNAndRounds()
    {
        QCOMPARE(TransportModel::goBackNEfficiency(100, 0.0), 1.0);
        // W = 10, p = 0.01: 0.99 / (0.99 + 0.1)
        QVERIFY(std::abs(TransportModel::goBackNEfficiency(10, 0.01) - 0.99 / 1.09) < 1e-12);
        QCOMPARE(TransportModel::expectedExtraRounds(1000, 0.0), 0.0);
        // One packet, loss p: E[R] − 1 = Σ p^k = p/(1 − p)
        QVERIFY(std::abs(TransportModel::expectedExtraRounds(1, 0.1) - 0.1 / 0.9) < 1e-9);
    }

    void jitterSamplesHaveZeroMeanAndDocumentedSpread()
    {
        meridian::sim::RngStream rng(9, 9);
        for (auto d : {JitterDistribution::Uniform, JitterDistribution::Normal,
                       JitterDistribution::Pareto, JitterDistribution::ParetoNormal}) {
            const int n = 400000;
            double sum = 0, sum2 = 0;
            for (int i = 0; i < n; ++i) {
                const double x = TransportModel::jitterSample(rng, 2.0, d);
                sum += x;
                sum2 += x * x;
            }
            const double mean = sum / n;
            const double sd = std::sqrt(sum2 / n - mean * mean);
            QVERIFY2(std::abs(mean) < 0.03, qPrintable(QString::number(mean)));
            // Pareto(3) has infinite fourth moment: its sample sd converges slowly.
            QVERIFY2(std::abs(sd - TransportModel::jitterStdDev(2.0, d)) < 0.1,
                     qPrintable(QString::number(sd)));
        }
    }
};

MERIDIAN_TEST(TransportModelTest)
#include "TransportModelTest.moc"
