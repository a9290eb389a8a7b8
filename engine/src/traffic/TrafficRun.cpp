#include "meridian/traffic/TrafficRun.hpp"

#include "meridian/core/Error.hpp"
#include "meridian/sim/RngStream.hpp"
#include "meridian/traffic/FluidCompletion.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <string>

namespace meridian::traffic {

namespace {

constexpr std::uint64_t kStreamTag = 0x54524146ULL << 32; // "TRAF": off other entities' ids
constexpr std::uint32_t kStreamBase = 0x80000000U;        // off the run's own streams
constexpr std::uint32_t kStreamsPerGenerator = 1U << 20;

/// Nearest-rank percentile of sorted values: v[⌈q·n⌉ − 1].
double percentile(const std::vector<double>& sorted, double q)
{
    if (sorted.empty())
        return 0.0;
    const auto rank = static_cast<std::size_t>(std::ceil(q * static_cast<double>(sorted.size())));
    return sorted[std::clamp<std::size_t>(rank, 1, sorted.size()) - 1];
}

} // namespace

/// One flow a generator started, until it ends.
struct TrafficRun::Flow
{
    std::size_t pair = 0;
    std::uint32_t stream = 0;
    double bytes = 0.0;   ///< planned application bytes
    double cap_bps = 0.0; ///< the source's rate (0 = none)
    double start_s = 0.0;
    double ideal_s = 0.0; ///< bytes · 8 / C_path
    double stop_s = -1.0; ///< when its source stops it (< 0: never, an elastic flow)
    bool offered = true;  ///< false: elastic (as much as it can), offered = carried
    bool cut = false;     ///< its source stopped it
};

struct TrafficRun::Generator
{
    const GeneratorSpec* spec = nullptr;
    std::size_t index = 0;
    std::vector<std::pair<NodeId, NodeId>> pairs;
    std::vector<double> pairRate_bps;   ///< cbr: per pair (rate_bps, or the matrix's demand)
    std::vector<double> pairCumulative; ///< poisson over a matrix: Σ of the demands up to each
    std::vector<std::vector<std::uint32_t>> idleStreams; ///< per pair
    std::vector<std::uint32_t> nextStream;               ///< per pair
    sim::RngStream rng;                                  ///< Poisson: gaps, pairs and sizes
    std::vector<sim::RngStream> pairRng;                 ///< on_off: per pair
    double arrivals_per_s = 0.0;
    double nextArrival_s = 0.0;
    std::size_t scheduling = 0; ///< sources that may still start flows
    std::map<std::uint64_t, Flow> live;
    /// Triggers (TrafficRun::stopByTrigger …): the schedule's generation (a callback of an
    /// older one is dropped), the rate multiplier, and the time it has run.
    std::uint64_t epoch = 0;
    double scale = 1.0;
    bool running = false;
    bool halted = false; ///< stopped by a trigger (its fluid load leaves the links' ρ)
    double runningSince_s = 0.0;
    double ranFor_s = 0.0;
    GeneratorResult out;
    std::vector<double> fcts;
    double slowdownSum = 0.0;
    bool fluid = false;              ///< runsFluid: paced per-pair rates, no flows
    std::vector<double> pairShare;   ///< fluid: each pair's share of the arrivals
    FluidCompletionModel fluidTimes; ///< fluid: its flows' completion times, per segment and pair
    std::vector<std::size_t> tracePair; ///< trace: each flow's pair
    std::size_t traceNext = 0;          ///< trace: the next flow to start
    double traceOrigin_s = 0.0;         ///< trace: when it (re)started; flows count from it
};

TrafficRun::TrafficRun(sim::Simulator& sim, net::Network& network, const topology::Topology& topo,
                       const TrafficSpec& spec, std::uint64_t seed)
    : m_sim(sim), m_net(network)
{
    for (std::size_t i = 0; i < spec.generators.size(); ++i) {
        const GeneratorSpec& s = spec.generators[i];
        auto g = std::make_unique<Generator>();
        g->spec = &s;
        g->index = i;
        for (const std::string& a : s.from)
            for (const std::string& b : s.to)
                if (a != b)
                    g->pairs.emplace_back(*topo.findNode(a), *topo.findNode(b));
        g->pairRate_bps.assign(g->pairs.size(), s.rate_bps);
        double cumulative_bps = 0.0;
        for (const PairDemand& d : s.demands) { // a matrix: its pairs instead of from × to
            g->pairs.emplace_back(*topo.findNode(d.from), *topo.findNode(d.to));
            g->pairRate_bps.push_back(d.rate_bps);
            cumulative_bps += d.rate_bps;
            g->pairCumulative.push_back(cumulative_bps);
        }
        std::map<std::pair<std::string, std::string>, std::size_t> tracePairs;
        for (const TraceFlow& f : s.trace) { // a trace: the pairs its flows name, in order
            const auto [it, added] = tracePairs.try_emplace({f.from, f.to}, g->pairs.size());
            if (added) {
                g->pairs.emplace_back(*topo.findNode(f.from), *topo.findNode(f.to));
                g->pairRate_bps.push_back(0.0);
            }
            g->tracePair.push_back(it->second);
        }
        g->idleStreams.resize(g->pairs.size());
        g->nextStream.resize(g->pairs.size(), 0);
        g->rng = sim::RngStream(seed, kStreamTag + i, 0);
        for (std::size_t p = 0; p < g->pairs.size(); ++p)
            g->pairRng.emplace_back(seed, kStreamTag + i, p + 1);
        if (s.kind == GeneratorKind::Poisson)
            g->arrivals_per_s = arrivalsPerS(s, topo);
        g->fluid = runsFluid(s, topo);
        for (std::size_t p = 0; p < g->pairs.size(); ++p)
            g->pairShare.push_back(g->pairCumulative.empty()
                                       ? 1.0 / static_cast<double>(g->pairs.size())
                                       : g->pairRate_bps[p] / g->pairCumulative.back());
        g->out.id = s.id;
        g->out.kind = std::string(toString(s.kind));
        g->out.protocol = std::string(net::toString(s.protocol));
        g->out.mode = g->fluid ? "fluid" : "flows";
        m_generators.push_back(std::move(g));
    }
}

TrafficRun::~TrafficRun() = default;

void TrafficRun::scheduleAt(double at_s, std::function<void()> fn)
{
    const sim::SimTime at = std::max(m_sim.now(), sim::SimTime::fromSeconds(at_s));
    m_sim.schedule(at, [fn = std::move(fn)] { fn(); });
}

void TrafficRun::scheduleFor(std::size_t g, double at_s, std::function<void()> fn)
{
    scheduleAt(at_s, [this, g, epoch = m_generators[g]->epoch, fn = std::move(fn)] {
        if (m_generators[g]->epoch == epoch)
            fn();
    });
}

void TrafficRun::start()
{
    for (std::size_t g = 0; g < m_generators.size(); ++g) {
        Generator& gen = *m_generators[g];
        gen.scheduling = gen.spec->kind == GeneratorKind::OnOff ? gen.pairs.size() : 1;
        scheduleFor(g, gen.spec->start_s,
                    [this, g] { startGenerator(g, m_generators[g]->spec->start_s); });
    }
}

void TrafficRun::startGenerator(std::size_t g, double since_s)
{
    Generator& gen = *m_generators[g];
    const GeneratorSpec& s = *gen.spec;
    const double now_s = m_sim.now().toSeconds();
    gen.running = true;
    gen.runningSince_s = since_s;
    switch (s.kind) {
    case GeneratorKind::Cbr:
        cbrSegment(g, now_s);
        break;
    case GeneratorKind::Poisson:
        if (gen.fluid) {
            fluidSegment(g, now_s);
            break;
        }
        gen.nextArrival_s = now_s;
        scheduleNextArrival(g);
        break;
    case GeneratorKind::OnOff:
        for (std::size_t p = 0; p < gen.pairs.size(); ++p)
            onOffCycle(g, p, now_s);
        break;
    case GeneratorKind::Bulk:
        bulkWindow(g, now_s);
        break;
    case GeneratorKind::Trace:
        gen.traceNext = 0;
        gen.traceOrigin_s = now_s;
        scheduleTraceFlow(g);
        break;
    }
}

void TrafficRun::scheduleTraceFlow(std::size_t g)
{
    // Flow k of the trace starts at its start_s after the generator (re)started; none at or
    // after stop_s. One event per flow, each scheduling the next.
    Generator& gen = *m_generators[g];
    const std::vector<TraceFlow>& trace = gen.spec->trace;
    const double at_s =
        gen.traceNext < trace.size() ? gen.traceOrigin_s + trace[gen.traceNext].start_s : 0.0;
    if (gen.traceNext >= trace.size() || !(at_s < gen.spec->stop_s)) {
        stopScheduling(g);
        return;
    }
    scheduleFor(g, at_s, [this, g] {
        Generator& h = *m_generators[g];
        const std::size_t k = h.traceNext++;
        const double bytes = h.spec->trace[k].bytes * h.scale; // a trigger's scale: the sizes
        if (bytes > 0.0)
            launch(g, h.tracePair[k], bytes, 0.0, -1.0, true);
        scheduleTraceFlow(g);
    });
}

void TrafficRun::cbrSegment(std::size_t g, double from_s)
{
    // One segment of constant rate: to stop_s, or to the profile's next change, at the mean of
    // the profile over it (LoadProfile.hpp), so the offered bytes are exact.
    Generator& gen = *m_generators[g];
    const GeneratorSpec& s = *gen.spec;
    const LoadProfile* profile = s.profile ? &*s.profile : nullptr;
    const double end_s = profile ? std::min(s.stop_s, profile->nextChange(from_s)) : s.stop_s;
    const double scale = profile ? profile->integral(from_s, end_s) / (end_s - from_s) : 1.0;
    const double now_s = m_sim.now().toSeconds();
    for (std::size_t p = 0; p < gen.pairs.size(); ++p) {
        const double rate_bps = gen.pairRate_bps[p] * scale * gen.scale;
        if (rate_bps > 0.0 && end_s > now_s)
            launch(g, p, rate_bps * (end_s - now_s) / 8.0, rate_bps, end_s, true);
    }
    if (!(end_s < s.stop_s)) {
        stopScheduling(g);
        return;
    }
    scheduleFor(g, end_s, [this, g, end_s] { cbrSegment(g, end_s); });
}

std::size_t TrafficRun::drawPair(Generator& gen)
{
    const double u = gen.rng.uniform();
    if (!gen.pairCumulative.empty()) { // a matrix: a pair with probability T_ij / Σ T
        const auto it = std::upper_bound(gen.pairCumulative.begin(), gen.pairCumulative.end(),
                                         u * gen.pairCumulative.back());
        return std::min<std::size_t>(it - gen.pairCumulative.begin(), gen.pairs.size() - 1);
    }
    const auto pair = static_cast<std::size_t>(u * static_cast<double>(gen.pairs.size()));
    return std::min(pair, gen.pairs.size() - 1);
}

void TrafficRun::poissonArrival(std::size_t g)
{
    Generator& gen = *m_generators[g];
    const std::size_t pair = drawPair(gen);
    launch(g, pair, gen.spec->size.law->sample(gen.rng), 0.0, -1.0, true);
    scheduleNextArrival(g);
}

void TrafficRun::scheduleNextArrival(std::size_t g)
{
    // Arrival times accumulate in double seconds, not in the events' rounded times. Under a
    // profile, thinning (Lewis & Shedler 1979): candidates at rate λ·max m, each kept with
    // probability m(t)/max m, give a Poisson process of rate λ·m(t).
    Generator& gen = *m_generators[g];
    const LoadProfile* profile = gen.spec->profile ? &*gen.spec->profile : nullptr;
    const double max_m = profile ? profile->maxMultiplier() : 1.0;
    const double arrivals_per_s = gen.arrivals_per_s * gen.scale;
    if (!(arrivals_per_s > 0.0)) { // "load": 0, a generator switched off: no arrivals
        stopScheduling(g);
        return;
    }
    while (true) {
        gen.nextArrival_s += -std::log(1.0 - gen.rng.uniform()) / (arrivals_per_s * max_m);
        if (!(gen.nextArrival_s < gen.spec->stop_s)) {
            stopScheduling(g);
            return;
        }
        if (profile == nullptr || gen.rng.uniform() * max_m < profile->at(gen.nextArrival_s))
            break;
    }
    scheduleFor(g, gen.nextArrival_s, [this, g] { poissonArrival(g); });
}

double TrafficRun::fluidRateBps(const Generator& h, double from_s, double end_s) const
{
    // λ · E[S] · 8 · (the profile's mean over the part of [from_s, end_s) in h's window).
    const GeneratorSpec& s = *h.spec;
    const double lo = std::max(from_s, s.start_s);
    const double hi = std::min(end_s, s.stop_s);
    if (!h.fluid || h.halted || !(hi > lo) || !(end_s > from_s))
        return 0.0;
    const double integral = s.profile ? s.profile->integral(lo, hi) : hi - lo;
    return h.arrivals_per_s * h.scale * s.size.law->mean() * 8.0 * integral / (end_s - from_s);
}

TrafficRun::FluidLoads TrafficRun::fluidLoadsBps(double from_s, double end_s) const
{
    FluidLoads load_bps;
    for (const auto& hp : m_generators) {
        const double h_bps = fluidRateBps(*hp, from_s, end_s);
        for (std::size_t q = 0; h_bps > 0.0 && q < hp->pairs.size(); ++q) {
            const auto route = m_net.router().route(hp->pairs[q].first, hp->pairs[q].second);
            if (route)
                for (const topology::RouteHop& hop : route->hops)
                    load_bps[{hop.link.index(), hop.dir}] += h_bps * hp->pairShare[q];
        }
    }
    return load_bps;
}

void TrafficRun::fluidSegment(std::size_t g, double from_s)
{
    // The generator's mean offered rate over the segment, per pair at its share: the links
    // carry what the flows would on average. Its flows' completion times: a segment of its
    // FluidCompletionModel per pair, at the load of every fluid generator on the route's links.
    Generator& gen = *m_generators[g];
    const GeneratorSpec& s = *gen.spec;
    if (!(gen.arrivals_per_s * gen.scale > 0.0)) { // "load": 0, a generator switched off
        stopScheduling(g);
        return;
    }
    const LoadProfile* profile = s.profile ? &*s.profile : nullptr;
    const double end_s = profile ? std::min(s.stop_s, profile->nextChange(from_s)) : s.stop_s;
    const double now_s = m_sim.now().toSeconds();
    const double rate_bps = fluidRateBps(gen, from_s, end_s);
    if (rate_bps > 0.0 && end_s > now_s) {
        FluidLoads load_bps = fluidLoadsBps(from_s, end_s);
        for (std::size_t p = 0; p < gen.pairs.size(); ++p) {
            const double pair_bps = rate_bps * gen.pairShare[p];
            if (!(pair_bps > 0.0))
                continue;
            launch(g, p, pair_bps * (end_s - now_s) / 8.0, pair_bps, end_s, true);
            const auto route = m_net.router().route(gen.pairs[p].first, gen.pairs[p].second);
            if (!route || route->hops.empty())
                continue;
            std::vector<FluidHop> hops;
            for (const topology::RouteHop& hop : route->hops) {
                const topology::LinkParams& link = m_net.linkParams(hop.link, hop.dir);
                hops.push_back(
                    {link.bandwidth_bps, link.delay_s, load_bps[{hop.link.index(), hop.dir}]});
            }
            gen.fluidTimes.addSegment(now_s, end_s, pair_bps / (8.0 * s.size.law->mean()), hops);
        }
    }
    if (!(end_s < s.stop_s)) {
        stopScheduling(g);
        return;
    }
    scheduleFor(g, end_s, [this, g, end_s] { fluidSegment(g, end_s); });
}

void TrafficRun::onOffCycle(std::size_t g, std::size_t pair, double from_s)
{
    // An off period from `from_s`, then an on period; the next cycle starts at its end.
    Generator& gen = *m_generators[g];
    const GeneratorSpec& s = *gen.spec;
    sim::RngStream& rng = gen.pairRng[pair];
    const double on_start_s = from_s + s.off_s->sample(rng);
    const double on_end_s = on_start_s + s.on_s->sample(rng);
    if (!(on_start_s < s.stop_s)) {
        stopScheduling(g);
        return;
    }
    scheduleFor(g, on_start_s, [this, g, pair, on_end_s] {
        const GeneratorSpec& spec = *m_generators[g]->spec;
        const double now_s = m_sim.now().toSeconds();
        const double end_s = std::min(on_end_s, spec.stop_s);
        // Under a profile the burst's rate is the peak times the profile's mean over it.
        const double rate_bps =
            (spec.profile && end_s > now_s
                 ? spec.peak_bps * spec.profile->integral(now_s, end_s) / (end_s - now_s)
                 : spec.peak_bps) *
            m_generators[g]->scale;
        if (end_s > now_s && rate_bps > 0.0) {
            const bool udp = spec.protocol == net::Protocol::Udp;
            launch(g, pair, rate_bps * (end_s - now_s) / 8.0, rate_bps, udp ? end_s : -1.0, true);
        }
        onOffCycle(g, pair, on_end_s);
    });
}

void TrafficRun::bulkWindow(std::size_t g, double window_s)
{
    Generator& gen = *m_generators[g];
    const GeneratorSpec& s = *gen.spec;
    const double now_s = m_sim.now().toSeconds();
    const double end_s =
        s.duration_s > 0.0 ? std::min(s.stop_s, window_s + s.duration_s) : s.stop_s;
    // Under a profile a window's bytes are `bytes` times the profile when it opens.
    const double windowBytes =
        (s.profile ? s.bytes * s.profile->at(window_s) : s.bytes) * gen.scale;
    if (end_s > now_s && gen.scale > 0.0 && (s.bytes == 0.0 || windowBytes > 0.0)) {
        for (std::size_t p = 0; p < gen.pairs.size(); ++p) {
            // Unlimited: more than the path could carry in the window, stopped at its end.
            const double bytes =
                s.bytes > 0.0 ? windowBytes / s.streams
                              : 2.0 * pathCapacityBps(gen.pairs[p].first, gen.pairs[p].second) *
                                    (end_s - now_s) / 8.0;
            for (int k = 0; k < s.streams; ++k)
                launch(g, p, bytes, 0.0, end_s, s.bytes > 0.0);
        }
    }
    const double next_s = window_s + s.period_s;
    if (!(s.period_s > 0.0) || !(next_s < s.stop_s)) {
        stopScheduling(g);
        return;
    }
    scheduleFor(g, next_s, [this, g, next_s] { bulkWindow(g, next_s); });
}

double TrafficRun::pathCapacityBps(NodeId src, NodeId dst) const
{
    const auto route = m_net.router().route(src, dst);
    if (!route || route->hops.empty())
        return 0.0;
    double c = std::numeric_limits<double>::infinity();
    for (const topology::RouteHop& h : route->hops)
        c = std::min(c, m_net.linkParams(h.link, h.dir).bandwidth_bps);
    return c;
}

void TrafficRun::launch(std::size_t g, std::size_t pair, double bytes, double cap_bps,
                        double stop_s, bool offered)
{
    Generator& gen = *m_generators[g];
    std::uint32_t k = 0;
    if (!gen.idleStreams[pair].empty()) {
        k = gen.idleStreams[pair].back();
        gen.idleStreams[pair].pop_back();
    } else {
        k = gen.nextStream[pair]++;
        if (k >= kStreamsPerGenerator)
            throw InputError({}, gen.spec->path,
                             "more than 2^20 flows of generator '" + gen.spec->id +
                                 "' in flight between one pair: its offered load exceeds what "
                                 "the path carries");
    }
    Flow f;
    f.pair = pair;
    f.stream = kStreamBase + static_cast<std::uint32_t>(gen.index) * kStreamsPerGenerator + k;
    f.bytes = bytes;
    f.cap_bps = cap_bps;
    f.start_s = m_sim.now().toSeconds();
    const auto [src, dst] = gen.pairs[pair];
    const double c = pathCapacityBps(src, dst);
    f.ideal_s = c > 0.0 ? bytes * 8.0 / c : 0.0;
    f.offered = offered;
    f.stop_s = stop_s;
    net::TransferOptions options;
    options.stream = f.stream;
    options.rate_cap_bps = cap_bps;
    options.background = true;
    // A fluid generator's per-pair rate is an aggregate of many flows, not one connection's
    // window: paced UDP. Each Poisson arrival is another user's flow on a connection of its own
    // (docs/traffic.md §4): an idle stream's number is reused, its window is not.
    // A trace's flows are other users' transfers too.
    options.new_connection = (gen.spec->kind == GeneratorKind::Poisson && !gen.fluid) ||
                             gen.spec->kind == GeneratorKind::Trace;
    const FlowId id = m_net.startTransfer(
        src, dst, bytes, gen.fluid ? net::Protocol::Udp : gen.spec->protocol,
        [this, g](const net::TransferResult& r) { onFlowEnd(g, r.flow.value(), r); }, options);
    gen.live.emplace(id.value(), f);
    if (!gen.fluid)
        ++gen.out.flows;
    if (offered)
        gen.out.offered_bytes += bytes;
    if (stop_s >= 0.0)
        scheduleAt(stop_s, [this, g, id] {
            auto& live = m_generators[g]->live;
            const auto it = live.find(id.value());
            if (it != live.end() && m_net.stopTransfer(id))
                it->second.cut = true;
        });
}

void TrafficRun::onFlowEnd(std::size_t g, std::uint64_t flow, const net::TransferResult& r)
{
    Generator& gen = *m_generators[g];
    const auto it = gen.live.find(flow);
    MERIDIAN_ASSERT(it != gen.live.end(), "TrafficRun: a flow ended twice");
    const Flow f = it->second;
    gen.live.erase(it);
    gen.idleStreams[f.pair].push_back(f.stream - kStreamBase -
                                      static_cast<std::uint32_t>(gen.index) * kStreamsPerGenerator);
    if (gen.fluid) { // its rate, not flows: only the bytes count
        if (r.ok)
            gen.out.carried_bytes += r.bytes - r.lost_bytes;
        checkDone();
        return;
    }
    if (!r.ok) {
        ++gen.out.flows_failed;
    } else {
        const double delivered = r.bytes - r.lost_bytes;
        gen.out.carried_bytes += delivered;
        if (!f.offered)
            gen.out.offered_bytes += r.bytes;
        if (f.cut) { // offered what it planned: the period or window ended, not the wish
            ++gen.out.flows_cut;
        } else {
            ++gen.out.flows_completed;
            const double fct = r.end_s - r.start_s;
            gen.fcts.push_back(fct);
            if (f.ideal_s > 0.0)
                gen.slowdownSum += fct / f.ideal_s;
        }
    }
    checkDone();
}

void TrafficRun::stopScheduling(std::size_t g)
{
    Generator& gen = *m_generators[g];
    if (gen.scheduling > 0)
        --gen.scheduling;
    checkDone();
}

bool TrafficRun::done() const
{
    return std::all_of(m_generators.begin(), m_generators.end(),
                       [](const auto& g) { return g->scheduling == 0 && g->live.empty(); });
}

void TrafficRun::checkDone()
{
    if (m_doneReported || !done())
        return;
    m_doneReported = true;
    if (m_onDone)
        m_onDone();
}

std::vector<GeneratorResult> TrafficRun::results() const
{
    const double now_s = m_sim.now().toSeconds();
    std::vector<GeneratorResult> out;
    for (const auto& gp : m_generators) {
        const Generator& gen = *gp;
        GeneratorResult r = gen.out;
        for (const auto& [id, f] : gen.live) {
            const double sent = m_net.flowSentBytes(FlowId::fromIndex(id));
            r.carried_bytes += sent;
            if (!f.offered)
                r.offered_bytes += sent;
            else if (f.cap_bps > 0.0) // a paced source offered its rate until now
                r.offered_bytes -=
                    f.bytes - std::min(f.bytes, f.cap_bps * (now_s - f.start_s) / 8.0);
            if (!gen.fluid)
                ++r.flows_in_flight;
        }
        r.window_s = gen.ranFor_s;
        if (gen.running)
            r.window_s += std::max(0.0, std::min(gen.spec->stop_s, now_s) - gen.runningSince_s);
        if (r.window_s > 0.0) {
            r.offered_bps = r.offered_bytes * 8.0 / r.window_s;
            r.carried_bps = r.carried_bytes * 8.0 / r.window_s;
        }
        std::vector<double> fcts = gen.fcts;
        std::sort(fcts.begin(), fcts.end());
        if (!fcts.empty()) {
            double sum = 0.0;
            for (double x : fcts)
                sum += x;
            r.fct_mean_s = sum / static_cast<double>(fcts.size());
            r.slowdown_mean = gen.slowdownSum / static_cast<double>(fcts.size());
        }
        r.fct_p50_s = percentile(fcts, 0.50);
        r.fct_p99_s = percentile(fcts, 0.99);
        if (gen.fluid && gen.fluidTimes.stable()) {
            const FluidCompletionTimes t = gen.fluidTimes.times(*gen.spec->size.law, now_s);
            r.fct_mean_s = t.fct_mean_s;
            r.fct_p50_s = t.fct_p50_s;
            r.fct_p99_s = t.fct_p99_s;
            r.slowdown_mean = t.slowdown_mean;
        }
        out.push_back(std::move(r));
    }
    return out;
}

TrafficRun::Generator* TrafficRun::find(const std::string& id, std::size_t& index)
{
    for (index = 0; index < m_generators.size(); ++index)
        if (m_generators[index]->spec->id == id)
            return m_generators[index].get();
    return nullptr;
}

void TrafficRun::endSchedule(std::size_t g)
{
    Generator& gen = *m_generators[g];
    ++gen.epoch;
    gen.scheduling = 0;
    if (gen.running) {
        const double now_s = m_sim.now().toSeconds();
        gen.ranFor_s += std::max(0.0, std::min(gen.spec->stop_s, now_s) - gen.runningSince_s);
        gen.running = false;
    }
    std::vector<std::uint64_t> paced;
    for (const auto& [id, f] : gen.live)
        if (f.stop_s >= 0.0)
            paced.push_back(id);
    for (const std::uint64_t id : paced) {
        const auto it = gen.live.find(id);
        if (it == gen.live.end())
            continue;
        // The source stops asking now: what it planned beyond what it sent is not offered.
        Flow& f = it->second;
        // The source stops asking now: a paced one asked for its rate until now, a bulk
        // window's stream for what it sent.
        const double now_s = m_sim.now().toSeconds();
        const double asked = f.cap_bps > 0.0
                                 ? std::min(f.bytes, f.cap_bps * (now_s - f.start_s) / 8.0)
                                 : m_net.flowSentBytes(FlowId::fromIndex(id));
        if (!m_net.stopTransfer(FlowId::fromIndex(id)))
            continue; // not sending yet: its own stop at stop_s ends it
        f.cut = true;
        if (f.offered)
            gen.out.offered_bytes -= std::max(0.0, f.bytes - asked);
    }
    checkDone();
}

void TrafficRun::restartSchedule(std::size_t g)
{
    Generator& gen = *m_generators[g];
    gen.scheduling = gen.spec->kind == GeneratorKind::OnOff ? gen.pairs.size() : 1;
    m_doneReported = false;
    startGenerator(g, m_sim.now().toSeconds());
}

std::string TrafficRun::stopByTrigger(const std::string& id)
{
    std::size_t g = 0;
    Generator* gen = find(id, g);
    if (gen == nullptr)
        return "no generator '" + id + "'";
    gen->halted = true;
    endSchedule(g);
    return {};
}

std::string TrafficRun::startByTrigger(const std::string& id)
{
    std::size_t g = 0;
    const Generator* gen = find(id, g);
    if (gen == nullptr)
        return "no generator '" + id + "'";
    if (!(m_sim.now().toSeconds() < gen->spec->stop_s))
        return "generator '" + id + "' is past its stop_s";
    m_generators[g]->halted = false;
    endSchedule(g);
    restartSchedule(g);
    return {};
}

std::string TrafficRun::scaleByTrigger(const std::string& id, double factor)
{
    std::size_t g = 0;
    Generator* gen = find(id, g);
    if (gen == nullptr)
        return "no generator '" + id + "'";
    gen->scale = factor;
    // A cbr source's rate and the Poisson process change now; on_off bursts and bulk windows
    // take the new rate when they next open.
    const GeneratorKind kind = gen->spec->kind;
    if (gen->running && (kind == GeneratorKind::Cbr || kind == GeneratorKind::Poisson) &&
        m_sim.now().toSeconds() < gen->spec->stop_s) {
        endSchedule(g);
        restartSchedule(g);
    }
    return {};
}

} // namespace meridian::traffic
