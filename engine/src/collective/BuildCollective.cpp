// buildCollective(): validation, then one schedule per (operation, algorithm).
#include "meridian/collective/BuildCollective.hpp"

#include "DagBuilder.hpp"
#include "Primitives.hpp"
#include "meridian/collective/CommSettings.hpp"
#include "meridian/core/Error.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <map>
#include <string>

namespace meridian::collective {

using namespace primitives;

namespace {

constexpr int kMaxRanks = 1 << 20;
constexpr int kMaxChunks = 1 << 16;
constexpr int kMaxSlices = 64;
constexpr double kMaxOps = 2e7;

[[noreturn]] void fail(const std::string& field, const std::string& problem)
{
    throw InputError({}, "collective" + (field.empty() ? std::string() : "/" + field), problem);
}

std::string pairName(Operation op, Algorithm alg)
{
    return std::string(toString(alg)) + " " + std::string(toString(op));
}

// Members rotated so that `root` comes first, keeping the order's cyclic sequence.
std::vector<int> rootedAt(const std::vector<int>& order, int root)
{
    const auto it = std::find(order.begin(), order.end(), root);
    std::vector<int> out(it, order.end());
    out.insert(out.end(), order.begin(), it);
    return out;
}

bool isPowerOfTwo(int n)
{
    return n > 0 && (n & (n - 1)) == 0;
}

} // namespace

double estimatedOpsPerChunk(const CollectiveSpec& s)
{
    const double n = s.ranks;
    // A rooted operation moves the buffer along n−1 edges whatever its algorithm (a reduce
    // adds a reduction after each).
    if (s.operation == Operation::Broadcast)
        return n;
    if (s.operation == Operation::Reduce)
        return 2.0 * n;
    switch (s.algorithm) {
    case Algorithm::Ring:
    case Algorithm::Direct:
    case Algorithm::Hierarchical:
        return 3.0 * n * n;
    default:
        return 6.0 * n * (ceilLog2(s.ranks) + 1);
    }
}

namespace {

double estimatedOps(const CollectiveSpec& s)
{
    return estimatedOpsPerChunk(s) * s.chunks * s.slices;
}

// NCCL's binary tree (src/graph/trees.cc, ncclGetBtree): for rank r with lowest set bit b,
// parent = (r XOR b) OR 2b, or r XOR b if that is out of range; rank 0 is the root.
std::vector<int> btreeParents(int n)
{
    std::vector<int> parent(static_cast<std::size_t>(n), -1);
    for (int r = 1; r < n; ++r) {
        const int bit = r & -r;
        int up = (r ^ bit) | (bit << 1);
        if (up >= n)
            up = r ^ bit;
        parent[static_cast<std::size_t>(r)] = up;
    }
    return parent;
}

// Second tree of NCCL's double binary tree: the mirror image (n even) or the first tree
// shifted by one rank (n odd), so that a leaf of one tree is an inner node of the other.
std::vector<int> secondTreeParents(const std::vector<int>& first)
{
    const int n = static_cast<int>(first.size());
    std::vector<int> parent(first.size(), -1);
    for (int v = 0; v < n; ++v) {
        if (n % 2 == 1) {
            const int u = first[static_cast<std::size_t>((v - 1 + n) % n)];
            parent[static_cast<std::size_t>(v)] = u < 0 ? -1 : (u + 1) % n;
        } else {
            const int u = first[static_cast<std::size_t>(n - 1 - v)];
            parent[static_cast<std::size_t>(v)] = u < 0 ? -1 : n - 1 - u;
        }
    }
    return parent;
}

struct BinaryTree
{
    std::vector<int> parent;
    std::vector<int> depth;
    std::vector<std::vector<int>> children;
    std::vector<int> upOrder; // deepest first
    int maxDepth = 0;
};

// The tree of parent links `parent` with each rank's depth, children and a deepest-first order.
BinaryTree binaryTreeOf(std::vector<int> parent)
{
    const int n = static_cast<int>(parent.size());
    BinaryTree tr;
    tr.parent = std::move(parent);
    tr.depth.assign(static_cast<std::size_t>(n), 0);
    tr.children.assign(static_cast<std::size_t>(n), {});
    for (int v = 0; v < n; ++v) {
        int d = 0;
        for (int u = v; tr.parent[static_cast<std::size_t>(u)] >= 0;
             u = tr.parent[static_cast<std::size_t>(u)]) {
            ++d;
            MERIDIAN_ASSERT(d <= n, "binary tree construction produced a cycle");
        }
        tr.depth[static_cast<std::size_t>(v)] = d;
        tr.maxDepth = std::max(tr.maxDepth, d);
        if (tr.parent[static_cast<std::size_t>(v)] >= 0)
            tr.children[static_cast<std::size_t>(tr.parent[static_cast<std::size_t>(v)])].push_back(
                v);
    }
    for (int v = 0; v < n; ++v)
        tr.upOrder.push_back(v);
    std::stable_sort(tr.upOrder.begin(), tr.upOrder.end(), [&](int a, int c) {
        return tr.depth[static_cast<std::size_t>(a)] > tr.depth[static_cast<std::size_t>(c)];
    });
    return tr;
}

void buildDoubleBinaryTree(DagBuilder& b, CommDag& dag, const std::vector<int>& order, double bytes,
                           int chunks)
{
    const int n = static_cast<int>(order.size());
    // NCCL's tree program: reduce and broadcast loop on their own, one tree per channel.
    b.setIterationEndsWithReceive(false);
    b.setChannelPerLane(true);
    const std::vector<int> first = btreeParents(n);
    const std::vector<BinaryTree> trees{binaryTreeOf(first),
                                        binaryTreeOf(secondTreeParents(first))};

    // Each tree carries half of the data; within a tree every chunk goes up (reduce) then
    // down (broadcast); tree t is lane t, on channel t (DagBuilder::setChannelPerLane).
    for (int j = 0; j < chunks; ++j) {
        const int base = dag.addBlocks(2, bytes / (2.0 * chunks), -1, -1);
        for (int t = 0; t < 2; ++t) {
            const BinaryTree& tr = trees[static_cast<std::size_t>(t)];
            for (const int v : tr.upOrder) {
                const int p = tr.parent[static_cast<std::size_t>(v)];
                if (p >= 0)
                    b.accumulate(order[static_cast<std::size_t>(v)],
                                 order[static_cast<std::size_t>(p)], base + t, 1,
                                 tr.maxDepth - tr.depth[static_cast<std::size_t>(v)], j, t);
            }
            for (auto it = tr.upOrder.rbegin(); it != tr.upOrder.rend(); ++it)
                for (const int c : tr.children[static_cast<std::size_t>(*it)])
                    b.copy(order[static_cast<std::size_t>(*it)], order[static_cast<std::size_t>(c)],
                           base + t, 1, tr.maxDepth + tr.depth[static_cast<std::size_t>(*it)], j,
                           t);
        }
    }
}

// The members of each group (groups in ascending id), each in `order` sequence.
std::vector<std::vector<int>> groupMembers(const CollectiveSpec& spec,
                                           const std::vector<int>& order)
{
    const int n = spec.ranks;
    if (static_cast<int>(spec.groups.size()) != n)
        fail("groups", "hierarchical needs one group id per rank (" + std::to_string(n) +
                           "), got " + std::to_string(spec.groups.size()));
    std::map<int, int> groupIndex; // ascending group id → index
    for (const int g : spec.groups)
        groupIndex.emplace(g, 0);
    int m = 0;
    for (auto& [id, idx] : groupIndex)
        idx = m++;
    std::vector<std::vector<int>> members(static_cast<std::size_t>(m));
    for (const int r : order)
        members[static_cast<std::size_t>(groupIndex[spec.groups[static_cast<std::size_t>(r)]])]
            .push_back(r);
    return members;
}

// Each group's gateway: spec.gateways (each a member of its group), else its first member.
std::vector<int> groupGateways(const CollectiveSpec& spec,
                               const std::vector<std::vector<int>>& members)
{
    const int m = static_cast<int>(members.size());
    std::vector<int> gateways(static_cast<std::size_t>(m));
    if (spec.gateways.empty()) {
        for (int gi = 0; gi < m; ++gi)
            gateways[static_cast<std::size_t>(gi)] = members[static_cast<std::size_t>(gi)][0];
        return gateways;
    }
    if (static_cast<int>(spec.gateways.size()) != m)
        fail("gateways", "expected one gateway per group (" + std::to_string(m) + "), got " +
                             std::to_string(spec.gateways.size()));
    for (int gi = 0; gi < m; ++gi) {
        const int gw = spec.gateways[static_cast<std::size_t>(gi)];
        const auto& mem = members[static_cast<std::size_t>(gi)];
        if (std::find(mem.begin(), mem.end(), gw) == mem.end())
            fail("gateways/" + std::to_string(gi),
                 "gateway " + std::to_string(gw) + " is not a member of its group");
        gateways[static_cast<std::size_t>(gi)] = gw;
    }
    return gateways;
}

// Shard form: RS inside each group (g shards of m sub-blocks), ring all-reduce of shard p
// among the p-th members of all groups, AG inside each group.
void buildHierarchicalShards(DagBuilder& b, CommDag& dag, const CollectiveSpec& spec,
                             const std::vector<std::vector<int>>& members)
{
    const double S = spec.bytes;
    const int k = spec.chunks;
    const int m = static_cast<int>(members.size());
    const int g = static_cast<int>(members[0].size());
    // Exactly k·(3m·g(g−1) + 3g·m(m−1)) ops (an accumulation is a send and a reduction): the
    // op array is allocated once (CommDag::reserveOps).
    const auto groupRings =
        static_cast<std::size_t>(m) * static_cast<std::size_t>(g) * static_cast<std::size_t>(g - 1);
    const auto peerRings =
        static_cast<std::size_t>(g) * static_cast<std::size_t>(m) * static_cast<std::size_t>(m - 1);
    dag.reserveOps(static_cast<std::size_t>(k) * 3 * (groupRings + peerRings));
    for (int j = 0; j < k; ++j) {
        const int base = dag.addBlocks(g * m, S / (double(g) * m * k), -1, -1);
        for (const auto& mem : members)
            ringReduceScatter(b, mem, base, m, 0, j);
        for (int p = 0; p < g; ++p) {
            std::vector<int> peers;
            peers.reserve(members.size());
            for (const auto& mem : members)
                peers.push_back(mem[static_cast<std::size_t>(p)]);
            ringReduceScatter(b, peers, base + p * m, 1, g - 1, j);
            ringAllGather(b, peers, base + p * m, 1, g - 1 + m - 1, j);
        }
        for (const auto& mem : members)
            ringAllGather(b, mem, base, m, g - 1 + 2 * (m - 1), j);
    }
}

// Gateway form: binomial reduce to each gateway, ring all-reduce among gateways (m shards),
// binomial broadcast from each gateway.
void buildHierarchicalGateways(DagBuilder& b, CommDag& dag, const CollectiveSpec& spec,
                               const std::vector<std::vector<int>>& members,
                               const std::vector<int>& gateways)
{
    const double S = spec.bytes;
    const int k = spec.chunks;
    const int m = static_cast<int>(members.size());
    int rounds = 0;
    std::vector<std::vector<int>> rooted;
    for (int gi = 0; gi < m; ++gi) {
        rooted.push_back(rootedAt(members[static_cast<std::size_t>(gi)],
                                  gateways[static_cast<std::size_t>(gi)]));
        rounds = std::max(rounds, ceilLog2(static_cast<int>(rooted.back().size())));
    }
    for (int j = 0; j < k; ++j) {
        const int base = dag.addBlocks(m, S / (double(m) * k), -1, -1);
        for (const auto& mem : rooted)
            binomialReduce(b, mem, base, m, 0, j);
        ringReduceScatter(b, gateways, base, 1, rounds, j);
        ringAllGather(b, gateways, base, 1, rounds + m - 1, j);
        for (const auto& mem : rooted)
            binomialBroadcast(b, mem, base, m, rounds + 2 * (m - 1), j);
    }
}

void buildHierarchical(DagBuilder& b, CommDag& dag, const CollectiveSpec& spec,
                       const std::vector<int>& order)
{
    const std::vector<std::vector<int>> members = groupMembers(spec, order);
    bool equalSizes = true;
    for (const auto& g : members)
        equalSizes = equalSizes && g.size() == members[0].size();
    const std::vector<int> gateways = groupGateways(spec, members);
    if (equalSizes && spec.gateways.empty())
        buildHierarchicalShards(b, dag, spec, members);
    else
        buildHierarchicalGateways(b, dag, spec, members, gateways);
}

} // namespace

bool isSupported(Operation operation, Algorithm algorithm)
{
    switch (operation) {
    case Operation::AllReduce:
        return true;
    case Operation::AllGather:
    case Operation::ReduceScatter:
        return algorithm == Algorithm::Ring || algorithm == Algorithm::HalvingDoubling ||
               algorithm == Algorithm::Direct;
    case Operation::Broadcast:
    case Operation::Reduce:
        return algorithm == Algorithm::Ring || algorithm == Algorithm::Direct ||
               algorithm == Algorithm::BinomialTree || algorithm == Algorithm::PipelinedChain;
    case Operation::AllToAll:
        return algorithm == Algorithm::Direct;
    }
    return false;
}

bool hasRingSteps(Operation operation, Algorithm algorithm)
{
    return algorithm == Algorithm::Ring &&
           (operation == Operation::AllReduce || operation == Operation::AllGather ||
            operation == Operation::ReduceScatter);
}

namespace {

/// Checks every field of `spec` (InputError naming the field) and returns the rank order it
/// uses: `spec.order`, or 0…n−1 when that is empty.
std::vector<int> checkedOrder(const CollectiveSpec& spec)
{
    const Operation op = spec.operation;
    const Algorithm alg = spec.algorithm;
    const int n = spec.ranks;
    if (!isSupported(op, alg))
        fail("algorithm", pairName(op, alg) + " is not supported");
    if (n < 1 || n > kMaxRanks)
        fail("ranks", "ranks must be between 1 and " + std::to_string(kMaxRanks) + ", got " +
                          std::to_string(n));
    if (!std::isfinite(spec.bytes) || spec.bytes < 0)
        fail("bytes", "bytes must be a finite number ≥ 0");
    if (spec.root < 0 || spec.root >= n)
        fail("root",
             "root " + std::to_string(spec.root) + " is not a rank of 0…" + std::to_string(n - 1));
    if (spec.chunks < 1 || spec.chunks > kMaxChunks)
        fail("chunks", "chunks must be between 1 and " + std::to_string(kMaxChunks));
    if (spec.channels < 1 || spec.channels > kMaxChannels)
        fail("channels", "channels must be between 1 and " + std::to_string(kMaxChannels));
    if (spec.slices < 1 || spec.slices > kMaxSlices)
        fail("slices", "slices must be between 1 and " + std::to_string(kMaxSlices));
    if (spec.in_flight < 0)
        fail("in_flight", "messages in flight must be ≥ 0 (0 = no limit)");
    if (!(spec.iterations_per_chunk >= 1.0) || !std::isfinite(spec.iterations_per_chunk))
        fail("iterations_per_chunk", "iterations per chunk must be a finite number ≥ 1");
    if (spec.nccl_slices < 1 || spec.nccl_slices > kMaxSlices)
        fail("nccl_slices", "NCCL slices must be between 1 and " + std::to_string(kMaxSlices));
    std::vector<int> order = spec.order;
    if (order.empty()) {
        for (int r = 0; r < n; ++r)
            order.push_back(r);
    } else {
        std::vector<int> sorted = order;
        std::sort(sorted.begin(), sorted.end());
        bool permutation = static_cast<int>(sorted.size()) == n;
        for (int r = 0; permutation && r < n; ++r)
            permutation = sorted[static_cast<std::size_t>(r)] == r;
        if (!permutation)
            fail("order",
                 "order must list every rank 0…" + std::to_string(n - 1) + " exactly once");
    }
    if ((op == Operation::AllGather || op == Operation::ReduceScatter) &&
        alg == Algorithm::HalvingDoubling && !isPowerOfTwo(n))
        fail("ranks",
             pairName(op, alg) + " needs a power-of-two rank count, got " + std::to_string(n));
    if (estimatedOps(spec) > kMaxOps)
        fail("ranks", pairName(op, alg) + " with " + std::to_string(n) + " ranks and " +
                          std::to_string(spec.chunks) + " chunks would exceed " +
                          std::to_string(static_cast<long long>(kMaxOps)) + " operations");
    return order;
}

/// One chunk's worth of a flat collective: what chunk j of k adds to the DAG.
struct ChunkContext
{
    DagBuilder& b;
    CommDag& dag;
    const CollectiveSpec& spec;
    const std::vector<int>& order;  ///< ring order
    const std::vector<int>& rooted; ///< order rotated so that the root comes first
    /// NCCL's ring reduce as a chain for chainReduce (which sends members[g−1] → … →
    /// members[0]): the root, then the ring backwards, so data flows root+1 → root+2 → … → root.
    const std::vector<int>& towardsRoot;
    int j; ///< chunk index

    int n() const { return spec.ranks; }
    int k() const { return spec.chunks; }
    int pos(int p) const { return order[static_cast<std::size_t>(p)]; }
};

// Non-power-of-two n (MPICH's MPIR_Allreduce_intra_recursive_doubling pre/post step): with
// p = 2^⌊log2 n⌋ and r = n − p, position 2i sends its whole vector to 2i+1 (i < r), which
// reduces it; the p survivors run halving-doubling; then 2i+1 returns the result to 2i.
void halvingDoublingAllReduceChunk(const ChunkContext& c)
{
    const int n = c.n();
    int p = 1;
    while (p * 2 <= n)
        p *= 2;
    const int r = n - p;
    const int base = c.dag.addBlocks(p, c.spec.bytes / (double(p) * c.k()), -1, -1);
    std::vector<int> parts;
    for (int i = 0; i < r; ++i) {
        c.b.accumulate(c.pos(2 * i), c.pos(2 * i + 1), base, p, 0, c.j);
        parts.push_back(c.pos(2 * i + 1));
    }
    for (int i = 2 * r; i < n; ++i)
        parts.push_back(c.pos(i));
    const int off = r > 0 ? 1 : 0;
    const int steps = ceilLog2(p);
    halvingReduceScatter(c.b, parts, base, 1, off, c.j);
    doublingAllGather(c.b, parts, base, 1, off + steps, c.j);
    for (int i = 0; i < r; ++i)
        c.b.copy(c.pos(2 * i + 1), c.pos(2 * i), base, p, off + 2 * steps, c.j);
}

void allReduceChunk(const ChunkContext& c)
{
    const Algorithm alg = c.spec.algorithm;
    const int n = c.n();
    const double S = c.spec.bytes;
    const int k = c.k();
    if (alg == Algorithm::DoubleBinaryTree) {
        if (c.j == 0)
            buildDoubleBinaryTree(c.b, c.dag, c.order, S, k);
        return;
    }
    if (alg == Algorithm::HalvingDoubling) {
        halvingDoublingAllReduceChunk(c);
        return;
    }
    if (alg == Algorithm::BinomialTree || alg == Algorithm::PipelinedChain) {
        const int base = c.dag.addBlocks(1, S / k, -1, -1);
        if (alg == Algorithm::BinomialTree) {
            binomialReduce(c.b, c.rooted, base, 1, 0, c.j);
            binomialBroadcast(c.b, c.rooted, base, 1, ceilLog2(n), c.j);
        } else {
            chainReduce(c.b, c.rooted, base, 1, 0, c.j);
            chainBroadcast(c.b, c.rooted, base, 1, n - 1, c.j);
        }
        return;
    }
    if (alg == Algorithm::Ring) {
        const int m = c.spec.slices;
        const int base = c.dag.addBlocks(n * m, S / (double(n) * k * m), -1, -1);
        ringReduceScatter(c.b, c.order, base, 1, 0, c.j, 0, m);
        ringAllGather(c.b, c.order, base, 1, n - 1, c.j, 0, m);
    } else { // Direct
        const int base = c.dag.addBlocks(n, S / (double(n) * k), -1, -1);
        directReduceScatter(c.b, c.order, base, 1, 0, c.j);
        directAllGather(c.b, c.order, base, 1, 1, c.j);
    }
}

// Broadcast and reduce. Ring is NCCL's (src/device/broadcast.h and reduce.h, runRing): a
// pipeline along the ring, root → next → … for a broadcast, root's successor → … → root for a
// reduce, each chunk (one loop iteration of one slot) forwarded as soon as it has arrived.
void rootedChunk(const ChunkContext& c)
{
    const Algorithm alg = c.spec.algorithm;
    const double bytes = c.spec.bytes / c.k();
    const int j = c.j;
    if (c.spec.operation == Operation::Broadcast) {
        const int base = c.dag.addBlocks(1, bytes, c.spec.root, -1);
        if (alg == Algorithm::Direct)
            directBroadcast(c.b, c.rooted, base, 1, 0, j);
        else if (alg == Algorithm::BinomialTree)
            binomialBroadcast(c.b, c.rooted, base, 1, 0, j);
        else // pipelined chain, ring
            chainBroadcast(c.b, c.rooted, base, 1, 0, j);
        return;
    }
    const int base = c.dag.addBlocks(1, bytes, -1, c.spec.root);
    if (alg == Algorithm::Direct)
        directReduce(c.b, c.rooted, base, 1, 0, j);
    else if (alg == Algorithm::BinomialTree)
        binomialReduce(c.b, c.rooted, base, 1, 0, j);
    else if (alg == Algorithm::Ring)
        chainReduce(c.b, c.towardsRoot, base, 1, 0, j);
    else
        chainReduce(c.b, c.rooted, base, 1, 0, j);
}

void chunk(const ChunkContext& c)
{
    const Algorithm alg = c.spec.algorithm;
    const int n = c.n();
    const double blockBytes = c.spec.bytes / (double(n) * c.k()); // one rank's share
    const int j = c.j;
    switch (c.spec.operation) {
    case Operation::AllReduce:
        allReduceChunk(c);
        return;
    case Operation::AllGather: {
        // Shard s is the data of the rank at position s (its slices, on a ring).
        const int m = alg == Algorithm::Ring ? c.spec.slices : 1;
        const int base = static_cast<int>(c.dag.blocks().size());
        for (int s = 0; s < n; ++s)
            c.dag.addBlocks(m, blockBytes / m, c.pos(s), -1);
        if (alg == Algorithm::Ring)
            ringAllGather(c.b, c.order, base, 1, 0, j, 0, m);
        else if (alg == Algorithm::HalvingDoubling)
            doublingAllGather(c.b, c.order, base, 1, 0, j);
        else
            directAllGather(c.b, c.order, base, 1, 0, j);
        return;
    }
    case Operation::ReduceScatter: {
        const int m = alg == Algorithm::Ring ? c.spec.slices : 1;
        const int base = static_cast<int>(c.dag.blocks().size());
        for (int s = 0; s < n; ++s)
            c.dag.addBlocks(m, blockBytes / m, -1, c.pos(s));
        if (alg == Algorithm::Ring)
            ringReduceScatter(c.b, c.order, base, 1, 0, j, 0, m);
        else if (alg == Algorithm::HalvingDoubling)
            halvingReduceScatter(c.b, c.order, base, 1, 0, j);
        else
            directReduceScatter(c.b, c.order, base, 1, 0, j);
        return;
    }
    case Operation::Broadcast:
    case Operation::Reduce:
        rootedChunk(c);
        return;
    case Operation::AllToAll: {
        // Block (a, c) = the S/n bytes rank a addresses to rank c.
        const int base = static_cast<int>(c.dag.blocks().size());
        for (int a = 0; a < n; ++a)
            for (int d = 0; d < n; ++d)
                c.dag.addBlocks(1, blockBytes, a, d);
        for (int i = 0; i < n; ++i)
            for (int d = 1; d < n; ++d) {
                const int a = c.pos(i);
                const int to = c.pos((i + d) % n);
                c.b.copy(a, to, base + a * n + to, 1, 0, j);
            }
        return;
    }
    }
}

/// The exact op count of a flat ring all-reduce, all-gather or reduce-scatter (n − 1 steps per
/// ring pass, n ranks, m slices, k chunks; an accumulation is a send and a reduction) and of a
/// broadcast (every algorithm: one send to each of the n − 1 other ranks per chunk), 0 for the
/// others: with it the DAG's op array is allocated once (CommDag::reserveOps). A training
/// run's in-centre broadcast has up to 2·10⁶ ops (128 MB), which a doubling array held twice
/// over at its last growth.
std::size_t exactOps(const CollectiveSpec& s)
{
    if (s.operation == Operation::Broadcast)
        return static_cast<std::size_t>(s.ranks - 1) * static_cast<std::size_t>(s.chunks);
    if (s.algorithm != Algorithm::Ring)
        return 0;
    const int perStep = s.operation == Operation::AllReduce       ? 3
                        : s.operation == Operation::ReduceScatter ? 2
                        : s.operation == Operation::AllGather     ? 1
                                                                  : 0;
    return static_cast<std::size_t>(perStep) * static_cast<std::size_t>(s.ranks - 1) *
           static_cast<std::size_t>(s.ranks) * static_cast<std::size_t>(s.slices) *
           static_cast<std::size_t>(s.chunks);
}

} // namespace

CommDag buildCollective(const CollectiveSpec& spec)
{
    const std::vector<int> order = checkedOrder(spec);
    const Operation op = spec.operation;
    CommDag dag(op, spec.ranks, spec.root);
    if (hasRingSteps(op, spec.algorithm) && spec.iterations_per_chunk > 1.0)
        dag.setMerged({spec.iterations_per_chunk, spec.nccl_slices, spec.slices,
                       (op == Operation::AllReduce ? 2 : 1) * (spec.ranks - 1)});
    if (spec.ranks == 1) {
        // Nothing to move: one block that the single rank already holds.
        dag.addBlocks(1, spec.bytes, op == Operation::Broadcast ? 0 : -1, -1);
        return dag;
    }
    DagBuilder b(dag, spec.channels, spec.in_flight);
    if (spec.algorithm == Algorithm::Hierarchical && op == Operation::AllReduce) {
        buildHierarchical(b, dag, spec, order);
        return dag;
    }
    dag.reserveOps(exactOps(spec));
    const std::vector<int> rooted = rootedAt(order, spec.root);
    std::vector<int> towardsRoot{rooted.front()};
    towardsRoot.insert(towardsRoot.end(), rooted.rbegin(), rooted.rend() - 1);
    for (int j = 0; j < spec.chunks; ++j)
        chunk(ChunkContext{b, dag, spec, order, rooted, towardsRoot, j});
    return dag;
}

bool hasRingProgram(const CollectiveSpec& spec)
{
    return hasRingSteps(spec.operation, spec.algorithm) && spec.ranks >= 2;
}

RingProgram buildRingProgram(const CollectiveSpec& spec)
{
    std::vector<int> order = checkedOrder(spec);
    MERIDIAN_ASSERT(hasRingProgram(spec), "buildRingProgram() on a collective that is not a ring "
                                          "among two or more ranks (hasRingProgram)");
    return {spec, std::move(order)};
}

} // namespace meridian::collective
