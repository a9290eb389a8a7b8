#pragma once
// Incremental exact max-min fair sharing of capacities among flows (docs/network-model.md §3).
//
// Owns the resources (a capacity shared by flows: a link direction, or a half-duplex link),
// the flows in their data phase with the resources they cross and their caps, their current
// rates, and all working state of the solver. It knows nothing of time, bytes or transports:
// the Network brings progress up to date between solve() and apply().
//
// Math. A feasible allocation x (Σ_{f on r} x_f ≤ C_r, x_f ≤ c_f) is max-min fair iff every
// flow has a bottleneck: a saturated resource on its route where no other flow gets more, or
// its own cap (Bertsekas & Gallager, Data Networks, §6.5.2, with a cap seen as a private
// resource). And if any set of flows is held at its max-min rates, progressive filling of the
// other flows over the residual capacities gives their max-min rates (the same bottleneck
// characterisation, restricted). So an update
//   1. propagates the change outward in level order from the changed flows and resources
//      (progressive filling restricted to what changes, the other rates held: propagate()),
//   2. checks the bottleneck condition of every flow on every resource the solved set crosses
//      (flows elsewhere saw no rate change around them, so their bottlenecks still hold),
//   3. if it fails (float near-ties), grows the set by all flows on the failing flows'
//      resources and re-solves it by plain progressive filling, up to the whole connected
//      component (where the check holds by construction).
// All changes made between two solves are solved together (one update per instant).
//
// Usage:
//   MaxMinSolver s;
//   s.addResource(10e9);  s.addResource(4e9);     // resources 0 and 1
//   const std::uint32_t route[] = {0, 1};
//   s.addFlow(7, route, 2, /*cap_bps=*/kInf);     // flow ids are small dense integers
//   s.recompute();                                 // solve() + apply()
//   s.rateBps(7);                                  // 4e9

#include "meridian/net/MaxMinFillQueue.hpp"

#include <cstdint>
#include <limits>
#include <vector>

namespace meridian::net {

/// No limit: a rate cap or a bound that never binds.
inline constexpr double kInf = std::numeric_limits<double>::infinity();

class MaxMinSolver
{
public:
    /// Adds a resource of the given capacity (bit/s, ≥ 0) and no flows; returns its id
    /// (0, 1, 2, ... in order).
    std::uint32_t addResource(double capacity_bps);
    /// Sets a resource's capacity (bit/s, ≥ 0); the next solve re-examines it.
    void setCapacity(std::uint32_t resource, double capacity_bps);
    /// Adds flow `flow` (not present) crossing `count` resources, rate 0 until the next solve,
    /// capped at cap_bps (+∞: uncapped).
    void addFlow(std::uint32_t flow, const std::uint32_t* resources, std::size_t count,
                 double cap_bps);
    /// Removes a flow (present); its resources are re-examined by the next solve.
    void removeFlow(std::uint32_t flow);
    /// Changes a present flow's cap; returns whether it changed (then the next solve re-solves
    /// the flow).
    bool setFlowCap(std::uint32_t flow, double cap_bps);

    /// Whether changes wait for a solve.
    bool hasChanges() const noexcept { return !m_dirtyFlows.empty() || !m_dirtyResources.empty(); }
    /// Computes the new max-min rates of the flows the changes may affect, without applying
    /// them: solvedFlows()/solvedResources() and newRateBps() describe the update.
    void solve();
    /// Applies the last solve: resources' allocations, then the flows' rates.
    void apply();
    /// solve() then apply().
    void recompute()
    {
        solve();
        apply();
    }
    /// Flows (in a deterministic order) and resources the last solve re-solved.
    const std::vector<std::uint32_t>& solvedFlows() const noexcept { return m_compFlows; }
    const std::vector<std::uint32_t>& solvedResources() const noexcept { return m_compResources; }
    /// New rate of a solved flow, between solve() and apply().
    double newRateBps(std::uint32_t flow) const { return m_flows[flow].newRate_bps; }
    /// Whether the last apply() changed the flow's rate.
    bool rateChanged(std::uint32_t flow) const { return m_changed[flow] != 0; }

    // --- state ---------------------------------------------------------------------------
    bool hasFlow(std::uint32_t flow) const { return flow < m_flows.size() && m_flows[flow].active; }
    double rateBps(std::uint32_t flow) const { return m_flows[flow].rate_bps; }
    double capBps(std::uint32_t flow) const { return m_flows[flow].cap_bps; }
    double capacityBps(std::uint32_t resource) const { return m_resources[resource].capacity_bps; }
    /// Σ rates of the resource's flows, as of the last apply().
    double allocBps(std::uint32_t resource) const { return m_resources[resource].alloc_bps; }
    /// The flows crossing a resource.
    const std::vector<std::uint32_t>& flowsOn(std::uint32_t resource) const
    {
        return m_resources[resource].flows;
    }
    std::size_t activeFlows() const noexcept { return m_activeFlows; }

    // --- counters (benchmarks, tests) ------------------------------------------------------
    std::uint64_t recomputations() const noexcept { return m_recomputations; }
    std::uint64_t flowsRecomputed() const noexcept { return m_flowsRecomputed; }
    /// Flows whose rate an apply() changed by a relative 1e-9 or more.
    std::uint64_t flowsRateChanged() const noexcept { return m_flowsRateChanged; }
    /// Re-solves every flow from scratch by progressive filling and records the largest
    /// relative difference to the current rates (maxDeviation()). Debug check, O(F).
    void verifyAgainstFullSolve();
    double maxDeviation() const noexcept { return m_maxDeviation; }

private:
    // Fields in the order the hot loops read them: the clean-bottleneck test of propagation
    // reads only the first four (one 32-byte block), progressive filling the next ones.
    struct RateEntry
    {
        double rate_bps;
        std::uint32_t flow;
    };
    struct Resource
    {
        double capacity_bps = 0.0;
        double alloc_bps = 0.0;
        double maxRate_bps = 0.0; ///< largest rate of its flows (kept with alloc_bps)
        std::uint32_t mark = 0;   ///< m_resEpoch: in the current solve set
        // propagation: a fill event to push once the current event is handled (pushMark ==
        // m_pushEpoch), at least at pushLevel_bps
        std::uint32_t pushMark = 0;
        // progressive filling
        double rem_bps = 0.0;
        std::uint32_t unfrozen = 0;
        std::uint32_t version = 0;
        double satLevel_bps = -1.0; ///< propagation: level at which it filled (< 0: not yet)
        double pushLevel_bps = 0.0; ///< see pushMark
        /// propagation: largest new rate of its frozen active flows (−∞: none yet)
        double frozenMax_bps = -kInf;
        std::vector<std::uint32_t> flows; ///< flows crossing it
        /// propagation: max-heap by rate of its inactive flows (built at the first maximality
        /// test of a propagation, inactiveMark == m_resEpoch; flows that joined since are
        /// popped when they reach the top)
        std::uint32_t inactiveMark = 0;
        std::vector<RateEntry> inactive;
        /// propagation: the checks its makeDirty() queued, sorted by (level, flow); only the
        /// one at checkNext is in m_events at a time
        std::vector<RateEntry> checks;
        std::size_t checkNext = 0;
        // validation scratch (m_checkEpoch): Σ and max of the tentative rates of its flows
        std::uint32_t checkMark = 0;
        double checkSum_bps = 0.0;
        double checkMax_bps = 0.0;
    };
    // A flow's record is one cache line: its rates and marks, and its route inline when it has
    // at most kInlineHops resources (a fat-tree's longest route has six), so a walk along
    // its route reads no second block; a longer route is kept in m_longRoutes.
    static constexpr std::size_t kInlineHops = 6;
    static constexpr std::uint8_t kLongRoute = 0xff; ///< Flow::hops of a route in m_longRoutes
    static constexpr std::uint8_t kMaxHint = 0xff;   ///< largest Flow::hint (a long route's)
    struct alignas(64) Flow
    {
        double rate_bps = 0.0;
        double newRate_bps = 0.0;
        double cap_bps = kInf;
        std::uint32_t mark = 0;       ///< m_epoch: in the current solve set
        std::uint32_t checkMark = 0;  ///< m_checkEpoch: bottleneck already checked
        std::uint32_t queuedMark = 0; ///< m_epoch: a propagation check of it waits in a run
        bool active = false;
        bool frozen = false;
        std::uint8_t hops = 0; ///< resources on its route, or kLongRoute
        /// position on its route of the resource last found to be its bottleneck (tested
        /// first; the verdicts do not depend on the order of the tests)
        std::uint8_t hint = 0;
        /// the resources it crosses, in order (kLongRoute: route[0] indexes m_longRoutes)
        std::uint32_t route[kInlineHops] = {};
    };
    /// A flow's resources, wherever they are kept.
    struct Route
    {
        const std::uint32_t* first;
        const std::uint32_t* last;
        const std::uint32_t* begin() const noexcept { return first; }
        const std::uint32_t* end() const noexcept { return last; }
        std::size_t size() const noexcept { return static_cast<std::size_t>(last - first); }
    };
    Route route(const Flow& f) const noexcept
    {
        if (f.hops != kLongRoute)
            return {f.route, f.route + f.hops};
        const std::vector<std::uint32_t>& r = m_longRoutes[f.route[0]];
        return {r.data(), r.data() + r.size()};
    }
    struct HeapEntry
    {
        double share;
        std::uint32_t resource;
        std::uint32_t version;
    };
    struct ShareLater // min-heap by fair share, ties by resource
    {
        bool operator()(const HeapEntry& a, const HeapEntry& b) const noexcept
        {
            return a.share != b.share ? a.share > b.share : a.resource > b.resource;
        }
    };
    struct LevelEvent
    {
        double level;
        std::uint32_t id;     ///< flow
        std::uint32_t source; ///< a check: the resource whose run of checks it heads
        std::uint32_t kind;   ///< flow reaches cap, inactive flow check
    };
    struct EventLater
    {
        bool operator()(const LevelEvent& a, const LevelEvent& b) const noexcept
        {
            if (a.level != b.level)
                return a.level > b.level;
            if (a.kind != b.kind)
                return a.kind > b.kind;
            return a.id > b.id;
        }
    };

    void takeSeeds();
    void growUntilValid();
    void addToSolve(std::uint32_t flow);
    void solveSet();
    void initSetResources();
    void freezeInSet(std::uint32_t flow, double rate);
    bool validateSet();
    /// Sum and largest of the tentative rates on a resource (new for the set's flows, current
    /// for the others), and whether any of its flows is outside the set.
    struct TentativeLoad
    {
        double sum_bps = 0.0;
        double max_bps = 0.0;
        bool any_fixed = false;
    };
    TentativeLoad tentativeLoad(const Resource& res) const;
    void checkBottlenecks();
    void expandToComponent();
    void propagate();
    void processResourceEvent(std::uint32_t r, double level);
    void activate(std::uint32_t flow, double level);
    void freeze(std::uint32_t flow, double rate);
    void makeDirty(std::uint32_t r, double level);
    void pushResource(std::uint32_t r, double level);
    void flushResourcePushes();
    void pushEvent(const LevelEvent& e);
    void popEvent();
    void replaceFrontEvent(const LevelEvent& e);
    bool cleanBottleneck(Flow& g);
    bool bottleneckAt(const Flow& g, double x);
    /// Largest old rate of the flows on a dirty resource still outside the set (−∞: none).
    double inactiveMaxBps(std::uint32_t r);

    std::vector<Resource> m_resources;
    std::vector<Flow> m_flows;
    std::vector<std::uint8_t> m_changed; ///< by flow: last apply() changed its rate
    std::vector<std::vector<std::uint32_t>> m_longRoutes; ///< routes of more than kInlineHops
    std::vector<std::uint32_t> m_freeLongRoutes;          ///< slots of m_longRoutes not in use
    std::size_t m_activeFlows = 0;

    // Changes since the last solve.
    std::vector<std::uint32_t> m_dirtyFlows;
    std::vector<std::uint32_t> m_dirtyResources;

    // Working state of one update (kept to avoid allocation per update).
    std::uint32_t m_epoch = 0;
    std::uint32_t m_resEpoch = 0;
    std::uint32_t m_checkEpoch = 0;
    std::vector<std::uint32_t> m_compFlows;     ///< flows being re-solved (mark == m_epoch)
    std::vector<std::uint32_t> m_compResources; ///< resources they cross + seeds
    std::vector<std::uint32_t> m_seedResources;
    std::vector<std::uint32_t> m_seedFlows;
    std::vector<std::uint32_t> m_invalid;
    std::vector<std::uint32_t> m_stack;
    std::vector<HeapEntry> m_heap;
    std::vector<std::pair<double, std::uint32_t>> m_capOrder;
    /// propagation: caps, and the head of each resource's run of checks
    std::vector<LevelEvent> m_events;
    MaxMinFillQueue m_fill;                     ///< propagation: each resource's next fill level
    std::uint32_t m_pushEpoch = 1;              ///< starts above every Resource::pushMark
    std::vector<std::uint32_t> m_pushResources; ///< propagation: fill events to push
    bool m_loadsCurrent = false;     ///< checkSum/checkMax of the set's resources match its rates
    std::size_t m_unfrozenFlows = 0; ///< solveSet: flows of the set not yet frozen

    std::uint64_t m_recomputations = 0;
    std::uint64_t m_flowsRecomputed = 0;
    std::uint64_t m_flowsRateChanged = 0;
    double m_maxDeviation = 0.0;
};

} // namespace meridian::net
