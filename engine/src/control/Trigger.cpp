#include "meridian/control/Trigger.hpp"

namespace meridian::control {

std::string_view toString(TriggerAction::Kind kind)
{
    using K = TriggerAction::Kind;
    switch (kind) {
    case K::SwitchCollective:
        return "switch-collective";
    case K::SwitchRouting:
        return "switch-routing";
    case K::Ecmp:
        return "ecmp";
    case K::PinPath:
        return "pin-path";
    case K::UnpinPath:
        return "unpin-path";
    case K::ChangeLink:
        return "change-link";
    case K::FailLink:
        return "fail-link";
    case K::RecoverLink:
        return "recover-link";
    case K::FailCentre:
        return "fail-centre";
    case K::StartGenerator:
        return "start-generator";
    case K::StopGenerator:
        return "stop-generator";
    case K::ScaleGenerator:
        return "scale-generator";
    }
    return "switch-collective";
}

} // namespace meridian::control
