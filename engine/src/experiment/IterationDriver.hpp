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

#include <functional>

namespace meridian::experiment {

class IterationDriver
{
public:
    /// `exploitSymmetry`: centres that are exact twins of an earlier one (twinsOf) take its
    /// intra-centre and update times instead of simulating their own.
    IterationDriver(const TrainingSpec& spec, const TrainingPlan& plan, RunEngine& engine,
                    PhaseDriver& phases, Results& results, bool exploitSymmetry = false);

    /// What a strategy appends to an iteration after its optimiser step (DiLoCo's outer
    /// synchronisation, LocalSgdDriver.hpp): it runs its own phases; its communication and
    /// local GPU time add up to its duration and join the iteration's inter_center_s and
    /// update_s; per centre, its communication and update.
    struct Tail
    {
        double communication_s = 0.0;
        double update_s = 0.0;
        std::vector<double> centre_communication_s, centre_update_s; ///< empty = none
    };
    /// Runs `tail(it)` after every iteration's update phase (empty: none).
    void setTail(std::function<Tail(int)> tail) { m_tail = std::move(tail); }

    void runBroadcast();
    /// Runs iteration `it` and appends its IterationResult and per-centre times.
    void runIteration(int it);

private:
    struct Iteration;
    void computeFinished(Iteration& s, std::size_t i);
    void intraFinished(Iteration& s, std::size_t i);
    void startInter(Iteration& s);
    void launchInter(Iteration& s);
    void startUpdate(Iteration& s);
    void record(const Iteration& s, int it, const Tail& tail);
    /// Per-centre spans of iteration `it`, centre by centre (Results::center_phases).
    std::vector<CenterPhaseSpan> spans(const Iteration& s, int it) const;

    /// How many centres' bytes centre i's collectives move: itself and its twins.
    double weight(std::size_t i) const;
    /// Runs `step` for centre `i` and for each of its twins, in centre order.
    template <class Step> void forCentreAndTwins(std::size_t i, const Step& step) const;

    const TrainingSpec& m_spec;
    const TrainingPlan& m_plan;
    RunEngine& m_engine;
    PhaseDriver& m_phases;
    Results& m_results;
    /// Per centre: the earlier centre whose times it takes, or -1 (it simulates its own).
    std::vector<int> m_twinOf;
    /// Per centre: the later centres that take its times.
    std::vector<std::vector<std::size_t>> m_twins;
    std::function<Tail(int)> m_tail;
};

/// Centre twins of a plan (docs/experiments.md, "Identical centres"): centre i takes the
/// intra-centre and update times of the first earlier centre j that is its exact copy — both
/// synthesised from the same fabric description (FabricSpec, GPU model, GPU count), with the
/// same ranks, compute, update and reduction times and non-empty intra-centre and update
/// collectives — provided that no link of the run draws random numbers (loss or jitter, also
/// in a schedule step). Their fabrics are disjoint networks that nothing else uses during
/// those phases, so the simulation would give i exactly j's times. Returns -1 for a centre
/// that has no twin.
std::vector<int> centreTwins(const TrainingPlan& plan, const topology::Topology& topo);

} // namespace meridian::experiment
