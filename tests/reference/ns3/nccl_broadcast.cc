// nccl_broadcast: packet-level reference for NCCL's ring broadcast (issue 35, "Fidelity II").
//
// Star network as nccl_ring.cc: N hosts, each joined to one switch by a link of `bw_gbps` and
// one-way delay `delay_ms` (host to host = 2 x delay_ms one way); the switch's port towards each
// host has a drop-tail queue of `queue_pkts` packets, a host's own device queue never drops, and
// the default FqCoDel queue discs are uninstalled.
//
// Broadcast of `bytes` from rank 0 as NCCL runs it (src/device/broadcast.h, runRing; Simple
// protocol; docs/collectives.md, "Ring broadcast / reduce"): a pipeline along the ring
// 0 -> 1 -> ... -> N-1 (rank N-1 only receives). Channel c of `channels` carries its own
// contiguous part of the buffer (bytes/channels) on its own connections, one persistent TCP
// connection per ring edge, cut into slices of `slice_bytes` (BROADCAST_SLICESTEPS = 1 slot:
// NCCL_BUFFSIZE 4 MiB / NCCL_STEPS 8 = 512 KiB). Rank r writes slice k into its connection when
//   (r == 0, or it has fully received slice k from its predecessor), and
//   fewer than `slots` (NCCL_STEPS = 8) slices it wrote are not yet fully received by the
//   successor (the slot is free again when the last byte of its slice arrives: an oracle
//   credit, as nccl_ring's default).
// Copies are free. Slices go in order on each connection.
//
// Warm start: every connection's handshake completes before the broadcast starts (t0 = the
// instant the last one is established); TCP then starts from its initial window (IW 10), each
// connection when its first slice is ready, so every hop pays its own slow start
// (--initial_cwnd larger than the slots' window takes slow start out).
// TCP settings as nccl_ring.cc: SegmentSize 1448, IW 10, SACK, MinRto = 200 ms + host-to-host
// RTT, DelAckTimeout 40 ms, congestion control by --cc (default linux-cubic: Linux's CUBIC rules,
// linux_cc.h). SndBufSize/RcvBufSize default to 2 x BDP + the switch queue (host-to-host RTT),
// so that neither buffer limits the window.
// Output, one CSV line in nccl_ring's format (one iteration):
//   n,channels,slice_bytes,slots,handshake_s,iter_times_s,total_s,queue_drops
// where iter_times_s = total_s = the instant rank N-1 received the last byte of every channel's
// last slice - t0.

#include "linux_cc.h"
#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/traffic-control-module.h"
#include "star_net.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

using namespace ns3;
using reference::ms;

namespace {

// One ring edge of one channel: rank `from` -> rank from+1.
struct Connection
{
    uint32_t channel = 0;
    uint32_t from = 0;
    Ptr<Socket> tx;
    uint64_t queued = 0;    // slices handed to the connection
    uint64_t delivered = 0; // slices fully received by the successor (their slots are free)
    uint64_t unwritten = 0; // queued bytes not yet accepted by the TCP send buffer
    uint64_t received = 0;  // bytes received by the successor
};

uint32_t g_n = 4;
uint32_t g_channels = 1;
uint64_t g_bytes = 128ull << 20;
uint64_t g_slice = 512ull << 10;
uint32_t g_slots = 8;

std::vector<Connection> g_conns; // index = channel * (n-1) + from
uint32_t g_established = 0;
uint32_t g_channels_done = 0;
double g_t0_s = -1.0;
double g_end_s = -1.0;

Connection& conn(uint32_t channel, uint32_t from)
{
    return g_conns[channel * (g_n - 1) + from];
}

// Channel c's contiguous part of the buffer (the last channel takes the remainder).
uint64_t partBytes(uint32_t c)
{
    const uint64_t base = g_bytes / g_channels;
    return c + 1 < g_channels ? base : g_bytes - base * (g_channels - 1);
}

uint64_t slices(uint32_t c)
{
    return (partBytes(c) + g_slice - 1) / g_slice;
}

// Stream bytes on a connection of channel c at the end of slice k.
uint64_t sliceEnd(uint32_t c, uint64_t k)
{
    return std::min((k + 1) * g_slice, partBytes(c));
}

uint64_t sliceBytes(uint32_t c, uint64_t k)
{
    return sliceEnd(c, k) - k * g_slice;
}

void pump(Connection& c)
{
    while (c.unwritten > 0) {
        const uint32_t room = c.tx->GetTxAvailable();
        if (room == 0) {
            return;
        }
        const uint32_t n = static_cast<uint32_t>(std::min<uint64_t>(room, c.unwritten));
        const int sent = c.tx->Send(Create<Packet>(n));
        if (sent <= 0) {
            return;
        }
        c.unwritten -= static_cast<uint64_t>(sent);
    }
}

// Queue every slice of `c` that its sender holds and that has a free slot.
void trySend(Connection& c)
{
    const uint64_t held = c.from == 0 ? slices(c.channel) : conn(c.channel, c.from - 1).delivered;
    while (c.queued < held && c.queued - c.delivered < g_slots) {
        c.unwritten += sliceBytes(c.channel, c.queued);
        ++c.queued;
    }
    pump(c);
}

void onRecv(uint32_t index, Ptr<Socket> socket)
{
    Connection& c = g_conns[index];
    const uint64_t before = c.delivered;
    while (Ptr<Packet> packet = socket->Recv()) {
        c.received += packet->GetSize();
    }
    const uint64_t total = slices(c.channel);
    while (c.delivered < total && c.received >= sliceEnd(c.channel, c.delivered)) {
        ++c.delivered;
    }
    if (c.delivered == before) {
        return;
    }
    trySend(c); // slots freed
    if (c.from + 2 < g_n) {
        trySend(conn(c.channel, c.from + 1)); // the successor forwards what it now holds
    } else if (c.delivered == total && ++g_channels_done == g_channels) {
        g_end_s = Simulator::Now().GetSeconds();
        Simulator::Stop();
    }
}

void onTxSpace(uint32_t index, Ptr<Socket>, uint32_t)
{
    pump(g_conns[index]);
}

void onEstablished()
{
    if (++g_established == 2 * g_conns.size()) {
        g_t0_s = Simulator::Now().GetSeconds();
        for (Connection& c : g_conns) {
            trySend(c);
        }
    }
}

void onConnected(Ptr<Socket>)
{
    onEstablished();
}

void onConnectFailed(Ptr<Socket>)
{
    std::fprintf(stderr, "nccl_broadcast: a connection failed\n");
    Simulator::Stop();
}

bool onConnectionRequest(Ptr<Socket>, const Address&)
{
    return true;
}

void onAccept(uint32_t index, Ptr<Socket> socket, const Address&)
{
    socket->SetRecvCallback(MakeBoundCallback(&onRecv, index));
    onEstablished();
}

} // namespace

int main(int argc, char* argv[])
{
    double bw_gbps = 1.0;
    double delay_ms = 5.0;
    uint32_t queue_pkts = 5000;
    std::string cc = "linux-cubic";
    uint32_t sndbuf_bytes = 0;
    uint32_t rcvbuf_bytes = 0;
    uint32_t run = 1;
    double max_sim_s = 20000.0;
    double min_rto_ms = -1.0;
    double delack_ms = 40.0;
    uint32_t initial_cwnd = 10;

    CommandLine cmd(__FILE__);
    cmd.AddValue("n", "ranks (hosts); rank 0 is the root", g_n);
    cmd.AddValue("channels", "rings, each its own part of the buffer and connections", g_channels);
    cmd.AddValue("bytes", "broadcast size S, bytes", g_bytes);
    cmd.AddValue("slice_bytes", "slice (slot) size, bytes", g_slice);
    cmd.AddValue("slots", "slices in flight per connection (NCCL_STEPS)", g_slots);
    cmd.AddValue("bw_gbps", "host link bandwidth, Gbit/s", bw_gbps);
    cmd.AddValue("delay_ms", "host link one-way delay, ms", delay_ms);
    cmd.AddValue("queue_pkts", "drop-tail queue of each switch port, packets", queue_pkts);
    cmd.AddValue("cc",
                 "congestion control: linux-cubic or linux-reno (Linux's rules, linux_cc.h), "
                 "cubic or newreno (ns-3's own)",
                 cc);
    cmd.AddValue("sndbuf", "TcpSocket::SndBufSize, bytes (0: 2 x BDP + queue)", sndbuf_bytes);
    cmd.AddValue("rcvbuf", "TcpSocket::RcvBufSize, bytes (0: 2 x BDP + queue)", rcvbuf_bytes);
    cmd.AddValue("run", "RNG run number", run);
    cmd.AddValue("max_sim_s", "simulated-time limit, s", max_sim_s);
    cmd.AddValue("min_rto_ms", "TcpSocketBase::MinRto, ms (default 200 + host-to-host RTT)",
                 min_rto_ms);
    cmd.AddValue("delack_ms", "TcpSocket::DelAckTimeout, ms (default 40, Linux TCP_DELACK_MIN)",
                 delack_ms);
    cmd.AddValue("initial_cwnd", "TcpSocket::InitialCwnd, segments (default 10, Linux's IW)",
                 initial_cwnd);
    cmd.Parse(argc, argv);
    if (g_n < 2 || g_channels < 1 || g_slice == 0 || g_slots == 0 || g_bytes < g_channels) {
        std::fprintf(stderr, "nccl_broadcast: need n >= 2, channels >= 1, slice_bytes > 0, "
                             "slots > 0 and bytes >= channels\n");
        return 2;
    }

    RngSeedManager::SetSeed(1);
    RngSeedManager::SetRun(run);
    if (!UseCongestionControl(cc)) {
        return 2;
    }
    const double rtt_s = 4.0 * delay_ms / 1e3; // host to host
    const auto unconstrained =
        static_cast<uint32_t>(2.0 * bw_gbps * 1e9 / 8 * rtt_s + queue_pkts * 1500.0);
    reference::setLinuxTcpDefaults(initial_cwnd, sndbuf_bytes ? sndbuf_bytes : unconstrained,
                                   rcvbuf_bytes ? rcvbuf_bytes : unconstrained,
                                   min_rto_ms >= 0 ? min_rto_ms : 200.0 + rtt_s * 1e3, delack_ms);

    reference::Star star(g_n, bw_gbps, delay_ms, queue_pkts);

    g_conns.resize(std::size_t{g_channels} * (g_n - 1));
    for (uint32_t c = 0; c < g_channels; ++c) {
        const uint16_t port = static_cast<uint16_t>(6000 + c);
        for (uint32_t r = 0; r + 1 < g_n; ++r) {
            Connection& k = conn(c, r);
            k.channel = c;
            k.from = r;
            const uint32_t index = c * (g_n - 1) + r;
            Ptr<Socket> listener =
                Socket::CreateSocket(star.hosts.Get(r + 1), TcpSocketFactory::GetTypeId());
            listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), port));
            listener->Listen();
            listener->SetAcceptCallback(MakeCallback(&onConnectionRequest),
                                        MakeBoundCallback(&onAccept, index));
            k.tx = Socket::CreateSocket(star.hosts.Get(r), TcpSocketFactory::GetTypeId());
            k.tx->Bind();
            k.tx->SetConnectCallback(MakeCallback(&onConnected), MakeCallback(&onConnectFailed));
            k.tx->SetSendCallback(MakeBoundCallback(&onTxSpace, index));
            k.tx->Connect(InetSocketAddress(star.host_ip[r + 1], port));
        }
    }

    Simulator::Stop(Seconds(max_sim_s));
    Simulator::Run();

    const bool complete = g_end_s >= 0;
    const double total_s = complete ? g_end_s - g_t0_s : -1.0;
    std::printf("%u,%u,%llu,%u,%.6f,%.6f,%.6f,%llu\n", g_n, g_channels,
                static_cast<unsigned long long>(g_slice), g_slots, g_t0_s, total_s, total_s,
                static_cast<unsigned long long>(star.queueDrops()));
    Simulator::Destroy();
    return complete ? 0 : 3;
}
