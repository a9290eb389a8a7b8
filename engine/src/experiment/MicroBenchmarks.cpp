#include "MicroBenchmarks.hpp"

#include "CheckedCollective.hpp"
#include "meridian/core/Error.hpp"

#include <algorithm>
#include <numeric>

namespace meridian::experiment {

namespace {

using collective::Algorithm;
using collective::Operation;

/// The participants' nodes; every one must be reachable from the first.
std::vector<NodeId> participantNodes(const MicroBenchmarkSpec& b, RunEngine& engine,
                                     const std::string& file)
{
    std::vector<NodeId> nodes;
    for (const auto& id : b.participants)
        nodes.push_back(*engine.topology().findNode(id));
    for (std::size_t i = 1; i < nodes.size(); ++i)
        if (!engine.network().router().route(nodes[0], nodes[i]))
            throw InputError(file, "/experiment/participants",
                             "'" + b.participants[i] + "' cannot be reached from '" +
                                 b.participants[0] + "'");
    return nodes;
}

/// Group of every participant for a hierarchical collective: the index of its centre (its
/// parent, else itself) among the sorted distinct centres.
std::vector<int> centreGroups(const topology::Topology& topo, const std::vector<NodeId>& nodes)
{
    std::vector<std::string> keys;
    for (NodeId n : nodes) {
        const auto& attrs = topo.node(n);
        keys.push_back(attrs.parent.empty() ? attrs.id : attrs.parent);
    }
    std::vector<std::string> sorted = keys;
    std::sort(sorted.begin(), sorted.end());
    sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
    std::vector<int> groups;
    groups.reserve(keys.size());
    for (const auto& k : keys)
        groups.push_back(
            static_cast<int>(std::lower_bound(sorted.begin(), sorted.end(), k) - sorted.begin()));
    return groups;
}

/// The program of a "collective" micro-benchmark; records its operation and algorithm.
CheckedProgram buildBenchProgram(const MicroBenchmarkSpec& b, const std::vector<NodeId>& nodes,
                                 RunEngine& engine, const std::string& file, Operation& op,
                                 CollectiveResult& cr)
{
    auto o = collective::operationFromString(b.operation);
    if (!o)
        throw InputError(file, "/experiment/operation",
                         "unknown collective operation '" + b.operation + "'");
    op = *o;
    collective::CollectiveSpec cs;
    cs.operation = op;
    cs.algorithm = algorithmOf(b.algorithm, file, "/experiment/algorithm");
    cs.ranks = static_cast<int>(nodes.size());
    cs.bytes = b.bytes;
    cs.chunks = b.chunks;
    if (cs.algorithm == Algorithm::Hierarchical)
        cs.groups = centreGroups(engine.topology(), nodes);
    else if (cs.algorithm == Algorithm::Ring || cs.algorithm == Algorithm::PipelinedChain)
        cs.order = engine.ringOrder(nodes);
    CheckedProgram program = buildCheckedProgram(cs, engine.comm(), file, "/experiment/algorithm");
    cr.operation = std::string(collective::toString(op));
    cr.algorithm = std::string(collective::toString(cs.algorithm));
    return program;
}

} // namespace

void runMicroBenchmark(const ExperimentSpec& spec, RunEngine& engine, PhaseDriver& phases,
                       Results& results, const std::string& file)
{
    const MicroBenchmarkSpec& b = spec.bench;
    const bool isCollective = spec.kind == ExperimentKind::Collective;
    const std::vector<NodeId> nodes = participantNodes(b, engine, file);
    CollectiveResult& cr = results.collective;
    results.has_collective = true;
    cr.bytes = b.bytes;
    cr.protocol = std::string(net::toString(b.protocol));
    cr.ranks = static_cast<int>(nodes.size());
    Operation op = Operation::Broadcast;
    CheckedProgram program;
    if (isCollective) {
        program = buildBenchProgram(b, nodes, engine, file, op, cr);
    } else {
        cr.operation = "p2p";
        cr.algorithm = "direct";
    }
    phases.setTotal(b.warmup + b.repeat);
    // nccl-tests: -w warm-up iterations on the same communicator, then -n timed ones.
    for (int k = 0; k < b.warmup + b.repeat; ++k) {
        const bool warmup = k < b.warmup;
        const int rep = warmup ? k : k - b.warmup;
        const std::string phase = warmup ? "warmup" : cr.operation;
        bool done = false;
        const double start = engine.now();
        const RunEngine::Credit credit{
            engine.openLedger(isCollective ? program.totalBytesSent() : b.bytes)};
        phases.begin(phase, rep, credit.ledger);
        RunningCollective rc;
        if (isCollective)
            rc = engine.startCollective(
                program, nodes, b.protocol, 0.0, [&done] { done = true; }, credit);
        else
            // iperf3 -P: `streams` connections of bytes/streams each.
            engine.transferInParts(
                nodes[0], nodes[1], b.bytes, b.protocol, b.streams, {}, {},
                [&done] { done = true; }, credit);
        engine.runUntil(done);
        (warmup ? cr.warmup_s : cr.repetitions_s).push_back(engine.now() - start);
        phases.end(phase, rep, start, engine.now());
    }
    cr.mean_s = std::accumulate(cr.repetitions_s.begin(), cr.repetitions_s.end(), 0.0) /
                static_cast<double>(cr.repetitions_s.size());
    const auto [lo, hi] = std::minmax_element(cr.repetitions_s.begin(), cr.repetitions_s.end());
    cr.min_s = *lo;
    cr.max_s = *hi;
    cr.algbw_gbps = cr.mean_s > 0 ? b.bytes * 8.0 / cr.mean_s / 1e9 : 0.0;
    cr.busbw_gbps =
        isCollective ? cr.algbw_gbps * collective::busBandwidthFactor(op, cr.ranks) : cr.algbw_gbps;
}

} // namespace meridian::experiment
