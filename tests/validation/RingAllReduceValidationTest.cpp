// Ring all-reduce on a non-blocking star against 2(N−1)/N·M/B + 2(N−1)·α, with α the model's
// exact per-step latency (propagation + store-and-forward), for large and α-dominated sizes,
// and for TCP (slow start of the first step, standing queues) with windows that never bind.
#include "../net/NetFixtures.hpp"
#include "TestMain.hpp"
#include "meridian/net/Network.hpp"

#include <QtTest/QtTest>
#include <cmath>
#include <utility>

using namespace meridian;
using namespace meridian::net;

namespace {
// Synchronised ring: 2(N−1) steps; in each step every host i sends M/N bytes to host
// (i+1) mod N; step k+1 starts when all N transfers of step k are delivered.
class RingDriver
{
public:
    RingDriver(sim::Simulator& sim, Network& net, const topology::Topology& t, int n, double bytes,
               Protocol proto)
        : m_sim(sim), m_net(net), m_n(n), m_chunk(bytes / n), m_proto(proto)
    {
        for (int i = 0; i < n; ++i)
            m_hosts.push_back(*t.findNode("h" + std::to_string(i)));
    }
    double run()
    {
        startStep();
        m_sim.run();
        return m_end_s;
    }
    bool allOk() const { return m_ok; }

private:
    void startStep()
    {
        m_outstanding = m_n;
        for (int i = 0; i < m_n; ++i)
            m_net.startTransfer(m_hosts[i], m_hosts[(i + 1) % m_n], m_chunk, m_proto,
                                [this](const TransferResult& r) {
                                    m_ok = m_ok && r.ok;
                                    if (--m_outstanding == 0) {
                                        m_end_s = r.end_s;
                                        if (++m_step < 2 * (m_n - 1))
                                            startStep();
                                    }
                                });
    }
    sim::Simulator& m_sim;
    Network& m_net;
    int m_n;
    double m_chunk;
    Protocol m_proto;
    std::vector<NodeId> m_hosts;
    int m_outstanding = 0;
    int m_step = 0;
    double m_end_s = 0.0;
    bool m_ok = true;
};

// Delivery time of one TCP message of `bytes` on an uncontended path (bottleneck C, RTT,
// one-way latency L, standing-queue delay Qd of the saturated links) started with window
// cwnd0: slow-start rounds of one RTT at cwnd/RTT, cwnd doubling, until cwnd/RTT ≥ C (the rest
// at C, saturated: + Qd) or until what is left fits in cwnd (a burst at C, no standing queue).
// Returns the delivery time and the window afterwards (≥ BDP once it left slow start).
std::pair<double, double> tcpMessage(double bytes, double cwnd0, double C, double rtt, double L,
                                     double Qd)
{
    double remaining = bytes, t = 0.0, cwnd = cwnd0;
    for (;;) {
        if (cwnd * 8 / rtt >= C)
            return {t + remaining * 8 / C + L + Qd, std::max(cwnd, C * rtt / 8)};
        if (remaining <= cwnd)
            return {t + remaining * 8 / C + L, cwnd};
        remaining -= cwnd;
        t += rtt;
        cwnd *= 2;
    }
}

double runRing(int hosts, double B, double delta, double M, Protocol proto,
               double queueBytes = -1.0)
{
    auto t = test::netStar(hosts, B, delta);
    if (queueBytes >= 0.0) {
        for (std::size_t i = 0; i < t.linkCount(); ++i) {
            const LinkId id = LinkId::fromIndex(i);
            auto l = t.link(id);
            l.params.queue = queueBytes;
            l.params.queue_unit = topology::QueueUnit::Bytes;
            t.updateLink(id, l);
        }
    }
    sim::Simulator sim;
    NetworkConfig cfg = test::renoConfig();
    cfg.keep_flow_records = false;
    Network net(sim, t, cfg);
    RingDriver ring(sim, net, t, hosts, M, proto);
    const double got = ring.run();
    if (!ring.allOk())
        return -1.0;
    return got;
}
} // namespace

class RingAllReduceValidationTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void ringMatchesClosedForm_data()
    {
        QTest::addColumn<int>("hosts");
        QTest::addColumn<int>("protocol");
        QTest::addColumn<double>("bytes");
        const double large = 256.0 * 1048576, small = 64.0 * 1024;
        QTest::newRow("N=4 SR, 256 MiB") << 4 << int(Protocol::ReliableSr) << large;
        QTest::newRow("N=8 SR, 256 MiB") << 8 << int(Protocol::ReliableSr) << large;
        QTest::newRow("N=16 UDP, 256 MiB") << 16 << int(Protocol::Udp) << large;
        QTest::newRow("N=8 GBN, 256 MiB") << 8 << int(Protocol::ReliableGbn) << large;
        // α-dominated: 8 KiB chunks take 6.6 µs at 10 G, each step's latency is 101.2 µs.
        QTest::newRow("N=8 SR, 64 KiB (α dominates)") << 8 << int(Protocol::ReliableSr) << small;
        QTest::newRow("N=16 UDP, 64 KiB (α dominates)") << 16 << int(Protocol::Udp) << small;
    }
    void ringMatchesClosedForm()
    {
        QFETCH(int, hosts);
        QFETCH(int, protocol);
        QFETCH(double, bytes);
        // B = 10 Gbit/s per host link, one-way δ = 50 µs per link, no loss or jitter. Each
        // transfer crosses host→switch and switch→host; every link direction carries exactly
        // one flow per step, so a step is: data (M/N)·8/B, then the one-way latency
        // α = 2δ + P·8/B — propagation of both links plus store-and-forward of one P = 1500 B
        // packet at the hop that is not the bottleneck (docs/network-model.md §4; no queue:
        // these senders are not TCP). Expectation (exact up to ns rounding of the events):
        //   T = 2(N−1)·(M/N·8/B + α) = 2(N−1)/N·M·8/B + 2(N−1)·α.
        const double B = 10e9, delta = 50e-6, P = 1500;
        const double alpha = 2 * delta + P * 8 / B;
        const int steps = 2 * (hosts - 1);
        const double expected = 2.0 * (hosts - 1) / hosts * bytes * 8 / B + steps * alpha;
        const double got = runRing(hosts, B, delta, bytes, static_cast<Protocol>(protocol));
        QVERIFY(got > 0.0);
        // Each step rounds its data completion up to the next ns and its latency to the
        // nearest ns: ≤ 1.5 ns per step.
        const double tol = 1.5e-9 * steps + 1e-12 * expected;
        QVERIFY2(std::abs(got - expected) < tol,
                 qPrintable(QString("got %1 expected %2 (diff %3 s, α share %4 %)")
                                .arg(got, 0, 'g', 15)
                                .arg(expected, 0, 'g', 15)
                                .arg(got - expected)
                                .arg(100.0 * steps * alpha / expected)));
        // The α term matters at this tolerance: dropping it would miss by 2(N−1)·α ≫ tol.
        QVERIFY(steps * alpha > 1000 * tol);
        qInfo("%s: T = %.12g s, closed form %.12g s, diff %.3g s (tol %.3g s), α share %.2f %%",
              QTest::currentDataTag(), got, expected, got - expected, tol,
              100.0 * steps * alpha / expected);
    }

    void tcpRingWithoutWindowLimit()
    {
        // TCP, default 6 MiB rwnd (≫ BDP = 10 G·4δ/8 = 250 kB: the window never binds in steady
        // state), drop-tail queue = BDP (Reno bound U = 1). Per connection h_i → h_{i+1}
        // (persistent across steps, idle gaps ≪ RTO so no restart): step 1 starts in slow
        // start from IW = 10·1448 B with RTT = 4δ; once it reaches the line rate the window
        // stays ≥ BDP, so the later steps send at B from the start. The first saturated link
        // is each host's own interface, where the excess window waits in the sending host (TCP
        // small queues), not in a standing queue: no queueing delay (network-model.md §4).
        // Expectation: T = step₁ + (2N−3)·(M/N·8/B + α).
        const int hosts = 8;
        const double B = 10e9, delta = 50e-6, P = 1500, M = 256.0 * 1048576;
        const double rtt = 4 * delta, bdp = B * rtt / 8, chunk = M / hosts;
        const double alpha = 2 * delta + P * 8 / B, queueDelay = 0.0;
        const auto [first, window] = tcpMessage(chunk, 10 * 1448.0, B, rtt, alpha, queueDelay);
        QVERIFY(window * 8 / rtt >= B); // left slow start within step 1
        const auto [later, window2] = tcpMessage(chunk, window, B, rtt, alpha, queueDelay);
        QVERIFY(window2 >= window);
        const double expected = first + (2 * hosts - 3) * later;
        const double got = runRing(hosts, B, delta, M, Protocol::Tcp, bdp);
        QVERIFY(got > 0.0);
        const double tol = 3e-9 * 2 * (hosts - 1) + 1e-12 * expected;
        QVERIFY2(std::abs(got - expected) < tol,
                 qPrintable(QString("got %1 expected %2 (diff %3 s)")
                                .arg(got, 0, 'g', 15)
                                .arg(expected, 0, 'g', 15)
                                .arg(got - expected)));
        qInfo("TCP: T = %.12g s, closed form %.12g s, diff %.3g s (tol %.3g s)", got, expected,
              got - expected, tol);
        // Against the bandwidth-only term the TCP costs (slow start, queue) are visible.
        const double ideal = 2.0 * (hosts - 1) / hosts * M * 8 / B + 2 * (hosts - 1) * alpha;
        QVERIFY(got > ideal + 1000 * tol);
    }
};

MERIDIAN_TEST(RingAllReduceValidationTest)
#include "RingAllReduceValidationTest.moc"
