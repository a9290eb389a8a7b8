// nccl_tree: packet-level reference for an NCCL-like double binary tree all-reduce over TCP.
//
// Network as in nccl_ring.cc: a star of N hosts, each joined to one switch by a link of
// `bw_gbps` and one-way delay `delay_ms` (host to host = 2 x delay_ms one way). The switch's
// port towards each host has a drop-tail queue of `queue_pkts` packets; a host's own device
// queue never drops. The default FqCoDel queue discs are uninstalled.
//
// Trees. Tree 0 is the binary tree NCCL builds over the ranks (graph/trees.cc): rank 0 is the
// root; any other rank r, with b its lowest set bit, hangs under (r with b cleared and the next
// bit up set), or under r with b cleared when that would be past the last rank. Tree 1 is the
// mirror image of tree 0 (rank r plays rank N-1-r, root N-1) when N is even, and tree 0 moved
// up by one rank (root 1) when N is odd; so most ranks are inner nodes of one tree and leaves
// of the other.
//
// All-reduce of `bytes` (the full vector, nccl-tests convention) over `channels` channels
// (default 2); channel c runs tree c mod 2 over bytes/channels of the vector, cut into chunks of
// `chunk_bytes` (NCCL Simple protocol: NCCL_BUFFSIZE 4 MiB / NCCL_STEPS 8 = 512 KiB). Every
// tree edge of a channel has two persistent TCP connections, one in-order byte stream each:
// child -> parent (reduce, "up") and parent -> child (broadcast, "down"). On each connection at
// most `slots` chunks may be written by the sender and not yet fully received by the receiver
// (a slot frees when the last byte of its chunk arrives: an oracle credit). Chunk j goes
//   up from a leaf at once; up from an inner rank once chunk j fully arrived from ALL its
//   children (reduction time zero); the root holds the reduced chunk j once chunk j arrived
//   from all its children;
//   down from the root once it holds the reduced chunk j; down from an inner rank once chunk j
//   fully arrived from its parent.
// The reduce and broadcast pipelines run independently (NCCL's split tree kernel: separate
// thread groups), so chunk j+1 going up never waits for chunk j coming down. Chunks go in
// order on every connection. The all-reduce ends when every rank holds every chunk of every
// channel from the broadcast (a tree's root: when it has reduced them).
//
// Warm start: all connections are opened and their handshakes completed before the collective
// starts (t0 = the instant the last connection is established); TCP then starts from its
// initial window (IW 10, slow start).
//
// TCP settings as nccl_ring.cc (SegmentSize 1448, IW 10, SACK, MinRto = 200 ms + path RTT,
// DelAckTimeout 40 ms, congestion control from --cc via linux_cc.h, SndBufSize/RcvBufSize from
// the command line).
// Output, one CSV line: n,channels,chunk_bytes,slots,handshake_s,total_s,queue_drops
// (total_s = end - t0; -1 if the simulation stopped before the end).

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

constexpr int kNone = -1;

// One tree connection of one channel: rank `from` -> rank `to`, up (reduce) or down (broadcast).
struct Connection
{
    uint32_t from = 0;
    uint32_t to = 0;
    uint32_t channel = 0;
    bool up = true;
    Ptr<Socket> tx;
    Ptr<Socket> rx;
    uint64_t queued_chunks = 0;    // chunks handed to the connection
    uint64_t delivered_chunks = 0; // chunks fully received by `to` (slots free again)
    uint64_t unwritten_bytes = 0;  // queued bytes not yet accepted by the TCP send buffer
    uint64_t received_bytes = 0;
};

// A rank's connections on one channel (indices into g_conns; kNone when absent).
struct RankState
{
    int parent = kNone;             // parent rank in this channel's tree
    std::vector<uint32_t> children; // child ranks
    int up_out = kNone;             // to the parent
    int down_in = kNone;            // from the parent
    std::vector<uint32_t> up_in;    // from each child
    std::vector<uint32_t> down_out; // to each child
    bool done = false;
};

struct Params
{
    uint32_t n = 4;
    uint32_t channels = 2;
    uint64_t bytes = 64ull << 20;
    uint64_t chunk_bytes = 512ull << 10;
    uint32_t slots = 8;
};

Params g_p;
std::vector<Connection> g_conns;
std::vector<std::vector<RankState>> g_ranks; // [channel][rank]
uint64_t g_channel_bytes = 0;                // bytes of the vector one channel carries
uint64_t g_chunks = 0;                       // chunks per channel
uint32_t g_established = 0;
double g_t0_s = -1.0;
double g_end_s = -1.0;
uint32_t g_done = 0; // (channel, rank) pairs holding every chunk

// NCCL's tree 0 (graph/trees.cc, binary tree over ranks 0..n-1, root 0): parent of r or kNone.
int parentTree0(uint32_t r, uint32_t n)
{
    if (r == 0) {
        return kNone;
    }
    const uint32_t b = r & (~r + 1); // lowest set bit
    const uint32_t up = (r ^ b) | (b << 1);
    return static_cast<int>(up < n ? up : (r ^ b));
}

// Tree 1: mirror of tree 0 for even n, tree 0 shifted by one rank for odd n.
int parentTree1(uint32_t r, uint32_t n)
{
    if (n % 2 == 0) {
        const int p = parentTree0(n - 1 - r, n);
        return p == kNone ? kNone : static_cast<int>(n - 1 - p);
    }
    const int p = parentTree0((r + n - 1) % n, n);
    return p == kNone ? kNone : static_cast<int>((p + 1) % n);
}

uint64_t chunkSize(uint64_t j)
{
    return std::min(g_p.chunk_bytes, g_channel_bytes - j * g_p.chunk_bytes);
}

// Chunks of `channel` that `rank` holds reduced (the sum over its subtree): leaves all of them,
// others as many as arrived from every child.
uint64_t reducedChunks(uint32_t channel, uint32_t rank)
{
    uint64_t m = g_chunks;
    for (uint32_t k : g_ranks[channel][rank].up_in) {
        m = std::min(m, g_conns[k].delivered_chunks);
    }
    return m;
}

// Chunks of `channel` that `rank` holds fully reduced (the broadcast's data).
uint64_t finalChunks(uint32_t channel, uint32_t rank)
{
    const RankState& s = g_ranks[channel][rank];
    return s.parent == kNone ? reducedChunks(channel, rank) : g_conns[s.down_in].delivered_chunks;
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

// Queue every chunk of connection `c` whose data the sender holds and that has a free slot.
void trySend(Connection& c)
{
    const uint64_t ready = c.up ? reducedChunks(c.channel, c.from) : finalChunks(c.channel, c.from);
    while (c.queued_chunks < ready && c.queued_chunks - c.delivered_chunks < g_p.slots) {
        c.unwritten_bytes += chunkSize(c.queued_chunks);
        ++c.queued_chunks;
    }
    pump(c);
}

void trySendFrom(uint32_t channel, uint32_t rank)
{
    const RankState& s = g_ranks[channel][rank];
    if (s.up_out != kNone) {
        trySend(g_conns[s.up_out]);
    }
    for (uint32_t k : s.down_out) {
        trySend(g_conns[k]);
    }
}

void trySendAll()
{
    for (Connection& c : g_conns) {
        trySend(c);
    }
}

void onChunkDelivered(uint32_t index)
{
    Connection& c = g_conns[index];
    ++c.delivered_chunks;
    trySend(c);                   // its slot is free again
    trySendFrom(c.channel, c.to); // the receiver may now pass the chunk on
    RankState& s = g_ranks[c.channel][c.to];
    if (!s.done && finalChunks(c.channel, c.to) == g_chunks) {
        s.done = true;
        if (++g_done == g_p.channels * g_p.n) {
            g_end_s = Simulator::Now().GetSeconds();
            Simulator::Stop();
        }
    }
}

void onRecv(uint32_t index, Ptr<Socket> socket)
{
    Connection& c = g_conns[index];
    while (Ptr<Packet> packet = socket->Recv()) {
        c.received_bytes += packet->GetSize();
        while (c.delivered_chunks < g_chunks &&
               c.received_bytes >=
                   std::min((c.delivered_chunks + 1) * g_p.chunk_bytes, g_channel_bytes)) {
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
        trySendAll();
    }
}

void onConnected(Ptr<Socket>)
{
    onEstablished();
}

void onConnectFailed(Ptr<Socket>)
{
    std::fprintf(stderr, "nccl_tree: a connection failed\n");
    Simulator::Stop();
}

bool onConnectionRequest(Ptr<Socket>, const Address&)
{
    return true;
}

// Each connection has its own listening port on its receiver; the accepted socket is its rx.
void onAccept(uint32_t index, Ptr<Socket> socket, const Address&)
{
    g_conns[index].rx = socket;
    socket->SetRecvCallback(MakeBoundCallback(&onRecv, index));
    onEstablished();
}

} // namespace

int main(int argc, char* argv[])
{
    double bw_gbps = 10.0;
    double delay_ms = 0.5;
    uint32_t queue_pkts = 5000;
    std::string cc = "cubic";
    uint32_t sndbuf_bytes = 4 * 1024 * 1024;
    uint32_t rcvbuf_bytes = 6 * 1024 * 1024;
    uint32_t run = 1;
    double max_sim_s = 20000.0;
    double min_rto_ms = -1.0;
    double delack_ms = 40.0;
    bool print_trees = false;

    CommandLine cmd(__FILE__);
    cmd.AddValue("n", "ranks (hosts)", g_p.n);
    cmd.AddValue("channels", "channels; channel c runs tree c mod 2 over bytes/channels",
                 g_p.channels);
    cmd.AddValue("bytes", "all-reduce size S, bytes", g_p.bytes);
    cmd.AddValue("chunk_bytes", "chunk (slot) size, bytes", g_p.chunk_bytes);
    cmd.AddValue("slots", "chunks in flight per connection (NCCL_STEPS)", g_p.slots);
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
    cmd.AddValue("max_sim_s", "simulated-time limit, s", max_sim_s);
    cmd.AddValue("min_rto_ms", "TcpSocketBase::MinRto, ms (default 200 + host-to-host RTT)",
                 min_rto_ms);
    cmd.AddValue("delack_ms", "TcpSocket::DelAckTimeout, ms (default 40, Linux TCP_DELACK_MIN)",
                 delack_ms);
    cmd.AddValue("print_trees", "print each tree's parent array to stderr", print_trees);
    cmd.Parse(argc, argv);

    const uint32_t n = g_p.n;
    if (n < 2 || g_p.channels < 1 || g_p.slots < 1 || g_p.chunk_bytes < 1 ||
        g_p.bytes < uint64_t{g_p.channels}) {
        std::fprintf(stderr, "nccl_tree: need n >= 2, channels, slots, chunk_bytes >= 1\n");
        return 2;
    }
    RngSeedManager::SetSeed(1);
    RngSeedManager::SetRun(run);
    if (!UseCongestionControl(cc)) {
        return 2;
    }
    reference::setLinuxTcpDefaults(10, sndbuf_bytes, rcvbuf_bytes,
                                   min_rto_ms >= 0 ? min_rto_ms : 200.0 + 4.0 * delay_ms,
                                   delack_ms);

    g_channel_bytes = g_p.bytes / g_p.channels;
    g_chunks = (g_channel_bytes + g_p.chunk_bytes - 1) / g_p.chunk_bytes;

    // Trees and their connections (up and down per edge).
    g_ranks.assign(g_p.channels, std::vector<RankState>(n));
    for (uint32_t c = 0; c < g_p.channels; ++c) {
        for (uint32_t r = 0; r < n; ++r) {
            const int p = (c % 2 == 0) ? parentTree0(r, n) : parentTree1(r, n);
            g_ranks[c][r].parent = p;
            if (p != kNone) {
                g_ranks[c][p].children.push_back(r);
            }
        }
        for (uint32_t r = 0; r < n; ++r) {
            RankState& s = g_ranks[c][r];
            if (s.parent == kNone) {
                continue;
            }
            const uint32_t p = static_cast<uint32_t>(s.parent);
            for (bool up : {true, false}) {
                Connection k;
                k.from = up ? r : p;
                k.to = up ? p : r;
                k.channel = c;
                k.up = up;
                const uint32_t index = static_cast<uint32_t>(g_conns.size());
                g_conns.push_back(k);
                if (up) {
                    s.up_out = static_cast<int>(index);
                    g_ranks[c][p].up_in.push_back(index);
                } else {
                    s.down_in = static_cast<int>(index);
                    g_ranks[c][p].down_out.push_back(index);
                }
            }
        }
        if (print_trees) {
            std::fprintf(stderr, "channel %u (tree %u) parents:", c, c % 2);
            for (uint32_t r = 0; r < n; ++r) {
                std::fprintf(stderr, " %d", g_ranks[c][r].parent);
            }
            std::fprintf(stderr, "\n");
        }
    }

    reference::Star star(n, bw_gbps, delay_ms, queue_pkts);
    for (uint32_t index = 0; index < g_conns.size(); ++index) {
        Connection& k = g_conns[index];
        const uint16_t port = static_cast<uint16_t>(6000 + index);
        Ptr<Socket> listener =
            Socket::CreateSocket(star.hosts.Get(k.to), TcpSocketFactory::GetTypeId());
        listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), port));
        listener->Listen();
        listener->SetAcceptCallback(MakeCallback(&onConnectionRequest),
                                    MakeBoundCallback(&onAccept, index));
        k.tx = Socket::CreateSocket(star.hosts.Get(k.from), TcpSocketFactory::GetTypeId());
        k.tx->Bind();
        k.tx->SetConnectCallback(MakeCallback(&onConnected), MakeCallback(&onConnectFailed));
        k.tx->SetSendCallback(MakeBoundCallback(&onTxSpace, index));
        k.tx->Connect(InetSocketAddress(star.host_ip[k.to], port));
    }

    Simulator::Stop(Seconds(max_sim_s));
    Simulator::Run();

    const uint64_t queue_drops = star.queueDrops();
    const bool complete = g_end_s >= 0;
    std::printf("%u,%u,%llu,%u,%.6f,%.6f,%llu\n", n, g_p.channels,
                static_cast<unsigned long long>(g_p.chunk_bytes), g_p.slots, g_t0_s,
                complete ? g_end_s - g_t0_s : -1.0, static_cast<unsigned long long>(queue_drops));
    Simulator::Destroy();
    return complete ? 0 : 3;
}
