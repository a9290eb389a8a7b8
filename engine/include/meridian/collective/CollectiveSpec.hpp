#pragma once
// What to build: operation, algorithm, participants and size.

#include "meridian/collective/Algorithm.hpp"
#include "meridian/collective/Operation.hpp"

#include <vector>

namespace meridian::collective {

struct CollectiveSpec
{
    Operation operation = Operation::AllReduce;
    Algorithm algorithm = Algorithm::Ring;
    int ranks = 0;    ///< participants 0 … ranks−1
    double bytes = 0; ///< S, the full vector size (see Operation.hpp for each operation)
    int root = 0;     ///< broadcast / reduce root
    /// Pipelining: every block the algorithm moves is cut into `chunks` pieces that flow
    /// independently (in order on each connection); applyCommSettings() derives NCCL's choice.
    int chunks = 1;
    /// Hierarchical only: group id per rank (e.g. the rank's compute centre); any integers.
    std::vector<int> groups;
    /// Hierarchical only: gateway rank of each group, indexed by the group's position in
    /// ascending group-id order. Empty: each group's first member (in `order`).
    std::vector<int> gateways;
    /// Rank permutation: the ring / chain sequence, and the labelling of tree positions
    /// (position p of the algorithm is rank order[p]). Empty: identity. Use ringOrder() to
    /// derive one from a delay matrix.
    std::vector<int> order;

    // --- how NCCL moves the bytes (set by applyCommSettings, CommSettings.hpp) ---------------
    /// Ring algorithms (flat ring all-reduce, all-gather, reduce-scatter): each step's piece of
    /// a chunk goes as `slices` messages, in order (NCCL: chunk steps / slice steps = 2).
    int slices = 1;
    /// Parallel channels (NCCL: rings/trees, each with its own connections): chunk j travels
    /// on channel j mod channels, so chunks < channels leaves channels unused.
    int channels = 1;
    /// Merged NCCL iterations (applyCommSettings, when NCCL's own chunking would make the DAG
    /// too large): each chunk stands for this many loop iterations of `nccl_slices` slices
    /// per step. 1 = every iteration is simulated.
    double iterations_per_chunk = 1.0;
    int nccl_slices = 1;
    /// Messages in flight per connection (NCCL: NCCL_STEPS / slice steps): a send may start
    /// only when the send `in_flight` before it on the same connection has been delivered.
    /// 0 = unlimited.
    int in_flight = 0;
};

} // namespace meridian::collective
