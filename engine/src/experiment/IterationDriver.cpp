#include "IterationDriver.hpp"

#include <algorithm>

namespace meridian::experiment {

namespace {

/// Whether some link of `topo` draws random numbers: loss or jitter in either direction or in
/// a schedule step.
bool drawsRandomNumbers(const topology::Topology& topo)
{
    if (topology::hasRandomLoss(topo))
        return true;
    for (std::size_t l = 0; l < topo.linkCount(); ++l) {
        const topology::LinkAttributes& link = topo.link(LinkId::fromIndex(l));
        if (link.direction(0).jitter_s > 0.0 || link.direction(1).jitter_s > 0.0)
            return true;
        for (const topology::ScheduleStep& step : link.schedule)
            if (step.patch.jitter_s.value_or(0.0) > 0.0)
                return true;
    }
    return false;
}

bool sameCentre(const TrainingPlan& plan, const topology::Topology& topo, std::size_t i,
                std::size_t j)
{
    const CentreRanks& a = *plan.active[i];
    const CentreRanks& b = *plan.active[j];
    if (!a.synthesised || !b.synthesised || a.gpus_per_rank != b.gpus_per_rank ||
        a.gpu_model != b.gpu_model)
        return false;
    const topology::NodeAttributes& na = topo.node(a.centre);
    const topology::NodeAttributes& nb = topo.node(b.centre);
    return na.fabric == nb.fabric && na.gpu_count == nb.gpu_count &&
           plan.compute_s[i] == plan.compute_s[j] && plan.tp_s[i] == plan.tp_s[j] &&
           plan.update_s[i] == plan.update_s[j] &&
           plan.reduce_rate_Bps[i] == plan.reduce_rate_Bps[j];
}

} // namespace

std::vector<int> centreTwins(const TrainingPlan& plan, const topology::Topology& topo)
{
    const std::size_t C = plan.active.size();
    std::vector<int> twinOf(C, -1);
    if (drawsRandomNumbers(topo))
        return twinOf;
    auto eligible = [&plan](std::size_t i) {
        return plan.intra_dag[i]->opCount() > 0 && plan.update_dag[i]->opCount() > 0;
    };
    for (std::size_t i = 1; i < C; ++i) {
        if (!eligible(i))
            continue;
        for (std::size_t j = 0; j < i; ++j)
            if (twinOf[j] < 0 && eligible(j) && sameCentre(plan, topo, i, j)) {
                twinOf[i] = static_cast<int>(j);
                break;
            }
    }
    return twinOf;
}

IterationDriver::IterationDriver(const TrainingSpec& spec, const TrainingPlan& plan,
                                 RunEngine& engine, PhaseDriver& phases, Results& results,
                                 bool exploitSymmetry)
    : m_spec(spec), m_plan(plan), m_engine(engine), m_phases(phases), m_results(results),
      m_twinOf(plan.active.size(), -1), m_twins(plan.active.size())
{
    if (exploitSymmetry)
        m_twinOf = centreTwins(plan, engine.topology());
    for (std::size_t i = 0; i < m_twinOf.size(); ++i)
        if (m_twinOf[i] >= 0)
            m_twins[static_cast<std::size_t>(m_twinOf[i])].push_back(i);
}

double IterationDriver::weight(std::size_t i) const
{
    return 1.0 + static_cast<double>(m_twins[i].size());
}

template <class Step> void IterationDriver::forCentreAndTwins(std::size_t i, const Step& step) const
{
    step(i);
    for (const std::size_t t : m_twins[i])
        step(t);
}

/// One iteration in flight. Per centre: end of compute, of the intra-centre all-reduce, of
/// the in-centre broadcast of the inter-centre result, and of the optimiser step.
struct IterationDriver::Iteration
{
    Iteration(std::size_t centres, double start_s)
        : t0(start_s), computeEnd(centres, start_s), intraEnd(centres, start_s),
          spreadEnd(centres, start_s), updateEnd(centres, start_s), interStart(start_s),
          interEnd(start_s)
    {
        running.reserve(3 * centres + 1);
    }
    double t0;
    std::vector<double> computeEnd, intraEnd, spreadEnd, updateEnd;
    std::size_t computesDone = 0, intraDone = 0, updatesDone = 0;
    bool allCompute = false, allIntra = false, interDone = false, iterationDone = false;
    double interStart, interEnd;
    double computePhaseEnd = 0.0;
    double end = 0.0;
    std::vector<RunningCollective> running;
    /// The bytes of the intra-centre, inter-centre and update programs (RunSnapshot).
    RunEngine::LedgerId intraBytes = RunEngine::kNoLedger;
    RunEngine::LedgerId interBytes = RunEngine::kNoLedger;
    RunEngine::LedgerId updateBytes = RunEngine::kNoLedger;
};

void IterationDriver::runBroadcast()
{
    const double start = m_engine.now();
    const std::vector<NodeId>& nodes = m_plan.broadcast_nodes;
    bool modelDone = nodes.size() < 2;
    const bool shards =
        m_spec.broadcast_dataset && m_spec.dataset_bytes > 0 && m_plan.active.size() > 1;
    const double shard_bytes =
        shards ? m_spec.dataset_bytes / static_cast<double>(m_plan.active.size()) : 0.0;
    const RunEngine::Credit credit{
        m_engine.openLedger((modelDone ? 0.0 : m_plan.broadcast_dag.totalBytesSent()) +
                            (shards ? shard_bytes * static_cast<double>(nodes.size() - 1) : 0.0))};
    m_phases.begin("broadcast", -1, credit.ledger);
    int shardsPending = 0;
    bool shardsDone = true;
    RunningCollective rc;
    if (!modelDone)
        rc = m_engine.startCollective(
            m_plan.broadcast_dag, nodes, m_spec.broadcast_protocol, 0.0,
            [&modelDone] { modelDone = true; }, credit);
    if (shards) {
        shardsDone = false;
        for (std::size_t i = 1; i < nodes.size(); ++i) {
            ++shardsPending;
            m_engine.transfer(
                nodes[0], nodes[i], shard_bytes, m_spec.broadcast_protocol,
                [&](const net::TransferResult&) {
                    if (--shardsPending == 0)
                        shardsDone = true;
                },
                {}, credit);
        }
    }
    m_engine.runUntil(modelDone);
    m_engine.runUntil(shardsDone);
    const double end = m_engine.now();
    std::vector<CenterPhaseSpan> spans;
    spans.reserve(m_plan.active.size());
    for (const CentreRanks* c : m_plan.active)
        spans.push_back({c->id, "broadcast", -1, start, end});
    m_phases.centerSpans(spans);
    m_phases.end("broadcast", -1, start, end);
}

void IterationDriver::runIteration(int it)
{
    const std::size_t C = m_plan.active.size();
    Iteration s(C, m_engine.now());
    // Every centre's intra-centre and update DAG runs once for it and its twins.
    double intra_bytes = 0.0, update_bytes = 0.0;
    for (std::size_t i = 0; i < C; ++i)
        if (m_twinOf[i] < 0) {
            intra_bytes += weight(i) * m_plan.intra_dag[i]->totalBytesSent();
            update_bytes += weight(i) * m_plan.update_dag[i]->totalBytesSent();
        }
    s.intraBytes = m_engine.openLedger(intra_bytes);
    s.interBytes = m_engine.openLedger(m_plan.inter_dag.totalBytesSent());
    s.updateBytes = m_engine.openLedger(update_bytes);
    m_phases.begin("compute", it);
    for (std::size_t i = 0; i < C; ++i)
        m_engine.sim().scheduleIn( // the TP all-reduces sit between the layers' matmuls
            sim::SimTime::fromSecondsCeil(m_plan.compute_s[i] + m_plan.tp_s[i]),
            [this, &s, i] { computeFinished(s, i); });
    m_engine.runUntil(s.allCompute);
    s.computePhaseEnd = *std::max_element(s.computeEnd.begin(), s.computeEnd.end());
    m_phases.end("compute", it, s.t0, s.computePhaseEnd);
    m_phases.begin("intra_center", it, s.intraBytes);
    m_engine.runUntil(s.allIntra);
    m_phases.end("intra_center", it, s.computePhaseEnd, s.interStart);
    m_phases.begin("inter_center", it, s.interBytes);
    m_engine.runUntil(s.interDone);
    m_phases.end("inter_center", it, s.interStart, s.interEnd);
    m_phases.begin("update", it, s.updateBytes);
    m_engine.runUntil(s.iterationDone);
    s.end = m_engine.now();
    m_phases.centerSpans(spans(s, it));
    m_phases.end("update", it, s.interEnd, s.end);
    record(s, it, m_tail ? m_tail(it) : Tail{});
}

void IterationDriver::computeFinished(Iteration& s, std::size_t i)
{
    // A centre that finishes computing early starts its intra-centre all-reduce at once.
    s.computeEnd[i] = m_engine.now();
    if (++s.computesDone == s.computeEnd.size())
        s.allCompute = true;
    if (m_twinOf[i] >= 0)
        return; // its twin's all-reduce, started at the same time, finishes it
    if (m_plan.intra_dag[i]->opCount() == 0)
        intraFinished(s, i);
    else
        s.running.push_back(m_engine.startCollective(
            *m_plan.intra_dag[i], m_plan.active[i]->ranks, m_spec.intra_center.protocol,
            m_plan.reduce_rate_Bps[i], [this, &s, i] { intraFinished(s, i); },
            {s.intraBytes, weight(i)}));
}

void IterationDriver::intraFinished(Iteration& s, std::size_t i)
{
    forCentreAndTwins(i, [this, &s](std::size_t c) {
        s.intraEnd[c] = m_engine.now();
        ++s.intraDone;
    });
    if (s.intraDone == s.intraEnd.size())
        startInter(s);
}

void IterationDriver::startInter(Iteration& s)
{
    s.interStart = m_engine.now();
    s.allIntra = true;
    if (m_plan.inter_dag.opCount() == 0) {
        s.interDone = true;
        startUpdate(s);
        return;
    }
    // Compressed payloads are encoded (and decoded) on the GPUs first (StrategySpec.hpp).
    if (m_plan.codec_s > 0.0)
        m_engine.sim().scheduleIn(sim::SimTime::fromSecondsCeil(m_plan.codec_s),
                                  [this, &s] { launchInter(s); });
    else
        launchInter(s);
}

void IterationDriver::launchInter(Iteration& s)
{
    s.running.push_back(m_engine.startCollective(m_plan.inter_dag, m_plan.inter_nodes,
                                                 m_spec.inter_center.protocol,
                                                 m_plan.wan_reduce_rate_Bps,
                                                 [this, &s] {
                                                     s.interDone = true;
                                                     startUpdate(s);
                                                 },
                                                 {s.interBytes}));
}

void IterationDriver::startUpdate(Iteration& s)
{
    s.interEnd = m_engine.now();
    const std::size_t C = m_plan.active.size();
    for (std::size_t i = 0; i < C; ++i) {
        if (m_twinOf[i] >= 0)
            continue; // its twin's broadcast steps it
        auto step = [this, &s, i, C] {
            forCentreAndTwins(i, [this, &s, C](std::size_t c) {
                s.spreadEnd[c] = m_engine.now();
                m_engine.sim().scheduleIn(sim::SimTime::fromSecondsCeil(m_plan.update_s[c]),
                                          [this, &s, c, C] {
                                              s.updateEnd[c] = m_engine.now();
                                              if (++s.updatesDone == C)
                                                  s.iterationDone = true;
                                          });
            });
        };
        if (m_plan.update_dag[i]->opCount() == 0)
            step();
        else
            s.running.push_back(m_engine.startCollective(
                *m_plan.update_dag[i], m_plan.active[i]->ranks, m_spec.intra_center.protocol,
                m_plan.reduce_rate_Bps[i], step, {s.updateBytes, weight(i)}));
    }
}

std::vector<CenterPhaseSpan> IterationDriver::spans(const Iteration& s, int it) const
{
    const std::size_t C = m_plan.active.size();
    std::vector<CenterPhaseSpan> out;
    out.reserve(4 * C);
    for (std::size_t i = 0; i < C; ++i) {
        const std::string& id = m_plan.active[i]->id;
        out.push_back({id, "compute", it, s.t0, s.computeEnd[i]});
        out.push_back({id, "intra_center", it, s.computeEnd[i], s.intraEnd[i]});
        out.push_back({id, "inter_center", it, s.interStart, s.interEnd});
        out.push_back({id, "update", it, s.interEnd, s.updateEnd[i]});
    }
    return out;
}

void IterationDriver::record(const Iteration& s, int it, const Tail& tail)
{
    IterationResult ir;
    ir.index = it;
    ir.start_s = s.t0;
    ir.compute_s = s.computePhaseEnd - s.t0;
    ir.intra_center_s = s.interStart - s.computePhaseEnd;
    ir.inter_center_s = s.interEnd - s.interStart;
    ir.update_s = s.end - s.interEnd;
    ir.total_s = s.end - s.t0;
    ir.inter_center_s += tail.communication_s;
    ir.update_s += tail.update_s;
    ir.total_s += tail.communication_s + tail.update_s;
    double gpuCompute = 0.0;
    for (std::size_t i = 0; i < m_plan.active.size(); ++i) {
        const double computeS = m_plan.compute_s[i];
        gpuCompute += m_plan.active[i]->gpus * computeS;
        CenterResult& cr = m_results.centers[i];
        // Communication: the centre's own intra-centre all-reduce, the inter-centre
        // collective and the in-centre broadcast of its result. The optimiser step is local
        // work on the GPUs and is counted separately as update_s (docs/results-format.md).
        const double comm =
            m_plan.tp_s[i] + (s.intraEnd[i] - s.computeEnd[i]) + (s.interEnd - s.interStart) +
            (s.spreadEnd[i] - s.interEnd) +
            (tail.centre_communication_s.empty() ? 0.0 : tail.centre_communication_s[i]);
        const double update = s.updateEnd[i] - s.spreadEnd[i] +
                              (tail.centre_update_s.empty() ? 0.0 : tail.centre_update_s[i]);
        cr.compute_s += computeS;
        cr.communication_s += comm;
        cr.update_s += update;
        cr.idle_s += std::max(0.0, ir.total_s - computeS - comm - update);
    }
    ir.gpu_effective_compute_ratio =
        ir.total_s > 0 ? gpuCompute / (m_plan.total_gpus * ir.total_s) : 1.0;
    m_results.iterations.push_back(ir);
    m_phases.iterationFinished(ir);
}

} // namespace meridian::experiment
