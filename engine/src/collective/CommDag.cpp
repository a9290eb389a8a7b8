// CommDag: accounting helpers, cycle detection, and the symbolic data-movement check.
#include "meridian/collective/CommDag.hpp"

#include "meridian/core/Error.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <queue>

namespace meridian::collective {

double MergedSteps::stallS(double sending_s, double latency_s) const
{
    if (iterations <= 1.0 || slices < 1 || !(sending_s >= 0.0) || !(latency_s > 0.0))
        return 0.0;
    const double slice_s = sending_s / (iterations * slices);
    const double perIteration = std::max(0.0, latency_s - (slices - 1) * slice_s);
    return std::max(0.0, iterations * perIteration - latency_s);
}

CommDag::CommDag(Operation operation, int ranks, int root)
    : m_operation(operation), m_ranks(ranks), m_root(root)
{
    MERIDIAN_ASSERT(ranks >= 0, "a CommDag needs a non-negative rank count");
}

std::size_t CommDag::addOp(CommOp op)
{
    std::sort(op.deps.begin(), op.deps.end());
    op.deps.erase(std::unique(op.deps.begin(), op.deps.end()), op.deps.end());
    m_ops.push_back(std::move(op));
    return m_ops.size() - 1;
}

int CommDag::addBlocks(int count, double bytes, int owner, int destination)
{
    const int first = static_cast<int>(m_blocks.size());
    for (int i = 0; i < count; ++i)
        m_blocks.push_back(DataBlock{bytes, owner, destination});
    return first;
}

double CommDag::blockBytes(int first, int count) const
{
    double sum = 0;
    for (int b = first; b < first + count; ++b)
        sum += m_blocks[static_cast<std::size_t>(b)].bytes;
    return sum;
}

std::vector<double> CommDag::bytesSentPerRank() const
{
    std::vector<double> out(static_cast<std::size_t>(m_ranks), 0.0);
    for (const auto& op : m_ops)
        if (op.kind == OpKind::Send)
            out[static_cast<std::size_t>(op.src)] += op.bytes;
    return out;
}

std::vector<double> CommDag::bytesReceivedPerRank() const
{
    std::vector<double> out(static_cast<std::size_t>(m_ranks), 0.0);
    for (const auto& op : m_ops)
        if (op.kind == OpKind::Send)
            out[static_cast<std::size_t>(op.dst)] += op.bytes;
    return out;
}

std::vector<std::size_t> CommDag::messagesSentPerRank() const
{
    std::vector<std::size_t> out(static_cast<std::size_t>(m_ranks), 0);
    for (const auto& op : m_ops)
        if (op.kind == OpKind::Send)
            ++out[static_cast<std::size_t>(op.src)];
    return out;
}

std::size_t CommDag::messageCount() const
{
    return static_cast<std::size_t>(std::count_if(
        m_ops.begin(), m_ops.end(), [](const CommOp& op) { return op.kind == OpKind::Send; }));
}

std::size_t CommDag::reduceCount() const
{
    return m_ops.size() - messageCount();
}

double CommDag::totalBytesSent() const
{
    double sum = 0;
    for (const auto& op : m_ops)
        if (op.kind == OpKind::Send)
            sum += op.bytes;
    return sum;
}

bool CommDag::topologicalOrder(bool lowestFirst, std::vector<std::size_t>& order) const
{
    const std::size_t n = m_ops.size();
    std::vector<std::size_t> indegree(n, 0);
    std::vector<std::size_t> offsets(n + 1, 0);
    for (std::size_t i = 0; i < n; ++i) {
        for (const std::size_t d : m_ops[i].deps) {
            if (d >= n)
                return false;
            ++offsets[d + 1];
        }
        indegree[i] = m_ops[i].deps.size();
    }
    for (std::size_t i = 0; i < n; ++i)
        offsets[i + 1] += offsets[i];
    std::vector<std::size_t> successors(offsets[n]);
    std::vector<std::size_t> fill(offsets.begin(), offsets.end() - 1);
    for (std::size_t i = 0; i < n; ++i)
        for (const std::size_t d : m_ops[i].deps)
            successors[fill[d]++] = i;

    // A heap keyed on the op index makes the order deterministic; min- or max-first gives two
    // different legal interleavings of independent ops.
    std::function<bool(std::size_t, std::size_t)> later;
    if (lowestFirst)
        later = std::greater<>();
    else
        later = std::less<>();
    std::priority_queue<std::size_t, std::vector<std::size_t>, decltype(later)> ready(later);
    for (std::size_t i = 0; i < n; ++i)
        if (indegree[i] == 0)
            ready.push(i);
    order.clear();
    order.reserve(n);
    while (!ready.empty()) {
        const std::size_t i = ready.top();
        ready.pop();
        order.push_back(i);
        for (std::size_t k = offsets[i]; k < offsets[i + 1]; ++k)
            if (--indegree[successors[k]] == 0)
                ready.push(successors[k]);
    }
    return order.size() == n;
}

bool CommDag::isAcyclic() const
{
    std::vector<std::size_t> order;
    return topologicalOrder(true, order);
}

int CommDag::criticalPathSteps() const
{
    std::vector<std::size_t> order;
    if (!topologicalOrder(true, order))
        return -1;
    std::vector<int> length(m_ops.size(), 0);
    int best = 0;
    for (const std::size_t i : order) {
        int before = 0;
        for (const std::size_t d : m_ops[i].deps)
            before = std::max(before, length[d]);
        length[i] = before + (m_ops[i].kind == OpKind::Send ? 1 : 0);
        best = std::max(best, length[i]);
    }
    return best;
}

namespace {

std::string opName(std::size_t index, const CommOp& op)
{
    std::string s = "op " + std::to_string(index) + " (";
    if (op.kind == OpKind::Send)
        s += "send " + std::to_string(op.src) + "→" + std::to_string(op.dst);
    else
        s += "reduce at " + std::to_string(op.src);
    s += ", blocks " + std::to_string(op.block) + "+" + std::to_string(op.blockCount) + ")";
    return s;
}

} // namespace

std::string CommDag::simulate(const std::vector<std::size_t>& order) const
{
    const auto n = static_cast<std::size_t>(m_ranks);
    const std::size_t blocks = m_blocks.size();
    const std::size_t words = (n + 63) / 64;
    using Word = std::uint64_t;

    // Which sends are accumulating: a Reduce at the destination over exactly the same blocks
    // depends on them.
    std::vector<char> accumulating(m_ops.size(), 0);
    for (const auto& op : m_ops) {
        if (op.kind != OpKind::Reduce)
            continue;
        for (const std::size_t d : op.deps) {
            const CommOp& s = m_ops[d];
            if (s.kind == OpKind::Send && s.dst == op.src && s.block == op.block &&
                s.blockCount == op.blockCount)
                accumulating[d] = 1;
        }
    }

    std::vector<Word> held(n * blocks * words, 0);
    auto cell = [&](std::size_t rank, std::size_t block) {
        return held.data() + (rank * blocks + block) * words;
    };
    auto setBit = [&](Word* bits, std::size_t r) { bits[r / 64] |= Word(1) << (r % 64); };
    for (std::size_t b = 0; b < blocks; ++b) {
        const int owner = m_blocks[b].owner;
        if (owner >= 0) {
            setBit(cell(static_cast<std::size_t>(owner), b), static_cast<std::size_t>(owner));
        } else {
            for (std::size_t r = 0; r < n; ++r)
                setBit(cell(r, b), r);
        }
    }

    // Payloads of accumulating sends, captured when the send runs.
    std::vector<std::vector<Word>> payload(m_ops.size());

    for (const std::size_t i : order) {
        const CommOp& op = m_ops[i];
        const auto first = static_cast<std::size_t>(op.block);
        const auto count = static_cast<std::size_t>(op.blockCount);
        if (op.kind == OpKind::Send) {
            const auto src = static_cast<std::size_t>(op.src);
            const auto dst = static_cast<std::size_t>(op.dst);
            if (accumulating[i])
                payload[i].assign(count * words, 0);
            for (std::size_t k = 0; k < count; ++k) {
                const Word* from = cell(src, first + k);
                if (std::all_of(from, from + words, [](Word w) { return w == 0; }))
                    return opName(i, op) + " sends block " + std::to_string(first + k) +
                           " that rank " + std::to_string(src) + " does not hold";
                if (accumulating[i]) {
                    std::copy(from, from + words, payload[i].data() + k * words);
                    continue;
                }
                Word* to = cell(dst, first + k);
                for (std::size_t w = 0; w < words; ++w)
                    if ((to[w] & ~from[w]) != 0)
                        return opName(i, op) + " overwrites contributions rank " +
                               std::to_string(dst) + " holds for block " +
                               std::to_string(first + k) + " that the message lacks";
                std::copy(from, from + words, to);
            }
        } else {
            const auto rank = static_cast<std::size_t>(op.src);
            for (const std::size_t d : op.deps) {
                if (!accumulating[d] || m_ops[d].dst != op.src || m_ops[d].block != op.block ||
                    m_ops[d].blockCount != op.blockCount)
                    continue;
                for (std::size_t k = 0; k < count; ++k) {
                    Word* to = cell(rank, first + k);
                    const Word* from = payload[d].data() + k * words;
                    for (std::size_t w = 0; w < words; ++w) {
                        if ((to[w] & from[w]) != 0)
                            return opName(i, op) + " counts a contribution to block " +
                                   std::to_string(first + k) + " twice";
                        to[w] |= from[w];
                    }
                }
            }
        }
    }

    // Final state against the operation's promise.
    std::vector<Word> expected(words, 0);
    for (std::size_t b = 0; b < blocks; ++b) {
        std::fill(expected.begin(), expected.end(), 0);
        const DataBlock& blk = m_blocks[b];
        if (blk.owner >= 0) {
            setBit(expected.data(), static_cast<std::size_t>(blk.owner));
        } else {
            for (std::size_t r = 0; r < n; ++r)
                setBit(expected.data(), r);
        }
        for (std::size_t r = 0; r < n; ++r) {
            if (blk.destination >= 0 && r != static_cast<std::size_t>(blk.destination))
                continue;
            if (!std::equal(expected.begin(), expected.end(), cell(r, b)))
                return "rank " + std::to_string(r) + " ends without the complete block " +
                       std::to_string(b);
        }
    }
    return {};
}

DataMovementReport CommDag::checkDataMovement() const
{
    // Structural validity first: ranks, ranges, sizes.
    for (std::size_t i = 0; i < m_ops.size(); ++i) {
        const CommOp& op = m_ops[i];
        if (op.src < 0 || op.src >= m_ranks || op.dst < 0 || op.dst >= m_ranks)
            return {false,
                    opName(i, op) + " names a rank outside 0…" + std::to_string(m_ranks - 1)};
        if (op.kind == OpKind::Send && op.src == op.dst)
            return {false, opName(i, op) + " sends to itself"};
        if (op.kind == OpKind::Reduce && op.src != op.dst)
            return {false, opName(i, op) + " is a reduction with two different ranks"};
        if (op.block < 0 || op.blockCount < 1 ||
            static_cast<std::size_t>(op.block) + static_cast<std::size_t>(op.blockCount) >
                m_blocks.size())
            return {false, opName(i, op) + " refers to blocks outside the data"};
        const double expectedBytes = blockBytes(op.block, op.blockCount);
        if (std::abs(op.bytes - expectedBytes) > 1e-9 * std::max(1.0, expectedBytes))
            return {false, opName(i, op) + " carries " + std::to_string(op.bytes) +
                               " bytes but its blocks hold " + std::to_string(expectedBytes)};
    }
    const std::size_t words = (static_cast<std::size_t>(m_ranks) + 63) / 64;
    if (static_cast<double>(m_ranks) * static_cast<double>(m_blocks.size()) *
            static_cast<double>(words) >
        double(1u << 25))
        return {false, "too large for the symbolic check (ranks × blocks × ranks/64 > 2^25)"};

    std::vector<std::size_t> order;
    for (const bool lowestFirst : {true, false}) {
        if (!topologicalOrder(lowestFirst, order))
            return {false, "the dependency graph has a cycle or a dangling dependency"};
        std::string problem = simulate(order);
        if (!problem.empty())
            return {false, problem + (lowestFirst ? "" : " (highest-index-first order)")};
    }
    return {true, {}};
}

} // namespace meridian::collective
