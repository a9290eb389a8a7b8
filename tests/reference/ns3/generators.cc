// generators: packet-level reference for Meridian's background-traffic generators themselves
// (issue 30; docs/traffic.md §5.2, docs/validation.md §3.8).
//
// One bottleneck (dumbbell.h: access links 10 x faster, zero delay, never drop; bottleneck
// `bw_gbps`, one-way delay rtt/2, drop-tail queue of `queue_pkts` packets, no queue disc), and
// one of three workloads (--mode):
//   * poisson: Poisson arrivals of TCP flows at rate lambda = load x bw / (8 x E[S]) from
//     `hosts` sender hosts (each arrival on one drawn uniformly) to the receiver, sizes drawn
//     from the empirical CDF `cdf` (linear between points, as Meridian draws them), each flow a
//     fresh connection (BulkSend with MaxBytes, its own PacketSink). Arrivals during
//     [0, duration_s); the run lasts until every flow has been delivered. With --trace FILE
//     the flows are not drawn but replayed from FILE, "start_s,size_bytes,src,dst" lines (src
//     h1..hN, dst rcv; tests/reference/generators.py draws them, and Meridian replays the same
//     file as a `trace` generator), so both simulators run the same flows.
//   * onoff: ns-3's OnOffApplication over UDP (exponential on and off periods of means
//     on_s / off_s, `peak_mbps` while on, 1472-byte datagrams = 1500-byte IP packets) from
//     host 0, and with --bulk_streams > 0 that many BulkSend TCP connections from host 1, all
//     for duration_s.
//   * bulk: --bulk_streams BulkSend TCP connections (iperf3 -P) from host 0 for duration_s.
// TCP as tcp_flows and cross_traffic: 1448-byte segments, IW 10, SACK, PRR, MinRto 200 ms + RTT,
// 40 ms delayed ACK, Linux's CUBIC rules (linux_cc.h) unless --cc says otherwise, socket
// buffers --sndbuf / --rcvbuf.
//
// Times: a TCP flow's clock starts at its first BulkSend Tx (the connection is established:
// Meridian models no handshake) and stops when its sink has the last byte; `arrival_fct` adds
// the handshake (from the arrival, when the application starts and sends its SYN). Rates are
// payload bytes received by the sinks x 8 / duration_s.
//
// Output, one CSV line:
//   poisson: flows,completed,p50_s,p99_s,mean_s,arrival_p50_s,arrival_p99_s,arrival_mean_s,
//            bytes_completed,queue_drops,end_s
//   onoff, bulk: udp_bps,bulk_bps,bulk_stream_bps (';'-joined),queue_drops
// With --flows_out FILE (poisson) every completed flow as "bytes,fct_s,arrival_fct_s,arrival_s".

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
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

using namespace ns3;

namespace {

constexpr uint16_t BULK_PORT = 5000;
constexpr uint16_t UDP_PORT = 4000;
constexpr uint16_t FLOW_PORT = 10000; // Poisson flow k: port FLOW_PORT + k (k < 55,000)
constexpr uint32_t MAX_FLOWS = 55000;

struct Flow
{
    uint64_t target_bytes = 0;
    uint64_t received_bytes = 0;
    double arrival_s = -1.0;
    double start_s = -1.0;
    double end_s = -1.0;
};

std::vector<Flow> g_flows;
uint64_t g_open = 0;          // Poisson flows arrived and not yet delivered
bool g_arrivals_done = false; // no more arrivals

void onFlowRx(uint32_t k, Ptr<const Packet> packet, const Address&)
{
    Flow& f = g_flows[k];
    f.received_bytes += packet->GetSize();
    if (f.end_s < 0 && f.received_bytes >= f.target_bytes) {
        f.end_s = Simulator::Now().GetSeconds();
        if (--g_open == 0 && g_arrivals_done) {
            Simulator::Stop();
        }
    }
}

void onFlowTx(uint32_t k, Ptr<const Packet>)
{
    if (g_flows[k].start_s < 0) {
        g_flows[k].start_s = Simulator::Now().GetSeconds();
    }
}

using reference::Cdf;

struct Arrivals
{
    reference::Dumbbell* net = nullptr;
    Cdf cdf;
    Ptr<ExponentialRandomVariable> gap;
    Ptr<UniformRandomVariable> size_u;
    Ptr<UniformRandomVariable> host_u;
    uint32_t hosts = 1;
    double stop_s = 0;
};

Arrivals g_arrivals;

// Starts flow k (target_bytes already in g_flows[k]) from sender `host` now.
void startFlow(uint32_t k, uint32_t host)
{
    Arrivals& a = g_arrivals;
    g_flows[k].arrival_s = Simulator::Now().GetSeconds();
    ++g_open;
    const uint16_t port = static_cast<uint16_t>(FLOW_PORT + k);

    PacketSinkHelper sink("ns3::TcpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), port));
    ApplicationContainer sink_app = sink.Install(a.net->receiver);
    sink_app.Start(Seconds(0));
    sink_app.Get(0)->TraceConnectWithoutContext("Rx", MakeBoundCallback(&onFlowRx, k));
    BulkSendHelper src("ns3::TcpSocketFactory", InetSocketAddress(a.net->receiver_ip, port));
    src.SetAttribute("MaxBytes", UintegerValue(g_flows[k].target_bytes));
    src.SetAttribute("SendSize", UintegerValue(1448 * 16));
    ApplicationContainer src_app = src.Install(a.net->senders.Get(host));
    src_app.Start(Seconds(0));
    src_app.Get(0)->TraceConnectWithoutContext("Tx", MakeBoundCallback(&onFlowTx, k));
}

void arrival()
{
    Arrivals& a = g_arrivals;
    const double now = Simulator::Now().GetSeconds();
    const uint32_t k = g_flows.size();
    if (now >= a.stop_s || k >= MAX_FLOWS) {
        g_arrivals_done = true;
        if (g_open == 0) {
            Simulator::Stop();
        }
        return;
    }
    Flow flow;
    flow.target_bytes = std::max<uint64_t>(1, std::llround(a.cdf.draw(a.size_u->GetValue(0, 1))));
    g_flows.push_back(flow);
    startFlow(k, a.host_u->GetInteger(0, a.hosts - 1));
    Simulator::Schedule(Seconds(a.gap->GetValue()), &arrival);
}

// --trace: flow k of the file arrives (flows are scheduled in file order, times ascending).
uint32_t g_trace_pending = 0; // trace flows not yet arrived

void traceArrival(uint32_t k, uint32_t host)
{
    startFlow(k, host);
    g_arrivals_done = --g_trace_pending == 0;
}

// Reads a trace "start_s,size_bytes,src,dst" (a header line, # comments; src "hN" is sender
// N-1, dst the receiver "rcv") into g_flows, scheduling each arrival; false with a message on
// stderr naming the file and line on anything else.
bool readTrace(const std::string& path, uint32_t hosts)
{
    std::ifstream in(path);
    if (!in) {
        std::cerr << "generators: " << path << ": cannot open the trace\n";
        return false;
    }
    std::string line;
    uint32_t line_no = 0;
    double last_s = 0;
    while (std::getline(in, line)) {
        ++line_no;
        if (line.empty() || line[0] == '#' || (line_no == 1 && line.rfind("start_s", 0) == 0))
            continue;
        std::replace(line.begin(), line.end(), ',', ' ');
        std::istringstream fields(line);
        double start_s = 0, size_bytes = 0;
        std::string src, dst;
        const auto bad = [&](const std::string& why) {
            std::cerr << "generators: " << path << ": line " << line_no << ": " << why << "\n";
            return false;
        };
        if (!(fields >> start_s >> size_bytes >> src >> dst))
            return bad("expected start_s,size_bytes,src,dst");
        if (!(start_s >= last_s) || !(size_bytes >= 1))
            return bad("start_s must not decrease and size_bytes must be >= 1");
        if (dst != "rcv" || src.size() < 2 || src[0] != 'h')
            return bad("src must be h1..hN and dst rcv");
        const long host = std::strtol(src.c_str() + 1, nullptr, 10);
        if (host < 1 || host > static_cast<long>(hosts))
            return bad("src " + src + " is not one of h1..h" + std::to_string(hosts));
        if (g_flows.size() >= MAX_FLOWS)
            return bad("more than " + std::to_string(MAX_FLOWS) + " flows");
        last_s = start_s;
        Flow flow;
        flow.target_bytes = static_cast<uint64_t>(std::llround(size_bytes));
        const uint32_t k = g_flows.size();
        g_flows.push_back(flow);
        ++g_trace_pending;
        Simulator::Schedule(Seconds(start_s), &traceArrival, k, static_cast<uint32_t>(host - 1));
    }
    if (g_flows.empty()) {
        std::cerr << "generators: " << path << ": no flows\n";
        return false;
    }
    return true;
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

double mean(const std::vector<double>& v)
{
    double m = 0;
    for (double t : v)
        m += t / v.size();
    return v.empty() ? -1.0 : m;
}

// Payload bytes a sink received before `until_s` (applications stop at duration_s; bytes still
// in flight then arrive within one RTT and are not counted).
struct Counter
{
    uint64_t bytes = 0;
    double until_s = 0;
};

void onCount(Counter* c, Ptr<const Packet> packet, const Address&)
{
    if (Simulator::Now().GetSeconds() <= c->until_s) {
        c->bytes += packet->GetSize();
    }
}

} // namespace

int main(int argc, char* argv[])
{
    std::string mode = "poisson";
    double bw_gbps = 1.0;
    double rtt_ms = 20.0;
    uint32_t queue_pkts = 1667;
    double load = 0.3;
    uint32_t hosts = 8;
    std::string cdf_path = "presets/traffic/web-search.csv";
    std::string cc = "linux-cubic";
    uint32_t sndbuf_bytes = 7500000;
    uint32_t rcvbuf_bytes = 7500000;
    uint32_t run = 1;
    double duration_s = 10.0;
    double max_sim_s = 3600.0;
    double peak_mbps = 400.0;
    double on_s = 0.02;
    double off_s = 0.06;
    uint32_t bulk_streams = 0;
    std::string flows_out;
    std::string trace;

    CommandLine cmd(__FILE__);
    cmd.AddValue("mode", "poisson, onoff or bulk", mode);
    cmd.AddValue("bw_gbps", "bottleneck bandwidth, Gbit/s", bw_gbps);
    cmd.AddValue("rtt_ms", "round-trip propagation delay, ms (bottleneck one-way = rtt/2)", rtt_ms);
    cmd.AddValue("queue_pkts", "drop-tail queue of the bottleneck, packets", queue_pkts);
    cmd.AddValue("load", "poisson: offered load, fraction of the bottleneck rate", load);
    cmd.AddValue("hosts", "poisson: sender hosts", hosts);
    cmd.AddValue("cdf", "poisson: flow-size CDF file (bytes,cdf lines)", cdf_path);
    cmd.AddValue("cc", "congestion control (linux_cc.h: linux-cubic, linux-reno, cubic, newreno)",
                 cc);
    cmd.AddValue("sndbuf", "TcpSocket::SndBufSize, bytes", sndbuf_bytes);
    cmd.AddValue("rcvbuf", "TcpSocket::RcvBufSize, bytes", rcvbuf_bytes);
    cmd.AddValue("run", "RNG run number", run);
    cmd.AddValue("duration_s", "poisson: arrivals during [0, duration_s); else the run, s",
                 duration_s);
    cmd.AddValue("max_sim_s", "simulated-time limit, s", max_sim_s);
    cmd.AddValue("peak_mbps", "onoff: rate while on, Mbit/s of UDP payload", peak_mbps);
    cmd.AddValue("on_s", "onoff: mean on period (exponential), s", on_s);
    cmd.AddValue("off_s", "onoff: mean off period (exponential), s", off_s);
    cmd.AddValue("bulk_streams", "onoff, bulk: parallel BulkSend TCP connections", bulk_streams);
    cmd.AddValue("flows_out", "poisson: file for every completed flow", flows_out);
    cmd.AddValue("trace",
                 "poisson: replay these flows (start_s,size_bytes,src,dst lines) "
                 "instead of drawing arrivals; --load, --cdf and --duration_s are not used",
                 trace);
    cmd.Parse(argc, argv);

    RngSeedManager::SetSeed(1);
    RngSeedManager::SetRun(run);
    if (!UseCongestionControl(cc) || hosts == 0 || duration_s <= 0) {
        return 2;
    }
    if (mode != "poisson" && mode != "onoff" && mode != "bulk") {
        std::cerr << "generators: --mode must be poisson, onoff or bulk, got " << mode << "\n";
        return 2;
    }
    reference::setLinuxTcpDefaults(10, sndbuf_bytes, rcvbuf_bytes, 200.0 + rtt_ms, 40.0);

    const uint32_t n_hosts = mode == "poisson" ? hosts : 2;
    reference::Dumbbell net(n_hosts, bw_gbps, rtt_ms, queue_pkts);

    if (mode == "poisson") {
        Arrivals& a = g_arrivals;
        if (!readCdf("generators", cdf_path, a.cdf) || load <= 0) {
            return 2;
        }
        a.net = &net;
        a.hosts = hosts;
        a.stop_s = duration_s;
        if (!trace.empty() && !readTrace(trace, hosts)) {
            return 2;
        }
        a.gap = CreateObject<ExponentialRandomVariable>();
        a.size_u = CreateObject<UniformRandomVariable>();
        a.host_u = CreateObject<UniformRandomVariable>();
        // Fixed streams: the draws do not depend on how many other random variables exist.
        a.gap->SetStream(101);
        a.size_u->SetStream(102);
        a.host_u->SetStream(103);
        const double lambda = load * bw_gbps * 1e9 / (8.0 * a.cdf.mean());
        a.gap->SetAttribute("Mean", DoubleValue(1.0 / lambda));
        if (trace.empty()) {
            Simulator::Schedule(Seconds(a.gap->GetValue()), &arrival);
        }
        Simulator::Stop(Seconds(max_sim_s));
        Simulator::Run();

        std::vector<double> fct;
        std::vector<double> arrival_fct;
        uint64_t bytes = 0;
        std::ofstream out;
        if (!flows_out.empty()) {
            out.open(flows_out);
        }
        for (const Flow& f : g_flows) {
            if (f.end_s < 0 || f.start_s < 0) {
                continue;
            }
            fct.push_back(f.end_s - f.start_s);
            arrival_fct.push_back(f.end_s - f.arrival_s);
            bytes += f.target_bytes;
            if (out) {
                char buf[128];
                std::snprintf(buf, sizeof buf, "%llu,%.9f,%.9f,%.9f\n",
                              static_cast<unsigned long long>(f.target_bytes), f.end_s - f.start_s,
                              f.end_s - f.arrival_s, f.arrival_s);
                out << buf;
            }
        }
        std::printf("%zu,%zu,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%llu,%llu,%.6f\n", g_flows.size(),
                    fct.size(), percentile(fct, 0.5), percentile(fct, 0.99), mean(fct),
                    percentile(arrival_fct, 0.5), percentile(arrival_fct, 0.99), mean(arrival_fct),
                    static_cast<unsigned long long>(bytes),
                    static_cast<unsigned long long>(net.queueDrops()),
                    Simulator::Now().GetSeconds());
        const bool complete = g_open == 0 && !g_flows.empty();
        Simulator::Destroy();
        return complete ? 0 : 3;
    }

    Counter udp;
    udp.until_s = duration_s;
    std::vector<Counter> bulk(bulk_streams);
    if (mode == "onoff") {
        PacketSinkHelper sink("ns3::UdpSocketFactory",
                              InetSocketAddress(Ipv4Address::GetAny(), UDP_PORT));
        ApplicationContainer sink_app = sink.Install(net.receiver);
        sink_app.Start(Seconds(0));
        sink_app.Get(0)->TraceConnectWithoutContext("Rx", MakeBoundCallback(&onCount, &udp));
        OnOffHelper src("ns3::UdpSocketFactory", InetSocketAddress(net.receiver_ip, UDP_PORT));
        src.SetAttribute("DataRate", DataRateValue(DataRate(peak_mbps * 1e6)));
        src.SetAttribute("PacketSize", UintegerValue(1472));
        src.SetAttribute("OnTime", StringValue("ns3::ExponentialRandomVariable[Mean=" +
                                               std::to_string(on_s) + "]"));
        src.SetAttribute("OffTime", StringValue("ns3::ExponentialRandomVariable[Mean=" +
                                                std::to_string(off_s) + "]"));
        ApplicationContainer src_app = src.Install(net.senders.Get(0));
        src_app.Start(Seconds(0));
        src_app.Stop(Seconds(duration_s));
    }
    const uint32_t bulk_host = mode == "onoff" ? 1 : 0;
    for (uint32_t i = 0; i < bulk_streams; ++i) {
        const uint16_t port = static_cast<uint16_t>(BULK_PORT + i);
        bulk[i].until_s = duration_s;
        PacketSinkHelper sink("ns3::TcpSocketFactory",
                              InetSocketAddress(Ipv4Address::GetAny(), port));
        ApplicationContainer sink_app = sink.Install(net.receiver);
        sink_app.Start(Seconds(0));
        sink_app.Get(0)->TraceConnectWithoutContext("Rx", MakeBoundCallback(&onCount, &bulk[i]));
        BulkSendHelper src("ns3::TcpSocketFactory", InetSocketAddress(net.receiver_ip, port));
        src.SetAttribute("MaxBytes", UintegerValue(0));
        src.SetAttribute("SendSize", UintegerValue(1448 * 16));
        ApplicationContainer src_app = src.Install(net.senders.Get(bulk_host));
        src_app.Start(Seconds(0));
        src_app.Stop(Seconds(duration_s));
    }
    Simulator::Stop(Seconds(duration_s + 1e-9));
    Simulator::Run();

    uint64_t bulk_bytes = 0;
    std::string per_stream;
    for (const Counter& c : bulk) {
        bulk_bytes += c.bytes;
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.1f", c.bytes * 8.0 / duration_s);
        per_stream += (per_stream.empty() ? "" : ";") + std::string(buf);
    }
    std::printf("%.1f,%.1f,%s,%llu\n", udp.bytes * 8.0 / duration_s, bulk_bytes * 8.0 / duration_s,
                per_stream.c_str(), static_cast<unsigned long long>(net.queueDrops()));
    Simulator::Destroy();
    return 0;
}
