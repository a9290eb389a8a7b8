// cross_traffic: packet-level reference for Meridian's TCP under background traffic (issue 30,
// docs/traffic.md §5.1).
//
// One bottleneck (dumbbell.h: access links 10 x faster, zero delay, never drop; bottleneck
// `bw_gbps`, one-way delay rtt/2, drop-tail queue of `queue_pkts` packets, no queue disc) carries
//   * the bulk transfer ("training"): P long-lived TCP flows of `bytes` each (BulkSend) from host
//     snd to rcv, started at t = 0;
//   * background traffic: Poisson arrivals of TCP flows at rate
//     lambda = load x bw / (8 x E[S]), from `bg_hosts` sender hosts of their own (each arrival on
//     one drawn uniformly) to rcv, sizes drawn from the empirical CDF `cdf` (Meridian's
//     presets/traffic/web-search.csv, linear between points, as Meridian and ns-2's
//     EmpiricalRandomVariable draw them), each flow a fresh connection (BulkSend, its own sink).
// TCP as tcp_flows: 1448-byte segments, IW 10, SACK, PRR, MinRto 200 ms + RTT, 40 ms delayed
// ACK, Linux's CUBIC rules (linux_cc.h) unless --cc says otherwise, socket buffers --sndbuf and
// --rcvbuf (the runner gives 2 x BDP + queue: the window is never bound by them).
//
// Times: a flow's clock starts at its first BulkSend Tx (the connection is established: Meridian
// models no handshake) and stops when its sink has the last byte. The run stops when the bulk
// transfer is complete; background flows are counted over that window, as Meridian counts a
// generator's flows over its experiment: those that arrived, and the completion times of those
// completed.
//
// Which flows lose packets: every drop at the bottleneck is classified by the TCP destination
// port (bulk flow i, or background). Drops closer together than one RTT form one overflow
// episode. While the bulk transfer runs, the program counts the episodes, those in which every
// bulk flow lost a packet and those in which at least one did, and each bulk flow's loss events
// (entries into CA_RECOVERY or CA_LOSS).
//
// Output, one CSV line:
//   load,run,bulk_s,bulk_flow_s (';'-joined),bg_flows,bg_completed,bg_p50_s,bg_p99_s,bg_mean_s,
//   queue_drops,drops_bulk,drops_bg,episodes,episodes_all_bulk,episodes_any_bulk,
//   bulk_loss_events (';'-joined),bulk_timeouts (';'-joined),bg_bytes_completed

#include "cdf.h"
#include "dumbbell.h"
#include "linux_cc.h"
#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/traffic-control-module.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

using namespace ns3;

namespace {

constexpr uint16_t BULK_PORT = 5000;
constexpr uint16_t BG_PORT = 10000; // background flow k: port BG_PORT + k (k < 55,000)

struct Flow
{
    uint64_t target_bytes = 0;
    uint64_t received_bytes = 0;
    double start_s = -1.0;
    double end_s = -1.0;
};

struct BulkTrace
{
    uint32_t loss_events = 0; // entries into CA_RECOVERY or CA_LOSS while the bulk runs
    uint32_t timeouts = 0;    // entries into CA_LOSS
};

std::vector<Flow> g_bulk;
std::vector<Flow> g_bg;
std::vector<BulkTrace> g_bulk_trace;
uint32_t g_bulk_left = 0;
std::vector<std::pair<double, int>> g_drops; // (time, bulk flow index or -1 for background)

void onSinkRx(Flow* f, Ptr<const Packet> packet, const Address&)
{
    f->received_bytes += packet->GetSize();
    if (f->end_s < 0 && f->received_bytes >= f->target_bytes) {
        f->end_s = Simulator::Now().GetSeconds();
    }
}

void onBulkRx(uint32_t i, Ptr<const Packet> packet, const Address& from)
{
    Flow& f = g_bulk[i];
    const bool was_done = f.end_s >= 0;
    onSinkRx(&f, packet, from);
    if (!was_done && f.end_s >= 0 && --g_bulk_left == 0) {
        Simulator::Stop();
    }
}

void onBgRx(uint32_t k, Ptr<const Packet> packet, const Address& from)
{
    onSinkRx(&g_bg[k], packet, from);
}

void onFirstTx(Flow* f, Ptr<const Packet>)
{
    if (f->start_s < 0) {
        f->start_s = Simulator::Now().GetSeconds();
    }
}

void onBulkTx(uint32_t i, Ptr<const Packet> p)
{
    onFirstTx(&g_bulk[i], p);
}

void onBgTx(uint32_t k, Ptr<const Packet> p)
{
    onFirstTx(&g_bg[k], p);
}

// The class of a dropped packet from its TCP destination port: bulk flow index, or -1.
int classify(uint16_t dst_port)
{
    if (dst_port >= BULK_PORT && dst_port < BULK_PORT + g_bulk.size()) {
        return dst_port - BULK_PORT;
    }
    return -1;
}

// The bulk flow index of a dropped packet (-1: background). `ppp`: the packet still has its PPP
// header (a drop in the device queue); the traffic-control layer drops it from the IPv4 header on.
void recordDrop(Ptr<const Packet> packet, bool ppp)
{
    Ptr<Packet> copy = packet->Copy();
    if (ppp) {
        PppHeader header;
        copy->RemoveHeader(header);
    }
    Ipv4Header ip;
    copy->RemoveHeader(ip);
    TcpHeader tcp;
    copy->PeekHeader(tcp);
    g_drops.emplace_back(Simulator::Now().GetSeconds(), classify(tcp.GetDestinationPort()));
}

void onTcDrop(Ptr<const Packet> packet)
{
    recordDrop(packet, false);
}

void onQueueDrop(Ptr<const Packet> packet)
{
    recordDrop(packet, true);
}

void onCongState(uint32_t i, TcpSocketState::TcpCongState_t, TcpSocketState::TcpCongState_t now)
{
    if (g_bulk[i].end_s >= 0) {
        return;
    }
    if (now == TcpSocketState::CA_RECOVERY || now == TcpSocketState::CA_LOSS) {
        ++g_bulk_trace[i].loss_events;
    }
    if (now == TcpSocketState::CA_LOSS) {
        ++g_bulk_trace[i].timeouts;
    }
}

void traceBulk(uint32_t i, Ptr<Application> app)
{
    Ptr<Socket> s = DynamicCast<BulkSendApplication>(app)->GetSocket();
    DynamicCast<TcpSocketBase>(s)->TraceConnectWithoutContext(
        "CongState", MakeBoundCallback(&onCongState, i));
}

using reference::Cdf;

struct Background
{
    reference::Dumbbell* net = nullptr;
    Cdf cdf;
    Ptr<ExponentialRandomVariable> gap;
    Ptr<UniformRandomVariable> size_u;
    Ptr<UniformRandomVariable> host_u;
    uint32_t first_host = 1; // senders 1..n are the background hosts (0 is the bulk sender)
    uint32_t hosts = 1;
};

Background g_bgen;

void arrival()
{
    Background& b = g_bgen;
    const uint32_t k = g_bg.size();
    if (k >= 55000) {
        return; // out of ports; never reached at the loads of the suite
    }
    Flow flow;
    flow.target_bytes = std::max<uint64_t>(1, std::llround(b.cdf.draw(b.size_u->GetValue(0, 1))));
    g_bg.push_back(flow);
    const uint16_t port = static_cast<uint16_t>(BG_PORT + k);
    const uint32_t host = b.first_host + b.host_u->GetInteger(0, b.hosts - 1);

    PacketSinkHelper sink("ns3::TcpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), port));
    ApplicationContainer sink_app = sink.Install(b.net->receiver);
    sink_app.Start(Seconds(0));
    sink_app.Get(0)->TraceConnectWithoutContext("Rx", MakeBoundCallback(&onBgRx, k));
    BulkSendHelper src("ns3::TcpSocketFactory", InetSocketAddress(b.net->receiver_ip, port));
    src.SetAttribute("MaxBytes", UintegerValue(flow.target_bytes));
    src.SetAttribute("SendSize", UintegerValue(1448 * 16));
    ApplicationContainer src_app = src.Install(b.net->senders.Get(host));
    src_app.Start(Seconds(0));
    src_app.Get(0)->TraceConnectWithoutContext("Tx", MakeBoundCallback(&onBgTx, k));

    Simulator::Schedule(Seconds(b.gap->GetValue()), &arrival);
}

// Nearest-rank percentile (the ceil(q n)-th smallest), as Meridian's fct_p50_s / fct_p99_s.
double percentile(std::vector<double> v, double q)
{
    if (v.empty())
        return -1.0;
    std::sort(v.begin(), v.end());
    std::size_t rank = static_cast<std::size_t>(std::ceil(q * v.size()));
    return v[std::max<std::size_t>(rank, 1) - 1];
}

std::string joined(const std::vector<std::string>& items)
{
    std::string out;
    for (const std::string& s : items)
        out += (out.empty() ? "" : ";") + s;
    return out;
}

} // namespace

int main(int argc, char* argv[])
{
    uint32_t flows = 2;
    uint64_t bytes = 50000000;
    double bw_gbps = 1.0;
    double rtt_ms = 20.0;
    uint32_t queue_pkts = 1667;
    double load = 0.1;
    uint32_t bg_hosts = 8;
    std::string cdf_path = "presets/traffic/web-search.csv";
    std::string cc = "linux-cubic";
    uint32_t sndbuf_bytes = 7500000;
    uint32_t rcvbuf_bytes = 7500000;
    uint32_t run = 1;
    double max_sim_s = 600.0;

    CommandLine cmd(__FILE__);
    cmd.AddValue("flows", "parallel bulk TCP flows (P)", flows);
    cmd.AddValue("bytes", "bytes of each bulk flow", bytes);
    cmd.AddValue("bw_gbps", "bottleneck bandwidth, Gbit/s", bw_gbps);
    cmd.AddValue("rtt_ms", "round-trip propagation delay, ms (bottleneck one-way = rtt/2)", rtt_ms);
    cmd.AddValue("queue_pkts", "drop-tail queue of the bottleneck, packets", queue_pkts);
    cmd.AddValue("load", "background offered load, fraction of the bottleneck rate (0: none)", load);
    cmd.AddValue("bg_hosts", "background sender hosts", bg_hosts);
    cmd.AddValue("cdf", "background flow-size CDF file (bytes,cdf lines)", cdf_path);
    cmd.AddValue("cc", "congestion control (linux_cc.h: linux-cubic, linux-reno, cubic, newreno)",
                 cc);
    cmd.AddValue("sndbuf", "TcpSocket::SndBufSize, bytes", sndbuf_bytes);
    cmd.AddValue("rcvbuf", "TcpSocket::RcvBufSize, bytes", rcvbuf_bytes);
    cmd.AddValue("run", "RNG run number", run);
    cmd.AddValue("max_sim_s", "simulated-time limit, s", max_sim_s);
    cmd.Parse(argc, argv);

    RngSeedManager::SetSeed(1);
    RngSeedManager::SetRun(run);
    if (!UseCongestionControl(cc) || !readCdf("cross_traffic", cdf_path, g_bgen.cdf) || flows == 0 ||
        bg_hosts == 0) {
        return 2;
    }
    reference::setLinuxTcpDefaults(10, sndbuf_bytes, rcvbuf_bytes, 200.0 + rtt_ms, 40.0);

    reference::Dumbbell net(1 + bg_hosts, bw_gbps, rtt_ms, queue_pkts);

    g_bulk.assign(flows, Flow{});
    g_bulk_trace.assign(flows, BulkTrace{});
    g_bulk_left = flows;
    for (uint32_t i = 0; i < flows; ++i) {
        const uint16_t port = static_cast<uint16_t>(BULK_PORT + i);
        g_bulk[i].target_bytes = bytes;
        PacketSinkHelper sink("ns3::TcpSocketFactory",
                              InetSocketAddress(Ipv4Address::GetAny(), port));
        ApplicationContainer sink_app = sink.Install(net.receiver);
        sink_app.Start(Seconds(0));
        sink_app.Get(0)->TraceConnectWithoutContext("Rx", MakeBoundCallback(&onBulkRx, i));
        BulkSendHelper src("ns3::TcpSocketFactory", InetSocketAddress(net.receiver_ip, port));
        src.SetAttribute("MaxBytes", UintegerValue(bytes));
        src.SetAttribute("SendSize", UintegerValue(1448 * 16));
        ApplicationContainer src_app = src.Install(net.senders.Get(0));
        src_app.Start(Seconds(0));
        src_app.Get(0)->TraceConnectWithoutContext("Tx", MakeBoundCallback(&onBulkTx, i));
        Simulator::Schedule(NanoSeconds(1), &traceBulk, i, src_app.Get(0));
    }

    g_bgen.net = &net;
    g_bgen.hosts = bg_hosts;
    g_bgen.gap = CreateObject<ExponentialRandomVariable>();
    g_bgen.size_u = CreateObject<UniformRandomVariable>();
    g_bgen.host_u = CreateObject<UniformRandomVariable>();
    // Fixed streams: the draws do not depend on how many other random variables exist.
    g_bgen.gap->SetStream(101);
    g_bgen.size_u->SetStream(102);
    g_bgen.host_u->SetStream(103);
    const double mean_bytes = g_bgen.cdf.mean();
    const double lambda = load * bw_gbps * 1e9 / (8.0 * mean_bytes);
    if (lambda > 0) {
        g_bgen.gap->SetAttribute("Mean", DoubleValue(1.0 / lambda));
        Simulator::Schedule(Seconds(g_bgen.gap->GetValue()), &arrival);
    }

    if (!net.router->GetObject<TrafficControlLayer>()->TraceConnectWithoutContext(
            "TcDrop", MakeCallback(&onTcDrop))) {
        std::cerr << "cross_traffic: cannot trace the traffic-control layer's drops\n";
        return 2;
    }
    if (!net.bottleneckDevice()->GetQueue()->TraceConnectWithoutContext(
            "Drop", MakeCallback(&onQueueDrop))) {
        std::cerr << "cross_traffic: cannot trace the bottleneck queue's drops\n";
        return 2;
    }

    Simulator::Stop(Seconds(max_sim_s));
    Simulator::Run();

    double first_start = 1e300;
    double last_end = 0;
    bool complete = true;
    std::vector<std::string> per_flow;
    for (const Flow& f : g_bulk) {
        complete = complete && f.start_s >= 0 && f.end_s >= 0;
        first_start = std::min(first_start, f.start_s);
        last_end = std::max(last_end, f.end_s);
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.6f", f.end_s >= 0 ? f.end_s - f.start_s : -1.0);
        per_flow.push_back(buf);
    }
    std::vector<double> fct;
    uint64_t bg_bytes = 0;
    for (const Flow& f : g_bg) {
        if (f.end_s >= 0 && f.start_s >= 0) {
            fct.push_back(f.end_s - f.start_s);
            bg_bytes += f.target_bytes;
        }
    }
    double fct_mean = -1.0;
    if (!fct.empty()) {
        fct_mean = 0;
        for (double t : fct)
            fct_mean += t / fct.size();
    }

    uint64_t drops_bulk = 0;
    uint64_t drops_bg = 0;
    for (const auto& d : g_drops)
        (d.second >= 0 ? drops_bulk : drops_bg) += 1;
    // Overflow episodes while the bulk runs: drops less than one RTT apart are one episode.
    uint32_t episodes = 0;
    uint32_t episodes_all = 0;
    uint32_t episodes_any = 0;
    const double gap_s = rtt_ms / 1e3;
    for (std::size_t i = 0; i < g_drops.size();) {
        std::size_t j = i;
        std::vector<bool> hit(flows, false);
        while (j < g_drops.size() && (j == i || g_drops[j].first - g_drops[j - 1].first < gap_s)) {
            if (g_drops[j].second >= 0)
                hit[g_drops[j].second] = true;
            ++j;
        }
        if (g_drops[i].first >= first_start && g_drops[i].first <= last_end) {
            ++episodes;
            const auto n_hit = std::count(hit.begin(), hit.end(), true);
            episodes_all += n_hit == static_cast<long>(flows);
            episodes_any += n_hit > 0;
        }
        i = j;
    }
    std::vector<std::string> loss_events;
    std::vector<std::string> timeouts;
    for (const BulkTrace& t : g_bulk_trace) {
        loss_events.push_back(std::to_string(t.loss_events));
        timeouts.push_back(std::to_string(t.timeouts));
    }

    std::printf("%g,%u,%.6f,%s,%zu,%zu,%.6f,%.6f,%.6f,%llu,%llu,%llu,%u,%u,%u,%s,%s,%llu\n", load,
                run, complete ? last_end - first_start : -1.0, joined(per_flow).c_str(),
                g_bg.size(), fct.size(), percentile(fct, 0.5), percentile(fct, 0.99), fct_mean,
                static_cast<unsigned long long>(net.queueDrops()),
                static_cast<unsigned long long>(drops_bulk),
                static_cast<unsigned long long>(drops_bg), episodes, episodes_all, episodes_any,
                joined(loss_events).c_str(), joined(timeouts).c_str(),
                static_cast<unsigned long long>(bg_bytes));
    Simulator::Destroy();
    return complete ? 0 : 3;
}
