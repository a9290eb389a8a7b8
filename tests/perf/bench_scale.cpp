// Issue 29's G-sweep, through the path users run: for G GPUs per centre,
//   meridian-cli generate multi-centre --centres C --gpus-per-centre G -o gG.topo
//   meridian-cli run gG.topo --out rG        (the generated default training experiment)
// each a child process measured from outside (wall, CPU, peak RSS by wait4), with the events
// the CLI reports, the size of the results folder, and the growth exponent of wall time
// between consecutive G (log(wall ratio) / log(G ratio)). A run over the time limit is
// killed and reported as such; the sweep stops there.
// Usage: bench_scale [maxG] [limit_s] [centres] [iterations]
//        (defaults 8192, 300, 16, 1: G = 256, 512, …, maxG)
#include "ChildRun.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

using namespace meridian;

int main(int argc, char** argv)
{
    const int maxG = argc > 1 ? std::atoi(argv[1]) : 8192;
    const double limit_s = argc > 2 ? std::atof(argv[2]) : 300.0;
    const int centres = argc > 3 ? std::atoi(argv[3]) : 16;
    const int iterations = argc > 4 ? std::atoi(argv[4]) : 1;
    const std::string cli = MERIDIAN_CLI_PATH;
    const auto dir = std::filesystem::temp_directory_path() /
                     ("meridian-bench-scale-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);

    std::printf("meridian-cli run on generate multi-centre --centres %d, %d iteration(s), "
                "limit %.0f s per run\n\n",
                centres, iterations, limit_s);
    std::printf("%8s %8s %10s %10s %12s %10s %10s %9s\n", "G/centre", "GPUs", "wall (s)", "CPU (s)",
                "events", "RSS (MB)", "out (MB)", "exponent");
    double prevWall = 0.0;
    int prevG = 0;
    for (int g = 256; g <= maxG; g *= 2) {
        const std::string topo = (dir / ("g" + std::to_string(g) + ".topo")).string();
        const auto gen =
            perf::runChild({cli, "generate", "multi-centre", "--centres", std::to_string(centres),
                            "--gpus-per-centre", std::to_string(g), "-o", topo},
                           (dir / "gen.txt").string(), 60.0);
        if (!gen.ok) {
            std::printf("generate failed for G = %d\n", g);
            return 1;
        }
        const auto out = dir / ("r" + std::to_string(g));
        const auto run = perf::runChild(
            {cli, "run", topo, "--out", out.string(), "--iterations", std::to_string(iterations)},
            (dir / "run.txt").string(), limit_s);
        if (run.killed) {
            std::printf("%8d %8d  killed after %.0f s at %.0f MB peak RSS\n", g, g * centres,
                        run.wall_s, run.peakRss_mb);
            break;
        }
        if (!run.ok) {
            std::printf("meridian-cli run failed for G = %d:\n%s\n", g, run.out.c_str());
            return 1;
        }
        char exponent[32] = "-";
        if (prevG > 0)
            std::snprintf(exponent, sizeof exponent, "%.2f",
                          std::log(run.wall_s / prevWall) / std::log(double(g) / prevG));
        std::printf("%8d %8d %10.2f %10.2f %12lld %10.0f %10.1f %9s\n", g, g * centres, run.wall_s,
                    run.cpu_s, perf::cliEvents(run.out), run.peakRss_mb,
                    double(perf::treeBytes(out)) / 1e6, exponent);
        std::fflush(stdout);
        prevWall = run.wall_s;
        prevG = g;
    }
    std::filesystem::remove_all(dir);
    return 0;
}
