#pragma once
// Collective → DAG of point-to-point transfers and local reductions.
//
// Supported combinations (anything else throws InputError naming the pair):
//   all-reduce      ring, double-binary-tree, halving-doubling, direct, binomial,
//                   pipelined-chain, hierarchical
//   all-gather      ring, halving-doubling (n a power of two), direct
//   reduce-scatter  ring, halving-doubling (n a power of two), direct
//   broadcast       ring (NCCL's), direct, binomial, pipelined-chain
//   reduce          ring (NCCL's), direct, binomial, pipelined-chain
//   all-to-all      direct
// Formulas, steps and α-β times of each are in docs/collectives.md.

#include "meridian/collective/CollectiveSpec.hpp"
#include "meridian/collective/CommDag.hpp"
#include "meridian/collective/RingProgram.hpp"

namespace meridian::collective {

/// True if buildCollective() implements `algorithm` for `operation`.
bool isSupported(Operation operation, Algorithm algorithm);

/// True for the flat ring all-reduce, all-gather and reduce-scatter: the schedules built of
/// ring steps, which NCCL slices (CommSettings.hpp) and whose merged iterations stall
/// (CommDag.hpp, MergedSteps).
bool hasRingSteps(Operation operation, Algorithm algorithm);

/// Operations (sends and reductions) one chunk of one slice of `spec` adds, an upper estimate
/// used to bound the DAG: n for a broadcast, 2n for a reduce (the buffer crosses n−1 edges
/// whatever the algorithm), 3n² for ring, direct and hierarchical, 6n(⌈log2 n⌉+1) otherwise.
double estimatedOpsPerChunk(const CollectiveSpec& spec);

/// Builds the DAG. Throws InputError (location "collective", naming the field) for an
/// unsupported combination, ranks < 1 or > 2^20, negative/non-finite bytes, a root out of
/// range, chunks < 1, an order that is not a permutation, bad groups/gateways, or a
/// DAG that would be too large (> 2·10^7 ops estimated).
CommDag buildCollective(const CollectiveSpec& spec);

/// True when buildRingProgram() applies: a flat ring all-reduce, all-gather or reduce-scatter
/// (hasRingSteps) among two or more ranks.
bool hasRingProgram(const CollectiveSpec& spec);
/// The DAG buildCollective(spec) builds, as an implicit RingProgram (the same ops, index for
/// index, with the same dependencies; a few hundred bytes instead of ≈ 80 B per op). Same
/// checks and errors as buildCollective(); `spec` must satisfy hasRingProgram().
RingProgram buildRingProgram(const CollectiveSpec& spec);

} // namespace meridian::collective
