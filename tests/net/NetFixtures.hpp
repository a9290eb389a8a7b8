#pragma once
// Small topology builders shared by the net unit tests and the validation tests.

#include "meridian/net/Network.hpp"
#include "meridian/net/NetworkConfig.hpp"
#include "meridian/sim/Simulator.hpp"
#include "meridian/topology/Topology.hpp"

#include <array>
#include <string>

namespace meridian::test {

inline topology::NodeAttributes netNode(const std::string& id,
                                        topology::NodeKind kind = topology::NodeKind::Host)
{
    topology::NodeAttributes n;
    n.id = id;
    n.kind = kind;
    return n;
}

/// A link with the given bandwidth and one-way delay, no jitter, no loss, a 1000-packet queue.
inline topology::LinkAttributes netLink(const std::string& id, const std::string& a,
                                        const std::string& b, double bandwidth_bps, double delay_s)
{
    topology::LinkAttributes l;
    l.id = id;
    l.a = a;
    l.b = b;
    l.params.bandwidth_bps = bandwidth_bps;
    l.params.delay_s = delay_s;
    return l;
}

/// Star: switch "sw" and hosts h0..h{n-1}, link "l<i>" between h<i> and sw (a = host).
inline topology::Topology
netStar(int hosts, double bandwidth_bps, double delay_s, double jitter_s = 0.0,
        topology::JitterDistribution dist = topology::JitterDistribution::Uniform)
{
    topology::Topology t;
    t.addNode(netNode("sw", topology::NodeKind::Switch));
    for (int i = 0; i < hosts; ++i) {
        const std::string h = "h" + std::to_string(i);
        t.addNode(netNode(h));
        auto l = netLink("l" + std::to_string(i), h, "sw", bandwidth_bps, delay_s);
        l.params.jitter_s = jitter_s;
        l.params.jitter_distribution = dist;
        t.addLink(l);
    }
    return t;
}

/// Two links a–r–b, each with bandwidth C, one-way delay d, loss λ and a queue of queueBytes.
inline topology::Topology netPath(double C, double d, double lambda, double queueBytes)
{
    topology::Topology t;
    for (const char* n : {"a", "r", "b"})
        t.addNode(netNode(n));
    for (const auto& [id, x, y] :
         {std::array<const char*, 3>{"ar", "a", "r"}, std::array<const char*, 3>{"rb", "r", "b"}}) {
        auto l = netLink(id, x, y, C, d);
        l.params.loss = lambda;
        l.params.queue = queueBytes;
        l.params.queue_unit = topology::QueueUnit::Bytes;
        t.addLink(l);
    }
    return t;
}

/// The Reno model with PFTK's b = 2 (a stack that grows its window per ACK) and every loss
/// at its mean spacing (LossModel::Mean, the assumption of the Mathis and PFTK derivations):
/// the configuration the Reno closed-form tests were written for. The defaults are Linux's
/// (CUBIC, byte counting: b = 1) with losses drawn from the seed.
inline net::NetworkConfig renoConfig()
{
    net::NetworkConfig cfg;
    cfg.congestion_control = net::CongestionControl::Reno;
    cfg.delayed_ack_b = 2.0;
    cfg.loss_model = net::LossModel::Mean;
    return cfg;
}

/// One TCP transfer of `bytes` from node "a" to node "b" of `t` on a fresh network, run to
/// its end: its result (duration_s(), ok, retransmitted bytes).
inline net::TransferResult transferAB(const topology::Topology& t, const net::NetworkConfig& cfg,
                                      double bytes)
{
    sim::Simulator sim;
    net::Network net(sim, t, cfg);
    net::TransferResult res;
    net.startTransfer(*t.findNode("a"), *t.findNode("b"), bytes, net::Protocol::Tcp,
                      [&](const net::TransferResult& r) { res = r; });
    sim.run();
    return res;
}

} // namespace meridian::test
