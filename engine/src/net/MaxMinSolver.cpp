#include "meridian/net/MaxMinSolver.hpp"

#include "meridian/core/Error.hpp"

#include <algorithm>
#include <cmath>

namespace meridian::net {

namespace {
// Relative tolerance of the bottleneck check: float residue of progressive filling is
// ~1e-15 per operation; a looser check only costs an extra expansion, never exactness.
constexpr double kCheckTol = 1e-11;
// After this many expansions the set is grown to its whole component (bounds the cost of
// a cascade that reaches far).
constexpr int kMaxExpansions = 8;

enum : std::uint32_t
{
    kEvResource = 0,
    kEvCap = 1,
    kEvCheck = 2
};
} // namespace

// ---------------------------------------------------------------------------------------
// Changes

std::uint32_t MaxMinSolver::addResource(double capacity_bps)
{
    m_resources.emplace_back();
    m_resources.back().capacity_bps = capacity_bps;
    m_fill.resize(m_resources.size());
    return static_cast<std::uint32_t>(m_resources.size() - 1);
}

void MaxMinSolver::setCapacity(std::uint32_t r, double capacity_bps)
{
    m_resources[r].capacity_bps = capacity_bps;
    m_dirtyResources.push_back(r);
}

void MaxMinSolver::addFlow(std::uint32_t flow, const std::uint32_t* resources, std::size_t count,
                           double cap_bps)
{
    if (flow >= m_flows.size()) {
        m_flows.resize(flow + 1);
        m_changed.resize(flow + 1);
    }
    Flow& f = m_flows[flow];
    MERIDIAN_ASSERT(!f.active, "MaxMinSolver::addFlow: flow already present");
    if (count <= kInlineHops) {
        f.hops = static_cast<std::uint8_t>(count);
        std::copy(resources, resources + count, f.route);
    } else {
        // A longer route lives in a slot of m_longRoutes; route[0] holds its index.
        f.hops = kLongRoute;
        if (m_freeLongRoutes.empty()) {
            f.route[0] = static_cast<std::uint32_t>(m_longRoutes.size());
            m_longRoutes.emplace_back();
        } else {
            f.route[0] = m_freeLongRoutes.back();
            m_freeLongRoutes.pop_back();
        }
        m_longRoutes[f.route[0]].assign(resources, resources + count);
    }
    f.hint = 0;
    f.rate_bps = 0.0;
    f.cap_bps = cap_bps;
    f.active = true;
    for (std::uint32_t r : route(f))
        m_resources[r].flows.push_back(flow);
    ++m_activeFlows;
    m_dirtyFlows.push_back(flow);
}

void MaxMinSolver::removeFlow(std::uint32_t flow)
{
    Flow& f = m_flows[flow];
    MERIDIAN_ASSERT(f.active, "MaxMinSolver::removeFlow: flow not present");
    for (std::uint32_t r : route(f)) {
        Resource& res = m_resources[r];
        auto it = std::find(res.flows.begin(), res.flows.end(), flow);
        MERIDIAN_ASSERT(it != res.flows.end(), "flow missing from its resource");
        *it = res.flows.back();
        res.flows.pop_back();
        m_dirtyResources.push_back(r);
    }
    if (f.hops == kLongRoute)
        m_freeLongRoutes.push_back(f.route[0]);
    f.active = false;
    f.rate_bps = 0.0;
    --m_activeFlows;
}

bool MaxMinSolver::setFlowCap(std::uint32_t flow, double cap_bps)
{
    Flow& f = m_flows[flow];
    if (cap_bps == f.cap_bps)
        return false;
    f.cap_bps = cap_bps;
    m_dirtyFlows.push_back(flow);
    return true;
}

// ---------------------------------------------------------------------------------------
// Update: seeds, propagation, validation, expansion

void MaxMinSolver::addToSolve(std::uint32_t flow)
{
    Flow& f = m_flows[flow];
    if (!f.active || f.mark == m_epoch)
        return;
    f.mark = m_epoch;
    m_compFlows.push_back(flow);
}

void MaxMinSolver::takeSeeds()
{
    // The changed flows and the changed resources (with the changed flows' routes).
    m_compFlows.clear();
    m_seedResources.clear();
    m_seedFlows.clear();
    for (std::uint32_t flow : m_dirtyFlows) {
        const Flow& f = m_flows[flow];
        if (!f.active)
            continue;
        m_seedFlows.push_back(flow);
        for (std::uint32_t r : route(f))
            m_seedResources.push_back(r);
    }
    for (std::uint32_t r : m_dirtyResources)
        m_seedResources.push_back(r);
    m_dirtyFlows.clear();
    m_dirtyResources.clear();
    std::sort(m_seedResources.begin(), m_seedResources.end());
    m_seedResources.erase(std::unique(m_seedResources.begin(), m_seedResources.end()),
                          m_seedResources.end());
    std::sort(m_seedFlows.begin(), m_seedFlows.end());
    m_seedFlows.erase(std::unique(m_seedFlows.begin(), m_seedFlows.end()), m_seedFlows.end());
}

void MaxMinSolver::solve()
{
    ++m_recomputations;
    ++m_epoch;
    takeSeeds();
    // Propagate the change outward in level order. The bottleneck check then proves the
    // result is the max-min allocation; should it fail (float near-ties), the set is grown and
    // re-solved by plain progressive filling, up to the whole component.
    propagate();
    if (!validateSet())
        growUntilValid();
    m_flowsRecomputed += m_compFlows.size();
}

void MaxMinSolver::growUntilValid()
{
    for (int expansions = 0;;) {
        const std::size_t before = m_compFlows.size();
        for (std::uint32_t flow : m_invalid) {
            addToSolve(flow);
            for (std::uint32_t r : route(m_flows[flow]))
                for (std::uint32_t other : m_resources[r].flows)
                    addToSolve(other);
        }
        if (++expansions >= kMaxExpansions || m_compFlows.size() == before ||
            2 * m_compFlows.size() > m_activeFlows) {
            expandToComponent();
            solveSet();
            return;
        }
        solveSet();
        if (validateSet())
            return;
    }
}

MaxMinSolver::TentativeLoad MaxMinSolver::tentativeLoad(const Resource& res) const
{
    TentativeLoad load;
    for (std::uint32_t flow : res.flows) {
        const Flow& f = m_flows[flow];
        // Tentative rate: new for the set, current for the fixed flows.
        const bool inSet = f.mark == m_epoch;
        const double x = inSet ? f.newRate_bps : f.rate_bps;
        load.sum_bps += x;
        load.max_bps = std::max(load.max_bps, x);
        load.any_fixed = load.any_fixed || !inSet;
    }
    return load;
}

void MaxMinSolver::apply()
{
    // The validation that accepted the set has summed its resources' loads already (same
    // flows, same order, same values); only a set solved without validation sums them here.
    for (std::uint32_t r : m_compResources) {
        Resource& res = m_resources[r];
        if (m_loadsCurrent) {
            res.alloc_bps = res.checkSum_bps;
            res.maxRate_bps = res.checkMax_bps;
        } else {
            const TentativeLoad load = tentativeLoad(res);
            res.alloc_bps = load.sum_bps;
            res.maxRate_bps = load.max_bps;
        }
    }
    m_loadsCurrent = false;
    for (std::uint32_t flow : m_compFlows) {
        Flow& f = m_flows[flow];
        const bool changed = f.newRate_bps != f.rate_bps;
        m_changed[flow] = changed;
        if (!changed)
            continue;
        if (std::abs(f.newRate_bps - f.rate_bps) > 1e-9 * std::max(f.rate_bps, f.newRate_bps))
            ++m_flowsRateChanged;
        f.rate_bps = f.newRate_bps;
    }
}

void MaxMinSolver::expandToComponent()
{
    // Breadth-first closure of the set over shared resources: the connected component(s).
    m_stack.clear();
    for (std::uint32_t flow : m_compFlows)
        for (std::uint32_t r : route(m_flows[flow]))
            m_stack.push_back(r);
    ++m_resEpoch;
    while (!m_stack.empty()) {
        const std::uint32_t r = m_stack.back();
        m_stack.pop_back();
        Resource& res = m_resources[r];
        if (res.mark == m_resEpoch)
            continue;
        res.mark = m_resEpoch;
        for (std::uint32_t flow : res.flows) {
            Flow& f = m_flows[flow];
            if (f.mark == m_epoch)
                continue;
            addToSolve(flow);
            for (std::uint32_t r2 : route(f))
                if (m_resources[r2].mark != m_resEpoch)
                    m_stack.push_back(r2);
        }
    }
}

void MaxMinSolver::verifyAgainstFullSolve()
{
    // Progressive filling of every flow from scratch.
    ++m_epoch;
    m_compFlows.clear();
    m_seedResources.clear();
    for (std::uint32_t flow = 0; flow < m_flows.size(); ++flow)
        addToSolve(flow);
    solveSet();
    for (std::uint32_t flow : m_compFlows) {
        const Flow& f = m_flows[flow];
        const double scale = std::max(std::abs(f.newRate_bps), 1e-300);
        m_maxDeviation = std::max(m_maxDeviation, std::abs(f.rate_bps - f.newRate_bps) / scale);
    }
    m_compFlows.clear();
}

// ---------------------------------------------------------------------------------------
// Level-ordered propagation (progressive filling restricted to what changes).
//
// Progressive filling raises a common level λ; a flow freezes when a resource on its route
// fills or it reaches its cap. Flows not touched by the change ("inactive") keep their old
// rates x_g; "active" flows are re-solved, starting from the level at which they join. A
// resource is dirty once an active flow crosses it (or it is a seed); its residual is
// C_r − Σ_{inactive on r} x_g − Σ_{frozen active on r} x_f and its fill level rem/n (n =
// unfrozen active flows). Clean resources keep their old state. Events in level order:
//  * a dirty resource fills at μ: inactive flows on it with x_g > μ would break the
//    bottleneck of the flows freezing there, so they join (and the resource is re-queued);
//    otherwise its unfrozen active flows freeze at μ;
//  * an active flow reaches its cap;
//  * an inactive flow g on a dirty resource is checked at λ = x_g: it keeps x_g if it has a
//    bottleneck there (a clean resource that was saturated with g maximal, a dirty resource
//    filling at x_g, or its cap); otherwise it joins at level x_g and rises further.
// Only the flows whose rate changes, and their neighbours, are visited. validateSet() then
// proves the result (or triggers the plain re-solve).

void MaxMinSolver::pushEvent(const LevelEvent& e)
{
    m_events.push_back(e);
    std::push_heap(m_events.begin(), m_events.end(), EventLater{});
}

void MaxMinSolver::popEvent()
{
    std::pop_heap(m_events.begin(), m_events.end(), EventLater{});
    m_events.pop_back();
}

void MaxMinSolver::replaceFrontEvent(const LevelEvent& e)
{
    // Pop then push in one sift down from the front. The keys (level, kind, flow) of the
    // events waiting are distinct (a flow has one cap and at most one check waiting), so the
    // heap gives the same sequence of events whichever way it is maintained.
    const std::size_t n = m_events.size();
    std::size_t pos = 0;
    for (;;) {
        std::size_t child = 2 * pos + 1;
        if (child >= n)
            break;
        if (child + 1 < n && EventLater{}(m_events[child], m_events[child + 1]))
            ++child;
        if (!EventLater{}(e, m_events[child]))
            break;
        m_events[pos] = m_events[child];
        pos = child;
    }
    m_events[pos] = e;
}

bool MaxMinSolver::cleanBottleneck(Flow& g)
{
    // Clean: no rate on it changed since the last update set alloc and max. The resource
    // that was g's bottleneck when last found (Flow::hint) first: most often it still is.
    const auto bottleneck = [this, &g](std::uint32_t r) {
        const Resource& res = m_resources[r];
        return res.mark != m_resEpoch && res.alloc_bps >= res.capacity_bps * (1.0 - kCheckTol) &&
               g.rate_bps >= res.maxRate_bps * (1.0 - kCheckTol);
    };
    const Route rt = route(g);
    const std::size_t hops = rt.size();
    if (g.hint < hops && bottleneck(rt.first[g.hint]))
        return true;
    for (std::size_t i = 0; i < hops; ++i) {
        if (i != g.hint && bottleneck(rt.first[i])) {
            g.hint = static_cast<std::uint8_t>(std::min<std::size_t>(i, kMaxHint));
            return true;
        }
    }
    return false;
}

void MaxMinSolver::makeDirty(std::uint32_t r, double level)
{
    Resource& res = m_resources[r];
    if (res.mark == m_resEpoch)
        return;
    res.mark = m_resEpoch;
    m_compResources.push_back(r);
    res.unfrozen = 0;
    res.satLevel_bps = -1.0;
    res.frozenMax_bps = -kInf; // no flow of the set crosses it yet
    ++res.version;
    // One pass: the residual (no active flow crosses a resource before it is dirty, so every
    // flow on it holds its old rate), and the inactive flows that might have had their
    // bottleneck here, which need a check at their level.
    double rem = res.capacity_bps;
    res.checks.clear();
    for (std::uint32_t flow : res.flows) {
        Flow& g = m_flows[flow];
        rem -= g.rate_bps;
        if (g.mark == m_epoch || g.rate_bps < level * (1.0 - kCheckTol))
            continue;
        if (std::isfinite(g.cap_bps) && g.rate_bps >= g.cap_bps * (1.0 - kCheckTol))
            continue;
        // A check of g still waiting (queued by another resource of its route) has the same
        // key (x_g, check, g): the two would be taken one after the other, and the second
        // changes nothing (if the first passes nothing moved in between, if it fails g
        // joined and the second is dropped), so one is enough.
        if (g.queuedMark == m_epoch)
            continue;
        if (cleanBottleneck(g))
            continue; // re-examined if that resource turns dirty too
        m_flows[flow].queuedMark = m_epoch;
        res.checks.push_back({g.rate_bps, flow});
    }
    res.rem_bps = rem;
    // The checks go to the event heap as one sorted run, its head in the heap (a k-way merge):
    // the heap's front is still the smallest remaining (level, kind, flow) of all checks, so
    // they are handled in the order one heap of every check gave, identical entries being
    // interchangeable, at O(n log n) of a sort of contiguous entries instead of n heap
    // pushes and pops over a heap of every check.
    if (!res.checks.empty()) {
        std::sort(res.checks.begin(), res.checks.end(), [](const RateEntry& a, const RateEntry& b) {
            return a.rate_bps != b.rate_bps ? a.rate_bps < b.rate_bps : a.flow < b.flow;
        });
        res.checkNext = 0;
        pushEvent({res.checks.front().rate_bps, res.checks.front().flow, r, kEvCheck});
    }
}

inline void MaxMinSolver::pushResource(std::uint32_t r, double level)
{
    // Every change of a resource's residual or unfrozen count moves its fill level. A resource
    // has one entry in the queue of fill levels (MaxMinFillQueue: a raise is recorded, the
    // entry moved when it reaches the front); handling one event changes a resource many times
    // (each of its flows that freezes), so its level is set once, by flushResourcePushes()
    // after the event, from the last state. The levels taken are the ones a heap of every
    // change's event would pop as current, in the same order (level, then resource id),
    // without its superseded entries.
    Resource& res = m_resources[r];
    res.pushLevel_bps = level;
    if (res.pushMark != m_pushEpoch) {
        res.pushMark = m_pushEpoch;
        m_pushResources.push_back(r);
    }
}

void MaxMinSolver::activate(std::uint32_t flow, double level)
{
    Flow& f = m_flows[flow];
    f.mark = m_epoch;
    f.frozen = false;
    f.newRate_bps = level;
    m_compFlows.push_back(flow);
    if (std::isfinite(f.cap_bps))
        pushEvent({std::max(f.cap_bps, level), flow, 0, kEvCap});
    for (std::uint32_t r : route(f)) {
        makeDirty(r, level);
        Resource& res = m_resources[r];
        res.rem_bps += f.rate_bps; // no longer held at its old rate
        ++res.unfrozen;
        pushResource(r, level);
    }
}

void MaxMinSolver::freeze(std::uint32_t flow, double rate)
{
    Flow& f = m_flows[flow];
    f.frozen = true;
    f.newRate_bps = rate;
    for (std::uint32_t r : route(f)) {
        Resource& res = m_resources[r];
        res.rem_bps -= rate;
        res.frozenMax_bps = std::max(res.frozenMax_bps, rate);
        --res.unfrozen;
        pushResource(r, rate);
    }
}

void MaxMinSolver::flushResourcePushes()
{
    for (std::uint32_t r : m_pushResources) {
        const Resource& res = m_resources[r];
        if (res.unfrozen == 0) {
            m_fill.erase(r); // nothing left to fill it
            continue;
        }
        // All unfrozen flows of r sit at the current level; r fills when they reach rem/n.
        m_fill.set(r, std::max(res.pushLevel_bps, std::max(0.0, res.rem_bps) / res.unfrozen));
    }
    m_pushResources.clear();
    ++m_pushEpoch;
}

bool MaxMinSolver::bottleneckAt(const Flow& g, double x)
{
    for (std::uint32_t r : route(g)) {
        const Resource& res = m_resources[r];
        if (res.mark != m_resEpoch)
            continue; // clean resources were checked by cleanBottleneck
        bool full;
        if (res.satLevel_bps >= 0.0)
            full = std::abs(res.satLevel_bps - x) <= kCheckTol * std::max(x, res.satLevel_bps);
        else if (res.unfrozen > 0)
            full = res.rem_bps / res.unfrozen <= x * (1.0 + kCheckTol);
        else
            full = res.rem_bps <= res.capacity_bps * kCheckTol;
        if (!full)
            continue;
        // g is maximal on r when no flow on r has a tentative rate y > x(1 + tol): y is the
        // new rate of a frozen flow of the set, the level x of an unfrozen one, the old rate of
        // a flow outside the set. An unfrozen flow never exceeds the bound (x ≥ 0, so
        // fl(x(1 + tol)) ≥ x), and "some y_i > t" holds exactly when max_i y_i > t (a maximum
        // of doubles is one of them, no rounding), so the largest frozen and the largest
        // outside rate decide it: O(1) and O(log n) amortised instead of a scan of r's flows.
        const double bound = x * (1.0 + kCheckTol);
        if (res.frozenMax_bps <= bound && inactiveMaxBps(r) <= bound)
            return true;
    }
    return false;
}

double MaxMinSolver::inactiveMaxBps(std::uint32_t r)
{
    // During a propagation flows only join the set (never leave it) and the old rates of the
    // others do not change, so a max-heap of the outside flows built once, with joined flows
    // popped lazily when they reach the top, gives the current largest outside rate.
    Resource& res = m_resources[r];
    std::vector<RateEntry>& heap = res.inactive;
    const auto lower = [](const RateEntry& a, const RateEntry& b) {
        return a.rate_bps < b.rate_bps;
    };
    if (res.inactiveMark != m_resEpoch) {
        res.inactiveMark = m_resEpoch;
        heap.clear();
        for (std::uint32_t flow : res.flows) {
            const Flow& h = m_flows[flow];
            if (h.mark != m_epoch)
                heap.push_back({h.rate_bps, flow});
        }
        std::make_heap(heap.begin(), heap.end(), lower);
    }
    while (!heap.empty() && m_flows[heap.front().flow].mark == m_epoch) {
        std::pop_heap(heap.begin(), heap.end(), lower);
        heap.pop_back();
    }
    return heap.empty() ? -kInf : heap.front().rate_bps;
}

void MaxMinSolver::processResourceEvent(std::uint32_t r, double level)
{
    // Inactive flows above the fill level join (the resource is re-queued by activate() with
    // the larger residual); else the resource fills and its unfrozen active flows freeze.
    Resource& res = m_resources[r];
    bool joined = false;
    for (const std::uint32_t flow : res.flows) {
        const Flow& h = m_flows[flow];
        if (h.mark != m_epoch && h.rate_bps > level * (1.0 + kCheckTol)) {
            activate(flow, level);
            joined = true;
        }
    }
    if (joined)
        return;
    res.satLevel_bps = level;
    for (std::uint32_t flow : res.flows) {
        const Flow& f = m_flows[flow];
        if (f.mark == m_epoch && !f.frozen)
            freeze(flow, level);
    }
}

void MaxMinSolver::propagate()
{
    ++m_resEpoch;
    ++m_checkEpoch;
    m_loadsCurrent = false;
    m_compResources.clear();
    m_events.clear();
    m_fill.clear(); // empty unless an exception cut a propagation short
    for (std::uint32_t r : m_seedResources)
        makeDirty(r, 0.0);
    for (std::uint32_t flow : m_seedFlows)
        if (m_flows[flow].mark != m_epoch)
            activate(flow, 0.0);
    double level = 0.0;
    for (;;) {
        flushResourcePushes(); // re-key the resources the last event changed
        // Next event in (level, kind, id) order: a resource filling comes before a cap or a
        // check at the same level (kEvResource < kEvCap < kEvCheck).
        if (!m_fill.empty() &&
            (m_events.empty() || m_fill.front().level <= m_events.front().level)) {
            const MaxMinFillQueue::Entry next = m_fill.pop();
            level = std::max(level, next.level);
            processResourceEvent(next.id, level);
            continue;
        }
        if (m_events.empty())
            break;
        const LevelEvent e = m_events.front();
        if (e.kind == kEvCap) {
            popEvent();
            const Flow& f = m_flows[e.id];
            if (f.frozen)
                continue;
            level = std::max(level, e.level);
            freeze(e.id, f.cap_bps);
        } else {
            // The run's next check for a flow still outside the set (one that joined would be
            // popped and skipped below, changing nothing) takes the taken one's place.
            m_flows[e.id].queuedMark = 0; // taken: a later dirtied resource queues it again
            Resource& run = m_resources[e.source];
            bool replaced = false;
            while (++run.checkNext < run.checks.size()) {
                const RateEntry& next = run.checks[run.checkNext];
                if (m_flows[next.flow].mark != m_epoch) {
                    replaceFrontEvent({next.rate_bps, next.flow, e.source, kEvCheck});
                    replaced = true;
                    break;
                }
            }
            if (!replaced)
                popEvent();
            Flow& g = m_flows[e.id];
            if (g.mark == m_epoch)
                continue;
            level = std::max(level, e.level);
            if (!cleanBottleneck(g) && !bottleneckAt(g, g.rate_bps))
                activate(e.id, level);
        }
    }
}

// ---------------------------------------------------------------------------------------
// Plain progressive filling of a set (Bertsekas & Gallager §6.5.2) over the residual
// capacities C_r − Σ_{fixed flows on r} x_f: raise all unfrozen rates together; the next event
// is either a resource filling up (its fair share rem/unfrozen is the smallest) or a flow
// reaching its cap. Resources are kept in a lazy min-heap by fair share.

void MaxMinSolver::initSetResources()
{
    // Resources of the set: the seeds plus every resource a flow of the set crosses, with
    // their residual capacity and unfrozen count.
    ++m_resEpoch;
    m_compResources.clear();
    const auto touch = [this](std::uint32_t r) {
        Resource& res = m_resources[r];
        if (res.mark != m_resEpoch) {
            res.mark = m_resEpoch;
            m_compResources.push_back(r);
        }
    };
    for (std::uint32_t r : m_seedResources)
        touch(r);
    for (std::uint32_t flow : m_compFlows)
        for (std::uint32_t r : route(m_flows[flow]))
            touch(r);
    m_heap.clear();
    for (std::uint32_t r : m_compResources) {
        Resource& res = m_resources[r];
        double rem = res.capacity_bps;
        std::uint32_t unfrozen = 0;
        for (std::uint32_t flow : res.flows) {
            const Flow& f = m_flows[flow];
            if (f.mark == m_epoch)
                ++unfrozen;
            else
                rem -= f.rate_bps;
        }
        res.rem_bps = std::max(0.0, rem);
        res.unfrozen = unfrozen;
        ++res.version;
        if (res.unfrozen > 0)
            m_heap.push_back({res.rem_bps / res.unfrozen, r, res.version});
    }
    std::make_heap(m_heap.begin(), m_heap.end(), ShareLater{});
}

void MaxMinSolver::freezeInSet(std::uint32_t flow, double rate)
{
    Flow& f = m_flows[flow];
    f.frozen = true;
    f.newRate_bps = rate;
    --m_unfrozenFlows;
    for (std::uint32_t r : route(f)) {
        Resource& res = m_resources[r];
        res.rem_bps = std::max(0.0, res.rem_bps - rate);
        --res.unfrozen;
        ++res.version;
        if (res.unfrozen > 0) {
            m_heap.push_back({res.rem_bps / res.unfrozen, r, res.version});
            std::push_heap(m_heap.begin(), m_heap.end(), ShareLater{});
        }
    }
}

void MaxMinSolver::solveSet()
{
    m_loadsCurrent = false;
    initSetResources();
    m_capOrder.clear();
    for (std::uint32_t flow : m_compFlows) {
        Flow& f = m_flows[flow];
        f.frozen = false;
        f.newRate_bps = 0.0;
        if (std::isfinite(f.cap_bps))
            m_capOrder.emplace_back(f.cap_bps, flow);
    }
    std::sort(m_capOrder.begin(), m_capOrder.end());
    std::size_t capIdx = 0;
    m_unfrozenFlows = m_compFlows.size();
    while (m_unfrozenFlows > 0) {
        while (!m_heap.empty() &&
               m_heap.front().version != m_resources[m_heap.front().resource].version) {
            std::pop_heap(m_heap.begin(), m_heap.end(), ShareLater{});
            m_heap.pop_back();
        }
        while (capIdx < m_capOrder.size() && m_flows[m_capOrder[capIdx].second].frozen)
            ++capIdx;
        // clang-tidy 14 reports the constant kInf in a conditional as a narrowing conversion
        // from double to double, a false positive: both operands are double.
        // NOLINTBEGIN(bugprone-narrowing-conversions)
        const double shareRes = m_heap.empty() ? kInf : m_heap.front().share;
        const double shareCap = capIdx < m_capOrder.size() ? m_capOrder[capIdx].first : kInf;
        // NOLINTEND(bugprone-narrowing-conversions)
        if (!std::isfinite(shareRes) && !std::isfinite(shareCap))
            break; // cannot happen: every flow crosses ≥ 1 resource
        if (shareCap <= shareRes) {
            freezeInSet(m_capOrder[capIdx].second, shareCap);
        } else {
            const std::uint32_t r = m_heap.front().resource;
            std::pop_heap(m_heap.begin(), m_heap.end(), ShareLater{});
            m_heap.pop_back();
            for (std::uint32_t flow : m_resources[r].flows) {
                const Flow& f = m_flows[flow];
                if (f.mark == m_epoch && !f.frozen)
                    freezeInSet(flow, shareRes);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// Validation: the bottleneck condition on every resource the set crosses.

bool MaxMinSolver::validateSet()
{
    m_invalid.clear();
    ++m_checkEpoch;
    bool anyFixed = false;
    for (std::uint32_t r : m_compResources) {
        Resource& res = m_resources[r];
        const TentativeLoad load = tentativeLoad(res);
        const double sum = load.sum_bps;
        anyFixed = anyFixed || load.any_fixed;
        res.checkMark = m_checkEpoch;
        res.checkSum_bps = sum;
        res.checkMax_bps = load.max_bps;
        // Fixed flows over the (reduced) capacity: they must be re-solved too. A resource
        // overfilled by the set's own flows alone (its capacity dropped while another flow's
        // bottleneck freed, and they joined at their old level) sends them to the plain solve.
        if (sum > res.capacity_bps * (1.0 + kCheckTol)) {
            const std::size_t before = m_invalid.size();
            for (std::uint32_t flow : res.flows)
                if (m_flows[flow].mark != m_epoch)
                    m_invalid.push_back(flow);
            if (m_invalid.size() == before)
                m_invalid.insert(m_invalid.end(), res.flows.begin(), res.flows.end());
        }
    }
    m_loadsCurrent = true;
    if (!m_invalid.empty())
        return false;
    if (!anyFixed)
        return true; // the set is closed: progressive filling solved it exactly
    checkBottlenecks();
    return m_invalid.empty();
}

void MaxMinSolver::checkBottlenecks()
{
    // Every flow on a resource of the set needs a bottleneck: its cap, or a saturated resource
    // where no flow gets more. Failing flows go to m_invalid.
    const auto bottleneckOn = [this](const Resource& res, double x) {
        // Outside the set's resources no rate changed: the kept alloc and max hold.
        const bool inSet = res.checkMark == m_checkEpoch;
        const double sum = inSet ? res.checkSum_bps : res.alloc_bps;
        const double mx = inSet ? res.checkMax_bps : res.maxRate_bps;
        return sum >= res.capacity_bps * (1.0 - kCheckTol) && x >= mx * (1.0 - kCheckTol);
    };
    for (std::uint32_t r : m_compResources) {
        const Resource& scanned = m_resources[r];
        for (std::uint32_t flow : scanned.flows) {
            Flow& f = m_flows[flow];
            if (f.checkMark == m_checkEpoch)
                continue;
            f.checkMark = m_checkEpoch;
            const double x = f.mark == m_epoch ? f.newRate_bps : f.rate_bps;
            // The resource being scanned first (in cache, and most often the bottleneck of
            // the flows that froze on it), then the one last found (Flow::hint), then the rest
            // of the route: the same test, so the same verdict in any order.
            bool ok = (std::isfinite(f.cap_bps) && x >= f.cap_bps * (1.0 - kCheckTol)) ||
                      bottleneckOn(scanned, x);
            const Route rt = route(f);
            const std::size_t hops = rt.size();
            if (!ok && f.hint < hops && rt.first[f.hint] != r)
                ok = bottleneckOn(m_resources[rt.first[f.hint]], x);
            for (std::size_t i = 0; i < hops && !ok; ++i) {
                if (i != f.hint && rt.first[i] != r && bottleneckOn(m_resources[rt.first[i]], x)) {
                    ok = true;
                    f.hint = static_cast<std::uint8_t>(std::min<std::size_t>(i, kMaxHint));
                }
            }
            if (!ok)
                m_invalid.push_back(flow);
        }
    }
}

} // namespace meridian::net
