#include "PathFigures.hpp"

#include "meridian/net/MaxMinSolver.hpp"
#include "meridian/net/TransportModel.hpp"

namespace meridian::net {

namespace {
// Steady TCP rate cap = min(rwnd/RTT, U(B_q, BDP)·C_b) (§5.3), U of the
// connection's congestion control (the Reno sawtooth or CUBIC's cycle in a small drop-tail
// buffer); random loss acts through the window (loss events), not through this cap; the
// max-min share is applied on top by the solver. receiveWindow: include rwnd/RTT.
double steadyCapBps(const PathFigures& path, const NetworkConfig& config, bool receiveWindow)
{
    if (path.rtt_s <= 0.0)
        return kInf; // zero-delay path: no window or loss dynamics to model
    double cap = kInf;
    if (receiveWindow && config.max_window_bytes > 0.0)
        cap = std::min(cap, config.max_window_bytes * 8.0 / path.rtt_s);
    if (path.hasBottleneck()) {
        const double bdp = path.bdpBytes();
        const double u = config.congestion_control == CongestionControl::Cubic
                             ? TransportModel::cubicQueueUtilisation(path.buffer_bytes, bdp,
                                                                     path.rtt_s, config.mss_bytes)
                             : TransportModel::renoQueueUtilisation(path.buffer_bytes, bdp);
        cap = std::min(cap, u * path.bottleneck_bps);
    }
    return cap;
}
} // namespace

PathFigures measurePath(const std::vector<std::uint32_t>& arcs,
                        const std::vector<std::uint32_t>& revArcs,
                        const std::vector<LinkDirection>& links, const MaxMinSolver& solver,
                        const NetworkConfig& config)
{
    // Base delays without queueing: the queue's effect is in the steady cap's U and in the
    // shared-bottleneck rules (SharedBottlenecks).
    PathFigures path;
    double fwd = 0.0;
    double var = 0.0;
    std::vector<double> losses;
    losses.reserve(arcs.size());
    path.bottleneckResource = arcs.empty() ? 0 : links[arcs.front()].resource;
    path.routed = !arcs.empty();
    if (path.routed)
        path.firstLink_bps = solver.capacityBps(links[arcs.front()].resource);
    for (std::uint32_t a : arcs) {
        const topology::LinkParams& p = links[a].params;
        fwd += std::max(0.0, p.delay_s);
        const double sd = TransportModel::jitterStdDev(p.jitter_s, p.jitter_distribution);
        var += sd * sd;
        losses.push_back(p.loss);
        const double cap = solver.capacityBps(links[a].resource);
        if (cap < path.bottleneck_bps) {
            path.bottleneck_bps = cap;
            path.bottleneckResource = links[a].resource;
            path.buffer_bytes = p.queueBytes(p.packetBytes(config.packet_bytes));
        }
    }
    double rev = 0.0;
    for (std::uint32_t a : revArcs) {
        const topology::LinkParams& p = links[a].params;
        rev += std::max(0.0, p.delay_s);
        const double sd = TransportModel::jitterStdDev(p.jitter_s, p.jitter_distribution);
        var += sd * sd;
    }
    if (revArcs.empty() && !arcs.empty()) {
        rev = fwd;
        var *= 2.0;
    }
    path.rtt_s = fwd + rev;
    path.rttvar_s = std::sqrt(var);
    path.loss = TransportModel::pathLoss(losses.data(), static_cast<int>(losses.size()));
    path.steadyCap_bps = steadyCapBps(path, config, true);
    path.unwindowedCap_bps = steadyCapBps(path, config, false);
    return path;
}

} // namespace meridian::net
