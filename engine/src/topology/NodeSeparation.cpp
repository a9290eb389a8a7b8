// AutoLayout::separateNodes: the deterministic de-overlap that the geographic layout runs on
// its projected points (see AutoLayout.hpp): grid-bucketed pairwise pushes, and a greedy
// ring placement when a cluster is too dense for them.

#include "meridian/topology/AutoLayout.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace meridian::topology {

namespace {

using Points = std::vector<std::array<double, 2>>;

/// Hash key of a grid cell: a sparse map over a large area costs nothing for its empty cells.
std::uint64_t cellKey(long long cx, long long cy)
{
    return (static_cast<std::uint64_t>(cx) << 32) ^
           (static_cast<std::uint64_t>(cy) & 0xffffffffULL);
}

/// Result of one de-overlap pass.
enum class PassResult
{
    Moved,   ///< some pair was pushed apart
    Settled, ///< no pair closer than `need`
    Crowded  ///< a grid cell holds more than `maxCrowd` points: give up pairwise pushes
};

/// One pass of pairwise pushes: every pair closer than `need` moves apart to `target`.
PassResult separationPass(Points& points, double need, double target, std::size_t maxCrowd)
{
    const std::size_t n = points.size();
    // Grid of cell `target`: a pair closer than that lies in the same or adjacent cells.
    // Hashed, so a sparse map over a large area costs nothing for its empty cells.
    std::unordered_map<std::uint64_t, std::vector<std::size_t>> grid;
    grid.reserve(n);
    std::size_t crowd = 0;
    for (std::size_t i = 0; i < n; ++i) {
        auto& bucket = grid[cellKey(static_cast<long long>(std::floor(points[i][0] / target)),
                                    static_cast<long long>(std::floor(points[i][1] / target)))];
        bucket.push_back(i);
        crowd = std::max(crowd, bucket.size());
    }
    // A separated cell holds at most four points; dozens mean a cluster that pairwise
    // pushes would open only slowly, at a cost quadratic in its size: place greedily.
    if (crowd > maxCrowd)
        return PassResult::Crowded;
    bool moved = false;
    for (std::size_t i = 0; i < n; ++i) {
        const auto cx = static_cast<long long>(std::floor(points[i][0] / target));
        const auto cy = static_cast<long long>(std::floor(points[i][1] / target));
        for (long long dx = -1; dx <= 1; ++dx)
            for (long long dy = -1; dy <= 1; ++dy) {
                const auto it = grid.find(cellKey(cx + dx, cy + dy));
                if (it == grid.end())
                    continue;
                for (std::size_t j : it->second) {
                    if (j <= i)
                        continue;
                    double ux = points[j][0] - points[i][0];
                    double uy = points[j][1] - points[i][1];
                    const double d = std::hypot(ux, uy);
                    if (d >= need)
                        continue;
                    if (d < 1e-9) {
                        // Coincident: a fixed direction per pair (golden angle steps).
                        const double a = 2.399963229728653 * static_cast<double>(j + i * n);
                        ux = std::cos(a);
                        uy = std::sin(a);
                    } else {
                        ux /= d;
                        uy /= d;
                    }
                    const double push = (target - d) / 2;
                    points[i][0] -= ux * push;
                    points[i][1] -= uy * push;
                    points[j][0] += ux * push;
                    points[j][1] += uy * push;
                    moved = true;
                }
            }
    }
    return moved ? PassResult::Moved : PassResult::Settled;
}

// Not converged: a cluster too dense for pairwise pushes to open up in the passes allowed, or
// too crowded to try (say 2,500 sites within one degree). Place greedily instead, in index
// order: a point that is at least `need` from every point already placed stays; otherwise it
// takes the first spot on rings around it (radius steps of need/2, angles in a fixed order)
// that is. This always terminates with every pair at least `need` apart, and moves only crowded
// points.
void placeGreedily(Points& points, double need)
{
    const std::size_t n = points.size();
    const double cell = need;
    const auto cellOf = [cell](double v) { return static_cast<long long>(std::floor(v / cell)); };
    std::unordered_map<std::uint64_t, std::vector<std::size_t>> placed;
    placed.reserve(n);
    const auto isFree = [&](double x, double y) {
        const long long cx = cellOf(x);
        const long long cy = cellOf(y);
        for (long long dx = -1; dx <= 1; ++dx)
            for (long long dy = -1; dy <= 1; ++dy) {
                const auto it = placed.find(cellKey(cx + dx, cy + dy));
                if (it == placed.end())
                    continue;
                for (std::size_t j : it->second)
                    if (std::hypot(points[j][0] - x, points[j][1] - y) < need)
                        return false;
            }
        return true;
    };
    constexpr double kTwoPi = 6.283185307179586;
    std::unordered_map<std::uint64_t, int> resumeRing;
    for (std::size_t i = 0; i < n; ++i) {
        const double x0 = points[i][0];
        const double y0 = points[i][1];
        if (!isFree(x0, y0)) {
            bool found = false;
            // Rings only fill up, so crowded points starting in the same cell resume the
            // search one ring inside where the previous one found room: a dense cluster costs
            // about one ring per point instead of all rings from the centre.
            int& resume = resumeRing[cellKey(cellOf(x0), cellOf(y0))];
            for (int ring = std::max(1, resume - 1); !found; ++ring) {
                resume = ring;
                const double radius = ring * need / 2;
                const int steps =
                    std::max(6, static_cast<int>(std::ceil(kTwoPi * radius / (need / 2))));
                for (int k = 0; k < steps && !found; ++k) {
                    const double a = kTwoPi * k / steps;
                    const double x = x0 + radius * std::cos(a);
                    const double y = y0 + radius * std::sin(a);
                    if (isFree(x, y)) {
                        points[i] = {x, y};
                        found = true;
                    }
                }
            }
        }
        placed[cellKey(cellOf(points[i][0]), cellOf(points[i][1]))].push_back(i);
    }
}

} // namespace

int AutoLayout::separateNodes(std::vector<std::array<double, 2>>& points, double minDistance,
                              int maxPasses)
{
    if (points.size() < 2 || minDistance <= 0)
        return 0;
    // Keep pairs at least `need` apart, a margin beyond the minimum so that rounding both
    // points to whole scene units (at most √2 closer) cannot undo it; a close pair is pushed
    // to `target`, a little beyond `need`, so it does not sit on the threshold.
    const double need = minDistance + 1.5;
    const double target = need + 0.5;
    // A separated cell holds at most four points; dozens mean a cluster that pairwise
    // pushes would open only slowly, at a cost quadratic in its size: place greedily.
    constexpr std::size_t kMaxCrowd = 16;
    int pass = 0;
    for (; pass < maxPasses; ++pass) {
        const PassResult r = separationPass(points, need, target, kMaxCrowd);
        if (r == PassResult::Settled)
            return pass;
        if (r == PassResult::Crowded)
            break;
    }
    placeGreedily(points, need);
    return pass;
}

} // namespace meridian::topology
