#pragma once
// Pipeline parallelism across centres (private to the experiment module; PipelinePlan.hpp,
// docs/strategies.md "Pipeline parallelism"): stage s of the model runs on the centre
// TrainingPlan::active[s], every GPU of that centre computing its share of each micro-batch.
//
// Per iteration, every stage runs its passes in the order of the schedule (GPipe or 1F1B),
// each pass as soon as the stage is free and its input is there: a forward of stage s > 0
// when the activation of stage s − 1 has arrived, a backward of stage s < p − 1 when the
// gradient of stage s + 1 has arrived. A forward's activation (micro-batch tokens × hidden ×
// dtype bytes) is sent to the next stage's lead rank, a backward's gradient of the same size
// to the previous one, over the network with the WAN protocol (inter_center.protocol), while
// the stage goes on computing. After its last backward, a stage all-reduces its gradients
// among its centre's ranks and takes its optimiser step; the iteration ends when every stage
// has (a flush: the next iteration starts together).
//
// Phases: pipeline (from the start until the last backward of every stage), intra_center (the
// exposed rest of the stages' all-reduces), update (the rest of the optimiser steps). In the
// iteration's record, compute_s is the schedule's span with instant transfers (compute and
// bubble), inter_center_s what the transfers add to it (exposed WAN communication).

#include "PhaseDriver.hpp"
#include "PipelinePlan.hpp"
#include "RunEngine.hpp"
#include "TrainingPlan.hpp"
#include "meridian/experiment/ExperimentSpec.hpp"
#include "meridian/experiment/Results.hpp"

#include <vector>

namespace meridian::experiment {

class PipelineDriver
{
public:
    PipelineDriver(const TrainingSpec& spec, const TrainingPlan& plan, RunEngine& engine,
                   PhaseDriver& phases, Results& results);

    /// Phases of a run of `iterations`: the broadcast, then three per iteration.
    static double phaseCount(int iterations) { return 1.0 + 3.0 * iterations; }

    /// Runs iteration `it` and appends its IterationResult, per-centre times and the
    /// pipeline's figures.
    void runIteration(int it);

private:
    struct Iteration;
    void tryRun(Iteration& s, std::size_t stage);
    void passDone(Iteration& s, std::size_t stage, PipelineOp op);
    void send(Iteration& s, std::size_t from, std::size_t to, PipelineOp op);
    void stageFinished(Iteration& s, std::size_t stage);
    void record(const Iteration& s, int it);

    const TrainingSpec& m_spec;
    const TrainingPlan& m_plan;
    RunEngine& m_engine;
    PhaseDriver& m_phases;
    Results& m_results;
    std::vector<std::vector<PipelineOp>> m_ops; ///< per stage, its passes in schedule order
};

} // namespace meridian::experiment
