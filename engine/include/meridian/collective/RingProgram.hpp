#pragma once
// The flat ring all-reduce, reduce-scatter and all-gather as an implicit program: the ops
// buildCollective() would store, index for index, with their dependencies computed from each
// op's (chunk, pass, step, position, slice) instead of held in memory. A 1,024-rank ring
// all-reduce has 3·10⁶ ops: as a CommDag 64 B each plus the executor's successor lists
// (≈ 245 MB); as a RingProgram a few hundred bytes, the executor keeping 6 B of state per op
// (docs/performance.md).
//
// Op indices (n ranks at positions p = 0 … n−1 of `order`, m slices, k chunks, C channels, s
// messages in flight). Chunk j holds P = passes·(n−1)·n·m ops from j·P: first the
// reduce-scatter pass (all-reduce, reduce-scatter), step t = 0 … n−2, position p, slice i,
// a Send then its Reduce at 2((t·n + p)·m + i); then the all-gather pass (all-reduce,
// all-gather), one Send (a copy) at R + (t·n + p)·m + i, R the reduce-scatter pass's size.
// Position p sends to p+1 (mod n), in the reduce-scatter pass shard (p−t−1) mod n, in the
// all-gather pass shard (p−t) mod n; chunk j goes on channel j mod C. Positions below are
// mod n, S_RS/R_RS/C_AG(j, t, p, i) the send, reduce and copy of chunk j, step t, sender p,
// slice i. What DagBuilder derives from buffer state comes out as:
//   S_RS(t, p, i)  ← R_RS(t−1, p−1, i)                    (reads what it received, t ≥ 1)
//   R_RS(t, p, i)  ← S_RS(t, p, i)
//   C_AG(t, p, i)  ← C_AG(t−1, p−1, i), or R_RS(n−2, p−1, i) at t = 0 (reads the block; in the
//                    all-gather alone, nothing at t = 0)
//                  ← R_RS(t−1, p, i) (t ≥ 1) and S_RS(t, p+1, i)  (all-reduce only: the block it
//                    overwrites at p+1 was last reduced there, then sent on)
// plus, for a send: the send s before it on its connection (p → p+1, channel), whose slot it
// reuses; and for the first send of a chunk at a rank (t = 0, i = 0, j ≥ C): that rank's last
// receive of chunk j − C (its channel's previous chunk; NCCL's loop ends with a receive),
// C_AG(n−2, p−1, m−1), or R_RS(n−2, p−1, m−1) in a reduce-scatter. CommOp::lanePrev is the
// send before it on its connection. The successors are these relations inverted.

#include "meridian/collective/CollectiveSpec.hpp"
#include "meridian/collective/CommDag.hpp"
#include "meridian/collective/OpGraph.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace meridian::collective {

class RingProgram final : public OpGraph
{
public:
    /// `spec` as buildRingProgram() checked it: a flat ring (hasRingSteps) among ≥ 2 ranks,
    /// NCCL's settings applied; `order` the ring (a permutation of 0 … ranks−1).
    RingProgram(const CollectiveSpec& spec, std::vector<int> order);

    Operation operation() const { return m_operation; }
    int ranks() const { return m_n; }
    const MergedSteps& merged() const { return m_merged; }

    std::size_t opCount() const override { return m_opCount; }
    OpLaunch launch(std::size_t op) const override;
    std::uint32_t depCount(std::size_t op) const override;
    std::span<const std::uint32_t> successors(std::size_t op,
                                              std::vector<std::uint32_t>& scratch) const override;

    /// Op `op` as buildCollective() stores it, dependencies included (for tests).
    CommOp op(std::size_t op) const;
    /// CommDag::totalBytesSent() of the same DAG, summed in the same order.
    double totalBytesSent() const;

private:
    /// An op's coordinates. pass 0 is the reduce-scatter pass, 1 the all-gather pass.
    struct Coord
    {
        std::size_t chunk = 0;
        int pass = 0;
        int step = 0; ///< t, within the pass
        int pos = 0;  ///< p, the sender's position
        int slice = 0;
        bool reduce = false;
    };
    Coord decode(std::size_t op) const;
    /// Index of the send (or, with reduce, its reduction) at these coordinates.
    std::size_t sendIndex(std::size_t chunk, int pass, int step, int pos, int slice) const;
    std::size_t reduceIndex(std::size_t chunk, int step, int pos, int slice) const
    {
        return sendIndex(chunk, 0, step, pos, slice) + 1;
    }
    int wrap(int pos) const { return ((pos % m_n) + m_n) % m_n; }
    int rankAt(int pos) const { return m_order[static_cast<std::size_t>(wrap(pos))]; }
    /// The send's place on its connection (position → position+1, channel chunk mod C).
    std::size_t laneIndex(const Coord& c) const;
    /// The send at place `lane` on the connection of position `pos` and `channel`; false if the
    /// connection has no such send.
    bool laneSend(int pos, int channel, std::size_t lane, std::size_t& op) const;
    /// The last receive at position `pos` in chunk `chunk` (the program dependency of its next
    /// chunk on the channel).
    std::size_t lastReceive(std::size_t chunk, int pos) const;
    /// The op's dependencies, unsorted, without duplicates; returns how many (at most 5).
    int deps(const Coord& c, std::size_t out[5]) const;
    bool isFirstSendOfChunk(const Coord& c) const
    {
        return !c.reduce && c.pass == m_firstPass && c.step == 0 && c.slice == 0;
    }

    Operation m_operation = Operation::AllReduce;
    int m_n = 0;
    int m_slices = 1;
    std::size_t m_chunks = 1;
    int m_channels = 1;
    int m_inFlight = 0;
    int m_firstPass = 0;       ///< 1 for the all-gather alone
    int m_lastPass = 1;        ///< 0 for the reduce-scatter alone
    int m_stepOffset = 0;      ///< CommOp::step of the all-gather pass's step 0
    double m_opBytes = 0;      ///< every op's bytes
    std::size_t m_passOps = 0; ///< Sends of one pass of one chunk, (n−1)·n·m
    std::size_t m_rsOps = 0;   ///< ops of the reduce-scatter pass of one chunk (2 per send)
    std::size_t m_chunkOps = 0;
    std::size_t m_opCount = 0;
    MergedSteps m_merged;
    std::vector<int> m_order;
};

} // namespace meridian::collective
