#include "SharedBottlenecks.hpp"

#include "ConnectionTable.hpp"

#include <algorithm>
#include <cmath>

namespace meridian::net {

namespace {
// HyStart's delay threshold η = clamp(RTT_min/8, 4 ms, 16 ms) (tcp_cubic.c HYSTART_DELAY_MIN,
// HYSTART_DELAY_MAX).
constexpr double kHystartDelayMinS = 0.004;
constexpr double kHystartDelayMaxS = 0.016;
// The part of a connection's own slow-start burst that drains before its first ACKs are
// sampled (positionalExit): fitted to the kernel's traces, docs/validation.md §3.2.
constexpr double kPositionalDrain = 0.8;
// What one ACK releases at once in congestion avoidance (segments): Linux acknowledges every
// second full segment (tcp_input.c __tcp_ack_snd_check, RFC 5681 §4.2) and builds at least
// tcp_min_tso_segs = 2 segments per skb (tcp_output.c tcp_tso_autosize).
constexpr double kLockOutBurstSegments = 2.0;

// η·C_b: the queue (bytes) whose delay HyStart's delay rule detects.
double hystartDelayBytes(const PathFigures& path)
{
    const double eta_s = std::clamp(path.rtt_s / 8.0, kHystartDelayMinS, kHystartDelayMaxS);
    return path.bottleneck_bps * eta_s / 8.0;
}
} // namespace

SharedBottlenecks::SharedBottlenecks(const NetworkConfig& config,
                                     const std::vector<Connection>& connections,
                                     std::size_t resourceCount)
    : m_config(config), m_connections(connections), m_load(resourceCount)
{}

TcpContext SharedBottlenecks::context(const Connection& c) const
{
    return {m_config, c.path};
}

void SharedBottlenecks::countTcpFlow(Connection& c, std::uint32_t ci, int delta)
{
    // A connection counts while it has a TCP message.
    const bool opened = delta > 0 && c.messages.tcpFlows == 1;
    const bool closed = delta < 0 && c.messages.tcpFlows == 0;
    if (opened && c.path.bottleneckResource < m_load.size())
        c.place.rank = static_cast<std::uint32_t>(m_load[c.path.bottleneckResource].members.size());
    for (std::uint32_t r : c.resources) {
        Load& load = m_load[r];
        load.flows += static_cast<std::uint32_t>(delta);
        if (opened)
            load.members.push_back(ci);
        if (closed)
            load.members.erase(std::find(load.members.begin(), load.members.end(), ci));
    }
}

void SharedBottlenecks::countBurst(const Connection& c, int delta)
{
    for (std::uint32_t r : c.resources)
        m_load[r].bursts += static_cast<std::uint32_t>(delta);
}

double SharedBottlenecks::sharers(std::uint32_t resource) const
{
    return std::max(1.0, static_cast<double>(m_load[resource].members.size()));
}

double SharedBottlenecks::slowStartOrder(const Connection& c) const
{
    return std::min(static_cast<double>(c.place.rank) + 1.0, sharers(c.path.bottleneckResource));
}

double SharedBottlenecks::sendLimitBytes(const Connection& c) const
{
    const double rwnd = m_config.max_window_bytes > 0.0 ? m_config.max_window_bytes
                                                        : std::numeric_limits<double>::infinity();
    const double app = c.messages.appWindow_bytes;
    return app > 0.0 ? std::min(rwnd, app) : rwnd;
}

double SharedBottlenecks::inflightBytes(const Connection& c) const
{
    return std::min(c.window.cwndBytes(), sendLimitBytes(c));
}

double SharedBottlenecks::windowsBytes(const Connection& c) const
{
    double windows = 0.0;
    for (std::uint32_t oi : m_load[c.path.bottleneckResource].members) {
        const Connection& o = m_connections[oi];
        if (o.path.bottleneckResource == c.path.bottleneckResource)
            windows += inflightBytes(o);
    }
    return windows;
}

double SharedBottlenecks::queueS(const Connection& c) const
{
    if (c.arcs.empty() || sharers(c.path.bottleneckResource) < 2.0)
        return 0.0;
    return queueS(c, windowsBytes(c));
}

double SharedBottlenecks::queueS(const Connection& c, double windows_bytes) const
{
    if (c.arcs.empty() || !c.path.hasBottleneck() || sharers(c.path.bottleneckResource) < 2.0)
        return 0.0;
    const double queue_bytes =
        std::clamp(windows_bytes - c.path.bdpBytes(), 0.0, c.path.buffer_bytes);
    return queue_bytes * 8.0 / c.path.bottleneck_bps;
}

bool SharedBottlenecks::noteQueue(std::uint32_t resource, double queue_s)
{
    double& last = m_load[resource].queue_s;
    if (last == queue_s)
        return false;
    last = queue_s;
    return true;
}

bool SharedBottlenecks::lockOut(const Connection& c) const
{
    return !c.path.lossEvents() && c.path.buffer_bytes < kLockOutBurstSegments *
                                                             sharers(c.path.bottleneckResource) *
                                                             m_config.mss_bytes;
}

bool SharedBottlenecks::overflow(Connection& c, sim::SimTime now) const
{
    // Like the overshoot, the overflow is c's loss event; Network cuts the others
    // (cutForOverflow). A connection in its recovery does not count it again.
    const PathFigures& path = c.path;
    c.place.spared = BottleneckPlace::kNoConnection;
    if (c.arcs.empty() || path.rtt_s <= 0.0 || !std::isfinite(path.bottleneck_bps) ||
        sharers(path.bottleneckResource) < 2.0 || c.window.inRecovery(path, now))
        return false;
    const bool slowStart = c.window.inSlowStart();
    if (!slowStart && !lockOut(c))
        return false;
    if (!(windowsBytes(c) > path.pipeAndBufferBytes()))
        return false;
    c.place.overflowed = true;
    if (!slowStart) {
        // Drop-tail lock-out (RFC 7567 §2): into a queue that cannot hold a burst of each
        // connection, the largest window's packets, which keep it full, get in, and the other
        // connections' bursts find it full. The overflow cuts every connection but that one
        // (the first on the bottleneck among equal windows).
        double largest_bytes = -1.0;
        for (std::uint32_t oi : m_load[path.bottleneckResource].members) {
            const Connection& o = m_connections[oi];
            if (o.path.bottleneckResource != path.bottleneckResource)
                continue;
            const double w = inflightBytes(o);
            if (w > largest_bytes) {
                largest_bytes = w;
                c.place.spared = oi;
            }
        }
        if (c.place.spared == static_cast<std::uint32_t>(&c - m_connections.data()))
            return true;
    }
    c.window.overflowLoss(context(c), now);
    return true;
}

double SharedBottlenecks::hystartDelayBytesFor(const Connection& c) const
{
    const PathFigures& path = c.path;
    if (m_config.congestion_control != CongestionControl::Cubic || c.arcs.empty() ||
        path.rtt_s <= 0.0 || !path.hasBottleneck() || sharers(path.bottleneckResource) < 2.0 ||
        c.window.cwndBytes() < TcpWindow::kHystartLowWindowSegments * m_config.mss_bytes)
        return 0.0;
    const double delay_bytes = hystartDelayBytes(path);
    // A buffer that cannot hold η never shows the delay.
    return path.buffer_bytes < delay_bytes ? 0.0 : delay_bytes;
}

bool SharedBottlenecks::positionalExit(Connection& c, sim::SimTime now) const
{
    // HyStart's delay rule takes the smallest RTT among a round's first ACKs (tcp_cubic.c
    // HYSTART_MIN_SAMPLES). A connection whose round reaches the bottleneck behind the rounds
    // of connections still in slow start finds their bursts queued: each adds half its window
    // (its round sends twice what its ACKs drain). Its first ACKs see Σ_ahead W_o/2 of queue,
    // less what drains while its own burst starts (δ·W_c/2, δ = 0.8 from the kernel's traces:
    // four flows at 100 Mbit/s and 80 ms leave at 89, 169, ≈ 650 and ≈ 650 segments,
    // docs/validation.md §3.2), and leaves slow start at its window once that is η·C_b. The
    // connections ahead of it keep doubling; the first ones leave by the delay exit below.
    const PathFigures& path = c.path;
    const double delay_bytes = hystartDelayBytesFor(c);
    if (!(delay_bytes > 0.0))
        return false;
    double ahead_bytes = 0.0;
    for (std::uint32_t oi : m_load[path.bottleneckResource].members) {
        const Connection& o = m_connections[oi];
        if (oi != &c - m_connections.data() &&
            o.path.bottleneckResource == path.bottleneckResource && o.window.inSlowStart() &&
            o.place.rank < c.place.rank)
            ahead_bytes += 0.5 * inflightBytes(o);
    }
    const double own_bytes = inflightBytes(c);
    if (ahead_bytes - kPositionalDrain * 0.5 * own_bytes < delay_bytes)
        return false;
    c.window.exitSlowStartAt(context(c), c.window.cwndBytes(), now);
    return true;
}

bool SharedBottlenecks::delayExit(Connection& c, sim::SimTime now) const
{
    const PathFigures& path = c.path;
    const double delay_bytes = hystartDelayBytesFor(c);
    if (!(delay_bytes > 0.0))
        return false;
    const double pipe_bytes = path.bdpBytes();
    const double full_bytes = path.pipeAndBufferBytes();
    // The windows through the bottleneck now; what they were a round ago (a window in slow
    // start has doubled since); and what the connections in slow start share at the exit.
    double windows_bytes = 0.0;
    double previous_bytes = 0.0;
    double others_bytes = 0.0;
    double slowStarting = 0.0;
    for (std::uint32_t oi : m_load[path.bottleneckResource].members) {
        const Connection& o = m_connections[oi];
        if (o.path.bottleneckResource != path.bottleneckResource)
            continue;
        const double w = inflightBytes(o);
        windows_bytes += w;
        if (o.window.inSlowStart()) {
            slowStarting += 1.0;
            previous_bytes += 0.5 * w;
        } else {
            others_bytes += w;
            previous_bytes += w;
        }
    }
    // The round's first ACKs see the queue the last round left beyond the pipe.
    if (previous_bytes < pipe_bytes + delay_bytes && windows_bytes <= full_bytes)
        return false;
    c.place.delayExitShared_bytes = std::max(0.0, windows_bytes - others_bytes);
    c.place.delayExitConnections = slowStarting;
    const double share = std::max(2.0 * m_config.mss_bytes, delayExitShare(c, c));
    c.place.delayExited = true;
    if (windows_bytes > full_bytes) {
        c.window.overflowLossAt(context(c), share, now);
        c.place.overflowed = true;
    } else {
        c.window.exitSlowStartAt(context(c), share, now);
    }
    return true;
}

double SharedBottlenecks::delayExitShare(const Connection& o, const Connection& by) const
{
    return by.place.delayExitConnections > 0.0
               ? by.place.delayExitShared_bytes / by.place.delayExitConnections
               : o.window.cwndBytes();
}

bool SharedBottlenecks::joinDelayExit(Connection& o, const Connection& by, sim::SimTime now) const
{
    if (&o == &by || o.messages.tcpFlows == 0 || !o.window.inSlowStart() || o.path.rtt_s <= 0.0 ||
        o.path.bottleneckResource != by.path.bottleneckResource)
        return false;
    o.window.exitSlowStartAt(context(o), std::max(2.0 * m_config.mss_bytes, delayExitShare(o, by)),
                             now);
    return true;
}

bool SharedBottlenecks::cutForOverflow(Connection& o, const Connection& by, sim::SimTime now) const
{
    if (&o == &by || o.messages.tcpFlows == 0 || o.path.rtt_s <= 0.0 ||
        o.path.bottleneckResource != by.path.bottleneckResource ||
        o.window.inRecovery(o.path, now) ||
        by.place.spared == static_cast<std::uint32_t>(&o - m_connections.data()))
        return false;
    o.window.cutByOverflow(context(o), now);
    return true;
}

double SharedBottlenecks::standingQueueBytes(std::uint32_t resource, double queue_bytes,
                                             double alloc_bps) const
{
    // A drop-tail queue holds what the windows put in flight beyond the pipe: each connection o
    // through the link gets r = alloc/n and keeps W_o − r·RTT_o queued (the inflight − BDP
    // relation). W_o is the window the model tracks (slow start, congestion-avoidance growth, a
    // lossy path's windows cut by random losses), at most the send limit: a window still below
    // its BDP share keeps nothing queued. A loss-free window that has filled the buffer (cut by
    // an overflow since it started fresh) or reached the steady cap runs the sawtooth at its
    // send limit. While Σ_o (W_o − r·RTT_o) < Q that is a constant standing queue and nothing
    // is lost; once the windows fill the buffer, drops cut them and the queue swings between
    // ≈ 0 and Q (Reno or CUBIC sawtooth; Appenzeller et al., SIGCOMM 2004): mean Q/2.
    // Only connections sending one message that started on an idle connection (a bulk
    // transfer) count. A connection whose message follows on its previous one (within an RTT)
    // or shares it with others has the bytes ahead of it in its own serialisation (ordered
    // messages wait for the one sending, unordered ones share its rate): the fluid already
    // delays them by that queue, and counting it again halved pipelined rings at short RTT
    // (network-model.md §4; ShortRttPipelineValidationTest).
    const Load& load = m_load[resource];
    const double share_Bps = alloc_bps / 8.0 / sharers(resource);
    double excess_bytes = 0.0;
    for (std::uint32_t oi : load.members) {
        const Connection& o = m_connections[oi];
        const std::uint32_t queueing = o.messages.tcpFlows - o.messages.bursts;
        if (queueing != 1 || o.messages.followsOn)
            continue;
        const bool filledBuffer =
            !o.window.limits(o.path) || (!o.path.lossEvents() && o.window.cutSinceFresh());
        const double window_bytes = filledBuffer ? sendLimitBytes(o) : inflightBytes(o);
        excess_bytes += std::max(0.0, window_bytes - share_Bps * o.path.rtt_s);
        if (!(excess_bytes < queue_bytes))
            return 0.5 * queue_bytes;
    }
    return excess_bytes;
}

} // namespace meridian::net
