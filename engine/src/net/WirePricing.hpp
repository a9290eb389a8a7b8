#pragma once
// Wire bytes of a message (docs/network-model.md §5-§7, §8), expected values at the path's
// loss p:
//   TCP, selective repeat: efficiency 1 − p (every packet is sent until it gets through,
//     1/(1 − p) transmissions on average);
//   go-back-N: TransportModel::goBackNEfficiency(W, p), W = the path's BDP in packets (an RDMA
//     NIC keeps the pipe full);
//   UDP: efficiency 1, and it loses payload·p.
//   wire bytes = payload / efficiency; reliable custom protocols add the recovery rounds after
//   the last byte, TransportModel::expectedExtraRounds(packets, p).
// When p changes while a message sends (a schedule step, a reroute), what it still has to send
// is re-priced at the new p from then on (§8). Checked by tests/net/NetworkTest.cpp and
// tests/validation/ReliableValidationTest.cpp.

#include "PathFigures.hpp"
#include "meridian/net/NetworkConfig.hpp"
#include "meridian/net/Protocol.hpp"

namespace meridian::net {

/// Wire-byte accounting of one message (expected values).
struct WireBytes
{
    double efficiency = 1.0; ///< payload bytes per wire byte at `loss`
    double loss = 0.0;       ///< path loss the wire bytes still to send were priced at
    double wire_bytes = 0.0;
    double retransmitted_bytes = 0.0;
    double lost_bytes = 0.0;
    double extraRounds = 0.0; ///< recovery rounds after the last byte (reliable transports)
};

class WirePricing
{
public:
    explicit WirePricing(const NetworkConfig& config) : m_config(config) {}

    /// Payload bytes per wire byte of a protocol on the path; 0 when nothing gets through.
    double efficiency(Protocol protocol, const PathFigures& path) const;
    /// Wire bytes, repairs and losses of a message of `bytes` starting now.
    WireBytes price(Protocol protocol, const PathFigures& path, double bytes) const;
    /// Whether the path's loss (or go-back-N window) changed since `w` was priced.
    bool repriceNeeded(const WireBytes& w, Protocol protocol, const PathFigures& path) const;
    /// Prices the payload still to send (remaining_bytes wire bytes at the old efficiency) at
    /// the path's current loss; returns false, changing nothing, when nothing gets through.
    bool reprice(WireBytes& w, Protocol protocol, const PathFigures& path, double bytes,
                 double& remaining_bytes) const;

private:
    const NetworkConfig& m_config;
};

} // namespace meridian::net
