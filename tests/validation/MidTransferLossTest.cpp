// A loss change in the middle of a transfer applies to the payload still to send: selective
// repeat pays extra recovery rounds, UDP loses bytes, go-back-N slows down. Each checked
// against a closed form computed here, independently of the engine's code (docs/network-model.md
// §7).
#include "../net/NetFixtures.hpp"
#include "TestMain.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/experiment/Runner.hpp"
#include "meridian/io/ProjectFile.hpp"
#include "meridian/net/Network.hpp"

#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <cmath>
#include <functional>

using namespace meridian;
using namespace meridian::net;

namespace {

// E[extra recovery rounds] of n packets at loss p: Σ_{k≥1} 1 − (1 − p^k)^n (docs §7).
double extraRounds(double n, double p)
{
    double sum = 0.0;
    for (int k = 1; k < 400; ++k)
        sum += -std::expm1(n * std::log1p(-std::pow(p, k)));
    return sum;
}

// a–b, 1 Gbit/s, 10 ms one way, no loss until t = 0.4 s, then loss 0.2 (both directions).
topology::Topology lossStepLink()
{
    topology::Topology t;
    t.addNode(test::netNode("a"));
    t.addNode(test::netNode("b"));
    auto l = test::netLink("ab", "a", "b", 1e9, 0.01);
    topology::ScheduleStep s;
    s.at_s = 0.4;
    s.patch.loss = 0.2;
    l.schedule.push_back(s);
    t.addLink(l);
    return t;
}

TransferResult runOne(const topology::Topology& t, Protocol protocol, double bytes)
{
    sim::Simulator sim;
    Network net(sim, t);
    TransferResult res;
    net.startTransfer(*t.findNode("a"), *t.findNode("b"), bytes, protocol,
                      [&](const TransferResult& r) { res = r; });
    sim.run();
    return res;
}

} // namespace

class MidTransferLossTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void lossStepMidTransferCostsSelectiveRepeatRetransmissions()
    {
        // 100 MB, SR. By t = 0.4 s, 50 MB went through loss-free. The other 50 MB need
        // 1/(1 − 0.2) transmissions each: 62.5 MB on the wire at 1 G = 0.5 s → data ends at
        // 0.9 s; then 10 ms + the recovery tail of those ⌈50 MB / MSS⌉ packets at p = 0.2,
        // one RTT (20 ms) per round. Before the fix the step was ignored: 0.81 s, 0 B
        // retransmitted.
        const auto t = lossStepLink();
        const TransferResult r = runOne(t, Protocol::ReliableSr, 100e6);
        QVERIFY(r.ok);
        const double packets = std::ceil(50e6 / 1448.0);
        const double expected = 0.9 + 0.01 + extraRounds(packets, 0.2) * 0.02;
        QVERIFY2(std::abs(r.end_s - expected) < 1e-8, qPrintable(QString("end %1 s, expected %2 s")
                                                                     .arg(r.end_s, 0, 'g', 12)
                                                                     .arg(expected, 0, 'g', 12)));
        QVERIFY2(std::abs(r.retransmitted_bytes - 12.5e6) < 1.0,
                 qPrintable(QString::number(r.retransmitted_bytes, 'g', 12)));
    }

    void lossStepMidTransferLosesUdpBytes()
    {
        // UDP: the time is unchanged (no congestion control: 0.8 s + 10 ms), but the 50 MB
        // sent after t = 0.4 s lose 20 %: 10 MB expected lost (was 0).
        const auto t = lossStepLink();
        const TransferResult r = runOne(t, Protocol::Udp, 100e6);
        QVERIFY(r.ok);
        QVERIFY(std::abs(r.end_s - 0.81) < 1e-8);
        QVERIFY2(std::abs(r.lost_bytes - 50e6 * 0.2) < 1.0,
                 qPrintable(QString::number(r.lost_bytes, 'g', 12)));
    }

    void lossStepMidTransferSlowsGoBackN()
    {
        // GBN, window W = BDP/MSS = 1e9·0.02/8/1448 packets: after the step each payload byte
        // costs 1/η wire bytes, η = (1 − p)/(1 − p + W·p).
        const auto t = lossStepLink();
        const TransferResult r = runOne(t, Protocol::ReliableGbn, 100e6);
        QVERIFY(r.ok);
        const double w = 1e9 * 0.02 / 8.0 / 1448.0;
        const double eta = 0.8 / (0.8 + w * 0.2);
        const double dataEnd = 0.4 + 50e6 / eta * 8.0 / 1e9;
        const double expected = dataEnd + 0.01 + extraRounds(std::ceil(50e6 / 1448.0), 0.2) * 0.02;
        QVERIFY2(std::abs(r.end_s - expected) < 1e-6, qPrintable(QString("end %1 s, expected %2 s")
                                                                     .arg(r.end_s, 0, 'g', 12)
                                                                     .arg(expected, 0, 'g', 12)));
        QVERIFY(std::abs(r.retransmitted_bytes - (50e6 / eta - 50e6)) < 1.0);
    }
};

MERIDIAN_TEST(MidTransferLossTest)
#include "MidTransferLossTest.moc"
