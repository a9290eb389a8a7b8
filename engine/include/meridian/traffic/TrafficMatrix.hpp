#pragma once
// Traffic matrices over a WAN map (docs/traffic.md §2.6): the demand T_ij in bit/s from node i
// to node j, given by a gravity model or read from a CSV file, expanded into a generator's
// (source, destination) pairs.
//
//   gravity  T_ij = T · w_i·w_j / Σ_{k≠l} w_k·w_l  (i ≠ j), with Σ_{k≠l} w_k·w_l =
//            (Σ w)² − Σ w²: the demands add up to the total T, and a node's share of the
//            traffic it sends and receives grows with its weight (the gravity model of
//            Internet traffic matrices: Zhang, Roughan, Duffield & Greenberg, "Fast accurate
//            computation of large-scale IP traffic matrices from link loads", SIGMETRICS 2003;
//            Roughan, "Simplifying the synthesis of Internet traffic matrices", CCR 2005).
//   CSV      a square table: a header line ",n1,n2,…" naming the destination nodes, then one
//            line "ni,T_i1,T_i2,…" per source node, every node of the header once as a row;
//            values in bit/s (a number, or a rate with a unit such as "2G"), ≥ 0, 0 on the
//            diagonal; '#' starts a comment, blank lines are skipped.

#include "meridian/topology/Topology.hpp"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace meridian::traffic {

/// One non-zero demand of a traffic matrix.
struct PairDemand
{
    std::string from;
    std::string to;
    double rate_bps = 0.0;
};

/// The gravity model over `weights` (node id, weight ≥ 0; at least two > 0) for a total of
/// `total_bps`: every pair of distinct nodes with both weights > 0, in the order of the
/// weights (row by row).
std::vector<PairDemand> gravityMatrix(const std::vector<std::pair<std::string, double>>& weights,
                                      double total_bps);

/// Reads a CSV matrix's text (format above): the non-zero demands, row by row. Throws
/// InputError(file, "line N", problem) for a line that is wrong (unknown or repeated node, a
/// row of the wrong length, a negative or unreadable value, traffic from a node to itself),
/// InputError(file, "", problem) for a matrix that is not square or is all zero.
std::vector<PairDemand> parseMatrixCsv(std::string_view text, const std::string& file,
                                       const topology::Topology& topo);

} // namespace meridian::traffic
