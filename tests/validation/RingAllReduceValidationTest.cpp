// Ring all-reduce on a non-blocking star against 2(N−1)/N·M/B + 2(N−1)·α.
#include "../net/NetFixtures.hpp"
#include "TestMain.hpp"
#include "meridian/net/Network.hpp"

#include <QtTest/QtTest>
#include <cmath>

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
} // namespace

class RingAllReduceValidationTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void ringMatchesClosedForm_data()
    {
        QTest::addColumn<int>("hosts");
        QTest::addColumn<int>("protocol");
        QTest::newRow("N=4 SR") << 4 << int(Protocol::ReliableSr);
        QTest::newRow("N=8 SR") << 8 << int(Protocol::ReliableSr);
        QTest::newRow("N=16 UDP") << 16 << int(Protocol::Udp);
        QTest::newRow("N=8 GBN") << 8 << int(Protocol::ReliableGbn);
    }
    void ringMatchesClosedForm()
    {
        QFETCH(int, hosts);
        QFETCH(int, protocol);
        // B = 10 Gbit/s per host link, one-way δ = 50 µs per link, M = 256 MiB, no loss or
        // jitter. Each transfer crosses two links (host→switch, switch→host), so
        // α = 2δ. Every host link carries exactly one flow per direction per step, so each
        // step takes (M/N)·8/B + α. Expectation: T = 2(N−1)/N·M·8/B + 2(N−1)·α.
        const double B = 10e9, delta = 50e-6, M = 256.0 * 1048576;
        const double alpha = 2 * delta;
        const double expected = 2.0 * (hosts - 1) / hosts * M * 8 / B + 2.0 * (hosts - 1) * alpha;
        auto t = test::netStar(hosts, B, delta);
        sim::Simulator sim;
        NetworkConfig cfg;
        cfg.keep_flow_records = false;
        Network net(sim, t, cfg);
        RingDriver ring(sim, net, t, hosts, M, static_cast<Protocol>(protocol));
        const double got = ring.run();
        QVERIFY(ring.allOk());
        QVERIFY2(std::abs(got - expected) / expected < 0.01,
                 qPrintable(QString("got %1 expected %2").arg(got).arg(expected)));
    }
};

MERIDIAN_TEST(RingAllReduceValidationTest)
#include "RingAllReduceValidationTest.moc"
