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
    /// independently (in order on each link).
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
};

} // namespace meridian::collective
