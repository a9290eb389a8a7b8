#include "meridian/collective/CommSettings.hpp"

#include "meridian/collective/BuildCollective.hpp"

#include <algorithm>
#include <cmath>

namespace meridian::collective {

namespace {

// Operations NCCL's own chunking may give a collective before iterations are merged: NCCL's
// 1 MiB slices of a 15 GiB gradient among 64 ranks would be ~2·10^6 messages per all-reduce.
// Beyond this budget each channel's iterations are merged into one chunk
// (docs/collectives.md §Pipelining, "merged iterations"), which matches NCCL's program within
// 1.5 % on a loss-free network, also where NCCL's window binds (MergedIterationsValidationTest).
// On a network with random loss `auto` merges whatever the size (CommSettings::random_loss):
// the merged stream is the bulk flow whose losses the TCP model charges, while NCCL's program
// as run here draws no loss on slices shorter than a round trip.
constexpr double kAutoOpBudget = 2e4;
// A broadcast or reduce keeps every NCCL slice up to this many operations (beyond it, chunks
// of several slices that keep the fill within 1 %, below).
constexpr double kRootedAutoBudget = 2e4;
// A broadcast or reduce (a pipeline from or to the root, one slice per chunk) beyond that
// budget is not merged per channel: each hop forwards a message only once all of it has
// arrived, so G slices per message add (n−2)·(G−1) slice times of fill, (n−2)·C/k of the
// bandwidth term S/B at most with k chunks over C channels. Its chunks grow only as far as
// keeps that within 1 % (k ≥ kRootedChunksPerHop·(n−2)·C), and the DAG within kRootedOpCap
// operations.
constexpr double kRootedChunksPerHop = 100;
constexpr double kRootedOpCap = 2e6;
constexpr double kMaxAutoChunks = 65536; // buildCollective's limit

bool isRooted(Operation op)
{
    return op == Operation::Broadcast || op == Operation::Reduce;
}

/// NCCL's tree all-reduce: like a rooted operation, a pipeline of one-slot slices (up to the
/// root and down again), which merging per channel would turn into one unpaced message.
bool isTreeAllReduce(const CollectiveSpec& spec)
{
    return spec.operation == Operation::AllReduce && spec.algorithm == Algorithm::DoubleBinaryTree;
}

/// Bytes one op of the algorithm carries with one chunk and one slice.
double opBytesOfOneChunk(const CollectiveSpec& spec)
{
    const double n = std::max(1, spec.ranks);
    switch (spec.algorithm) {
    case Algorithm::Ring:
    case Algorithm::Direct:
    case Algorithm::Hierarchical:
        return spec.operation == Operation::Broadcast || spec.operation == Operation::Reduce
                   ? spec.bytes
                   : spec.bytes / n;
    case Algorithm::DoubleBinaryTree:
        // Each chunk is split between the two trees (one per channel in NCCL).
        return spec.operation == Operation::AllReduce ? spec.bytes / 2.0 : spec.bytes;
    default:
        return spec.bytes;
    }
}

} // namespace

NcclSlicing ncclSlicing(const CollectiveSpec& spec, const CommSettings& comm)
{
    // include/collectives.h: ring reductions and gathers slice at NCCL_STEPS/4 and chunk at
    // NCCL_STEPS/2 slots; everything else at one slot.
    const int steps = std::max(1, comm.steps);
    const bool ring = hasRingSteps(spec.operation, spec.algorithm);
    const int sliceSteps = ring ? std::max(1, steps / 4) : 1;
    const int chunkSteps = ring ? std::max(1, steps / 2) : 1;
    NcclSlicing s;
    s.message_bytes = comm.buffsize_bytes / steps * sliceSteps;
    s.slices = std::max(1, chunkSteps / sliceSteps);
    s.in_flight = std::max(1, steps / sliceSteps);
    return s;
}

void applyCommSettings(CollectiveSpec& spec, const CommSettings& comm)
{
    const NcclSlicing s = ncclSlicing(spec, comm);
    spec.channels = comm.channels;
    spec.in_flight = s.in_flight;
    spec.slices = s.slices;
    if (spec.chunks != 0)
        return;
    // One chunk per NCCL loop iteration: a step moves at most slices × message bytes.
    const double opBytes = opBytesOfOneChunk(spec);
    const double perChunk = s.message_bytes * s.slices;
    const double wanted = std::max(1.0, perChunk > 0 ? std::ceil(opBytes / perChunk) : 1.0);
    if (isRooted(spec.operation) || isTreeAllReduce(spec)) {
        // NCCL's PipelineFrom/PipelineTo pattern (enqueue.cc, calcCollChunking), and the tree's
        // up and down pipelines: one step and one chunk of one slot per loop iteration and
        // channel.
        const double opsPerChunk = estimatedOpsPerChunk(spec);
        const double fill = kRootedChunksPerHop * (std::max(2, spec.ranks) - 2) * spec.channels;
        const double affordable = std::floor(kRootedOpCap / opsPerChunk);
        const double merged = std::max<double>(spec.channels, std::min(fill, affordable));
        spec.chunks = static_cast<int>(wanted * opsPerChunk <= kRootedAutoBudget
                                           ? wanted
                                           : std::min({wanted, merged, kMaxAutoChunks}));
        return;
    }
    const double n = std::max(2, spec.ranks);
    const double opsPerSlice = 3.0 * n * n; // per chunk and slice (buildCollective's estimate)
    const bool merge = comm.merge == MergeIterations::Always
                           ? wanted > spec.channels
                           : comm.merge == MergeIterations::Auto &&
                                 (wanted * s.slices * opsPerSlice > kAutoOpBudget ||
                                  (comm.random_loss && wanted > spec.channels));
    if (!merge) {
        spec.chunks = static_cast<int>(std::min(wanted, kMaxAutoChunks));
        // A step's piece no larger than one message goes as one message.
        if (opBytes / wanted <= s.message_bytes)
            spec.slices = 1;
        return;
    }
    // Merged iterations: one chunk per channel, each standing for its channel's share of
    // NCCL's iterations and sent as NCCL's slices of one iteration, so that a step's latency
    // is hidden behind its data as in the real pipeline (the backend adds the per-iteration
    // latency a ring step really pays beyond that, MergedSteps).
    spec.chunks = static_cast<int>(std::min<double>(spec.channels, wanted));
    spec.iterations_per_chunk = wanted / spec.chunks;
    spec.nccl_slices = spec.slices;
    if (opBytes / spec.chunks <= s.message_bytes)
        spec.slices = 1;
}

} // namespace meridian::collective
