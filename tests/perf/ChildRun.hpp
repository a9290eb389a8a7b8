#pragma once
// A child process as users run it (`meridian-cli …`), measured from outside: wall time, CPU
// time and peak RSS (wait4), its standard output kept in a file, killed at a time limit.

#include "PerfUtil.hpp"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace meridian::perf {

struct ChildRun
{
    bool ok = false;     ///< exited with status 0 before the limit
    bool killed = false; ///< killed at the time limit
    double wall_s = 0.0;
    double cpu_s = 0.0;      ///< user + system
    double peakRss_mb = 0.0; ///< ru_maxrss, in MB (10^6 bytes) as /usr/bin/time prints KB
    std::string out;         ///< standard output
};

/// Runs argv[0] with argv (stdout to `outFile`, stderr to `outFile`.err), killing it after
/// `limit_s` of wall time.
inline ChildRun runChild(const std::vector<std::string>& argv, const std::string& outFile,
                         double limit_s)
{
    ChildRun r;
    Stopwatch sw;
    // The child's freopen would flush what this process has buffered a second time.
    std::fflush(stdout);
    std::fflush(stderr);
    const pid_t pid = fork();
    if (pid < 0)
        return r;
    if (pid == 0) {
        std::FILE* o = std::freopen(outFile.c_str(), "w", stdout);
        std::FILE* e = std::freopen((outFile + ".err").c_str(), "w", stderr);
        if (o == nullptr || e == nullptr)
            _exit(127);
        std::vector<char*> args;
        args.reserve(argv.size() + 1);
        for (const auto& a : argv)
            args.push_back(const_cast<char*>(a.c_str()));
        args.push_back(nullptr);
        execv(args[0], args.data());
        _exit(127);
    }
    int status = 0;
    rusage use{};
    while (true) {
        const pid_t done = wait4(pid, &status, WNOHANG, &use);
        if (done == pid)
            break;
        if (done < 0 && errno != EINTR)
            return r;
        if (!r.killed && sw.elapsedS() > limit_s) {
            kill(pid, SIGKILL);
            r.killed = true;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    r.wall_s = sw.elapsedS();
    r.cpu_s = static_cast<double>(use.ru_utime.tv_sec + use.ru_stime.tv_sec) +
              static_cast<double>(use.ru_utime.tv_usec + use.ru_stime.tv_usec) * 1e-6;
    r.peakRss_mb = static_cast<double>(use.ru_maxrss) * 1024.0 / 1e6;
    r.ok = !r.killed && WIFEXITED(status) && WEXITSTATUS(status) == 0;
    std::ifstream in(outFile);
    std::stringstream ss;
    ss << in.rdbuf();
    r.out = ss.str();
    return r;
}

/// The event count `meridian-cli run` prints ("wall time …, N events; …"), or -1.
inline long long cliEvents(const std::string& out)
{
    const auto at = out.rfind(" events;");
    if (at == std::string::npos)
        return -1;
    auto begin = out.rfind(' ', at - 1);
    return begin == std::string::npos ? -1 : std::atoll(out.c_str() + begin + 1);
}

/// Total size of the files under `dir`, in bytes.
inline std::uintmax_t treeBytes(const std::filesystem::path& dir)
{
    std::uintmax_t n = 0;
    std::error_code ec;
    for (const auto& e : std::filesystem::recursive_directory_iterator(dir, ec))
        if (e.is_regular_file(ec))
            n += e.file_size(ec);
    return n;
}

} // namespace meridian::perf
