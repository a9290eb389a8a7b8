#include "LocalSgdDriver.hpp"

#include <algorithm>

namespace meridian::experiment {

namespace {

void addTail(IterationDriver::Tail& to, const IterationDriver::Tail& part)
{
    to.communication_s += part.communication_s;
    to.update_s += part.update_s;
    if (to.centre_communication_s.empty()) {
        to.centre_communication_s = part.centre_communication_s;
        to.centre_update_s = part.centre_update_s;
        return;
    }
    for (std::size_t i = 0; i < part.centre_communication_s.size(); ++i) {
        to.centre_communication_s[i] += part.centre_communication_s[i];
        to.centre_update_s[i] += part.centre_update_s[i];
    }
}

} // namespace

/// One fragment's exchange in flight: the inter-centre collective, then the in-centre
/// broadcasts of its result.
struct LocalSgdDriver::Exchange
{
    int mergeAt = 0;
    double start_s = 0.0; ///< launch (before the encode)
    double done_s = 0.0;
    bool done = false;
    std::size_t spreadPending = 0;
    RunEngine::LedgerId ledger = RunEngine::kNoLedger;
    std::vector<RunningCollective> running;
};

LocalSgdDriver::LocalSgdDriver(const TrainingSpec& spec, const TrainingPlan& plan,
                               RunEngine& engine, PhaseDriver& phases, Results& results,
                               IterationDriver& driver, int iterations)
    : m_spec(spec), m_plan(plan), m_engine(engine), m_phases(phases), m_results(results),
      m_driver(driver), m_iterations(iterations)
{
    StrategyResult& g = m_results.strategy;
    g.inner_steps = spec.strategy.inner_steps;
    g.fragments = spec.strategy.fragments;
    g.wan_payload_bytes = plan.wan_bytes;
    g.codec_s = plan.outer_codec_s;
}

LocalSgdDriver::~LocalSgdDriver() = default;

double LocalSgdDriver::outerPhaseCount(const StrategySpec& g, int iterations, bool encodes)
{
    const int stride = g.inner_steps / g.fragments;
    const int launches = iterations / stride;
    // Each merge has two phases; a launch merged later adds its encode phase.
    int later = g.fragments == 1 ? 0 : launches;
    if (g.fragments > 1 && launches > 0 && iterations % stride == 0)
        --later; // launched after the last inner step: merged at once
    return 2.0 * launches + (encodes ? later : 0);
}

void LocalSgdDriver::run()
{
    m_driver.setTail([this](int it) { return tail(it); });
    for (int it = 0; it < m_iterations; ++it)
        m_driver.runIteration(it);
    m_driver.setTail({});
}

LocalSgdDriver::Tail LocalSgdDriver::tail(int it)
{
    const StrategySpec& g = m_spec.strategy;
    const bool launchNow = (it + 1) % (g.inner_steps / g.fragments) == 0;
    const bool last = it + 1 == m_iterations;
    Tail t;
    if (m_pending && (it == m_pending->mergeAt || launchNow || last))
        addTail(t, merge(it));
    if (!launchNow)
        return t;
    if (g.fragments == 1 || last) {
        startExchange(m_plan.outer_codec_s); // encoded inside the outer_sync phase
        m_pending->mergeAt = it;
        addTail(t, merge(it));
    } else {
        addTail(t, launch(it));
    }
    return t;
}

LocalSgdDriver::Tail LocalSgdDriver::launch(int it)
{
    Tail t;
    const double start = m_engine.now();
    if (m_plan.outer_codec_s > 0.0) {
        bool encoded = false;
        m_phases.begin("outer_sync", it);
        m_engine.sim().scheduleIn(sim::SimTime::fromSecondsCeil(m_plan.outer_codec_s),
                                  [&encoded] { encoded = true; });
        m_engine.runUntil(encoded);
        const double end = m_engine.now();
        std::vector<CenterPhaseSpan> spans;
        for (const CentreRanks* c : m_plan.active)
            spans.push_back({c->id, "outer_sync", it, start, end});
        m_phases.centerSpans(spans);
        m_phases.end("outer_sync", it, start, end);
        t.communication_s = end - start;
        t.centre_communication_s.assign(m_plan.active.size(), end - start);
        t.centre_update_s.assign(m_plan.active.size(), 0.0);
        m_results.strategy.exposed_communication_s += end - start;
    }
    startExchange(0.0);
    m_pending->start_s = start;
    m_pending->mergeAt = it + m_spec.strategy.overlap_steps;
    return t;
}

void LocalSgdDriver::startExchange(double delay_s)
{
    m_pending = std::make_unique<Exchange>();
    Exchange* x = m_pending.get();
    x->start_s = m_engine.now();
    double bytes = m_plan.outer_dag.totalBytesSent();
    for (const auto& d : m_plan.outer_update_dag)
        bytes += d->totalBytesSent();
    x->ledger = m_engine.openLedger(bytes);
    auto spread = [this, x] {
        const std::size_t C = m_plan.active.size();
        x->spreadPending = C;
        auto one = [this, x] {
            if (--x->spreadPending == 0) {
                x->done = true;
                x->done_s = m_engine.now();
            }
        };
        for (std::size_t i = 0; i < C; ++i) {
            const collective::CommDag& dag = *m_plan.outer_update_dag[i];
            if (dag.opCount() == 0)
                one();
            else
                x->running.push_back(m_engine.startCollective(
                    dag, m_plan.active[i]->ranks, m_spec.intra_center.protocol,
                    m_plan.reduce_rate_Bps[i], one, {x->ledger}));
        }
    };
    auto exchange = [this, x, spread] {
        if (m_plan.outer_dag.opCount() == 0)
            spread();
        else
            x->running.push_back(m_engine.startCollective(
                m_plan.outer_dag, m_plan.inter_nodes, m_spec.inter_center.protocol,
                m_plan.wan_reduce_rate_Bps, spread, {x->ledger}));
    };
    if (delay_s > 0.0)
        m_engine.sim().scheduleIn(sim::SimTime::fromSecondsCeil(delay_s), exchange);
    else
        exchange();
}

LocalSgdDriver::Tail LocalSgdDriver::merge(int it)
{
    const std::size_t C = m_plan.active.size();
    Exchange& x = *m_pending;
    const double start = m_engine.now();
    m_phases.begin("outer_sync", it, x.ledger);
    m_engine.runUntil(x.done);
    const double synced = m_engine.now();
    std::vector<CenterPhaseSpan> spans;
    for (const CentreRanks* c : m_plan.active)
        spans.push_back({c->id, "outer_sync", it, start, synced});
    m_phases.centerSpans(spans);
    m_phases.end("outer_sync", it, start, synced);

    m_phases.begin("outer_update", it);
    std::size_t updated = 0;
    bool allUpdated = false;
    spans.clear();
    for (std::size_t i = 0; i < C; ++i) {
        spans.push_back(
            {m_plan.active[i]->id, "outer_update", it, synced, synced + m_plan.outer_update_s[i]});
        m_engine.sim().scheduleIn(sim::SimTime::fromSecondsCeil(m_plan.outer_update_s[i]),
                                  [&updated, &allUpdated, C] {
                                      if (++updated == C)
                                          allUpdated = true;
                                  });
    }
    m_engine.runUntil(allUpdated);
    const double end = m_engine.now();
    m_phases.centerSpans(spans);
    m_phases.end("outer_update", it, synced, end);

    Tail t;
    t.communication_s = synced - start;
    t.update_s = end - synced;
    t.centre_communication_s.assign(C, synced - start);
    t.centre_update_s = m_plan.outer_update_s;
    StrategyResult& g = m_results.strategy;
    g.exchanges += 1;
    g.communication_s += x.done_s - x.start_s;
    g.exposed_communication_s += synced - start;
    m_pending.reset();
    return t;
}

} // namespace meridian::experiment
