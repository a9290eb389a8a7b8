#include "ControlledDriver.hpp"

#include "CheckedCollective.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/core/Units.hpp"
#include "meridian/net/TransportModel.hpp"
#include "meridian/traffic/TrafficRun.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>

namespace meridian::experiment {

namespace {

/// Entity id of the control messages' random stream (loss and jitter samples): its own
/// domain, so that it shares no stream with the network's links.
constexpr std::uint64_t kControlStream = 0xC0A7ull << 32;
/// Simulated time without any progress (no data moving, no local work, exchange or update
/// finishing) after which a run with a control plane stops instead of running heartbeats
/// forever.
constexpr double kMinStall_s = 3600.0;

LinkId linkOf(const topology::Topology& topo, const std::string& id)
{
    for (std::size_t l = 0; l < topo.linkCount(); ++l)
        if (topo.link(LinkId::fromIndex(l)).id == id)
            return LinkId::fromIndex(l);
    throw InternalError("control plane: unknown link '" + id + "'");
}

} // namespace

ControlledDriver::ControlledDriver(const ExperimentSpec& spec, const TrainingPlan& plan,
                                   RunEngine& engine, PhaseDriver& phases, Results& results)
    : m_spec(spec), m_training(spec.training), m_plan(plan), m_engine(engine), m_phases(phases),
      m_results(results), m_rng(spec.seed, kControlStream)
{
    const int C = static_cast<int>(plan.active.size());
    for (const CentreRanks* c : plan.active)
        m_coordinator.push_back(c->lead());
    m_lost.assign(plan.active.size(), 0);
    control::MessagePath& path = *this;
    control::DataPlane& data = *this;
    m_cp = std::make_unique<control::ControlPlane>(std::max(1, C), spec.control, engine.sim(), path,
                                                   data);
    engine.setRetryUnroutable(true);
    const std::size_t T = spec.triggers.size();
    m_fired.assign(T, 0);
    m_orderFrom.assign(T, -1);
    m_orderApplied.assign(T, 0);
    m_conditionHeld.assign(T, false);
    m_linkWasUp.assign(T, true);
    checkSwitchTargets();

    ControlPlaneResult& r = m_results.control_plane;
    r.enabled = true;
    r.messages = spec.control.instant ? "instant" : "network";
    r.sync = spec.control.sync == control::SyncMode::Local ? "local" : "barrier";
    m_cp->setOnAdoption([this](const control::OrderAdoption& a) { adopted(a); });
    m_cp->setOnMessage([this](int from, int to, const char* kind, double sent, double arrived) {
        auto& spans = m_results.control_plane.message_spans;
        if (spans.size() < 20000)
            spans.push_back({m_plan.active[static_cast<std::size_t>(from)]->id,
                             m_plan.active[static_cast<std::size_t>(to)]->id, kind, sent, arrived});
    });
    m_cp->setOnIterationCommitted([this](const control::IterationControl& c) { committed(c); });
}

ControlledDriver::~ControlledDriver() = default;

void ControlledDriver::checkSwitchTargets() const
{
    for (std::size_t t = 0; t < m_spec.triggers.size(); ++t) {
        const auto& a = m_spec.triggers[t].action;
        if (a.kind != control::TriggerAction::Kind::SwitchCollective)
            continue;
        const std::string& from = a.scope == "inter_center" ? m_training.inter_center.collective
                                                            : m_training.intra_center.collective;
        if ((a.algorithm == "hierarchical") != (from == "hierarchical"))
            throw InputError(m_results.topology,
                             "/experiment/triggers/" + std::to_string(t) + "/to",
                             "switching to or from the hierarchical collective is not simulated "
                             "(it changes which phases an iteration has)");
    }
}

void ControlledDriver::adopted(const control::OrderAdoption& a)
{
    const auto t = static_cast<std::size_t>(a.order);
    m_orderFrom[t] = a.iteration;
    ControlPlaneResult& cr = m_results.control_plane;
    if (!m_fired[t]) { // an at_iteration order fires with the COMMIT that carries it
        m_fired[t] = 1;
        cr.triggers.push_back({m_spec.triggers[t].id,
                               std::string(control::toString(m_spec.triggers[t].action.kind)),
                               a.time_s, a.lamport, a.iteration});
    }
    for (auto& f : cr.triggers)
        if (f.id == m_spec.triggers[t].id && f.applies_from < 0)
            f.applies_from = a.iteration;
    cr.adoptions.push_back({m_spec.triggers[t].id,
                            m_plan.active[static_cast<std::size_t>(a.centre)]->id, a.time_s,
                            a.lamport, a.iteration});
}

// --- message path --------------------------------------------------------------------------

std::optional<double> ControlledDriver::transmit(int from, int to, double bytes)
{
    net::Network& net = m_engine.network();
    const auto route = net.router().route(m_coordinator[static_cast<std::size_t>(from)],
                                          m_coordinator[static_cast<std::size_t>(to)]);
    if (!route)
        return std::nullopt;
    double delay_s = 0.0;
    bool lost = false;
    for (const auto& hop : route->hops) {
        const topology::LinkParams& p = net.linkParams(hop.link, hop.dir);
        // Every hop draws its samples, lost or not, so that one loss does not shift the
        // stream of the others.
        if (p.loss > 0.0 && m_rng.uniform() < p.loss)
            lost = true;
        double j = 0.0;
        if (p.jitter_s > 0.0)
            j = net::TransportModel::jitterSample(m_rng, p.jitter_s, p.jitter_distribution);
        delay_s += std::max(0.0, p.delay_s + j) +
                   (p.bandwidth_bps > 0.0 ? bytes * 8.0 / p.bandwidth_bps : 0.0);
    }
    if (lost)
        return std::nullopt;
    return delay_s;
}

std::optional<std::pair<double, double>> ControlledDriver::roundTrip(int from, int to)
{
    net::Network& net = m_engine.network();
    const NodeId a = m_coordinator[static_cast<std::size_t>(from)];
    const NodeId b = m_coordinator[static_cast<std::size_t>(to)];
    double rtt = 0.0, var = 0.0;
    for (const auto& [x, y] : {std::pair(a, b), std::pair(b, a)}) {
        const auto route = net.router().route(x, y);
        if (!route)
            return std::nullopt;
        for (const auto& hop : route->hops) {
            const topology::LinkParams& p = net.linkParams(hop.link, hop.dir);
            rtt += p.delay_s;
            const double sd = net::TransportModel::jitterStdDev(p.jitter_s, p.jitter_distribution);
            var += sd * sd;
        }
    }
    return std::pair(rtt, std::sqrt(var));
}

// --- data plane ----------------------------------------------------------------------------

ControlledDriver::CentreIteration& ControlledDriver::at(int centre, int k)
{
    return m_iter[{k, centre}];
}

std::string ControlledDriver::algorithmAt(const std::string& scope, int k) const
{
    std::string alg = scope == "inter_center" ? m_training.inter_center.collective
                                              : m_training.intra_center.collective;
    int from = -1;
    for (std::size_t t = 0; t < m_spec.triggers.size(); ++t) {
        const auto& a = m_spec.triggers[t].action;
        if (a.kind == control::TriggerAction::Kind::SwitchCollective && a.scope == scope &&
            m_orderFrom[t] >= 0 && m_orderFrom[t] <= k && m_orderFrom[t] >= from) {
            alg = a.algorithm;
            from = m_orderFrom[t];
        }
    }
    return alg;
}

void ControlledDriver::applyOrders(int k)
{
    net::Network& net = m_engine.network();
    using K = control::TriggerAction::Kind;
    for (std::size_t t = 0; t < m_spec.triggers.size(); ++t) {
        if (m_orderApplied[t] || m_orderFrom[t] < 0 || m_orderFrom[t] > k)
            continue;
        m_orderApplied[t] = 1;
        const auto& a = m_spec.triggers[t].action;
        const auto& topo = m_engine.topology();
        switch (a.kind) {
        case K::SwitchRouting:
            net.setRouteMetric(a.routing);
            break;
        case K::Ecmp:
            net.setEcmp(a.ecmp);
            break;
        case K::PinPath: {
            std::vector<NodeId> nodes;
            for (const auto& id : a.path)
                nodes.push_back(*topo.findNode(id));
            if (!net.pinPath(nodes))
                m_results.warnings.push_back("trigger '" + m_spec.triggers[t].id +
                                             "': the nodes of pin-path are not joined by links; "
                                             "nothing pinned");
            break;
        }
        case K::UnpinPath:
            net.unpinPath(*topo.findNode(a.path.front()), *topo.findNode(a.path.back()));
            break;
        default:
            break; // switch-collective is read per iteration (algorithmAt)
        }
    }
}

const CheckedProgram& ControlledDriver::intraDag(int centre, const std::string& algorithm)
{
    auto& slot = m_intraDags[{centre, algorithm}];
    if (!slot) {
        collective::CollectiveSpec cs;
        cs.operation = collective::Operation::AllReduce;
        cs.algorithm = algorithmOf(algorithm, m_results.topology, "/experiment/triggers");
        cs.ranks = static_cast<int>(m_plan.active[static_cast<std::size_t>(centre)]->ranks.size());
        cs.bytes = m_plan.grad_bytes;
        cs.chunks = m_training.intra_center.chunks;
        slot = std::make_unique<CheckedProgram>(
            buildCheckedProgram(cs, m_engine.comm(), m_results.topology, "/experiment/triggers"));
    }
    return *slot;
}

const ControlledDriver::Dag& ControlledDriver::interDag(const std::string& algorithm,
                                                        const std::vector<int>& members)
{
    std::string key = algorithm;
    for (int m : members)
        key += ":" + std::to_string(m);
    auto& slot = m_interDags[key];
    if (slot)
        return *slot;
    slot = std::make_unique<Dag>();
    collective::CollectiveSpec cs;
    cs.operation = collective::Operation::AllReduce;
    cs.algorithm = algorithmOf(algorithm, m_results.topology, "/experiment/triggers");
    cs.bytes = m_plan.grad_bytes;
    cs.chunks = m_training.inter_center.chunks;
    if (cs.algorithm == collective::Algorithm::Hierarchical) {
        for (int m : members)
            for (NodeId r : m_plan.active[static_cast<std::size_t>(m)]->ranks) {
                slot->nodes.push_back(r);
                cs.groups.push_back(m);
            }
    } else {
        for (int m : members)
            slot->nodes.push_back(m_plan.active[static_cast<std::size_t>(m)]->lead());
        // The explicit ring order, restricted to the members, or the topology-aware one.
        const auto& order = m_training.inter_center.order;
        if (!order.empty()) {
            for (const auto& id : order)
                for (std::size_t i = 0; i < members.size(); ++i)
                    if (m_plan.active[static_cast<std::size_t>(members[i])]->id == id)
                        cs.order.push_back(static_cast<int>(i));
        } else {
            cs.order = m_engine.ringOrder(slot->nodes);
        }
    }
    cs.ranks = static_cast<int>(slot->nodes.size());
    if (cs.ranks >= 2)
        slot->dag = buildChecked(cs, m_engine.comm(), m_results.topology, "/experiment/triggers");
    return *slot;
}

void ControlledDriver::startLocal(int centre, int k, std::function<void()> done)
{
    applyOrders(k);
    const auto i = static_cast<std::size_t>(centre);
    at(centre, k).start_s = m_engine.now();
    m_engine.sim().scheduleIn(
        sim::SimTime::fromSecondsCeil(m_plan.compute_s[i]),
        [this, centre, k, i, done = std::move(done)]() mutable {
            if (m_lost[i])
                return;
            at(centre, k).compute_end_s = m_engine.now();
            auto finish = [this, centre, k, i, done = std::move(done)] {
                if (m_lost[i])
                    return;
                at(centre, k).intra_end_s = m_engine.now();
                m_lastProgress_s = m_engine.now();
                done();
            };
            if (m_plan.intra_dag[i]->opCount() == 0) {
                finish();
                return;
            }
            const std::string alg = algorithmAt("intra_center", k);
            const CheckedProgram& dag = alg == m_training.intra_center.collective
                                            ? *m_plan.intra_dag[i]
                                            : intraDag(centre, alg);
            m_running.push_back(m_engine.startCollective(
                dag, m_plan.active[i]->ranks, m_training.intra_center.protocol,
                m_plan.reduce_rate_Bps[i], std::move(finish)));
        });
}

void ControlledDriver::startExchange(int k, int /*attempt*/, const std::vector<int>& members,
                                     std::function<void()> done)
{
    applyOrders(k);
    const int token = ++m_exchangeToken;
    auto finish = [this, token, done = std::move(done)] {
        if (token != m_exchangeToken)
            return; // abandoned (a member failed)
        m_lastProgress_s = m_engine.now();
        done();
    };
    const std::string alg = algorithmAt("inter_center", k);
    const bool all = members.size() == m_plan.active.size();
    const collective::CommDag* dag = &m_plan.inter_dag;
    const std::vector<NodeId>* nodes = &m_plan.inter_nodes;
    if (!all || alg != m_training.inter_center.collective) {
        const Dag& d = interDag(alg, members);
        dag = &d.dag;
        nodes = &d.nodes;
    }
    if (dag->opCount() == 0) {
        m_engine.sim().scheduleIn(sim::SimTime::zero(), std::move(finish));
        return;
    }
    m_running.push_back(m_engine.startCollective(*dag, *nodes, m_training.inter_center.protocol,
                                                 m_plan.wan_reduce_rate_Bps, std::move(finish)));
}

void ControlledDriver::abortExchange(int /*k*/)
{
    ++m_exchangeToken;
}

void ControlledDriver::startUpdate(int centre, int k, std::function<void()> done)
{
    const auto i = static_cast<std::size_t>(centre);
    auto step = [this, centre, k, i, done = std::move(done)]() mutable {
        if (m_lost[i])
            return;
        at(centre, k).spread_end_s = m_engine.now();
        m_engine.sim().scheduleIn(sim::SimTime::fromSecondsCeil(m_plan.update_s[i]),
                                  [this, i, done = std::move(done)] {
                                      if (m_lost[i])
                                          return;
                                      m_lastProgress_s = m_engine.now();
                                      done();
                                  });
    };
    if (m_plan.update_dag[i]->opCount() == 0)
        step();
    else
        m_running.push_back(m_engine.startCollective(*m_plan.update_dag[i], m_plan.active[i]->ranks,
                                                     m_training.intra_center.protocol,
                                                     m_plan.reduce_rate_Bps[i], std::move(step)));
}

void ControlledDriver::centreLost(int centre)
{
    const auto i = static_cast<std::size_t>(centre);
    m_lost[i] = 1;
    for (NodeId r : m_plan.active[i]->ranks)
        m_engine.blockNode(r);
    m_engine.blockNode(m_coordinator[i]);
}

// --- triggers ------------------------------------------------------------------------------

void ControlledDriver::armTriggers()
{
    using C = control::TriggerCondition::Kind;
    bool conditions = false;
    for (std::size_t t = 0; t < m_spec.triggers.size(); ++t) {
        const auto& w = m_spec.triggers[t].when;
        switch (w.kind) {
        case C::AtTime:
            m_engine.sim().schedule(sim::SimTime::fromSeconds(std::max(w.at_s, m_engine.now())),
                                    [this, t] { fire(t); });
            break;
        case C::AtIteration:
            m_cp->issueOrderAt(static_cast<int>(t), w.iteration);
            break;
        case C::LinkEvent:
            m_linkWasUp[t] = m_engine.network().linkUp(linkOf(m_engine.topology(), w.link));
            conditions = true;
            break;
        case C::LinkMetric:
            conditions = true;
            break;
        }
    }
    if (conditions)
        checkConditions();
}

void ControlledDriver::checkConditions()
{
    using C = control::TriggerCondition;
    net::Network& net = m_engine.network();
    for (std::size_t t = 0; t < m_spec.triggers.size(); ++t) {
        const auto& w = m_spec.triggers[t].when;
        if (m_fired[t] || (w.kind != C::Kind::LinkEvent && w.kind != C::Kind::LinkMetric))
            continue;
        const LinkId l = linkOf(m_engine.topology(), w.link);
        bool holds = false;
        if (w.kind == C::Kind::LinkEvent) {
            const bool up = net.linkUp(l);
            holds = w.down ? (m_linkWasUp[t] && !up) : (!m_linkWasUp[t] && up);
            m_linkWasUp[t] = up;
        } else {
            double v = 0.0;
            switch (w.metric) {
            case C::Metric::Loss:
                v = std::max(net.linkParams(l, 0).loss, net.linkParams(l, 1).loss);
                break;
            case C::Metric::Utilisation:
                v = std::max(net.lastUtilisation(l, 0), net.lastUtilisation(l, 1));
                break;
            case C::Metric::Rtt:
                v = net.linkParams(l, 0).delay_s + net.linkParams(l, 1).delay_s;
                break;
            }
            const bool now = w.above ? v > w.threshold : v < w.threshold;
            holds = now && !m_conditionHeld[t];
            m_conditionHeld[t] = now;
        }
        if (holds)
            fire(t);
    }
    if (!m_finished)
        m_engine.sim().scheduleIn(sim::SimTime::fromSeconds(m_spec.control.heartbeat_interval_s),
                                  [this] { checkConditions(); });
}

void ControlledDriver::fire(std::size_t t)
{
    if (m_fired[t] || m_finished)
        return;
    m_fired[t] = 1;
    const control::Trigger& tr = m_spec.triggers[t];
    const auto& a = tr.action;
    using K = control::TriggerAction::Kind;
    const int leader = m_cp->leader();
    ControlTriggerFiring f{tr.id, std::string(control::toString(a.kind)), m_engine.now(),
                           leader >= 0 ? m_cp->lamportTime(leader) : 0, -1};
    if (a.isOrder()) {
        if (!m_started) {
            m_results.control_plane.triggers.push_back(f);
            m_cp->issueOrderAt(static_cast<int>(t), 0);
            return;
        }
        f.lamport = m_cp->issueOrder(static_cast<int>(t));
        m_results.control_plane.triggers.push_back(f);
        return;
    }
    m_results.control_plane.triggers.push_back(f);
    net::Network& net = m_engine.network();
    switch (a.kind) {
    case K::ChangeLink:
        net.applyLinkChange(linkOf(m_engine.topology(), a.link), a.change);
        break;
    case K::FailLink:
    case K::RecoverLink: {
        topology::ScheduleStep step;
        step.up = a.kind == K::RecoverLink;
        net.applyLinkChange(linkOf(m_engine.topology(), a.link), step);
        break;
    }
    case K::FailCentre: {
        auto it = std::find_if(m_plan.active.begin(), m_plan.active.end(),
                               [&](const CentreRanks* c) { return c->id == a.centre; });
        if (it == m_plan.active.end()) {
            m_results.warnings.push_back("trigger '" + tr.id + "': centre '" + a.centre +
                                         "' has no GPUs; nothing failed");
            break;
        }
        m_cp->failCentre(static_cast<int>(it - m_plan.active.begin()));
        break;
    }
    case K::StartGenerator:
    case K::StopGenerator:
    case K::ScaleGenerator: {
        const std::string why =
            m_background == nullptr       ? "the run has no background traffic"
            : a.kind == K::StartGenerator ? m_background->startByTrigger(a.generator)
            : a.kind == K::StopGenerator  ? m_background->stopByTrigger(a.generator)
                                          : m_background->scaleByTrigger(a.generator, a.factor);
        if (!why.empty())
            m_results.warnings.push_back("trigger '" + tr.id + "': " + why + "; nothing changed");
        break;
    }
    default:
        break;
    }
}

// --- records -------------------------------------------------------------------------------

ControlledDriver::IterationBounds ControlledDriver::bounds(const control::IterationControl& c)
{
    IterationBounds b;
    b.start_s = std::numeric_limits<double>::infinity();
    for (int m : c.members) {
        const CentreIteration& ci = at(m, c.iteration);
        b.start_s = std::min(b.start_s, ci.start_s);
        b.compute_end_s = std::max(b.compute_end_s, ci.compute_end_s);
        b.end_s = std::max(b.end_s, c.applied_s[static_cast<std::size_t>(m)]);
    }
    b.exchange_start_s = c.exchange_start_s;
    b.exchange_end_s = c.exchange_end_s;
    return b;
}

void ControlledDriver::recordCentres(const control::IterationControl& c, const IterationBounds& b,
                                     IterationResult& ir, ControlIterationResult& cir,
                                     std::vector<CenterPhaseSpan>& spans)
{
    const int k = c.iteration;
    const double interStart = b.exchange_start_s, interEnd = b.exchange_end_s;
    double gpuCompute = 0.0;
    int gpus = 0;
    for (int m : c.members) {
        const auto i = static_cast<std::size_t>(m);
        const CentreIteration& ci = at(m, k);
        const std::string& id = m_plan.active[i]->id;
        cir.members.push_back(id);
        const double applied = c.applied_s[i];
        spans.push_back({id, "compute", k, ci.start_s, ci.compute_end_s});
        spans.push_back({id, "intra_center", k, ci.compute_end_s, ci.intra_end_s});
        spans.push_back({id, "inter_center", k, interStart, interEnd});
        spans.push_back({id, "update", k, interEnd, applied});
        const double computeS = m_plan.compute_s[i];
        gpuCompute += m_plan.active[i]->gpus * computeS;
        gpus += m_plan.active[i]->gpus;
        CenterResult& cr = m_results.centers[i];
        const double comm = (ci.intra_end_s - ci.compute_end_s) + (interEnd - interStart) +
                            (ci.spread_end_s - interEnd);
        const double update = applied - ci.spread_end_s;
        cr.compute_s += computeS;
        cr.communication_s += comm;
        cr.update_s += update;
        cr.idle_s += std::max(0.0, ir.total_s - computeS - comm - update);
    }
    ir.gpu_effective_compute_ratio =
        ir.total_s > 0 && gpus > 0 ? gpuCompute / (gpus * ir.total_s) : 1.0;
}

void ControlledDriver::committed(const control::IterationControl& c)
{
    const int k = c.iteration;
    const IterationBounds b = bounds(c);
    const double t0 = b.start_s, computeEnd = b.compute_end_s, end = b.end_s;
    const double interStart = b.exchange_start_s, interEnd = b.exchange_end_s;
    m_phases.begin("compute", k);
    m_phases.end("compute", k, t0, computeEnd);
    m_phases.begin("intra_center", k);
    m_phases.end("intra_center", k, computeEnd, interStart);
    m_phases.begin("inter_center", k);
    m_phases.end("inter_center", k, interStart, interEnd);
    m_phases.begin("update", k);
    IterationResult ir;
    ir.index = k;
    ir.start_s = t0;
    ir.compute_s = computeEnd - t0;
    ir.intra_center_s = interStart - computeEnd;
    ir.inter_center_s = interEnd - interStart;
    ir.update_s = end - interEnd;
    ir.total_s = end - t0;
    ControlIterationResult cir;
    cir.index = k;
    cir.ready_wait_s = c.ready_wait_s;
    cir.commit_wait_s = c.commit_wait_s;
    std::vector<CenterPhaseSpan> spans;
    recordCentres(c, b, ir, cir, spans);
    m_results.control_plane.iterations.push_back(std::move(cir));
    m_phases.centerSpans(spans);
    m_phases.end("update", k, interEnd, end);
    m_results.iterations.push_back(ir);
    m_phases.iterationFinished(ir);
    // Collectives of finished iterations hold nothing any more: keep the vector short.
    m_iter.erase(m_iter.begin(), m_iter.lower_bound({k - 1, 0}));
}

void ControlledDriver::watchdog()
{
    if (m_stop)
        return;
    // Data still moving is progress (a lossy exchange may take hours).
    if (m_engine.network().activeFlows() > 0)
        m_lastProgress_s = m_engine.now();
    if (m_engine.now() - m_lastProgress_s > stallLimitS()) {
        m_stalled = true;
        m_stop = true;
        return;
    }
    m_engine.sim().scheduleIn(sim::SimTime::fromSeconds(60.0), [this] { watchdog(); });
}

double ControlledDriver::stallLimitS() const
{
    return std::max(kMinStall_s, 20.0 * m_spec.control.failure_timeout_s);
}

void ControlledDriver::runIterations(int iterations)
{
    m_started = true;
    m_lastProgress_s = m_engine.now();
    m_cp->start(iterations, [this] { m_stop = true; });
    watchdog();
    m_engine.runUntil(m_stop);
    m_finished = true;

    ControlPlaneResult& r = m_results.control_plane;
    const control::ControlStats& s = m_cp->stats();
    r.messages_sent = s.messages;
    r.transmissions = s.transmissions;
    r.retransmissions = s.retransmissions;
    r.acks = s.acks;
    r.heartbeats = s.heartbeats;
    r.lost = s.lost;
    r.reordered = s.reordered;
    r.duplicates = s.duplicates;
    r.deliveries = s.deliveries;
    r.bytes = s.bytes;
    r.buffer_wait_mean_s = s.wait_mean_s;
    r.buffer_wait_max_s = s.wait_max_s;
    for (const control::FailureDetection& f : m_cp->failures())
        r.failures.push_back({m_plan.active[static_cast<std::size_t>(f.centre)]->id,
                              std::isnan(f.failed_s) ? -1.0 : f.failed_s, f.detected_s,
                              m_plan.active[static_cast<std::size_t>(f.detected_by)]->id,
                              f.outcome});
    const control::ControlOutcome& o = m_cp->outcome();
    if (o.stopped || m_stalled) {
        r.stopped = true;
        r.stopped_s = o.stopped ? o.stopped_s : m_engine.now();
        std::string reason =
            o.stopped ? o.stop_reason : "no progress for " + units::formatDuration(stallLimitS());
        // Centre numbers in the protocol's reasons are indices of the centres with GPUs.
        for (std::size_t i = m_plan.active.size(); i-- > 0;) {
            const std::string num = "centre " + std::to_string(i);
            for (std::size_t p = reason.find(num); p != std::string::npos;
                 p = reason.find(num, p + 1))
                if (p + num.size() == reason.size() ||
                    !std::isdigit(static_cast<unsigned char>(reason[p + num.size()])))
                    reason.replace(p, num.size(), "centre '" + m_plan.active[i]->id + "'");
        }
        r.stop_reason = reason;
        m_results.warnings.push_back("run stopped at " + units::formatDuration(r.stopped_s) + ": " +
                                     reason + " (" + std::to_string(o.completed_iterations) +
                                     " of " + std::to_string(iterations) + " iterations done)");
    }
}

} // namespace meridian::experiment
