// TCP steady state: the loss-event model converges to PFTK under loss (mean rate of a long
// transfer after its transient), a transfer shorter than 1/p segments runs loss-free, link
// rate without loss, the Reno queue/BDP bound and the receive-window cap, each recomputed
// here from the published formulas.
#include "../net/NetFixtures.hpp"
#include "TestMain.hpp"
#include "meridian/net/Network.hpp"

#include <QtTest/QtTest>
#include <cmath>
#include <set>

using namespace meridian;
using namespace meridian::net;

class TcpModelValidationTest : public QObject
{
    Q_OBJECT
private:
    static topology::Topology path(double C, double d, double lambda, double queueBytes)
    {
        return test::netPath(C, d, lambda, queueBytes);
    }
    static double steadyRate(const topology::Topology& t, NetworkConfig cfg, double atS)
    {
        sim::Simulator sim;
        Network net(sim, t, cfg);
        const FlowId f =
            net.startTransfer(*t.findNode("a"), *t.findNode("b"), 1e12, Protocol::Tcp, nullptr);
        sim.runUntil(sim::SimTime::fromSeconds(atS));
        return net.flowRateBps(f);
    }

private Q_SLOTS:
    void pftkUnderLoss_data()
    {
        QTest::addColumn<double>("lambda");
        QTest::newRow("0.5 % per link") << 0.005;
        QTest::newRow("0.05 % per link") << 0.0005;
        QTest::newRow("2 % per link") << 0.02;
    }
    void pftkUnderLoss()
    {
        QFETCH(double, lambda);
        // Path loss p = 1 − (1 − λ)², RTT = 4·d = 20 ms, T0 = RTT + max(0.2 s, 4·0) (no
        // jitter), b = 2, MSS = 1448 B. PFTK (Padhye et al. 1998), bit/s:
        //   8·MSS / (RTT·√(2bp/3) + T0·min(1, 3√(3bp/8))·p·(1 + 32p²))
        // taken as the wire (send) rate; every byte is sent 1/(1 − p) times on average.
        // The engine does not apply it as a rate: loss events every 1/p segments cut a Reno
        // window (docs/network-model.md §5); its long-run mean must converge to PFTK.
        const double C = 10e9, d = 0.005, rtt = 4 * d, mss = 1448, b = 2;
        const double p = 1 - (1 - lambda) * (1 - lambda);
        const double t0 = rtt + 0.2;
        const double pftk =
            8 * mss /
            (rtt * std::sqrt(2 * b * p / 3) +
             t0 * std::min(1.0, 3 * std::sqrt(3 * b * p / 8)) * p * (1 + 32 * p * p));
        // Mean rate after the transient: two transfers on fresh networks, of ≈ 20 s and
        // ≈ 80 s of data at the PFTK rate. The loss clock is deterministic, so both follow
        // the same window history over their first bytes, and the difference of their wire
        // bits over the difference of their completion times is the mean rate over the last
        // ≈ 60 s (tens to hundreds of loss cycles).
        NetworkConfig cfg = test::renoConfig();
        cfg.max_window_bytes = 0;
        const auto t = path(C, d, lambda, 1e9);
        const auto duration = [&](double bytes) {
            const TransferResult res = test::transferAB(t, cfg, bytes);
            [&] {
                QVERIFY(res.ok);
                QVERIFY(std::abs(res.retransmitted_bytes - (bytes / (1 - p) - bytes)) <
                        1e-6 * bytes);
            }();
            return res.duration_s();
        };
        const double b1 = std::round(pftk * 20.0 / 8 * (1 - p));
        const double b2 = std::round(pftk * 80.0 / 8 * (1 - p));
        const double rate = (b2 - b1) / (1 - p) * 8 / (duration(b2) - duration(b1));
        // Within 3 %: the window is re-read at most every 1/32 of its growth (at the midpoint
        // of each step), and 60 s hold a whole number of loss cycles only to within one cycle.
        QVERIFY2(std::abs(rate - pftk) / pftk < 0.03,
                 qPrintable(QString("rate %1 PFTK %2").arg(rate).arg(pftk)));
        qInfo("p = %.5f: measured %.6g bit/s, PFTK %.6g bit/s, deviation %.3g %%", p, rate, pftk,
              100 * (rate - pftk) / pftk);
    }

    void transferShorterThanOneLossIsLossFree()
    {
        // At p = 1e-5 a loss comes every 1/p = 100,000 segments (144.8 MB) on average; ns-3
        // (tests/reference/results/ns3.csv, rows loss1e-05) saw no loss in 100 MB and took
        // exactly its loss-free time. A 100 MB transfer (69,061 segments) must take the
        // loss-free time here too, the wire bytes being 1/(1 − p) of the payload.
        NetworkConfig cfg = test::renoConfig();
        const auto run = [&](double lambda) {
            return test::transferAB(path(1e9, 0.02, lambda, 1e7), cfg, 100e6).duration_s();
        };
        const double lossFree = run(0.0), lossy = run(0.5e-5);
        QVERIFY2(std::abs(lossy - lossFree) / lossFree < 2e-5,
                 qPrintable(QString("lossy %1 s, loss-free %2 s").arg(lossy).arg(lossFree)));
    }

    void sampledLossesAreBernoulli()
    {
        // LossModel::Sampled (the default) loses each segment with probability p, drawn from
        // the seed, so a transfer of n segments meets no loss with probability (1 − p)^n:
        // 100 MB = 69,061 segments at p = 1e-5 gives 0.501. Over 400 seeds the runs that take
        // the loss-free time are binomial(400, 0.501): mean 200.4, sd 10; within 4 sd. The
        // same seed gives the same time, and other seeds other times.
        NetworkConfig cfg = test::renoConfig();
        cfg.loss_model = LossModel::Sampled;
        const auto run = [&](double lambda, std::uint64_t seed) {
            cfg.seed = seed;
            return test::transferAB(path(1e9, 0.02, lambda, 1e7), cfg, 100e6).duration_s();
        };
        const double lossFree = run(0.0, 1);
        int clean = 0;
        std::set<double> times;
        for (std::uint64_t seed = 1; seed <= 400; ++seed) {
            const double d = run(0.5e-5, seed);
            clean += std::abs(d - lossFree) / lossFree < 2e-5 ? 1 : 0;
            times.insert(d);
        }
        const double p = 1 - (1 - 0.5e-5) * (1 - 0.5e-5);
        const double expected = 400 * std::pow(1 - p, std::ceil(100e6 / 1448));
        QVERIFY2(
            std::abs(clean - expected) <= 4 * std::sqrt(expected * (1 - expected / 400)),
            qPrintable(QString("%1 loss-free runs of 400, expected %2").arg(clean).arg(expected)));
        QVERIFY(times.size() > 100); // the lossy runs differ from one another
        QCOMPARE(run(0.5e-5, 7), run(0.5e-5, 7));
        qInfo("%d of 400 seeds loss-free (expected %.1f), %zu distinct times", clean, expected,
              times.size());
    }

    void randomLossMatchesOttKempermanMathis_data()
    {
        QTest::addColumn<double>("lambda");
        QTest::newRow("p≈1e-3") << 0.5e-3;
        QTest::newRow("p≈1e-4") << 0.5e-4;
    }
    void randomLossMatchesOttKempermanMathis()
    {
        QFETCH(double, lambda);
        // Congestion avoidance that adds one segment per RTT and halves at each loss, with
        // independent per-segment loss p, has a mean window of ≈ 1.31/√p segments for small p
        // (Ott, Kemperman & Mathis 1996; Mathis et al. 1997's C = 1.31 for random loss), 7 %
        // above the √(3/2) = 1.22 of periodic loss. Linux's Reno (byte counting, b = 1) with
        // losses drawn from the seed must approach, with the timeout term of an independent
        // loss recovered by SACK (a timeout only when the retransmission is lost too, Q = p;
        // docs/network-model.md §5), bit/s:
        //   8·MSS / (RTT·√p/1.31 + T0·p·p·(1 + 32p²)).
        // Mean rate over ≈ 3,900 s (≈ 10,000 loss cycles at p = 1e-3): two transfers of ≈ 100 s
        // and ≈ 4,000 s of data with the same seed share their history up to the first's end;
        // averaged over 8 seeds (one seed's rate varies by ≈ ±1 %). Seen: +1.5 % at p = 1e-3
        // (the 1.31 is the p → 0 limit: a pure AIMD sample path gives 1.325 there), +0.5 % at
        // p = 1e-4; within 3 %.
        constexpr std::uint64_t kSeeds = 8;
        const double C = 10e9, d = 0.005, rtt = 4 * d, mss = 1448;
        const double p = 1 - (1 - lambda) * (1 - lambda);
        const double t0 = rtt + 0.2;
        const double expected =
            8 * mss / (rtt * std::sqrt(p) / 1.31 + t0 * p * p * (1 + 32 * p * p));
        NetworkConfig cfg;
        cfg.congestion_control = CongestionControl::Reno;
        cfg.max_window_bytes = 0;
        const auto t = path(C, d, lambda, 1e9);
        double sum = 0;
        for (std::uint64_t seed = 1; seed <= kSeeds; ++seed) {
            cfg.seed = seed;
            const auto duration = [&](double bytes) {
                return test::transferAB(t, cfg, bytes).duration_s();
            };
            const double b1 = std::round(expected * 100.0 / 8),
                         b2 = std::round(expected * 4000.0 / 8);
            const double rate = (b2 - b1) / (1 - p) * 8 / (duration(b2) - duration(b1));
            sum += rate;
        }
        const double rate = sum / kSeeds;
        QVERIFY2(std::abs(rate - expected) / expected < 0.03,
                 qPrintable(QString("rate %1 expected %2").arg(rate).arg(expected)));
        qInfo("p = %.5f: mean of %d seeds %.6g bit/s, expected %.6g (%+.2f %%)", p, int(kSeeds),
              rate, expected, 100 * (rate - expected) / expected);
    }

    void noLossReachesLinkRate()
    {
        // p = 0, window unlimited, buffer ≥ BDP (25 MB > 10 G·20 ms/8): rate = C.
        NetworkConfig cfg = test::renoConfig();
        cfg.max_window_bytes = 0;
        const double rate = steadyRate(path(10e9, 0.005, 0.0, 100e6), cfg, 5.0);
        QVERIFY(std::abs(rate - 10e9) / 10e9 < 1e-9);
    }

    void smallBufferBoundsUtilisation()
    {
        // Buffer B_q = 0.2·BDP. A Reno sawtooth between W/2 and W = BDP + B_q (packets)
        // sends ∫W/RTT; with RTT = RTT0 while W < BDP and W/C above it, the mean
        // utilisation is U = ¾·W²/(BDP² − W·BDP + W²) with W, BDP in the same unit.
        // Here W = 1.2·BDP → U = 0.75·1.44/(1 − 1.2 + 1.44) = 1.08/1.24.
        const double C = 1e9, rtt = 0.02, bdp = C * rtt / 8;
        NetworkConfig cfg = test::renoConfig();
        cfg.max_window_bytes = 0;
        // Slow start first overflows the buffer (docs/network-model.md §5, overshoot: the
        // doubled window 2,560 segments > BDP + B_q = 2,071) and Reno grows back from half of
        // it at 1/b = ½ segment per RTT: ≈ 220 segments to U·BDP take ≈ 9 s; read at 20 s.
        const double rate = steadyRate(path(C, 0.005, 0.0, 0.2 * bdp), cfg, 20.0);
        const double expected = 1.08 / 1.24 * C;
        QVERIFY2(std::abs(rate - expected) / expected < 1e-9, qPrintable(QString::number(rate)));
    }

    void receiveWindowCapsLongPaths()
    {
        // rwnd 6 MiB over RTT 100 ms: 6·2^20·8/0.1 = 503.3 Mbit/s < 10 G.
        NetworkConfig cfg = test::renoConfig(); // default 6 MiB
        const double rate = steadyRate(path(10e9, 0.025, 0.0, 1e9), cfg, 5.0);
        const double expected = 6.0 * 1048576 * 8 / 0.1;
        QVERIFY(std::abs(rate - expected) / expected < 1e-9);
    }
};

MERIDIAN_TEST(TcpModelValidationTest)
#include "TcpModelValidationTest.moc"
