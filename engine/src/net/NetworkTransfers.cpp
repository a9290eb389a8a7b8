// Network: the life of a transfer — start (or queue behind an in-order message), send,
// deliver, fail — and the drain check that fails stalled transfers (docs/network-model.md
// §4, §8, §11). Connections, rates and link changes are in Network.cpp, statistics and the
// figures an observer reads in NetworkReporting.cpp.
#include "ConnectionTable.hpp"
#include "FlowSlotIndex.hpp"
#include "NetworkFlow.hpp"
#include "meridian/core/Error.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace meridian::net {

// ---------------------------------------------------------------------------------------
// Transfers

void Network::finish(const TransferResult& result, CompletionCallback& cb)
{
    if (m_config.keep_flow_records)
        m_records.push_back(result);
    if (cb)
        cb(result);
}

std::uint32_t Network::newFlow(FlowId id, std::uint32_t conn, Protocol protocol, double bytes,
                               const TransferOptions& options)
{
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
    f.conn = conn;
    f.protocol = protocol;
    f.bytes = bytes;
    f.ordered = options.ordered;
    f.keepWindow = options.keep_window;
    f.background = options.background;
    f.rateCap_bps = options.rate_cap_bps > 0.0 ? options.rate_cap_bps : 0.0;
    f.start = m_sim.now();
    f.sendStart = m_sim.now();
    f.dataEnd = m_sim.now();
    f.lastUpdate = m_sim.now();
    f.live = true;
    return slot;
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
    const std::uint32_t slot = newFlow(id, ci, protocol, bytes, options);
    Flow& f = m_flows[slot];
    f.cb = std::move(onComplete);
    m_slotOfFlow->insert(id.value(), slot);
    Connection& c = m_connections[ci];
    const bool freshConnection = !c.messages.used || options.new_connection;
    c.messages.used = true;
    ++c.messages.active;
    c.messages.appWindow_bytes = options.app_window_bytes;
    if (f.ordered && c.messages.orderedSending != kNone) {
        c.messages.queued.push_back(slot); // behind the in-order message sending now
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
    f.wire = m_connections.pricing().price(f.protocol, c.path, f.bytes);
    if (!std::isfinite(f.wire.wire_bytes)) {
        failFlow(slot, "path from " + m_topology.node(c.src).id + " to " +
                           m_topology.node(c.dst).id + " loses every packet");
        return;
    }
    f.remaining_bytes = f.wire.wire_bytes;
    if (f.ordered)
        c.messages.orderedSending = slot;

    if (f.protocol == Protocol::Tcp)
        c.messages.followsOn = c.messages.tcpFlows > 0 || f.keepWindow ||
                               (!freshConnection && c.messages.ended &&
                                (m_sim.now() - c.messages.lastDataEnd).toSeconds() < c.path.rtt_s);
    if (f.protocol == Protocol::Tcp && c.messages.tcpFlows == 0)
        c.window.open(m_connections.context(c), freshConnection, f.keepWindow, m_sim.now());
    if (f.protocol == Protocol::Tcp)
        c.sendLog.record(m_sim.now(), 0.0, c.path.rtt_s);
    attachFlow(slot);
    if (f.protocol == Protocol::Tcp) {
        evaluateBurst(ci);
        if (c.window.limits(c.path) && !m_sim.pending(c.messages.round))
            scheduleRound(ci);
        updateConnCaps(ci);
    }
    m_stats.ensureSampler();
}

void Network::sendNextQueued(std::uint32_t ci)
{
    m_connections[ci].messages.orderedSending = kNone;
    // A message that cannot start (its path loses every packet) fails; the next one tries.
    while (m_connections[ci].messages.orderedSending == kNone &&
           !m_connections[ci].messages.queued.empty()) {
        const std::uint32_t next = m_connections[ci].messages.queued.front();
        m_connections[ci].messages.queued.pop_front();
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
    c.messages.flows.push_back(slot);
    if (f.protocol == Protocol::Tcp) {
        ++c.messages.tcpFlows;
        m_connections.countTcpFlow(c, 1);
        setFlowBurst(f, c.window.lastWindow());
    }
    m_solver.addFlow(slot, c.resources.data(), c.resources.size(),
                     capOf(f, m_connections.flowCapBps(c, f.protocol)));
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
    c.messages.flows.erase(std::find(c.messages.flows.begin(), c.messages.flows.end(), slot));
    if (f.protocol == Protocol::Tcp) {
        --c.messages.tcpFlows;
        m_connections.countTcpFlow(c, -1);
    }
    m_solver.removeFlow(slot);
    requestRecompute();
    f.dataPhase = false;
    noteBackgroundRate(slot); // its resources settle under its old rate first
    m_sim.cancel(f.done);
}

void Network::releaseFlow(std::uint32_t slot)
{
    Flow& f = m_flows[slot];
    --m_connections[f.conn].messages.active;
    m_slotOfFlow->erase(f.id.value());
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
    latency += f.wire.extraRounds * m_connections[ci].path.rtt_s;
    f.done = {};
    detachFlow(slot);
    if (f.protocol == Protocol::Tcp) {
        m_connections[ci].sendLog.record(m_sim.now(), f.wire.wire_bytes,
                                         m_connections[ci].path.rtt_s);
        m_connections[ci].messages.ended = true;
        m_connections[ci].messages.lastDataEnd = m_sim.now();
    }
    connectionFlowEnded(ci, f.protocol == Protocol::Tcp);
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
        at = std::max(at, c.messages.lastDelivery);
        c.messages.lastDelivery = at;
        sendNextQueued(ci);
    }
    if (m_solver.activeFlows() == 0)
        m_stats.finalSample();
    m_sim.schedule(at, [this, slot] { deliver(slot); });
}

bool Network::stopTransfer(FlowId flow)
{
    const std::uint32_t slot = m_slotOfFlow->find(flow.value());
    if (slot == FlowSlotIndex::kAbsent || !m_flows[slot].dataPhase)
        return false;
    settleFlow(slot);
    // What is still unsent is never sent: the message becomes the part sent so far, with the
    // repairs and losses of that part.
    Flow& f = m_flows[slot];
    const double wire = f.wire.wire_bytes;
    const double sent = wire > 0.0 ? std::clamp((wire - f.remaining_bytes) / wire, 0.0, 1.0) : 1.0;
    f.bytes *= sent;
    f.wire.wire_bytes = wire - f.remaining_bytes;
    f.wire.retransmitted_bytes *= sent;
    f.wire.lost_bytes *= sent;
    f.remaining_bytes = 0.0;
    onDataComplete(slot);
    return true;
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
        connectionFlowEnded(f.conn, f.protocol == Protocol::Tcp);
    if (m_connections[f.conn].messages.orderedSending == slot) {
        // The byte stream is broken: what waits behind this message fails with it.
        Connection& c = m_connections[f.conn];
        c.messages.orderedSending = kNone;
        std::deque<std::uint32_t> waiting;
        waiting.swap(c.messages.queued);
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

} // namespace meridian::net
