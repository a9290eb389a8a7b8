#include "meridian/net/Network.hpp"

#include "ConnectionTable.hpp"
#include "FlowSlotIndex.hpp"
#include "NetworkFlow.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/net/TransportModel.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace meridian::net {

using topology::LinkParams;
using topology::ScheduleStep;

namespace {
/// By node index: whether the node sends through its own interface (a host or a GPU).
std::vector<bool> endHosts(const topology::Topology& topology)
{
    std::vector<bool> hosts(topology.nodeCount(), false);
    for (const topology::NodeKind kind : {topology::NodeKind::Host, topology::NodeKind::Gpu})
        for (const NodeId n : topology.nodesOfKind(kind))
            hosts[n.value()] = true;
    return hosts;
}
} // namespace

Network::Network(sim::Simulator& sim, const topology::Topology& topology, NetworkConfig config)
    : m_sim(sim), m_topology(topology), m_config(config), m_router(topology, config.metric),
      m_connectionTable(std::make_unique<ConnectionTable>(
          m_config, m_router, m_arcs, m_solver, 2 * topology.linkCount(), endHosts(topology))),
      m_connections(*m_connectionTable),
      m_stats(m_sim, m_solver, m_config.sample_interval_s, m_config.max_samples),
      m_slotOfFlow(std::make_unique<FlowSlotIndex>())
{
    const auto bad = [](const char* field, const char* problem) {
        return InputError({}, std::string("network/") + field, problem);
    };
    if (!(m_config.mss_bytes > 0.0) || !std::isfinite(m_config.mss_bytes))
        throw bad("mss_bytes", "must be a positive number");
    if (!(m_config.packet_bytes > 0.0) || !std::isfinite(m_config.packet_bytes))
        throw bad("packet_bytes", "must be a positive number");
    if (m_config.initial_window_segments < 1)
        throw bad("initial_window_segments", "must be at least 1");
    if (!(m_config.max_window_bytes >= 0.0))
        throw bad("max_window_bytes", "must be ≥ 0 (0 = unlimited)");
    if (!(m_config.min_rto_s >= 0.0) || !std::isfinite(m_config.min_rto_s))
        throw bad("min_rto_s", "must be ≥ 0");
    if (!(m_config.delayed_ack_b >= 1.0))
        throw bad("delayed_ack_b", "must be ≥ 1");
    if (!std::isfinite(m_config.sample_interval_s) ||
        !(m_config.sample_interval_s == 0.0 || m_config.sample_interval_s >= 1e-9))
        throw bad("sample_interval_s", "must be 0 (no time series) or ≥ 1e-9 s (1 ns)");
    if (m_config.max_samples < 2)
        throw bad("max_samples", "must be at least 2");
    m_drainHook = m_sim.addDrainHook([this] { onDrain(); });

    const std::size_t links = topology.linkCount();
    m_arcs.resize(2 * links);
    m_backgroundBits.assign(2 * links, 0.0);
    m_hostSends.assign(2 * links, false);
    const std::vector<bool> hosts = endHosts(topology);
    for (std::size_t l = 0; l < links; ++l) {
        const LinkId id = LinkId::fromIndex(l);
        const auto& attrs = topology.link(id);
        const bool half = attrs.duplex == topology::Duplex::Half;
        for (int dir = 0; dir < 2; ++dir) {
            const std::size_t a = 2 * l + dir;
            m_arcs[a].params = attrs.direction(dir);
            m_arcs[a].resource = static_cast<std::uint32_t>(half ? 2 * l : a);
            const auto sender = topology.findNode(dir == 0 ? attrs.a : attrs.b);
            m_hostSends[a] = sender && hosts[sender->value()];
        }
        const auto forward = static_cast<std::uint32_t>(2 * l);
        m_solver.addResource(capacityOf(forward));
        m_solver.addResource(capacityOf(forward + 1));
        const bool series = l < m_config.series_links;
        m_stats.track(forward, series);
        if (!half)
            m_stats.track(forward + 1, series);
        for (std::size_t s = 0; s < attrs.schedule.size(); ++s) {
            const ScheduleStep& step = attrs.schedule[s];
            if (!std::isfinite(step.at_s) || step.at_s < 0.0)
                throw InputError({},
                                 "/links/" + attrs.id + "/schedule/" + std::to_string(s) + "/at_s",
                                 "schedule time must be a finite number ≥ 0");
            const sim::SimTime at = sim::SimTime::fromSeconds(step.at_s);
            m_sim.schedule(std::max(at, m_sim.now()),
                           [this, id, step] { applyLinkChange(id, step); });
        }
    }
}

Network::~Network()
{
    m_sim.removeDrainHook(m_drainHook);
}

const LinkParams& Network::linkParams(LinkId link, int dir) const
{
    MERIDIAN_ASSERT(link.index() < m_topology.linkCount() && (dir == 0 || dir == 1),
                    "Network::linkParams: unknown link direction");
    return m_arcs[2 * link.index() + dir].params;
}

double Network::capacityOf(std::uint32_t r) const
{
    // Resource r is arc r's (one direction, or both of a half-duplex link when r is even).
    const std::size_t l = r / 2;
    const bool up = m_router.linkUp(LinkId::fromIndex(l));
    const bool half = m_arcs[2 * l].resource == m_arcs[2 * l + 1].resource;
    double cap = m_arcs[r].params.bandwidth_bps;
    if (half) // one medium for both directions: the slower direction's rate bounds it
        cap = std::min(m_arcs[2 * l].params.bandwidth_bps, m_arcs[2 * l + 1].params.bandwidth_bps);
    return up ? std::max(0.0, cap) : 0.0;
}

// ---------------------------------------------------------------------------------------
// Connections: keeping busy ones and their flows in step with the links

bool Network::prepareConnection(std::uint32_t ci)
{
    Connection& c = m_connections[ci];
    // An idle connection follows route changes; a busy one keeps its path unless a link of
    // it failed (then it moves, with its flows).
    if (c.messages.active == 0 || !c.hasRoute)
        return m_connections.route(ci);
    if (m_connections.pathDown(c.arcs)) {
        LinkId failed;
        for (std::uint32_t a : c.arcs)
            if (!m_router.linkUp(LinkId::fromIndex(a / 2)))
                failed = LinkId::fromIndex(a / 2);
        return rerouteBusy(ci, failed);
    }
    if (m_connections.pathDown(c.revArcs)) {
        m_connections.routeReverse(c);
        m_connections.markStale(c);
    }
    if (m_connections.stale(c))
        refreshBusy(ci);
    return true;
}

void Network::refreshBusy(std::uint32_t ci)
{
    m_connections.refresh(m_connections[ci]);
    const Connection& c = m_connections[ci];
    if (c.messages.tcpFlows > 0 && c.window.limits(c.path) && !m_sim.pending(c.messages.round))
        scheduleRound(ci); // e.g. the path became lossy: loss events from now on
    updateConnCaps(ci);
    retargetWireBytes(ci);
}

bool Network::rerouteBusy(std::uint32_t ci, LinkId failed)
{
    std::vector<std::uint32_t> slots = m_connections[ci].messages.flows;
    std::sort(slots.begin(), slots.end()); // deterministic order
    for (std::uint32_t slot : slots)
        detachFlow(slot);
    m_connections.forgetRoute(ci);
    if (m_connections.route(ci)) {
        for (std::uint32_t slot : slots)
            attachFlow(slot);
        const Connection& c = m_connections[ci];
        if (c.messages.tcpFlows > 0 && c.window.limits(c.path) && !m_sim.pending(c.messages.round))
            scheduleRound(ci);
        updateConnCaps(ci);
        retargetWireBytes(ci); // the new path may lose more or less
        return true;
    }
    const Connection& c = m_connections[ci];
    const std::string why = "link " + m_topology.link(failed).id +
                            " failed at t = " + std::to_string(m_sim.now().toSeconds()) +
                            " s and no other path leads from " + m_topology.node(c.src).id +
                            " to " + m_topology.node(c.dst).id;
    for (std::uint32_t slot : slots)
        failFlow(slot, why);
    connectionFlowEnded(ci, true);
    return false;
}

void Network::updateConnCaps(std::uint32_t ci)
{
    const Connection& c = m_connections[ci];
    if (c.arcs.empty()) {
        setConnCaps(ci, 0.0);
        return;
    }
    const std::vector<std::uint32_t>& sharing =
        m_connections.bottlenecks().members(c.path.bottleneckResource);
    if (sharing.size() < 2) {
        setConnCaps(ci, 0.0);
        return;
    }
    // Connections through one bottleneck wait behind the queue their windows keep there
    // together (ConnectionTable::sharedQueueS): a window that changes it changes every rate.
    const double windows = m_connections.bottlenecks().windowsBytes(c);
    const double queue_s = m_connections.bottlenecks().queueS(c, windows);
    setConnCaps(ci, queue_s);
    if (!m_connections.bottlenecks().noteQueue(c.path.bottleneckResource, queue_s))
        return;
    for (std::uint32_t j : sharing)
        if (j != ci && m_connections[j].path.bottleneckResource == c.path.bottleneckResource)
            setConnCaps(j, m_connections.bottlenecks().queueS(m_connections[j], windows));
}

void Network::setConnCaps(std::uint32_t ci, double queue_s)
{
    const Connection& c = m_connections[ci];
    for (std::uint32_t slot : c.messages.flows)
        if (m_solver.setFlowCap(
                slot,
                capOf(m_flows[slot], m_connections.flowCapBps(c, m_flows[slot].protocol, queue_s))))
            requestRecompute();
}

double Network::capOf(const Flow& f, double transportCap_bps) const
{
    return f.rateCap_bps > 0.0 ? std::min(transportCap_bps, f.rateCap_bps) : transportCap_bps;
}

void Network::setFlowBurst(Flow& f, bool burst)
{
    if (f.burst == burst)
        return;
    f.burst = burst;
    Connection& c = m_connections[f.conn];
    c.messages.bursts = burst ? c.messages.bursts + 1 : c.messages.bursts - 1;
    m_connections.bottlenecks().countBurst(c, burst ? 1 : -1);
    refreshStates(f.conn);
}

void Network::evaluateBurst(std::uint32_t ci)
{
    // Real TCP sends the last window as a burst: once everything the connection still has to
    // send fits in cwnd, the window no longer limits it (docs §5).
    Connection& c = m_connections[ci];
    bool burst = false;
    bool withinWindow = false;
    c.messages.appBound = false;
    if (c.messages.tcpFlows > 0) {
        double left = 0.0;
        double sending = 0.0;
        bool merged = false;
        for (std::uint32_t slot : c.messages.flows) {
            if (m_flows[slot].protocol != Protocol::Tcp)
                continue;
            settleFlow(slot);
            left += m_flows[slot].remaining_bytes;
            sending += m_flows[slot].wire.wire_bytes - m_flows[slot].remaining_bytes;
            merged = merged || m_flows[slot].keepWindow;
        }
        const double slack = kDoneBytes * c.messages.tcpFlows;
        const double rwnd = m_config.max_window_bytes;
        // A merged stream (keep_window) stands for the application's slices, of which it keeps
        // at most app_window_bytes in flight: once cwnd holds that window and the receive
        // window does too, neither window bounds its rate (each slice goes as a last-window
        // burst, as in the sliced program); the slots' own latency is the application's
        // (collective::MergedSteps) — charging rwnd/RTT on top counted it twice.
        const double app = c.messages.appWindow_bytes;
        c.messages.appBound = !merged && app > 0.0 && left > app * (1.0 + 1e-9) + slack;
        const bool slotsBind = merged && app > 0.0 && (rwnd <= 0.0 || app <= rwnd) &&
                               c.window.cwndBytes() >= app * (1.0 - 1e-9);
        if (c.window.limits(c.path))
            burst = slotsBind || left <= c.window.cwndBytes() * (1.0 + 1e-9) + slack;
        // The receive window bounds the bytes in flight, not the rate (docs §5): a message
        // that fits beside what is in flight leaves at the network's rate.
        withinWindow =
            slotsBind || (rwnd > 0.0 && (!c.window.limits(c.path) || burst) &&
                          c.sendLog.inFlightBytes(m_sim.now(), sending, c.path.rtt_s) + left <=
                              rwnd * (1.0 + 1e-9) + slack);
    }
    c.window.setLastWindow(burst, withinWindow);
    for (std::uint32_t slot : c.messages.flows)
        if (m_flows[slot].protocol == Protocol::Tcp)
            setFlowBurst(m_flows[slot], burst);
}

void Network::connectionFlowEnded(std::uint32_t ci, bool tcp)
{
    // Only the end of a TCP message closes the window: a UDP message on the same host pair
    // is another socket, and closing twice would count the gap as CUBIC growth time and move
    // the idle-restart clock (Linux's lsndtime is the TCP socket's last send).
    Connection& c = m_connections[ci];
    if (tcp && c.messages.tcpFlows == 0) {
        c.window.close(m_connections.context(c), m_sim.now());
        m_sim.cancel(c.messages.round);
        c.messages.round = {};
    }
    updateConnCaps(ci);
}

void Network::retargetWireBytes(std::uint32_t ci)
{
    // The connection's loss (or, for go-back-N, its window) changed while messages are sending
    // (a schedule step, a reroute): re-price what they still have to send.
    const Connection& c = m_connections[ci];
    const std::vector<std::uint32_t> slots = c.messages.flows;
    for (std::uint32_t slot : slots) {
        Flow& f = m_flows[slot];
        if (!m_connections.pricing().repriceNeeded(f.wire, f.protocol, c.path))
            continue;
        settleFlow(slot);
        if (!m_connections.pricing().reprice(f.wire, f.protocol, c.path, f.bytes,
                                             f.remaining_bytes)) {
            failFlow(slot, "path from " + m_topology.node(c.src).id + " to " +
                               m_topology.node(c.dst).id + " loses every packet");
            continue;
        }
        reschedule(slot);
    }
}

double Network::tcpRateBps(std::uint32_t ci, bool settle)
{
    double rate = 0.0;
    for (std::uint32_t slot : m_connections[ci].messages.flows)
        if (m_flows[slot].protocol == Protocol::Tcp) {
            if (settle)
                settleFlow(slot); // brings the loss clock (bytes sent) up to now
            rate += m_solver.rateBps(slot);
        }
    return rate;
}

void Network::scheduleRound(std::uint32_t ci)
{
    Connection& c = m_connections[ci];
    const double rate = tcpRateBps(ci, false);
    c.messages.roundFrom = m_sim.now();
    c.messages.roundAt =
        m_sim.now() + sim::SimTime::fromSeconds(m_connections.roundS(c, rate, m_sim.now()));
    c.messages.round = m_sim.schedule(c.messages.roundAt, [this, ci] { onSlowStartRound(ci); });
}

void Network::retimeLossRound(std::uint32_t ci)
{
    Connection& c = m_connections[ci];
    if (!c.path.lossEvents() || c.window.stallS() > 0.0 || !m_sim.pending(c.messages.round))
        return;
    const double rate = tcpRateBps(ci, true);
    if (!(rate > 0.0))
        return;
    const double toLoss_s = std::max(0.0, c.window.bytesToNextLoss() * 8.0 / rate);
    const sim::SimTime at =
        std::max(m_sim.now() + sim::SimTime::fromSecondsCeil(toLoss_s),
                 c.messages.roundFrom + sim::SimTime::fromSeconds(c.path.rtt_s));
    if (at >= c.messages.roundAt)
        return;
    m_sim.cancel(c.messages.round);
    c.messages.roundAt = at;
    c.messages.round = m_sim.schedule(at, [this, ci] { onSlowStartRound(ci); });
}

void Network::onSlowStartRound(std::uint32_t ci)
{
    Connection& c = m_connections[ci];
    c.messages.round = {};
    if (c.messages.tcpFlows == 0 || !c.window.limits(c.path))
        return;
    const double rate = tcpRateBps(ci, c.path.lossEvents());
    c.place.overflowed = false;
    c.place.delayExited = false;
    if (m_connections.windowRound(c, rate, m_sim.now()))
        scheduleRound(ci);
    evaluateBurst(ci);
    updateConnCaps(ci);
    if (!m_connections[ci].place.overflowed && !m_connections[ci].place.delayExited)
        return;
    // HyStart's delay exit ends the slow start of every connection through the bottleneck;
    // the overflow drops packets of every connection sending there.
    const std::vector<std::uint32_t> sharing =
        m_connections.bottlenecks().members(m_connections[ci].path.bottleneckResource);
    const Connection& by = m_connections[ci];
    for (std::uint32_t j : sharing) {
        Connection& o = m_connections[j];
        const bool joined =
            by.place.delayExited && m_connections.bottlenecks().joinDelayExit(o, by, m_sim.now());
        if (!(by.place.overflowed &&
              m_connections.bottlenecks().cutForOverflow(o, by, m_sim.now())) &&
            !joined)
            continue;
        if (m_sim.pending(o.messages.round))
            m_sim.cancel(o.messages.round);
        scheduleRound(j);
        evaluateBurst(j);
        updateConnCaps(j);
    }
}

std::optional<double> Network::rttS(NodeId src, NodeId dst)
{
    const std::uint32_t ci = m_connections.connectionFor(src, dst);
    if (!prepareConnection(ci))
        return std::nullopt;
    return m_connections[ci].path.rtt_s;
}

// ---------------------------------------------------------------------------------------
// Rates

void Network::requestRecompute()
{
    // All changes at one instant are solved together by one event at the same time.
    if (m_recomputePending)
        return;
    m_recomputePending = true;
    m_sim.schedule(m_sim.now(), [this] { recompute(); });
}

void Network::recompute()
{
    // The solver finds the new rates; progress and statistics are brought up to now under the
    // old rates before it applies them, then the changed flows are re-timed.
    m_recomputePending = false;
    m_solver.solve();
    for (std::uint32_t slot : m_solver.solvedFlows())
        settleFlow(slot);
    m_stats.settle(m_solver.solvedResources());
    m_solver.apply();
    m_stats.notePeaks(m_solver.solvedResources());
    for (std::uint32_t r : m_solver.solvedResources())
        m_stats.noteState(r, resourceState(r));
    for (std::uint32_t slot : m_solver.solvedFlows())
        if (m_solver.rateChanged(slot) || !m_sim.pending(m_flows[slot].done))
            reschedule(slot);
    for (std::uint32_t slot : m_solver.solvedFlows())
        noteBackgroundRate(slot); // the background's share of the link statistics
    // A lossy connection's next loss comes at the new rate (docs §5, loss events).
    for (std::uint32_t slot : m_solver.solvedFlows())
        if (m_solver.rateChanged(slot) && m_flows[slot].protocol == Protocol::Tcp)
            retimeLossRound(m_flows[slot].conn);
    if (m_config.debug_verify_max_min)
        m_solver.verifyAgainstFullSolve();
    m_stats.ensureSampler(); // restarts it when stalled flows got a rate again
}

void Network::settleFlow(std::uint32_t slot)
{
    Flow& f = m_flows[slot];
    const double dt = (m_sim.now() - f.lastUpdate).toSeconds();
    const double rate_bps = f.dataPhase ? m_solver.rateBps(slot) : 0.0;
    if (dt > 0.0 && rate_bps > 0.0) {
        const double sent_bytes = rate_bps * dt / 8.0;
        // Completions are rounded up to the next nanosecond, so a flow may be settled a
        // fraction of a ns past its last byte, whichever settles it first (its completion,
        // or an update at that instant). Its resources count its rate over that fraction
        // too: take it back from them.
        const double overshoot_bytes = sent_bytes - f.remaining_bytes;
        if (overshoot_bytes > 0.0)
            for (std::uint32_t r : m_connections[f.conn].resources)
                m_stats.takeBack(r, overshoot_bytes * 8.0, f.background);
        if (f.background) // counted apart on its links too (backgroundBytes)
            for (std::uint32_t r : m_connections[f.conn].resources)
                m_backgroundBits[r] += std::min(sent_bytes, f.remaining_bytes) * 8.0;
        if (f.protocol == Protocol::Tcp) // the connection's loss clock (docs §5)
            m_connections[f.conn].window.noteSent(std::min(sent_bytes, f.remaining_bytes));
        f.remaining_bytes = std::max(0.0, f.remaining_bytes - sent_bytes);
    }
    f.lastUpdate = m_sim.now();
}

void Network::noteBackgroundRate(std::uint32_t slot)
{
    Flow& f = m_flows[slot];
    if (!f.background)
        return;
    const double rate_bps = f.live && f.dataPhase ? m_solver.rateBps(slot) : 0.0;
    if (rate_bps == f.backgroundCounted_bps)
        return;
    for (std::uint32_t r : m_connections[f.conn].resources)
        m_stats.changeBackground(r, f.backgroundCounted_bps, rate_bps);
    f.backgroundCounted_bps = rate_bps;
}

void Network::reschedule(std::uint32_t slot)
{
    Flow& f = m_flows[slot];
    m_sim.cancel(f.done);
    f.done = {};
    const double rate_bps = m_solver.rateBps(slot);
    if (f.remaining_bytes <= kDoneBytes) {
        f.done = m_sim.schedule(m_sim.now(), [this, slot] { onDataComplete(slot); });
    } else if (rate_bps > 0.0) {
        const double dt = f.remaining_bytes * 8.0 / rate_bps;
        // SimTime arithmetic saturates: an end at max() means it is not representable.
        const sim::SimTime end = m_sim.now() + sim::SimTime::fromSecondsCeil(dt);
        if (!(dt >= 0.0) || end >= sim::SimTime::max()) {
            // Not representable in int64 ns: report instead of overflowing the clock.
            f.done = m_sim.schedule(m_sim.now(), [this, slot] {
                failFlow(slot, "transfer would end later than the simulated time horizon "
                               "(int64 ns, ≈ 292 years) at its current rate");
            });
            return;
        }
        f.done = m_sim.schedule(end, [this, slot] { onDataComplete(slot); });
    } // rate 0: stalled (capacity 0) until a change gives it a share
}

double Network::flowRateBps(FlowId flow) const
{
    const std::uint32_t slot = m_slotOfFlow->find(flow.value());
    if (slot == FlowSlotIndex::kAbsent)
        return 0.0;
    return m_flows[slot].dataPhase ? m_solver.rateBps(slot) : 0.0;
}

double Network::flowSentBytes(FlowId flow) const
{
    const std::uint32_t slot = m_slotOfFlow->find(flow.value());
    if (slot == FlowSlotIndex::kAbsent)
        return 0.0;
    const Flow& f = m_flows[slot];
    if (!(f.wire.wire_bytes > 0.0))
        return 0.0; // queued behind an in-order message, or empty
    if (!f.dataPhase)
        return f.bytes; // delivering
    const double pending_bytes =
        m_solver.rateBps(slot) * (m_sim.now() - f.lastUpdate).toSeconds() / 8.0;
    const double remaining = std::max(0.0, f.remaining_bytes - pending_bytes);
    return f.bytes * (f.wire.wire_bytes - remaining) / f.wire.wire_bytes;
}

double Network::flowCapBps(FlowId flow) const
{
    const std::uint32_t slot = m_slotOfFlow->find(flow.value());
    if (slot == FlowSlotIndex::kAbsent)
        return 0.0;
    return m_flows[slot].dataPhase ? m_solver.capBps(slot) : 0.0;
}

// ---------------------------------------------------------------------------------------
// Link changes (schedules, failures)

void Network::setRouteMetric(topology::RouteMetric metric)
{
    m_router.setMetric(metric);
    m_connections.routesChanged();
}

void Network::setEcmp(bool on)
{
    m_config.ecmp = on;
    m_connections.routesChanged();
}

bool Network::pinPath(const std::vector<NodeId>& nodes)
{
    if (!m_router.pinPath(nodes))
        return false;
    m_connections.routesChanged();
    return true;
}

void Network::unpinPath(NodeId from, NodeId to)
{
    m_router.unpinPath(from, to);
    m_connections.routesChanged();
}

void Network::applyLinkChange(LinkId link, const ScheduleStep& step)
{
    MERIDIAN_ASSERT(link.index() < m_topology.linkCount(), "applyLinkChange: unknown link");
    const std::size_t l = link.index();
    const bool wasUp = m_router.linkUp(link);
    for (int dir = 0; dir < 2; ++dir) {
        if ((step.direction == ScheduleStep::Direction::Forward && dir == 1) ||
            (step.direction == ScheduleStep::Direction::Reverse && dir == 0))
            continue;
        LinkDirection& arc = m_arcs[2 * l + dir];
        step.patch.applyTo(arc.params);
        if (step.patch.delay_s)
            m_router.setDelay(link, dir, arc.params.delay_s);
    }
    if (step.patch.delay_s)
        m_connections.routesChanged(); // idle connections pick up the new shortest paths
    const bool up = step.up.value_or(wasUp);
    if (up != wasUp) {
        m_router.setLinkUp(link, up);
        m_connections.routesChanged();
    }
    // Settle the affected resources under the old capacity, then change it.
    for (int dir = 0; dir < 2; ++dir) {
        const std::uint32_t r = m_arcs[2 * l + dir].resource;
        m_stats.settle(r);
        m_solver.setCapacity(r, capacityOf(r));
        requestRecompute();
    }
    // Every connection now holds stale parameters: idle ones refresh when used next
    // (ConnectionTable::route). Busy ones (sending or delivering) whose forward or reverse
    // path crosses the link are brought up to date now: re-routed if a forward link went down
    // (their flows move, or fail with an error naming the link), their ACK path re-routed if it
    // went down, RTT/loss/caps refreshed otherwise.
    m_connections.paramsChanged();
    const auto crosses = [l](const std::vector<std::uint32_t>& arcs) {
        for (std::uint32_t a : arcs)
            if (a / 2 == l)
                return true;
        return false;
    };
    for (std::uint32_t ci = 0; ci < m_connections.size(); ++ci) {
        Connection& c = m_connections[ci];
        if (c.messages.active == 0 || !c.hasRoute)
            continue;
        const bool fwd = crosses(c.arcs);
        const bool rev = crosses(c.revArcs);
        if (!fwd && !rev)
            continue;
        if (!up && fwd) {
            rerouteBusy(ci, link);
            continue;
        }
        if (!up && rev)
            m_connections.routeReverse(c);
        refreshBusy(ci);
    }
    m_stats.ensureSampler();
}
} // namespace meridian::net
