// Ring order: exact search up to 9 ranks, nearest neighbour + 2-opt beyond (the rules are
// stated in RingOrder.hpp; checked by tests/collective/RingOrderTest.cpp).
#include "meridian/collective/RingOrder.hpp"

#include "meridian/core/Error.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <numeric>
#include <string>
#include <utility>

namespace meridian::collective {

double ringDelayS(const std::vector<std::vector<double>>& delay_s, const std::vector<int>& order)
{
    double sum = 0;
    const std::size_t n = order.size();
    for (std::size_t i = 0; i < n && n > 1; ++i)
        sum += delay_s[static_cast<std::size_t>(order[i])]
                      [static_cast<std::size_t>(order[(i + 1) % n])];
    return sum;
}

namespace {

using DelayMatrix = std::vector<std::vector<double>>;

/// InputError unless the matrix is square with finite delays ≥ 0 off the diagonal.
void checkDelays(const DelayMatrix& delay_s)
{
    const std::size_t n = delay_s.size();
    for (std::size_t i = 0; i < n; ++i) {
        if (delay_s[i].size() != n)
            throw InputError({}, "delay_s/" + std::to_string(i),
                             "delay matrix must be square (" + std::to_string(n) + " × " +
                                 std::to_string(n) + "), row has " +
                                 std::to_string(delay_s[i].size()) + " entries");
        for (std::size_t j = 0; j < n; ++j)
            if (i != j && (!std::isfinite(delay_s[i][j]) || delay_s[i][j] < 0))
                throw InputError({}, "delay_s/" + std::to_string(i) + "/" + std::to_string(j),
                                 "delay must be a finite number ≥ 0");
    }
}

/// Exact: (n−1)! ≤ 40320 orders with rank 0 fixed first; next_permutation walks them
/// lexicographically and only a strictly better cost replaces the best.
std::vector<int> exactOrder(const DelayMatrix& delay_s, std::vector<int> order)
{
    std::vector<int> best = order;
    double bestCost = ringDelayS(delay_s, order);
    while (std::next_permutation(order.begin() + 1, order.end())) {
        const double cost = ringDelayS(delay_s, order);
        // Relative tolerance: the same tour summed in another order may differ in the
        // last bit, which must not beat the lexicographically smaller tour.
        if (cost < bestCost - 1e-12 * bestCost) {
            bestCost = cost;
            best = order;
        }
    }
    return best;
}

/// The symmetrised delay (d_ab + d_ba)/2 that the heuristic tour is built on.
double symmetricDelay(const DelayMatrix& delay_s, int a, int b)
{
    const auto ua = static_cast<std::size_t>(a);
    const auto ub = static_cast<std::size_t>(b);
    return 0.5 * (delay_s[ua][ub] + delay_s[ub][ua]);
}

/// Nearest neighbour from rank 0; ties to the lowest index.
std::vector<int> nearestNeighbourTour(const DelayMatrix& delay_s)
{
    const std::size_t n = delay_s.size();
    std::vector<char> used(n, 0);
    std::vector<int> order(1, 0);
    used[0] = 1;
    for (std::size_t k = 1; k < n; ++k) {
        const int last = order.back();
        int next = -1;
        for (std::size_t c = 0; c < n; ++c)
            if (!used[c] && (next < 0 || symmetricDelay(delay_s, last, static_cast<int>(c)) <
                                             symmetricDelay(delay_s, last, next)))
                next = static_cast<int>(c);
        used[static_cast<std::size_t>(next)] = 1;
        order.push_back(next);
    }
    return order;
}

/// 2-opt: replace edges (a,b),(c,d) by (a,c),(b,d) when shorter, by reversing b…c; first
/// improvement in a fixed scan order, until a pass improves nothing (at most 10,000 passes).
void twoOpt(const DelayMatrix& delay_s, std::vector<int>& order)
{
    const std::size_t n = order.size();
    auto w = [&](int a, int b) { return symmetricDelay(delay_s, a, b); };
    double scale = 0;
    for (const auto& row : delay_s)
        for (const double d : row)
            scale = std::max(scale, d);
    const double eps = 1e-12 * std::max(scale, 1e-300);
    for (int pass = 0; pass < 10000; ++pass) {
        bool improved = false;
        for (std::size_t i = 0; i + 2 < n; ++i)
            for (std::size_t j = i + 2; j < n; ++j) {
                if (i == 0 && j == n - 1)
                    continue; // the two edges share vertex order[0]
                const int a = order[i], b = order[i + 1], c = order[j], d = order[(j + 1) % n];
                const double delta = w(a, c) + w(b, d) - w(a, b) - w(c, d);
                if (delta < -eps) {
                    std::reverse(order.begin() + static_cast<std::ptrdiff_t>(i + 1),
                                 order.begin() + static_cast<std::ptrdiff_t>(j + 1));
                    improved = true;
                }
            }
        if (!improved)
            break;
    }
}

/// Directed costs decide the direction (rank 0 stays first). Equal costs (symmetric delays):
/// the direction with the smaller second rank, matching the lexicographic tie-break of the
/// exact search.
std::vector<int> cheaperDirection(const DelayMatrix& delay_s, std::vector<int> order)
{
    std::vector<int> reversed(order.rbegin(), order.rend() - 1);
    reversed.insert(reversed.begin(), order[0]);
    const double forwardCost = ringDelayS(delay_s, order);
    const double backwardCost = ringDelayS(delay_s, reversed);
    const double tolerance = 1e-12 * std::max(forwardCost, backwardCost);
    if (backwardCost < forwardCost - tolerance ||
        (std::abs(backwardCost - forwardCost) <= tolerance && reversed[1] < order[1]))
        return reversed;
    return order;
}

} // namespace

std::vector<int> ringOrder(const std::vector<std::vector<double>>& delay_s)
{
    checkDelays(delay_s);
    const std::size_t n = delay_s.size();
    std::vector<int> order(n);
    std::iota(order.begin(), order.end(), 0);
    if (n <= 2)
        return order;
    if (n <= 9)
        return exactOrder(delay_s, std::move(order));
    order = nearestNeighbourTour(delay_s);
    twoOpt(delay_s, order);
    return cheaperDirection(delay_s, std::move(order));
}

} // namespace meridian::collective
