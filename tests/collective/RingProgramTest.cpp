// RingProgram, the implicit flat ring, against buildCollective()'s materialised DAG of the same
// spec. Expected: for every n, chunk count, slice count, channel count, slot count and ring
// order, the same op at every index (kind, ranks, channel, lanePrev, bytes, step, chunk,
// block, dependencies), the same successor lists (the DAG's dependencies inverted), the same
// total bytes and merged-iteration figures; and run by DagExecutor on a backend whose times
// depend on the order ops are issued in, the same start and end time of every op and the same
// completion order, to the bit.
#include "meridian/collective/RingProgram.hpp"

#include "TestMain.hpp"
#include "meridian/collective/BuildCollective.hpp"
#include "meridian/collective/DagExecutor.hpp"
#include "meridian/core/Error.hpp"

#include <QtTest/QtTest>
#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <queue>
#include <tuple>

using namespace meridian;
using namespace meridian::collective;

// A named namespace: the collective tests build as one unity file.
namespace ring_program_test {

// One NIC per rank, each direction its own: a message leaves once the sender's NIC has sent
// everything issued before it and takes bytes/B there, then waits for the receiver's NIC
// (bytes/B) and arrives α later; reductions take bytes/R. Times depend on the order
// transfers are issued in, so a program that issued them differently would show.
class NicBackend : public TransferBackend
{
public:
    void transfer(int src, int dst, double bytes, int /*channel*/,
                  std::function<void()> done) override
    {
        double& out_s = m_outFree[src];
        out_s = std::max(m_now_s, out_s) + bytes / kBps;
        double& in_s = m_inFree[dst];
        in_s = std::max(out_s, in_s) + bytes / kBps;
        schedule(in_s + kAlpha_s, std::move(done));
    }
    void reduce(int, double bytes, std::function<void()> done) override
    {
        schedule(m_now_s + bytes / kReduceBps, std::move(done));
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

private:
    static constexpr double kBps = 1.25e9;     // 10 Gbit/s
    static constexpr double kReduceBps = 2e11; // 200 GB/s
    static constexpr double kAlpha_s = 3.0e-3; // 3 ms
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
    double m_now_s = 0;
    std::uint64_t m_seq = 0;
    std::priority_queue<Event, std::vector<Event>, std::greater<>> m_queue;
    std::map<int, double> m_outFree;
    std::map<int, double> m_inFree;
};

struct Run
{
    std::vector<OpTiming> timings;
    std::vector<std::size_t> order;
    double makespan_s = 0;
};

template <class Program> Run execute(const Program& program)
{
    NicBackend net;
    DagExecutor ex(program, net);
    ex.start();
    net.run();
    return {ex.timings(), ex.completionOrder(), ex.finished() ? ex.makespanS() : -1.0};
}

CollectiveSpec ringSpec(Operation op, int n, int chunks, int slices, int channels, int inFlight)
{
    CollectiveSpec s;
    s.operation = op;
    s.algorithm = Algorithm::Ring;
    s.ranks = n;
    s.bytes = 48.0 * 1048576 + 7; // not a multiple of anything
    s.chunks = chunks;
    s.slices = slices;
    s.channels = channels;
    s.in_flight = inFlight;
    return s;
}

// A ring order that is not the identity: 0, then the odd ranks, then the even ones.
std::vector<int> shuffledOrder(int n)
{
    std::vector<int> order{0};
    for (int r = 1; r < n; r += 2)
        order.push_back(r);
    for (int r = 2; r < n; r += 2)
        order.push_back(r);
    return order;
}

QString describe(const CollectiveSpec& s)
{
    return QStringLiteral("%1 n=%2 k=%3 m=%4 C=%5 s=%6 ordered=%7")
        .arg(QString::fromStdString(std::string(toString(s.operation))))
        .arg(s.ranks)
        .arg(s.chunks)
        .arg(s.slices)
        .arg(s.channels)
        .arg(s.in_flight)
        .arg(!s.order.empty());
}

// The first difference between the program and the DAG, or an empty string.
QString structuralDifference(const RingProgram& ring, const CommDag& dag)
{
    if (ring.opCount() != dag.opCount())
        return QStringLiteral("op count %1 vs %2").arg(ring.opCount()).arg(dag.opCount());
    const std::size_t n = dag.opCount();
    std::vector<std::vector<std::uint32_t>> successors(n);
    for (std::size_t i = 0; i < n; ++i)
        for (const std::size_t d : dag.ops()[i].deps)
            successors[d].push_back(static_cast<std::uint32_t>(i));
    std::vector<std::uint32_t> scratch;
    for (std::size_t i = 0; i < n; ++i) {
        const CommOp a = ring.op(i);
        const CommOp& b = dag.ops()[i];
        const bool same = a.kind == b.kind && a.channel == b.channel && a.src == b.src &&
                          a.dst == b.dst && a.lanePrev == b.lanePrev && a.bytes == b.bytes &&
                          a.step == b.step && a.chunk == b.chunk && a.block == b.block &&
                          a.blockCount == b.blockCount && a.deps == b.deps;
        if (!same)
            return QStringLiteral("op %1 differs (step %2, chunk %3, src %4; deps %5 vs %6)")
                .arg(i)
                .arg(b.step)
                .arg(b.chunk)
                .arg(b.src)
                .arg(a.deps.size())
                .arg(b.deps.size());
        if (ring.depCount(i) != b.deps.size())
            return QStringLiteral("op %1: depCount %2 vs %3")
                .arg(i)
                .arg(ring.depCount(i))
                .arg(b.deps.size());
        const auto s = ring.successors(i, scratch);
        if (!std::equal(s.begin(), s.end(), successors[i].begin(), successors[i].end()))
            return QStringLiteral("op %1: %2 successors vs %3")
                .arg(i)
                .arg(s.size())
                .arg(successors[i].size());
    }
    if (ring.totalBytesSent() != dag.totalBytesSent())
        return QStringLiteral("total bytes differ");
    const MergedSteps& x = ring.merged();
    const MergedSteps& y = dag.merged();
    if (x.iterations != y.iterations || x.slices != y.slices || x.messages != y.messages ||
        x.steps != y.steps)
        return QStringLiteral("merged iterations differ");
    return {};
}

} // namespace ring_program_test

using namespace ring_program_test;

class RingProgramTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void sameOpsAsTheDag_data()
    {
        QTest::addColumn<int>("operation");
        for (const Operation op :
             {Operation::AllReduce, Operation::ReduceScatter, Operation::AllGather})
            QTest::newRow(std::string(toString(op)).c_str()) << static_cast<int>(op);
    }

    void sameOpsAsTheDag()
    {
        QFETCH(int, operation);
        const auto op = static_cast<Operation>(operation);
        int cases = 0;
        for (const int n : {2, 3, 4, 5, 7})
            for (const int k : {1, 2, 3, 5})
                for (const int m : {1, 2, 3})
                    for (const int channels : {1, 2, 3})
                        for (const int inFlight : {0, 1, 2, 4})
                            for (const bool ordered : {false, true}) {
                                CollectiveSpec s = ringSpec(op, n, k, m, channels, inFlight);
                                if (ordered)
                                    s.order = shuffledOrder(n);
                                const QString diff =
                                    structuralDifference(buildRingProgram(s), buildCollective(s));
                                QVERIFY2(diff.isEmpty(),
                                         qPrintable(describe(s) + QStringLiteral(": ") + diff));
                                ++cases;
                            }
        QCOMPARE(cases, 5 * 4 * 3 * 3 * 4 * 2);
    }

    void mergedIterationsAreCarried()
    {
        // applyCommSettings's merged form: each chunk stands for G NCCL iterations; the
        // backend reads G, NCCL's slices, the DAG's messages and the steps from the program.
        CollectiveSpec s = ringSpec(Operation::AllReduce, 6, 2, 2, 2, 4);
        s.iterations_per_chunk = 37.5;
        s.nccl_slices = 2;
        const RingProgram ring = buildRingProgram(s);
        QVERIFY(structuralDifference(ring, buildCollective(s)).isEmpty());
        QCOMPARE(ring.merged().iterations, 37.5);
        QCOMPARE(ring.merged().steps, 2 * (6 - 1));
    }

    void sameTimingsAsTheDag_data()
    {
        QTest::addColumn<int>("operation");
        QTest::addColumn<int>("n");
        QTest::addColumn<int>("k");
        QTest::addColumn<int>("m");
        QTest::addColumn<int>("channels");
        QTest::addColumn<int>("inFlight");
        for (const Operation op :
             {Operation::AllReduce, Operation::ReduceScatter, Operation::AllGather})
            for (const int n : {2, 3, 6, 9})
                for (const auto& [k, m, channels, inFlight] :
                     {std::tuple{1, 1, 2, 4}, std::tuple{4, 2, 2, 4}, std::tuple{5, 1, 3, 1},
                      std::tuple{6, 3, 1, 0}, std::tuple{3, 2, 4, 2}})
                    QTest::newRow(
                        qPrintable(QStringLiteral("%1 n=%2 k=%3 m=%4 C=%5 s=%6")
                                       .arg(QString::fromStdString(std::string(toString(op))))
                                       .arg(n)
                                       .arg(k)
                                       .arg(m)
                                       .arg(channels)
                                       .arg(inFlight)))
                        << static_cast<int>(op) << n << k << m << channels << inFlight;
    }

    void sameTimingsAsTheDag()
    {
        QFETCH(int, operation);
        QFETCH(int, n);
        QFETCH(int, k);
        QFETCH(int, m);
        QFETCH(int, channels);
        QFETCH(int, inFlight);
        CollectiveSpec s = ringSpec(static_cast<Operation>(operation), n, k, m, channels, inFlight);
        s.order = shuffledOrder(n);
        const CommDag dag = buildCollective(s);
        const RingProgram ring = buildRingProgram(s);
        const Run a = execute(dag);
        const Run b = execute(ring);
        QVERIFY(a.makespan_s > 0);
        QCOMPARE(b.makespan_s, a.makespan_s);
        QCOMPARE(b.order, a.order);
        QCOMPARE(b.timings.size(), a.timings.size());
        for (std::size_t i = 0; i < a.timings.size(); ++i) {
            QCOMPARE(b.timings[i].start_s, a.timings[i].start_s);
            QCOMPARE(b.timings[i].end_s, a.timings[i].end_s);
        }
        // The times are the DAG's: no op started before its dependencies ended.
        for (std::size_t i = 0; i < dag.opCount(); ++i)
            for (const std::size_t d : dag.ops()[i].deps)
                QVERIFY(b.timings[i].start_s >= b.timings[d].end_s);
    }

    void sameChecksAsBuildCollective()
    {
        // The program is refused where the DAG is, with the same field named.
        CollectiveSpec s = ringSpec(Operation::AllReduce, 4, 1, 1, 1, 0);
        s.order = {0, 1, 1, 3};
        QVERIFY_THROWS_EXCEPTION(InputError, buildRingProgram(s));
        s.order.clear();
        s.ranks = 4000; // 3·4000·3999 ops > 2·10^7
        QVERIFY_THROWS_EXCEPTION(InputError, buildRingProgram(s));
        QVERIFY(!hasRingProgram(ringSpec(Operation::AllReduce, 1, 1, 1, 1, 0)));
        CollectiveSpec tree = ringSpec(Operation::AllReduce, 4, 1, 1, 1, 0);
        tree.algorithm = Algorithm::DoubleBinaryTree;
        QVERIFY(!hasRingProgram(tree));
    }

    void holdsNoOps()
    {
        // The 1,024-rank ring of docs/performance.md: 3·10⁶ ops, none stored.
        const RingProgram ring = buildRingProgram(ringSpec(Operation::AllReduce, 1024, 1, 1, 2, 4));
        QCOMPARE(ring.opCount(), std::size_t(3) * 1024 * 1023);
        QVERIFY(sizeof(RingProgram) + 1024 * sizeof(int) < 8 * 1024);
    }
};

MERIDIAN_TEST(RingProgramTest)
#include "RingProgramTest.moc"
