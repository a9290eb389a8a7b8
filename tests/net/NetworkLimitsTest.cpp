// Network edge behaviour, each checked against an independent computation: the int64-ns time
// horizon, configuration validation of the utilisation sampler, bounded (decimated) time
// series, Linux-style TCP restart after idle (tcp_cwnd_restart) and the ACK path's share of
// the RTT when the reverse path changes during a transfer.
#include "NetFixtures.hpp"
#include "TestMain.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/net/Network.hpp"

#include <QtTest/QtTest>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

using namespace meridian;
using namespace meridian::net;
using meridian::test::netLink;
using meridian::test::netNode;

namespace {

topology::Topology pairTopology(double bw, double delay, double queueBytes = -1.0)
{
    topology::Topology t;
    t.addNode(netNode("a"));
    t.addNode(netNode("b"));
    auto l = netLink("ab", "a", "b", bw, delay);
    if (queueBytes >= 0.0) {
        l.params.queue = queueBytes;
        l.params.queue_unit = topology::QueueUnit::Bytes;
    }
    t.addLink(l);
    return t;
}

// Reference of the sampler contract (Network.hpp, docs §9): a sample at every multiple of
// the grid interval while data flows, a final one when the network goes idle, and whenever
// more than maxSamples are held, adjacent pairs merge (the later end time kept, an odd last
// one kept alone) and the interval doubles.
std::vector<std::int64_t> referenceSampleTimes(std::int64_t interval_ns, std::size_t maxSamples,
                                               std::int64_t end_ns)
{
    std::vector<std::int64_t> times;
    const auto add = [&](std::int64_t t) {
        times.push_back(t);
        if (times.size() > maxSamples) {
            std::vector<std::int64_t> merged;
            for (std::size_t i = 0; i < times.size(); i += 2)
                merged.push_back(i + 1 < times.size() ? times[i + 1] : times[i]);
            times = merged;
            interval_ns *= 2;
        }
    };
    std::int64_t now = 0;
    for (;;) {
        const std::int64_t next = (now / interval_ns + 1) * interval_ns;
        if (next >= end_ns)
            break;
        add(next);
        now = next;
    }
    if (times.empty() || times.back() < end_ns)
        add(end_ns);
    return times;
}

// Delivery time of one TCP message of `bytes` started with window cwnd0 at t = 0 on a single
// link (capacity C, one-way delay d, drop-tail queue Q bytes ≥ BDP so the Reno bound is 1, no
// loss, rwnd unlimited): slow-start rounds of one RTT at cwnd/RTT, cwnd doubling, until
// cwnd/RTT ≥ C (rest at C; the link is saturated by a window-growing flow, so the delivery
// also waits the mean standing queue Q/2 drained at C) or until what is left fits in cwnd
// (sent as a burst at C, no standing queue). docs/network-model.md §4-5.
double tcpMessageS(double bytes, double cwnd0, double C, double d, double Q)
{
    const double rtt = 2 * d;
    double remaining = bytes, t = 0.0, cwnd = cwnd0;
    for (;;) {
        if (cwnd * 8 / rtt >= C)
            return t + remaining * 8 / C + d + 0.5 * Q * 8 / C;
        if (remaining <= cwnd)
            return t + remaining * 8 / C + d;
        remaining -= cwnd;
        t += rtt;
        cwnd *= 2;
    }
}

} // namespace

class NetworkLimitsTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // --- time horizon -------------------------------------------------------------------
    void transferBeyondTheTimeHorizonFails_data()
    {
        QTest::addColumn<int>("protocol");
        QTest::newRow("UDP") << int(Protocol::Udp);
        QTest::newRow("TCP") << int(Protocol::Tcp);
    }
    void transferBeyondTheTimeHorizonFails()
    {
        QFETCH(int, protocol);
        // 1e18 bytes over 1 bit/s: 8e18 s ≫ the int64-ns horizon (≈ 9.2e9 s, 292 years). The
        // transfer must fail at once with an error saying why, not wrap the clock.
        const auto t = pairTopology(1.0, 0.001);
        sim::Simulator sim;
        Network net(sim, t);
        TransferResult res;
        int calls = 0;
        net.startTransfer(*t.findNode("a"), *t.findNode("b"), 1e18, static_cast<Protocol>(protocol),
                          [&](const TransferResult& r) {
                              res = r;
                              ++calls;
                          });
        sim.run();
        QCOMPARE(calls, 1);
        QVERIFY(!res.ok);
        QCOMPARE(res.end_s, 0.0);
        QVERIFY2(res.error.find("time horizon") != std::string::npos, res.error.c_str());
        QCOMPARE(net.activeFlows(), std::size_t(0));
        QVERIFY(sim.now() < sim::SimTime::fromSeconds(1.0));
    }

    void deliveryBeyondTheTimeHorizonFails()
    {
        // Started 1 s before the end of time: 1 MB at 1 Gbit/s leaves in 8 ms, but a 2 s link
        // delay would deliver it after the horizon → error. The same transfer over a 0.1 s
        // link is delivered exactly at start + 8 ms + 100 ms (integer ns, no saturation).
        const sim::SimTime start = sim::SimTime::max() - sim::SimTime::fromSeconds(1.0);
        for (const double delay : {2.0, 0.1}) {
            const auto t = pairTopology(1e9, delay);
            sim::Simulator sim;
            NetworkConfig cfg;
            cfg.sample_interval_s = 0.0;
            Network net(sim, t, cfg);
            TransferResult res;
            int calls = 0;
            sim.schedule(start, [&] {
                net.startTransfer(*t.findNode("a"), *t.findNode("b"), 1e6, Protocol::Udp,
                                  [&](const TransferResult& r) {
                                      res = r;
                                      ++calls;
                                  });
            });
            sim.run();
            QCOMPARE(calls, 1);
            if (delay > 1.0) {
                QVERIFY(!res.ok);
                QVERIFY2(res.error.find("time horizon") != std::string::npos, res.error.c_str());
                QCOMPARE(sim.now().ns(), start.ns() + 8'000'000);
            } else {
                QVERIFY2(res.ok, res.error.c_str());
                QCOMPARE(sim.now().ns(), start.ns() + 8'000'000 + 100'000'000);
            }
        }
    }

    void centuryLongTransferIsExact()
    {
        // 100 years (3.15576e9 s) fit in the horizon: 3.15576e9 bytes over 8 bit/s end at
        // exactly 3.15576e18 ns + the 1 ms delay.
        const auto t = pairTopology(8.0, 0.001);
        sim::Simulator sim;
        NetworkConfig cfg;
        cfg.sample_interval_s = 0.0;
        Network net(sim, t, cfg);
        TransferResult res;
        net.startTransfer(*t.findNode("a"), *t.findNode("b"), 3.15576e9, Protocol::Udp,
                          [&](const TransferResult& r) { res = r; });
        sim.run();
        QVERIFY2(res.ok, res.error.c_str());
        QCOMPARE(sim.now().ns(), std::int64_t(3'155'760'000'000'000'000) + 1'000'000);

        // 200 years (6.31152e9 s) also fit (the horizon is 9.22e9 s): the whole range is usable.
        sim::Simulator sim2;
        Network net2(sim2, t, cfg);
        TransferResult res2;
        net2.startTransfer(*t.findNode("a"), *t.findNode("b"), 6.31152e9, Protocol::Udp,
                           [&](const TransferResult& r) { res2 = r; });
        sim2.run();
        QVERIFY2(res2.ok, res2.error.c_str());
        QCOMPARE(sim2.now().ns(), std::int64_t(6'311'520'000'000'000'000) + 1'000'000);
    }

    // --- sampler configuration and decimation -----------------------------------------
    void sampleIntervalIsValidated()
    {
        const auto t = pairTopology(1e9, 0.001);
        sim::Simulator sim;
        for (const double bad : {-0.1, -1e-9, std::nan(""), std::numeric_limits<double>::infinity(),
                                 -std::numeric_limits<double>::infinity(), 0.5e-9}) {
            NetworkConfig cfg;
            cfg.sample_interval_s = bad;
            try {
                Network net(sim, t, cfg);
                QFAIL(qPrintable(QString("sample_interval_s = %1 accepted").arg(bad)));
            } catch (const InputError& e) {
                QCOMPARE(QString::fromStdString(e.location()),
                         QString("network/sample_interval_s"));
                QVERIFY2(e.problem().find("≥ 1e-9 s") != std::string::npos, e.what());
            }
        }
        for (const std::size_t bad : {std::size_t(0), std::size_t(1)}) {
            NetworkConfig cfg;
            cfg.max_samples = bad;
            try {
                Network net(sim, t, cfg);
                QFAIL("max_samples < 2 accepted");
            } catch (const InputError& e) {
                QCOMPARE(QString::fromStdString(e.location()), QString("network/max_samples"));
            }
        }
        // The limits themselves are valid.
        for (const double ok : {0.0, 1e-9, 3600.0}) {
            NetworkConfig cfg;
            cfg.sample_interval_s = ok;
            cfg.max_samples = 2;
            Network net(sim, t, cfg);
            QCOMPARE(net.config().sample_interval_s, ok);
        }
    }

    void maxSamplesDecimatesAndKeepsTotals_data()
    {
        QTest::addColumn<int>("maxSamples");
        QTest::newRow("2 (minimum)") << 2;
        QTest::newRow("3 (odd)") << 3;
        QTest::newRow("8") << 8;
        QTest::newRow("4096 (no merge)") << 4096;
    }
    void maxSamplesDecimatesAndKeepsTotals()
    {
        QFETCH(int, maxSamples);
        // a –ar (1 Gbit/s)– r –rb (0.4 Gbit/s, 0.8 Gbit/s from 0.55 s)– b; one UDP transfer of
        // 177.5 MB: 0.4 G for 0.55 s (27.5 MB), then the remaining 150 MB at 0.8 G take 1.5 s,
        // so data ends at 2.05 s. Samples every 0.1 s.
        const double C = 1e9, t1 = 0.55, r1 = 0.4e9, r2 = 0.8e9, bytes = 177.5e6;
        const double tEnd = t1 + (bytes * 8 - r1 * t1) / r2;
        topology::Topology t;
        for (const char* n : {"a", "r", "b"})
            t.addNode(netNode(n));
        t.addLink(netLink("ar", "a", "r", C, 0.001));
        auto rb = netLink("rb", "r", "b", r1, 0.001);
        topology::ScheduleStep s;
        s.at_s = t1;
        s.patch.bandwidth_bps = r2;
        rb.schedule.push_back(s);
        t.addLink(rb);
        sim::Simulator sim;
        NetworkConfig cfg;
        cfg.sample_interval_s = 0.1;
        cfg.max_samples = static_cast<std::size_t>(maxSamples);
        Network net(sim, t, cfg);
        net.startTransfer(*t.findNode("a"), *t.findNode("b"), bytes, Protocol::Udp, nullptr);
        sim.run();

        const auto& times = net.sampleTimes();
        QVERIFY(!times.empty());
        QVERIFY(times.size() <= static_cast<std::size_t>(maxSamples));
        QVERIFY2(std::abs(times.back() - tEnd) < 2e-9, qPrintable(QString::number(times.back())));
        const auto ref = referenceSampleTimes(100'000'000, static_cast<std::size_t>(maxSamples),
                                              sim::SimTime::fromSeconds(times.back()).ns());
        QCOMPARE(times.size(), ref.size());
        for (std::size_t i = 0; i < ref.size(); ++i)
            QVERIFY2(std::abs(times[i] - static_cast<double>(ref[i]) * 1e-9) < 1e-12,
                     qPrintable(QString("sample %1: %2 vs %3").arg(i).arg(times[i]).arg(ref[i])));
        // By hand for max = 8: samples 0.1 … 0.8, the 9th (0.9) merges them into
        // {0.2, 0.4, 0.6, 0.8, 0.9} and the grid becomes 0.2 s: 1.0, 1.2, 1.4, 1.6 make 9
        // again → {0.4, 0.8, 1.0, 1.4, 1.6}, grid 0.4 s: 2.0, then the final sample at 2.05.
        if (maxSamples == 8) {
            const std::vector<double> hand{0.4, 0.8, 1.0, 1.4, 1.6, 2.0, tEnd};
            QCOMPARE(times.size(), hand.size());
            for (std::size_t i = 0; i < hand.size(); ++i)
                QVERIFY(std::abs(times[i] - hand[i]) < 2e-9);
        }
        if (maxSamples == 4096)
            QCOMPARE(times.size(), std::size_t(21)); // 0.1 … 2.0 and 2.05: nothing merged

        // Link ar (constant capacity C): each interval mean = ∫rate / (C·Δt), rate r1 before
        // t1 and r2 after; the merged series still carry every bit: Σ u_i·Δt_i·C = bytes·8.
        const auto ar = net.linkStats(*t.findLink("ar"), 0);
        QCOMPARE(ar.utilisation_series.size(), times.size());
        const auto carried = [&](double a, double b) {
            const double x = std::min(b, t1);
            return r1 * std::max(0.0, x - a) + r2 * std::max(0.0, b - std::max(a, t1));
        };
        double total = 0.0, prev = 0.0;
        for (std::size_t i = 0; i < times.size(); ++i) {
            const double dt = times[i] - prev;
            const double expected = carried(prev, std::min(times[i], tEnd)) / (C * dt);
            QVERIFY2(std::abs(ar.utilisation_series[i] - expected) < 1e-7,
                     qPrintable(QString("interval %1: %2 vs %3")
                                    .arg(i)
                                    .arg(ar.utilisation_series[i])
                                    .arg(expected)));
            total += ar.utilisation_series[i] * dt * C;
            prev = times[i];
        }
        QVERIFY2(std::abs(total - bytes * 8) < 1e-9 * bytes * 8,
                 qPrintable(QString::number(total / (bytes * 8) - 1.0)));
        // Link rb is the bottleneck before and after its capacity change: every merged interval
        // (∫alloc and ∫capacity both summed) stays exactly full.
        const auto rbStats = net.linkStats(*t.findLink("rb"), 0);
        QCOMPARE(rbStats.utilisation_series.size(), times.size());
        for (double u : rbStats.utilisation_series)
            QVERIFY2(std::abs(u - 1.0) < 1e-9, qPrintable(QString::number(u, 'g', 15)));
    }

    // --- Links without series (NetworkConfig::series_links) -----------------------------
    void summaryLinksKeepTotalsAndTheLastInterval_data()
    {
        QTest::addColumn<int>("maxSamples");
        // Even and odd limits: a merge keeps the last interval alone (count odd) or merges it
        // with the one before (count even); 2 merges after every single new sample.
        for (int m : {2, 3, 4, 5, 8, 4096})
            QTest::newRow(qPrintable(QString("max_samples %1").arg(m))) << m;
    }

    void summaryLinksKeepTotalsAndTheLastInterval()
    {
        // Two identical pairs carry the same UDP transfers at the same times: link "s" (index
        // 0) keeps its series, link "t" (index 1) only its totals. Transfers of varying
        // length with gaps make every interval's utilisation different, so a last interval
        // merged wrongly would show. At each check, t's last-interval utilisation must be
        // s's (the last element of its series); at the end its totals must be s's.
        QFETCH(int, maxSamples);
        topology::Topology t;
        for (const char* n : {"a1", "b1", "a2", "b2"})
            t.addNode(test::netNode(n));
        const double C = 1e8;
        t.addLink(test::netLink("s", "a1", "b1", C, 0.001));
        t.addLink(test::netLink("t", "a2", "b2", C, 0.001));
        sim::Simulator sim;
        NetworkConfig cfg;
        cfg.sample_interval_s = 0.1;
        cfg.max_samples = static_cast<std::size_t>(maxSamples);
        cfg.series_links = 1;
        Network net(sim, t, cfg);
        const LinkId s = *t.findLink("s");
        const LinkId u = *t.findLink("t");
        for (int i = 0; i < 30; ++i) {
            const double at_s = 0.25 * i + 0.013 * i * i;
            const double bytes = 3e5 + 1.7e5 * (i % 5);
            sim.schedule(sim::SimTime::fromSeconds(at_s), [&net, &t, bytes] {
                net.startTransfer(*t.findNode("a1"), *t.findNode("b1"), bytes, Protocol::Udp,
                                  nullptr);
                net.startTransfer(*t.findNode("a2"), *t.findNode("b2"), bytes, Protocol::Udp,
                                  nullptr);
            });
        }
        int checks = 0;
        int nonZero = 0;
        QString mismatch; // the first one
        for (int k = 1; k < 500; ++k)
            sim.schedule(sim::SimTime::fromSeconds(0.0371 * k), [&] {
                const double series = net.lastUtilisation(s, 0);
                const double summary = net.lastUtilisation(u, 0);
                const auto st = net.linkStats(s, 0);
                const double back =
                    st.utilisation_series.empty() ? 0.0 : st.utilisation_series.back();
                if (mismatch.isEmpty() && (series != back || summary != series))
                    mismatch = QString("t = %1: last utilisation %2 (summary) vs %3 (series) vs "
                                       "%4 (series' last element)")
                                   .arg(sim.now().toSeconds())
                                   .arg(summary, 0, 'g', 17)
                                   .arg(series, 0, 'g', 17)
                                   .arg(back, 0, 'g', 17);
                ++checks;
                nonZero += summary > 0.0 ? 1 : 0;
            });
        sim.run();
        QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
        QCOMPARE(checks, 499);
        QVERIFY2(nonZero > 100, qPrintable(QString::number(nonZero)));
        QVERIFY(net.sampleTimes().size() <= static_cast<std::size_t>(maxSamples));
        if (maxSamples < 8)
            QVERIFY(net.sampleIntervalS() > 0.1); // the series were merged
        const auto a = net.linkStats(s, 0);
        const auto b = net.linkStats(u, 0);
        QCOMPARE(a.utilisation_series.size(), net.sampleTimes().size());
        QVERIFY(b.utilisation_series.empty());
        QVERIFY(b.queue_delay_s_series.empty());
        QVERIFY(b.loss_series.empty());
        QCOMPARE(b.bytes, a.bytes);
        QVERIFY(a.bytes > 0.0);
        QCOMPARE(b.busy_s, a.busy_s);
        QCOMPARE(b.utilisation_mean, a.utilisation_mean);
        QCOMPARE(b.utilisation_peak, a.utilisation_peak);
        QCOMPARE(b.lost_bytes, a.lost_bytes);
        QCOMPARE(b.queue_delay_mean_s, a.queue_delay_mean_s);
    }

    // --- TCP restart after idle (Linux tcp_cwnd_restart, RFC 2861) ----------------------
    void idleRestartHalvesTheWindowPerRto_data()
    {
        QTest::addColumn<int>("idleRtos");
        QTest::addColumn<bool>("restartEnabled");
        QTest::newRow("idle 0.5 RTO: window kept") << 0 << true;
        QTest::newRow("idle 1.5 RTO: halved once") << 1 << true;
        QTest::newRow("idle 2.5 RTO: quartered") << 2 << true;
        QTest::newRow("idle 3.5 RTO: 1/8") << 3 << true;
        QTest::newRow("idle 9.5 RTO: floor at IW") << 9 << true;
        QTest::newRow("idle 3.5 RTO, slow_start_after_idle off") << 3 << false;
    }
    void idleRestartHalvesTheWindowPerRto()
    {
        QFETCH(int, idleRtos);
        QFETCH(bool, restartEnabled);
        // Link C = 1 Gbit/s, d = 5 ms (RTT 10 ms), queue = BDP (Reno bound 1), no loss, no
        // jitter, rwnd unlimited: RTO = RTT + max(200 ms, 4·0) = 210 ms.
        const double C = 1e9, d = 0.005, rtt = 2 * d, mss = 1448, iw = 10 * mss;
        const double bdp = C * rtt / 8, rto = rtt + 0.2, bytes = 20e6;
        // Window after message 1: slow start doubles IW until cwnd/RTT ≥ C (IW·2^7 here);
        // kept at ≥ BDP (line rate) once the connection left slow start.
        double w1 = iw;
        while (w1 * 8 / rtt < C)
            w1 *= 2;
        w1 = std::max(w1, bdp);
        // Linux tcp_cwnd_restart(delta = idle): restart = min(IW, cwnd);
        //   while ((delta -= RTO) > 0 && cwnd > restart) cwnd >>= 1;  cwnd = max(cwnd, restart)
        const double idle = (idleRtos + 0.5) * rto;
        double w2 = w1;
        if (restartEnabled && idle > rto) {
            const double restart = std::min(iw, w1);
            for (double delta = idle - rto; delta > 0 && w2 > restart; delta -= rto)
                w2 *= 0.5;
            w2 = std::max(w2, restart);
        }
        if (idleRtos == 9 && restartEnabled)
            QCOMPARE(w2, iw); // 2^7·IW halved 9 times would be below IW
        // The sender is a host: its own interface keeps no standing queue (Q = 0, §4).
        const double first = tcpMessageS(bytes, iw, C, d, 0.0);
        const double second = tcpMessageS(bytes, w2, C, d, 0.0);

        const auto t = pairTopology(C, d, bdp);
        sim::Simulator sim;
        NetworkConfig cfg = test::renoConfig();
        cfg.max_window_bytes = 0;
        cfg.slow_start_after_idle = restartEnabled;
        Network net(sim, t, cfg);
        const NodeId a = *t.findNode("a"), b = *t.findNode("b");
        TransferResult r1, r2;
        net.startTransfer(a, b, bytes, Protocol::Tcp, [&](const TransferResult& r) {
            r1 = r;
            // Idle is measured from the end of the last send: the data left at
            // delivery − d − Q/(2C) (message 1 ended saturated).
            const double dataEnd = r.end_s - d - 0.5 * bdp * 8 / C;
            const double startAt = dataEnd + idle;
            sim.schedule(sim::SimTime::fromSeconds(startAt), [&, startAt] {
                net.startTransfer(a, b, bytes, Protocol::Tcp,
                                  [&r2, startAt](const TransferResult& x) {
                                      r2 = x;
                                      QVERIFY(std::abs(x.start_s - startAt) < 1e-9);
                                  });
            });
        });
        sim.run();
        QVERIFY(r1.ok && r2.ok);
        QVERIFY2(
            std::abs(r1.end_s - first) < 50e-9,
            qPrintable(QString("first %1 vs %2").arg(r1.end_s, 0, 'g', 12).arg(first, 0, 'g', 12)));
        const double got = r2.end_s - r2.start_s;
        qInfo("%s: window %g B, second message %.12g s (closed form %.12g s, diff %.2g s)",
              QTest::currentDataTag(), w2, got, second, got - second);
        QVERIFY2(std::abs(got - second) < 50e-9, qPrintable(QString("second %1 vs %2 (window %3 B)")
                                                                .arg(got, 0, 'g', 12)
                                                                .arg(second, 0, 'g', 12)
                                                                .arg(w2)));
    }

    // --- the ACK path's share of the RTT ------------------------------------------------
    void reverseDelayChangeRefreshesTheRtt()
    {
        // a–b, 10 Gbit/s, 10 ms each way; the window is the bound: rwnd = 1 MiB, IW = 1000
        // segments (no slow start: IW/RTT ≥ rwnd/RTT), 1000-packet queue (Reno bound
        // ≈ 0.79·C ≫ rwnd/RTT). At 0.5 s the b→a (ACK) direction's delay becomes 40 ms: RTT
        // 20 → 50 ms, rate 8·rwnd/RTT drops from 419 to 168 Mbit/s. One 50 MB TCP
        // transfer: bits sent by 0.5 s at rate 1, the rest at rate 2, then the forward delay
        // (one hop: no store-and-forward; the link is not saturated: no standing queue).
        const double rwnd = 1048576, fwd = 0.010, bytes = 50e6, tChange = 0.5;
        const double rate1 = rwnd * 8 / (fwd + 0.010), rate2 = rwnd * 8 / (fwd + 0.040);
        const double expected = tChange + (bytes * 8 - rate1 * tChange) / rate2 + fwd;
        topology::Topology t;
        t.addNode(netNode("a"));
        t.addNode(netNode("b"));
        auto l = netLink("ab", "a", "b", 10e9, fwd);
        topology::ScheduleStep s;
        s.at_s = tChange;
        s.direction = topology::ScheduleStep::Direction::Reverse;
        s.patch.delay_s = 0.040;
        l.schedule.push_back(s);
        t.addLink(l);
        sim::Simulator sim;
        NetworkConfig cfg;
        cfg.max_window_bytes = rwnd;
        cfg.initial_window_segments = 1000;
        Network net(sim, t, cfg);
        const NodeId a = *t.findNode("a"), b = *t.findNode("b");
        TransferResult res;
        net.startTransfer(a, b, bytes, Protocol::Tcp, [&](const TransferResult& r) { res = r; });
        sim.run();
        QVERIFY(res.ok);
        QVERIFY2(
            std::abs(res.end_s - expected) < 1e-8,
            qPrintable(QString("%1 vs %2").arg(res.end_s, 0, 'g', 12).arg(expected, 0, 'g', 12)));
        qInfo("end %.12g s, closed form %.12g s, diff %.2g s", res.end_s, expected,
              res.end_s - expected);
        QVERIFY(std::abs(*net.rttS(a, b) - 0.050) < 1e-12);
        // The forward direction kept its delay.
        QCOMPARE(net.linkParams(*t.findLink("ab"), 0).delay_s, fwd);
    }

    void reverseLinkFailureReroutesTheAckPath()
    {
        // Two a–b links with asymmetric delays: ab1 is 10 ms a→b / 100 ms b→a, ab2 the mirror.
        // Data a→b takes ab1 (10 ms), ACKs b→a take ab2 (10 ms): RTT 20 ms. ab2 fails at 0.5 s:
        // the data path is intact, the ACKs move to ab1's 100 ms direction, RTT = 110 ms, and
        // the window-bound rate 8·rwnd/RTT drops accordingly (same window setup as above).
        const double rwnd = 1048576, bytes = 50e6, tFail = 0.5;
        const double rate1 = rwnd * 8 / 0.020, rate2 = rwnd * 8 / 0.110;
        const double expected = tFail + (bytes * 8 - rate1 * tFail) / rate2 + 0.010;
        topology::Topology t;
        t.addNode(netNode("a"));
        t.addNode(netNode("b"));
        auto ab1 = netLink("ab1", "a", "b", 10e9, 0.010);
        ab1.reverse.delay_s = 0.100;
        t.addLink(ab1);
        auto ab2 = netLink("ab2", "a", "b", 10e9, 0.100);
        ab2.reverse.delay_s = 0.010;
        topology::ScheduleStep down;
        down.at_s = tFail;
        down.up = false;
        ab2.schedule.push_back(down);
        t.addLink(ab2);
        sim::Simulator sim;
        NetworkConfig cfg;
        cfg.max_window_bytes = rwnd;
        cfg.initial_window_segments = 1000;
        Network net(sim, t, cfg);
        const NodeId a = *t.findNode("a"), b = *t.findNode("b");
        QVERIFY(std::abs(*net.rttS(a, b) - 0.020) < 1e-12);
        TransferResult res;
        net.startTransfer(a, b, bytes, Protocol::Tcp, [&](const TransferResult& r) { res = r; });
        sim.run();
        QVERIFY2(res.ok, res.error.c_str());
        QVERIFY2(
            std::abs(res.end_s - expected) < 1e-8,
            qPrintable(QString("%1 vs %2").arg(res.end_s, 0, 'g', 12).arg(expected, 0, 'g', 12)));
        qInfo("end %.12g s, closed form %.12g s, diff %.2g s", res.end_s, expected,
              res.end_s - expected);
        QVERIFY(std::abs(*net.rttS(a, b) - 0.110) < 1e-12);
        // All data went over ab1's forward direction (up to the rate × ≤ 1 ns of rounding the
        // completion event up to the next ns); nothing over ab2.
        QVERIFY2(std::abs(net.linkStats(*t.findLink("ab1"), 0).bytes - bytes) < 1e-9 * bytes,
                 qPrintable(QString::number(net.linkStats(*t.findLink("ab1"), 0).bytes, 'g', 17)));
        QCOMPARE(net.linkStats(*t.findLink("ab2"), 0).bytes, 0.0);
    }
};

MERIDIAN_TEST(NetworkLimitsTest)
#include "NetworkLimitsTest.moc"
