#pragma once
// Outcome of one transfer (message) handed to its completion callback.

#include "meridian/core/StrongId.hpp"
#include "meridian/net/Protocol.hpp"

#include <string>

namespace meridian::net {

struct TransferResult
{
    FlowId flow;
    NodeId src;
    NodeId dst;
    Protocol protocol = Protocol::Tcp;
    double bytes = 0.0;               ///< application bytes of the message
    double start_s = 0.0;             ///< startTransfer() time
    double send_start_s = 0.0;        ///< first byte sent (later when queued in order)
    double data_end_s = 0.0;          ///< last wire byte sent
    double end_s = 0.0;               ///< delivery of the last byte (or failure time)
    double retransmitted_bytes = 0.0; ///< expected bytes sent again (TCP, GBN, SR)
    double lost_bytes = 0.0;          ///< bytes lost and not repaired (UDP only)
    bool ok = true;
    std::string error; ///< why ok is false: no path, or path failed with no alternative

    double duration_s() const { return end_s - start_s; }
    /// Mean goodput over the whole transfer, bit/s (0 for an instantaneous transfer).
    double meanRateBps() const { return end_s > start_s ? bytes * 8.0 / (end_s - start_s) : 0.0; }
};

} // namespace meridian::net
