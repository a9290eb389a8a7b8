#pragma once
// Small helpers shared by the benchmarks: a steady clock stopwatch and peak RSS.

#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>
#include <time.h>

namespace meridian::perf {

class Stopwatch
{
public:
    Stopwatch() : m_start(std::chrono::steady_clock::now()) {}
    double elapsedS() const
    {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count();
    }
    void restart() { m_start = std::chrono::steady_clock::now(); }

private:
    std::chrono::steady_clock::time_point m_start;
};

/// Peak resident set size of this process in MiB (VmHWM from /proc/self/status).
inline double peakRssMiB()
{
    std::ifstream in("/proc/self/status");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("VmHWM:", 0) == 0)
            return std::stod(line.substr(6)) / 1024.0;
    }
    return 0.0;
}

/// CPU time of the calling thread in seconds (CLOCK_THREAD_CPUTIME_ID): unlike wall time, it
/// does not grow with other processes' load.
inline double threadCpuS()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

} // namespace meridian::perf
