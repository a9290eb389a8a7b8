// The per-link queueing delay and loss over time (LinkStatsRecorder, docs/results-format.md)
// against closed forms: a paced UDP source above the link's capacity loses exactly its excess,
// and two window-limited TCP connections keep the standing queue of network-model.md §4.
#include "../net/NetFixtures.hpp"
#include "TestMain.hpp"
#include "meridian/net/Network.hpp"

#include <QtTest/QtTest>
#include <cmath>

using namespace meridian;
using namespace meridian::net;

namespace {

/// a –ar– r –rb– b: a 10 Gbit/s access link (0.5 ms) and a 1 Gbit/s bottleneck (9.5 ms) behind
/// a router, whose queue is 3 MB; rb may lose packets at random.
topology::Topology bottleneckPath(double loss)
{
    topology::Topology t;
    t.addNode(test::netNode("a"));
    t.addNode(test::netNode("r", topology::NodeKind::Router));
    t.addNode(test::netNode("b"));
    t.addLink(test::netLink("ar", "a", "r", 10e9, 0.0005));
    auto rb = test::netLink("rb", "r", "b", 1e9, 0.0095);
    rb.params.loss = loss;
    rb.params.queue = 3e6;
    rb.params.queue_unit = topology::QueueUnit::Bytes;
    t.addLink(rb);
    return t;
}

} // namespace

class LinkQueueLossTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void pacedUdpAboveCapacityLosesItsExcess_data()
    {
        QTest::addColumn<double>("loss");
        QTest::newRow("no random loss") << 0.0;
        QTest::newRow("random loss 1%") << 0.01;
    }

    void pacedUdpAboveCapacityLosesItsExcess()
    {
        // A UDP source paced at R = 1.5 Gbit/s through C = 1 Gbit/s gets its max-min share C
        // and the queue drops the rest, R − C. With random loss p the link also loses p of
        // what it carries: of the R bits arriving per second it loses p·C + (R − C), so every
        // interval of the series has loss (p·C + R − C) / R (1/3 without random loss, 0.34
        // with p = 0.01), and 250 MB sent at C (2 s) lose (p·C + R − C) · 2 s / 8 bytes.
        // The access link ar is not saturated: it loses nothing.
        QFETCH(double, loss);
        const double C = 1e9, R = 1.5e9, bytes = 250e6, p = loss;
        const topology::Topology t = bottleneckPath(p);
        sim::Simulator sim;
        Network net(sim, t);
        TransferOptions options;
        options.rate_cap_bps = R;
        TransferResult result;
        net.startTransfer(
            *t.findNode("a"), *t.findNode("b"), bytes, Protocol::Udp,
            [&](const TransferResult& r) { result = r; }, options);
        sim.run();
        QVERIFY2(result.ok, result.error.c_str());

        const LinkStats rb = net.linkStats(*t.findLink("rb"), 0);
        const double expected = (p * C + R - C) / R;
        int busy = 0;
        for (std::size_t i = 0; i < rb.loss_series.size(); ++i)
            if (rb.utilisation_series[i] > 0.0) {
                ++busy;
                QVERIFY2(std::abs(rb.loss_series[i] - expected) < 1e-9,
                         qPrintable(QString("interval %1: loss %2, expected %3")
                                        .arg(i)
                                        .arg(rb.loss_series[i], 0, 'g', 12)
                                        .arg(expected, 0, 'g', 12)));
            }
        QVERIFY(busy >= 20); // 2 s at the default 0.1 s grid
        const double lost_bytes = (p * C + R - C) * (bytes * 8.0 / C) / 8.0;
        QVERIFY2(std::abs(rb.lost_bytes / lost_bytes - 1.0) < 1e-6,
                 qPrintable(QString("lost %1 B, expected %2 B")
                                .arg(rb.lost_bytes, 0, 'g', 12)
                                .arg(lost_bytes, 0, 'g', 12)));
        // UDP keeps no standing queue (network-model.md §4): the drops are its only sign.
        for (double q : rb.queue_delay_s_series)
            QCOMPARE(q, 0.0);
        const LinkStats ar = net.linkStats(*t.findLink("ar"), 0);
        QCOMPARE(ar.lost_bytes, 0.0);
        for (double l : ar.loss_series)
            QCOMPARE(l, 0.0);
    }

    void twoWindowLimitedConnectionsKeepTheirStandingQueue()
    {
        // Two TCP connections a → b, each with its window capped at W = 2 MB (the receive
        // window), through C = 1 Gbit/s with RTT = 2 · (0.5 + 9.5) ms = 20 ms. Each gets
        // r = C/2 and keeps W − r·RTT = 2 MB − 1.25 MB beyond the pipe, so the bottleneck holds
        // 2 · 0.75 MB = 1.5 MB, below its 3 MB buffer: a constant standing queue of
        // 1.5 MB · 8 / C = 12 ms (network-model.md §4), no drops. 500 MB each at C/2 take 8 s;
        // every interval of the series from 2 s to 6 s, well inside that, averages 12 ms.
        const double C = 1e9, W = 2e6, rtt_s = 0.020;
        const double expected_s = 2.0 * (W - C / 2.0 / 8.0 * rtt_s) * 8.0 / C;
        QCOMPARE(expected_s, 0.012);
        const topology::Topology t = bottleneckPath(0.0);
        NetworkConfig cfg;
        cfg.max_window_bytes = W;
        sim::Simulator sim;
        Network net(sim, t, cfg);
        int done = 0;
        for (std::uint32_t stream = 0; stream < 2; ++stream) {
            TransferOptions options;
            options.stream = stream;
            net.startTransfer(
                *t.findNode("a"), *t.findNode("b"), 500e6, Protocol::Tcp,
                [&](const TransferResult& r) {
                    QVERIFY2(r.ok, r.error.c_str());
                    ++done;
                },
                options);
        }
        sim.run();
        QCOMPARE(done, 2);
        const LinkStats rb = net.linkStats(*t.findLink("rb"), 0);
        const std::vector<double>& times = net.sampleTimes();
        QCOMPARE(rb.queue_delay_s_series.size(), times.size());
        int checked = 0;
        for (std::size_t i = 1; i < times.size(); ++i)
            if (times[i - 1] >= 2.0 - 1e-9 && times[i] <= 6.0 + 1e-9) {
                ++checked;
                QVERIFY2(std::abs(rb.queue_delay_s_series[i] / expected_s - 1.0) < 1e-6,
                         qPrintable(QString("interval ending %1 s: %2 s, expected %3 s")
                                        .arg(times[i])
                                        .arg(rb.queue_delay_s_series[i], 0, 'g', 12)
                                        .arg(expected_s)));
                QCOMPARE(rb.loss_series[i], 0.0);
            }
        QCOMPARE(checked, 40);
        QCOMPARE(rb.lost_bytes, 0.0);
        // Over the whole run the mean is below 12 ms: the queue builds after slow start and
        // drains with the last windows.
        QVERIFY(rb.queue_delay_mean_s > 0.5 * expected_s && rb.queue_delay_mean_s < expected_s);
        // The access link is not saturated: no queue.
        const LinkStats ar = net.linkStats(*t.findLink("ar"), 0);
        QCOMPARE(ar.queue_delay_mean_s, 0.0);
    }
};

MERIDIAN_TEST(LinkQueueLossTest)
#include "LinkQueueLossTest.moc"
