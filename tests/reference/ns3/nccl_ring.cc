// nccl_ring: packet-level reference for an NCCL-like pipelined ring all-reduce (issue 14).
//
// Star network: N hosts, each joined to one switch by a link of `bw_gbps` and one-way delay
// `delay_ms` (host to host = 2 x delay_ms one way). The switch's port towards each host has a
// drop-tail queue of `queue_pkts` packets; a host's own device queue never drops (Linux keeps
// unsent data in the socket, TCP small queues). The default FqCoDel queue discs are uninstalled.
//
// Ring all-reduce of `bytes` (the full vector, nccl-tests convention) over `channels` rings.
// Each channel c carries bytes/channels, split into N shards; the ring runs 2(N-1) steps
// (N-1 reduce-scatter, N-1 all-gather). Each rank r has ONE persistent TCP connection per
// channel to rank (r+1) mod N; data on a connection is one in-order byte stream. A step's shard
// is cut into chunks of `chunk_bytes` (NCCL Simple protocol: NCCL_BUFFSIZE 4 MiB / NCCL_STEPS 8
// = 512 KiB per slot). Rank r may write chunk j of step s into its connection when
//   (s == 0 or it has fully received chunk j of step s-1 from its predecessor), and
//   fewer than `slots` (NCCL_STEPS = 8) chunks it wrote are not yet fully received by the
//   successor (the receiver frees the slot when the last byte of the chunk arrives; the
//   sender learns it after `credit_delay_ms`, default 0: an oracle credit).
// Reduction compute time is zero. Chunks go in (step, chunk) order on each connection.
//
// Warm start: all connections are opened and their handshakes completed before the collective
// starts (t0 = the instant the last connection is established); TCP then starts from its
// initial window (IW 10, slow start), like a fresh Linux connection with no idle history.
// With --iters K the all-reduce runs K times back to back (iteration i+1 starts when every rank
// finished iteration i), so later iterations run on warm congestion windows.
//
// TCP settings as in tcp_flows.cc (SegmentSize 1448, IW 10, SACK, MinRto = 200 ms + path RTT and
// DelAckTimeout 40 ms as Linux, CUBIC with HyStart or NewReno, SndBufSize/RcvBufSize from the
// command line).
// Output, one CSV line: n,channels,chunk_bytes,slots,handshake_s,iter_times_s(';'-separated),
// total_s,queue_drops  (total_s = end of the last iteration - t0).

#include "linux_cc.h"
#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/traffic-control-module.h"
#include "star_net.h"

#include <cstdio>
#include <string>
#include <vector>

using namespace ns3;
using reference::ms;

namespace {

// One ring connection: rank `from` -> rank `to` on one channel.
struct Connection
{
    uint32_t from = 0;
    uint32_t to = 0;
    uint32_t channel = 0;
    Ptr<Socket> tx;
    Ptr<Socket> rx;
    uint64_t queued_chunks = 0;    // chunks handed to the connection (global index)
    uint64_t credited_chunks = 0;  // chunks whose slot the sender knows is free again
    uint64_t delivered_chunks = 0; // chunks fully received by `to`
    uint64_t unwritten_bytes = 0;  // queued bytes not yet accepted by the TCP send buffer
    uint64_t received_bytes = 0;
};

struct Params
{
    uint32_t n = 4;
    uint32_t channels = 1;
    uint64_t bytes = 64ull << 20;
    uint64_t chunk_bytes = 512ull << 10;
    uint32_t slots = 8;
    uint32_t iters = 1;
    double credit_delay_ms = 0.0;
    uint64_t loop_bytes = 0; ///< NCCL's loop chunk per step (0 = the whole shard: one loop)
};

Params g_p;
std::vector<Connection> g_conns; // index = channel * n + from
uint64_t g_chunks_per_step = 0;  // chunks of one step's shard on one channel
uint64_t g_shard_bytes = 0;      // one step's shard on one channel
uint64_t g_chunks_per_iter = 0;  // 2(n-1) steps
uint32_t g_established = 0;
double g_t0_s = -1.0;
uint64_t g_current_iter = 0;
uint32_t g_conns_done_iter = 0;
std::vector<double> g_iter_end_s;
uint64_t g_queue_drops = 0;
// The network; its random loss (--loss) is switched on when the last connection is established.
reference::Star* g_star = nullptr;

Connection& conn(uint32_t channel, uint32_t from)
{
    return g_conns[channel * g_p.n + from];
}

uint64_t chunkSize(uint64_t chunk_global)
{
    const uint64_t j = (chunk_global % g_chunks_per_iter) % g_chunks_per_step;
    const uint64_t start = j * g_p.chunk_bytes;
    return std::min(g_p.chunk_bytes, g_shard_bytes - start);
}

// Cumulative stream bytes at the end of chunk q on one connection.
uint64_t chunkEndBytes(uint64_t q)
{
    const uint64_t iter_bytes = 2ull * (g_p.n - 1) * g_shard_bytes;
    const uint64_t iter = q / g_chunks_per_iter;
    const uint64_t local = q % g_chunks_per_iter;
    const uint64_t step = local / g_chunks_per_step;
    const uint64_t j = local % g_chunks_per_step;
    return iter * iter_bytes + step * g_shard_bytes +
           std::min((j + 1) * g_p.chunk_bytes, g_shard_bytes);
}

void pump(Connection& c)
{
    while (c.unwritten_bytes > 0) {
        const uint32_t room = c.tx->GetTxAvailable();
        if (room == 0) {
            return;
        }
        const uint32_t n = static_cast<uint32_t>(std::min<uint64_t>(room, c.unwritten_bytes));
        const int sent = c.tx->Send(Create<Packet>(n));
        if (sent <= 0) {
            return;
        }
        c.unwritten_bytes -= static_cast<uint64_t>(sent);
    }
}

// Queue every chunk of connection `c` whose data is ready and that has a free slot.
void trySend(Connection& c)
{
    const Connection& in = conn(c.channel, (c.from + g_p.n - 1) % g_p.n);
    const uint64_t limit = (g_current_iter + 1) * g_chunks_per_iter;
    // NCCL's program order (device/all_reduce.h runRing): a channel runs loops of
    // loop_bytes per step one after the other, each through all 2(N-1) steps, slice by slice;
    // a loop ends with a blocking receive, so loop l+1's first send waits for every chunk of
    // loop l from the predecessor. loop_bytes = shard: one loop (plain chunk pipelining).
    const uint64_t k = g_p.loop_bytes / g_p.chunk_bytes; // chunks per step of a loop
    const uint64_t perLoop = 2ull * (g_p.n - 1) * k;     // chunks of one loop
    while (c.queued_chunks < limit && c.queued_chunks - c.credited_chunks < g_p.slots) {
        const uint64_t q = c.queued_chunks;
        const uint64_t base = q - q % g_chunks_per_iter;
        const uint64_t local = q % g_chunks_per_iter;
        const uint64_t loop = local / perLoop, inLoop = local % perLoop;
        if (inLoop >= k && in.delivered_chunks <= q - k) {
            break; // this slice of the previous step has not fully arrived from the predecessor
        }
        if (inLoop == 0 && loop > 0 && in.delivered_chunks < base + loop * perLoop) {
            break; // the previous loop's last receive has not completed
        }
        c.unwritten_bytes += chunkSize(q);
        ++c.queued_chunks;
    }
    pump(c);
}

void trySendAll()
{
    for (Connection& c : g_conns) {
        trySend(c);
    }
}

void credit(uint32_t index)
{
    Connection& c = g_conns[index];
    ++c.credited_chunks;
    trySend(c);
}

void onChunkDelivered(uint32_t index)
{
    Connection& c = g_conns[index];
    ++c.delivered_chunks;
    if (g_p.credit_delay_ms > 0) {
        Simulator::Schedule(ms(g_p.credit_delay_ms), &credit, index);
    } else {
        credit(index);
    }
    trySend(conn(c.channel, c.to)); // the receiver's next step may now go
    if (c.delivered_chunks == (g_current_iter + 1) * g_chunks_per_iter &&
        ++g_conns_done_iter == g_conns.size()) {
        g_iter_end_s.push_back(Simulator::Now().GetSeconds());
        g_conns_done_iter = 0;
        if (++g_current_iter < g_p.iters) {
            trySendAll();
        } else {
            Simulator::Stop();
        }
    }
}

void onRecv(uint32_t index, Ptr<Socket> socket)
{
    Connection& c = g_conns[index];
    while (Ptr<Packet> packet = socket->Recv()) {
        c.received_bytes += packet->GetSize();
        while (c.delivered_chunks < g_p.iters * g_chunks_per_iter &&
               c.received_bytes >= chunkEndBytes(c.delivered_chunks)) {
            onChunkDelivered(index);
        }
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
        g_star->enableLoss();
        trySendAll();
    }
}

void onConnected(Ptr<Socket>)
{
    onEstablished();
}

void onConnectFailed(Ptr<Socket>)
{
    std::fprintf(stderr, "nccl_ring: a connection failed\n");
    Simulator::Stop();
}

bool onConnectionRequest(Ptr<Socket>, const Address&)
{
    return true;
}

// Listening socket of `host` for channel `channel`: the accepted socket is the ring
// connection from the host's predecessor on that channel.
void onAccept(uint32_t index, Ptr<Socket> socket, const Address&)
{
    g_conns[index].rx = socket;
    socket->SetRecvCallback(MakeBoundCallback(&onRecv, index));
    onEstablished();
}

} // namespace

int main(int argc, char* argv[])
{
    double bw_gbps = 2.5;
    double delay_ms = 7.5;
    uint32_t queue_pkts = 5000;
    std::string cc = "cubic";
    uint32_t sndbuf_bytes = 4 * 1024 * 1024;
    uint32_t rcvbuf_bytes = 6 * 1024 * 1024;
    uint32_t run = 1;
    double loss = 0.0;
    double max_sim_s = 20000.0;
    double min_rto_ms = -1.0;
    double delack_ms = 40.0;

    CommandLine cmd(__FILE__);
    cmd.AddValue("n", "ranks (hosts)", g_p.n);
    cmd.AddValue("channels", "rings, each its own connections", g_p.channels);
    cmd.AddValue("bytes", "all-reduce size S, bytes", g_p.bytes);
    cmd.AddValue("chunk_bytes", "chunk (slot) size, bytes", g_p.chunk_bytes);
    cmd.AddValue("slots", "chunks in flight per connection (NCCL_STEPS)", g_p.slots);
    cmd.AddValue("loop_bytes",
                 "NCCL loop chunk per step (program order; 0 = the whole shard, one loop)",
                 g_p.loop_bytes);
    cmd.AddValue("iters", "back-to-back all-reduce iterations", g_p.iters);
    cmd.AddValue("credit_delay_ms", "delay before the sender learns a slot is free, ms",
                 g_p.credit_delay_ms);
    cmd.AddValue("bw_gbps", "host link bandwidth, Gbit/s", bw_gbps);
    cmd.AddValue("delay_ms", "host link one-way delay, ms", delay_ms);
    cmd.AddValue("queue_pkts", "drop-tail queue of each switch port, packets", queue_pkts);
    cmd.AddValue("cc",
                 "congestion control: cubic, newreno (ns-3's own), linux-cubic or linux-reno "
                 "(Linux's rules, linux_cc.h)",
                 cc);
    cmd.AddValue("sndbuf", "TcpSocket::SndBufSize, bytes", sndbuf_bytes);
    cmd.AddValue("rcvbuf", "TcpSocket::RcvBufSize, bytes", rcvbuf_bytes);
    cmd.AddValue("run", "RNG run number", run);
    cmd.AddValue("loss", "per-packet loss probability of each link direction (ACKs too)", loss);
    cmd.AddValue("max_sim_s", "simulated-time limit, s", max_sim_s);
    cmd.AddValue("min_rto_ms", "TcpSocketBase::MinRto, ms (default 200 + host-to-host RTT)",
                 min_rto_ms);
    cmd.AddValue("delack_ms", "TcpSocket::DelAckTimeout, ms (default 40, Linux TCP_DELACK_MIN)",
                 delack_ms);
    cmd.Parse(argc, argv);

    RngSeedManager::SetSeed(1);
    RngSeedManager::SetRun(run);
    if (!UseCongestionControl(cc)) {
        return 2;
    }
    reference::setLinuxTcpDefaults(10, sndbuf_bytes, rcvbuf_bytes,
                                   min_rto_ms >= 0 ? min_rto_ms : 200.0 + 4.0 * delay_ms,
                                   delack_ms);

    const uint32_t n = g_p.n;
    g_shard_bytes = g_p.bytes / (uint64_t{g_p.channels} * n);
    g_chunks_per_step = (g_shard_bytes + g_p.chunk_bytes - 1) / g_p.chunk_bytes;
    if (g_p.loop_bytes == 0) {
        g_p.loop_bytes = g_chunks_per_step * g_p.chunk_bytes;
    } else if (g_p.loop_bytes % g_p.chunk_bytes != 0 || g_shard_bytes % g_p.loop_bytes != 0) {
        std::fprintf(stderr,
                     "loop_bytes must divide the shard (%llu B) and be a multiple of "
                     "chunk_bytes\n",
                     static_cast<unsigned long long>(g_shard_bytes));
        return 2;
    }
    g_chunks_per_iter = 2ull * (n - 1) * g_chunks_per_step;

    reference::Star star(n, bw_gbps, delay_ms, queue_pkts, loss);
    g_star = &star;
    g_conns.resize(std::size_t{g_p.channels} * n);
    for (uint32_t c = 0; c < g_p.channels; ++c) {
        const uint16_t port = static_cast<uint16_t>(6000 + c);
        for (uint32_t r = 0; r < n; ++r) {
            Connection& k = conn(c, r);
            k.from = r;
            k.to = (r + 1) % n;
            k.channel = c;
            const uint32_t index = c * n + r;
            Ptr<Socket> listener =
                Socket::CreateSocket(star.hosts.Get(k.to), TcpSocketFactory::GetTypeId());
            listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), port));
            listener->Listen();
            listener->SetAcceptCallback(MakeCallback(&onConnectionRequest),
                                        MakeBoundCallback(&onAccept, index));
            k.tx = Socket::CreateSocket(star.hosts.Get(r), TcpSocketFactory::GetTypeId());
            k.tx->Bind();
            k.tx->SetConnectCallback(MakeCallback(&onConnected), MakeCallback(&onConnectFailed));
            k.tx->SetSendCallback(MakeBoundCallback(&onTxSpace, index));
            k.tx->Connect(InetSocketAddress(star.host_ip[k.to], port));
        }
    }

    Simulator::Stop(Seconds(max_sim_s));
    Simulator::Run();

    g_queue_drops = star.queueDrops();
    const bool complete = g_iter_end_s.size() == g_p.iters;
    std::string iters_csv;
    double prev_s = g_t0_s;
    for (double end_s : g_iter_end_s) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%s%.6f", iters_csv.empty() ? "" : ";", end_s - prev_s);
        iters_csv += buf;
        prev_s = end_s;
    }
    std::printf("%u,%u,%llu,%u,%.6f,%s,%.6f,%llu\n", n, g_p.channels,
                static_cast<unsigned long long>(g_p.chunk_bytes), g_p.slots, g_t0_s,
                iters_csv.c_str(), complete ? g_iter_end_s.back() - g_t0_s : -1.0,
                static_cast<unsigned long long>(g_queue_drops));
    Simulator::Destroy();
    return complete ? 0 : 3;
}
