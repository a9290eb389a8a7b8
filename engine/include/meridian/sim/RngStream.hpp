#pragma once
// Deterministic random streams, one per (experiment seed, entity id[, sub-stream]).
//
// The state of xoshiro256** (Blackman & Vigna 2018) is filled by four outputs of SplitMix64
// (Steele, Lea & Flood 2014) started from a mix of the seed and the entity id, as the
// xoshiro authors recommend. Each entity (a link direction, a flow) owns its stream, so the
// samples it draws do not depend on how other entities' events interleave.

#include <cstdint>

namespace meridian::sim {

class RngStream
{
public:
    RngStream() : RngStream(0, 0) {}
    RngStream(std::uint64_t seed, std::uint64_t entityId, std::uint64_t subStream = 0);

    /// Raw 64 random bits.
    std::uint64_t next();
    /// Uniform in [0, 1) with 53 random bits.
    double uniform();
    /// Uniform in [lo, hi).
    double uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }
    /// Normal(mean, sigma) by the Marsaglia polar method (spare value cached).
    double normal(double mean = 0.0, double sigma = 1.0);
    /// Pareto type I with shape α > 0 and scale x_m > 0: x_m · U^(−1/α), support [x_m, ∞).
    double pareto(double shape, double scale = 1.0);

    /// SplitMix64 finaliser, exposed for deriving ids (and hashing packed keys: inline, as
    /// the connection and send-count tables call it once per lookup).
    static std::uint64_t splitMix64(std::uint64_t& state)
    {
        std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }

private:
    std::uint64_t m_s[4] = {0, 0, 0, 0};
    double m_spare = 0.0;
    bool m_hasSpare = false;
};

} // namespace meridian::sim
