#include "PipelineDriver.hpp"

#include <algorithm>

namespace meridian::experiment {

/// One iteration in flight: per stage, the next pass, whether it computes, which inputs have
/// arrived, and when its passes, all-reduce and optimiser step ended.
struct PipelineDriver::Iteration
{
    Iteration(std::size_t stages, std::size_t microBatches, double start_s)
        : t0(start_s), next(stages, 0), busy(stages, 0),
          activationIn(stages, std::vector<char>(microBatches, 0)),
          gradientIn(stages, std::vector<char>(microBatches, 0)), passesEnd(stages, start_s),
          intraEnd(stages, start_s), updateEnd(stages, start_s)
    {}
    double t0;
    std::vector<std::size_t> next;
    std::vector<char> busy;
    std::vector<std::vector<char>> activationIn, gradientIn;
    std::vector<double> passesEnd, intraEnd, updateEnd;
    std::size_t passesDone = 0, intraDone = 0, updatesDone = 0;
    bool allPasses = false, allIntra = false, allUpdated = false;
    double communication_s = 0.0; ///< transfer durations, summed
    std::vector<RunningCollective> running;
};

PipelineDriver::PipelineDriver(const TrainingSpec& spec, const TrainingPlan& plan,
                               RunEngine& engine, PhaseDriver& phases, Results& results)
    : m_spec(spec), m_plan(plan), m_engine(engine), m_phases(phases), m_results(results)
{
    const auto p = static_cast<int>(plan.stages.size());
    for (int s = 0; s < p; ++s)
        m_ops.push_back(pipelineSchedule(spec.schedule, s, p, spec.micro_batches));
    PipelineResult& r = m_results.pipeline;
    r.enabled = true;
    r.schedule = spec.schedule;
    r.micro_batches = spec.micro_batches;
    r.activation_bytes = plan.activation_bytes;
    double busy = 0.0;
    for (std::size_t s = 0; s < plan.stages.size(); ++s) {
        const TrainingPlan::PipelineStage& st = plan.stages[s];
        r.stages.push_back({plan.active[s]->id, st.layers, st.first_layer, st.last_layer,
                            st.parameters, st.forward_s, st.backward_s});
        busy += spec.micro_batches * (st.forward_s + st.backward_s);
    }
    r.bubble_fraction =
        plan.ideal_pipeline_s > 0.0
            ? 1.0 - busy / (static_cast<double>(plan.stages.size()) * plan.ideal_pipeline_s)
            : 0.0;
}

void PipelineDriver::runIteration(int it)
{
    const std::size_t p = m_plan.stages.size();
    Iteration s(p, static_cast<std::size_t>(m_spec.micro_batches), m_engine.now());
    std::fill(s.activationIn[0].begin(), s.activationIn[0].end(), 1); // stage 0 reads its data
    m_phases.begin("pipeline", it);
    for (std::size_t i = 0; i < p; ++i)
        tryRun(s, i);
    m_engine.runUntil(s.allPasses);
    const double pipelineEnd = *std::max_element(s.passesEnd.begin(), s.passesEnd.end());
    m_phases.end("pipeline", it, s.t0, pipelineEnd);
    m_phases.begin("intra_center", it);
    m_engine.runUntil(s.allIntra);
    const double intraEnd =
        std::max(pipelineEnd, *std::max_element(s.intraEnd.begin(), s.intraEnd.end()));
    m_phases.end("intra_center", it, pipelineEnd, intraEnd);
    m_phases.begin("update", it);
    m_engine.runUntil(s.allUpdated);
    std::vector<CenterPhaseSpan> spans;
    for (std::size_t i = 0; i < p; ++i) {
        const std::string& id = m_plan.active[i]->id;
        spans.push_back({id, "pipeline", it, s.t0, s.passesEnd[i]});
        spans.push_back({id, "intra_center", it, s.passesEnd[i], s.intraEnd[i]});
        spans.push_back({id, "update", it, s.intraEnd[i], s.updateEnd[i]});
    }
    m_phases.centerSpans(spans);
    m_phases.end("update", it, intraEnd, m_engine.now());
    record(s, it);
}

void PipelineDriver::tryRun(Iteration& s, std::size_t stage)
{
    if (s.busy[stage] != 0 || s.next[stage] == m_ops[stage].size())
        return;
    const PipelineOp op = m_ops[stage][s.next[stage]];
    const auto j = static_cast<std::size_t>(op.micro_batch);
    if ((op.forward ? s.activationIn : s.gradientIn)[stage][j] == 0)
        return;
    s.busy[stage] = 1;
    ++s.next[stage];
    const TrainingPlan::PipelineStage& st = m_plan.stages[stage];
    m_engine.sim().scheduleIn(
        sim::SimTime::fromSecondsCeil(op.forward ? st.forward_s : st.backward_s),
        [this, &s, stage, op] { passDone(s, stage, op); });
}

void PipelineDriver::passDone(Iteration& s, std::size_t stage, PipelineOp op)
{
    const std::size_t p = m_plan.stages.size();
    const auto j = static_cast<std::size_t>(op.micro_batch);
    s.busy[stage] = 0;
    if (op.forward && stage + 1 < p)
        send(s, stage, stage + 1, op);
    else if (op.forward) // the last stage turns its own output into the loss's gradient
        s.gradientIn[stage][j] = 1;
    else if (stage > 0)
        send(s, stage, stage - 1, op);
    if (s.next[stage] == m_ops[stage].size())
        stageFinished(s, stage);
    else
        tryRun(s, stage);
}

void PipelineDriver::send(Iteration& s, std::size_t from, std::size_t to, PipelineOp op)
{
    const double start = m_engine.now();
    m_results.pipeline.transfers += 1;
    m_results.pipeline.wan_bytes += m_plan.activation_bytes;
    m_engine.transfer(m_plan.active[from]->lead(), m_plan.active[to]->lead(),
                      m_plan.activation_bytes, m_spec.inter_center.protocol,
                      [this, &s, to, op, start](const net::TransferResult&) {
                          s.communication_s += m_engine.now() - start;
                          const auto j = static_cast<std::size_t>(op.micro_batch);
                          (op.forward ? s.activationIn : s.gradientIn)[to][j] = 1;
                          tryRun(s, to);
                      });
}

void PipelineDriver::stageFinished(Iteration& s, std::size_t stage)
{
    s.passesEnd[stage] = m_engine.now();
    if (++s.passesDone == m_plan.stages.size())
        s.allPasses = true;
    auto step = [this, &s, stage] {
        s.intraEnd[stage] = m_engine.now();
        if (++s.intraDone == m_plan.stages.size())
            s.allIntra = true;
        m_engine.sim().scheduleIn(sim::SimTime::fromSecondsCeil(m_plan.update_s[stage]),
                                  [this, &s, stage] {
                                      s.updateEnd[stage] = m_engine.now();
                                      if (++s.updatesDone == m_plan.stages.size())
                                          s.allUpdated = true;
                                  });
    };
    const CheckedProgram& dag = *m_plan.stages[stage].intra;
    if (dag.opCount() == 0)
        step();
    else
        s.running.push_back(m_engine.startCollective(dag, m_plan.active[stage]->ranks,
                                                     m_spec.intra_center.protocol,
                                                     m_plan.reduce_rate_Bps[stage], step));
}

void PipelineDriver::record(const Iteration& s, int it)
{
    const double end = m_engine.now();
    const double pipelineEnd = *std::max_element(s.passesEnd.begin(), s.passesEnd.end());
    const double intraEnd =
        std::max(pipelineEnd, *std::max_element(s.intraEnd.begin(), s.intraEnd.end()));
    const double pipeline_s = pipelineEnd - s.t0;
    // The simulated passes end on the simulator's clock ticks; the span never falls below
    // the schedule's own by more than that rounding.
    const double ideal_s = std::min(m_plan.ideal_pipeline_s, pipeline_s);
    IterationResult ir;
    ir.index = it;
    ir.start_s = s.t0;
    ir.compute_s = ideal_s;
    ir.inter_center_s = pipeline_s - ideal_s;
    ir.intra_center_s = intraEnd - pipelineEnd;
    ir.update_s = end - intraEnd;
    ir.total_s = end - s.t0;
    double gpuCompute = 0.0, busy = 0.0;
    for (std::size_t i = 0; i < m_plan.stages.size(); ++i) {
        gpuCompute += m_plan.active[i]->gpus * m_plan.compute_s[i];
        busy += m_plan.compute_s[i];
        CenterResult& cr = m_results.centers[i];
        const double comm = m_plan.tp_s[i] + s.intraEnd[i] - s.passesEnd[i];
        const double update = s.updateEnd[i] - s.intraEnd[i];
        cr.compute_s += m_plan.compute_s[i];
        cr.communication_s += comm;
        cr.update_s += update;
        cr.idle_s += std::max(0.0, ir.total_s - m_plan.compute_s[i] - comm - update);
    }
    ir.gpu_effective_compute_ratio =
        ir.total_s > 0 ? gpuCompute / (m_plan.total_gpus * ir.total_s) : 1.0;
    PipelineResult& r = m_results.pipeline;
    r.iterations += 1;
    r.pipeline_s += pipeline_s;
    r.ideal_pipeline_s += ideal_s;
    r.exposed_communication_s += pipeline_s - ideal_s;
    r.communication_s += s.communication_s;
    r.idle_s += static_cast<double>(m_plan.stages.size()) * pipeline_s - busy;
    m_results.iterations.push_back(ir);
    m_phases.iterationFinished(ir);
}

} // namespace meridian::experiment
