#include "meridian/net/Network.hpp"

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
constexpr std::uint32_t kNone = UINT32_MAX;
// Remaining wire bytes below this count as finished (float residue of rate·time).
constexpr double kDoneBytes = 1e-6;
} // namespace

// One message: its progress, its wire-byte accounting and its completion.
struct Network::Flow
{
    FlowId id;
    std::uint32_t conn = kNone;
    Protocol protocol = Protocol::Tcp;
    double bytes = 0.0;
    double remaining_bytes = 0.0; ///< wire bytes still to send
    WireBytes wire;
    bool burst = false;      ///< counted in its resources' burstTcpFlows
    bool ordered = false;    ///< in order on its connection (TransferOptions::ordered)
    bool keepWindow = false; ///< TransferOptions::keep_window
    bool dataPhase = false;
    bool live = false;
    sim::SimTime start;
    sim::SimTime sendStart; ///< first byte sent
    sim::SimTime dataEnd;   ///< last wire byte sent
    sim::SimTime lastUpdate;
    sim::EventHandle done;
    CompletionCallback cb;
};

Network::Network(sim::Simulator& sim, const topology::Topology& topology, NetworkConfig config)
    : m_sim(sim), m_topology(topology), m_config(config), m_router(topology, config.metric),
      m_connections(m_config, m_router, m_arcs, m_solver, 2 * topology.linkCount()),
      m_stats(m_sim, m_solver, m_config.sample_interval_s, m_config.max_samples)
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
    for (std::size_t l = 0; l < links; ++l) {
        const LinkId id = LinkId::fromIndex(l);
        const auto& attrs = topology.link(id);
        const bool half = attrs.duplex == topology::Duplex::Half;
        for (int dir = 0; dir < 2; ++dir) {
            const std::size_t a = 2 * l + dir;
            m_arcs[a].params = attrs.direction(dir);
            m_arcs[a].resource = static_cast<std::uint32_t>(half ? 2 * l : a);
        }
        const auto forward = static_cast<std::uint32_t>(2 * l);
        m_solver.addResource(capacityOf(forward));
        m_solver.addResource(capacityOf(forward + 1));
        m_stats.track(forward);
        if (!half)
            m_stats.track(forward + 1);
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
    if (c.active == 0 || !c.hasRoute)
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
    updateConnCaps(ci);
    retargetWireBytes(ci);
}

bool Network::rerouteBusy(std::uint32_t ci, LinkId failed)
{
    std::vector<std::uint32_t> slots = m_connections[ci].flows;
    std::sort(slots.begin(), slots.end()); // deterministic order
    for (std::uint32_t slot : slots)
        detachFlow(slot);
    m_connections.forgetRoute(ci);
    if (m_connections.route(ci)) {
        for (std::uint32_t slot : slots)
            attachFlow(slot);
        const Connection& c = m_connections[ci];
        if (c.tcpFlows > 0 && ConnectionTable::windowLimited(c) && !m_sim.pending(c.round))
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
    connectionFlowEnded(ci);
    return false;
}

void Network::updateConnCaps(std::uint32_t ci)
{
    const Connection& c = m_connections[ci];
    for (std::uint32_t slot : c.flows)
        if (m_solver.setFlowCap(slot, m_connections.flowCapBps(c, m_flows[slot].protocol)))
            requestRecompute();
}

void Network::setFlowBurst(Flow& f, bool burst)
{
    if (f.burst == burst)
        return;
    f.burst = burst;
    m_connections.countBurst(m_connections[f.conn], burst ? 1 : -1);
}

void Network::evaluateBurst(std::uint32_t ci)
{
    // Real TCP sends the last window as a burst: once everything the connection still has to
    // send fits in cwnd, the window no longer limits it (docs §5).
    Connection& c = m_connections[ci];
    bool burst = false;
    if (ConnectionTable::windowLimited(c) && c.tcpFlows > 0) {
        double left = 0.0;
        for (std::uint32_t slot : c.flows) {
            if (m_flows[slot].protocol != Protocol::Tcp)
                continue;
            settleFlow(slot);
            left += m_flows[slot].remaining_bytes;
        }
        burst = left <= c.cwnd_bytes * (1.0 + 1e-9) + kDoneBytes * c.tcpFlows;
    }
    c.burst = burst;
    for (std::uint32_t slot : c.flows)
        if (m_flows[slot].protocol == Protocol::Tcp)
            setFlowBurst(m_flows[slot], burst);
}

void Network::connectionFlowEnded(std::uint32_t ci)
{
    Connection& c = m_connections[ci];
    if (c.tcpFlows == 0) {
        m_connections.closeWindow(c, m_sim.now());
        m_sim.cancel(c.round);
        c.round = {};
    }
    updateConnCaps(ci);
}

void Network::retargetWireBytes(std::uint32_t ci)
{
    // The connection's loss (or, for go-back-N, its window) changed while messages are sending
    // (a schedule step, a reroute): re-price what they still have to send.
    const Connection& c = m_connections[ci];
    const std::vector<std::uint32_t> slots = c.flows;
    for (std::uint32_t slot : slots) {
        Flow& f = m_flows[slot];
        if (!m_connections.repriceNeeded(f.wire, f.protocol, c))
            continue;
        settleFlow(slot);
        if (!m_connections.reprice(f.wire, f.protocol, c, f.bytes, f.remaining_bytes)) {
            failFlow(slot, "path from " + m_topology.node(c.src).id + " to " +
                               m_topology.node(c.dst).id + " loses every packet");
            continue;
        }
        reschedule(slot);
    }
}

void Network::scheduleRound(std::uint32_t ci)
{
    Connection& c = m_connections[ci];
    c.round = m_sim.scheduleIn(sim::SimTime::fromSeconds(m_connections.roundS(c, m_sim.now())),
                               [this, ci] { onSlowStartRound(ci); });
}

void Network::onSlowStartRound(std::uint32_t ci)
{
    Connection& c = m_connections[ci];
    c.round = {};
    if (c.tcpFlows == 0 || !ConnectionTable::windowLimited(c))
        return;
    double rate = 0.0;
    for (std::uint32_t slot : c.flows)
        if (m_flows[slot].protocol == Protocol::Tcp)
            rate += m_solver.rateBps(slot);
    if (m_connections.windowRound(c, rate, m_sim.now()))
        scheduleRound(ci);
    evaluateBurst(ci);
    updateConnCaps(ci);
}

std::optional<double> Network::rttS(NodeId src, NodeId dst)
{
    const std::uint32_t ci = m_connections.connectionFor(src, dst);
    if (!prepareConnection(ci))
        return std::nullopt;
    return m_connections[ci].rtt_s;
}

// ---------------------------------------------------------------------------------------
// Transfers

void Network::finish(const TransferResult& result, CompletionCallback& cb)
{
    if (m_config.keep_flow_records)
        m_records.push_back(result);
    if (cb)
        cb(result);
}

FlowId Network::startTransfer(NodeId src, NodeId dst, double bytes, Protocol protocol,
                              CompletionCallback onComplete, TransferOptions options)
{
    if (!std::isfinite(bytes) || bytes < 0.0)
        throw InputError({}, "transfer",
                         "size must be a finite number of bytes ≥ 0, got " + std::to_string(bytes));
    if (src.index() >= m_topology.nodeCount() || dst.index() >= m_topology.nodeCount())
        throw InputError({}, "transfer", "unknown source or destination node");
    const FlowId id = FlowId::fromIndex(m_nextFlowId++);
    const double now_s = m_sim.now().toSeconds();
    TransferResult base;
    base.flow = id;
    base.src = src;
    base.dst = dst;
    base.protocol = protocol;
    base.bytes = bytes;
    base.start_s = now_s;
    base.send_start_s = now_s;
    base.data_end_s = now_s;
    base.end_s = now_s;

    if (src == dst) {
        m_sim.schedule(m_sim.now(),
                       [this, base, cb = std::move(onComplete)]() mutable { finish(base, cb); });
        return id;
    }
    const std::uint32_t ci = m_connections.connectionFor(src, dst, options.stream);
    if (!prepareConnection(ci)) {
        base.ok = false;
        base.error = "no path from " + m_topology.node(src).id + " to " + m_topology.node(dst).id;
        m_sim.schedule(m_sim.now(),
                       [this, base, cb = std::move(onComplete)]() mutable { finish(base, cb); });
        return id;
    }
    std::uint32_t slot;
    if (!m_freeFlows.empty()) {
        slot = m_freeFlows.back();
        m_freeFlows.pop_back();
    } else {
        slot = static_cast<std::uint32_t>(m_flows.size());
        m_flows.emplace_back();
    }
    Flow& f = m_flows[slot];
    f = Flow{};
    f.id = id;
    f.conn = ci;
    f.protocol = protocol;
    f.bytes = bytes;
    f.ordered = options.ordered;
    f.keepWindow = options.keep_window;
    f.start = m_sim.now();
    f.sendStart = m_sim.now();
    f.dataEnd = m_sim.now();
    f.lastUpdate = m_sim.now();
    f.cb = std::move(onComplete);
    f.live = true;
    m_slotOfFlow.emplace(id.value(), slot);
    Connection& c = m_connections[ci];
    const bool freshConnection = !c.used;
    c.used = true;
    ++c.active;
    c.appWindow_bytes = options.app_window_bytes;
    if (f.ordered && c.orderedSending != kNone) {
        c.queued.push_back(slot); // behind the in-order message sending now
        return id;
    }
    beginSending(slot, freshConnection);
    return id;
}

void Network::beginSending(std::uint32_t slot, bool freshConnection)
{
    Flow& f = m_flows[slot];
    const std::uint32_t ci = f.conn;
    Connection& c = m_connections[ci];
    f.lastUpdate = m_sim.now();
    f.sendStart = m_sim.now();
    f.wire = m_connections.price(f.protocol, c, f.bytes);
    if (!std::isfinite(f.wire.wire_bytes)) {
        failFlow(slot, "path from " + m_topology.node(c.src).id + " to " +
                           m_topology.node(c.dst).id + " loses every packet");
        return;
    }
    f.remaining_bytes = f.wire.wire_bytes;
    if (f.ordered)
        c.orderedSending = slot;

    if (f.protocol == Protocol::Tcp && c.tcpFlows == 0)
        m_connections.openWindow(c, freshConnection, f.keepWindow, m_sim.now());
    attachFlow(slot);
    if (f.protocol == Protocol::Tcp) {
        evaluateBurst(ci);
        if (ConnectionTable::windowLimited(c) && !m_sim.pending(c.round))
            scheduleRound(ci);
        updateConnCaps(ci);
    }
    m_stats.ensureSampler();
}

void Network::sendNextQueued(std::uint32_t ci)
{
    m_connections[ci].orderedSending = kNone;
    // A message that cannot start (its path loses every packet) fails; the next one tries.
    while (m_connections[ci].orderedSending == kNone && !m_connections[ci].queued.empty()) {
        const std::uint32_t next = m_connections[ci].queued.front();
        m_connections[ci].queued.pop_front();
        beginSending(next, false);
    }
}

void Network::attachFlow(std::uint32_t slot)
{
    Flow& f = m_flows[slot];
    f.dataPhase = true;
    f.lastUpdate = m_sim.now();
    f.burst = false;
    Connection& c = m_connections[f.conn];
    c.flows.push_back(slot);
    if (f.protocol == Protocol::Tcp) {
        ++c.tcpFlows;
        m_connections.countTcpFlow(c, 1);
        setFlowBurst(f, c.burst);
    }
    m_solver.addFlow(slot, c.resources.data(), c.resources.size(),
                     m_connections.flowCapBps(c, f.protocol));
    requestRecompute();
}

void Network::detachFlow(std::uint32_t slot)
{
    Flow& f = m_flows[slot];
    if (!f.dataPhase)
        return;
    settleFlow(slot);
    setFlowBurst(f, false);
    Connection& c = m_connections[f.conn];
    c.flows.erase(std::find(c.flows.begin(), c.flows.end(), slot));
    if (f.protocol == Protocol::Tcp) {
        --c.tcpFlows;
        m_connections.countTcpFlow(c, -1);
    }
    m_solver.removeFlow(slot);
    requestRecompute();
    f.dataPhase = false;
    m_sim.cancel(f.done);
}

void Network::releaseFlow(std::uint32_t slot)
{
    Flow& f = m_flows[slot];
    --m_connections[f.conn].active;
    m_slotOfFlow.erase(f.id.value());
    f.live = false;
    f.cb = nullptr;
    m_freeFlows.push_back(slot);
}

void Network::onDataComplete(std::uint32_t slot)
{
    Flow& f = m_flows[slot];
    if (!f.live || !f.dataPhase)
        return;
    const std::uint32_t ci = f.conn;
    // Latency is sampled now, while this flow still counts on its resources.
    double latency = m_connections.latencyS(m_connections[ci], f.id, true);
    latency += f.wire.extraRounds * m_connections[ci].rtt_s;
    f.done = {};
    detachFlow(slot);
    connectionFlowEnded(ci);
    f.remaining_bytes = 0.0;
    f.dataEnd = m_sim.now();
    const double horizon = static_cast<double>(sim::SimTime::max().ns() - m_sim.now().ns()) * 1e-9;
    if (!(latency < horizon)) {
        failFlow(slot, "delivery would be later than the simulated time horizon (int64 ns, "
                       "≈ 292 years)");
        return;
    }
    sim::SimTime at = m_sim.now() + sim::SimTime::fromSeconds(latency);
    if (f.ordered) {
        // One byte stream: a message is not delivered before the one sent ahead of it.
        Connection& c = m_connections[ci];
        at = std::max(at, c.lastDelivery);
        c.lastDelivery = at;
        sendNextQueued(ci);
    }
    if (m_solver.activeFlows() == 0)
        m_stats.finalSample();
    m_sim.schedule(at, [this, slot] { deliver(slot); });
}

TransferResult Network::resultOf(const Flow& f) const
{
    const Connection& c = m_connections[f.conn];
    TransferResult r;
    r.flow = f.id;
    r.src = c.src;
    r.dst = c.dst;
    r.protocol = f.protocol;
    r.bytes = f.bytes;
    r.start_s = f.start.toSeconds();
    r.send_start_s = f.sendStart.toSeconds();
    r.data_end_s = f.dataEnd.toSeconds();
    r.end_s = m_sim.now().toSeconds();
    return r;
}

void Network::deliver(std::uint32_t slot)
{
    Flow& f = m_flows[slot];
    TransferResult r = resultOf(f);
    r.retransmitted_bytes = f.wire.retransmitted_bytes;
    r.lost_bytes = f.wire.lost_bytes;
    CompletionCallback cb = std::move(f.cb);
    releaseFlow(slot);
    finish(r, cb);
}

void Network::failFlow(std::uint32_t slot, const std::string& error)
{
    Flow& f = m_flows[slot];
    const bool wasSending = f.dataPhase;
    detachFlow(slot);
    if (wasSending)
        connectionFlowEnded(f.conn);
    if (m_connections[f.conn].orderedSending == slot) {
        // The byte stream is broken: what waits behind this message fails with it.
        Connection& c = m_connections[f.conn];
        c.orderedSending = kNone;
        std::deque<std::uint32_t> waiting;
        waiting.swap(c.queued);
        for (const std::uint32_t w : waiting)
            failFlow(w, error);
    }
    if (m_solver.activeFlows() == 0)
        m_stats.finalSample();
    TransferResult r = resultOf(f);
    r.ok = false;
    r.error = error;
    CompletionCallback cb = std::move(f.cb);
    releaseFlow(slot);
    // Report from an event so that callers never see their callback re-enter them.
    m_sim.schedule(m_sim.now(),
                   [this, r = std::move(r), cb = std::move(cb)]() mutable { finish(r, cb); });
}

void Network::onDrain()
{
    // The simulator ran out of events: a flow still in its data phase has rate 0 (a failed or
    // zero-bandwidth link on its path) and nothing left could revive it. Report it instead of
    // hanging: fail with an error naming the link.
    std::vector<std::uint32_t> stalled;
    for (std::uint32_t slot = 0; slot < m_flows.size(); ++slot)
        if (m_flows[slot].live && m_flows[slot].dataPhase)
            stalled.push_back(slot);
    for (std::uint32_t slot : stalled) {
        const Connection& c = m_connections[m_flows[slot].conn];
        std::string why = "transfer stalled at t = " + std::to_string(m_sim.now().toSeconds()) +
                          " s with no pending event that could resume it";
        for (std::uint32_t r : c.resources)
            if (m_solver.capacityBps(r) <= 0.0) {
                const LinkId l = LinkId::fromIndex(r / 2);
                why = "transfer stalled at t = " + std::to_string(m_sim.now().toSeconds()) +
                      " s: link " + m_topology.link(l).id +
                      (m_router.linkUp(l) ? " has no bandwidth" : " is down") +
                      " and no pending event can restore it";
                break;
            }
        failFlow(slot, why);
    }
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
    for (std::uint32_t slot : m_solver.solvedFlows())
        if (m_solver.rateChanged(slot) || !m_sim.pending(m_flows[slot].done))
            reschedule(slot);
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
                m_stats.takeBack(r, overshoot_bytes * 8.0);
        f.remaining_bytes = std::max(0.0, f.remaining_bytes - sent_bytes);
    }
    f.lastUpdate = m_sim.now();
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
    const auto it = m_slotOfFlow.find(flow.value());
    if (it == m_slotOfFlow.end())
        return 0.0;
    return m_flows[it->second].dataPhase ? m_solver.rateBps(it->second) : 0.0;
}

double Network::flowCapBps(FlowId flow) const
{
    const auto it = m_slotOfFlow.find(flow.value());
    if (it == m_slotOfFlow.end())
        return 0.0;
    return m_flows[it->second].dataPhase ? m_solver.capBps(it->second) : 0.0;
}

// ---------------------------------------------------------------------------------------
// Link changes (schedules, failures)

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
        if (c.active == 0 || !c.hasRoute)
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

// ---------------------------------------------------------------------------------------
// Statistics

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
