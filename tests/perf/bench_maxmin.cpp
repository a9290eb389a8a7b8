// Max-min update cost with 10,000 concurrent flows on a k = 16 fat-tree (1,024 hosts).
// Closed loop: whenever a flow finishes, a new one starts between random hosts, so the
// population stays at 10,000; each completion + arrival is one (batched) update.
#include "FatTree.hpp"
#include "PerfUtil.hpp"
#include "meridian/net/Network.hpp"
#include "meridian/sim/RngStream.hpp"

#include <cstdio>
#include <ctime>
#include <string>
#include <vector>

using namespace meridian;

int main(int argc, char** argv)
{
    const int k = 16, flows = 10'000, measuredUpdates = 100;
    const auto t = perf::fatTree(k, 100e9, 1e-6);
    const auto hosts = t.nodesOfKind(topology::NodeKind::Host);
    std::printf("fat-tree k=%d: %zu nodes, %zu links, %zu hosts\n", k, t.nodeCount(), t.linkCount(),
                hosts.size());
    sim::Simulator sim;
    net::NetworkConfig cfg;
    cfg.keep_flow_records = false;
    cfg.sample_interval_s = 0.0;
    // A fat-tree is built for ECMP: without it every pair takes the lowest-id path, the
    // first aggregation and core switches carry all inter-pod traffic and every flow shares
    // a bottleneck with every other one.
    cfg.ecmp = argc > 1 ? std::string(argv[1]) != "noecmp" : true;
    std::printf("ECMP %s\n", cfg.ecmp ? "on" : "off");
    net::Network net(sim, t, cfg);
    sim::RngStream rng(2024, 0);
    std::uint64_t completions = 0;
    std::function<void()> startOne = [&] {
        const NodeId a = hosts[rng.next() % hosts.size()];
        NodeId b = a;
        while (b == a)
            b = hosts[rng.next() % hosts.size()];
        const double bytes = 1e6 + rng.uniform() * 99e6; // 1–100 MB
        net.startTransfer(a, b, bytes, net::Protocol::Udp, [&](const net::TransferResult&) {
            ++completions;
            startOne();
        });
    };
    perf::Stopwatch setup;
    for (int i = 0; i < flows; ++i)
        startOne();
    sim.runUntil(sim.now()); // one batched recomputation for the initial 10,000 flows
    const double setupS = setup.elapsedS();
    std::printf("initial placement of %d flows (routing + one solve): %.3f s = %.1f us per "
                "arriving flow when arrivals share an instant\n",
                flows, setupS, setupS / flows * 1e6);

    // Warm up, then measure.
    while (completions < 20 && sim.step()) {
    }
    const auto rec0 = net.recomputations();
    const auto touched0 = net.flowsRecomputed();
    const auto changed0 = net.flowsRateChanged();
    const auto c0 = completions;
    perf::Stopwatch sw;
    const double cpu0 = perf::threadCpuS();
    while (completions < c0 + measuredUpdates && sim.step()) {
    }
    const double s = sw.elapsedS();
    const double cpuS = perf::threadCpuS() - cpu0;
    const auto recs = net.recomputations() - rec0;
    const auto touched = net.flowsRecomputed() - touched0;
    std::printf("%llu departures+arrivals, %llu max-min updates in %.3f s\n",
                static_cast<unsigned long long>(completions - c0),
                static_cast<unsigned long long>(recs), s);
    const double resolved = static_cast<double>(touched) / static_cast<double>(recs);
    const double cpuPerUpdateUs = cpuS / static_cast<double>(recs) * 1e6;
    std::printf("mean cost per update: %.1f us wall, %.1f us CPU (flows re-solved per update: "
                "%.0f of %zu active)\n",
                s / static_cast<double>(recs) * 1e6, cpuPerUpdateUs, resolved, net.activeFlows());
    std::printf("CPU cost per re-solved flow: %.3f us\n", cpuPerUpdateUs / resolved);
    const double changed =
        static_cast<double>(net.flowsRateChanged() - changed0) / static_cast<double>(recs);
    std::printf("flows whose rate changed (> 1e-9 relative) per update: %.0f; CPU cost per "
                "changed flow: %.2f us\n",
                changed, cpuPerUpdateUs / changed);

    // Floor of any exact solver on this workload: it must at least store the new rate of
    // every flow whose rate changed and re-time that flow's completion event. Measure just
    // that: the same number of random flows (records of the size the network keeps) get a
    // new rate and their event cancelled and rescheduled, in a kernel holding 10,000 events.
    {
        struct FlowRecord
        {
            double rate_bps = 0.0;
            double remaining_bytes = 1e6;
            char rest[144] = {};
            sim::EventHandle done;
        };
        std::vector<FlowRecord> records(static_cast<std::size_t>(flows));
        sim::Simulator floorSim;
        sim::RngStream pick(7, 0);
        for (auto& r : records)
            r.done = floorSim.schedule(
                sim::SimTime::fromNs(1 + static_cast<std::int64_t>(pick.next() % 1'000'000'000)),
                [] {});
        const int perUpdate = static_cast<int>(changed + 0.5), rounds = 2000;
        const double floorCpu0 = perf::threadCpuS();
        for (int u = 0; u < rounds; ++u) {
            for (int i = 0; i < perUpdate; ++i) {
                FlowRecord& r = records[pick.next() % records.size()];
                r.rate_bps = 1e9 + static_cast<double>(i);
                floorSim.cancel(r.done);
                r.done = floorSim.schedule(
                    sim::SimTime::fromNs(
                        1 + static_cast<std::int64_t>(r.remaining_bytes * 8.0 / r.rate_bps * 1e9)),
                    [] {});
            }
        }
        std::printf("floor (rewrite + re-time %d random flows, no solving): %.1f us CPU per "
                    "update\n",
                    perUpdate, (perf::threadCpuS() - floorCpu0) / rounds * 1e6);
    }
    std::printf("peak RSS: %.1f MiB\n", perf::peakRssMiB());
    return 0;
}
