#pragma once
// Data parallelism with the gradient all-reduce overlapped with the backward pass (private to
// the experiment module; StrategySpec.hpp, docs/strategies.md "Overlap"): PyTorch DDP cuts the
// gradients into buckets of bucket_cap_mb (25 MiB) in reverse layer order and launches each
// bucket's all-reduce as soon as the backward pass has produced it, one bucket after another
// on one stream.
//
// Per iteration, centre i computes for t_fwd,i + t_bwd,i (TrainingPlan::forward_s/backward_s);
// bucket k of the plan's buckets (prefix B_k of the G gradient bytes) is ready at centre i at
//     r_k,i = t0 + t_fwd,i + (B_k / G) · t_bwd,i.
// Bucket k runs its chain — per centre the intra-centre all-reduce (from max(r_k,i, end of
// bucket k−1)), the inter-centre exchange when every centre has reduced (after the codec
// time of a compressed payload), per centre the in-centre broadcast of the result — and
// bucket k+1's chain starts when bucket k's has ended everywhere. Each centre's optimiser step
// follows its last broadcast.
//
// Phases along the critical path: compute (until the slowest centre has computed), then
// intra_center / inter_center / update: the exposed rest, cut where the last bucket's
// intra-centre all-reduce and inter-centre exchange end. Twins are not used (every centre is
// simulated).

#include "PhaseDriver.hpp"
#include "RunEngine.hpp"
#include "TrainingPlan.hpp"
#include "meridian/experiment/ExperimentSpec.hpp"
#include "meridian/experiment/Results.hpp"

namespace meridian::experiment {

class OverlapDriver
{
public:
    OverlapDriver(const TrainingSpec& spec, const TrainingPlan& plan, RunEngine& engine,
                  PhaseDriver& phases, Results& results);

    /// Runs iteration `it` and appends its IterationResult, per-centre times and the
    /// strategy's communication figures.
    void runIteration(int it);

private:
    struct Iteration;
    void startBucket(Iteration& s, std::size_t k);
    void startIntra(Iteration& s, std::size_t k, std::size_t i);
    void intraDone(Iteration& s, std::size_t k);
    void launchInter(Iteration& s, std::size_t k);
    void startSpread(Iteration& s, std::size_t k);
    void spreadDone(Iteration& s, std::size_t k, std::size_t i);
    void record(const Iteration& s, int it);

    const TrainingSpec& m_spec;
    const TrainingPlan& m_plan;
    RunEngine& m_engine;
    PhaseDriver& m_phases;
    Results& m_results;
};

} // namespace meridian::experiment
