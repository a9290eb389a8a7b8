#include "PhaseDriver.hpp"

#include "meridian/experiment/Runner.hpp"

namespace meridian::experiment {

void PhaseDriver::begin(const std::string& name, int iteration, RunEngine::LedgerId ledger)
{
    if (m_cancel.load())
        throw RunCancelled();
    m_ledger = ledger;
    m_engine.showLedger(ledger);
    if (m_observer)
        m_observer->phaseStarted(name, iteration, m_engine.now());
}

void PhaseDriver::end(const std::string& name, int iteration, double start_s, double end_s)
{
    PhaseResult p{name, iteration, start_s, end_s};
    m_results.phases.push_back(p);
    m_done += 1.0;
    m_engine.setProgress(m_done >= m_total ? 1.0 : m_done / m_total);
    m_engine.closeLedger(m_ledger);
    if (m_observer) {
        m_observer->phaseFinished(p);
        m_engine.emitSnapshot();
    }
}

void PhaseDriver::iterationFinished(const IterationResult& iteration)
{
    if (m_observer)
        m_observer->iterationFinished(iteration);
}

void PhaseDriver::centerSpans(const std::vector<CenterPhaseSpan>& spans)
{
    m_results.center_phases.insert(m_results.center_phases.end(), spans.begin(), spans.end());
    if (m_observer)
        m_observer->centerPhases(spans);
}

} // namespace meridian::experiment
