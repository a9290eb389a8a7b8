#pragma once
// Private building blocks of buildCollective(). Each appends one textbook schedule among
// `members` (actual rank numbers; for rooted schedules members[0] is the root) over data
// laid out as shards: shard s is blocks [base + s·per, base + (s+1)·per). Steps are numbered
// from `stepOffset`; `chunk` is recorded on every op. See docs/collectives.md.

#include "DagBuilder.hpp"

#include <vector>

namespace meridian::collective::primitives {

/// ⌈log2 n⌉ for n ≥ 1.
int ceilLog2(int n);

/// Ring reduce-scatter, g−1 steps: at step t position p sends shard (p−t−1) mod g to p+1,
/// which reduces it. Position p ends with shard p reduced over all members.
/// With `slices` > 1 a shard is `slices` consecutive groups of `per` blocks (shard s, slice i
/// = blocks base + (s·slices + i)·per …), sent as one message each, in order, within the step
/// (NCCL's slices of a chunk).
void ringReduceScatter(DagBuilder& b, const std::vector<int>& members, int base, int per,
                       int stepOffset, int chunk, int lane = 0, int slices = 1);
/// Ring all-gather, g−1 steps: at step t position p forwards shard (p−t) mod g to p+1.
void ringAllGather(DagBuilder& b, const std::vector<int>& members, int base, int per,
                   int stepOffset, int chunk, int lane = 0, int slices = 1);

/// Recursive halving (g a power of two), log2 g steps: position i exchanges half of its
/// current range with partner i XOR g/2^(s+1); ends with shard i reduced.
void halvingReduceScatter(DagBuilder& b, const std::vector<int>& members, int base, int per,
                          int stepOffset, int chunk);
/// Recursive doubling (g a power of two), log2 g steps: position i sends its aligned range
/// of 2^s shards to partner i XOR 2^s.
void doublingAllGather(DagBuilder& b, const std::vector<int>& members, int base, int per,
                       int stepOffset, int chunk);

/// Direct reduce-scatter (one step): every position sends shard s to position s.
void directReduceScatter(DagBuilder& b, const std::vector<int>& members, int base, int per,
                         int stepOffset, int chunk);
/// Direct all-gather (one step): position s sends shard s to every other position.
void directAllGather(DagBuilder& b, const std::vector<int>& members, int base, int per,
                     int stepOffset, int chunk);

/// Rooted schedules over the whole range [first, first+count), root = members[0].
void directBroadcast(DagBuilder& b, const std::vector<int>& members, int first, int count,
                     int stepOffset, int chunk);
void directReduce(DagBuilder& b, const std::vector<int>& members, int first, int count,
                  int stepOffset, int chunk);
/// Round i: positions v < 2^i send to v + 2^i; a position's sends are sequential (one port).
void binomialBroadcast(DagBuilder& b, const std::vector<int>& members, int first, int count,
                       int stepOffset, int chunk);
/// Round t: positions v ≡ 2^t (mod 2^(t+1)) send to v − 2^t, after reducing their subtree;
/// a position's receives are sequential (one port).
void binomialReduce(DagBuilder& b, const std::vector<int>& members, int first, int count,
                    int stepOffset, int chunk);
/// members[0] → members[1] → … → members[g−1].
void chainBroadcast(DagBuilder& b, const std::vector<int>& members, int first, int count,
                    int stepOffset, int chunk);
/// members[g−1] → … → members[0], reducing on the way.
void chainReduce(DagBuilder& b, const std::vector<int>& members, int first, int count,
                 int stepOffset, int chunk);

} // namespace meridian::collective::primitives
