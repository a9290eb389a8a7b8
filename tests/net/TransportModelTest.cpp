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
        // Extreme loss: the sum has ~10^5-10^6 significant terms (it used to be cut at 10^4).
        // Reference: plain long-double summation of Σ_k 1 − (1 − p^k)^n until the terms vanish.
        const auto bruteForce = [](long double n, long double p) {
            long double sum = 0.0L, pk = p;
            for (long k = 1; k < 100000000L; ++k, pk *= p) {
                const long double term = 1.0L - std::pow(1.0L - pk, n);
                sum += term;
                if (term < 1e-15L)
                    break;
            }
            return static_cast<double>(sum);
        };
        for (const auto& [n, p] :
             {std::pair{1e6, 0.999}, std::pair{1e3, 0.9999}, std::pair{50.0, 0.99}}) {
            const double expected = bruteForce(n, p);
            const double got = TransportModel::expectedExtraRounds(n, p);
            QVERIFY2(
                std::abs(got - expected) <= 1e-6 * expected,
                qPrintable(QString("n=%1 p=%2: %3 vs %4").arg(n).arg(p).arg(got).arg(expected)));
        }
        // Tail approximation regime (−ln p tiny): one packet needs 1/(1 − p) transmissions.
        QVERIFY(std::abs(TransportModel::expectedExtraRounds(1, 1.0 - 1e-7) / (1e7 - 1.0) - 1.0) <
                1e-3);
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
