// Event kernel throughput: schedule + pop of empty events (target ≥ 10 M/s).
#include "PerfUtil.hpp"
#include "meridian/sim/Simulator.hpp"

#include <cstdio>

using namespace meridian;

int main()
{
    // 1. Bulk: schedule n events at pseudo-random times, then run them all.
    {
        const int n = 2'000'000;
        sim::Simulator sim;
        std::uint64_t x = 88172645463325252ULL;
        perf::Stopwatch sw;
        for (int i = 0; i < n; ++i) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            sim.schedule(sim::SimTime::fromNs(static_cast<std::int64_t>(x % 1'000'000'000)), [] {});
        }
        sim.run();
        const double s = sw.elapsedS();
        std::printf("bulk: %d events scheduled then run in %.3f s: %.1f M events/s\n", n, s,
                    n / s / 1e6);
    }
    // 2. Hold model: a steady population of pending events; every event schedules the next
    //    one (the classic priority-queue benchmark), for several population sizes.
    for (int population : {16, 1024, 65536}) {
        sim::Simulator sim;
        const std::int64_t total = 10'000'000;
        std::int64_t left = total;
        struct Tick
        {
            sim::Simulator* sim;
            std::int64_t* left;
            std::int64_t step;
            void operator()() const
            {
                if (--*left > 0)
                    sim->scheduleIn(sim::SimTime::fromNs(step), Tick{sim, left, step});
            }
        };
        for (int i = 0; i < population; ++i)
            sim.schedule(sim::SimTime::fromNs(i), Tick{&sim, &left, 1000 + (i * 7919) % 5000});
        perf::Stopwatch sw;
        const std::uint64_t ran = sim.run();
        const double s = sw.elapsedS();
        std::printf("hold (population %6d): %llu events in %.3f s: %.1f M events/s\n", population,
                    static_cast<unsigned long long>(ran), s, static_cast<double>(ran) / s / 1e6);
    }
    std::printf("peak RSS: %.1f MiB\n", perf::peakRssMiB());
    return 0;
}
