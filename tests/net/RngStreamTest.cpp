// Deterministic random streams and their samplers.
#include "meridian/sim/RngStream.hpp"

#include "TestMain.hpp"

#include <QtTest/QtTest>
#include <cmath>

using namespace meridian::sim;

class RngStreamTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void sameSeedAndEntityGiveTheSameStream()
    {
        RngStream a(42, 7), b(42, 7), c(42, 8), d(43, 7), e(42, 7, 1);
        bool differC = false, differD = false, differE = false;
        for (int i = 0; i < 100; ++i) {
            const auto x = a.next();
            QCOMPARE(x, b.next());
            differC |= x != c.next();
            differD |= x != d.next();
            differE |= x != e.next();
        }
        QVERIFY(differC);
        QVERIFY(differD);
        QVERIFY(differE);
    }

    void uniformMoments()
    {
        // U[0,1): mean 1/2, variance 1/12; with n = 200k the standard error of the mean is
        // √(1/12/n) ≈ 6.5e-4, so 5e-3 is > 7σ.
        RngStream r(1, 2);
        const int n = 200000;
        double sum = 0, sum2 = 0;
        for (int i = 0; i < n; ++i) {
            const double u = r.uniform();
            QVERIFY(u >= 0.0 && u < 1.0);
            sum += u;
            sum2 += u * u;
        }
        const double mean = sum / n;
        QVERIFY(std::abs(mean - 0.5) < 5e-3);
        QVERIFY(std::abs(sum2 / n - mean * mean - 1.0 / 12.0) < 2e-3);
    }

    void normalMoments()
    {
        RngStream r(3, 4);
        const int n = 200000;
        double sum = 0, sum2 = 0;
        for (int i = 0; i < n; ++i) {
            const double x = r.normal(2.0, 3.0);
            sum += x;
            sum2 += x * x;
        }
        const double mean = sum / n;
        const double sd = std::sqrt(sum2 / n - mean * mean);
        QVERIFY(std::abs(mean - 2.0) < 0.05); // SE = 3/√n ≈ 0.0067
        QVERIFY(std::abs(sd - 3.0) < 0.05);
    }

    void paretoSupportAndMean()
    {
        // Pareto(α = 3, x_m = 2): support [2, ∞), mean α·x_m/(α − 1) = 3.
        RngStream r(5, 6);
        const int n = 400000;
        double sum = 0;
        for (int i = 0; i < n; ++i) {
            const double x = r.pareto(3.0, 2.0);
            QVERIFY(x >= 2.0);
            sum += x;
        }
        QVERIFY(std::abs(sum / n - 3.0) < 0.03);
    }
};

MERIDIAN_TEST(RngStreamTest)
#include "RngStreamTest.moc"
