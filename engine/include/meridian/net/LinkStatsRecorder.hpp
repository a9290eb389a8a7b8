#pragma once
// Link statistics (docs/network-model.md §9): per resource, the integrals of its allocation
// and capacity over time, its busy time and peak utilisation, and a utilisation time series on
// a fixed sample grid.
//
// Math. Between two changes of a resource its allocation A (Σ rates) and capacity C are
// constant, so settling at every change (and at every sample) integrates them exactly:
//   bits += A·Δt,  capBits += C·Δt,  busy += Δt if A > 0;  peak = max(A/C) after each update.
// Sample i holds ∫A dt and ∫C dt over (t_{i−1}, t_i]; its utilisation is their ratio. The grid
// is sample_interval_s (multiples of it, while flows are sending) plus a final sample when the
// network goes idle. Beyond max_samples, adjacent pairs of intervals are merged (sums of both
// integrals, end time of the later one) and the grid interval doubles: memory stays bounded.
//
// Queue and loss. Between two re-allocations the Network also gives each resource its state
// (noteState): the delay q of its standing queue (network-model.md §4) and the rates at which
// it loses bits, random loss p·A plus the overflow D of paced sources above their share. The
// same settling integrates them: ∫q dt, lost += (p·A + D)·Δt, arrived += (A + D)·Δt. A sample's
// queueing delay is ∫q dt over the interval ÷ its length, its loss lost ÷ arrived bits.
//
// Background. The Network also gives each resource the rate B of the background flows
// (TransferOptions::background) on it whenever one of their rates changes
// (changeBackground); settling integrates it like the allocation: bg += B·Δt. A sample's
// background share is ∫B dt ÷ ∫C dt over the interval; the part of the allocation that is
// the experiment's own is utilisation − background share. B is kept as a sum of changes,
// reset to exactly 0 when the last background flow on the resource stops, so rounding
// residue never outlives the flows.
//
// Summaries. A resource tracked without series keeps the totals above and only the last two
// intervals' ∫A dt and ∫C dt (lastUtilisation()), not the six per-interval vectors (48 B per
// resource and sample). When pairs merge, its last interval becomes the merge of the last two
// if the sample count was even and stays alone if it was odd, as a series' last element does;
// the earlier one is then unknown, and is never read before a new sample replaces it: with
// max_samples ≥ 2 a merge of the last pair (count even, max_samples odd ≥ 3) follows at least
// (max_samples + 1) / 2 ≥ 2 new samples.

#include "meridian/net/LinkStats.hpp"
#include "meridian/net/MaxMinSolver.hpp"
#include "meridian/sim/Simulator.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace meridian::net {

class LinkStatsRecorder
{
public:
    /// Reads allocations and capacities from the solver, which must outlive the recorder.
    LinkStatsRecorder(sim::Simulator& sim, const MaxMinSolver& solver, double sampleInterval_s,
                      std::size_t maxSamples);
    LinkStatsRecorder(const LinkStatsRecorder&) = delete;
    LinkStatsRecorder& operator=(const LinkStatsRecorder&) = delete;

    /// Records solver resource `resource` (each once, in increasing order, before the first
    /// sample); the others (the second direction of a half-duplex link) are never settled or
    /// sampled. Without `keepSeries` it keeps totals only: stats() returns empty series.
    void track(std::uint32_t resource, bool keepSeries = true);

    /// Integrates the resource's allocation and capacity up to now (call before either
    /// changes).
    void settle(std::uint32_t resource)
    {
        Series& r = m_series[resource];
        const double dt = (m_sim.now() - r.last).toSeconds();
        if (dt > 0.0) {
            const double alloc_bps = m_solver.allocBps(resource);
            r.bits += alloc_bps * dt;
            r.capBits += m_solver.capacityBps(resource) * dt;
            if (alloc_bps > 0.0)
                r.busy_s += dt;
            r.queueSeconds += r.state.queue_s * dt;
            r.lostBits += (r.state.lossFraction * alloc_bps + r.state.overflow_bps) * dt;
            r.arrivedBits += (alloc_bps + r.state.overflow_bps) * dt;
            r.backgroundBits += r.background_bps * dt;
        }
        r.last = m_sim.now();
    }
    /// settle() of each resource (one call per update: the solved resources).
    void settle(const std::vector<std::uint32_t>& resources);
    /// Settles the resource, then takes back bits a flow was counted for past its last byte
    /// (from the background's integral too if it is a background flow).
    void takeBack(std::uint32_t resource, double bits, bool background = false);
    /// A background flow on the resource changed its rate from old_bps to new_bps (0 when it
    /// starts or stops): settles the resource under the old background rate, then changes it.
    void changeBackground(std::uint32_t resource, double old_bps, double new_bps);
    /// Updates the peak utilisation of resources whose allocation changed.
    void notePeaks(const std::vector<std::uint32_t>& resources);

    /// A resource's queue and losses from now until the next noteState (after settle()).
    struct State
    {
        double queue_s = 0.0;      ///< delay of its standing queue
        double lossFraction = 0.0; ///< random loss p of what it carries
        double overflow_bps = 0.0; ///< paced sources' rate above their share, dropped here
        bool operator==(const State&) const = default;
    };
    void noteState(std::uint32_t resource, const State& state)
    {
        if (resource < m_series.size())
            m_series[resource].state = state;
    }
    /// The state settle() integrates now: the last noteState (a default State for a resource
    /// never noted or not tracked).
    State state(std::uint32_t resource) const
    {
        return resource < m_series.size() ? m_series[resource].state : State{};
    }

    /// Starts the sampler if flows are sending and it is not running.
    void ensureSampler();
    /// The network went idle: closes the current interval now.
    void finalSample();

    const std::vector<double>& sampleTimes() const noexcept { return m_sampleTimes; }
    double sampleIntervalS() const noexcept { return m_sampleInterval_s; }
    /// Statistics of a resource up to now, reported for one link direction.
    LinkStats stats(std::uint32_t resource, LinkId link, int dir);
    /// Utilisation of the resource over the last finished sample interval (0 before the first
    /// sample): the last element of stats().utilisation_series, without copying the series.
    double lastUtilisation(std::uint32_t resource) const;
    /// The rate of the background flows on the resource now (changeBackground's sum; 0 for a
    /// resource that is not tracked).
    double backgroundBps(std::uint32_t resource) const
    {
        return resource < m_series.size() ? m_series[resource].background_bps : 0.0;
    }

private:
    struct Series
    {
        sim::SimTime last;
        double bits = 0.0;
        double capBits = 0.0; ///< ∫ capacity dt
        double busy_s = 0.0;
        double peak = 0.0;
        double bitsAtSample = 0.0;
        double capBitsAtSample = 0.0;
        std::vector<double> seriesBits; ///< per sample interval: ∫alloc dt
        std::vector<double> seriesCap;  ///< per sample interval: ∫capacity dt
        State state;
        double queueSeconds = 0.0; ///< ∫ queue delay dt
        double lostBits = 0.0;
        double arrivedBits = 0.0;
        double queueAtSample = 0.0;
        double lostAtSample = 0.0;
        double arrivedAtSample = 0.0;
        std::vector<double> seriesQueue;   ///< per sample interval: ∫queue delay dt
        std::vector<double> seriesLost;    ///< per sample interval: lost bits
        std::vector<double> seriesArrived; ///< per sample interval: arrived bits
        double background_bps = 0.0;       ///< Σ rates of the background flows on it now
        std::uint32_t backgroundFlows = 0; ///< background flows with a rate > 0 on it
        double backgroundBits = 0.0;       ///< ∫ background rate dt
        double backgroundAtSample = 0.0;
        std::vector<double> seriesBackground; ///< per sample interval: ∫background rate dt
        bool keepSeries = true;
        // Without series: ∫alloc dt and ∫capacity dt of the last interval and the one before.
        double lastBits = 0.0;
        double lastCap = 0.0;
        double prevBits = 0.0;
        double prevCap = 0.0;
    };

    void onSample();
    void takeSample();
    void coarsenSeries();

    sim::Simulator& m_sim;
    const MaxMinSolver& m_solver;
    std::size_t m_maxSamples;
    double m_sampleInterval_s;    ///< doubles each time the series are coarsened
    std::vector<Series> m_series; ///< by solver resource
    std::vector<std::uint32_t> m_tracked;
    std::vector<double> m_sampleTimes;
    bool m_samplerRunning = false;
    sim::EventHandle m_sampleEvent;
};

} // namespace meridian::net
