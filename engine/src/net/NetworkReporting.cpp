// Network: what it reports — link statistics (LinkStatsRecorder's integrals and series), a
// resource's standing queue and losses (docs/network-model.md §4, §9) and the live figures an
// observer reads during a run (rates, queue, loss, background bytes). Connections, rates and
// link changes are in Network.cpp, the life of a transfer in NetworkTransfers.cpp.
#include "ConnectionTable.hpp"
#include "NetworkFlow.hpp"
#include "meridian/core/Error.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace meridian::net {

using topology::LinkParams;

namespace {
// A UDP source paced below this share of its cap is held back by the network (it sends more
// than it gets); the same margin as isSaturated (ConnectionTable.hpp).
constexpr double kSaturatedShare = 1e-9;
} // namespace

bool Network::saturated(std::uint32_t resource) const
{
    return isSaturated(m_solver.allocBps(resource), m_solver.capacityBps(resource));
}

LinkStatsRecorder::State Network::resourceState(std::uint32_t resource) const
{
    // Queue: network-model.md §4, the standing queue a message whose first saturated link this
    // is waits behind (ConnectionTable::latency), none at a host's or GPU's own interface.
    // Loss: the link's random loss of what it carries, plus what paced UDP sources send above
    // their share where their path first saturates (traffic.md: the queue drops it).
    LinkStatsRecorder::State s;
    const LinkParams& p = m_arcs[resource].params;
    s.lossFraction = p.loss;
    if (!saturated(resource))
        return s;
    const double capacity_bps = m_solver.capacityBps(resource);
    const SharedBottlenecks& shared = m_connections.bottlenecks();
    if (!m_hostSends[resource] && shared.queueingFlows(resource) > 0)
        s.queue_s =
            shared.standingQueueBytes(resource, p.queueBytes(p.packetBytes(m_config.packet_bytes)),
                                      m_solver.allocBps(resource)) *
            8.0 / capacity_bps;
    for (std::uint32_t slot : m_solver.flowsOn(resource)) {
        const Flow& f = m_flows[slot];
        const double cap_bps = m_solver.capBps(slot);
        const double rate_bps = m_solver.rateBps(slot);
        if (f.protocol != Protocol::Udp || !(f.rateCap_bps > 0.0) ||
            !(rate_bps < cap_bps * (1.0 - kSaturatedShare)))
            continue;
        for (std::uint32_t a : m_connections[f.conn].arcs)
            if (saturated(m_arcs[a].resource)) {
                if (m_arcs[a].resource == resource)
                    s.overflow_bps += cap_bps - rate_bps;
                break;
            }
    }
    return s;
}

void Network::refreshStates(std::uint32_t conn)
{
    // A burst counts no standing queue (SharedBottlenecks::queueingFlows, standingQueueBytes):
    // a message entering or leaving its last window changes the queue of its saturated
    // resources though no rate need move, so no re-allocation notes it. Only a state that
    // differs is settled and replaced, so the integrals of the others are not split.
    for (std::uint32_t r : m_connections[conn].resources) {
        const LinkStatsRecorder::State fresh = resourceState(r);
        if (fresh == m_stats.state(r))
            continue;
        m_stats.settle(r);
        m_stats.noteState(r, fresh);
    }
}

// ---------------------------------------------------------------------------------------
// Statistics

double Network::backgroundBytes(LinkId link, int dir)
{
    MERIDIAN_ASSERT(link.index() < m_topology.linkCount() && (dir == 0 || dir == 1),
                    "Network::backgroundBytes: unknown link direction");
    for (std::uint32_t slot = 0; slot < m_flows.size(); ++slot)
        if (m_flows[slot].live && m_flows[slot].dataPhase && m_flows[slot].background)
            settleFlow(slot);
    return m_backgroundBits[m_arcs[2 * link.index() + dir].resource] / 8.0;
}

std::vector<Network::DirectionRates> Network::directionRates() const
{
    std::vector<DirectionRates> out(2 * m_topology.linkCount());
    for (std::size_t arc = 0; arc < out.size(); ++arc) {
        const std::uint32_t r = m_arcs[arc].resource;
        out[arc] = {m_solver.allocBps(r), m_stats.backgroundBps(r)};
    }
    return out;
}

LinkStats Network::linkStats(LinkId link, int dir)
{
    MERIDIAN_ASSERT(link.index() < m_topology.linkCount() && (dir == 0 || dir == 1),
                    "Network::linkStats: unknown link direction");
    return m_stats.stats(m_arcs[2 * link.index() + dir].resource, link, dir);
}

double Network::lastUtilisation(LinkId link, int dir) const
{
    MERIDIAN_ASSERT(link.index() < m_topology.linkCount() && (dir == 0 || dir == 1),
                    "Network::lastUtilisation: unknown link direction");
    return m_stats.lastUtilisation(m_arcs[2 * link.index() + dir].resource);
}

Network::QueueAndLoss Network::queueAndLoss(LinkId link, int dir) const
{
    MERIDIAN_ASSERT(link.index() < m_topology.linkCount() && (dir == 0 || dir == 1),
                    "Network::queueAndLoss: unknown link direction");
    const std::uint32_t r = m_arcs[2 * link.index() + dir].resource;
    // The state the link statistics integrate (noted at each re-allocation, Network::recompute),
    // not a fresh resourceState(): O(1) instead of a loop over the link's flows, and the same
    // figure whose interval means are the queue and loss series (network-model.md §4).
    const LinkStatsRecorder::State s = m_stats.state(r);
    // As LinkStatsRecorder integrates them: lost = p·carried + overflow, of carried + overflow.
    const double alloc_bps = m_solver.allocBps(r);
    const double arriving_bps = alloc_bps + s.overflow_bps;
    return {s.queue_s, arriving_bps > 0.0
                           ? (s.lossFraction * alloc_bps + s.overflow_bps) / arriving_bps
                           : 0.0};
}

std::vector<LinkStats> Network::allLinkStats()
{
    std::vector<LinkStats> out;
    out.reserve(m_arcs.size());
    for (std::size_t l = 0; l < m_topology.linkCount(); ++l)
        for (int dir = 0; dir < 2; ++dir)
            out.push_back(linkStats(LinkId::fromIndex(l), dir));
    return out;
}

} // namespace meridian::net
