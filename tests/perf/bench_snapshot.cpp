// The live link figures a run snapshot reads (RunEngine::emitSnapshot, the GUI's Links chart):
// Network::queueAndLoss and lastUtilisation of both directions of every link, on a k = 16
// fat-tree (1,024 hosts, 3,072 links) carrying 10,000 concurrent flows, half of them paced UDP
// sources (rate caps, so some send above their share and overflow), half TCP. Prints the CPU
// time of one snapshot of all links, the mean of `snapshots` snapshots taken every 1 µs of
// simulated time (as RunEngine does, after every event up to that time, so no re-allocation is
// pending), and the sums of the figures read (the same before and after a change that keeps
// them).
// Usage: bench_snapshot [snapshots]   (default 200)
#include "FatTree.hpp"
#include "PerfUtil.hpp"
#include "meridian/net/Network.hpp"
#include "meridian/sim/RngStream.hpp"

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <functional>
#include <string>

using namespace meridian;

int main(int argc, char** argv)
{
    const int snapshots = argc > 1 ? std::max(1, std::atoi(argv[1])) : 200;
    const int k = 16, flows = 10'000;
    const auto t = perf::fatTree(k, 100e9, 1e-5, 1e-6);
    const auto hosts = t.nodesOfKind(topology::NodeKind::Host);
    std::printf("fat-tree k=%d: %zu nodes, %zu links, %zu hosts, %d flows\n", k, t.nodeCount(),
                t.linkCount(), hosts.size(), flows);
    sim::Simulator sim;
    net::NetworkConfig cfg;
    cfg.keep_flow_records = false;
    cfg.sample_interval_s = 1e-5; // samples within the 0.3 ms measured
    cfg.ecmp = true;
    net::Network net(sim, t, cfg);
    sim::RngStream rng(2024, 0);
    int started = 0;
    std::function<void()> startOne = [&] {
        const NodeId a = hosts[rng.next() % hosts.size()];
        NodeId b = a;
        while (b == a)
            b = hosts[rng.next() % hosts.size()];
        const bool udp = (started++ % 2) == 0;
        net::TransferOptions options;
        if (udp)
            options.rate_cap_bps = 5e9 + rng.uniform() * 45e9; // 5–50 Gb/s paced source
        const double bytes = 1e6 + rng.uniform() * 99e6;       // 1–100 MB
        net.startTransfer(
            a, b, bytes, udp ? net::Protocol::Udp : net::Protocol::Tcp,
            [&](const net::TransferResult&) { startOne(); }, options);
    };
    for (int i = 0; i < flows; ++i)
        startOne();
    sim.runUntil(sim.now());
    const auto step = sim::SimTime::fromNs(1'000);
    sim.runUntil(sim.now() + sim::SimTime::fromNs(100'000)); // warm up: windows open

    double cpu_s = 0.0;
    double queue_s = 0.0, loss = 0.0, utilisation = 0.0;
    std::size_t queued = 0; // link directions read with a queue > 0
    for (int s = 0; s < snapshots; ++s) {
        sim.runUntil(sim.now() + step);
        const double cpu0 = perf::threadCpuS();
        for (std::size_t l = 0; l < t.linkCount(); ++l)
            for (int dir = 0; dir < 2; ++dir) {
                const net::Network::QueueAndLoss q = net.queueAndLoss(LinkId::fromIndex(l), dir);
                queue_s += q.queue_s;
                loss += q.loss;
                queued += q.queue_s > 0.0 ? 1 : 0;
                utilisation += net.lastUtilisation(LinkId::fromIndex(l), dir);
            }
        cpu_s += perf::threadCpuS() - cpu0;
    }
    std::printf("active flows at the end: %zu, simulated time %.6f s\n", net.activeFlows(),
                sim.now().toSeconds());
    std::printf("snapshot of %zu link directions: %.1f us CPU (mean of %d), %.1f ns per link "
                "direction\n",
                2 * t.linkCount(), cpu_s / snapshots * 1e6, snapshots,
                cpu_s / snapshots / (2.0 * static_cast<double>(t.linkCount())) * 1e9);
    std::printf("sums of the figures read: queue %.9g s (%zu readings > 0), loss %.9g, "
                "utilisation %.9g\n",
                queue_s, queued, loss, utilisation);
    return 0;
}
