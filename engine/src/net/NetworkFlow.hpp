#pragma once
// Private to engine/src/net: one message of the Network (its progress, wire-byte accounting and
// completion), shared by Network.cpp (connections, rates, link changes), NetworkTransfers.cpp
// (the life of a transfer: start, queue, send, deliver, fail) and NetworkReporting.cpp
// (statistics, a resource's queue and losses, the figures an observer reads).

#include "WirePricing.hpp"
#include "meridian/net/Network.hpp"

#include <cstdint>

namespace meridian::net {

inline constexpr std::uint32_t kNone = UINT32_MAX;
// Remaining wire bytes below this count as finished (float residue of rate·time).
inline constexpr double kDoneBytes = 1e-6;

// One message: its progress, its wire-byte accounting and its completion.
struct Network::Flow
{
    FlowId id;
    std::uint32_t conn = kNone;
    Protocol protocol = Protocol::Tcp;
    double bytes = 0.0;
    double remaining_bytes = 0.0; ///< wire bytes still to send
    WireBytes wire;
    bool burst = false;      ///< counted in its resources' burstTcpFlows
    bool ordered = false;    ///< in order on its connection (TransferOptions::ordered)
    bool keepWindow = false; ///< TransferOptions::keep_window
    bool background = false; ///< TransferOptions::background
    /// A background flow's rate as counted in its resources' background rates
    /// (LinkStatsRecorder::changeBackground); 0 while it is not sending.
    double backgroundCounted_bps = 0.0;
    double rateCap_bps = 0.0; ///< TransferOptions::rate_cap_bps (0 = none)
    bool dataPhase = false;
    bool live = false;
    sim::SimTime start;
    sim::SimTime sendStart; ///< first byte sent
    sim::SimTime dataEnd;   ///< last wire byte sent
    sim::SimTime lastUpdate;
    sim::EventHandle done;
    CompletionCallback cb;
};

} // namespace meridian::net
