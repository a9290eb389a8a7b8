#include "WirePricing.hpp"

#include "meridian/net/TransportModel.hpp"

#include <cmath>
#include <limits>

namespace meridian::net {

namespace {
bool recoversInRounds(Protocol protocol)
{
    return protocol == Protocol::ReliableGbn || protocol == Protocol::ReliableSr;
}
} // namespace

double WirePricing::efficiency(Protocol protocol, const PathFigures& path) const
{
    const double p = path.loss;
    switch (protocol) {
    case Protocol::Tcp:
    case Protocol::ReliableSr:
        return p < 1.0 ? 1.0 - p : 0.0;
    case Protocol::ReliableGbn: {
        const double w = std::isfinite(path.bottleneck_bps)
                             ? std::max(1.0, path.bdpBytes() / m_config.mss_bytes)
                             : 1.0;
        return TransportModel::goBackNEfficiency(w, p);
    }
    case Protocol::Udp:
        break;
    }
    return 1.0; // UDP sends every byte once
}

WireBytes WirePricing::price(Protocol protocol, const PathFigures& path, double bytes) const
{
    WireBytes w;
    const double p = path.loss;
    const double packets = std::ceil(bytes / m_config.mss_bytes);
    w.efficiency = efficiency(protocol, path);
    w.loss = p;
    w.wire_bytes =
        w.efficiency > 0.0 ? bytes / w.efficiency : std::numeric_limits<double>::infinity();
    if (protocol == Protocol::Udp)
        w.lost_bytes = bytes * p;
    if (protocol != Protocol::Udp)
        w.retransmitted_bytes = std::isfinite(w.wire_bytes) ? w.wire_bytes - bytes : 0.0;
    if (recoversInRounds(protocol))
        w.extraRounds = TransportModel::expectedExtraRounds(packets, p);
    return w;
}

bool WirePricing::repriceNeeded(const WireBytes& w, Protocol protocol,
                                const PathFigures& path) const
{
    return efficiency(protocol, path) != w.efficiency || path.loss != w.loss;
}

bool WirePricing::reprice(WireBytes& w, Protocol protocol, const PathFigures& path, double bytes,
                          double& remaining_bytes) const
{
    // The payload still to send costs wire bytes at the new repair rate from now on, and what
    // UDP loses of it is lost at the new rate.
    const double eff = efficiency(protocol, path);
    const double payload = remaining_bytes * w.efficiency;
    if (!(eff > 0.0))
        return false;
    const double remaining = payload / eff;
    w.wire_bytes += remaining - remaining_bytes;
    if (protocol == Protocol::Udp)
        w.lost_bytes += payload * (path.loss - w.loss);
    else
        w.retransmitted_bytes = w.wire_bytes - bytes;
    // Recovery tail of the packets still to send, at the loss they will meet.
    if (recoversInRounds(protocol))
        w.extraRounds =
            TransportModel::expectedExtraRounds(std::ceil(payload / m_config.mss_bytes), path.loss);
    remaining_bytes = remaining;
    w.efficiency = eff;
    w.loss = path.loss;
    return true;
}

} // namespace meridian::net
