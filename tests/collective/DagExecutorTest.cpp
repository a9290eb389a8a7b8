// DagExecutor against a tiny α-β network written here: every transfer takes α + bytes/B,
// links are independent, reductions are free. Closed forms (computed in the test):
//   ring all-reduce            2(n−1)·(α + S/(n·B))
//   binomial broadcast/reduce  ⌈log2 n⌉·(α + S/B)
//   pipelined chain broadcast  (n−2+k)·(α + S/(k·B))
//   NCCL's ring broadcast/reduce, C channels of 512 KiB slices c on their own wires:
//                              S/(C·B) + (n−2)·c/B + (n−1)·α
//   halving-doubling all-red.  2·log2 n·α + 2(n−1)/n·S/B   (n = 2^m)
//   direct all-reduce          2·(α + S/(n·B))
#include "meridian/collective/DagExecutor.hpp"

#include "EventBackend.hpp"
#include "TestMain.hpp"
#include "meridian/collective/BuildCollective.hpp"
#include "meridian/collective/CommSettings.hpp"
#include "meridian/core/Error.hpp"

#include <QElapsedTimer>
#include <QtTest/QtTest>
#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <tuple>

using namespace meridian;
using namespace meridian::collective;

namespace {

// α-β with one wire per connection (src, dst, channel): a message starts sending when the one
// before it on its connection has sent its last byte, takes bytes/B, and arrives α later.
class AlphaBetaBackend : public test::EventBackend
{
public:
    AlphaBetaBackend(double alpha_s, double bandwidth_Bps)
        : m_alpha_s(alpha_s), m_Bps(bandwidth_Bps)
    {}
    void transfer(int src, int dst, double bytes, int channel, std::function<void()> done) override
    {
        double& free_s = m_wireFree[{src, dst, channel}];
        const double sent_s = std::max(m_now_s, free_s) + bytes / m_Bps;
        free_s = sent_s;
        schedule(sent_s + m_alpha_s, std::move(done));
    }
    void reduce(int, double, std::function<void()> done) override
    {
        schedule(m_now_s, std::move(done));
    }

private:
    double m_alpha_s = 0;
    double m_Bps = 1;
    std::map<std::tuple<int, int, int>, double> m_wireFree;
};

// Completes everything immediately, from inside transfer(): the re-entrancy stress case.
class ImmediateBackend : public TransferBackend
{
public:
    void transfer(int, int, double, int, std::function<void()> done) override { done(); }
    void reduce(int, double, std::function<void()> done) override { done(); }
};

constexpr double kAlpha = 15e-3;       // 15 ms WAN hop
constexpr double kBps = 10e9 / 8;      // 10 Gbit/s in bytes/s
constexpr double kS = 256.0 * 1048576; // 256 MiB

double runTime(const CollectiveSpec& spec, double alpha_s = kAlpha)
{
    const CommDag dag = buildCollective(spec);
    AlphaBetaBackend net(alpha_s, kBps);
    DagExecutor ex(dag, net);
    bool finished = false;
    ex.setOnFinished([&] { finished = true; });
    ex.start();
    net.run();
    if (!finished || !ex.finished())
        return -1;
    // Every op started no earlier than all of its dependencies ended.
    for (std::size_t i = 0; i < dag.opCount(); ++i)
        for (const std::size_t d : dag.ops()[i].deps)
            if (ex.timings()[i].start_s < ex.timings()[d].end_s)
                return -2;
    return ex.makespanS();
}

bool close(double a, double b)
{
    return std::abs(a - b) <= 1e-9 * std::abs(b);
}

} // namespace

class DagExecutorTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void closedForms_data()
    {
        QTest::addColumn<int>("n");
        for (const int n : {2, 3, 4, 5, 8, 16})
            QTest::newRow(qPrintable(QStringLiteral("n=%1").arg(n))) << n;
    }

    void closedForms()
    {
        QFETCH(int, n);
        const double nd = n;
        const double logN = std::ceil(std::log2(nd));

        CollectiveSpec ring{Operation::AllReduce, Algorithm::Ring, n, kS, 0, 1, {}, {}, {}};
        const double ringExpected = 2 * (nd - 1) * (kAlpha + kS / (nd * kBps));
        QVERIFY2(close(runTime(ring), ringExpected),
                 qPrintable(QStringLiteral("ring %1 vs %2").arg(runTime(ring)).arg(ringExpected)));

        CollectiveSpec binomial{
            Operation::Broadcast, Algorithm::BinomialTree, n, kS, n - 1, 1, {}, {}, {}};
        QVERIFY(close(runTime(binomial), logN * (kAlpha + kS / kBps)));

        CollectiveSpec binomialReduce{
            Operation::Reduce, Algorithm::BinomialTree, n, kS, 0, 1, {}, {}, {}};
        QVERIFY(close(runTime(binomialReduce), logN * (kAlpha + kS / kBps)));

        // Pipelined: chunk j leaves the root at j·T and every hop forwards it on arrival.
        for (const int k : {1, 4, 16}) {
            CollectiveSpec chain{
                Operation::Broadcast, Algorithm::PipelinedChain, n, kS, 0, k, {}, {}, {}};
            QVERIFY(close(runTime(chain), (nd - 2 + k) * kS / (k * kBps) + (nd - 1) * kAlpha));
        }

        CollectiveSpec direct{Operation::AllReduce, Algorithm::Direct, n, kS, 0, 1, {}, {}, {}};
        QVERIFY(close(runTime(direct), 2 * (kAlpha + kS / (nd * kBps))));

        if ((n & (n - 1)) == 0) {
            CollectiveSpec hd{
                Operation::AllReduce, Algorithm::HalvingDoubling, n, kS, 0, 1, {}, {}, {}};
            QVERIFY(close(runTime(hd), 2 * logN * kAlpha + 2 * (nd - 1) / nd * kS / kBps));
        }
        // Every other supported pair runs to completion without violating a dependency.
        for (const Algorithm alg :
             {Algorithm::DoubleBinaryTree, Algorithm::BinomialTree, Algorithm::PipelinedChain,
              Algorithm::Hierarchical, Algorithm::HalvingDoubling}) {
            CollectiveSpec spec{Operation::AllReduce, alg, n, kS, 0, 2, {}, {}, {}};
            for (int r = 0; r < n; ++r)
                spec.groups.push_back(r % 2);
            QVERIFY(runTime(spec) > 0);
        }
    }

    // NCCL's ring loop (docs/collectives.md §Pipelining): per channel, iterations (chunks) run
    // one after the other, each through its 2(n−1) steps in m in-order slices. With α-β FIFO
    // connections and T_s the time of one slice, a step takes τ = max(m·T_s, T_s + α) and an
    // iteration (2n−3)·τ + m·T_s + α: its last step ends with the receive the next
    // iteration's first send waits for.
    void ncclRingLoop_data()
    {
        QTest::addColumn<int>("n");
        QTest::addColumn<int>("k");
        QTest::addColumn<int>("m");
        QTest::addColumn<double>("alpha_s");
        for (const double alpha : {15e-3, 1e-6}) // latency-bound, bandwidth-bound steps
            for (const int n : {4, 8})
                for (const int k : {1, 3, 8})
                    for (const int m : {1, 2})
                        QTest::newRow(qPrintable(QStringLiteral("alpha=%1 n=%2 k=%3 m=%4")
                                                     .arg(alpha)
                                                     .arg(n)
                                                     .arg(k)
                                                     .arg(m)))
                            << n << k << m << alpha;
    }

    void ncclRingLoop()
    {
        QFETCH(int, n);
        QFETCH(int, k);
        QFETCH(int, m);
        QFETCH(double, alpha_s);
        CollectiveSpec spec{Operation::AllReduce, Algorithm::Ring, n, kS, 0, k, {}, {}, {}};
        spec.slices = m;
        spec.in_flight = 4;
        AlphaBetaBackend net(alpha_s, kBps);
        const CommDag dag = buildCollective(spec);
        DagExecutor ex(dag, net);
        ex.start();
        net.run();
        QVERIFY(ex.finished());
        const double slice_s = kS / (double(n) * k * m * kBps);
        const double step_s = std::max(m * slice_s, slice_s + alpha_s);
        const double expected = k * ((2.0 * n - 3) * step_s + m * slice_s + alpha_s);
        QVERIFY2(std::abs(ex.makespanS() - expected) <= 1e-9 * expected,
                 qPrintable(QStringLiteral("%1 vs %2").arg(ex.makespanS()).arg(expected)));
    }

    // Bandwidth-bound steps: more chunks only add the α each iteration boundary waits, so a
    // ring is never slower with k chunks than with one by more than (k − 1)·α, and it is
    // faster as soon as the pipelining saves more than that.
    void moreChunksNeverSlowABandwidthBoundRing()
    {
        const double alpha_s = 1e-6;
        const int n = 8;
        double one = 0;
        for (const int k : {1, 2, 4, 8, 16, 64}) {
            CollectiveSpec spec{Operation::AllReduce, Algorithm::Ring, n, kS, 0, k, {}, {}, {}};
            spec.slices = 2;
            spec.in_flight = 4;
            spec.channels = 2;
            AlphaBetaBackend net(alpha_s, kBps);
            const CommDag dag = buildCollective(spec);
            DagExecutor ex(dag, net);
            ex.start();
            net.run();
            if (k == 1)
                one = ex.makespanS();
            QVERIFY2(
                ex.makespanS() <= one + (k - 1) * alpha_s * (1 + 1e-9),
                qPrintable(
                    QStringLiteral("k=%1: %2 vs k=1: %3").arg(k).arg(ex.makespanS()).arg(one)));
        }
    }

    // NCCL's broadcast and reduce (chunks 0): one 512 KiB slice per chunk, 2 channels, 8 slots;
    // with α = 1 ms the slots cover a slice plus α (7 × 0.42 ms), so every wire streams and
    // the last slice leaves the root at S/(C·B), then crosses n−2 more hops.
    void ncclRingBroadcastAndReduce()
    {
        const double alpha = 1e-3;
        const double slice = 512.0 * 1024;
        for (const Operation op : {Operation::Broadcast, Operation::Reduce})
            for (const int n : {2, 3, 8, 32}) {
                CollectiveSpec spec{op, Algorithm::Ring, n, kS, n / 2, 0, {}, {}, {}};
                applyCommSettings(spec, CommSettings{});
                QCOMPARE(spec.chunks, 512);
                QCOMPARE(spec.channels, 2);
                QCOMPARE(spec.in_flight, 8);
                const double nd = n;
                const double expected =
                    kS / (2 * kBps) + (nd - 2) * slice / kBps + (nd - 1) * alpha;
                const double got = runTime(spec, alpha);
                QVERIFY2(close(got, expected),
                         qPrintable(QStringLiteral("%1 n=%2: %3 vs %4")
                                        .arg(QString::fromUtf8(toString(op).data()))
                                        .arg(n)
                                        .arg(got)
                                        .arg(expected)));
            }
    }

    // NCCL's reduce runs the ring's direction towards the root: the root's successor sends
    // first, the root's predecessor last (reduce.h: prevRank == root sends).
    void ncclRingReduceFollowsTheRing()
    {
        const std::vector<int> order{3, 0, 4, 1, 2};
        CollectiveSpec spec{Operation::Reduce, Algorithm::Ring, 5, kS, 4, 1, {}, {}, order};
        const CommDag dag = buildCollective(spec);
        std::vector<std::pair<int, int>> sends;
        for (const CommOp& o : dag.ops())
            if (o.kind == OpKind::Send)
                sends.emplace_back(o.src, o.dst);
        const std::vector<std::pair<int, int>> expected{{1, 2}, {2, 3}, {3, 0}, {0, 4}};
        QCOMPARE(sends, expected);
        spec.operation = Operation::Broadcast;
        sends.clear();
        const CommDag broadcast = buildCollective(spec);
        for (const CommOp& o : broadcast.ops())
            sends.emplace_back(o.src, o.dst);
        const std::vector<std::pair<int, int>> down{{4, 1}, {1, 2}, {2, 3}, {3, 0}};
        QCOMPARE(sends, down);
    }

    // Beyond the operation budget a broadcast or reduce keeps enough chunks for its fill,
    // (n−2)·(G−1) slice times, to stay within 1 % of S/B: k = 100·(n−2)·C (it is never merged
    // down to one chunk per channel). 15 GiB among 8 ranks: 1,200 chunks of 25.6 slices.
    void largeBroadcastKeepsItsPipeline()
    {
        const double bytes = 15.0 * 1024 * 1024 * 1024;
        for (const Operation op : {Operation::Broadcast, Operation::Reduce}) {
            CollectiveSpec spec{op, Algorithm::Ring, 8, bytes, 0, 0, {}, {}, {}};
            applyCommSettings(spec, CommSettings{});
            QCOMPARE(spec.chunks, 1200);
            QCOMPARE(spec.iterations_per_chunk, 1.0);
            const double slice = 512.0 * 1024;
            const double fill = (8 - 2) * (bytes / spec.chunks / slice - 1) * 2 * slice;
            QVERIFY(fill < 0.01 * bytes);
        }
    }

    // Slots: a pipelined chain whose connection holds `in_flight` messages sends chunk j only
    // when chunk j − in_flight has arrived: while in_flight·T < T + α the root sends
    // in_flight chunks per T + α instead of one chunk per T.
    void inFlightLimitThrottlesAChain()
    {
        const int k = 64;
        const int n = 2;
        for (const int window : {1, 4, 8}) {
            CollectiveSpec spec{
                Operation::Broadcast, Algorithm::PipelinedChain, n, kS, 0, k, {}, {}, {}};
            spec.in_flight = window;
            AlphaBetaBackend net(kAlpha, kBps);
            const CommDag dag = buildCollective(spec);
            DagExecutor ex(dag, net);
            ex.start();
            net.run();
            const double t = kS / (k * kBps);
            // Rounds of `window` chunks, each round T·window on the wire then α to free the
            // slots — unless the window covers T + α: then the wire never idles.
            const double rounds = std::ceil(double(k) / window);
            const double expected = window * t >= t + kAlpha
                                        ? k * t + kAlpha
                                        : (rounds - 1) * (t + kAlpha) + window * t + kAlpha;
            QVERIFY2(std::abs(ex.makespanS() - expected) <= 1e-9 * expected,
                     qPrintable(QStringLiteral("window=%1: %2 vs %3")
                                    .arg(window)
                                    .arg(ex.makespanS())
                                    .arg(expected)));
        }
    }

    void completionOrderIsTopological()
    {
        CollectiveSpec spec{
            Operation::AllReduce, Algorithm::DoubleBinaryTree, 13, kS, 0, 4, {}, {}, {}};
        const CommDag dag = buildCollective(spec);
        AlphaBetaBackend net(kAlpha, kBps);
        DagExecutor ex(dag, net);
        std::size_t callbacks = 0;
        ex.setOnOpFinished([&](std::size_t) { ++callbacks; });
        ex.start();
        net.run();
        QVERIFY(ex.finished());
        QCOMPARE(callbacks, dag.opCount());
        std::vector<std::size_t> position(dag.opCount());
        for (std::size_t i = 0; i < ex.completionOrder().size(); ++i)
            position[ex.completionOrder()[i]] = i;
        for (std::size_t i = 0; i < dag.opCount(); ++i)
            for (const std::size_t d : dag.ops()[i].deps)
                QVERIFY(position[d] < position[i]);
    }

    void largeDagRunsWithSynchronousCompletions()
    {
        // Ring all-reduce over 256 ranks: 2·255·256 = 130,560 sends + 65,280 reductions.
        CollectiveSpec spec{Operation::AllReduce, Algorithm::Ring, 256, kS, 0, 1, {}, {}, {}};
        QElapsedTimer timer;
        timer.start();
        const CommDag dag = buildCollective(spec);
        const qint64 buildMs = timer.restart();
        QCOMPARE(dag.messageCount(), std::size_t(2 * 255 * 256));
        ImmediateBackend immediate;
        DagExecutor ex(dag, immediate);
        ex.start();
        QVERIFY(ex.finished());
        QCOMPARE(ex.completionOrder().size(), dag.opCount());
        QVERIFY(std::isnan(ex.makespanS())); // no clock in this backend
        const qint64 runMs = timer.restart();
        // And the same DAG on the α-β clock still gives the closed form.
        AlphaBetaBackend net(kAlpha, kBps);
        DagExecutor timed(dag, net);
        timed.start();
        net.run();
        QVERIFY(close(timed.makespanS(), 2 * 255 * (kAlpha + kS / (256 * kBps))));
        qInfo("ring all-reduce n=256: %zu ops, build %lld ms, synchronous run %lld ms, "
              "alpha-beta run %lld ms",
              dag.opCount(), static_cast<long long>(buildMs), static_cast<long long>(runMs),
              static_cast<long long>(timer.elapsed()));
    }

    void emptyDagFinishesImmediately()
    {
        CollectiveSpec spec{Operation::AllReduce, Algorithm::Ring, 1, kS, 0, 1, {}, {}, {}};
        const CommDag dag = buildCollective(spec);
        ImmediateBackend backend;
        DagExecutor ex(dag, backend);
        bool finished = false;
        ex.setOnFinished([&] { finished = true; });
        ex.start();
        QVERIFY(finished);
        QVERIFY(ex.finished());
    }

    void cyclesAreRejected()
    {
        CommDag dag(Operation::Broadcast, 2, 0);
        dag.addBlocks(1, 10, 0, -1);
        CommOp a{.kind = OpKind::Send, .src = 0, .dst = 1, .bytes = 10, .deps = {1}};
        CommOp b{.kind = OpKind::Send, .src = 1, .dst = 0, .bytes = 10, .deps = {0}};
        dag.addOp(a);
        dag.addOp(b);
        ImmediateBackend backend;
        QVERIFY_THROWS_EXCEPTION(InputError, DagExecutor(dag, backend));
        CommDag dangling(Operation::Broadcast, 2, 0);
        dangling.addBlocks(1, 10, 0, -1);
        dangling.addOp(CommOp{.kind = OpKind::Send, .src = 0, .dst = 1, .bytes = 10, .deps = {7}});
        QVERIFY_THROWS_EXCEPTION(InputError, DagExecutor(dangling, backend));
    }
};

MERIDIAN_TEST(DagExecutorTest)
#include "DagExecutorTest.moc"
