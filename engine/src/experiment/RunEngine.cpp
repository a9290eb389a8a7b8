#include "RunEngine.hpp"

#include "meridian/collective/RingOrder.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/core/Units.hpp"
#include "meridian/experiment/Runner.hpp"
#include "meridian/sim/RngStream.hpp"

#include <algorithm>
#include <memory>
#include <tuple>

namespace meridian::experiment {

namespace {

/// Sends so far per connection (src, dst, channel) of a collective: an open-addressing table
/// (linear probing, at most half full) of 16-byte entries, one probe per send where a
/// std::map walked a tree of nodes. Lookups only, never iterated.
class SendCounts
{
public:
    /// The number of earlier sends on (src, dst, channel), counting this one from now on.
    std::uint64_t next(int src, int dst, int channel)
    {
        MERIDIAN_ASSERT(src >= 0 && dst >= 0 && dst < (1 << 24) && channel >= 0 &&
                            channel < (1 << 16),
                        "SendCounts: a rank or channel out of range");
        // +1: no key is 0, which marks an empty cell.
        const std::uint64_t key =
            ((static_cast<std::uint64_t>(src) << 40) | (static_cast<std::uint64_t>(dst) << 16) |
             static_cast<std::uint64_t>(channel)) +
            1;
        if (2 * (m_size + 1) > m_table.size())
            grow();
        std::size_t at = home(key);
        while (m_table[at].key != 0 && m_table[at].key != key)
            at = (at + 1) & (m_table.size() - 1);
        if (m_table[at].key == 0) {
            m_table[at].key = key;
            ++m_size;
        }
        return m_table[at].count++;
    }

private:
    struct Entry
    {
        std::uint64_t key = 0;
        std::uint64_t count = 0;
    };
    std::size_t home(std::uint64_t key) const
    {
        // SplitMix64 spreads the keys, which are packed bit fields (as ConnectionTable's).
        return static_cast<std::size_t>(sim::RngStream::splitMix64(key)) & (m_table.size() - 1);
    }
    void grow()
    {
        std::vector<Entry> old(m_table.empty() ? 64 : 2 * m_table.size());
        old.swap(m_table);
        for (const Entry& e : old) {
            if (e.key == 0)
                continue;
            std::size_t at = home(e.key);
            while (m_table[at].key != 0)
                at = (at + 1) & (m_table.size() - 1);
            m_table[at] = e;
        }
    }
    std::vector<Entry> m_table;
    std::size_t m_size = 0;
};

/// A TransferBackend that maps ranks to nodes and moves bytes on the run's network;
/// reductions take bytes × 3 / memory bandwidth (read two operands, write one).
/// Channel c of a rank pair is its own connection set: `sockets` in-order streams
/// c·sockets … c·sockets + sockets − 1, each carrying an equal part of every message (NCCL's
/// socket transport splits a message into tasks over its sockets, net_socket.cc); the message
/// has arrived when every part has.
class NetBackend : public collective::TransferBackend
{
public:
    NetBackend(RunEngine& engine, std::vector<NodeId> nodes, net::Protocol protocol,
               double reduceRate_Bps, const collective::CommSettings& comm,
               collective::MergedSteps merged, RunEngine::Credit credit)
        : m_engine(engine), m_nodes(std::move(nodes)), m_protocol(protocol),
          m_reduceRate_Bps(reduceRate_Bps), m_sockets(std::max(1, comm.sockets)),
          m_appWindow_bytes(comm.buffsize_bytes / std::max(1, comm.sockets)), m_merged(merged),
          m_credit(credit)
    {}
    void transfer(int src, int dst, double bytes, int channel, std::function<void()> done) override
    {
        const NodeId a = m_nodes[static_cast<std::size_t>(src)];
        const NodeId b = m_nodes[static_cast<std::size_t>(dst)];
        if (m_engine.blocked(a) || m_engine.blocked(b))
            return; // a failed centre: the message never leaves or never arrives
        const auto first = static_cast<std::uint32_t>(channel * m_sockets);
        // A merged DAG's messages are delayed by their place on the connection
        // (MergedSteps::deliveryDelayS): a connection's sends come in DAG order.
        const std::uint64_t index = m_merged.iterations > 1.0 ? m_sent.next(src, dst, channel) : 0;
        m_engine.transferInParts(
            a, b, bytes, m_protocol, m_sockets,
            {first, true, m_appWindow_bytes, m_merged.iterations > 1.0},
            [this, index](const net::TransferResult& r) {
                return r.end_s + m_merged.deliveryDelayS(index, r.data_end_s - r.send_start_s,
                                                         r.end_s - r.data_end_s);
            },
            std::move(done), m_credit);
    }
    void reduce(int /*rank*/, double bytes, std::function<void()> done) override
    {
        const double t = m_reduceRate_Bps > 0 ? 3.0 * bytes / m_reduceRate_Bps : 0.0;
        m_engine.sim().scheduleIn(sim::SimTime::fromSecondsCeil(t),
                                  [done = std::move(done)] { done(); });
    }
    std::optional<double> nowS() const override { return m_engine.now(); }

private:
    RunEngine& m_engine;
    std::vector<NodeId> m_nodes;
    net::Protocol m_protocol;
    double m_reduceRate_Bps;
    int m_sockets;
    double m_appWindow_bytes; ///< NCCL's buffer per socket: what a stream keeps in flight
    collective::MergedSteps m_merged;
    RunEngine::Credit m_credit;
    SendCounts m_sent; ///< sends per connection
};

/// Element by element, the larger of two directions' series (a missing element is 0).
std::vector<double> largerOfEach(const std::vector<double>& a, const std::vector<double>& b)
{
    std::vector<double> out(std::max(a.size(), b.size()), 0.0);
    for (std::size_t i = 0; i < out.size(); ++i)
        out[i] = std::max(i < a.size() ? a[i] : 0.0, i < b.size() ? b[i] : 0.0);
    return out;
}

} // namespace

RunEngine::RunEngine(const topology::Topology& topo, std::size_t userLinks,
                     const net::NetworkConfig& transport, const Options& options,
                     const std::atomic<bool>& cancel, RunObserver* observer)
    : m_topo(topo), m_cancel(cancel), m_observer(observer),
      m_snapshotInterval_s(options.snapshot_interval_s), m_comm(options.comm),
      m_userLinks(userLinks)
{
    m_comm.random_loss = topology::hasRandomLoss(topo);
    net::NetworkConfig cfg = transport;
    cfg.seed = options.seed;
    cfg.sample_interval_s = options.sample_interval_s;
    cfg.keep_flow_records = false;
    cfg.series_links = options.link_series ? userLinks : 0;
    m_net = std::make_unique<net::Network>(m_sim, topo, cfg);
}

void RunEngine::transfer(NodeId src, NodeId dst, double bytes, net::Protocol protocol,
                         std::function<void(const net::TransferResult&)> done,
                         net::TransferOptions options, Credit credit)
{
    const std::uint32_t slot = newMessage(src, dst, bytes, protocol, options, credit);
    m_messages[slot].done = std::move(done);
    startMessage(slot);
}

std::uint32_t RunEngine::newMessage(NodeId src, NodeId dst, double bytes, net::Protocol protocol,
                                    net::TransferOptions options, Credit credit)
{
    ++m_transfers;
    std::uint32_t slot = 0;
    if (!m_freeMessages.empty()) {
        slot = m_freeMessages.back();
        m_freeMessages.pop_back();
    } else {
        slot = static_cast<std::uint32_t>(m_messages.size());
        m_messages.emplace_back();
    }
    Message& m = m_messages[slot];
    m.src = src;
    m.dst = dst;
    m.bytes = bytes;
    m.protocol = protocol;
    m.options = options;
    m.backoff_s = m_net->config().min_rto_s;
    m.retrying = false;
    m.group = kNoGroup;
    // Only a front end reads the progress estimates: without one, nothing is tracked.
    m.tracked = m_observer != nullptr && credit.ledger < m_ledgers.size();
    m.credit = credit;
    m.credited_bytes = 0.0;
    m.rate_Bps = 0.0;
    m.since_s = now();
    m.live = true;
    return slot;
}

void RunEngine::startMessage(std::uint32_t slot)
{
    // Copies: the network does not call back from within startTransfer, but the slot array may
    // grow before the next access.
    const Message& m = m_messages[slot];
    const FlowId flow = m_net->startTransfer(
        m.src, m.dst, m.bytes, m.protocol,
        [this, slot](const net::TransferResult& r) { messageEnded(slot, r); }, m.options);
    m_messages[slot].flow = flow; // a new flow: no rate until the next snapshot reads one
}

void RunEngine::messageEnded(std::uint32_t slot, const net::TransferResult& r)
{
    Message& m = m_messages[slot];
    if (!r.ok && (m_retryUnroutable || m.retrying)) {
        // No route (a failed centre or link): TCP keeps retransmitting, after min_rto doubling
        // up to 60 s, until a route returns or an end is blocked for good.
        if (blocked(m.src) || blocked(m.dst)) {
            releaseMessage(slot, false);
            return;
        }
        const double wait_s = m.backoff_s;
        m.backoff_s = std::min(60.0, 2 * wait_s);
        m.retrying = true;
        m_sim.scheduleIn(sim::SimTime::fromSeconds(wait_s), [this, slot] { retryMessage(slot); });
        return;
    }
    if (!r.ok) {
        releaseMessage(slot, false);
        if (m_error.empty()) {
            m_error = r.error;
            m_errorAt_s = now();
        }
        return;
    }
    const std::uint32_t group = m.group;
    std::function<void(const net::TransferResult&)> done = std::move(m.done);
    releaseMessage(slot, true);
    if (group != kNoGroup)
        partArrived(group, r);
    else
        done(r);
}

void RunEngine::retryMessage(std::uint32_t slot)
{
    Message& m = m_messages[slot];
    if (blocked(m.src) || blocked(m.dst)) {
        releaseMessage(slot, false);
        return;
    }
    m.rate_Bps = 0.0;
    m.since_s = now();
    startMessage(slot);
}

void RunEngine::releaseMessage(std::uint32_t slot, bool arrived)
{
    Message& m = m_messages[slot];
    if (m.tracked && arrived)
        m_ledgers[m.credit.ledger].arrived_bytes += m.bytes * m.credit.weight;
    const std::uint32_t group = m.group;
    m.done = nullptr;
    m.live = false;
    m_freeMessages.push_back(slot);
    if (group != kNoGroup && !arrived)
        partGone(group);
}

void RunEngine::blockNode(NodeId node)
{
    if (m_blocked.size() <= node.index())
        m_blocked.resize(m_topo.nodeCount(), 0);
    m_blocked[node.index()] = 1;
}

bool RunEngine::blocked(NodeId node) const
{
    return node.index() < m_blocked.size() && m_blocked[node.index()] != 0;
}

void RunEngine::transferInParts(NodeId src, NodeId dst, double bytes, net::Protocol protocol,
                                int parts, net::TransferOptions options,
                                std::function<double(const net::TransferResult&)> readyOf,
                                std::function<void()> done, Credit credit)
{
    parts = std::max(1, parts);
    std::uint32_t group = 0;
    if (!m_freeGroups.empty()) {
        group = m_freeGroups.back();
        m_freeGroups.pop_back();
    } else {
        group = static_cast<std::uint32_t>(m_groups.size());
        m_groups.emplace_back();
    }
    m_groups[group] = PartGroup{parts, parts, 0.0, std::move(readyOf), std::move(done)};
    for (int i = 0; i < parts; ++i) {
        net::TransferOptions part = options;
        part.stream = options.stream + static_cast<std::uint32_t>(i);
        const std::uint32_t slot = newMessage(src, dst, bytes / parts, protocol, part, credit);
        m_messages[slot].group = group;
        startMessage(slot);
    }
}

void RunEngine::partArrived(std::uint32_t group, const net::TransferResult& r)
{
    PartGroup& g = m_groups[group];
    const double ready = g.readyOf ? g.readyOf(r) : r.end_s;
    g.ready_s = std::max(g.ready_s, ready);
    --g.outstanding;
    if (--g.left > 0) {
        if (g.outstanding == 0) // another part is gone: `done` never runs
            releaseGroup(group);
        return;
    }
    const double wait_s = g.ready_s - now();
    if (wait_s <= 0.0) {
        finishGroup(group);
        return;
    }
    m_sim.scheduleIn(sim::SimTime::fromSecondsCeil(wait_s), [this, group] { finishGroup(group); });
}

void RunEngine::partGone(std::uint32_t group)
{
    if (--m_groups[group].outstanding == 0)
        releaseGroup(group);
}

void RunEngine::finishGroup(std::uint32_t group)
{
    std::function<void()> done = std::move(m_groups[group].done);
    releaseGroup(group);
    done();
}

void RunEngine::releaseGroup(std::uint32_t group)
{
    PartGroup& g = m_groups[group];
    g.readyOf = nullptr;
    g.done = nullptr;
    m_freeGroups.push_back(group);
}

namespace {

/// A collective's backend and its executor over `program` (a CommDag or a RingProgram).
template <class Program>
RunningCollective startProgram(RunEngine& engine, const Program& program,
                               const std::vector<NodeId>& nodes, net::Protocol protocol,
                               double reduceRate_Bps, std::function<void()> onDone,
                               RunEngine::Credit credit)
{
    RunningCollective rc;
    rc.backend = std::make_unique<NetBackend>(engine, nodes, protocol, reduceRate_Bps,
                                              engine.comm(), program.merged(), credit);
    // Nothing reads per-op times here: a 1,024-rank ring has 3·10⁶ ops (docs/performance.md).
    rc.executor = std::make_unique<collective::DagExecutor>(
        program, *rc.backend, collective::DagExecutor::Record::MakespanOnly);
    rc.executor->setOnFinished(std::move(onDone));
    rc.executor->start();
    return rc;
}

} // namespace

RunningCollective RunEngine::startCollective(const collective::CommDag& dag,
                                             const std::vector<NodeId>& nodes,
                                             net::Protocol protocol, double reduceRate_Bps,
                                             std::function<void()> onDone, Credit credit)
{
    return startProgram(*this, dag, nodes, protocol, reduceRate_Bps, std::move(onDone), credit);
}

RunningCollective RunEngine::startCollective(const collective::RingProgram& ring,
                                             const std::vector<NodeId>& nodes,
                                             net::Protocol protocol, double reduceRate_Bps,
                                             std::function<void()> onDone, Credit credit)
{
    return startProgram(*this, ring, nodes, protocol, reduceRate_Bps, std::move(onDone), credit);
}

RunningCollective RunEngine::startCollective(const CheckedProgram& program,
                                             const std::vector<NodeId>& nodes,
                                             net::Protocol protocol, double reduceRate_Bps,
                                             std::function<void()> onDone, Credit credit)
{
    if (program.ring)
        return startCollective(*program.ring, nodes, protocol, reduceRate_Bps, std::move(onDone),
                               credit);
    return startCollective(program.dag, nodes, protocol, reduceRate_Bps, std::move(onDone), credit);
}

std::vector<int> RunEngine::ringOrder(const std::vector<NodeId>& nodes)
{
    const std::size_t n = nodes.size();
    std::vector<std::vector<double>> delay(n, std::vector<double>(n, 0.0));
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j)
            if (i != j)
                if (auto r = m_net->router().route(nodes[i], nodes[j]))
                    delay[i][j] = r->delay_s;
    return collective::ringOrder(delay);
}

void RunEngine::runUntil(const bool& flag)
{
    while (!flag) {
        if (m_cancel.load(std::memory_order_relaxed))
            throw RunCancelled();
        if (!m_error.empty())
            throwFailure();
        if (!m_sim.step()) {
            // No event is left, yet the phase has not finished: a transfer is stalled (rate 0
            // on a failed link that nothing restores). Simulator::run() on an empty queue runs
            // the drain hooks, where the network fails such transfers with an error naming
            // the link, and then the events those failures schedule.
            m_sim.run();
            if (!m_error.empty())
                throwFailure();
            if (!flag)
                throw InternalError("the simulation ran out of events before the phase finished");
        }
        if (m_observer && now() >= m_nextSnapshot_s)
            emitSnapshot();
    }
    if (!m_error.empty())
        throwFailure();
}

void RunEngine::throwFailure() const
{
    throw TransferFailed(m_errorAt_s, m_error);
}

void RunEngine::emitSnapshot()
{
    if (!m_observer)
        return;
    RunSnapshot s;
    s.time_s = now();
    s.progress = m_progress;
    std::tie(s.phase_bytes_done, s.phase_bytes_total) = phaseBytes();
    s.link_queue_delay_s.reserve(m_userLinks);
    s.link_loss.reserve(m_userLinks);
    for (std::size_t l = 0; l < m_userLinks; ++l) {
        double u = 0.0, queue_s = 0.0, loss = 0.0;
        for (int dir = 0; dir < 2; ++dir) {
            u = std::max(u, m_net->lastUtilisation(LinkId::fromIndex(l), dir));
            const net::Network::QueueAndLoss q = m_net->queueAndLoss(LinkId::fromIndex(l), dir);
            queue_s = std::max(queue_s, q.queue_s);
            loss = std::max(loss, q.loss);
        }
        s.link_utilisation.emplace_back(m_topo.link(LinkId::fromIndex(l)).id, u);
        s.link_queue_delay_s.push_back(queue_s);
        s.link_loss.push_back(loss);
    }
    if (m_reportBackground) {
        const std::vector<net::Network::DirectionRates> rates = m_net->directionRates();
        for (std::size_t l = 0; l < m_userLinks; ++l) {
            const auto& a = rates[2 * l];
            const auto& b = rates[2 * l + 1];
            const auto& busier = b.total_bps > a.total_bps ? b : a;
            s.link_rates.push_back({busier.total_bps, busier.background_bps});
        }
    }
    m_observer->snapshot(s);
    m_nextSnapshot_s = now() + m_snapshotInterval_s;
}

RunEngine::LedgerId RunEngine::openLedger(double total_bytes)
{
    m_ledgers.push_back({total_bytes, 0.0, 0.0, false});
    return m_ledgers.size() - 1;
}

void RunEngine::closeLedger(LedgerId ledger)
{
    if (ledger < m_ledgers.size())
        m_ledgers[ledger].closed = true;
}

std::pair<double, double> RunEngine::phaseBytes()
{
    const double t = now();
    double inFlight = 0.0;
    for (Message& m : m_messages) {
        if (!m.live || !m.tracked)
            continue;
        m.credited_bytes = std::min(m.bytes, m.credited_bytes + m.rate_Bps * (t - m.since_s));
        m.rate_Bps = m_net->flowRateBps(m.flow) / 8.0;
        m.since_s = t;
        if (m.credit.ledger == m_shownLedger)
            inFlight += m.credited_bytes * m.credit.weight;
    }
    if (m_shownLedger >= m_ledgers.size())
        return {0.0, 0.0};
    Ledger& l = m_ledgers[m_shownLedger];
    const double done = l.closed ? l.total_bytes : l.arrived_bytes + inFlight;
    l.shown_bytes = std::clamp(done, l.shown_bytes, l.total_bytes);
    return {l.shown_bytes, l.total_bytes};
}

void RunEngine::recordResults(Results& results)
{
    results.total_s = now();
    results.sample_times_s = m_net->sampleTimes();
    // The interval of the series as written: doubled each time long series were merged.
    results.sample_interval_s = m_net->sampleIntervalS();
    for (std::size_t l = 0; l < m_userLinks; ++l) {
        const LinkId id = LinkId::fromIndex(l);
        LinkResult lr;
        lr.id = m_topo.link(id).id;
        const net::LinkStats a = m_net->linkStats(id, 0);
        const net::LinkStats b = m_net->linkStats(id, 1);
        // A half-duplex link is one shared medium, reported in both directions: count it once.
        const bool half = m_topo.link(id).duplex == topology::Duplex::Half;
        lr.bytes = half ? a.bytes : a.bytes + b.bytes;
        lr.utilization_mean = std::max(a.utilisation_mean, b.utilisation_mean);
        lr.utilization_peak = std::max(a.utilisation_peak, b.utilisation_peak);
        lr.lost_bytes = half ? a.lost_bytes : a.lost_bytes + b.lost_bytes;
        lr.queue_delay_mean_s = std::max(a.queue_delay_mean_s, b.queue_delay_mean_s);
        lr.utilization_series = largerOfEach(a.utilisation_series, b.utilisation_series);
        // The background's share in the direction each utilisation element came from.
        lr.background_utilization_series = a.background_utilisation_series;
        for (std::size_t i = 0; i < lr.background_utilization_series.size() &&
                                i < b.background_utilisation_series.size() &&
                                i < a.utilisation_series.size() && i < b.utilisation_series.size();
             ++i)
            if (b.utilisation_series[i] > a.utilisation_series[i])
                lr.background_utilization_series[i] = b.background_utilisation_series[i];
        lr.queue_delay_s_series = largerOfEach(a.queue_delay_s_series, b.queue_delay_s_series);
        lr.loss_series = largerOfEach(a.loss_series, b.loss_series);
        results.links.push_back(std::move(lr));
    }
    results.engine = {m_sim.eventsExecuted(), m_transfers};
}

void RunEngine::recordBackground(Results& results)
{
    for (std::size_t l = 0; l < m_userLinks && l < results.links.size(); ++l) {
        const LinkId id = LinkId::fromIndex(l);
        const double a = m_net->backgroundBytes(id, 0);
        // A half-duplex link is one shared medium, reported in both directions: count it once.
        const bool half = m_topo.link(id).duplex == topology::Duplex::Half;
        results.links[l].background_bytes = half ? a : a + m_net->backgroundBytes(id, 1);
    }
}

} // namespace meridian::experiment
