#pragma once
// Local SGD / DiLoCo (private to the experiment module; StrategySpec.hpp, docs/strategies.md):
// every iteration is an inner step that IterationDriver runs on a plan without an
// inter-centre exchange (compute, intra-centre all-reduce, inner optimiser step); this driver
// appends the outer synchronisation as the iteration's tail.
//
// With F fragments of params/F and stride H/F, fragment f is launched after inner step s when
// (s + 1) is a multiple of the stride: its payload is encoded (codec time, phase
// "outer_sync"), then exchanged among the centres with the inter-centre collective and
// broadcast inside each centre in the background, while the next inner steps run. It is
// merged after inner step s + τ (τ = overlap_steps; F = 1: τ = 0, merged at once): the step
// waits for what is left of the exchange (phase "outer_sync", exposed communication), then
// applies the outer optimiser to the fragment (phase "outer_update", per centre its own time).
// A fragment still in flight after the last inner step is merged then. Inner steps after the
// last launch are not synchronised.
//
// Time per outer step of one centre kind without contention between the exchange and the
// inner steps:  F = 1: H · t_inner + t_codec + t_sync + t_outer;
//               F > 1: H · t_inner + Σ_f [t_codec,f + max(0, t_sync,f − τ · t_inner) + t_outer,f]

#include "IterationDriver.hpp"
#include "PhaseDriver.hpp"
#include "RunEngine.hpp"
#include "TrainingPlan.hpp"
#include "meridian/experiment/ExperimentSpec.hpp"
#include "meridian/experiment/Results.hpp"

#include <memory>

namespace meridian::experiment {

class LocalSgdDriver
{
public:
    /// Drives `iterations` inner steps of `driver` (which runs `plan`'s inner steps).
    LocalSgdDriver(const TrainingSpec& spec, const TrainingPlan& plan, RunEngine& engine,
                   PhaseDriver& phases, Results& results, IterationDriver& driver, int iterations);
    ~LocalSgdDriver();

    /// Number of phases of the outer synchronisations of `iterations` inner steps (the
    /// inner steps' own four each come on top).
    static double outerPhaseCount(const StrategySpec& g, int iterations, bool encodes);

    /// Runs every inner step and the outer synchronisations.
    void run();

private:
    struct Exchange;
    using Tail = IterationDriver::Tail;
    Tail tail(int it);
    /// Encodes (a phase when the codec costs time) and starts the exchange in the background.
    Tail launch(int it);
    /// Starts the exchange after `delay_s` (the codec time, when no phase waited for it).
    void startExchange(double delay_s);
    /// Waits for the exchange in flight, then applies the outer step.
    Tail merge(int it);

    const TrainingSpec& m_spec;
    const TrainingPlan& m_plan;
    RunEngine& m_engine;
    PhaseDriver& m_phases;
    Results& m_results;
    IterationDriver& m_driver;
    int m_iterations;
    std::unique_ptr<Exchange> m_pending;
};

} // namespace meridian::experiment
