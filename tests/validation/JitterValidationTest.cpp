// Jitter: the max-of-N ("barrel") effect of a synchronised step, against a Monte-Carlo of
// the same sampling model computed here; determinism of seeds.
#include "../net/NetFixtures.hpp"
#include "TestMain.hpp"
#include "meridian/net/Network.hpp"

#include <QtTest/QtTest>
#include <algorithm>
#include <cmath>
#include <random>

using namespace meridian;
using namespace meridian::net;

namespace {
constexpr double kB = 10e9, kDelay = 1e-3, kSigma = 0.5e-3, kChunk = 1000.0;

// Runs `steps` synchronised steps (host i → host i+1, kChunk bytes each, reliable SR) on a
// jittery star and returns each step's duration.
std::vector<double>
stepDurations(int hosts, int steps, std::uint64_t seed,
              topology::JitterDistribution dist = topology::JitterDistribution::Uniform)
{
    auto t = test::netStar(hosts, kB, kDelay, kSigma, dist);
    sim::Simulator sim;
    NetworkConfig cfg;
    cfg.seed = seed;
    cfg.keep_flow_records = false;
    Network net(sim, t, cfg);
    std::vector<NodeId> h;
    for (int i = 0; i < hosts; ++i)
        h.push_back(*t.findNode("h" + std::to_string(i)));
    std::vector<double> out;
    int outstanding = 0;
    double stepStart = 0.0;
    std::function<void()> startStep = [&] {
        outstanding = hosts;
        stepStart = sim.now().toSeconds();
        for (int i = 0; i < hosts; ++i)
            net.startTransfer(h[i], h[(i + 1) % hosts], kChunk, Protocol::ReliableSr,
                              [&](const TransferResult& r) {
                                  if (--outstanding == 0) {
                                      out.push_back(r.end_s - stepStart);
                                      if (static_cast<int>(out.size()) < steps)
                                          startStep();
                                  }
                              });
    };
    startStep();
    sim.run();
    return out;
}

double mean(const std::vector<double>& v)
{
    double s = 0;
    for (double x : v)
        s += x;
    return s / static_cast<double>(v.size());
}
} // namespace

class JitterValidationTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void maxOfNMatchesMonteCarlo_data()
    {
        QTest::addColumn<int>("hosts");
        QTest::newRow("N=2") << 2;
        QTest::newRow("N=8") << 8;
        QTest::newRow("N=32") << 32;
    }
    void maxOfNMatchesMonteCarlo()
    {
        QFETCH(int, hosts);
        // Expectation: a step ends with the slowest of its N transfers. Each transfer's
        // time = data (chunk·8/B) + Σ over its 2 links of max(0, δ + U(−σ, σ))
        // + store-and-forward of one 1500 B packet at the second hop (1500·8/B).
        // Mean step time = E[max_i] estimated with 200k Monte-Carlo draws of N transfers.
        const double fixed = kChunk * 8 / kB + 1500.0 * 8 / kB;
        std::mt19937_64 gen(12345);
        std::uniform_real_distribution<double> u(-kSigma, kSigma);
        const int draws = 200000 / hosts + 2000;
        double mc = 0;
        for (int k = 0; k < draws; ++k) {
            double worst = 0;
            for (int i = 0; i < hosts; ++i)
                worst = std::max(worst,
                                 std::max(0.0, kDelay + u(gen)) + std::max(0.0, kDelay + u(gen)));
            mc += worst + fixed;
        }
        mc /= draws;
        const double sim = mean(stepDurations(hosts, 2000, 42));
        QVERIFY2(std::abs(sim - mc) / mc < 0.03,
                 qPrintable(QString("sim %1 MC %2").arg(sim).arg(mc)));
    }

    void stepTimeGrowsWithN()
    {
        // The barrel effect: more parallel transfers → a larger expected maximum.
        const double m2 = mean(stepDurations(2, 1000, 1));
        const double m16 = mean(stepDurations(16, 1000, 1));
        const double m64 = mean(stepDurations(64, 300, 1));
        QVERIFY(m16 > m2 * 1.05);
        QVERIFY(m64 > m16);
        // Bounded by the worst case 2(δ + σ) + fixed costs.
        QVERIFY(m64 < 2 * (kDelay + kSigma) + 1e-5);
    }

    void heavyTailedJitterNeverMakesDelayNegative()
    {
        // Pareto jitter with σ = δ/2: every step still takes at least the data time.
        const auto d = stepDurations(8, 500, 3, topology::JitterDistribution::Pareto);
        for (double x : d)
            QVERIFY(x >= kChunk * 8 / kB);
        QVERIFY(mean(d) > 2 * kDelay); // the heavy right tail lengthens the max
    }

    void seedsAreDeterministic()
    {
        // Same seed → identical durations; a different seed → different samples.
        const auto a = stepDurations(8, 200, 99);
        const auto b = stepDurations(8, 200, 99);
        const auto c = stepDurations(8, 200, 100);
        QCOMPARE(a, b);
        QVERIFY(a != c);
    }
};

MERIDIAN_TEST(JitterValidationTest)
#include "JitterValidationTest.moc"
