#pragma once
// The phases of a run's timeline (private to the experiment module): every phase is announced
// by begin() and closed by end(), in timeline order, never interleaved; end() records the
// PhaseResult, tells the observer and sends a snapshot. Progress is finished phases / all
// phases: non-decreasing, exactly 1 after the last phase (docs/experiments.md, "Progress and
// cancellation"); within a phase, snapshots report the bytes of its program's ledger
// (RunEngine::openLedger), closed by end(). A cancelled run throws RunCancelled at the next
// begin().

#include "RunEngine.hpp"
#include "meridian/experiment/Results.hpp"
#include "meridian/experiment/RunObserver.hpp"

#include <atomic>
#include <string>

namespace meridian::experiment {

class PhaseDriver
{
public:
    PhaseDriver(RunEngine& engine, Results& results, RunObserver* observer,
                const std::atomic<bool>& cancel)
        : m_engine(engine), m_results(results), m_observer(observer), m_cancel(cancel)
    {}

    /// Number of phases of the whole run (known once the run is planned).
    void setTotal(double phases) { m_total = phases; }
    /// `ledger`: the bytes the phase's program moves (kNoLedger: none).
    void begin(const std::string& name, int iteration,
               RunEngine::LedgerId ledger = RunEngine::kNoLedger);
    void end(const std::string& name, int iteration, double start_s, double end_s);
    /// Tells the observer that a training iteration (all its phases) has finished.
    void iterationFinished(const IterationResult& iteration);
    /// Appends per-centre spans to Results::center_phases and hands them to the observer.
    void centerSpans(const std::vector<CenterPhaseSpan>& spans);

private:
    RunEngine& m_engine;
    Results& m_results;
    RunObserver* m_observer;
    const std::atomic<bool>& m_cancel;
    double m_total = 1.0;
    double m_done = 0.0;
    RunEngine::LedgerId m_ledger = RunEngine::kNoLedger;
};

} // namespace meridian::experiment
