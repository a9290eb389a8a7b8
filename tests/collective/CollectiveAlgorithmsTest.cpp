// Every (operation, algorithm) pair for n ∈ {2,3,4,5,8,16}: the DAG is acyclic, the symbolic
// data-movement check passes, and message counts / bytes per rank / critical path match the
// textbook formulas (docs/collectives.md), computed here independently of the builder.
#include "TestMain.hpp"
#include "meridian/collective/BuildCollective.hpp"
#include "meridian/core/Error.hpp"

#include <QtTest/QtTest>
#include <cmath>
#include <numeric>

using namespace meridian;
using namespace meridian::collective;

Q_DECLARE_METATYPE(meridian::collective::Operation)
Q_DECLARE_METATYPE(meridian::collective::Algorithm)

namespace {

const Operation kOps[] = {Operation::AllReduce, Operation::AllGather, Operation::ReduceScatter,
                          Operation::Broadcast, Operation::Reduce,    Operation::AllToAll};
const Algorithm kAlgs[] = {
    Algorithm::Ring,        Algorithm::DoubleBinaryTree, Algorithm::HalvingDoubling,
    Algorithm::Direct,      Algorithm::BinomialTree,     Algorithm::PipelinedChain,
    Algorithm::Hierarchical};
const int kSizes[] = {2, 3, 4, 5, 8, 16};
constexpr double S = 3.0 * 1024 * 1024; // 3 MiB: divisible by neither 5 nor 3·16 exactly

int ceilLog2(int n)
{
    return static_cast<int>(std::ceil(std::log2(static_cast<double>(n))));
}
bool pow2(int n)
{
    return (n & (n - 1)) == 0;
}
bool near(double a, double b)
{
    return std::abs(a - b) <= 1e-9 * std::max({1.0, std::abs(a), std::abs(b)});
}

} // namespace

class CollectiveAlgorithmsTest : public QObject
{
    Q_OBJECT
private:
    static void uniform(const std::vector<double>& v, double expected, const char* what)
    {
        for (std::size_t r = 0; r < v.size(); ++r)
            QVERIFY2(near(v[r], expected),
                     qPrintable(QStringLiteral("%1 of rank %2: %3, expected %4")
                                    .arg(what)
                                    .arg(r)
                                    .arg(v[r], 0, 'g', 12)
                                    .arg(expected, 0, 'g', 12)));
    }
    static void uniformCount(const std::vector<std::size_t>& v, std::size_t expected)
    {
        for (std::size_t r = 0; r < v.size(); ++r)
            QVERIFY2(v[r] == expected, qPrintable(QStringLiteral("rank %1 sends %2 messages, "
                                                                 "expected %3")
                                                      .arg(r)
                                                      .arg(v[r])
                                                      .arg(expected)));
    }

private Q_SLOTS:
    void everyPair_data()
    {
        QTest::addColumn<Operation>("op");
        QTest::addColumn<Algorithm>("alg");
        QTest::addColumn<int>("n");
        QTest::addColumn<int>("chunks");
        for (const Operation op : kOps)
            for (const Algorithm alg : kAlgs)
                for (const int n : kSizes)
                    for (const int k : {1, 3}) {
                        const std::string name =
                            std::string(toString(alg)) + " " + std::string(toString(op)) +
                            " n=" + std::to_string(n) + " k=" + std::to_string(k);
                        QTest::newRow(name.c_str()) << op << alg << n << k;
                    }
    }

    void everyPair()
    {
        QFETCH(Operation, op);
        QFETCH(Algorithm, alg);
        QFETCH(int, n);
        QFETCH(int, chunks);
        CollectiveSpec spec;
        spec.operation = op;
        spec.algorithm = alg;
        spec.ranks = n;
        spec.bytes = S;
        spec.chunks = chunks;
        spec.root = n / 2;
        // Hierarchical: two "centres" by parity; odd n gives unequal sizes → gateway form.
        for (int r = 0; r < n; ++r)
            spec.groups.push_back(r % 2);

        if (!isSupported(op, alg)) {
            QVERIFY_THROWS_EXCEPTION(InputError, buildCollective(spec));
            QSKIP("combination not supported (rejected with InputError, as documented)");
        }
        const bool hdShard = alg == Algorithm::HalvingDoubling &&
                             (op == Operation::AllGather || op == Operation::ReduceScatter);
        if (hdShard && !pow2(n)) {
            QVERIFY_THROWS_EXCEPTION(InputError, buildCollective(spec));
            QSKIP("halving-doubling all-gather/reduce-scatter needs n = 2^k (rejected)");
        }

        const CommDag dag = buildCollective(spec);
        QVERIFY(dag.isAcyclic());
        const DataMovementReport report = dag.checkDataMovement();
        QVERIFY2(report.ok, report.problem.c_str());

        const double nd = n;
        const auto k = static_cast<std::size_t>(chunks);
        const auto un = static_cast<std::size_t>(n);
        const auto sent = dag.bytesSentPerRank();
        const auto received = dag.bytesReceivedPerRank();
        const auto msgs = dag.messagesSentPerRank();
        const double total = std::accumulate(sent.begin(), sent.end(), 0.0);
        const int cp = dag.criticalPathSteps();
        const int L = ceilLog2(n);

        switch (op) {
        case Operation::AllReduce:
            switch (alg) {
            case Algorithm::Ring:
            case Algorithm::Direct:
                // Ring: 2(n−1) steps of S/n; direct: (n−1) shards out, (n−1) shards back.
                uniformCount(msgs, 2 * (un - 1) * k);
                uniform(sent, 2 * (nd - 1) / nd * S, "bytes sent");
                uniform(received, 2 * (nd - 1) / nd * S, "bytes received");
                if (chunks == 1)
                    QCOMPARE(cp, alg == Algorithm::Ring ? 2 * (n - 1) : 2);
                break;
            case Algorithm::HalvingDoubling:
                if (pow2(n)) {
                    // Rabenseifner: log2 n halvings + log2 n doublings; S/2+S/4+…+S/n twice.
                    uniformCount(msgs, 2 * static_cast<std::size_t>(L) * k);
                    uniform(sent, 2 * (nd - 1) / nd * S, "bytes sent");
                    if (chunks == 1)
                        QCOMPARE(cp, 2 * L);
                } else {
                    // Pre/post step: r = n − p extra ranks send S in and get S back.
                    const int p = 1 << (L - 1);
                    const int r = n - p;
                    QCOMPARE(dag.messageCount(),
                             k * static_cast<std::size_t>(2 * r + 2 * p * (L - 1)));
                    QVERIFY(near(total, 2 * r * S + 2 * (p - 1) * S));
                    if (chunks == 1)
                        QCOMPARE(cp, 2 + 2 * (L - 1));
                }
                break;
            case Algorithm::DoubleBinaryTree:
                // Two trees of n−1 edges, each edge carries its half up and down per chunk.
                QCOMPARE(dag.messageCount(), 4 * (un - 1) * k);
                QVERIFY(near(total, 2 * (nd - 1) * S));
                break;
            case Algorithm::BinomialTree:
            case Algorithm::PipelinedChain:
                // Reduce to the root (n−1 messages of S) then broadcast (n−1 more).
                QCOMPARE(dag.messageCount(), 2 * (un - 1) * k);
                QVERIFY(near(total, 2 * (nd - 1) * S));
                if (chunks == 1)
                    QCOMPARE(cp, alg == Algorithm::BinomialTree ? 2 * L : 2 * (n - 1));
                break;
            case Algorithm::Hierarchical: {
                const int m = n >= 2 ? 2 : 1;
                if (n % 2 == 0) {
                    // Shard form, g = n/2 per group: RS + AG inside (S/g shards), ring
                    // all-reduce of each shard across the m groups.
                    const double g = nd / 2;
                    uniformCount(msgs, k * static_cast<std::size_t>(2 * (g - 1) + 2 * (m - 1)));
                    uniform(sent, 2 * (g - 1) / g * S + 2.0 * (m - 1) / m * S / g, "bytes sent");
                } else {
                    // Gateway form: binomial reduce/broadcast inside (S per tree edge twice),
                    // ring all-reduce among m gateways: 2(n−m)S + 2(m−1)S = 2(n−1)S in total.
                    QVERIFY(near(total, 2 * (nd - 1) * S));
                    const int g0 = (n + 1) / 2, g1 = n / 2;
                    QCOMPARE(dag.messageCount(),
                             k * static_cast<std::size_t>(2 * (g0 - 1) + 2 * (g1 - 1) +
                                                          2 * m * (m - 1)));
                }
                break;
            }
            }
            break;
        case Operation::AllGather:
        case Operation::ReduceScatter:
            if (alg == Algorithm::HalvingDoubling)
                uniformCount(msgs, static_cast<std::size_t>(L) * k);
            else
                uniformCount(msgs, (un - 1) * k);
            uniform(sent, (nd - 1) / nd * S, "bytes sent");
            uniform(received, (nd - 1) / nd * S, "bytes received");
            if (chunks == 1)
                QCOMPARE(cp, alg == Algorithm::Ring              ? n - 1
                             : alg == Algorithm::HalvingDoubling ? L
                                                                 : 1);
            break;
        case Operation::Broadcast:
            QCOMPARE(dag.messageCount(), (un - 1) * k);
            for (int r = 0; r < n; ++r)
                QVERIFY(near(received[static_cast<std::size_t>(r)], r == spec.root ? 0.0 : S));
            if (alg == Algorithm::Direct)
                QVERIFY(near(sent[static_cast<std::size_t>(spec.root)], (nd - 1) * S));
            if (chunks == 1)
                QCOMPARE(cp, alg == Algorithm::Direct         ? 1
                             : alg == Algorithm::BinomialTree ? L
                                                              : n - 1);
            break;
        case Operation::Reduce:
            QCOMPARE(dag.messageCount(), (un - 1) * k);
            QCOMPARE(dag.reduceCount(), (un - 1) * k);
            for (int r = 0; r < n; ++r)
                QVERIFY(near(sent[static_cast<std::size_t>(r)], r == spec.root ? 0.0 : S));
            if (chunks == 1)
                QCOMPARE(cp, alg == Algorithm::Direct         ? 1
                             : alg == Algorithm::BinomialTree ? L
                                                              : n - 1);
            break;
        case Operation::AllToAll:
            QCOMPARE(dag.messageCount(), un * (un - 1) * k);
            for (const auto& o : dag.ops())
                QVERIFY(near(o.bytes, S / (nd * chunks)));
            uniform(sent, (nd - 1) / nd * S, "bytes sent");
            if (chunks == 1)
                QCOMPARE(cp, 1);
            break;
        }
    }

    void pipeliningSplitsEveryMessage()
    {
        // k chunks: k× the messages, same bytes, for every supported pair.
        for (const Operation op : kOps)
            for (const Algorithm alg : kAlgs) {
                if (!isSupported(op, alg))
                    continue;
                CollectiveSpec spec{op, alg, 8, S, 3, 1, {0, 0, 0, 0, 1, 1, 1, 1}, {}, {}};
                const CommDag one = buildCollective(spec);
                spec.chunks = 4;
                const CommDag four = buildCollective(spec);
                QCOMPARE(four.messageCount(), 4 * one.messageCount());
                QVERIFY(near(four.totalBytesSent(), one.totalBytesSent()));
            }
    }

    void hierarchicalCentresOfFour()
    {
        // 4 centres × 4 GPUs, shard form: g = m = 4.
        CollectiveSpec spec;
        spec.algorithm = Algorithm::Hierarchical;
        spec.ranks = 16;
        spec.bytes = S;
        for (int r = 0; r < 16; ++r)
            spec.groups.push_back(100 - r / 4); // arbitrary ids, descending
        const CommDag dag = buildCollective(spec);
        const auto report = dag.checkDataMovement();
        QVERIFY2(report.ok, report.problem.c_str());
        const double g = 4, m = 4;
        uniform(dag.bytesSentPerRank(), 2 * (g - 1) / g * S + 2 * (m - 1) / m * S / g,
                "bytes sent");
        // Inter-centre traffic: only the shard ring crosses groups: 2(m−1)/m · S/g per rank.
        double inter = 0;
        for (const auto& o : dag.ops())
            if (o.kind == OpKind::Send && o.src / 4 != o.dst / 4)
                inter += o.bytes;
        QVERIFY(near(inter, 16 * 2 * (m - 1) / m * S / g));
    }

    void hierarchicalUnequalGroupsUseGateways()
    {
        // Groups of 5, 4 and 3 with explicit gateways: only gateways cross groups.
        CollectiveSpec spec;
        spec.algorithm = Algorithm::Hierarchical;
        spec.ranks = 12;
        spec.bytes = S;
        spec.chunks = 2;
        spec.groups = {0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2};
        spec.gateways = {3, 5, 11};
        const CommDag dag = buildCollective(spec);
        const auto report = dag.checkDataMovement();
        QVERIFY2(report.ok, report.problem.c_str());
        for (const auto& o : dag.ops())
            if (o.kind == OpKind::Send && spec.groups[static_cast<std::size_t>(o.src)] !=
                                              spec.groups[static_cast<std::size_t>(o.dst)]) {
                QVERIFY(o.src == 3 || o.src == 5 || o.src == 11);
                QVERIFY(o.dst == 3 || o.dst == 5 || o.dst == 11);
            }
        QVERIFY(near(dag.totalBytesSent(), 2 * 11 * S));
        spec.gateways = {3, 4, 11}; // 4 is not in group 1
        QVERIFY_THROWS_EXCEPTION(InputError, buildCollective(spec));
        spec.gateways = {3, 5};
        QVERIFY_THROWS_EXCEPTION(InputError, buildCollective(spec));
        spec.gateways.clear();
        spec.groups.pop_back();
        QVERIFY_THROWS_EXCEPTION(InputError, buildCollective(spec));
    }

    void hierarchicalGatewayFormBytesPerRank()
    {
        // Groups {0..4}, {5..8}, {9..11} with gateways 3, 5, 11 (m = 3). Textbook gateway form:
        // binomial reduce to the gateway (every other member sends S once), ring all-reduce
        // among the gateways (2(m−1)/m · S each), binomial broadcast from the gateway (a member
        // at position v of its rooted group sends S to each child v + 2^i < g, v < 2^i).
        CollectiveSpec spec;
        spec.algorithm = Algorithm::Hierarchical;
        spec.ranks = 12;
        spec.bytes = S;
        spec.groups = {0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2};
        spec.gateways = {3, 5, 11};
        const std::vector<std::vector<int>> rooted = {{3, 4, 0, 1, 2}, {5, 6, 7, 8}, {11, 9, 10}};
        const double m = 3;
        for (const int k : {1, 4}) {
            spec.chunks = k;
            const CommDag dag = buildCollective(spec);
            QVERIFY(dag.checkDataMovement().ok);
            const auto sent = dag.bytesSentPerRank();
            const auto received = dag.bytesReceivedPerRank();
            std::vector<double> expected(12, 0.0);
            for (const auto& group : rooted) {
                const int g = static_cast<int>(group.size());
                for (int v = 0; v < g; ++v) {
                    int children = 0;
                    for (int i = 0; i < ceilLog2(g); ++i)
                        children += (v < (1 << i) && v + (1 << i) < g) ? 1 : 0;
                    const double up = v == 0 ? 2 * (m - 1) / m * S : S; // gateway: WAN ring
                    expected[static_cast<std::size_t>(group[static_cast<std::size_t>(v)])] =
                        up + children * S;
                }
            }
            for (std::size_t r = 0; r < 12; ++r)
                QVERIFY2(near(sent[r], expected[r]),
                         qPrintable(QStringLiteral("rank %1 sent %2, expected %3")
                                        .arg(r)
                                        .arg(sent[r])
                                        .arg(expected[r])));
            QVERIFY(near(std::accumulate(received.begin(), received.end(), 0.0),
                         std::accumulate(sent.begin(), sent.end(), 0.0)));
        }
    }

    void doubleBinaryTreeBytesPerRank()
    {
        // n = 8, NCCL trees: tree 1 = 0←4, 4←{2,6}, 2←{1,3}, 6←{5,7}; tree 2 (mirror) =
        // 7←3, 3←{5,1}, 5←{6,4}, 1←{2,0}. Each edge carries S/2 up and S/2 down, so a rank sends
        // S/2 × (parents + children over both trees): ranks 0 and 7 (a root and a leaf) S,
        // every other rank (inner in one tree, leaf in the other) 2S; received = sent.
        CollectiveSpec spec;
        spec.algorithm = Algorithm::DoubleBinaryTree;
        spec.ranks = 8;
        spec.bytes = S;
        for (const int k : {1, 3}) {
            spec.chunks = k;
            const CommDag dag = buildCollective(spec);
            QVERIFY(dag.checkDataMovement().ok);
            const auto sent = dag.bytesSentPerRank();
            const auto received = dag.bytesReceivedPerRank();
            for (std::size_t r = 0; r < 8; ++r) {
                const double expected = (r == 0 || r == 7) ? S : 2 * S;
                QVERIFY2(near(sent[r], expected),
                         qPrintable(QStringLiteral("rank %1 sent %2").arg(r).arg(sent[r])));
                QVERIFY(near(received[r], expected));
            }
        }
    }

    void orderRelabelsTheRing()
    {
        CollectiveSpec spec;
        spec.ranks = 5;
        spec.bytes = S;
        spec.order = {0, 3, 1, 4, 2};
        const CommDag dag = buildCollective(spec);
        QVERIFY(dag.checkDataMovement().ok);
        // Ring neighbours follow the order: 0→3→1→4→2→0 and nothing else.
        for (const auto& o : dag.ops())
            if (o.kind == OpKind::Send) {
                const auto it = std::find(spec.order.begin(), spec.order.end(), o.src);
                const auto next =
                    spec.order[static_cast<std::size_t>((it - spec.order.begin() + 1) % 5)];
                QCOMPARE(o.dst, next);
            }
    }

    void badSpecsAreRejected()
    {
        CollectiveSpec ok;
        ok.ranks = 4;
        ok.bytes = 100;
        QVERIFY(buildCollective(ok).isAcyclic());
        auto bad = ok;
        bad.ranks = 0;
        QVERIFY_THROWS_EXCEPTION(InputError, buildCollective(bad));
        bad = ok;
        bad.bytes = -1;
        QVERIFY_THROWS_EXCEPTION(InputError, buildCollective(bad));
        bad.bytes = std::nan("");
        QVERIFY_THROWS_EXCEPTION(InputError, buildCollective(bad));
        bad = ok;
        bad.root = 4;
        QVERIFY_THROWS_EXCEPTION(InputError, buildCollective(bad));
        bad = ok;
        bad.chunks = 0;
        QVERIFY_THROWS_EXCEPTION(InputError, buildCollective(bad));
        bad = ok;
        bad.order = {0, 1, 1, 3};
        QVERIFY_THROWS_EXCEPTION(InputError, buildCollective(bad));
        bad.order = {0, 1, 2};
        QVERIFY_THROWS_EXCEPTION(InputError, buildCollective(bad));
        bad = ok;
        bad.ranks = 1 << 15; // ring all-reduce would need ~3·10^9 ops
        QVERIFY_THROWS_EXCEPTION(InputError, buildCollective(bad));
        bad = ok;
        bad.operation = Operation::AllToAll;
        try {
            buildCollective(bad);
            QFAIL("ring all-to-all must be rejected");
        } catch (const InputError& e) {
            QVERIFY(std::string(e.what()).find("ring alltoall") != std::string::npos);
            QCOMPARE(e.location(), std::string("collective/algorithm"));
        }
    }

    void singleRankIsEmpty()
    {
        for (const Operation op : kOps) {
            CollectiveSpec spec;
            spec.operation = op;
            spec.algorithm = Algorithm::Direct;
            spec.ranks = 1;
            spec.bytes = S;
            const CommDag dag = buildCollective(spec);
            QCOMPARE(dag.opCount(), std::size_t(0));
            QVERIFY(dag.checkDataMovement().ok);
        }
    }
};

MERIDIAN_TEST(CollectiveAlgorithmsTest)
#include "CollectiveAlgorithmsTest.moc"
