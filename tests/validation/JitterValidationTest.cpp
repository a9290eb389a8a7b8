// Jitter: the max-of-N ("barrel") effect of a synchronised step for every jitter
// distribution, with and without netem-style correlation, against a Monte-Carlo of the same
// sampling model computed here on an independent generator (4 standard errors); the AR(1)
// statistics of correlated jitter; determinism of seeds.
#include "../net/NetFixtures.hpp"
#include "TestMain.hpp"
#include "meridian/net/Network.hpp"

#include <QtTest/QtTest>
#include <algorithm>
#include <cmath>
#include <functional>
#include <random>

using namespace meridian;
using namespace meridian::net;

namespace {
constexpr double kB = 10e9, kDelay = 1e-3, kSigma = 0.5e-3, kChunk = 1000.0;

// Runs `steps` synchronised steps (host i → host i+1, kChunk bytes each, reliable SR) on a
// jittery star and returns each step's duration.
std::vector<double>
stepDurations(int hosts, int steps, std::uint64_t seed,
              topology::JitterDistribution dist = topology::JitterDistribution::Uniform,
              double correlation = 0.0)
{
    auto t = test::netStar(hosts, kB, kDelay, kSigma, dist);
    for (std::size_t i = 0; i < t.linkCount(); ++i) {
        const LinkId id = LinkId::fromIndex(i);
        auto l = t.link(id);
        l.params.jitter_correlation = correlation;
        t.updateLink(id, l);
    }
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

// Standard error of the mean of v. batch = 1: i.i.d. samples, s/√n. batch > 1: batch means
// (samples correlated over a few steps): the sd of the means of consecutive batches / √batches.
double standardError(const std::vector<double>& v, std::size_t batch = 1)
{
    std::vector<double> means;
    for (std::size_t i = 0; i + batch <= v.size(); i += batch) {
        double s = 0;
        for (std::size_t k = i; k < i + batch; ++k)
            s += v[k];
        means.push_back(s / static_cast<double>(batch));
    }
    const double m = mean(means);
    double ss = 0;
    for (double x : means)
        ss += (x - m) * (x - m);
    const double n = static_cast<double>(means.size());
    return std::sqrt(ss / (n - 1) / n);
}

// Independent sampler of the jitter distributions (docs/network-model.md §4), on the
// standard library's generator and distributions (not the engine's RngStream):
//   uniform U(−σ, σ); normal N(0, σ²); pareto σ·(X − 1.5)/√0.75 with X = U^(−1/3)
//   (Pareto α = 3, x_m = 1: mean 1.5, variance 0.75); paretonormal σ·(¼Z + ¾P)/√(10/16).
class ReferenceJitter
{
public:
    explicit ReferenceJitter(std::uint64_t seed) : m_gen(seed) {}
    double operator()(topology::JitterDistribution d)
    {
        using topology::JitterDistribution;
        switch (d) {
        case JitterDistribution::Uniform:
            return kSigma * (2 * m_u(m_gen) - 1);
        case JitterDistribution::Normal:
            return kSigma * m_z(m_gen);
        case JitterDistribution::Pareto:
            return kSigma * stdPareto();
        case JitterDistribution::ParetoNormal: {
            const double z = m_z(m_gen);
            return kSigma * (0.25 * z + 0.75 * stdPareto()) / std::sqrt(0.625);
        }
        }
        return 0.0;
    }

private:
    double stdPareto()
    {
        const double u = 1.0 - m_u(m_gen); // (0, 1]
        return (std::pow(u, -1.0 / 3.0) - 1.5) / std::sqrt(0.75);
    }
    std::mt19937_64 m_gen;
    std::uniform_real_distribution<double> m_u{0.0, 1.0};
    std::normal_distribution<double> m_z{0.0, 1.0};
};

// Monte-Carlo of `steps` synchronised steps of N transfers: each transfer's time = fixed +
// Σ over its 2 links of max(0, δ + j), the step's time = the slowest transfer's. With
// correlation ρ every link direction keeps its previous sample (netem: j = (1 − ρ)·fresh +
// ρ·previous, unclipped; each direction carries one message per step).
std::vector<double> monteCarloSteps(int hosts, int steps, topology::JitterDistribution dist,
                                    double rho, std::uint64_t seed)
{
    const double fixed = kChunk * 8 / kB + 1500.0 * 8 / kB;
    ReferenceJitter jitter(seed);
    std::vector<double> up(hosts, 0.0), down(hosts, 0.0); // previous sample per direction
    std::vector<double> out;
    out.reserve(steps);
    for (int k = 0; k < steps; ++k) {
        double worst = 0;
        for (int i = 0; i < hosts; ++i) {
            up[i] = (1 - rho) * jitter(dist) + rho * up[i];
            down[i] = (1 - rho) * jitter(dist) + rho * down[i];
            worst =
                std::max(worst, std::max(0.0, kDelay + up[i]) + std::max(0.0, kDelay + down[i]));
        }
        out.push_back(worst + fixed);
    }
    return out;
}

QString distName(topology::JitterDistribution d)
{
    return QString::fromUtf8(topology::toString(d).data(),
                             static_cast<int>(topology::toString(d).size()));
}
} // namespace

class JitterValidationTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void maxOfNMatchesMonteCarlo_data()
    {
        QTest::addColumn<int>("hosts");
        QTest::addColumn<int>("dist");
        QTest::addColumn<double>("rho");
        using topology::JitterDistribution;
        for (auto d : {JitterDistribution::Uniform, JitterDistribution::Normal,
                       JitterDistribution::Pareto, JitterDistribution::ParetoNormal})
            for (int n : {2, 8, 32})
                QTest::addRow("%s N=%d", qPrintable(distName(d)), n) << n << int(d) << 0.0;
        // netem-style correlation: each direction's sample leans on its previous one.
        QTest::addRow("uniform N=8 rho=0.5") << 8 << int(JitterDistribution::Uniform) << 0.5;
        QTest::addRow("normal N=8 rho=0.5") << 8 << int(JitterDistribution::Normal) << 0.5;
        QTest::addRow("pareto N=8 rho=0.3") << 8 << int(JitterDistribution::Pareto) << 0.3;
    }
    void maxOfNMatchesMonteCarlo()
    {
        QFETCH(int, hosts);
        QFETCH(int, dist);
        QFETCH(double, rho);
        const auto d = static_cast<topology::JitterDistribution>(dist);
        // Expectation: a step ends with the slowest of its N transfers (data chunk·8/B, one
        // 1500 B store-and-forward at the second hop, Σ_2 links max(0, δ + j)). The mean step
        // time of the simulation and of an independent Monte-Carlo of the same sampling model
        // must agree within 4 combined standard errors (a false alarm ≈ 6e-5 per row).
        // Correlated rows use batch means (batches of 50 steps ≫ the 1/(1 − ρ) memory).
        const std::size_t batch = rho > 0.0 ? 50 : 1;
        const auto sim = stepDurations(hosts, 2000, 42, d, rho);
        QCOMPARE(sim.size(), std::size_t(2000));
        const auto mc = monteCarloSteps(hosts, rho > 0.0 ? 100000 : 200000 / hosts + 20000, d, rho,
                                        12345 + static_cast<std::uint64_t>(hosts));
        const double se = std::hypot(standardError(sim, batch), standardError(mc, batch));
        const double diff = mean(sim) - mean(mc);
        QVERIFY2(std::abs(diff) < 4 * se,
                 qPrintable(QString("sim %1 MC %2: diff %3 s = %4 SE (SE %5 s)")
                                .arg(mean(sim), 0, 'g', 9)
                                .arg(mean(mc), 0, 'g', 9)
                                .arg(diff)
                                .arg(diff / se)
                                .arg(se)));
        qInfo("%s: sim %.9g MC %.9g, diff %.3g s = %.2f SE", QTest::currentDataTag(), mean(sim),
              mean(mc), diff, diff / se);
    }

    void correlatedJitterIsAnAr1Process()
    {
        // One a→b link, δ = 10 ms ≫ σ = 1 ms (no clipping), uniform jitter with netem-style
        // correlation ρ = 0.6: j_t = (1 − ρ)·e_t + ρ·j_{t−1}, e ~ U(−σ, σ). Stationary:
        // lag-1 autocorrelation ρ; variance (1 − ρ)²·(σ²/3)/(1 − ρ²) = (1 − ρ)/(1 + ρ)·σ²/3.
        // 20,000 back-to-back 1000 B UDP messages; j_t = latency − δ − 1000·8/B (one hop: no
        // store-and-forward, no queue). Tolerances, 4 standard errors each: the lag-1
        // autocorrelation estimate has SE √((1 − ρ²)/n) (Bartlett); the variance, batch means.
        const double B = 10e9, delay = 0.010, sigma = 1e-3, rho = 0.6;
        const int n = 20000, skip = 100; // j_{−1} = 0: skip the transient (ρ^100)
        topology::Topology t;
        t.addNode(test::netNode("a"));
        t.addNode(test::netNode("b"));
        auto l = test::netLink("ab", "a", "b", B, delay);
        l.params.jitter_s = sigma;
        l.params.jitter_correlation = rho;
        t.addLink(l);
        sim::Simulator sim;
        NetworkConfig cfg;
        cfg.keep_flow_records = false;
        Network net(sim, t, cfg);
        const NodeId a = *t.findNode("a"), b = *t.findNode("b");
        std::vector<double> j;
        std::function<void()> next = [&] {
            net.startTransfer(a, b, 1000, Protocol::Udp, [&](const TransferResult& r) {
                j.push_back(r.duration_s() - delay - 1000 * 8 / B);
                if (static_cast<int>(j.size()) < n)
                    next();
            });
        };
        next();
        sim.run();
        QCOMPARE(static_cast<int>(j.size()), n);
        const std::vector<double> x(j.begin() + skip, j.end());
        const double m = mean(x);
        std::vector<double> sq;
        double c0 = 0, c1 = 0;
        for (std::size_t i = 0; i < x.size(); ++i) {
            sq.push_back((x[i] - m) * (x[i] - m));
            c0 += sq.back();
            if (i > 0)
                c1 += (x[i] - m) * (x[i - 1] - m);
        }
        const double r1 = c1 / c0;
        const double nn = static_cast<double>(x.size());
        const double seR1 = std::sqrt((1 - rho * rho) / nn);
        QVERIFY2(std::abs(r1 - rho) < 4 * seR1,
                 qPrintable(QString("lag-1 autocorrelation %1, expected %2 ± %3")
                                .arg(r1)
                                .arg(rho)
                                .arg(4 * seR1)));
        const double var = mean(sq);
        const double expectedVar = (1 - rho) / (1 + rho) * sigma * sigma / 3;
        const double seVar = standardError(sq, 200);
        QVERIFY2(
            std::abs(var - expectedVar) < 4 * seVar,
            qPrintable(
                QString("variance %1, expected %2 ± %3").arg(var).arg(expectedVar).arg(4 * seVar)));
        // The mean is unchanged (zero-mean jitter); SE from batch means.
        QVERIFY(std::abs(m) < 4 * standardError(x, 200));
        qInfo("rho %.3f (SE %.4f), variance ratio %.4f (SE %.4f)", r1, seR1, var / expectedVar,
              seVar / expectedVar);
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
