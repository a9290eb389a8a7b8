#pragma once
// Parameters of the flow-level network model (defaults follow Linux and RFC 6928).

#include "meridian/topology/Router.hpp"

#include <cstddef>
#include <cstdint>
#include <limits>

namespace meridian::net {

/// TCP congestion control of every host (net.ipv4.tcp_congestion_control).
enum class CongestionControl
{
    Reno,  ///< NewReno AIMD: PFTK, the Reno queue bound, slow start to the steady cap
    Cubic, ///< Linux's default (RFC 9438) with HyStart (docs/network-model.md §5)
};

/// Where a connection's random losses fall (docs/network-model.md §5).
enum class LossModel
{
    /// Bernoulli loss per segment, drawn from the seed: the segments between losses are
    /// geometric with mean 1/p, and a loss is a timeout with PFTK's probability — one
    /// realisation, as one run of a real stack or a packet-level simulator.
    Sampled,
    /// Every loss at the mean spacing MSS/p and every loss charged the expected timeout time:
    /// no run is unlucky (the assumption of the Mathis and PFTK derivations); faster than the
    /// mean over seeds where a transfer meets few losses.
    Mean,
};

struct NetworkConfig
{
    CongestionControl congestion_control = CongestionControl::Cubic;
    double mss_bytes = 1448.0;        ///< TCP payload per segment (1500 B MTU − 52 B headers)
    double packet_bytes = 1500.0;     ///< wire packet: queue limits in packets, store-and-forward
    int initial_window_segments = 10; ///< RFC 6928
    /// Receive-window cap (Linux tcp_rmem[2] = 6 MiB); 0 = unlimited.
    double max_window_bytes = 6.0 * 1024.0 * 1024.0;
    double min_rto_s = 0.2; ///< Linux TCP_RTO_MIN
    /// PFTK's b: segments of window growth per ACK are counted, not ACKs. Linux grows cwnd by
    /// the segments each ACK covers (RFC 3465 byte counting, tcp_cong_avoid_ai), so delayed
    /// ACKs do not slow it down: b = 1. (b = 2 models a stack that grows per ACK.)
    double delayed_ack_b = 1.0;
    bool slow_start_after_idle = true; ///< net.ipv4.tcp_slow_start_after_idle (RFC 2861)
    double sample_interval_s = 0.1;    ///< utilisation time series; 0 = no series, else ≥ 1 ns
    /// Most samples kept per series: beyond, pairs merge and the interval doubles (≥ 2).
    std::size_t max_samples = 4096;
    /// Links whose index is below this keep per-interval series (LinkStats::*_series); the
    /// others keep their totals, means and peak and only the last interval's utilisation
    /// (Network::lastUtilisation), not 48 B per direction and sample. Default: every link.
    std::size_t series_links = std::numeric_limits<std::size_t>::max();
    LossModel loss_model = LossModel::Sampled;
    std::uint64_t seed = 1; ///< experiment seed for jitter and loss streams
    topology::RouteMetric metric = topology::RouteMetric::Delay;
    /// Keep a TransferResult per finished transfer (flowRecords()); turn off for runs with
    /// millions of transfers whose callers collect what they need from the callbacks.
    bool keep_flow_records = true;
    /// Spread connections over equal-cost shortest paths (per-connection ECMP): each (src, dst)
    /// connection takes the path picked by a hash of (src, dst) at every hop of the tight DAG
    /// (topology::Router::hashedRoute). Off: every connection takes the lowest-arc-id path.
    bool ecmp = false;
    /// Debug check (tests): after every incremental max-min update, solve all flows from scratch
    /// and record the largest relative rate difference (Network::maxMinDeviation()). O(F) per
    /// update: never for production runs.
    bool debug_verify_max_min = false;
};

} // namespace meridian::net
