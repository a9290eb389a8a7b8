// One TCP transfer on one link: slow-start rounds + size/bandwidth + delay (+ the standing
// queue of a saturated drop-tail link), computed here from first principles.
#include "../net/NetFixtures.hpp"
#include "TestMain.hpp"
#include "meridian/net/Network.hpp"

#include <QtTest/QtTest>
#include <cmath>

using namespace meridian;
using namespace meridian::net;

class SlowStartValidationTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void singleTransferClosedForm_data()
    {
        QTest::addColumn<double>("bytes");
        QTest::newRow("20 MB (slow start then line rate)") << 20e6;
        QTest::newRow("200 kB (ends in slow start)") << 200e3;
        QTest::newRow("5 kB (fits in IW: one burst)") << 5e3;
        QTest::newRow("14 kB (just under IW)") << 14e3;
    }
    void singleTransferClosedForm()
    {
        QFETCH(double, bytes);
        // Link: C = 1 Gbit/s, one-way d = 5 ms (RTT 10 ms), queue = BDP = 1.25 MB so the
        // Reno queue bound is 1; window unlimited; no loss.
        const double C = 1e9, d = 0.005, rtt = 2 * d, mss = 1448, iw = 10 * mss;
        const double bdpBytes = C * rtt / 8;
        topology::Topology t;
        // The sender is a router standing for a faster fabric behind the link, so the link's
        // queue is where the window's excess waits (a host's own interface keeps none: the
        // same transfer from a host ends B_q/2·8/C earlier, checked below).
        t.addNode(test::netNode("a", topology::NodeKind::Router));
        t.addNode(test::netNode("b"));
        auto l = test::netLink("ab", "a", "b", C, d);
        l.params.queue = bdpBytes;
        l.params.queue_unit = topology::QueueUnit::Bytes;
        t.addLink(l);

        // Expectation. Round k (k = 0, 1, ...) lasts one RTT at rate cwnd_k/RTT with
        // cwnd_k = IW·2^k, until cwnd_k/RTT ≥ C (then the rate is C) or until what is left fits
        // in cwnd_k: that last window goes out as a burst at the link rate C. The last byte
        // leaves at t_data; delivery adds d plus the mean standing queue B_q/2 drained at C
        // (only for a flow that left slow start: a last-window burst builds no standing queue).
        // The connection handshake is not modelled (persistent connections).
        double remaining = bytes, tData = 0.0, cwnd = iw;
        bool saturated = false;
        for (;;) {
            const double rate = cwnd * 8 / rtt;
            if (rate >= C) {
                tData += remaining * 8 / C;
                saturated = true;
                break;
            }
            if (remaining <= cwnd) {
                tData += remaining * 8 / C;
                break;
            }
            remaining -= cwnd;
            tData += rtt;
            cwnd *= 2;
        }
        const double expected = tData + d + (saturated ? 0.5 * bdpBytes * 8 / C : 0.0);

        sim::Simulator sim;
        NetworkConfig cfg = test::renoConfig();
        cfg.max_window_bytes = 0;
        Network net(sim, t, cfg);
        TransferResult res;
        net.startTransfer(*t.findNode("a"), *t.findNode("b"), bytes, Protocol::Tcp,
                          [&](const TransferResult& r) { res = r; });
        sim.run();
        QVERIFY(res.ok);
        QVERIFY2(std::abs(res.end_s - expected) < 1e-6 * expected + 5e-9,
                 qPrintable(QString("got %1 expected %2")
                                .arg(res.end_s, 0, 'g', 12)
                                .arg(expected, 0, 'g', 12)));

        // The same link from a host's own interface: no standing queue.
        topology::Topology h;
        h.addNode(test::netNode("a"));
        h.addNode(test::netNode("b"));
        h.addLink(l);
        sim::Simulator hostSim;
        Network hostNet(hostSim, h, cfg);
        TransferResult fromHost;
        hostNet.startTransfer(*h.findNode("a"), *h.findNode("b"), bytes, Protocol::Tcp,
                              [&](const TransferResult& r) { fromHost = r; });
        hostSim.run();
        QVERIFY(fromHost.ok);
        const double hostExpected = expected - (saturated ? 0.5 * bdpBytes * 8 / C : 0.0);
        QVERIFY2(std::abs(fromHost.end_s - hostExpected) < 1e-6 * hostExpected + 5e-9,
                 qPrintable(QString("from a host: got %1 expected %2")
                                .arg(fromHost.end_s, 0, 'g', 12)
                                .arg(hostExpected, 0, 'g', 12)));
    }
};

MERIDIAN_TEST(SlowStartValidationTest)
#include "SlowStartValidationTest.moc"
