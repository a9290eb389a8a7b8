#include "meridian/sim/RngStream.hpp"

#include <cmath>

namespace meridian::sim {

namespace {
constexpr std::uint64_t rotl(std::uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}
} // namespace

RngStream::RngStream(std::uint64_t seed, std::uint64_t entityId, std::uint64_t subStream)
{
    // Mix the three inputs through SplitMix64 steps so that nearby (seed, id) pairs give
    // unrelated states; then fill the xoshiro state from the mixed value.
    std::uint64_t st = seed;
    std::uint64_t mixed = splitMix64(st);
    st = mixed ^ (entityId * 0xD1B54A32D192ED03ULL);
    mixed = splitMix64(st);
    st = mixed ^ (subStream * 0x8CB92BA72F3D8DD7ULL);
    for (auto& w : m_s)
        w = splitMix64(st);
    if ((m_s[0] | m_s[1] | m_s[2] | m_s[3]) == 0)
        m_s[0] = 1; // the all-zero state is the one xoshiro cannot leave
}

std::uint64_t RngStream::next()
{
    // xoshiro256** 1.0
    const std::uint64_t result = rotl(m_s[1] * 5, 7) * 9;
    const std::uint64_t t = m_s[1] << 17;
    m_s[2] ^= m_s[0];
    m_s[3] ^= m_s[1];
    m_s[1] ^= m_s[2];
    m_s[0] ^= m_s[3];
    m_s[2] ^= t;
    m_s[3] = rotl(m_s[3], 45);
    return result;
}

double RngStream::uniform()
{
    return static_cast<double>(next() >> 11) * 0x1.0p-53;
}

double RngStream::normal(double mean, double sigma)
{
    if (m_hasSpare) {
        m_hasSpare = false;
        return mean + sigma * m_spare;
    }
    double u, v, s;
    do {
        u = 2.0 * uniform() - 1.0;
        v = 2.0 * uniform() - 1.0;
        s = u * u + v * v;
    } while (s >= 1.0 || s == 0.0);
    const double f = std::sqrt(-2.0 * std::log(s) / s);
    m_spare = v * f;
    m_hasSpare = true;
    return mean + sigma * u * f;
}

double RngStream::pareto(double shape, double scale)
{
    // Inverse CDF: F(x) = 1 − (x_m/x)^α  ⇒  x = x_m · (1 − U)^(−1/α); 1 − U ∈ (0, 1].
    const double u = 1.0 - uniform();
    return scale * std::pow(u, -1.0 / shape);
}

} // namespace meridian::sim
