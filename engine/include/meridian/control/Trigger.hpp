#pragma once
// Event triggers of an experiment (docs/control-plane.md, "Triggers"): when one fires, the
// leader's coordinator issues its action.
//   when:   at simulated time at_s; at iteration k (the action applies from k); or on a
//           link condition — a measured metric crossing a threshold (loss, utilisation of the
//           busier direction over the last sample interval, round-trip delay) or the link
//           going down / coming up — checked at every heartbeat of the leader.
//   action: switch orders travel with the next COMMIT and apply from the next iteration at
//           every centre (switch-collective, switch-routing, ecmp, pin-path, unpin-path);
//           physical events apply at once where they happen (change-link, fail-link,
//           recover-link, fail-centre) and to the background traffic (start-generator,
//           stop-generator, scale-generator: docs/traffic.md §2.8).
// A trigger fires once.

#include "meridian/topology/Attributes.hpp"
#include "meridian/topology/Router.hpp"

#include <string>
#include <vector>

namespace meridian::control {

struct TriggerCondition
{
    enum class Kind
    {
        AtTime,
        AtIteration,
        LinkMetric,
        LinkEvent
    } kind = Kind::AtTime;
    double at_s = 0.0;
    int iteration = 0;
    std::string link; ///< LinkMetric / LinkEvent: the link's id
    enum class Metric
    {
        Loss,
        Utilisation,
        Rtt
    } metric = Metric::Loss;
    bool above = true;      ///< fires when the metric goes above (else below) the threshold
    double threshold = 0.0; ///< loss as a probability, utilisation in [0, 1], RTT in seconds
    bool down = true;       ///< LinkEvent: fires when the link goes down (else comes up)
};

struct TriggerAction
{
    enum class Kind
    {
        SwitchCollective,
        SwitchRouting,
        Ecmp,
        PinPath,
        UnpinPath,
        ChangeLink,
        FailLink,
        RecoverLink,
        FailCentre,
        StartGenerator,
        StopGenerator,
        ScaleGenerator
    } kind = Kind::SwitchCollective;
    std::string scope;     ///< SwitchCollective: "intra_center" or "inter_center"
    std::string algorithm; ///< SwitchCollective: the new algorithm
    topology::RouteMetric routing = topology::RouteMetric::Delay; ///< SwitchRouting
    bool ecmp = false;                                            ///< Ecmp
    std::vector<std::string> path; ///< PinPath: node ids from … to; UnpinPath: {from, to}
    std::string link;              ///< ChangeLink, FailLink, RecoverLink
    topology::ScheduleStep change; ///< ChangeLink: what changes (its at_s is unused)
    std::string centre;            ///< FailCentre
    std::string generator;         ///< Start/Stop/ScaleGenerator: a "traffic" generator's id
    double factor = 1.0;           ///< ScaleGenerator: its rate × the file's, ≥ 0
    /// Orders go through the coordinators (apply from the next iteration everywhere);
    /// physical events apply at once.
    bool isOrder() const
    {
        return kind == Kind::SwitchCollective || kind == Kind::SwitchRouting ||
               kind == Kind::Ecmp || kind == Kind::PinPath || kind == Kind::UnpinPath;
    }
};

struct Trigger
{
    std::string id; ///< given, or "trigger-<index>"
    TriggerCondition when;
    TriggerAction action;
};

/// "switch-collective", "fail-link", … (the action names of the .topo format).
std::string_view toString(TriggerAction::Kind kind);

} // namespace meridian::control
