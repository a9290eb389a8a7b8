#pragma once
// How a run reports to its front end (STYLE: the kernel never knows the GUI). The CLI
// prints; the GUI adapts these calls into queued Qt signals on its worker thread.
// Calls arrive on the thread that runs Runner::run(), in simulated-time order.

#include "meridian/experiment/Results.hpp"

#include <string>
#include <utility>
#include <vector>

namespace meridian::experiment {

struct RunSnapshot
{
    double time_s = 0.0;
    double progress = 0.0; ///< finished phases / all phases: non-decreasing, exactly 1 at the end
    /// The phase in progress — in the snapshot sent at a phase's end, that phase: the payload
    /// bytes its program moves (the sends of its collectives, the broadcast's dataset shards;
    /// known before the phase starts, not an estimate) and how many of them have arrived, a
    /// message in flight counted by rate × time, never beyond its size. Within a phase
    /// phase_bytes_done never decreases and never exceeds phase_bytes_total, and equals it in
    /// the snapshot at the phase's end. Both 0 for a phase that moves no bytes (compute, a
    /// control-plane run's iteration phases, reported when the iteration has ended).
    /// docs/experiments.md, "Progress and cancellation".
    double phase_bytes_done = 0.0;
    double phase_bytes_total = 0.0;
    /// Utilisation of every link of the user's topology over the last sample interval
    /// (max of both directions), in LinkId order.
    std::vector<std::pair<std::string, double>> link_utilisation;
    /// Runs with background traffic only (a "traffic" section; empty otherwise): per link of
    /// link_utilisation, in the same order, the rates at time_s (wire bit/s) of the direction
    /// that carries more then — of all its flows and of the background generators' flows
    /// (docs/traffic.md §5); the experiment's own is the difference.
    struct LinkRates
    {
        double total_bps = 0.0;
        double background_bps = 0.0;
    };
    std::vector<LinkRates> link_rates;
    /// Per link of link_utilisation, in the same order, at time_s: the delay of its standing
    /// queue (seconds) and the fraction of the arriving bits it loses, each the larger of both
    /// directions (results.json's queue_delay_s_series and loss_series hold interval means).
    std::vector<double> link_queue_delay_s;
    std::vector<double> link_loss;
};

class RunObserver
{
public:
    virtual ~RunObserver() = default;
    /// Every phase gets phaseStarted (at its start_s) then phaseFinished (with its PhaseResult)
    /// before the next phase starts; the phases come in timeline order. Calling
    /// Runner::cancel() from here makes run() throw RunCancelled before the next phase.
    virtual void phaseStarted(const std::string& /*name*/, int /*iteration*/, double /*time_s*/) {}
    virtual void phaseFinished(const PhaseResult& /*phase*/) {}
    /// After the last phase of a training iteration (its "update") has finished, with the
    /// iteration's row of Results::iterations.
    virtual void iterationFinished(const IterationResult& /*iteration*/) {}
    /// Training runs only: the per-centre spans (Results::center_phases) of the broadcast,
    /// then of each iteration, once each, with the same values Results will hold. Order: the
    /// broadcast's spans arrive after its phaseStarted and right before its phaseFinished; an
    /// iteration's spans after its update phaseStarted and right before the update's
    /// phaseFinished. So when a phaseFinished for "broadcast" or "update" arrives, the spans
    /// up to that point are complete.
    virtual void centerPhases(const std::vector<CenterPhaseSpan>& /*spans*/) {}
    /// At least once per phase and every `RunOptions::snapshot_interval_s` of simulated time.
    virtual void snapshot(const RunSnapshot& /*snapshot*/) {}
};

} // namespace meridian::experiment
