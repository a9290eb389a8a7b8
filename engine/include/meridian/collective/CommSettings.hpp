#pragma once
// How NCCL moves a collective's bytes, as experiment settings (docs/collectives.md §NCCL):
// channels, the per-connection buffer and its steps, sockets per connection. Every default is
// NCCL's own (NVIDIA/nccl, 2026):
//   channels 2       rings are duplicated once after the topology search (graph/connect.cc,
//                    ncclTopoPostset: nChannels × 2) — one ring per NIC gives 2 channels
//   buffsize 4 MiB   NCCL_BUFFSIZE, DEFAULT_BUFFSIZE (1 << 22) of the Simple protocol (init.cc)
//   steps 8          NCCL_STEPS (include/device.h): the buffer is 8 slots of buffsize/8
//   sockets 1        NCCL_SOCKET_NTHREADS × NCCL_NSOCKS_PERTHREAD, auto-detected as 0 × 1 on
//                    generic NICs (transport/net_socket.cc: data then goes over the one
//                    control socket), 2 × 8 on AWS ENA, 4 × 1 on Google gVNIC
// What NCCL derives from them (include/collectives.h): ring all-reduce, all-gather and
// reduce-scatter use slice = steps/4 and chunk = steps/2 slots, so one message (slice) is
// buffsize/4 = 1 MiB, a step's chunk is 2 slices, and 4 messages fit in flight per
// connection; every other operation sends 1-slot slices (512 KiB), 8 in flight.
// A channel's kernel runs its loop in program order — iteration by iteration, each through
// all steps of the algorithm, slice by slice — which is why a ring over long links pays the
// hop latency at every step of every iteration (docs/collectives.md §Pipelining).

#include "meridian/collective/CollectiveSpec.hpp"

namespace meridian::collective {

/// Most channels a collective may use (NCCL's MAXCHANNELS): the one bound of the experiment
/// option comm.channels (OptionTable.cpp), which every run's settings pass through, and of
/// buildCollective()'s guard on a CollectiveSpec built by hand.
inline constexpr int kMaxChannels = 64;

/// Whether a ring operation's NCCL loop iterations may be merged into one chunk per channel
/// (MergedSteps, the fast path for DAGs beyond the operation budget).
enum class MergeIterations
{
    Auto,   ///< only when NCCL's program would exceed the operation budget
    Never,  ///< always NCCL's program, iteration by iteration (exact; large DAGs are slow)
    Always, ///< whenever there is more than one iteration per channel
};

struct CommSettings
{
    int channels = 2; ///< in [1, kMaxChannels]: comm.channels of the option table checks it
    double buffsize_bytes = 4.0 * 1024 * 1024;
    int steps = 8;
    int sockets = 1;
    MergeIterations merge = MergeIterations::Auto;
    /// Some link of the run drops packets at random (set by the engine from the topology, not
    /// a file option): `auto` then merges each channel's iterations into one stream, whose
    /// losses the TCP model charges as it does a bulk flow's (docs/collectives.md, "Merged
    /// iterations").
    bool random_loss = false;
};

/// Message size, slices per step and messages in flight NCCL uses for `spec`'s operation and
/// algorithm under `comm`.
struct NcclSlicing
{
    double message_bytes = 0; ///< one slice: buffsize / steps × slice steps
    int slices = 1;           ///< messages per step of a chunk (ring operations: 2)
    int in_flight = 1;        ///< messages in flight per connection: steps / slice steps
};
NcclSlicing ncclSlicing(const CollectiveSpec& spec, const CommSettings& comm);

/// Sets spec.channels, spec.in_flight and spec.slices from `comm` (whose channels are not
/// checked again here: buildCollective() rejects a count outside [1, kMaxChannels]), and, when
/// spec.chunks is 0 ("auto"), the number of chunks (NCCL loop iterations over all channels) so that
/// one message is at most NCCL's slice size — capped so that the DAG stays buildable.
void applyCommSettings(CollectiveSpec& spec, const CommSettings& comm);

} // namespace meridian::collective
