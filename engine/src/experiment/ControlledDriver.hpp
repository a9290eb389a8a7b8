#pragma once
// Drives the training iterations through the control plane (private to the experiment
// module; docs/control-plane.md): the coordinators (control::ControlPlane) decide when each
// centre computes, when the inter-centre exchange starts and when each centre applies its
// update; this class is their data plane (compute, the collectives on the run's network) and
// their message path (the WAN route between two centres' coordinators), and it runs the
// experiment's triggers.
//
// Coordinator of a centre: its lead rank's node. A control message costs, per link of the
// route, delay + one jitter sample (the link's distribution) + size / bandwidth, and is lost
// on each link with the link's loss probability; it takes no share of the links (at a few
// hundred bytes it is negligible against the data flows) and does not queue behind them (as
// in a separate priority class).
//
// Iteration records keep the global driver's partition (docs/experiments.md): compute ends
// when the slowest member has computed, intra_center runs to the exchange start (so it
// includes the READY messages' flight), inter_center is the exchange, update runs to the last
// member's applied update (it includes the VOTE/COMMIT round).

#include "PhaseDriver.hpp"
#include "RunEngine.hpp"
#include "TrainingPlan.hpp"
#include "meridian/control/ControlPlane.hpp"
#include "meridian/control/Trigger.hpp"
#include "meridian/experiment/ExperimentSpec.hpp"
#include "meridian/experiment/Results.hpp"
#include "meridian/sim/RngStream.hpp"

#include <map>
#include <memory>

namespace meridian::traffic {
class TrafficRun;
}

namespace meridian::experiment {

class ControlledDriver : private control::DataPlane, private control::MessagePath
{
public:
    ControlledDriver(const ExperimentSpec& spec, const TrainingPlan& plan, RunEngine& engine,
                     PhaseDriver& phases, Results& results);
    ~ControlledDriver() override;

    /// Schedules the time triggers and the link-condition checks from now (call before the
    /// broadcast, so that a link fails at its time even during the broadcast).
    void armTriggers();
    /// The run's background traffic, which start-, stop- and scale-generator triggers act on
    /// (none: such a trigger only warns).
    void setBackground(traffic::TrafficRun* background) { m_background = background; }
    /// Runs every iteration (after the broadcast) and fills the results.
    void runIterations(int iterations);

private:
    struct CentreIteration
    {
        double start_s = 0, compute_end_s = 0, intra_end_s = 0, spread_end_s = 0;
    };
    struct Dag
    {
        collective::CommDag dag;
        std::vector<NodeId> nodes;
    };

    // DataPlane
    void startLocal(int centre, int k, std::function<void()> done) override;
    void startExchange(int k, int attempt, const std::vector<int>& members,
                       std::function<void()> done) override;
    void abortExchange(int k) override;
    void startUpdate(int centre, int k, std::function<void()> done) override;
    void centreLost(int centre) override;
    // MessagePath
    std::optional<double> transmit(int from, int to, double bytes) override;
    std::optional<std::pair<double, double>> roundTrip(int from, int to) override;

    void fire(std::size_t trigger);
    void checkConditions();
    void applyOrders(int k);
    const Dag& interDag(const std::string& algorithm, const std::vector<int>& members);
    const CheckedProgram& intraDag(int centre, const std::string& algorithm);
    std::string algorithmAt(const std::string& scope, int k) const;
    /// Switch-collective triggers stay on the same side of "hierarchical" (InputError).
    void checkSwitchTargets() const;
    /// A centre adopted a trigger's order: the trigger fires (at_iteration orders fire with
    /// the COMMIT that carries it) and the adoption is recorded.
    void adopted(const control::OrderAdoption& a);
    /// Over the members of a committed iteration: the first start, the last compute end and
    /// the last applied update, and the exchange.
    struct IterationBounds
    {
        double start_s = 0, compute_end_s = 0, exchange_start_s = 0, exchange_end_s = 0, end_s = 0;
    };
    IterationBounds bounds(const control::IterationControl& c);
    /// Each member's phase spans and its share of the iteration in its centre's totals; the
    /// iteration's GPU-effective compute ratio (GPU-weighted compute / GPUs × total).
    void recordCentres(const control::IterationControl& c, const IterationBounds& b,
                       IterationResult& ir, ControlIterationResult& cir,
                       std::vector<CenterPhaseSpan>& spans);
    void committed(const control::IterationControl& c);
    CentreIteration& at(int centre, int k);
    /// Stops a run in which nothing progresses (docs/control-plane.md, Failures).
    void watchdog();
    double stallLimitS() const;

    const ExperimentSpec& m_spec;
    const TrainingSpec& m_training;
    const TrainingPlan& m_plan;
    RunEngine& m_engine;
    PhaseDriver& m_phases;
    Results& m_results;
    std::unique_ptr<control::ControlPlane> m_cp;
    sim::RngStream m_rng;
    std::vector<NodeId> m_coordinator; ///< per active centre
    std::vector<char> m_lost;
    std::map<std::pair<int, int>, CentreIteration> m_iter; ///< (k, centre)
    std::vector<RunningCollective> m_running; ///< every collective started (kept to the end)
    int m_exchangeToken = 0;
    std::map<std::string, std::unique_ptr<Dag>> m_interDags;
    std::map<std::pair<int, std::string>, std::unique_ptr<CheckedProgram>> m_intraDags;
    // triggers
    std::vector<char> m_fired;
    std::vector<int> m_orderFrom; ///< per trigger: first iteration of its order (−1 not yet)
    std::vector<char> m_orderApplied;
    std::vector<bool> m_linkWasUp;
    std::vector<bool> m_conditionHeld;
    bool m_started = false;
    bool m_finished = false;
    bool m_stalled = false;
    bool m_stop = false; ///< the run of iterations is over (finished, stopped or stalled)
    double m_lastProgress_s = 0.0;
    traffic::TrafficRun* m_background = nullptr;
};

} // namespace meridian::experiment
