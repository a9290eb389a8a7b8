// Ring all-reduce of 64 MiB over N hosts on a star: wall time, events, peak RSS.
// Usage: bench_ring [maxHosts]   (default 4096)
#include "PerfUtil.hpp"
#include "meridian/net/Network.hpp"

#include <cstdio>
#include <cstdlib>
#include <string>

using namespace meridian;

int main(int argc, char** argv)
{
    const int maxHosts = argc > 1 ? std::atoi(argv[1]) : 4096;
    const double M = 64.0 * 1048576, B = 100e9, delta = 1e-6;
    for (int n : {8, 64, 256, 1024, 4096}) {
        if (n > maxHosts)
            break;
        topology::Topology t;
        topology::NodeAttributes sw;
        sw.id = "sw";
        sw.kind = topology::NodeKind::Switch;
        t.addNode(sw);
        std::vector<NodeId> hosts;
        for (int i = 0; i < n; ++i) {
            topology::NodeAttributes h;
            h.id = "h" + std::to_string(i);
            hosts.push_back(t.addNode(h));
            topology::LinkAttributes l;
            l.id = "l" + std::to_string(i);
            l.a = h.id;
            l.b = "sw";
            l.params.bandwidth_bps = B;
            l.params.delay_s = delta;
            t.addLink(l);
        }
        perf::Stopwatch wall;
        sim::Simulator sim;
        net::NetworkConfig cfg;
        cfg.keep_flow_records = false;
        net::Network net(sim, t, cfg);
        int outstanding = 0, step = 0;
        double end_s = 0.0;
        const int steps = 2 * (n - 1);
        std::function<void()> startStep = [&] {
            outstanding = n;
            for (int i = 0; i < n; ++i)
                net.startTransfer(hosts[i], hosts[(i + 1) % n], M / n, net::Protocol::ReliableSr,
                                  [&](const net::TransferResult& r) {
                                      end_s = r.end_s;
                                      if (--outstanding == 0 && ++step < steps)
                                          startStep();
                                  });
        };
        startStep();
        sim.run();
        const double expected = 2.0 * (n - 1) / n * M * 8 / B + 2.0 * (n - 1) * 2 * delta;
        std::printf("N=%5d: simulated %.6f s (closed form %.6f s), %d transfers, %llu events, "
                    "wall %.3f s, peak RSS %.1f MiB\n",
                    n, end_s, expected, steps * n,
                    static_cast<unsigned long long>(sim.eventsExecuted()), wall.elapsedS(),
                    perf::peakRssMiB());
        std::fflush(stdout);
    }
    return 0;
}
