#pragma once
// Hand-made projects shared by the io tests.

#include "meridian/io/ProjectFile.hpp"

#include <cmath>

namespace meridian::test {

using namespace meridian::topology;
using meridian::io::Project;

/// A project that uses every attribute the format has.
inline Project richProject()
{
    Project p;
    p.name = "Rich — every attribute (北京)";
    Topology& t = p.topology;
    NodeAttributes bj;
    bj.id = "bj";
    bj.kind = NodeKind::Center;
    bj.name = "Beijing";
    bj.pos = {0.0, -12.5};
    bj.ip = "10.1.0.0/16";
    bj.cpu_cores = 256;
    bj.memory_gb = 2048.5;
    bj.gpu_model = "A100-80GB";
    bj.gpu_count = 64;
    bj.latitude_deg = 39.9042;
    bj.longitude_deg = 116.4074;
    bj.fabric = FabricSpec{FabricShape::SpineLeaf, 400e9, 1.5e-6, 4};
    bj.collapsed = true;
    t.addNode(bj);
    NodeAttributes g;
    g.id = "bj-gpu0";
    g.kind = NodeKind::Gpu;
    g.parent = "bj";
    g.pos = {1.0 / 3.0, 2e-300};
    g.gpu_model = "H100";
    t.addNode(g);
    NodeAttributes hub;
    hub.id = "hub";
    hub.kind = NodeKind::Router;
    hub.name = "WAN hub";
    hub.pos = {300.0, 0.0};
    t.addNode(hub);
    NodeAttributes sw;
    sw.id = "sw";
    sw.kind = NodeKind::Switch;
    t.addNode(sw);

    LinkAttributes l;
    l.id = "bj-hub";
    l.a = "bj";
    l.b = "hub";
    l.params.bandwidth_bps = 155.52e6;
    l.params.delay_s = 0.0123456789;
    l.params.jitter_s = 1e-3;
    l.params.jitter_distribution = JitterDistribution::Pareto;
    l.params.jitter_correlation = 0.25;
    l.params.loss = 1e-4;
    l.params.queue = 65536;
    l.params.queue_unit = QueueUnit::Bytes;
    l.duplex = Duplex::Half;
    l.label = "OC-3";
    l.reverse.bandwidth_bps = 1e9;
    l.reverse.delay_s = 0.02;
    l.reverse.loss = 0.01;
    l.reverse.queue = 500;
    l.reverse.queue_unit = QueueUnit::Packets;
    l.reverse.jitter_distribution = JitterDistribution::Normal;
    ScheduleStep s1;
    s1.at_s = 600;
    s1.patch.bandwidth_bps = 5e9;
    ScheduleStep s2;
    s2.at_s = 900.5;
    s2.up = false; // `up` switches both directions: no direction other than both
    ScheduleStep s3;
    s3.at_s = 1000;
    s3.patch.delay_s = 0.1;
    s3.patch.jitter_s = 2e-3;
    s3.patch.queue = 100;
    s3.patch.queue_unit = QueueUnit::Bytes;
    s3.direction = ScheduleStep::Direction::Forward;
    ScheduleStep s4;
    s4.at_s = 1200;
    s4.up = true;
    l.schedule = {s1, s2, s3, s4};
    t.addLink(l);
    // Parallel links, one with values that do not convert exactly through ms / Gbit/s.
    LinkAttributes p1;
    p1.id = "p1";
    p1.a = "hub";
    p1.b = "sw";
    p1.params.delay_s = 0.00804147960314372;
    p1.params.bandwidth_bps = 123456789.123;
    t.addLink(p1);
    LinkAttributes p2 = p1;
    p2.id = "p2";
    p2.params.delay_s = std::nextafter(0.1, 1.0);
    t.addLink(p2);
    LinkAttributes gl;
    gl.id = "gpu-link";
    gl.a = "bj-gpu0";
    gl.b = "sw";
    t.addLink(gl);

    p.experiment = nlohmann::json::parse(R"({"model": {"preset": "llama-3-8b"}, "iterations": 10,
        "seed": 42, "triggers": [{"at_iteration": 5, "action": "switch-collective"}]})");
    p.extra["x_custom"] = nlohmann::json::parse(R"({"b": [1, 2.5, null], "a": "kept"})");
    p.extra["zz_note"] = "unknown top-level keys survive";
    return p;
}

} // namespace meridian::test
