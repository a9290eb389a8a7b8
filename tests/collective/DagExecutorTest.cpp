// DagExecutor against a tiny α-β network written here: every transfer takes α + bytes/B,
// links are independent, reductions are free. Closed forms (computed in the test):
//   ring all-reduce            2(n−1)·(α + S/(n·B))
//   binomial broadcast/reduce  ⌈log2 n⌉·(α + S/B)
//   pipelined chain broadcast  (n−2+k)·(α + S/(k·B))
//   halving-doubling all-red.  2·log2 n·α + 2(n−1)/n·S/B   (n = 2^m)
//   direct all-reduce          2·(α + S/(n·B))
#include "meridian/collective/DagExecutor.hpp"

#include "TestMain.hpp"
#include "meridian/collective/BuildCollective.hpp"
#include "meridian/core/Error.hpp"

#include <QElapsedTimer>
#include <QtTest/QtTest>
#include <cmath>
#include <cstdint>
#include <functional>
#include <queue>
#include <tuple>

using namespace meridian;
using namespace meridian::collective;

namespace {

class AlphaBetaBackend : public TransferBackend
{
public:
    AlphaBetaBackend(double alpha_s, double bandwidth_Bps)
        : m_alpha_s(alpha_s), m_Bps(bandwidth_Bps)
    {}
    void transfer(int, int, double bytes, std::function<void()> done) override
    {
        schedule(m_now_s + m_alpha_s + bytes / m_Bps, std::move(done));
    }
    void reduce(int, double, std::function<void()> done) override
    {
        schedule(m_now_s, std::move(done));
    }
    std::optional<double> nowS() const override { return m_now_s; }
    void run()
    {
        while (!m_queue.empty()) {
            Event e = m_queue.top();
            m_queue.pop();
            m_now_s = e.time_s;
            e.done();
        }
    }
    double now() const { return m_now_s; }

private:
    struct Event
    {
        double time_s;
        std::uint64_t seq;
        std::function<void()> done;
        bool operator>(const Event& o) const
        {
            return std::tie(time_s, seq) > std::tie(o.time_s, o.seq);
        }
    };
    void schedule(double t, std::function<void()> done)
    {
        m_queue.push(Event{t, m_seq++, std::move(done)});
    }
    double m_alpha_s = 0;
    double m_Bps = 1;
    double m_now_s = 0;
    std::uint64_t m_seq = 0;
    std::priority_queue<Event, std::vector<Event>, std::greater<>> m_queue;
};

// Completes everything immediately, from inside transfer(): the re-entrancy stress case.
class ImmediateBackend : public TransferBackend
{
public:
    void transfer(int, int, double, std::function<void()> done) override { done(); }
    void reduce(int, double, std::function<void()> done) override { done(); }
};

constexpr double kAlpha = 15e-3;       // 15 ms WAN hop
constexpr double kBps = 10e9 / 8;      // 10 Gbit/s in bytes/s
constexpr double kS = 256.0 * 1048576; // 256 MiB

double runTime(const CollectiveSpec& spec)
{
    const CommDag dag = buildCollective(spec);
    AlphaBetaBackend net(kAlpha, kBps);
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

        for (const int k : {1, 4, 16}) {
            CollectiveSpec chain{
                Operation::Broadcast, Algorithm::PipelinedChain, n, kS, 0, k, {}, {}, {}};
            QVERIFY(close(runTime(chain), (nd - 2 + k) * (kAlpha + kS / (k * kBps))));
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
        CommOp a{OpKind::Send, 0, 1, 10, 0, 0, 0, 1, {1}};
        CommOp b{OpKind::Send, 1, 0, 10, 0, 0, 0, 1, {0}};
        dag.addOp(a);
        dag.addOp(b);
        ImmediateBackend backend;
        QVERIFY_THROWS_EXCEPTION(InputError, DagExecutor(dag, backend));
        CommDag dangling(Operation::Broadcast, 2, 0);
        dangling.addBlocks(1, 10, 0, -1);
        dangling.addOp(CommOp{OpKind::Send, 0, 1, 10, 0, 0, 0, 1, {7}});
        QVERIFY_THROWS_EXCEPTION(InputError, DagExecutor(dangling, backend));
    }
};

MERIDIAN_TEST(DagExecutorTest)
#include "DagExecutorTest.moc"
