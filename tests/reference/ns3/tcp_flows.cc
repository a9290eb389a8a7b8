// tcp_flows: packet-level reference for Meridian's TCP model (issue 14, validation suite).
//
// P parallel TCP bulk flows (BulkSend, total `bytes` split equally) from host `snd` to host `rcv`
// over   snd --access-- rtr --bottleneck-- rcv:
//   * access link: 10 x the bottleneck bandwidth, zero delay, a queue that never drops (the
//     Linux sender never drops in its own qdisc: TCP small queues hold data in the socket);
//   * bottleneck: `bw_gbps`, one-way delay rtt/2, a drop-tail queue of `queue_pkts` packets in
//     rtr's device (the default FqCoDel queue disc is uninstalled so the device queue is the
//     only buffer), random per-packet loss `loss` (RateErrorModel) on rcv's receive side, i.e.
//     data direction only; the ACK direction is loss-free.
// TCP: SegmentSize 1448 (+ 52 B of TCP/IP headers with timestamps = 1500 B IP packets),
// InitialCwnd 10 (RFC 6928), SACK, timestamps, window scaling and PRR recovery at ns-3
// defaults, TcpCubic (HyStart on) or TcpNewReno, SndBufSize/RcvBufSize from the command line.
// Two timers follow Linux instead of ns-3's defaults (docs/validation.md shows why):
//   * MinRto = 200 ms + RTT: Linux clamps rttvar to at least tcp_rto_min (200 ms) in
//     tcp_rtt_estimator, so its RTO = srtt + rttvar is never below srtt + 200 ms; ns-3 clamps
//     the RTO itself to MinRto;
//   * DelAckTimeout = 40 ms (Linux TCP_DELACK_MIN = TCP_ATO_MIN, the initial delayed-ACK
//     timeout; ns-3's default is 200 ms). Delayed ACK every 2nd segment as both do.
// With ns-3's MinRto 200 ms and 200 ms delayed ACK, a connection whose cwnd fell to 1 after an
// RTO loops forever: each new lone segment waits 200 ms for its delayed ACK, the 200 ms RTO
// fires first and resends it, and cwnd never grows (one segment per ~RTO + RTT).
//
// Warm start: each connection's handshake runs first; a flow's clock starts at its first
// BulkSend Tx (the instant the connection is established and data is handed to TCP), and the
// loss model is switched on at that instant so no SYN is lost. The handshake time is printed
// separately. Output, one CSV line:
//   flows,handshake_s,flow_1_s,...,flow_P_s,overall_s,queue_drops,random_drops
// where flow_i_s = time the sink received the flow's last byte - flow start, overall_s = last
// byte of any flow - earliest flow start.

#include "linux_cc.h"
#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/traffic-control-module.h"
#include "star_net.h"

#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

using namespace ns3;
using reference::ms;

namespace {

struct FlowState
{
    uint64_t target_bytes = 0;
    uint64_t received_bytes = 0;
    double start_s = -1.0;
    double end_s = -1.0;
};

std::vector<FlowState> g_flows;
Ptr<RateErrorModel> g_loss;
uint64_t g_queue_drops = 0;
uint64_t g_random_drops = 0;

void onSinkRx(uint32_t flow, Ptr<const Packet> packet, const Address&)
{
    FlowState& f = g_flows[flow];
    f.received_bytes += packet->GetSize();
    if (f.end_s < 0 && f.received_bytes >= f.target_bytes) {
        f.end_s = Simulator::Now().GetSeconds();
    }
}

void onFirstTx(uint32_t flow, Ptr<const Packet>)
{
    FlowState& f = g_flows[flow];
    if (f.start_s < 0) {
        f.start_s = Simulator::Now().GetSeconds();
        g_loss->Enable();
    }
}

uint64_t g_rtr_rx = 0;

void onRouterRx(Ptr<const Packet>)
{
    ++g_rtr_rx;
}

void onRandomDrop(Ptr<const Packet>)
{
    ++g_random_drops;
}

// --trace: every flow's congestion window, bytes in flight and ssthresh at every cwnd change,
// as "flow t_s cwnd_bytes inflight_bytes ssthresh_bytes" lines on stderr, and at the end one
// "# flow F: N retransmission timeouts" line per flow (entries into CA_LOSS).
struct TracedFlow
{
    Ptr<TcpSocketBase> socket;
    std::uint32_t ssthresh = 0;
    std::uint32_t timeouts = 0;
};

std::vector<TracedFlow> g_traced;

void onSsthresh(uint32_t flow, uint32_t, uint32_t ssthresh)
{
    g_traced[flow].ssthresh = ssthresh;
}

void onCwnd(uint32_t flow, uint32_t, uint32_t cwnd)
{
    const TracedFlow& f = g_traced[flow];
    std::fprintf(stderr, "%u %.6f %u %u %u\n", flow, Simulator::Now().GetSeconds(), cwnd,
                 f.socket->GetTxBuffer()->BytesInFlight(), f.ssthresh);
}

void onCongState(uint32_t flow, TcpSocketState::TcpCongState_t, TcpSocketState::TcpCongState_t now)
{
    if (now == TcpSocketState::CA_LOSS) {
        ++g_traced[flow].timeouts;
    }
}

void startTrace(uint32_t flow, Ptr<Application> app)
{
    TracedFlow& f = g_traced[flow];
    f.socket = DynamicCast<TcpSocketBase>(DynamicCast<BulkSendApplication>(app)->GetSocket());
    f.socket->TraceConnectWithoutContext("CongestionWindow", MakeBoundCallback(&onCwnd, flow));
    f.socket->TraceConnectWithoutContext("SlowStartThreshold",
                                         MakeBoundCallback(&onSsthresh, flow));
    f.socket->TraceConnectWithoutContext("CongState", MakeBoundCallback(&onCongState, flow));
}

} // namespace

int main(int argc, char* argv[])
{
    uint32_t flows = 1;
    double bw_gbps = 1.0;
    double rtt_ms = 20.0;
    double loss = 0.0;
    uint32_t queue_pkts = 1000;
    uint64_t bytes = 100000000;
    std::string cc = "cubic";
    uint32_t sndbuf_bytes = 4 * 1024 * 1024;
    uint32_t rcvbuf_bytes = 6 * 1024 * 1024;
    uint32_t run = 1;
    double max_sim_s = 20000.0;
    double min_rto_ms = -1.0;
    double delack_ms = 40.0;
    bool trace = false;
    double start_spread_ms = 0.0;
    bool separate_senders = false;

    CommandLine cmd(__FILE__);
    cmd.AddValue("flows", "parallel TCP flows", flows);
    cmd.AddValue("bw_gbps", "bottleneck bandwidth, Gbit/s", bw_gbps);
    cmd.AddValue("rtt_ms", "round-trip propagation delay, ms (bottleneck one-way = rtt/2)", rtt_ms);
    cmd.AddValue("loss", "per-packet loss probability on the bottleneck (data direction)", loss);
    cmd.AddValue("queue_pkts", "drop-tail queue of the bottleneck, packets", queue_pkts);
    cmd.AddValue("bytes", "total bytes over all flows (split equally)", bytes);
    cmd.AddValue("cc",
                 "congestion control: cubic, newreno (ns-3's own), linux-cubic or linux-reno "
                 "(Linux's rules, linux_cc.h)",
                 cc);
    cmd.AddValue("sndbuf", "TcpSocket::SndBufSize, bytes", sndbuf_bytes);
    cmd.AddValue("rcvbuf", "TcpSocket::RcvBufSize, bytes", rcvbuf_bytes);
    cmd.AddValue("run", "RNG run number", run);
    cmd.AddValue("max_sim_s", "simulated-time limit, s", max_sim_s);
    cmd.AddValue("min_rto_ms", "TcpSocketBase::MinRto, ms (default 200 + rtt_ms, as Linux)",
                 min_rto_ms);
    cmd.AddValue("delack_ms", "TcpSocket::DelAckTimeout, ms (default 40, Linux TCP_DELACK_MIN)",
                 delack_ms);
    cmd.AddValue("trace", "print every flow's cwnd, flight, ssthresh and timeouts to stderr",
                 trace);
    cmd.AddValue("start_spread_ms",
                 "each flow's application starts at a uniform random instant in [0, this], ms "
                 "(0: all at once); drawn from the run's RNG",
                 start_spread_ms);
    cmd.AddValue("separate_senders",
                 "each flow from its own sender host with its own access link (default: all "
                 "from one host, whose device queue serves their packets in arrival order)",
                 separate_senders);
    cmd.Parse(argc, argv);

    RngSeedManager::SetSeed(1);
    RngSeedManager::SetRun(run);

    if (!UseCongestionControl(cc)) {
        return 2;
    }
    reference::setLinuxTcpDefaults(10, sndbuf_bytes, rcvbuf_bytes,
                                   min_rto_ms >= 0 ? min_rto_ms : 200.0 + rtt_ms, delack_ms);

    NodeContainer nodes;
    nodes.Create(3);       // 0 = snd, 1 = rtr, 2 = rcv
    NodeContainer senders; // --separate_senders: flow i's host (else snd for every flow)
    senders.Add(nodes.Get(0));
    if (separate_senders) {
        for (uint32_t i = 1; i < flows; ++i) {
            senders.Create(1);
        }
    }
    const std::string bw = std::to_string(bw_gbps * 1e9) + "bps";
    const std::string access_bw = std::to_string(10.0 * bw_gbps * 1e9) + "bps";

    PointToPointHelper access;
    access.SetDeviceAttribute("DataRate", StringValue(access_bw));
    access.SetChannelAttribute("Delay", TimeValue(Seconds(0)));
    access.SetQueue("ns3::DropTailQueue<Packet>", "MaxSize", StringValue("1000000p"));
    NetDeviceContainer access_devs = access.Install(nodes.Get(0), nodes.Get(1));
    std::vector<NetDeviceContainer> extra_access;
    for (uint32_t i = 1; i < senders.GetN(); ++i) {
        extra_access.push_back(access.Install(senders.Get(i), nodes.Get(1)));
    }

    PointToPointHelper bottleneck;
    bottleneck.SetDeviceAttribute("DataRate", StringValue(bw));
    bottleneck.SetChannelAttribute("Delay", TimeValue(ms(rtt_ms / 2.0)));
    bottleneck.SetQueue("ns3::DropTailQueue<Packet>", "MaxSize",
                        StringValue(std::to_string(queue_pkts) + "p"));
    NetDeviceContainer bn_devs = bottleneck.Install(nodes.Get(1), nodes.Get(2));
    // The ACK direction (rcv -> rtr) must not drop ACKs: a large queue there.
    bn_devs.Get(1)->GetObject<PointToPointNetDevice>()->GetQueue()->SetMaxSize(
        QueueSize("1000000p"));

    g_loss = CreateObject<RateErrorModel>();
    g_loss->SetUnit(RateErrorModel::ERROR_UNIT_PACKET);
    g_loss->SetRate(loss);
    g_loss->Disable();
    bn_devs.Get(1)->SetAttribute("ReceiveErrorModel", PointerValue(g_loss));

    InternetStackHelper stack;
    stack.Install(nodes);
    for (uint32_t i = 1; i < senders.GetN(); ++i) {
        stack.Install(senders.Get(i));
    }
    Ipv4AddressHelper addr;
    addr.SetBase("10.1.1.0", "255.255.255.0");
    addr.Assign(access_devs);
    addr.SetBase("10.1.2.0", "255.255.255.0");
    Ipv4InterfaceContainer bn_if = addr.Assign(bn_devs);
    TrafficControlHelper tch;
    tch.Uninstall(access_devs);
    tch.Uninstall(bn_devs);
    for (std::size_t i = 0; i < extra_access.size(); ++i) {
        addr.SetBase(("10.2." + std::to_string(i + 1) + ".0").c_str(), "255.255.255.0");
        addr.Assign(extra_access[i]);
        tch.Uninstall(extra_access[i]);
    }
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();

    Ptr<UniformRandomVariable> start_draw = CreateObject<UniformRandomVariable>();
    start_draw->SetStream(7);
    g_flows.assign(flows, FlowState{});
    const uint64_t per_flow = bytes / flows;
    for (uint32_t i = 0; i < flows; ++i) {
        const uint16_t port = static_cast<uint16_t>(5000 + i);
        g_flows[i].target_bytes = per_flow + (i + 1 == flows ? bytes - per_flow * flows : 0);
        PacketSinkHelper sink("ns3::TcpSocketFactory",
                              InetSocketAddress(Ipv4Address::GetAny(), port));
        ApplicationContainer sink_app = sink.Install(nodes.Get(2));
        sink_app.Start(Seconds(0));
        sink_app.Get(0)->TraceConnectWithoutContext("Rx", MakeBoundCallback(&onSinkRx, i));

        BulkSendHelper src("ns3::TcpSocketFactory", InetSocketAddress(bn_if.GetAddress(1), port));
        src.SetAttribute("MaxBytes", UintegerValue(g_flows[i].target_bytes));
        src.SetAttribute("SendSize", UintegerValue(1448 * 16));
        ApplicationContainer src_app = src.Install(senders.Get(i < senders.GetN() ? i : 0));
        src_app.Start(start_spread_ms > 0.0
                          ? MicroSeconds(static_cast<int64_t>(
                                start_draw->GetValue(0.0, start_spread_ms * 1000.0)))
                          : Seconds(0));
        src_app.Get(0)->TraceConnectWithoutContext("Tx", MakeBoundCallback(&onFirstTx, i));
        if (trace) {
            g_traced.resize(flows);
            Simulator::Schedule(NanoSeconds(1), &startTrace, i, src_app.Get(0));
        }
    }
    // Bottleneck drops by accounting: with no queue disc, ns-3.37 drops a packet ahead of a full
    // (stopped) device queue without counting it in the queue, so drops = packets rtr received
    // from snd - packets its bottleneck queue accepted.
    access_devs.Get(1)->TraceConnectWithoutContext("MacRx", MakeCallback(&onRouterRx));
    for (const NetDeviceContainer& d : extra_access) {
        d.Get(1)->TraceConnectWithoutContext("MacRx", MakeCallback(&onRouterRx));
    }
    bn_devs.Get(1)->TraceConnectWithoutContext("PhyRxDrop", MakeCallback(&onRandomDrop));

    Simulator::Stop(Seconds(max_sim_s));
    Simulator::Run();

    g_queue_drops =
        g_rtr_rx -
        bn_devs.Get(0)->GetObject<PointToPointNetDevice>()->GetQueue()->GetTotalReceivedPackets();
    double first_start_s = 1e300;
    double last_end_s = 0.0;
    bool complete = true;
    std::string per_flow_csv;
    for (const FlowState& f : g_flows) {
        complete = complete && f.end_s >= 0 && f.start_s >= 0;
        first_start_s = std::min(first_start_s, f.start_s);
        last_end_s = std::max(last_end_s, f.end_s);
        char buf[64];
        std::snprintf(buf, sizeof buf, ",%.6f", f.end_s >= 0 ? f.end_s - f.start_s : -1.0);
        per_flow_csv += buf;
    }
    std::printf("%u,%.6f%s,%.6f,%llu,%llu\n", flows, first_start_s, per_flow_csv.c_str(),
                complete ? last_end_s - first_start_s : -1.0,
                static_cast<unsigned long long>(g_queue_drops),
                static_cast<unsigned long long>(g_random_drops));
    for (std::size_t i = 0; i < g_traced.size(); ++i) {
        std::fprintf(stderr, "# flow %zu: %u retransmission timeouts\n", i, g_traced[i].timeouts);
    }
    Simulator::Destroy();
    return complete ? 0 : 3;
}
