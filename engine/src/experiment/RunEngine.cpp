#include "RunEngine.hpp"

#include "meridian/collective/RingOrder.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/core/Units.hpp"
#include "meridian/experiment/Runner.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <tuple>

namespace meridian::experiment {

namespace {

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
        const std::uint64_t index = m_merged.iterations > 1.0 ? m_sent[{src, dst, channel}]++ : 0;
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
    std::map<std::tuple<int, int, int>, std::uint64_t> m_sent; ///< sends per connection
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
    ++m_transfers;
    const std::uint64_t tracked = track(bytes, credit);
    const FlowId flow = m_net->startTransfer(
        src, dst, bytes, protocol,
        [this, src, dst, bytes, protocol, options, tracked, done = std::move(done),
         backoff_s = m_net->config().min_rto_s](const net::TransferResult& r) mutable {
            if (!r.ok && m_retryUnroutable) {
                if (blocked(src) || blocked(dst)) {
                    untrack(tracked, false);
                    return;
                }
                m_sim.scheduleIn(sim::SimTime::fromSeconds(backoff_s),
                                 [this, src, dst, bytes, protocol, options, backoff_s, tracked,
                                  done = std::move(done)]() mutable {
                                     retryTransfer(src, dst, bytes, protocol, std::move(done),
                                                   options, std::min(60.0, 2 * backoff_s), tracked);
                                 });
                return;
            }
            if (!r.ok) {
                untrack(tracked, false);
                if (m_error.empty()) {
                    m_error = r.error;
                    m_errorAt_s = now();
                }
                return;
            }
            untrack(tracked, true);
            done(r);
        },
        options);
    if (tracked != 0)
        m_inFlight.at(tracked).flow = flow;
}

void RunEngine::retryTransfer(NodeId src, NodeId dst, double bytes, net::Protocol protocol,
                              std::function<void(const net::TransferResult&)> done,
                              net::TransferOptions options, double backoff_s, std::uint64_t tracked)
{
    if (blocked(src) || blocked(dst)) {
        untrack(tracked, false);
        return;
    }
    const FlowId flow = m_net->startTransfer(
        src, dst, bytes, protocol,
        [this, src, dst, bytes, protocol, options, backoff_s, tracked,
         done = std::move(done)](const net::TransferResult& r) mutable {
            if (r.ok) {
                untrack(tracked, true);
                done(r);
                return;
            }
            if (blocked(src) || blocked(dst)) {
                untrack(tracked, false);
                return;
            }
            m_sim.scheduleIn(sim::SimTime::fromSeconds(backoff_s),
                             [this, src, dst, bytes, protocol, options, backoff_s, tracked,
                              done = std::move(done)]() mutable {
                                 retryTransfer(src, dst, bytes, protocol, std::move(done), options,
                                               std::min(60.0, 2 * backoff_s), tracked);
                             });
        },
        options);
    if (const auto it = m_inFlight.find(tracked); it != m_inFlight.end()) {
        it->second.flow = flow; // a new flow: no rate until the next snapshot reads one
        it->second.rate_Bps = 0.0;
        it->second.since_s = now();
    }
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
    struct Pending
    {
        int left;
        double ready_s;
        std::function<double(const net::TransferResult&)> readyOf;
        std::function<void()> done;
    };
    parts = std::max(1, parts);
    auto pending =
        std::make_shared<Pending>(Pending{parts, 0.0, std::move(readyOf), std::move(done)});
    for (int i = 0; i < parts; ++i) {
        net::TransferOptions part = options;
        part.stream = options.stream + static_cast<std::uint32_t>(i);
        transfer(
            src, dst, bytes / parts, protocol,
            [this, pending](const net::TransferResult& r) {
                const double ready = pending->readyOf ? pending->readyOf(r) : r.end_s;
                pending->ready_s = std::max(pending->ready_s, ready);
                if (--pending->left > 0)
                    return;
                const double wait_s = pending->ready_s - now();
                if (wait_s <= 0.0) {
                    pending->done();
                    return;
                }
                m_sim.scheduleIn(sim::SimTime::fromSecondsCeil(wait_s),
                                 [pending] { pending->done(); });
            },
            part, credit);
    }
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

std::uint64_t RunEngine::track(double bytes, Credit credit)
{
    // Only a front end reads the estimates: without one, nothing is kept per message.
    if (!m_observer || credit.ledger >= m_ledgers.size())
        return 0;
    const std::uint64_t key = m_nextTracked++;
    m_inFlight.emplace(key, InFlight{FlowId{}, credit, bytes, 0.0, 0.0, now()});
    return key;
}

void RunEngine::untrack(std::uint64_t key, bool arrived)
{
    const auto it = m_inFlight.find(key);
    if (it == m_inFlight.end())
        return;
    if (arrived)
        m_ledgers[it->second.credit.ledger].arrived_bytes +=
            it->second.bytes * it->second.credit.weight;
    m_inFlight.erase(it);
}

std::pair<double, double> RunEngine::phaseBytes()
{
    const double t = now();
    double inFlight = 0.0;
    for (auto& [key, m] : m_inFlight) {
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
