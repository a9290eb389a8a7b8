// Issue 32's speed figure: wall time of a 3 × 3 × 3 sweep of the default preset
//   meridian-cli sweep presets/llama3-8b-star-wan.topo --vary links.cd-hub.loss=0,1e-6,1e-5
//       --vary experiment.inter_center.collective=ring,tree,hierarchical
//       --vary links.cd-hub.bandwidth_gbps=5,10,20 -j J
// with J = 1 and J = 2, each a child process measured from outside (wall, CPU, peak RSS by
// wait4), each into a fresh folder (nothing to resume), and whether the two tables are equal.
// Issue 32 asks for wall(-j 2) ≤ 0.6 × wall(-j 1) on a 2-core machine; a loaded machine (other
// builds) shows less: the load averages are printed before each run, and the ratio the points'
// own durations allow (their -j 1 wall times, in run-info.json, dealt to two threads in point
// order as the executor deals them) separates what the machine's load costs from what the
// sweep's serial parts (checking the points, writing the table) and its last point cost.
// Each of R rounds runs -j 1 then -j 2; the summary gives the median of the rounds' ratios (the
// load of other processes moves single rounds by ±0.1) and, from the -j 1 runs, the time spent
// outside the points' simulations (starting, checking, writing and flushing files, the table),
// and the same ratio for two CPU-bound processes, what the machine's load allows at the time.
// Usage: bench_sweep [iterations] [limit_s] [rounds]  (defaults 3, the preset's; 1800; 3)
#include "ChildRun.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <vector>

using namespace meridian;

namespace {

std::string readFile(const std::filesystem::path& p)
{
    std::ifstream in(p, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

/// The wall time of two threads taking the points in order, each the next one when free,
/// from the -j 1 run's per-point wall times; and the sum of those times.
std::pair<double, double> twoThreadSchedule(const std::filesystem::path& out)
{
    const auto table = nlohmann::json::parse(readFile(out / "sweep.json"), nullptr, false);
    double free_s[2] = {0.0, 0.0};
    double sum_s = 0.0;
    if (table.is_discarded())
        return {0.0, 0.0};
    for (const auto& p : table.value("points", nlohmann::json::array())) {
        const auto info = nlohmann::json::parse(
            readFile(out / p.value("results", "") / "run-info.json"), nullptr, false);
        const double wall_s = info.is_discarded() ? 0.0 : info.value("wall_time_s", 0.0);
        double& next = free_s[0] <= free_s[1] ? free_s[0] : free_s[1];
        next += wall_s;
        sum_s += wall_s;
    }
    return {std::max(free_s[0], free_s[1]), sum_s};
}

/// One sweep of the grid with -j `jobs` into a fresh `out`, measured from outside.
perf::ChildRun runSweep(int jobs, const std::string& iterations, const std::filesystem::path& out,
                        double limit_s)
{
    double load[3] = {0, 0, 0};
    if (getloadavg(load, 3) == 3)
        std::printf("     (load average before -j %d: %.2f %.2f %.2f)\n", jobs, load[0], load[1],
                    load[2]);
    return perf::runChild({MERIDIAN_CLI_PATH, "sweep",
                           MERIDIAN_SOURCE_DIR "/presets/llama3-8b-star-wan.topo", "--vary",
                           "links.cd-hub.loss=0,1e-6,1e-5", "--vary",
                           "experiment.inter_center.collective=ring,tree,hierarchical", "--vary",
                           "links.cd-hub.bandwidth_gbps=5,10,20", "--iterations", iterations, "-j",
                           std::to_string(jobs), "--quiet", "--out", out.string()},
                          out.string() + ".txt", limit_s);
}

/// What the machine allows now, for comparison with the sweep's ratio: the wall time of `n`
/// processes each spinning through the same CPU-bound loop at once. Two at once take half of
/// twice one on two idle cores; on a shared machine whose kernel shares the CPU fairly between
/// sessions (autogroup), two take about twice one.
double busyChildren_s(int n)
{
    std::fflush(stdout);
    perf::Stopwatch sw;
    std::vector<pid_t> pids;
    for (int i = 0; i < n; ++i) {
        const pid_t pid = fork();
        if (pid == 0) {
            volatile std::uint64_t x = 0x9e3779b97f4a7c15ull;
            for (std::uint64_t k = 0; k < 400'000'000ull; ++k)
                x = x * 6364136223846793005ull + k;
            _exit(0);
        }
        if (pid > 0)
            pids.push_back(pid);
    }
    for (pid_t pid : pids) {
        int status = 0;
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
    }
    return sw.elapsedS();
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n == 0 ? 0.0 : n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
}

} // namespace

int main(int argc, char** argv)
{
    const std::string iterations = argc > 1 ? argv[1] : "3";
    const double limit_s = argc > 2 ? std::atof(argv[2]) : 1800.0;
    const int rounds = std::max(1, argc > 3 ? std::atoi(argv[3]) : 3);
    const auto dir = std::filesystem::temp_directory_path() /
                     ("meridian-bench-sweep-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    std::printf("3 x 3 x 3 sweep of presets/llama3-8b-star-wan.topo, %s iteration(s) per point, "
                "%u hardware threads, %d round(s)\n\n",
                iterations.c_str(), std::thread::hardware_concurrency(), rounds);
    std::printf("%5s %4s %10s %10s %10s %10s %8s\n", "round", "-j", "wall (s)", "CPU (s)",
                "RSS (MB)", "s/point", "ratio");
    std::vector<double> ratios, outside_s, possible;
    bool same = true;
    for (int round = 1; round <= rounds; ++round) {
        double wall[3] = {0, 0, 0};
        for (int j : {1, 2}) {
            const auto out = dir / ("r" + std::to_string(round) + "-j" + std::to_string(j));
            const auto r = runSweep(j, iterations, out, limit_s);
            if (!r.ok) {
                std::printf("%5d %4d failed or over the limit (%s)\n", round, j, r.out.c_str());
                return 1;
            }
            wall[j] = r.wall_s;
            std::printf("%5d %4d %10.2f %10.2f %10.1f %10.3f", round, j, r.wall_s, r.cpu_s,
                        r.peakRss_mb, r.wall_s / 27.0);
            if (j == 2)
                std::printf(" %8.3f", wall[2] / wall[1]);
            std::printf("\n");
        }
        const auto j1 = dir / ("r" + std::to_string(round) + "-j1");
        const auto j2 = dir / ("r" + std::to_string(round) + "-j2");
        same = same && readFile(j1 / "sweep.csv") == readFile(j2 / "sweep.csv") &&
               readFile(j1 / "sweep.json") == readFile(j2 / "sweep.json");
        ratios.push_back(wall[2] / wall[1]);
        const auto [makespan_s, points_s] = twoThreadSchedule(j1);
        if (points_s > 0) {
            outside_s.push_back(wall[1] - points_s);
            possible.push_back((makespan_s + wall[1] - points_s) / wall[1]);
        }
    }
    std::printf("\nwall(-j 2) / wall(-j 1): median %.3f of %d round(s) (issue 32: at most 0.6); "
                "tables %s\n",
                median(ratios), rounds, same ? "identical" : "DIFFER");
    const double one_s = busyChildren_s(1), two_s = busyChildren_s(2);
    std::printf("the machine now: two CPU-bound processes at once take %.3f of twice one (%.2f s "
                "vs %.2f s; 0.5 on 2 idle cores, about 1 when the load is other sessions')\n",
                two_s / (2.0 * one_s), two_s, one_s);
    if (!outside_s.empty())
        std::printf("-j 1 outside the points' simulations (start, checks, files, table): median "
                    "%.2f s; the points' own -j 1 times dealt to 2 threads with that outside part "
                    "serial: a ratio of %.3f on 2 idle cores\n",
                    median(outside_s), median(possible));
    std::filesystem::remove_all(dir);
    return same ? 0 : 1;
}
