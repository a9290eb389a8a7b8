// TCP steady-state caps: PFTK under loss (measured from a long transfer's completion time),
// link rate without loss, the Reno queue/BDP bound and the receive-window cap, each recomputed
// here from the published formulas.
#include "../net/NetFixtures.hpp"
#include "TestMain.hpp"
#include "meridian/net/Network.hpp"

#include <QtTest/QtTest>
#include <cmath>

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
        const double C = 10e9, d = 0.005, rtt = 4 * d, mss = 1448, b = 2;
        const double p = 1 - (1 - lambda) * (1 - lambda);
        const double t0 = rtt + 0.2;
        const double pftk =
            8 * mss /
            (rtt * std::sqrt(2 * b * p / 3) +
             t0 * std::min(1.0, 3 * std::sqrt(3 * b * p / 8)) * p * (1 + 32 * p * p));
        // Measured from the completion time of a long transfer (≈ 20 s of data at the PFTK
        // rate, so slow start, if any, is a small part of it): wire bits / (duration − one-way
        // latency), latency = 2d + one 1500 B store-and-forward at the second hop (the flow
        // is far below C: no standing queue).
        const double bytes = std::round(pftk * 20.0 / 8 * (1 - p));
        const double latency = 2 * d + 1500.0 * 8 / C;
        NetworkConfig cfg = test::renoConfig();
        cfg.max_window_bytes = 0;
        const auto t = path(C, d, lambda, 1e9);
        sim::Simulator sim;
        Network net(sim, t, cfg);
        TransferResult res;
        net.startTransfer(*t.findNode("a"), *t.findNode("b"), bytes, Protocol::Tcp,
                          [&](const TransferResult& r) { res = r; });
        sim.run();
        QVERIFY(res.ok);
        const double wireBits = bytes / (1 - p) * 8;
        QVERIFY(std::abs(res.retransmitted_bytes - (bytes / (1 - p) - bytes)) < 1e-6 * bytes);
        const double rate = wireBits / (res.duration_s() - latency);
        QVERIFY2(std::abs(rate - pftk) / pftk < 0.02,
                 qPrintable(QString("rate %1 PFTK %2").arg(rate).arg(pftk)));
        qInfo("p = %.5f: measured %.6g bit/s, PFTK %.6g bit/s, deviation %.3g %%", p, rate, pftk,
              100 * (rate - pftk) / pftk);
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
        const double rate = steadyRate(path(C, 0.005, 0.0, 0.2 * bdp), cfg, 5.0);
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
