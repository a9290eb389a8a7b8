// ringOrder(): exact on small matrices, 2-opt on larger ones, deterministic, validated input.
#include "meridian/collective/RingOrder.hpp"

#include "TestMain.hpp"
#include "meridian/core/Error.hpp"

#include <QtTest/QtTest>
#include <algorithm>
#include <cmath>
#include <numbers>

using namespace meridian;
using namespace meridian::collective;

namespace {

using Matrix = std::vector<std::vector<double>>;

Matrix euclidean(const std::vector<std::pair<double, double>>& p)
{
    Matrix d(p.size(), std::vector<double>(p.size(), 0.0));
    for (std::size_t i = 0; i < p.size(); ++i)
        for (std::size_t j = 0; j < p.size(); ++j)
            d[i][j] = std::hypot(p[i].first - p[j].first, p[i].second - p[j].second);
    return d;
}

bool isPermutation(std::vector<int> o, std::size_t n)
{
    std::sort(o.begin(), o.end());
    for (std::size_t i = 0; i < o.size(); ++i)
        if (o[i] != static_cast<int>(i))
            return false;
    return o.size() == n;
}

// Cities on a circle with shuffled labels: the only shortest tour is the polygon, in the
// direction whose second city has the smaller label (lexicographic tie-break).
void circleCase(int n)
{
    std::vector<int> label(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i)
        label[static_cast<std::size_t>(i)] = (i * 7) % n; // angle index i → label; 7 ⊥ n
    std::vector<std::pair<double, double>> pos(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        const double a = 2 * std::numbers::pi * i / n;
        pos[static_cast<std::size_t>(label[static_cast<std::size_t>(i)])] = {std::cos(a),
                                                                             std::sin(a)};
    }
    const auto order = ringOrder(euclidean(pos));
    QVERIFY(isPermutation(order, static_cast<std::size_t>(n)));
    // Expected: start at the angle index of label 0, walk the polygon.
    const int start = static_cast<int>(std::find(label.begin(), label.end(), 0) - label.begin());
    std::vector<int> fwd, bwd;
    for (int s = 0; s < n; ++s) {
        fwd.push_back(label[static_cast<std::size_t>((start + s) % n)]);
        bwd.push_back(label[static_cast<std::size_t>((start - s + n) % n)]);
    }
    const auto& expected = fwd[1] < bwd[1] ? fwd : bwd;
    QCOMPARE(order, expected);
    const double perimeter = n * 2 * std::sin(std::numbers::pi / n);
    QVERIFY(std::abs(ringDelayS(euclidean(pos), order) - perimeter) < 1e-9);
}

} // namespace

class RingOrderTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void citiesOnALine()
    {
        // Fibre delay between cities on a line (km along the line): any shortest ring goes
        // out along the line and comes back, total 2·(max − min)·4.9 µs/km.
        const std::vector<double> km = {0, 1300, 250, 2100, 800, 1750};
        Matrix d(km.size(), std::vector<double>(km.size()));
        for (std::size_t i = 0; i < km.size(); ++i)
            for (std::size_t j = 0; j < km.size(); ++j)
                d[i][j] = std::abs(km[i] - km[j]) * 4.9e-6;
        const auto order = ringOrder(d);
        QVERIFY(isPermutation(order, km.size()));
        QVERIFY(std::abs(ringDelayS(d, order) - 2 * 2100 * 4.9e-6) < 1e-12);
        // Optimal rings are exactly the out-and-back ones (positions rise, then fall). The
        // lexicographically smallest: 0, 1 (1300 km), 3 (2100 km, the far end), then back
        // 5 (1750), 4 (800), 2 (250).
        QCOMPARE(order, (std::vector<int>{0, 1, 3, 5, 4, 2}));
        // An in-order identity labelling along the line gives the identity ring.
        Matrix line(5, std::vector<double>(5));
        for (int i = 0; i < 5; ++i)
            for (int j = 0; j < 5; ++j)
                line[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)] = std::abs(i - j);
        QCOMPARE(ringOrder(line), (std::vector<int>{0, 1, 2, 3, 4}));
    }

    void circlesExactAndHeuristic()
    {
        circleCase(5);
        circleCase(9);  // largest exact case
        circleCase(12); // nearest neighbour + 2-opt
        circleCase(40);
    }

    void asymmetricDelaysPickTheCheapDirection()
    {
        Matrix d = {{0, 1, 10}, {10, 0, 1}, {1, 10, 0}};
        QCOMPARE(ringOrder(d), (std::vector<int>{0, 1, 2}));
        Matrix r = {{0, 10, 1}, {1, 0, 10}, {10, 1, 0}};
        QCOMPARE(ringOrder(r), (std::vector<int>{0, 2, 1}));
        // Same for the heuristic path (n = 11): a directed cycle 0→1→…→10→0 costs 11, the
        // reverse direction 110.
        Matrix big(11, std::vector<double>(11, 50.0));
        for (int i = 0; i < 11; ++i) {
            big[static_cast<std::size_t>(i)][static_cast<std::size_t>((i + 1) % 11)] = 1;
            big[static_cast<std::size_t>((i + 1) % 11)][static_cast<std::size_t>(i)] = 10;
        }
        const auto order = ringOrder(big);
        QCOMPARE(ringDelayS(big, order), 11.0);
    }

    void deterministicAndNoWorseThanIdentity()
    {
        // 60 pseudo-random "centres" (fixed LCG, no time seed).
        std::vector<std::pair<double, double>> p;
        std::uint32_t x = 12345;
        auto next = [&] {
            x = x * 1664525u + 1013904223u;
            return (x >> 8) / double(1u << 24);
        };
        for (int i = 0; i < 60; ++i)
            p.emplace_back(next() * 3000, next() * 2000);
        const Matrix d = euclidean(p);
        const auto a = ringOrder(d);
        const auto b = ringOrder(d);
        QCOMPARE(a, b);
        QVERIFY(isPermutation(a, 60));
        std::vector<int> identity(60);
        for (int i = 0; i < 60; ++i)
            identity[static_cast<std::size_t>(i)] = i;
        QVERIFY(ringDelayS(d, a) < 0.5 * ringDelayS(d, identity));
    }

    void trivialSizes()
    {
        QCOMPARE(ringOrder({}), std::vector<int>{});
        QCOMPARE(ringOrder({{0}}), std::vector<int>{0});
        QCOMPARE(ringOrder({{0, 3}, {4, 0}}), (std::vector<int>{0, 1}));
    }

    void badMatricesAreRejected()
    {
        QVERIFY_THROWS_EXCEPTION(InputError, ringOrder({{0, 1}, {1}}));
        QVERIFY_THROWS_EXCEPTION(InputError, ringOrder({{0, -1}, {1, 0}}));
        QVERIFY_THROWS_EXCEPTION(InputError, ringOrder({{0, std::nan("")}, {1, 0}}));
    }
};

MERIDIAN_TEST(RingOrderTest)
#include "RingOrderTest.moc"
