#include "ConnectionTable.hpp"

#include "meridian/net/MaxMinSolver.hpp"
#include "meridian/net/TransportModel.hpp"
#include "meridian/sim/RngStream.hpp"

#include <algorithm>
#include <cmath>

namespace meridian::net {

namespace {
// Domain tag of the jitter streams' entity ids: (tag << 32 | arc), so that no other user of
// RngStream(seed, small id, ...) can draw the same stream.
constexpr std::uint64_t kJitterDomain = 0x4A495454ull; // "JITT"
// Domain tag of the loss streams (mixed with the connection's src, dst and stream).
constexpr std::uint64_t kLossDomain = 0x4C4F5353ull; // "LOSS"

std::uint64_t pairKey(NodeId a, NodeId b)
{
    return (static_cast<std::uint64_t>(a.value()) << 32) | b.value();
}

// The entity id of a connection's loss stream: one per (src, dst, stream).
std::uint64_t lossStream(NodeId src, NodeId dst, std::uint32_t stream)
{
    std::uint64_t state = pairKey(src, dst) ^ (kLossDomain << 16);
    return sim::RngStream::splitMix64(state) ^ stream;
}

// The rules of c's bottleneck as c's window round consults them.
class RulesFor final : public BottleneckRules
{
public:
    RulesFor(SharedBottlenecks& shared, Connection& c) : m_shared(shared), m_c(c) {}
    double sharers() const override { return m_shared.sharers(m_c.path.bottleneckResource); }
    double ahead() const override { return m_shared.slowStartOrder(m_c) - 1.0; }
    double queueS() const override { return m_shared.queueS(m_c); }
    bool positionalExit(sim::SimTime now) override { return m_shared.positionalExit(m_c, now); }
    bool delayExit(sim::SimTime now) override { return m_shared.delayExit(m_c, now); }
    bool overflow(sim::SimTime now) override { return m_shared.overflow(m_c, now); }

private:
    SharedBottlenecks& m_shared;
    Connection& m_c;
};
} // namespace

ConnectionTable::ConnectionTable(const NetworkConfig& config, topology::Router& router,
                                 std::vector<LinkDirection>& arcs, const MaxMinSolver& solver,
                                 std::size_t resourceCount, std::vector<bool> endHosts)
    : m_config(config), m_router(router), m_arcs(arcs), m_solver(solver),
      m_shared(config, m_connections, resourceCount), m_pricing(config),
      m_endHosts(std::move(endHosts))
{}

namespace {
std::uint64_t indexHash(std::uint64_t pair, std::uint32_t stream)
{
    std::uint64_t state = pair ^ (std::uint64_t{stream} << 48);
    return sim::RngStream::splitMix64(state);
}
} // namespace

void ConnectionTable::growIndex()
{
    const std::size_t size = std::max<std::size_t>(64, 2 * m_connectionIndex.size());
    m_connectionIndex.assign(size, IndexEntry{});
    for (std::uint32_t ci = 0; ci < m_connections.size(); ++ci) {
        const Connection& c = m_connections[ci];
        const std::uint64_t pair = pairKey(c.src, c.dst);
        m_connectionIndex[probe(pair, c.stream)] = {pair, c.stream, ci};
    }
}

inline std::size_t ConnectionTable::probe(std::uint64_t pair, std::uint32_t stream) const
{
    const std::size_t mask = m_connectionIndex.size() - 1;
    for (std::size_t at = static_cast<std::size_t>(indexHash(pair, stream)) & mask;;
         at = (at + 1) & mask) {
        const IndexEntry& e = m_connectionIndex[at];
        if (e.connection == kNoEntry || (e.pair == pair && e.stream == stream))
            return at;
    }
}

std::uint32_t ConnectionTable::connectionFor(NodeId src, NodeId dst, std::uint32_t stream)
{
    const std::uint64_t pair = pairKey(src, dst);
    if (m_connectionIndex.empty())
        growIndex();
    const std::size_t at = probe(pair, stream);
    if (m_connectionIndex[at].connection != kNoEntry)
        return m_connectionIndex[at].connection;
    // A new connection: the next index, as connections are created in order.
    const auto ci = static_cast<std::uint32_t>(m_connections.size());
    Connection c;
    c.src = src;
    c.dst = dst;
    c.stream = stream;
    c.window = TcpWindow(lossStream(src, dst, stream));
    m_connections.push_back(std::move(c));
    if (2 * m_connections.size() > m_connectionIndex.size()) {
        growIndex(); // re-inserts the new connection too
        return ci;
    }
    m_connectionIndex[at] = {pair, stream, ci};
    return ci;
}

// ---------------------------------------------------------------------------------------
// Routes and path figures

std::optional<topology::Route> ConnectionTable::pathOf(NodeId a, NodeId b, std::uint32_t stream)
{
    // ECMP: the connection (one 5-tuple in a real network) hashes onto one equal-cost path;
    // another stream between the same hosts is another 5-tuple (another source port).
    if (!m_config.ecmp)
        return m_router.route(a, b);
    std::uint64_t key = pairKey(a, b) + std::uint64_t{stream} * 0x9E3779B97F4A7C15ull;
    return m_router.hashedRoute(a, b, sim::RngStream::splitMix64(key));
}

void ConnectionTable::routeReverse(Connection& c)
{
    c.revArcs.clear();
    if (const auto rev = pathOf(c.dst, c.src, c.stream)) {
        for (const auto& h : rev->hops)
            c.revArcs.push_back(static_cast<std::uint32_t>(2 * h.link.index() + h.dir));
    } // else: no ACK path (one-way failure); the RTT falls back to 2× the forward delay
}

bool ConnectionTable::pathDown(const std::vector<std::uint32_t>& arcs) const
{
    for (std::uint32_t a : arcs)
        if (!m_router.linkUp(LinkId::fromIndex(a / 2)))
            return true;
    return false;
}

bool ConnectionTable::route(std::uint32_t ci)
{
    Connection& c = m_connections[ci];
    if (c.routeEpoch == m_routeEpoch) {
        // Same route, but a schedule step may have changed a link parameter since.
        if (c.hasRoute && c.paramEpoch != m_paramEpoch)
            refresh(c);
        return c.hasRoute;
    }
    c.routeEpoch = m_routeEpoch;
    c.arcs.clear();
    c.revArcs.clear();
    c.resources.clear();
    const auto fwd = pathOf(c.src, c.dst, c.stream);
    c.hasRoute = fwd.has_value();
    if (!c.hasRoute) {
        c.path.routed = false;
        return false;
    }
    for (const auto& h : fwd->hops) {
        const auto a = static_cast<std::uint32_t>(2 * h.link.index() + h.dir);
        c.arcs.push_back(a);
        c.resources.push_back(m_arcs[a].resource);
    }
    routeReverse(c);
    refresh(c);
    return true;
}

void ConnectionTable::refresh(Connection& c)
{
    const double oldLoss = c.path.loss;
    c.path = measurePath(c.arcs, c.revArcs, m_arcs, m_solver, m_config);
    c.paramEpoch = m_paramEpoch;
    if (c.path.loss != oldLoss)
        c.window.restartLossClock(context(c));
}

// ---------------------------------------------------------------------------------------
// TCP

double ConnectionTable::flowCapBps(const Connection& c, Protocol protocol, double queue_s) const
{
    if (protocol != Protocol::Tcp)
        return kInf;
    double cap = c.window.capBps(c.path, queue_s);
    // A message larger than the application's in-flight limit (a chunk of several NCCL
    // slices) cannot outrun the slots it stands for: at most appWindow_bytes per one-way
    // delay, a slot being free again once its data has arrived (as the DAG's slots are).
    if (c.messages.appBound && c.path.rtt_s > 0.0)
        cap = std::min(cap, c.messages.appWindow_bytes * 8.0 / (0.5 * c.path.rtt_s + queue_s));
    return cap / std::max<std::uint32_t>(1, c.messages.tcpFlows);
}

double ConnectionTable::flowCapBps(const Connection& c, Protocol protocol) const
{
    return flowCapBps(c, protocol, m_shared.queueS(c));
}

bool ConnectionTable::windowRound(Connection& c, double tcpRate_bps, sim::SimTime now)
{
    RulesFor rules(m_shared, c);
    return c.window.round(context(c), tcpRate_bps, now, rules);
}

void ConnectionTable::countTcpFlow(Connection& c, int delta)
{
    m_shared.countTcpFlow(c, static_cast<std::uint32_t>(&c - m_connections.data()), delta);
}

// ---------------------------------------------------------------------------------------
// Send log

void SendLog::record(sim::SimTime now, double bytes, double rtt_s)
{
    m_logged_bytes += bytes;
    m_points.emplace_back(now.toSeconds(), m_logged_bytes);
    // Keep one point at or before the horizon now − RTT; older ones are never read again.
    const double horizon = now.toSeconds() - rtt_s;
    while (m_points.size() > 2 && m_points[1].first <= horizon)
        m_points.pop_front();
}

double SendLog::inFlightBytes(sim::SimTime now, double sending_bytes, double rtt_s) const
{
    const double t = now.toSeconds();
    const double horizon = t - rtt_s;
    const double total = m_logged_bytes + sending_bytes;
    if (m_points.empty())
        return total;
    // Bytes sent by the horizon: interpolated in the log, extended by (now, total).
    double before = m_points.front().second;
    if (horizon >= m_points.front().first) {
        auto point = [&](std::size_t i) {
            return i < m_points.size() ? m_points[i] : std::make_pair(t, total);
        };
        for (std::size_t i = 0; i < m_points.size(); ++i) {
            const auto [t0, b0] = point(i);
            const auto [t1, b1] = point(i + 1);
            if (horizon < t1 || i + 1 == m_points.size()) {
                const double f = t1 > t0 ? std::clamp((horizon - t0) / (t1 - t0), 0.0, 1.0) : 1.0;
                before = b0 + f * (b1 - b0);
                break;
            }
        }
    }
    return std::max(0.0, total - before);
}

// ---------------------------------------------------------------------------------------
// Latency

double ConnectionTable::latencyS(const Connection& c, FlowId flow, bool includeQueueing)
{
    double latency = 0.0;
    double packetTimes = 0.0;
    double bottleneckPacket = 0.0;
    bool queued = !includeQueueing;
    for (std::uint32_t a : c.arcs) {
        LinkDirection& arc = m_arcs[a];
        const topology::LinkParams& p = arc.params;
        // Counter-based stream of this message on this link direction: its sample does not
        // depend on which other messages crossed the link before.
        double j = 0.0;
        if (p.jitter_s > 0.0) {
            sim::RngStream rng(m_config.seed, (kJitterDomain << 32) | a, flow.value());
            j = TransportModel::jitterSample(rng, p.jitter_s, p.jitter_distribution);
        }
        if (p.jitter_correlation > 0.0) {
            const double rho = std::clamp(p.jitter_correlation, 0.0, 1.0);
            j = (1.0 - rho) * j + rho * arc.lastJitter_s;
        }
        arc.lastJitter_s = j;
        latency += std::max(0.0, p.delay_s + j);
        const double capacity_bps = m_solver.capacityBps(arc.resource);
        const double packet_bytes = p.packetBytes(m_config.packet_bytes);
        if (capacity_bps > 0.0) {
            const double t = packet_bytes * 8.0 / capacity_bps;
            packetTimes += t;
            bottleneckPacket = std::max(bottleneckPacket, t);
            // Only the first saturated link carrying TCP in congestion avoidance queues: the
            // links after it receive at most its rate. A last-window burst builds no queue, and
            // neither does the interface of a host or GPU sender: what exceeds the pipe there
            // waits in the sending host (Linux's TCP small queues keep about a millisecond in
            // the qdisc and NIC), which is the fluid's own serialisation. A centre, switch or
            // router stands for a faster fabric behind its link, whose queue is real.
            const double alloc_bps = m_solver.allocBps(arc.resource);
            if (!queued && m_shared.queueingFlows(arc.resource) > 0 &&
                isSaturated(alloc_bps, capacity_bps)) {
                queued = true;
                const bool ownInterface = a == c.arcs.front() &&
                                          c.src.value() < m_endHosts.size() &&
                                          m_endHosts[c.src.value()];
                if (!ownInterface)
                    latency += m_shared.standingQueueBytes(arc.resource, p.queueBytes(packet_bytes),
                                                           alloc_bps) *
                               8.0 / capacity_bps;
            }
        }
    }
    return latency + (packetTimes - bottleneckPacket);
}

} // namespace meridian::net
