#pragma once
// The algorithms that decompose a collective into point-to-point transfers.

#include <optional>
#include <string_view>

namespace meridian::collective {

enum class Algorithm
{
    Ring,             ///< ring reduce-scatter / all-gather (all-reduce = both); broadcast and
                      ///< reduce: NCCL's pipeline along the ring
    DoubleBinaryTree, ///< NCCL's two complementary binary trees, half of the data each
    HalvingDoubling,  ///< Rabenseifner: recursive halving then recursive doubling
    Direct,           ///< every rank talks to every other rank directly
    BinomialTree,     ///< ⌈log2 n⌉ rounds, the set of informed ranks doubles each round
    PipelinedChain,   ///< root → 1 → 2 → … with the message cut into chunks
    Hierarchical      ///< intra-group phase, inter-group phase, intra-group phase
};

/// "ring", "double-binary-tree", "halving-doubling", "direct", "binomial",
/// "pipelined-chain", "hierarchical".
std::string_view toString(Algorithm algorithm);
/// Also accepts the aliases "tree", "rabenseifner", "chain" and underscores for hyphens.
std::optional<Algorithm> algorithmFromString(std::string_view text);

} // namespace meridian::collective
