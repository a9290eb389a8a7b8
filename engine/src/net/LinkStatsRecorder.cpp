#include "meridian/net/LinkStatsRecorder.hpp"

#include <algorithm>

namespace meridian::net {

LinkStatsRecorder::LinkStatsRecorder(sim::Simulator& sim, const MaxMinSolver& solver,
                                     double sampleInterval_s, std::size_t maxSamples)
    : m_sim(sim), m_solver(solver), m_maxSamples(maxSamples), m_sampleInterval_s(sampleInterval_s)
{}

void LinkStatsRecorder::track(std::uint32_t resource, bool keepSeries)
{
    if (resource >= m_series.size())
        m_series.resize(resource + 1);
    m_series[resource].keepSeries = keepSeries;
    m_tracked.push_back(resource);
}

void LinkStatsRecorder::settle(const std::vector<std::uint32_t>& resources)
{
    for (std::uint32_t resource : resources)
        settle(resource);
}

void LinkStatsRecorder::takeBack(std::uint32_t resource, double bits, bool background)
{
    settle(resource);
    Series& r = m_series[resource];
    r.bits = std::max(0.0, r.bits - bits);
    if (background)
        r.backgroundBits = std::max(0.0, r.backgroundBits - bits);
}

void LinkStatsRecorder::changeBackground(std::uint32_t resource, double old_bps, double new_bps)
{
    if (resource >= m_series.size() || old_bps == new_bps)
        return;
    settle(resource);
    Series& r = m_series[resource];
    if (old_bps > 0.0)
        --r.backgroundFlows;
    if (new_bps > 0.0)
        ++r.backgroundFlows;
    r.background_bps = r.backgroundFlows == 0 ? 0.0 : r.background_bps + (new_bps - old_bps);
}

void LinkStatsRecorder::notePeaks(const std::vector<std::uint32_t>& resources)
{
    for (std::uint32_t resource : resources) {
        const double cap = m_solver.capacityBps(resource);
        if (cap > 0.0) {
            Series& r = m_series[resource];
            r.peak = std::max(r.peak, std::min(1.0, m_solver.allocBps(resource) / cap));
        }
    }
}

void LinkStatsRecorder::ensureSampler()
{
    if (m_samplerRunning || m_sampleInterval_s <= 0.0 || m_solver.activeFlows() == 0)
        return;
    m_samplerRunning = true;
    const auto interval = sim::SimTime::fromSeconds(m_sampleInterval_s);
    // Next multiple of the interval after now, so samples sit on a fixed grid.
    const std::int64_t step = std::max<std::int64_t>(1, interval.ns());
    const std::int64_t k = m_sim.now().ns() / step + 1;
    if (k > (sim::SimTime::max().ns() - 1) / step) {
        m_samplerRunning = false; // next grid point beyond the time horizon
        return;
    }
    m_sampleEvent = m_sim.schedule(sim::SimTime::fromNs(step * k), [this] { onSample(); });
}

void LinkStatsRecorder::finalSample()
{
    // Close the current interval now instead of keeping an event alive that would push the
    // simulated clock past the last delivery.
    if (!m_samplerRunning)
        return;
    m_sim.cancel(m_sampleEvent);
    m_samplerRunning = false;
    if (m_sampleTimes.empty() || m_sampleTimes.back() < m_sim.now().toSeconds())
        takeSample();
}

void LinkStatsRecorder::onSample()
{
    takeSample();
    m_samplerRunning = false;
    // Stop while nothing is sending (all active flows stalled on failed links): the sampler
    // alone must not keep the simulation alive. The next rate change restarts it.
    bool sending = false;
    for (std::size_t i = 0; i < m_tracked.size() && !sending; ++i)
        sending = m_solver.allocBps(m_tracked[i]) > 0.0;
    if (sending)
        ensureSampler();
}

void LinkStatsRecorder::takeSample()
{
    for (std::uint32_t resource : m_tracked)
        settle(resource);
    for (std::uint32_t resource : m_tracked) {
        Series& r = m_series[resource];
        const double bits = r.bits - r.bitsAtSample;
        const double cap = r.capBits - r.capBitsAtSample;
        r.bitsAtSample = r.bits;
        r.capBitsAtSample = r.capBits;
        if (!r.keepSeries) {
            r.prevBits = r.lastBits;
            r.prevCap = r.lastCap;
            r.lastBits = bits;
            r.lastCap = cap;
            continue;
        }
        r.seriesBits.push_back(bits);
        r.seriesCap.push_back(cap);
        r.seriesQueue.push_back(r.queueSeconds - r.queueAtSample);
        r.seriesLost.push_back(r.lostBits - r.lostAtSample);
        r.seriesArrived.push_back(r.arrivedBits - r.arrivedAtSample);
        r.seriesBackground.push_back(r.backgroundBits - r.backgroundAtSample);
        r.backgroundAtSample = r.backgroundBits;
        r.queueAtSample = r.queueSeconds;
        r.lostAtSample = r.lostBits;
        r.arrivedAtSample = r.arrivedBits;
    }
    m_sampleTimes.push_back(m_sim.now().toSeconds());
    if (m_sampleTimes.size() > m_maxSamples)
        coarsenSeries();
}

void LinkStatsRecorder::coarsenSeries()
{
    const auto mergePairs = [](std::vector<double>& v, bool sum) {
        std::size_t out = 0;
        for (std::size_t i = 0; i < v.size(); i += 2)
            v[out++] = i + 1 < v.size() ? (sum ? v[i] + v[i + 1] : v[i + 1]) : v[i];
        v.resize(out);
    };
    // Summaries: the last interval merges with the one before when the count is even, as
    // mergePairs() does with a series' last pair (LinkStatsRecorder.hpp, "Summaries").
    const bool lastPairMerges = m_sampleTimes.size() % 2 == 0;
    for (std::uint32_t resource : m_tracked) {
        Series& r = m_series[resource];
        if (!r.keepSeries) {
            if (lastPairMerges) {
                r.lastBits = r.prevBits + r.lastBits;
                r.lastCap = r.prevCap + r.lastCap;
            }
            r.prevBits = 0.0;
            r.prevCap = 0.0;
            continue;
        }
        for (std::vector<double>* v : {&r.seriesBits, &r.seriesCap, &r.seriesQueue, &r.seriesLost,
                                       &r.seriesArrived, &r.seriesBackground})
            mergePairs(*v, true);
    }
    mergePairs(m_sampleTimes, false);
    m_sampleInterval_s *= 2.0;
}

LinkStats LinkStatsRecorder::stats(std::uint32_t resource, LinkId link, int dir)
{
    settle(resource);
    const Series& r = m_series[resource];
    LinkStats s;
    s.link = link;
    s.dir = dir;
    s.bytes = r.bits / 8.0;
    s.busy_s = r.busy_s;
    s.utilisation_mean = r.capBits > 0.0 ? r.bits / r.capBits : 0.0;
    s.utilisation_peak = r.peak;
    s.utilisation_series.reserve(r.seriesBits.size());
    for (std::size_t i = 0; i < r.seriesBits.size(); ++i)
        s.utilisation_series.push_back(r.seriesCap[i] > 0.0 ? r.seriesBits[i] / r.seriesCap[i]
                                                            : 0.0);
    s.background_utilisation_series.reserve(r.seriesBackground.size());
    for (std::size_t i = 0; i < r.seriesBackground.size() && i < r.seriesCap.size(); ++i)
        s.background_utilisation_series.push_back(
            r.seriesCap[i] > 0.0 ? r.seriesBackground[i] / r.seriesCap[i] : 0.0);
    s.lost_bytes = r.lostBits / 8.0;
    s.queue_delay_mean_s =
        m_sim.now().toSeconds() > 0.0 ? r.queueSeconds / m_sim.now().toSeconds() : 0.0;
    // Interval i spans (t_{i−1}, t_i], the first one from 0.
    s.queue_delay_s_series.reserve(r.seriesQueue.size());
    s.loss_series.reserve(r.seriesQueue.size());
    for (std::size_t i = 0; i < r.seriesQueue.size() && i < m_sampleTimes.size(); ++i) {
        const double length_s = m_sampleTimes[i] - (i > 0 ? m_sampleTimes[i - 1] : 0.0);
        s.queue_delay_s_series.push_back(length_s > 0.0 ? r.seriesQueue[i] / length_s : 0.0);
        s.loss_series.push_back(r.seriesArrived[i] > 0.0 ? r.seriesLost[i] / r.seriesArrived[i]
                                                         : 0.0);
    }
    return s;
}

double LinkStatsRecorder::lastUtilisation(std::uint32_t resource) const
{
    const Series& r = m_series[resource];
    if (!r.keepSeries)
        return r.lastCap > 0.0 ? r.lastBits / r.lastCap : 0.0;
    if (r.seriesBits.empty())
        return 0.0;
    return r.seriesCap.back() > 0.0 ? r.seriesBits.back() / r.seriesCap.back() : 0.0;
}

} // namespace meridian::net
