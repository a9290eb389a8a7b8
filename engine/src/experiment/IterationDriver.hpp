#pragma once
// Drives the timeline of a planned training run (private to the experiment module):
//   broadcast — the weights from the source's lead rank to every other lead rank (the plan's
//     broadcast DAG) and, unless disabled, one dataset shard of size / centres to each;
//   per iteration — compute (each centre for its compute time), intra_center (a centre's
//     gradient all-reduce starts as soon as it has computed), inter_center (when every centre
//     is done), update (in-centre broadcast of the result, then the optimiser step).
// The phases partition each iteration along its critical path: compute ends when the slowest
// centre has computed, intra_center is the intra-centre time still exposed after that, then
// inter_center and update, so the four durations add up to the iteration time. Per centre,
// compute_s + communication_s + update_s + idle_s add up to it too (docs/experiments.md).

#include "PhaseDriver.hpp"
#include "RunEngine.hpp"
#include "TrainingPlan.hpp"
#include "meridian/experiment/ExperimentSpec.hpp"
#include "meridian/experiment/Results.hpp"

namespace meridian::experiment {

class IterationDriver
{
public:
    IterationDriver(const TrainingSpec& spec, const TrainingPlan& plan, RunEngine& engine,
                    PhaseDriver& phases, Results& results)
        : m_spec(spec), m_plan(plan), m_engine(engine), m_phases(phases), m_results(results)
    {}

    void runBroadcast();
    /// Runs iteration `it` and appends its IterationResult and per-centre times.
    void runIteration(int it);

private:
    struct Iteration;
    void computeFinished(Iteration& s, std::size_t i);
    void intraFinished(Iteration& s, std::size_t i);
    void startInter(Iteration& s);
    void startUpdate(Iteration& s);
    void record(const Iteration& s, int it);
    /// Per-centre spans of iteration `it`, centre by centre (Results::center_phases).
    std::vector<CenterPhaseSpan> spans(const Iteration& s, int it) const;

    const TrainingSpec& m_spec;
    const TrainingPlan& m_plan;
    RunEngine& m_engine;
    PhaseDriver& m_phases;
    Results& m_results;
};

} // namespace meridian::experiment
