#pragma once
// The background traffic of one run (docs/traffic.md): every generator of a TrafficSpec,
// started on the run's simulator and network, and what each did.
//
// Flows are ordinary transfers of the Network (TransferOptions::background), so they share
// the links with the run's own traffic under the same max-min sharing and transport model:
//   cbr      one UDP flow per (source, destination) pair from start_s to stop_s, its rate
//            capped at rate_bps (TransferOptions::rate_cap_bps); at stop_s the source stops
//            (Network::stopTransfer): offered rate·T, carried what its share let through.
//   poisson  arrivals at exponential gaps of mean 1/λ (λ = arrivals_per_s, or load·C/(8·E[S]));
//            each picks a pair uniformly and a size from the law, and sends it whole (TCP or
//            UDP); no flow starts at or after stop_s.
//   on_off   per pair: an off period, then an on period at peak_bps, repeated (as ns-3's
//            OnOffApplication, which starts off); a UDP burst is stopped at the end of its
//            period, a TCP burst sends peak·on bytes whole. Mean rate peak·E[on]/(E[on]+E[off]).
//   bulk     per window (one from start_s to stop_s, or one every period_s), `streams` TCP
//            flows per pair sharing `bytes` (or sending as much as they can), stopped at the
//            window's end (start + duration_s, or stop_s).
//   trace    the flows of a CSV file (TraceFlow: start after the generator starts, bytes, pair),
//            each sent whole (TCP or UDP) on a new connection; none at or after stop_s.
// A profile (LoadProfile.hpp) scales each kind's rate over time: Poisson arrivals by thinning,
// a cbr source in constant-rate segments at the profile's mean over each, an on_off burst at
// peak·(the profile's mean over it), a bulk window's bytes by the profile when it opens. A
// matrix (TrafficMatrix.hpp) gives the pairs instead of from × to: a cbr source per pair at its
// demand, a Poisson arrival's pair drawn with probability T_ij / Σ T.
// Each generator draws from its own streams RngStream(seed, "TRAF"·2^32 + index, pair + 1)
// (Poisson: sub-stream 0 for gaps, pairs and sizes), so its draws do not depend on other
// traffic, and a run is a pure function of the .topo and the seed.
// A Poisson generator in fluid mode (runsFluid, docs/traffic.md §2.7) starts no flows: per pair
// one paced UDP flow at its share of the offered rate λ·E[S]·8·m(t), in constant-rate segments
// as a cbr source, so the links carry its mean load; its flow completion times come from
// M/G/1 processor sharing at the fluid load of its route's links, FCT(x) = d + 8x/(C(1 − ρ))
// (FluidCompletion.hpp).
// A generator's flows between one pair use their own connections (streams 2^31 + index·2^20
// + k, k the lowest idle one): a connection idle longer than an RTO restarts from slow start
// (RFC 2861), as a fresh one would.

#include "meridian/net/Network.hpp"
#include "meridian/sim/Simulator.hpp"
#include "meridian/topology/Topology.hpp"
#include "meridian/traffic/GeneratorResult.hpp"
#include "meridian/traffic/TrafficSpec.hpp"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace meridian::traffic {

class TrafficRun
{
public:
    /// The spec's size laws must be loaded (loadTrafficFiles); `topo` is the network's. The
    /// spec, simulator and network must outlive the run.
    TrafficRun(sim::Simulator& sim, net::Network& network, const topology::Topology& topo,
               const TrafficSpec& spec, std::uint64_t seed);
    ~TrafficRun();
    TrafficRun(const TrafficRun&) = delete;
    TrafficRun& operator=(const TrafficRun&) = delete;

    /// Schedules every generator's start (at its start_s, or now if that has passed).
    void start();
    /// Every generator has stopped and every flow it started has ended.
    bool done() const;
    /// Called once, from a simulator event, when done() becomes true.
    void setOnDone(std::function<void()> onDone) { m_onDone = std::move(onDone); }
    /// Every generator's figures now, in spec order: flows still in flight count what they
    /// have sent as carried, and a rate-capped source what it offered until now.
    std::vector<GeneratorResult> results() const;

    /// Control-plane triggers (docs/traffic.md §2.8), applied now; each returns "" or why it
    /// changed nothing (an unknown id, a generator past its stop_s).
    ///   stop:  no new flow; the flows its source stops at a period's or window's end (cbr,
    ///          UDP on_off bursts, bulk windows) are stopped now, as at stop_s; elastic flows
    ///          in flight finish.
    ///   start: starts it now (again), as at start_s, until its stop_s; a generator that is
    ///          running restarts its schedule from now (a trace from its first flow).
    ///   scale: its rate from now on is `factor` × the file's (Poisson arrivals, cbr rates,
    ///          on_off bursts' peak, bulk windows' bytes, a trace's flow sizes; 0 pauses it);
    ///          cbr sources and the Poisson process restart from now at the new rate.
    std::string stopByTrigger(const std::string& id);
    std::string startByTrigger(const std::string& id);
    std::string scaleByTrigger(const std::string& id, double factor);

private:
    struct Generator;
    struct Flow;

    /// Starts g's schedule now; its window counts from since_s (start_s, or a trigger's now).
    void startGenerator(std::size_t g, double since_s);
    /// A cbr source's constant-rate segment from `from_s` (to stop_s or its profile's next
    /// change), then the next one.
    void cbrSegment(std::size_t g, double from_s);
    /// A Poisson arrival's pair: uniform over from × to, or by its matrix's demands.
    static std::size_t drawPair(Generator& gen);
    void poissonArrival(std::size_t g);
    void scheduleNextArrival(std::size_t g);
    /// A fluid generator's constant-rate segment from `from_s` (to stop_s or its profile's
    /// next change): one paced flow per pair, and the PS completion-time law of the segment.
    void fluidSegment(std::size_t g, double from_s);
    /// Offered bit/s of fluid generator h over [from_s, end_s) (its profile's mean there);
    /// 0 outside its window.
    double fluidRateBps(const Generator& h, double from_s, double end_s) const;
    /// (link index, direction) → fluid bit/s on it over [from_s, end_s).
    using FluidLoads = std::map<std::pair<std::size_t, int>, double>;
    /// Every fluid generator's rate over [from_s, end_s) on each link direction of its
    /// pairs' routes, at each pair's share: the load ρ·C of the completion-time model.
    FluidLoads fluidLoadsBps(double from_s, double end_s) const;
    void onOffCycle(std::size_t g, std::size_t pair, double from_s);
    void bulkWindow(std::size_t g, double window_s);
    /// A trace's next flow at its time (from traceOrigin_s), or the end of its schedule.
    void scheduleTraceFlow(std::size_t g);
    /// Starts one flow of generator g between pair `pair`; `cap_bps` 0 = none; the source
    /// stops it at `stop_s` (< 0: never). `offered` false: elastic (offered = carried).
    void launch(std::size_t g, std::size_t pair, double bytes, double cap_bps, double stop_s,
                bool offered);
    void onFlowEnd(std::size_t g, std::uint64_t flow, const net::TransferResult& r);
    void stopScheduling(std::size_t g);
    void checkDone();
    double pathCapacityBps(NodeId src, NodeId dst) const;
    void scheduleAt(double at_s, std::function<void()> fn);
    /// scheduleAt for generator g's own schedule: dropped if a trigger has restarted or
    /// stopped g since (its epoch changed).
    void scheduleFor(std::size_t g, double at_s, std::function<void()> fn);
    /// A generator's index by id, or nullptr.
    Generator* find(const std::string& id, std::size_t& index);
    /// Ends g's current schedule (a trigger): no further flow, and the flows its source would
    /// stop at a period's or window's end stopped now; elastic flows in flight go on.
    void endSchedule(std::size_t g);
    /// g's schedule from now: as start() and startGenerator(g).
    void restartSchedule(std::size_t g);

    sim::Simulator& m_sim;
    net::Network& m_net;
    std::vector<std::unique_ptr<Generator>> m_generators;
    std::function<void()> m_onDone;
    bool m_doneReported = false;
};

} // namespace meridian::traffic
