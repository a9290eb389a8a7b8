#pragma once
// The collective operations Meridian can turn into point-to-point DAGs.
//
// Size convention (same as nccl-tests): a collective's `bytes` S is the size of the full
// vector — the all-reduce buffer, the all-gather *output*, the reduce-scatter *input*, the
// broadcast/reduce buffer, and for all-to-all the per-rank send buffer (S/n to each peer).

#include <optional>
#include <string_view>

namespace meridian::collective {

enum class Operation
{
    AllReduce,
    AllGather,
    ReduceScatter,
    Broadcast,
    Reduce,
    AllToAll
};

/// "allreduce", "allgather", "reducescatter", "broadcast", "reduce", "alltoall".
std::string_view toString(Operation op);
/// Accepts the canonical names and hyphen/underscore spellings ("all-reduce", "all_gather").
std::optional<Operation> operationFromString(std::string_view text);

/// NCCL's bus-bandwidth factor (nccl-tests doc/PERFORMANCE.md): busbw = algbw × factor with
/// factor 2(n−1)/n for all-reduce, (n−1)/n for all-gather, reduce-scatter and all-to-all,
/// 1 for broadcast and reduce. 0 ranks or 1 rank give 0 for the (n−1)/n families.
double busBandwidthFactor(Operation op, int ranks);

} // namespace meridian::collective
