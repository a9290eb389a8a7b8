#include "Primitives.hpp"

#include <cstddef>
#include <cstdint>

namespace meridian::collective::primitives {

int ceilLog2(int n)
{
    int l = 0;
    while ((1 << l) < n)
        ++l;
    return l;
}

void ringReduceScatter(DagBuilder& b, const std::vector<int>& members, int base, int per,
                       int stepOffset, int chunk, int lane, int slices)
{
    const int g = static_cast<int>(members.size());
    for (int t = 0; t + 1 < g; ++t)
        for (int p = 0; p < g; ++p) {
            const int shard = ((p - t - 1) % g + g) % g;
            for (int i = 0; i < slices; ++i)
                b.accumulate(members[static_cast<std::size_t>(p)],
                             members[static_cast<std::size_t>((p + 1) % g)],
                             base + (shard * slices + i) * per, per, stepOffset + t, chunk, lane);
        }
}

void ringAllGather(DagBuilder& b, const std::vector<int>& members, int base, int per,
                   int stepOffset, int chunk, int lane, int slices)
{
    const int g = static_cast<int>(members.size());
    for (int t = 0; t + 1 < g; ++t)
        for (int p = 0; p < g; ++p) {
            const int shard = ((p - t) % g + g) % g;
            for (int i = 0; i < slices; ++i)
                b.copy(members[static_cast<std::size_t>(p)],
                       members[static_cast<std::size_t>((p + 1) % g)],
                       base + (shard * slices + i) * per, per, stepOffset + t, chunk, lane);
        }
}

void halvingReduceScatter(DagBuilder& b, const std::vector<int>& members, int base, int per,
                          int stepOffset, int chunk)
{
    const int g = static_cast<int>(members.size());
    const int steps = ceilLog2(g);
    std::vector<int> lo(static_cast<std::size_t>(g), 0);
    std::vector<int> hi(static_cast<std::size_t>(g), g);
    for (int s = 0; s < steps; ++s) {
        const int half = g >> (s + 1);
        for (int i = 0; i < g; ++i) {
            const auto ui = static_cast<std::size_t>(i);
            const bool lower = (i & half) == 0;
            const int give = lower ? lo[ui] + half : lo[ui];
            b.accumulate(members[ui], members[static_cast<std::size_t>(i ^ half)],
                         base + give * per, half * per, stepOffset + s, chunk);
        }
        for (int i = 0; i < g; ++i) {
            const auto ui = static_cast<std::size_t>(i);
            if ((i & half) == 0)
                hi[ui] = lo[ui] + half;
            else
                lo[ui] = lo[ui] + half;
        }
    }
}

void doublingAllGather(DagBuilder& b, const std::vector<int>& members, int base, int per,
                       int stepOffset, int chunk)
{
    const int g = static_cast<int>(members.size());
    const int steps = ceilLog2(g);
    for (int s = 0; s < steps; ++s) {
        const int mask = 1 << s;
        for (int i = 0; i < g; ++i) {
            const int lo = (i / mask) * mask;
            b.copy(members[static_cast<std::size_t>(i)],
                   members[static_cast<std::size_t>(i ^ mask)], base + lo * per, mask * per,
                   stepOffset + s, chunk);
        }
    }
}

void directReduceScatter(DagBuilder& b, const std::vector<int>& members, int base, int per,
                         int stepOffset, int chunk)
{
    const int g = static_cast<int>(members.size());
    // Position i starts with peer i+1, i+2, … so that no rank is everybody's first target.
    for (int i = 0; i < g; ++i)
        for (int d = 1; d < g; ++d) {
            const int s = (i + d) % g;
            b.accumulate(members[static_cast<std::size_t>(i)], members[static_cast<std::size_t>(s)],
                         base + s * per, per, stepOffset, chunk);
        }
}

void directAllGather(DagBuilder& b, const std::vector<int>& members, int base, int per,
                     int stepOffset, int chunk)
{
    const int g = static_cast<int>(members.size());
    for (int s = 0; s < g; ++s)
        for (int d = 1; d < g; ++d)
            b.copy(members[static_cast<std::size_t>(s)],
                   members[static_cast<std::size_t>((s + d) % g)], base + s * per, per, stepOffset,
                   chunk);
}

void directBroadcast(DagBuilder& b, const std::vector<int>& members, int first, int count,
                     int stepOffset, int chunk)
{
    for (std::size_t v = 1; v < members.size(); ++v)
        b.copy(members[0], members[v], first, count, stepOffset, chunk);
}

void directReduce(DagBuilder& b, const std::vector<int>& members, int first, int count,
                  int stepOffset, int chunk)
{
    for (std::size_t v = 1; v < members.size(); ++v)
        b.accumulate(members[v], members[0], first, count, stepOffset, chunk);
}

void binomialBroadcast(DagBuilder& b, const std::vector<int>& members, int first, int count,
                       int stepOffset, int chunk)
{
    const int g = static_cast<int>(members.size());
    const int rounds = ceilLog2(g);
    // One port per rank: a rank's round-i send waits for its round-(i−1) send, which is
    // what makes the schedule take ⌈log2 n⌉ rounds rather than one.
    std::vector<std::int64_t> lastSend(static_cast<std::size_t>(g), -1);
    for (int i = 0; i < rounds; ++i)
        for (int v = 0; v < (1 << i); ++v) {
            const int w = v + (1 << i);
            if (w >= g)
                continue;
            const auto uv = static_cast<std::size_t>(v);
            std::vector<std::size_t> extra;
            if (lastSend[uv] >= 0)
                extra.push_back(static_cast<std::size_t>(lastSend[uv]));
            lastSend[uv] =
                static_cast<std::int64_t>(b.copy(members[uv], members[static_cast<std::size_t>(w)],
                                                 first, count, stepOffset + i, chunk, 0, extra));
        }
}

void binomialReduce(DagBuilder& b, const std::vector<int>& members, int first, int count,
                    int stepOffset, int chunk)
{
    const int g = static_cast<int>(members.size());
    const int rounds = ceilLog2(g);
    // One port per rank, mirroring the broadcast: a parent takes its children's messages
    // one round after another, so the reduce also takes ⌈log2 n⌉ rounds.
    std::vector<std::int64_t> lastReceive(static_cast<std::size_t>(g), -1);
    for (int t = 0; t < rounds; ++t) {
        const int bit = 1 << t;
        for (int v = bit; v < g; v += 2 * bit) {
            const auto parent = static_cast<std::size_t>(v - bit);
            std::vector<std::size_t> extra;
            if (lastReceive[parent] >= 0)
                extra.push_back(static_cast<std::size_t>(lastReceive[parent]));
            lastReceive[parent] = static_cast<std::int64_t>(
                b.accumulate(members[static_cast<std::size_t>(v)], members[parent], first, count,
                             stepOffset + t, chunk, 0, extra));
        }
    }
}

void chainBroadcast(DagBuilder& b, const std::vector<int>& members, int first, int count,
                    int stepOffset, int chunk)
{
    for (std::size_t v = 0; v + 1 < members.size(); ++v)
        b.copy(members[v], members[v + 1], first, count, stepOffset + static_cast<int>(v), chunk);
}

void chainReduce(DagBuilder& b, const std::vector<int>& members, int first, int count,
                 int stepOffset, int chunk)
{
    const int g = static_cast<int>(members.size());
    for (int v = g - 1; v >= 1; --v)
        b.accumulate(members[static_cast<std::size_t>(v)], members[static_cast<std::size_t>(v - 1)],
                     first, count, stepOffset + (g - 1 - v), chunk);
}

} // namespace meridian::collective::primitives
