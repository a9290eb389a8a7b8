// CommDag helpers and the symbolic data-movement check catching broken schedules.
#include "meridian/collective/CommDag.hpp"

#include "TestMain.hpp"
#include "meridian/collective/Algorithm.hpp"
#include "meridian/collective/BuildCollective.hpp"
#include "meridian/collective/Operation.hpp"

#include <QtTest/QtTest>

using namespace meridian;
using namespace meridian::collective;

namespace {

CommOp send(int src, int dst, double bytes, std::vector<std::size_t> deps = {}, int block = 0)
{
    return CommOp{.kind = OpKind::Send,
                  .src = src,
                  .dst = dst,
                  .bytes = bytes,
                  .block = block,
                  .blockCount = 1,
                  .deps = std::move(deps)};
}
CommOp reduceAt(int rank, double bytes, std::vector<std::size_t> deps, int block = 0)
{
    return CommOp{.kind = OpKind::Reduce,
                  .src = rank,
                  .dst = rank,
                  .bytes = bytes,
                  .block = block,
                  .blockCount = 1,
                  .deps = std::move(deps)};
}

} // namespace

class CommDagTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void namesRoundTrip()
    {
        for (const auto op : {Operation::AllReduce, Operation::AllGather, Operation::ReduceScatter,
                              Operation::Broadcast, Operation::Reduce, Operation::AllToAll})
            QCOMPARE(operationFromString(toString(op)), std::optional<Operation>(op));
        for (const auto alg :
             {Algorithm::Ring, Algorithm::DoubleBinaryTree, Algorithm::HalvingDoubling,
              Algorithm::Direct, Algorithm::BinomialTree, Algorithm::PipelinedChain,
              Algorithm::Hierarchical})
            QCOMPARE(algorithmFromString(toString(alg)), std::optional<Algorithm>(alg));
        QCOMPARE(algorithmFromString("tree"), std::optional(Algorithm::DoubleBinaryTree));
        QCOMPARE(algorithmFromString("Rabenseifner"), std::optional(Algorithm::HalvingDoubling));
        QCOMPARE(algorithmFromString("chain"), std::optional(Algorithm::PipelinedChain));
        QCOMPARE(algorithmFromString("binomial"), std::optional(Algorithm::BinomialTree));
        QCOMPARE(operationFromString("all-reduce"), std::optional(Operation::AllReduce));
        QCOMPARE(operationFromString("Reduce_Scatter"), std::optional(Operation::ReduceScatter));
        QVERIFY(!algorithmFromString("butterfly"));
        QVERIFY(!operationFromString("scan"));
    }

    void busBandwidthFactors()
    {
        // nccl-tests doc/PERFORMANCE.md.
        QCOMPARE(busBandwidthFactor(Operation::AllReduce, 8), 2.0 * 7 / 8);
        QCOMPARE(busBandwidthFactor(Operation::AllGather, 8), 7.0 / 8);
        QCOMPARE(busBandwidthFactor(Operation::ReduceScatter, 4), 3.0 / 4);
        QCOMPARE(busBandwidthFactor(Operation::AllToAll, 4), 3.0 / 4);
        QCOMPARE(busBandwidthFactor(Operation::Broadcast, 4), 1.0);
        QCOMPARE(busBandwidthFactor(Operation::Reduce, 4), 1.0);
    }

    void accountingAndCriticalPath()
    {
        // Chain 0 → 1 → 2 of 10 bytes.
        CommDag dag(Operation::Broadcast, 3, 0);
        dag.addBlocks(1, 10, 0, -1);
        dag.addOp(send(0, 1, 10));
        dag.addOp(send(1, 2, 10, {0, 0})); // duplicate dependency is folded
        QCOMPARE(dag.ops()[1].deps.toVector(), std::vector<std::size_t>{0});
        QCOMPARE(dag.messageCount(), std::size_t(2));
        QCOMPARE(dag.bytesSentPerRank(), (std::vector<double>{10, 10, 0}));
        QCOMPARE(dag.bytesReceivedPerRank(), (std::vector<double>{0, 10, 10}));
        QCOMPARE(dag.criticalPathSteps(), 2);
        QVERIFY(dag.checkDataMovement().ok);
    }

    void missingDependencyIsARace()
    {
        // 1 → 2 without waiting for 0 → 1: passes in one order, fails in the other.
        CommDag dag(Operation::Broadcast, 3, 0);
        dag.addBlocks(1, 10, 0, -1);
        dag.addOp(send(0, 1, 10));
        dag.addOp(send(1, 2, 10));
        const auto report = dag.checkDataMovement();
        QVERIFY(!report.ok);
        QVERIFY(report.problem.find("does not hold") != std::string::npos);
    }

    void doubleCountingIsCaught()
    {
        // Reduce to rank 2: rank 0's contribution arrives both directly and via rank 1.
        CommDag dag(Operation::Reduce, 3, 2);
        dag.addBlocks(1, 8, -1, 2);
        dag.addOp(send(0, 1, 8));          // 0
        dag.addOp(reduceAt(1, 8, {0}));    // 1
        dag.addOp(send(1, 2, 8, {1}));     // 2
        dag.addOp(reduceAt(2, 8, {2}));    // 3
        dag.addOp(send(0, 2, 8));          // 4
        dag.addOp(reduceAt(2, 8, {4, 3})); // 5
        const auto report = dag.checkDataMovement();
        QVERIFY(!report.ok);
        QVERIFY(report.problem.find("twice") != std::string::npos);
    }

    void copyOverPartialDataIsCaught()
    {
        // All-reduce of 2 ranks where rank 1 just copies rank 0's data: rank 1's own
        // contribution would be overwritten.
        CommDag dag(Operation::AllReduce, 2, 0);
        dag.addBlocks(1, 8, -1, -1);
        dag.addOp(send(0, 1, 8));
        const auto report = dag.checkDataMovement();
        QVERIFY(!report.ok);
        QVERIFY(report.problem.find("overwrites") != std::string::npos);
    }

    void droppedOpLeavesARankIncomplete()
    {
        CollectiveSpec spec;
        spec.ranks = 5;
        spec.bytes = 1000;
        const CommDag full = buildCollective(spec);
        QVERIFY(full.checkDataMovement().ok);
        // Rebuild without the last all-gather send (nothing depends on it).
        CommDag cut(Operation::AllReduce, 5, 0);
        for (const auto& b : full.blocks())
            cut.addBlocks(1, b.bytes, b.owner, b.destination);
        for (std::size_t i = 0; i + 1 < full.opCount(); ++i)
            cut.addOp(full.ops()[i]);
        const auto report = cut.checkDataMovement();
        QVERIFY(!report.ok);
        QVERIFY(report.problem.find("ends without") != std::string::npos);
    }

    void structuralErrors()
    {
        CommDag dag(Operation::Broadcast, 2, 0);
        dag.addBlocks(1, 10, 0, -1);
        dag.addOp(send(0, 1, 9)); // wrong size
        QVERIFY(dag.checkDataMovement().problem.find("bytes") != std::string::npos);
        CommDag self(Operation::Broadcast, 2, 0);
        self.addBlocks(1, 10, 0, -1);
        self.addOp(send(1, 1, 10));
        QVERIFY(!self.checkDataMovement().ok);
        CommDag cyc(Operation::Broadcast, 2, 0);
        cyc.addBlocks(1, 10, 0, -1);
        cyc.addOp(send(0, 1, 10, {1}));
        cyc.addOp(send(1, 0, 10, {0}));
        QVERIFY(!cyc.isAcyclic());
        QCOMPARE(cyc.criticalPathSteps(), -1);
        QVERIFY(!cyc.checkDataMovement().ok);
    }

    void opDepsSpillToTheHeapAndBack()
    {
        // Up to OpDeps::kInline indices live in the object; a fifth moves them to the heap.
        OpDeps d{7, 3, 7, 1};
        QCOMPARE(d.size(), std::size_t(4));
        d.push_back(9);
        d.push_back(3);
        QCOMPARE(d.toVector(), (std::vector<std::size_t>{7, 3, 7, 1, 9, 3}));
        d.sortUnique();
        QCOMPARE(d.toVector(), (std::vector<std::size_t>{1, 3, 7, 9}));
        const OpDeps copy = d; // NOLINT(performance-unnecessary-copy-initialization)
        OpDeps moved = std::move(d);
        QVERIFY(copy == moved);
        OpDeps small{5};
        moved = small; // a heap list assigned an inline one keeps its values right
        QCOMPARE(moved.toVector(), std::vector<std::size_t>{5});
        small = std::move(moved);
        QCOMPARE(small.toVector(), std::vector<std::size_t>{5});
        QCOMPARE(sizeof(CommOp), std::size_t(64));
    }

    void ringDagsHaveTheirClosedFormOpCount()
    {
        // Ring with n ranks, m slices, k chunks: n(n−1)·m·k sends per pass; an all-reduce
        // makes two passes and reduces after each send of the first, 3n(n−1)·m·k ops (the
        // count CommDag::reserveOps allocates up front).
        for (const auto& [op, perStep] :
             {std::pair{Operation::AllReduce, 3}, std::pair{Operation::ReduceScatter, 2},
              std::pair{Operation::AllGather, 1}}) {
            CollectiveSpec s;
            s.operation = op;
            s.ranks = 6;
            s.bytes = 6e6;
            s.chunks = 3;
            s.slices = 2;
            const CommDag dag = buildCollective(s);
            QCOMPARE(dag.opCount(), std::size_t(perStep * 6 * 5 * 2 * 3));
            QVERIFY(dag.checkDataMovement().ok);
        }
    }

    void broadcastDagsHaveTheirClosedFormOpCount()
    {
        // Broadcast among n ranks in k chunks: each of the n − 1 other ranks receives every
        // chunk once, whatever the algorithm: (n − 1)·k sends (what CommDag::reserveOps
        // allocates up front), from the root or from a rank that already holds the chunk.
        for (const Algorithm alg : {Algorithm::BinomialTree, Algorithm::Ring,
                                    Algorithm::PipelinedChain, Algorithm::Direct}) {
            for (const int n : {2, 5, 8}) {
                CollectiveSpec s;
                s.operation = Operation::Broadcast;
                s.algorithm = alg;
                s.ranks = n;
                s.root = 1;
                s.bytes = 4e6;
                s.chunks = 7;
                s.channels = 2;
                const CommDag dag = buildCollective(s);
                QCOMPARE(dag.opCount(), std::size_t((n - 1) * 7));
                QVERIFY(dag.checkDataMovement().ok);
            }
        }
    }

    void hierarchicalShardDagsHaveTheirClosedFormOpCount()
    {
        // Shard form, m groups of g ranks, k chunks: a reduce-scatter in each group (g(g−1)
        // sends, each with its reduction), per shard position a ring all-reduce among the m
        // peers (3m(m−1)), an all-gather in each group (g(g−1)): k·(3m·g(g−1) + 3g·m(m−1))
        // ops, what CommDag::reserveOps allocates up front.
        for (const auto& [m, g] : {std::pair{2, 3}, std::pair{4, 2}, std::pair{3, 5}}) {
            CollectiveSpec s;
            s.operation = Operation::AllReduce;
            s.algorithm = Algorithm::Hierarchical;
            s.ranks = m * g;
            s.bytes = 6e6;
            s.chunks = 2;
            s.channels = 2;
            for (int r = 0; r < s.ranks; ++r)
                s.groups.push_back(r % m);
            const CommDag dag = buildCollective(s);
            QCOMPARE(dag.opCount(), std::size_t(2 * (3 * m * g * (g - 1) + 3 * g * m * (m - 1))));
            QVERIFY(dag.checkDataMovement().ok);
        }
    }
};

MERIDIAN_TEST(CommDagTest)
#include "CommDagTest.moc"
