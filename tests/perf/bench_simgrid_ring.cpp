// Issue 29's ring against SimGrid (built only where libsimgrid-dev is installed):
// ring all-reduce of S among N hosts on a star (one link per host, B and δ each), run
//   1. by `meridian-cli run` on a .topo written here (TCP, the experiment as users run it);
//   2. by SimGrid 3.32's CM02 flow model on the same platform: N actors, 2(N−1) synchronised
//      steps, each sending S/N to the next host and receiving from the previous one.
// Each runs as a child process measured from outside (wall, CPU, peak RSS by wait4); the
// bench prints both, their simulated times and the ratios. SimGrid's window bound
// (network/TCP-gamma) is lifted so that both are bandwidth-bound; its simulated time is the
// α-β ring, Meridian's carries TCP's window growth, so the two simulated times differ.
// Usage: bench_simgrid_ring [N] [S_MiB] [B_Gbps] [delay_ms]   (default 1024 64 10 20)
//        bench_simgrid_ring --write-topo FILE [N] [S_MiB] [B_Gbps] [delay_ms]   (the .topo only)
//        bench_simgrid_ring --simgrid N S_bytes B_bps delay_s   (the child, prints its time)
#include "ChildRun.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <simgrid/s4u.hpp>
#include <string>
#include <vector>

namespace sg4 = simgrid::s4u;
using namespace meridian;

namespace {

int simgridRing(char** argv)
{
    const int n = std::atoi(argv[2]);
    const double bytes = std::atof(argv[3]);
    const double bps = std::atof(argv[4]);
    const double delay_s = std::atof(argv[5]);
    int sgArgc = 1;
    sg4::Engine e(&sgArgc, argv);
    sg4::Engine::set_config("network/model:CM02");
    sg4::Engine::set_config("network/TCP-gamma:1e15");
    auto* zone = sg4::create_star_zone("star");
    std::vector<sg4::Host*> hosts;
    for (int i = 0; i < n; ++i) {
        auto* host = zone->create_host("h" + std::to_string(i), 1e9);
        auto* link = zone->create_link("l" + std::to_string(i), bps / 8.0)->set_latency(delay_s);
        zone->add_route(host->get_netpoint(), nullptr, nullptr, nullptr, {sg4::LinkInRoute(link)},
                        true);
        hosts.push_back(host);
    }
    zone->seal();
    const double block = bytes / n;
    for (int i = 0; i < n; ++i) {
        sg4::Actor::create(
            "r" + std::to_string(i), hosts[static_cast<std::size_t>(i)], [i, n, block] {
                auto* mine = sg4::Mailbox::by_name("m" + std::to_string(i));
                auto* next = sg4::Mailbox::by_name("m" + std::to_string((i + 1) % n));
                static char payload;
                for (int step = 0; step < 2 * (n - 1); ++step) {
                    sg4::CommPtr send = next->put_async(&payload, block);
                    mine->get<char>();
                    send->wait();
                }
            });
    }
    e.run();
    std::printf("simulated %.6f s\n", sg4::Engine::get_clock());
    return 0;
}

double simulatedS(const std::string& out, const char* key)
{
    const auto at = out.find(key);
    return at == std::string::npos ? -1.0 : std::atof(out.c_str() + at + std::strlen(key));
}

/// The star of n hosts as a .topo, the ring as a collective experiment over TCP (the numbers
/// printed at the stream's default precision: 64 MiB is "6.71089e+07" bytes).
void writeTopo(const std::string& topo, int n, double mib, double gbps, double delay_ms)
{
    std::ofstream f(topo);
    f << R"({"format": "meridian.topo", "version": 1, "name": "ring", "nodes": [)"
      << R"({"id": "sw", "kind": "switch"})";
    for (int i = 0; i < n; ++i)
        f << R"(, {"id": "h)" << i << R"(", "kind": "host"})";
    f << R"(], "links": [)";
    for (int i = 0; i < n; ++i)
        f << (i ? ", " : "") << R"({"id": "l)" << i << R"(", "a": "h)" << i
          << R"(", "b": "sw", "bandwidth_gbps": )" << gbps << R"(, "delay_ms": )" << delay_ms
          << "}";
    f << R"(], "experiment": {"kind": "collective", "operation": "allreduce", )"
      << R"("algorithm": "ring", "protocol": "tcp", "bytes": )" << mib * 1048576.0
      << R"(, "repeat": 1, "seed": 1, "participants": [)";
    for (int i = 0; i < n; ++i)
        f << (i ? ", " : "") << "\"h" << i << "\"";
    f << "]}}\n";
}

} // namespace

int main(int argc, char** argv)
{
    if (argc == 6 && std::strcmp(argv[1], "--simgrid") == 0)
        return simgridRing(argv);
    // --write-topo FILE [N S_MiB B_Gbps delay_ms]: only the .topo, for runs measured by hand.
    const bool topoOnly = argc > 2 && std::strcmp(argv[1], "--write-topo") == 0;
    const int first = topoOnly ? 3 : 1;
    const int n = argc > first ? std::atoi(argv[first]) : 1024;
    const double mib = argc > first + 1 ? std::atof(argv[first + 1]) : 64.0;
    const double gbps = argc > first + 2 ? std::atof(argv[first + 2]) : 10.0;
    const double delay_ms = argc > first + 3 ? std::atof(argv[first + 3]) : 20.0;
    if (n < 2 || !(mib > 0.0) || !(gbps > 0.0) || !(delay_ms >= 0.0)) {
        std::fprintf(stderr, "usage: bench_simgrid_ring [N>=2] [S_MiB>0] [B_Gbps>0] [delay_ms>=0]\n"
                             "       bench_simgrid_ring --write-topo FILE [N] [S_MiB] [B_Gbps] "
                             "[delay_ms]\n");
        return 2;
    }
    if (topoOnly) {
        writeTopo(argv[2], n, mib, gbps, delay_ms);
        return 0;
    }
    const auto dir = std::filesystem::temp_directory_path() /
                     ("meridian-bench-simgrid-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);

    // The same star as a .topo, the ring as a collective experiment over TCP.
    const std::string topo = (dir / "ring.topo").string();
    writeTopo(topo, n, mib, gbps, delay_ms);
    std::printf("ring all-reduce, %d hosts on a star, %.0f MiB, %.0f Gbit/s and %.0f ms per host "
                "link\n\n",
                n, mib, gbps, delay_ms);
    const auto m = perf::runChild({MERIDIAN_CLI_PATH, "run", topo, "--out", (dir / "out").string()},
                                  (dir / "meridian.txt").string(), 3600.0);
    if (!m.ok) {
        std::printf("meridian-cli run failed:\n%s\n", m.out.c_str());
        return 1;
    }
    const auto s = perf::runChild({std::filesystem::canonical("/proc/self/exe").string(),
                                   "--simgrid", std::to_string(n), std::to_string(mib * 1048576.0),
                                   std::to_string(gbps * 1e9), std::to_string(delay_ms * 1e-3)},
                                  (dir / "simgrid.txt").string(), 3600.0);
    if (!s.ok) {
        std::printf("SimGrid run failed:\n%s\n", s.out.c_str());
        return 1;
    }
    std::printf("%-28s %10s %10s %10s %14s\n", "", "wall (s)", "CPU (s)", "RSS (MB)",
                "simulated (s)");
    std::printf("%-28s %10.2f %10.2f %10.0f %14.3f\n", "meridian-cli run (TCP)", m.wall_s, m.cpu_s,
                m.peakRss_mb, simulatedS(m.out, "total simulated time: "));
    std::printf("%-28s %10.2f %10.2f %10.0f %14.3f\n", "SimGrid 3.32 CM02", s.wall_s, s.cpu_s,
                s.peakRss_mb, simulatedS(s.out, "simulated "));
    std::printf("\nMeridian / SimGrid: wall %.2f, CPU %.2f, RSS %.2f (issue 29's target: wall "
                "<= 0.5)\n",
                m.wall_s / s.wall_s, m.cpu_s / s.cpu_s, m.peakRss_mb / s.peakRss_mb);
    std::filesystem::remove_all(dir);
    return 0;
}
