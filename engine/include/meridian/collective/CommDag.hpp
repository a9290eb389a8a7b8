#pragma once
// A collective as a directed acyclic graph of point-to-point transfers and local reductions
// (seed 000 §2.2.1: "collective → DAG; nodes are communication tasks, edges are ordering").
//
// Data model. The collective's S bytes are cut into *blocks* (shards × pipelining chunks).
// Every op moves or reduces a contiguous range of blocks [block, block + blockCount):
//   * Send   src → dst of those blocks; `bytes` = the blocks' total size.
//   * Reduce at rank `src` (= `dst`): combines a received message into the local buffer;
//     `bytes` = size reduced. A Send that some Reduce at its destination lists as a
//     dependency (same blocks) is an *accumulating* send: its payload lands in a receive
//     buffer and only counts once that Reduce has run. Any other Send overwrites (copy).
// A DataBlock says who owns it initially and who must hold it at the end, which is what the
// symbolic data-movement check (checkDataMovement) verifies.

#include "meridian/collective/OpDeps.hpp"
#include "meridian/collective/Operation.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace meridian::collective {

enum class OpKind : std::uint8_t
{
    Send,
    Reduce
};

/// 64 bytes (a 1,024-rank ring all-reduce holds 3·10⁶ of them): the fields are ordered so that
/// none pads, `channel` is 16-bit (at most 64 channels) and `lanePrev` 32-bit like the op
/// indices of `deps` (at most 2·10⁷ ops). Initialise by name (designated initialisers).
struct CommOp
{
    OpKind kind = OpKind::Send;
    std::int16_t channel = 0; ///< Send: the channel whose (src, dst) connection carries it
    int src = 0;              ///< sending rank (Reduce: the rank that reduces)
    int dst = 0;              ///< receiving rank (Reduce: same as src)
    /// Send: the previous send on the same (src, dst, channel) connection, or −1. Sends of a
    /// connection are issued in DAG order (one channel's program runs its steps in order).
    std::int32_t lanePrev = -1;
    double bytes = 0; ///< payload (Send) or size reduced (Reduce)
    int step = 0;     ///< algorithm step / round this op belongs to (for reports and tests)
    int chunk = 0;    ///< pipelining chunk index, 0 … chunks−1
    int block = 0;    ///< first data block carried
    int blockCount = 1;
    OpDeps deps; ///< indices of ops that must finish before this one starts
};

struct DataBlock
{
    double bytes = 0;
    /// Rank holding the block's data initially (all-gather, broadcast, all-to-all); −1 means
    /// every rank holds its own contribution to be reduced (all-reduce, reduce(-scatter)).
    int owner = -1;
    /// Rank that must hold the final block (reduce-scatter shard, reduce root, all-to-all
    /// destination); −1 means every rank.
    int destination = -1;
};

/// Result of the symbolic data-movement check.
struct DataMovementReport
{
    bool ok = false;
    std::string problem; ///< empty when ok
};

/// How a DAG stands for NCCL's loop when several iterations were merged into one chunk
/// (CollectiveSpec::iterations_per_chunk): a ring step of G merged iterations of m slices
/// really takes G·max(m·T_s, T_s + L) (every iteration waits for the previous step's first
/// slice, docs/collectives.md §Pipelining). The merged step goes as m' messages of D/m' (D =
/// G·m·T_s its whole sending time), each forwarded as soon as it arrives, so the next step
/// may start D/m' + L after this one, and no earlier than D: the transfer backend delays the
/// delivery of a step's first message, which gates the next step, by what makes that T
/// (stallS()); the others arrive on time, so the last step ends as it really does.
struct MergedSteps
{
    double iterations = 1.0; ///< G ≥ 1; 1 = nothing merged, no stall
    int slices = 1;          ///< m: NCCL slices per step of one iteration
    int messages = 1;        ///< m': the DAG's messages per merged step
    int steps = 0;           ///< ring steps of one iteration: 2(n−1) all-reduce, n−1 gathers

    /// NCCL ends each loop iteration with a receive (all_reduce.h runRing: directRecv) before
    /// the next iteration's first send: an iteration takes (steps − 1)·τ + m·T_s + L, where the
    /// merged steps pay steps·τ (τ = max(m·T_s, T_s + L)). Each of the G − 1 iteration
    /// boundaries a merged chunk stands for costs the difference, min(L, (m − 1)·T_s): the
    /// backend adds (G − 1) of them to the delivery of the chunk's last step (message index
    /// `index` of its connection, whose data phase took sending_s).
    double boundaryStallS(std::uint64_t index, double sending_s, double latency_s) const;

    /// Extra time after the delivery of a merged step's first message, whose data phase took
    /// sending_s and whose one-way latency was latency_s: with D = m'·sending_s, T_s = D/(G·m)
    /// the time of one NCCL slice and E = T − D = G·max(0, L − (m−1)·T_s) the latency the real
    /// step cannot hide, 0 when E = 0 (the sender's in-order messages keep the step at D) and
    /// otherwise max(0, D + E − D/m' − L), so that the next step starts D + E after this one.
    double stallS(double sending_s, double latency_s) const;

    /// The delay the backend adds after the delivery of a merged DAG's message number `index`
    /// on its connection (sends come in DAG order, a step's m' messages one after another):
    /// boundaryStallS() for the chunk's last step, plus stallS() for a step's first message;
    /// 0 when nothing is merged.
    double deliveryDelayS(std::uint64_t index, double sending_s, double latency_s) const;

private:
    /// T_s: one NCCL slice's time, from a message's data phase of sending_s.
    double sliceS(double sending_s) const;
};

class CommDag
{
public:
    CommDag() = default;
    CommDag(Operation operation, int ranks, int root = 0);

    Operation operation() const { return m_operation; }
    int ranks() const { return m_ranks; }
    int root() const { return m_root; }
    const MergedSteps& merged() const { return m_merged; }
    void setMerged(MergedSteps m) { m_merged = m; }

    const std::vector<CommOp>& ops() const { return m_ops; }
    const std::vector<DataBlock>& blocks() const { return m_blocks; }
    std::size_t opCount() const { return m_ops.size(); }

    /// Appends an op and returns its index. Dependencies are sorted and de-duplicated.
    std::size_t addOp(CommOp op);
    /// Room for `ops` ops without reallocating (a builder that knows its count avoids the
    /// doubling vector's peak of 1.5–3× the final array, docs/performance.md).
    void reserveOps(std::size_t ops) { m_ops.reserve(ops); }
    /// Appends `count` blocks of `bytes` each; returns the index of the first.
    int addBlocks(int count, double bytes, int owner, int destination);

    /// Total bytes of the blocks [first, first + count).
    double blockBytes(int first, int count) const;

    std::vector<double> bytesSentPerRank() const;
    std::vector<double> bytesReceivedPerRank() const;
    std::vector<std::size_t> messagesSentPerRank() const;
    /// Number of Send ops (point-to-point messages).
    std::size_t messageCount() const;
    std::size_t reduceCount() const;
    double totalBytesSent() const;

    /// Kahn's algorithm; false if a dependency cycle exists or a dependency index is out of range.
    bool isAcyclic() const;
    /// Largest number of Send ops on one dependency chain (Reduce ops count 0): the number of
    /// α latencies a time-unbounded network would still pay. −1 if the graph has a cycle.
    int criticalPathSteps() const;

    /// Symbolic execution: each (rank, block) holds the set of ranks whose contribution it
    /// contains. The ops run in two topological orders (lowest-index-first and
    /// highest-index-first, so a missing dependency shows up as a race) and every rank must
    /// end with what the operation promises: the full reduced set (all-reduce), every block
    /// (all-gather), its reduced shard (reduce-scatter), the root's data (broadcast), the
    /// reduced data at the root (reduce), the blocks addressed to it (all-to-all). Also
    /// flags a contribution counted twice, a copy that would overwrite contributions, a send
    /// of data the sender does not hold, an unreduced accumulating send, byte mismatches.
    /// Memory O(ranks² · blocks / 64): intended for tests and validation.
    DataMovementReport checkDataMovement() const;

private:
    bool topologicalOrder(bool lowestFirst, std::vector<std::size_t>& order) const;
    std::string simulate(const std::vector<std::size_t>& order) const;

    Operation m_operation = Operation::AllReduce;
    int m_ranks = 0;
    int m_root = 0;
    MergedSteps m_merged;
    std::vector<CommOp> m_ops;
    std::vector<DataBlock> m_blocks;
};

} // namespace meridian::collective
