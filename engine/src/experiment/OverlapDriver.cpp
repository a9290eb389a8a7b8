#include "OverlapDriver.hpp"

#include <algorithm>

namespace meridian::experiment {

/// One iteration in flight: per centre its compute end and the end of its last bucket's
/// intra-centre all-reduce, in-centre broadcast and optimiser step; the bucket chain's state.
struct OverlapDriver::Iteration
{
    Iteration(std::size_t centres, double start_s)
        : t0(start_s), computeEnd(centres, start_s), intraEnd(centres, start_s),
          spreadEnd(centres, start_s), updateEnd(centres, start_s)
    {}
    double t0;
    std::vector<double> computeEnd, intraEnd, spreadEnd, updateEnd;
    std::vector<double> prefix; ///< B_k / G: the share of the gradient ready with bucket k
    std::size_t computesDone = 0, intraPending = 0, spreadPending = 0, updatesDone = 0;
    bool allCompute = false, lastIntra = false, lastInter = false, allUpdated = false;
    double computePhaseEnd = 0.0, interStart = 0.0, interEnd = 0.0, firstStart = 0.0;
    std::vector<RunningCollective> running;
};

OverlapDriver::OverlapDriver(const TrainingSpec& spec, const TrainingPlan& plan, RunEngine& engine,
                             PhaseDriver& phases, Results& results)
    : m_spec(spec), m_plan(plan), m_engine(engine), m_phases(phases), m_results(results)
{
    StrategyResult& g = m_results.strategy;
    g.buckets = static_cast<int>(plan.bucket_bytes.size());
    g.wan_payload_bytes = plan.wan_bytes; // the whole gradient's, over all buckets
    g.codec_s = 0.0;
    for (const auto& d : plan.bucket_dags)
        g.codec_s += d->codec_s;
}

void OverlapDriver::runIteration(int it)
{
    const std::size_t C = m_plan.active.size();
    Iteration s(C, m_engine.now());
    double sum = 0.0;
    for (const double b : m_plan.bucket_bytes) {
        sum += b;
        s.prefix.push_back(sum / m_plan.grad_bytes);
    }
    s.prefix.back() = 1.0;
    // The exchange of bucket 0 can start once every centre has it (the slowest centre's).
    s.firstStart = s.t0;
    for (std::size_t i = 0; i < C; ++i)
        s.firstStart =
            std::max(s.firstStart, s.t0 + m_plan.forward_s[i] + s.prefix[0] * m_plan.backward_s[i]);
    m_phases.begin("compute", it);
    for (std::size_t i = 0; i < C; ++i)
        m_engine.sim().scheduleIn(sim::SimTime::fromSecondsCeil(m_plan.compute_s[i]),
                                  [this, &s, i] {
                                      s.computeEnd[i] = m_engine.now();
                                      if (++s.computesDone == s.computeEnd.size())
                                          s.allCompute = true;
                                  });
    startBucket(s, 0);
    m_engine.runUntil(s.allCompute);
    s.computePhaseEnd = *std::max_element(s.computeEnd.begin(), s.computeEnd.end());
    m_phases.end("compute", it, s.t0, s.computePhaseEnd);
    m_phases.begin("intra_center", it);
    m_engine.runUntil(s.lastIntra);
    const double intraEnd =
        std::max(s.computePhaseEnd, *std::max_element(s.intraEnd.begin(), s.intraEnd.end()));
    m_phases.end("intra_center", it, s.computePhaseEnd, intraEnd);
    m_phases.begin("inter_center", it);
    m_engine.runUntil(s.lastInter);
    const double interEnd = std::max(intraEnd, s.interEnd);
    m_phases.end("inter_center", it, intraEnd, interEnd);
    m_phases.begin("update", it);
    m_engine.runUntil(s.allUpdated);
    std::vector<CenterPhaseSpan> spans;
    for (std::size_t i = 0; i < C; ++i) {
        const std::string& id = m_plan.active[i]->id;
        spans.push_back({id, "compute", it, s.t0, s.computeEnd[i]});
        spans.push_back({id, "intra_center", it, s.computeEnd[i], s.intraEnd[i]});
        spans.push_back({id, "inter_center", it, s.interStart, s.interEnd});
        spans.push_back({id, "update", it, s.interEnd, s.updateEnd[i]});
    }
    m_phases.centerSpans(spans);
    m_phases.end("update", it, interEnd, m_engine.now());
    record(s, it);
}

void OverlapDriver::startBucket(Iteration& s, std::size_t k)
{
    s.intraPending = m_plan.active.size();
    for (std::size_t i = 0; i < m_plan.active.size(); ++i) {
        const double ready_s = s.t0 + m_plan.forward_s[i] + s.prefix[k] * m_plan.backward_s[i];
        const auto at = sim::SimTime::fromSecondsCeil(ready_s);
        if (at > m_engine.sim().now())
            m_engine.sim().schedule(at, [this, &s, k, i] { startIntra(s, k, i); });
        else
            startIntra(s, k, i);
    }
}

void OverlapDriver::startIntra(Iteration& s, std::size_t k, std::size_t i)
{
    const CheckedProgram& dag = *m_plan.bucket_dags[k]->intra[i];
    auto done = [this, &s, k, i] {
        if (k + 1 == m_plan.bucket_bytes.size())
            s.intraEnd[i] = m_engine.now();
        intraDone(s, k);
    };
    if (dag.opCount() == 0)
        done();
    else
        s.running.push_back(m_engine.startCollective(dag, m_plan.active[i]->ranks,
                                                     m_spec.intra_center.protocol,
                                                     m_plan.reduce_rate_Bps[i], done));
}

void OverlapDriver::intraDone(Iteration& s, std::size_t k)
{
    if (--s.intraPending > 0)
        return;
    const bool last = k + 1 == m_plan.bucket_bytes.size();
    if (last) {
        s.lastIntra = true;
        s.interStart = m_engine.now();
    }
    const TrainingPlan::BucketDags& d = *m_plan.bucket_dags[k];
    if (d.inter.opCount() == 0)
        startSpread(s, k);
    else if (d.codec_s > 0.0)
        m_engine.sim().scheduleIn(sim::SimTime::fromSecondsCeil(d.codec_s),
                                  [this, &s, k] { launchInter(s, k); });
    else
        launchInter(s, k);
}

void OverlapDriver::launchInter(Iteration& s, std::size_t k)
{
    s.running.push_back(m_engine.startCollective(
        m_plan.bucket_dags[k]->inter, m_plan.inter_nodes, m_spec.inter_center.protocol,
        m_plan.wan_reduce_rate_Bps, [this, &s, k] { startSpread(s, k); }));
}

void OverlapDriver::startSpread(Iteration& s, std::size_t k)
{
    if (k + 1 == m_plan.bucket_bytes.size()) {
        s.lastInter = true;
        s.interEnd = m_engine.now();
    }
    s.spreadPending = m_plan.active.size();
    for (std::size_t i = 0; i < m_plan.active.size(); ++i) {
        const collective::CommDag& dag = *m_plan.bucket_dags[k]->update[i];
        if (dag.opCount() == 0)
            spreadDone(s, k, i);
        else
            s.running.push_back(m_engine.startCollective(
                dag, m_plan.active[i]->ranks, m_spec.intra_center.protocol,
                m_plan.reduce_rate_Bps[i], [this, &s, k, i] { spreadDone(s, k, i); }));
    }
}

void OverlapDriver::spreadDone(Iteration& s, std::size_t k, std::size_t i)
{
    const std::size_t C = m_plan.active.size();
    if (k + 1 == m_plan.bucket_bytes.size()) {
        // The centre's last broadcast: its optimiser step follows.
        s.spreadEnd[i] = m_engine.now();
        m_engine.sim().scheduleIn(sim::SimTime::fromSecondsCeil(m_plan.update_s[i]),
                                  [this, &s, i, C] {
                                      s.updateEnd[i] = m_engine.now();
                                      if (++s.updatesDone == C)
                                          s.allUpdated = true;
                                  });
    }
    if (--s.spreadPending == 0 && k + 1 < m_plan.bucket_bytes.size())
        startBucket(s, k + 1);
}

void OverlapDriver::record(const Iteration& s, int it)
{
    const double end = m_engine.now();
    const double intraEnd =
        std::max(s.computePhaseEnd, *std::max_element(s.intraEnd.begin(), s.intraEnd.end()));
    const double interEnd = std::max(intraEnd, s.interEnd);
    IterationResult ir;
    ir.index = it;
    ir.start_s = s.t0;
    ir.compute_s = s.computePhaseEnd - s.t0;
    ir.intra_center_s = intraEnd - s.computePhaseEnd;
    ir.inter_center_s = interEnd - intraEnd;
    ir.update_s = end - interEnd;
    ir.total_s = end - s.t0;
    double gpuCompute = 0.0;
    double lastSpread = s.t0;
    for (std::size_t i = 0; i < m_plan.active.size(); ++i) {
        gpuCompute += m_plan.active[i]->gpus * m_plan.compute_s[i];
        CenterResult& cr = m_results.centers[i];
        // Exposed communication only: what overlapped the backward pass is not waited for.
        const double comm = std::max(0.0, s.spreadEnd[i] - s.computeEnd[i]);
        const double update = s.updateEnd[i] - s.spreadEnd[i];
        cr.compute_s += m_plan.compute_s[i];
        cr.communication_s += comm;
        cr.update_s += update;
        cr.idle_s += std::max(0.0, ir.total_s - m_plan.compute_s[i] - comm - update);
        lastSpread = std::max(lastSpread, s.spreadEnd[i]);
    }
    ir.gpu_effective_compute_ratio =
        ir.total_s > 0 ? gpuCompute / (m_plan.total_gpus * ir.total_s) : 1.0;
    StrategyResult& g = m_results.strategy;
    g.exchanges += 1;
    g.communication_s += lastSpread - s.firstStart;
    g.exposed_communication_s += std::max(0.0, lastSpread - s.computePhaseEnd);
    m_results.iterations.push_back(ir);
    m_phases.iterationFinished(ir);
}

} // namespace meridian::experiment
