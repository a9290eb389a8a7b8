#pragma once
// Topology-aware ring order: the rank sequence whose ring (r0 → r1 → … → r(n−1) → r0)
// has the smallest total one-way delay — a travelling-salesman tour on the delay matrix.
// Ring all-reduce pays every hop 2(n−1)/n… times per step, so with WAN delays the ring
// should visit nearby centres consecutively instead of zig-zagging across the map.

#include <vector>

namespace meridian::collective {

/// `delay_s[i][j]` is the one-way delay from rank i to rank j (need not be symmetric; the
/// diagonal is ignored). Returns a permutation starting with rank 0.
///   n ≤ 9: exact, by enumerating the (n−1)! orders with rank 0 first, on the directed
///          costs; ties go to the lexicographically smallest order.
///   n > 9: nearest neighbour from rank 0 on the symmetrised matrix (d_ij + d_ji)/2, then
///          2-opt until no improving exchange remains (first improvement, fixed scan
///          order), then the cheaper of the two directions on the directed costs.
/// Deterministic. Throws InputError for a non-square matrix or a negative / non-finite delay.
std::vector<int> ringOrder(const std::vector<std::vector<double>>& delay_s);

/// Σ delay_s[order[i]][order[i+1 mod n]]: the total one-way delay around the ring.
double ringDelayS(const std::vector<std::vector<double>>& delay_s, const std::vector<int>& order);

} // namespace meridian::collective
