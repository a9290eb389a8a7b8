#pragma once
// The k-ary fat-tree the network benchmarks run on (Al-Fares et al. 2008): (k/2)² core
// switches, k pods of k/2 aggregation and k/2 edge switches, k/2 hosts per edge switch
// (h0 … h(k³/4 − 1)); every link `bw` bit/s, `delay` s and random loss `loss`.

#include "meridian/topology/Topology.hpp"

#include <string>

namespace meridian::perf {

inline topology::Topology fatTree(int k, double bw, double delay, double loss = 0.0)
{
    using topology::NodeKind;
    topology::Topology t;
    const auto node = [&](const std::string& id, NodeKind kind) {
        topology::NodeAttributes n;
        n.id = id;
        n.kind = kind;
        return t.addNode(n);
    };
    const auto link = [&](const std::string& a, const std::string& b) {
        topology::LinkAttributes l;
        l.id = a + "-" + b;
        l.a = a;
        l.b = b;
        l.params.bandwidth_bps = bw;
        l.params.delay_s = delay;
        l.params.loss = loss;
        t.addLink(l);
    };
    const int half = k / 2;
    for (int c = 0; c < half * half; ++c)
        node("core" + std::to_string(c), NodeKind::Switch);
    for (int p = 0; p < k; ++p) {
        for (int i = 0; i < half; ++i) {
            const std::string agg = "agg" + std::to_string(p) + "_" + std::to_string(i);
            node(agg, NodeKind::Switch);
            for (int j = 0; j < half; ++j)
                link(agg, "core" + std::to_string(i * half + j));
        }
        for (int e = 0; e < half; ++e) {
            const std::string edge = "edge" + std::to_string(p) + "_" + std::to_string(e);
            node(edge, NodeKind::Switch);
            for (int i = 0; i < half; ++i)
                link(edge, "agg" + std::to_string(p) + "_" + std::to_string(i));
            for (int h = 0; h < half; ++h) {
                const std::string host = "h" + std::to_string((p * half + e) * half + h);
                node(host, NodeKind::Host);
                link(host, edge);
            }
        }
    }
    return t;
}

} // namespace meridian::perf
