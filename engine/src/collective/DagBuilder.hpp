#pragma once
// Private helper of buildCollective(): appends sends/reductions to a CommDag and derives
// their dependencies from buffer state, so algorithms only say *what* moves where.
//
// Per (rank, block) it remembers the last op that wrote the block (read-after-write and
// write-after-write dependencies) and the sends that read it since (write-after-read: a
// buffer is not overwritten or reduced into while a send of its old content is pending).
// Per connection (src, dst, channel) it remembers the recent sends: each send records the one
// before it (CommOp::lanePrev: the executor issues a connection's sends in emission order, as
// one NCCL channel runs its steps in order) and depends on the send `slots` before it (the
// connection's buffer has `slots` slots; a slot is free again once its message has been
// delivered). Chunk j of the collective travels on channel (lane + j) mod channels.
// Per (rank, channel) — one NCCL channel's program on one rank, which runs its loop
// iterations (our chunks) one after the other — the first send of a chunk depends on the
// rank's last receive of the channel's previous chunk (NCCL's ring ends an iteration with a
// blocking receive before the next iteration's first send).

#include "meridian/collective/CommDag.hpp"

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace meridian::collective {

class DagBuilder
{
public:
    /// channels ≥ 1; slots ≥ 0 (0 = no limit on messages in flight per connection).
    DagBuilder(CommDag& dag, int channels, int slots)
        : m_dag(dag), m_channels(channels), m_slotsInFlight(slots)
    {}

    /// Whether a rank's first send of a chunk waits for its last receive of the channel's
    /// previous chunk (default: NCCL's ring loop, which ends each iteration with a blocking
    /// receive). NCCL's tree all-reduce runs its reduce (up) and broadcast (down) halves as
    /// two thread groups, each looping over the chunks on its own (all_reduce.h
    /// runTreeSplit): the next chunk's send up does not wait for this chunk to come back down.
    void setIterationEndsWithReceive(bool on) noexcept { m_iterationEndsWithReceive = on; }
    /// Whether lane L keeps channel L mod channels for every chunk (NCCL's double binary tree:
    /// channel c runs tree c mod 2 over its share of the data, so one connection never carries
    /// one tree's reduce and the other's broadcast) instead of chunk j going on channel
    /// (L + j) mod channels.
    void setChannelPerLane(bool on) noexcept { m_channelPerLane = on; }

    /// Send that overwrites dst's copy of [block, block+count). Returns the send's index.
    std::size_t copy(int src, int dst, int block, int count, int step, int chunk, int lane = 0,
                     const std::vector<std::size_t>& extraDeps = {});
    /// Send whose payload dst reduces into its own blocks; appends the Send and then the
    /// Reduce at dst. Returns the Send's index (the Reduce is the next op).
    std::size_t accumulate(int src, int dst, int block, int count, int step, int chunk,
                           int lane = 0, const std::vector<std::size_t>& extraDeps = {});

private:
    /// A ring among n ranks has n² slots: their readers are kept inline (OpDeps), a heap
    /// block each would outlive the build as fragmented free memory.
    struct Slot
    {
        std::int64_t lastWrite = -1;
        OpDeps readers;
    };
    /// The slots of blocks [block, block + count) at `rank` (grown on first use).
    Slot* slots(int rank, int block, int count);
    /// An op of `kind` from src to dst over blocks [block, block + count), without deps.
    CommOp blockOp(OpKind kind, int src, int dst, int block, int count, int step, int chunk) const;
    void readDeps(int rank, int block, int count, OpDeps& deps);
    void writeDeps(int rank, int block, int count, OpDeps& deps);
    /// Fills the send's channel, lanePrev, slot and program-order dependencies; call just
    /// before appending it.
    void connectionDeps(CommOp& send, int lane);
    /// Op `op` (a copy's send, an accumulation's reduce) completes a receive at `rank`.
    void noteReceive(int rank, int channel, int chunk, std::size_t op);
    void markRead(int rank, int block, int count, std::size_t op);
    void markWritten(int rank, int block, int count, std::size_t op);

    // splitmix64 finaliser: the keys are packed bit fields, which the identity std::hash
    // would cluster into a few buckets.
    struct Mix
    {
        std::size_t operator()(std::uint64_t x) const noexcept
        {
            x ^= x >> 30;
            x *= 0xbf58476d1ce4e5b9ULL;
            x ^= x >> 27;
            x *= 0x94d049bb133111ebULL;
            x ^= x >> 31;
            return static_cast<std::size_t>(x);
        }
    };

    CommDag& m_dag;
    int m_channels = 1;
    int m_slotsInFlight = 0;
    bool m_iterationEndsWithReceive = true;
    bool m_channelPerLane = false;
    /// m_slots[rank][block], grown on first use: a ring among n ranks touches n² slots, which a
    /// hash map spent most of the DAG's build time hashing and rehashing.
    std::vector<std::vector<Slot>> m_slots;
    // Keyed lookups only (never iterated), so the unordered map cannot perturb the output.
    /// Per connection: its last `slots` sends (a ring buffer) and how many it has had.
    struct Lane
    {
        std::vector<std::size_t> recent;
        std::size_t count = 0;
    };
    std::unordered_map<std::uint64_t, Lane, Mix> m_lanes;
    /// Per (rank, channel): its last receive and that receive's chunk, the last receive of
    /// the chunk before that one (receives of a new chunk can be emitted before the rank's
    /// first send of it), and the chunk of its last send.
    struct Program
    {
        std::int64_t lastReceive = -1;
        int lastReceiveChunk = -1;
        std::int64_t earlierReceive = -1;
        int earlierReceiveChunk = -1;
        int sendChunk = -1;
    };
    /// By rank · channels + channel (channels are below m_channels), grown on first use.
    std::vector<Program> m_programs;
    Program& program(int rank, int channel);
};

} // namespace meridian::collective
