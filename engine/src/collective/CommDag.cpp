// CommDag: accounting helpers, cycle detection, and the symbolic data-movement check (the
// model is stated at CommDag::checkDataMovement; checked by tests/collective/CommDagTest.cpp).
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
    const double step_s = std::max(1, messages) * sending_s; // D
    const double slice_s = sliceS(sending_s);
    // E = T − D: what the real step pays beyond its sending time (latency not hidden).
    const double excess_s = iterations * std::max(0.0, latency_s - (slices - 1) * slice_s);
    if (!(excess_s > 0.0))
        return 0.0; // the sender's own D/m' later messages already keep the step at D
    // The next step's first message may start once this message arrived, D/m' + L after the
    // step began; it must wait D + E.
    return std::max(0.0, step_s - sending_s + excess_s - latency_s);
}

double MergedSteps::boundaryStallS(std::uint64_t index, double sending_s, double latency_s) const
{
    const auto parts = static_cast<std::uint64_t>(std::max(1, messages));
    const auto perChunk = static_cast<std::uint64_t>(std::max(1, steps)) * parts;
    if (iterations <= 1.0 || steps < 1 || index % perChunk < perChunk - parts ||
        !(latency_s > 0.0) || !(sending_s >= 0.0))
        return 0.0;
    return (iterations - 1.0) * std::min(latency_s, (slices - 1) * sliceS(sending_s));
}

double MergedSteps::deliveryDelayS(std::uint64_t index, double sending_s, double latency_s) const
{
    if (iterations <= 1.0)
        return 0.0;
    const bool firstOfStep = index % static_cast<std::uint64_t>(std::max(1, messages)) == 0;
    return boundaryStallS(index, sending_s, latency_s) +
           (firstOfStep ? stallS(sending_s, latency_s) : 0.0);
}

double MergedSteps::sliceS(double sending_s) const
{
    return std::max(1, messages) * sending_s / (iterations * slices);
}

CommDag::CommDag(Operation operation, int ranks, int root)
    : m_operation(operation), m_ranks(ranks), m_root(root)
{
    MERIDIAN_ASSERT(ranks >= 0, "a CommDag needs a non-negative rank count");
}

static_assert(sizeof(CommOp) <= 64, "CommOp is the unit of a collective's memory: keep it small");

std::size_t CommDag::addOp(CommOp op)
{
    op.deps.sortUnique();
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
    // The builders only ever depend on earlier ops: then the index order is topological and
    // no sort (three arrays of the DAG's size) is needed.
    bool forward = true;
    for (std::size_t i = 0; i < m_ops.size() && forward; ++i)
        forward = m_ops[i].deps.empty() || m_ops[i].deps[m_ops[i].deps.size() - 1] < i;
    if (forward)
        return true;
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

/// A send is accumulating when a Reduce at its destination over exactly the same blocks
/// depends on it: its payload is added into the destination's blocks instead of copied.
bool feeds(const CommOp& send, const CommOp& reduce)
{
    return send.dst == reduce.src && send.block == reduce.block &&
           send.blockCount == reduce.blockCount;
}

std::vector<char> accumulatingSends(const std::vector<CommOp>& ops)
{
    std::vector<char> accumulating(ops.size(), 0);
    for (const auto& op : ops) {
        if (op.kind != OpKind::Reduce)
            continue;
        for (const std::size_t d : op.deps)
            if (ops[d].kind == OpKind::Send && feeds(ops[d], op))
                accumulating[d] = 1;
    }
    return accumulating;
}

/// The symbolic state of checkDataMovement (CommDag.hpp): per (rank, block) the set of ranks
/// whose contribution it holds, as a bitset of `words` 64-bit words. A message runs on it
/// and returns what it violates ("" if nothing).
class Contributions
{
public:
    using Word = std::uint64_t;

    Contributions(std::size_t ranks, const std::vector<DataBlock>& blocks)
        : m_ranks(ranks), m_blocks(blocks.size()), m_words((ranks + 63) / 64),
          m_held(ranks * blocks.size() * m_words, 0)
    {
        for (std::size_t b = 0; b < m_blocks; ++b)
            addSources(blocks[b], [&](std::size_t r) { return cell(r, b); });
    }

    /// A plain send copies the sender's blocks over the receiver's; an accumulating one
    /// captures them in `payload` for the Reduce that consumes it.
    std::string send(std::size_t index, const CommOp& op, bool accumulating,
                     std::vector<Word>& payload)
    {
        const auto src = static_cast<std::size_t>(op.src);
        const auto dst = static_cast<std::size_t>(op.dst);
        const auto first = static_cast<std::size_t>(op.block);
        const auto count = static_cast<std::size_t>(op.blockCount);
        if (accumulating)
            payload.assign(count * m_words, 0);
        for (std::size_t k = 0; k < count; ++k) {
            const Word* from = cell(src, first + k);
            if (std::all_of(from, from + m_words, [](Word w) { return w == 0; }))
                return opName(index, op) + " sends block " + std::to_string(first + k) +
                       " that rank " + std::to_string(src) + " does not hold";
            if (accumulating) {
                std::copy(from, from + m_words, payload.data() + k * m_words);
                continue;
            }
            Word* to = cell(dst, first + k);
            for (std::size_t w = 0; w < m_words; ++w)
                if ((to[w] & ~from[w]) != 0)
                    return opName(index, op) + " overwrites contributions rank " +
                           std::to_string(dst) + " holds for block " + std::to_string(first + k) +
                           " that the message lacks";
            std::copy(from, from + m_words, to);
        }
        return {};
    }

    /// A Reduce adds the payload of an accumulating send into its rank's blocks; a
    /// contribution must not be counted twice.
    std::string reduce(std::size_t index, const CommOp& op, const std::vector<Word>& payload)
    {
        const auto rank = static_cast<std::size_t>(op.src);
        const auto first = static_cast<std::size_t>(op.block);
        const auto count = static_cast<std::size_t>(op.blockCount);
        for (std::size_t k = 0; k < count; ++k) {
            Word* to = cell(rank, first + k);
            const Word* from = payload.data() + k * m_words;
            for (std::size_t w = 0; w < m_words; ++w) {
                if ((to[w] & from[w]) != 0)
                    return opName(index, op) + " counts a contribution to block " +
                           std::to_string(first + k) + " twice";
                to[w] |= from[w];
            }
        }
        return {};
    }

    /// The operation's promise: every destination of a block (every rank, or the block's
    /// destination) ends with the contributions of its sources (its owner, or every rank).
    std::string checkFinal(const std::vector<DataBlock>& blocks)
    {
        std::vector<Word> expected(m_words, 0);
        for (std::size_t b = 0; b < m_blocks; ++b) {
            std::fill(expected.begin(), expected.end(), 0);
            const DataBlock& blk = blocks[b];
            addSources(blk, [&](std::size_t) { return expected.data(); });
            for (std::size_t r = 0; r < m_ranks; ++r) {
                if (blk.destination >= 0 && r != static_cast<std::size_t>(blk.destination))
                    continue;
                if (!std::equal(expected.begin(), expected.end(), cell(r, b)))
                    return "rank " + std::to_string(r) + " ends without the complete block " +
                           std::to_string(b);
            }
        }
        return {};
    }

private:
    Word* cell(std::size_t rank, std::size_t block)
    {
        return m_held.data() + (rank * m_blocks + block) * m_words;
    }
    static void setBit(Word* bits, std::size_t r) { bits[r / 64] |= Word(1) << (r % 64); }
    /// Sets, in bits(r) for each source r of the block, r's own contribution: the owner's
    /// only, or every rank's.
    template <class Bits> void addSources(const DataBlock& blk, Bits bits)
    {
        if (blk.owner >= 0) {
            const auto owner = static_cast<std::size_t>(blk.owner);
            setBit(bits(owner), owner);
        } else {
            for (std::size_t r = 0; r < m_ranks; ++r)
                setBit(bits(r), r);
        }
    }

    std::size_t m_ranks;
    std::size_t m_blocks;
    std::size_t m_words;
    std::vector<Word> m_held;
};

} // namespace

std::string CommDag::simulate(const std::vector<std::size_t>& order) const
{
    const std::vector<char> accumulating = accumulatingSends(m_ops);
    Contributions held(static_cast<std::size_t>(m_ranks), m_blocks);
    // Payloads of accumulating sends, captured when the send runs.
    std::vector<std::vector<Contributions::Word>> payload(m_ops.size());
    for (const std::size_t i : order) {
        const CommOp& op = m_ops[i];
        if (op.kind == OpKind::Send) {
            if (auto error = held.send(i, op, accumulating[i] != 0, payload[i]); !error.empty())
                return error;
            continue;
        }
        for (const std::size_t d : op.deps) {
            if (!accumulating[d] || !feeds(m_ops[d], op))
                continue;
            if (auto error = held.reduce(i, op, payload[d]); !error.empty())
                return error;
        }
    }
    return held.checkFinal(m_blocks);
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
