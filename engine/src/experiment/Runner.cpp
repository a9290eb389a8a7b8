#include "meridian/experiment/Runner.hpp"

#include "FabricBuilder.hpp"
#include "meridian/collective/BuildCollective.hpp"
#include "meridian/collective/DagExecutor.hpp"
#include "meridian/collective/RingOrder.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/core/Units.hpp"
#include "meridian/net/Network.hpp"
#include "meridian/sim/Simulator.hpp"
#include "meridian/workload/ComputeModel.hpp"
#include "meridian/workload/DeviceCatalogue.hpp"
#include "meridian/workload/MemoryModel.hpp"
#include "meridian/workload/ModelCatalogue.hpp"
#include "meridian/workload/ModelLoader.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <numeric>

namespace meridian::experiment {

namespace {

using collective::Algorithm;
using collective::Operation;

/// HBM traffic of one mixed-precision Adam step per parameter: fp32 master weight, momentum
/// and variance read and written (24 B), bf16 gradient read (2 B), bf16 weight written (2 B).
constexpr double kAdamBytesPerParam = 28.0;

/// Drives collectives and transfers of one run on the network, and watches for failures.
class Engine
{
public:
    Engine(const topology::Topology& topo, net::NetworkConfig transport, std::uint64_t seed,
           double sample_interval_s, const std::atomic<bool>& cancel, RunObserver* observer,
           double snapshot_interval_s, std::size_t userLinks)
        : m_cancel(cancel), m_observer(observer), m_snapshotInterval(snapshot_interval_s),
          m_userLinks(userLinks)
    {
        net::NetworkConfig cfg = transport;
        cfg.seed = seed;
        cfg.sample_interval_s = sample_interval_s;
        cfg.keep_flow_records = false;
        m_net = std::make_unique<net::Network>(m_sim, topo, cfg);
    }

    sim::Simulator& sim() { return m_sim; }
    net::Network& network() { return *m_net; }
    double now() const { return m_sim.now().toSeconds(); }
    std::uint64_t transfers() const { return m_transfers; }

    void transfer(NodeId src, NodeId dst, double bytes, net::Protocol protocol,
                  std::function<void()> done)
    {
        ++m_transfers;
        m_net->startTransfer(src, dst, bytes, protocol,
                             [this, done = std::move(done)](const net::TransferResult& r) {
                                 if (!r.ok) {
                                     if (m_error.empty())
                                         m_error = r.error;
                                     return;
                                 }
                                 done();
                             });
    }

    /// Fraction of the run's phases that have finished (reported in snapshots).
    void setProgress(double progress) { m_progress = progress; }

    /// Runs events until `flag` is true. Throws on cancel, transfer failure or deadlock.
    void runUntil(const bool& flag)
    {
        while (!flag) {
            if (m_cancel.load(std::memory_order_relaxed))
                throw RunCancelled();
            if (!m_error.empty())
                throw std::runtime_error("transfer failed at t = " + units::formatDuration(now()) +
                                         ": " + m_error);
            if (!m_sim.step())
                throw InternalError("the simulation ran out of events before the phase finished");
            if (m_observer && now() >= m_nextSnapshot)
                emitSnapshot();
        }
        if (!m_error.empty())
            throw std::runtime_error("transfer failed at t = " + units::formatDuration(now()) +
                                     ": " + m_error);
    }

    void emitSnapshot()
    {
        if (!m_observer)
            return;
        RunSnapshot s;
        s.time_s = now();
        s.progress = m_progress;
        for (std::size_t l = 0; l < m_userLinks; ++l) {
            double u = 0.0;
            for (int dir = 0; dir < 2; ++dir) {
                const net::LinkStats st = m_net->linkStats(LinkId::fromIndex(l), dir);
                if (!st.utilisation_series.empty())
                    u = std::max(u, st.utilisation_series.back());
            }
            s.link_utilisation.emplace_back(m_topoLinkId(l), u);
        }
        m_observer->snapshot(s);
        m_nextSnapshot = now() + m_snapshotInterval;
    }

    std::function<std::string(std::size_t)> m_topoLinkId;

private:
    sim::Simulator m_sim;
    std::unique_ptr<net::Network> m_net;
    const std::atomic<bool>& m_cancel;
    RunObserver* m_observer;
    double m_snapshotInterval;
    double m_nextSnapshot = 0.0;
    double m_progress = 0.0;
    std::size_t m_userLinks;
    std::string m_error;
    std::uint64_t m_transfers = 0;
};

/// A TransferBackend that maps ranks to nodes and moves bytes on the network; reductions take
/// bytes × 3 / memory bandwidth (read two operands, write one).
class NetBackend : public collective::TransferBackend
{
public:
    NetBackend(Engine& engine, std::vector<NodeId> nodes, net::Protocol protocol,
               double reduce_bytes_per_s)
        : m_engine(engine), m_nodes(std::move(nodes)), m_protocol(protocol),
          m_reduceRate(reduce_bytes_per_s)
    {}
    void transfer(int src, int dst, double bytes, std::function<void()> done) override
    {
        m_engine.transfer(m_nodes[static_cast<std::size_t>(src)],
                          m_nodes[static_cast<std::size_t>(dst)], bytes, m_protocol,
                          std::move(done));
    }
    void reduce(int /*rank*/, double bytes, std::function<void()> done) override
    {
        const double t = m_reduceRate > 0 ? 3.0 * bytes / m_reduceRate : 0.0;
        m_engine.sim().scheduleIn(sim::SimTime::fromSecondsCeil(t),
                                  [done = std::move(done)] { done(); });
    }
    std::optional<double> nowS() const override { return m_engine.now(); }

private:
    Engine& m_engine;
    std::vector<NodeId> m_nodes;
    net::Protocol m_protocol;
    double m_reduceRate;
};

/// A collective in flight: its DAG, backend and executor live together until it ends.
struct RunningCollective
{
    std::unique_ptr<NetBackend> backend;
    std::unique_ptr<collective::DagExecutor> executor;
};

RunningCollective startCollective(Engine& engine, const collective::CommDag& dag,
                                  const std::vector<NodeId>& nodes, net::Protocol protocol,
                                  double reduceRate, std::function<void()> onDone)
{
    RunningCollective rc;
    rc.backend = std::make_unique<NetBackend>(engine, nodes, protocol, reduceRate);
    rc.executor = std::make_unique<collective::DagExecutor>(dag, *rc.backend);
    rc.executor->setOnFinished(std::move(onDone));
    rc.executor->start();
    return rc;
}

Algorithm algorithmOf(const std::string& name, const std::string& file, const std::string& path)
{
    auto a = collective::algorithmFromString(name);
    if (!a)
        throw InputError(file, path, "unknown collective algorithm '" + name + "'");
    return *a;
}

collective::CommDag buildChecked(const collective::CollectiveSpec& spec, const std::string& file,
                                 const std::string& path)
{
    try {
        return collective::buildCollective(spec);
    } catch (const InputError& e) {
        throw InputError(file, path, e.problem());
    }
}

/// One-way route delays between nodes, for topology-aware ring ordering.
std::vector<int> ringOrderFor(net::Network& network, const std::vector<NodeId>& nodes)
{
    const std::size_t n = nodes.size();
    std::vector<std::vector<double>> delay(n, std::vector<double>(n, 0.0));
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j)
            if (i != j)
                if (auto r = network.router().route(nodes[i], nodes[j]))
                    delay[i][j] = r->delay_s;
    return collective::ringOrder(delay);
}

void addLinkResults(Results& results, net::Network& network, const topology::Topology& topo,
                    std::size_t userLinks)
{
    results.sample_times_s = network.sampleTimes();
    // The interval of the series as written: doubled each time long series were merged.
    results.sample_interval_s = network.sampleIntervalS();
    for (std::size_t l = 0; l < userLinks; ++l) {
        LinkResult lr;
        lr.id = topo.link(LinkId::fromIndex(l)).id;
        const net::LinkStats a = network.linkStats(LinkId::fromIndex(l), 0);
        const net::LinkStats b = network.linkStats(LinkId::fromIndex(l), 1);
        // A half-duplex link is one shared medium, reported in both directions: count it once.
        const bool half = topo.link(LinkId::fromIndex(l)).duplex == topology::Duplex::Half;
        lr.bytes = half ? a.bytes : a.bytes + b.bytes;
        lr.utilization_mean = std::max(a.utilisation_mean, b.utilisation_mean);
        lr.utilization_peak = std::max(a.utilisation_peak, b.utilisation_peak);
        const std::size_t samples =
            std::max(a.utilisation_series.size(), b.utilisation_series.size());
        lr.utilization_series.resize(samples, 0.0);
        for (std::size_t i = 0; i < samples; ++i) {
            const double ua = i < a.utilisation_series.size() ? a.utilisation_series[i] : 0.0;
            const double ub = i < b.utilisation_series.size() ? b.utilisation_series[i] : 0.0;
            lr.utilization_series[i] = std::max(ua, ub);
        }
        results.links.push_back(std::move(lr));
    }
}

} // namespace

Runner::Runner(const io::Project& project, RunOptions options)
    : m_project(project), m_options(std::move(options))
{
    if (m_project.experiment.is_null())
        throw InputError(m_options.topology_name, "/experiment",
                         "the project has no experiment to run");
    m_spec = parseExperiment(m_project.experiment, m_project.topology, m_options.topology_name);
    if (m_options.iterations)
        m_spec.iterations = *m_options.iterations;
    if (m_options.seed)
        m_spec.seed = *m_options.seed;
    if (m_spec.iterations < 1)
        throw InputError("command line", "--iterations", "must be at least 1");
}

Results Runner::run(RunObserver* observer)
{
    const std::string& file = m_options.topology_name;
    topology::Topology topo = m_project.topology; // private copy: fabrics are added to it
    const std::size_t userLinks = topo.linkCount();
    std::vector<CentreRanks> centres;
    if (m_spec.kind == ExperimentKind::Training)
        centres = resolveCentres(topo);

    Results results;
    results.topology = file;
    results.kind = std::string(toString(m_spec.kind));
    results.seed = m_spec.seed;
    results.sample_interval_s = m_options.sample_interval_s;
    results.warnings = m_spec.warnings;
    // A synthesised fabric is a non-blocking leaf/spine network (one leaf for "star"); other
    // shapes that the topology reader accepts are built the same way (docs/experiments.md).
    for (const auto& c : centres) {
        if (!c.synthesised)
            continue;
        const auto& fabric = topo.node(c.centre).fabric;
        const std::string shape = fabric ? fabric->topology : std::string();
        if (!shape.empty() && shape != "star" && shape != "fat-tree" && shape != "spine-leaf")
            results.warnings.push_back(
                "centre '" + c.id + "': fabric topology '" + shape +
                "' is simulated as a non-blocking leaf/spine fabric (as fat-tree)");
    }

    Engine engine(topo, m_spec.transport, m_spec.seed, m_options.sample_interval_s, m_cancel,
                  observer, m_options.snapshot_interval_s, userLinks);
    engine.m_topoLinkId = [&topo](std::size_t l) { return topo.link(LinkId::fromIndex(l)).id; };
    net::Network& network = engine.network();

    // Every phase is announced by beginPhase() and closed by endPhase(), in the order of the
    // timeline; progress counts finished phases and reaches exactly 1 with the last one.
    double phasesTotal = 1.0;
    double phasesDone = 0.0;
    auto beginPhase = [&](const std::string& name, int iteration) {
        if (m_cancel.load())
            throw RunCancelled();
        if (observer)
            observer->phaseStarted(name, iteration, engine.now());
    };
    auto endPhase = [&](const std::string& name, int iteration, double start, double end) {
        PhaseResult p{name, iteration, start, end};
        results.phases.push_back(p);
        phasesDone += 1.0;
        engine.setProgress(phasesDone >= phasesTotal ? 1.0 : phasesDone / phasesTotal);
        if (observer) {
            observer->phaseFinished(p);
            engine.emitSnapshot();
        }
    };

    if (m_spec.kind != ExperimentKind::Training) {
        // ---- micro-benchmarks: one collective or one transfer, `repeat` times back to back.
        const MicroBenchmarkSpec& b = m_spec.bench;
        std::vector<NodeId> nodes;
        for (const auto& id : b.participants)
            nodes.push_back(*topo.findNode(id));
        for (std::size_t i = 1; i < nodes.size(); ++i)
            if (!network.router().route(nodes[0], nodes[i]))
                throw InputError(file, "/experiment/participants",
                                 "'" + b.participants[i] + "' cannot be reached from '" +
                                     b.participants[0] + "'");
        CollectiveResult& cr = results.collective;
        results.has_collective = true;
        cr.bytes = b.bytes;
        cr.protocol = std::string(net::toString(b.protocol));
        cr.ranks = static_cast<int>(nodes.size());
        Operation op = Operation::Broadcast;
        collective::CommDag dag;
        if (m_spec.kind == ExperimentKind::Collective) {
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
            if (cs.algorithm == Algorithm::Hierarchical) {
                // Groups: the centre each participant belongs to (its parent), else itself.
                std::vector<std::string> keys;
                for (NodeId n : nodes) {
                    const auto& attrs = topo.node(n);
                    keys.push_back(attrs.parent.empty() ? attrs.id : attrs.parent);
                }
                std::vector<std::string> sorted = keys;
                std::sort(sorted.begin(), sorted.end());
                sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
                for (const auto& k : keys)
                    cs.groups.push_back(static_cast<int>(
                        std::lower_bound(sorted.begin(), sorted.end(), k) - sorted.begin()));
            } else if (cs.algorithm == Algorithm::Ring ||
                       cs.algorithm == Algorithm::PipelinedChain) {
                cs.order = ringOrderFor(network, nodes);
            }
            dag = buildChecked(cs, file, "/experiment/algorithm");
            cr.operation = std::string(collective::toString(op));
            cr.algorithm = std::string(collective::toString(cs.algorithm));
        } else {
            cr.operation = "p2p";
            cr.algorithm = "direct";
        }
        phasesTotal = b.repeat;
        for (int rep = 0; rep < b.repeat; ++rep) {
            bool done = false;
            const double start = engine.now();
            beginPhase(cr.operation, rep);
            RunningCollective rc;
            if (m_spec.kind == ExperimentKind::Collective)
                rc = startCollective(engine, dag, nodes, b.protocol, 0.0, [&done] { done = true; });
            else
                engine.transfer(nodes[0], nodes[1], b.bytes, b.protocol, [&done] { done = true; });
            engine.runUntil(done);
            cr.repetitions_s.push_back(engine.now() - start);
            endPhase(cr.operation, rep, start, engine.now());
        }
        cr.mean_s = std::accumulate(cr.repetitions_s.begin(), cr.repetitions_s.end(), 0.0) /
                    static_cast<double>(cr.repetitions_s.size());
        cr.algbw_gbps = cr.mean_s > 0 ? b.bytes * 8.0 / cr.mean_s / 1e9 : 0.0;
        cr.busbw_gbps = m_spec.kind == ExperimentKind::Collective
                            ? cr.algbw_gbps * collective::busBandwidthFactor(op, cr.ranks)
                            : cr.algbw_gbps;
        results.total_s = engine.now();
        addLinkResults(results, network, topo, userLinks);
        results.engine = {engine.sim().eventsExecuted(), engine.transfers()};
        return results;
    }

    // ---- training ------------------------------------------------------------------------
    const TrainingSpec& t = m_spec.training;
    workload::ModelSpec model;
    try {
        if (t.model.contains("preset"))
            model = workload::modelPreset(t.model.at("preset").get<std::string>());
        else
            model = workload::loadModelFile(m_options.project_dir /
                                                t.model.at("file").get<std::string>(),
                                            static_cast<double>(t.seq_len));
    } catch (const InputError& e) {
        throw InputError(file, "/experiment/model", e.what());
    }
    model = model.withSeqLen(t.seq_len);
    const workload::DType dtype = *workload::dtypeFromString(t.dtype);
    const double params = static_cast<double>(model.parameterCount());
    const double gradBytes = params * workload::bytesPerElement(dtype);
    results.model = model.name;
    results.model_parameters = params;
    results.model_bytes = gradBytes;

    std::vector<const CentreRanks*> active; // centres with GPUs, NodeId order
    int totalGpus = 0;
    for (const auto& c : centres)
        if (c.gpus > 0) {
            active.push_back(&c);
            totalGpus += c.gpus;
        }
    if (active.empty())
        throw InputError(
            file, "/nodes",
            "no compute centre has GPUs (set gpu_count or add GPU nodes inside a centre)");
    const CentreRanks* source = nullptr;
    for (const auto& c : centres)
        if (c.id == t.source)
            source = &c;
    MERIDIAN_ASSERT(source != nullptr, "source centre resolved by parseExperiment");
    for (const auto* c : active)
        if (!network.router().route(source->lead(), c->lead()) ||
            !network.router().route(c->lead(), source->lead()))
            throw InputError(file, "/links",
                             "centre '" + c->id + "' is unreachable from the source centre '" +
                                 source->id + "'");

    // Devices, compute time per iteration, memory feasibility.
    const workload::ComputeModel computeModel(
        workload::ComputeOptions{t.mfu, t.activation_recompute, true});
    const double tokensPerGpu = t.global_batch_tokens / totalGpus;
    {
        const double sequences = tokensPerGpu / t.seq_len;
        if (std::abs(sequences - std::round(sequences)) > 1e-9 * std::max(1.0, sequences)) {
            char buf[200];
            std::snprintf(
                buf, sizeof buf,
                "global_batch_tokens / GPUs = %.6g tokens per GPU is not a whole number of "
                "sequences of %d tokens (%.4g); compute is modelled for the fractional batch",
                tokensPerGpu, t.seq_len, sequences);
            results.warnings.emplace_back(buf);
        }
    }
    std::vector<double> computeS, updateS, reduceRate;
    for (const auto* c : active) {
        const std::string path = "/nodes/" + std::to_string(c->centre.index()) + "/attrs/gpu_model";
        if (c->gpu_model.empty())
            throw InputError(file, path, "centre '" + c->id + "' has GPUs but no gpu_model");
        const workload::DeviceSpec* device =
            workload::DeviceCatalogue::builtin().find(c->gpu_model);
        if (!device)
            throw InputError(file, path,
                             "unknown GPU model '" + c->gpu_model + "' (see presets/devices/)");
        computeS.push_back(computeModel.trainingStep(model, *device, tokensPerGpu).time_s);
        const double shard = t.zero_stage >= 1 ? c->gpus : 1.0;
        updateS.push_back(t.update_s >= 0 ? t.update_s
                                          : kAdamBytesPerParam * params / shard /
                                                device->memory_bandwidth_bytes_per_s);
        reduceRate.push_back(device->memory_bandwidth_bytes_per_s);
        workload::MemoryPlan plan;
        plan.zero_stage = t.zero_stage;
        plan.dp_size = c->gpus;
        plan.micro_batch_tokens = t.seq_len;
        plan.recompute = t.activation_recompute;
        const workload::MemoryReport mem = workload::estimateMemory(model, *device, plan);
        if (!mem.fits) {
            std::string msg = mem.message;
            if (msg.rfind("warning: ", 0) == 0)
                msg.erase(0, 9);
            results.warnings.push_back("centre '" + c->id + "': " + msg);
        }
    }

    // Per-centre DAGs (reused every iteration).
    const std::size_t C = active.size();
    std::vector<collective::CommDag> intraDag(C), updateDag(C);
    const Algorithm intraAlg =
        algorithmOf(t.intra_center.collective, file, "/experiment/intra_center/collective");
    const Algorithm interAlg =
        algorithmOf(t.inter_center.collective, file, "/experiment/inter_center/collective");
    const bool hierarchical = interAlg == Algorithm::Hierarchical;
    for (std::size_t i = 0; i < C; ++i) {
        const int ranks = static_cast<int>(active[i]->ranks.size());
        if (ranks < 2 || hierarchical)
            continue;
        collective::CollectiveSpec cs;
        cs.operation = Operation::AllReduce;
        cs.algorithm = intraAlg;
        cs.ranks = ranks;
        cs.bytes = gradBytes;
        cs.chunks = t.intra_center.chunks;
        intraDag[i] = buildChecked(cs, file, "/experiment/intra_center/collective");
        collective::CollectiveSpec bs;
        bs.operation = Operation::Broadcast;
        bs.algorithm = Algorithm::BinomialTree;
        bs.ranks = ranks;
        bs.bytes = gradBytes;
        updateDag[i] = buildChecked(bs, file, "/experiment/intra_center");
    }
    std::vector<NodeId> leads;
    for (const auto* c : active)
        leads.push_back(c->lead());
    collective::CommDag interDag;
    std::vector<NodeId> interNodes = leads;
    if (hierarchical) {
        collective::CollectiveSpec cs;
        cs.operation = Operation::AllReduce;
        cs.algorithm = Algorithm::Hierarchical;
        cs.bytes = gradBytes;
        cs.chunks = t.inter_center.chunks;
        interNodes.clear();
        for (std::size_t i = 0; i < C; ++i)
            for (NodeId r : active[i]->ranks) {
                interNodes.push_back(r);
                cs.groups.push_back(static_cast<int>(i));
            }
        cs.ranks = static_cast<int>(interNodes.size());
        const auto& gw = t.inter_center.gateways;
        if (!gw.empty()) {
            if (gw.size() != C)
                throw InputError(file, "/experiment/inter_center/gateways",
                                 "must list one gateway rank per centre with GPUs (" +
                                     std::to_string(C) + ")");
            std::size_t first = 0; // index in interNodes of centre i's first rank
            for (std::size_t i = 0; i < C; ++i) {
                const auto& ranks = active[i]->ranks;
                auto it = std::find_if(ranks.begin(), ranks.end(),
                                       [&](NodeId n) { return topo.node(n).id == gw[i]; });
                if (it == ranks.end())
                    throw InputError(file, "/experiment/inter_center/gateways/" + std::to_string(i),
                                     "node '" + gw[i] + "' is not a rank of centre '" +
                                         active[i]->id + "'");
                cs.gateways.push_back(
                    static_cast<int>(first + static_cast<std::size_t>(it - ranks.begin())));
                first += ranks.size();
            }
        }
        interDag = buildChecked(cs, file, "/experiment/inter_center/collective");
    } else if (C >= 2) {
        if (!t.inter_center.gateways.empty())
            throw InputError(file, "/experiment/inter_center/gateways",
                             "gateways apply to the \"hierarchical\" collective only");
        collective::CollectiveSpec cs;
        cs.operation = Operation::AllReduce;
        cs.algorithm = interAlg;
        cs.ranks = static_cast<int>(C);
        cs.bytes = gradBytes;
        cs.chunks = t.inter_center.chunks;
        if (!t.inter_center.order.empty()) {
            if (t.inter_center.order.size() != C)
                throw InputError(file, "/experiment/inter_center/order",
                                 "must list every centre with GPUs exactly once (" +
                                     std::to_string(C) + " centres)");
            for (const auto& id : t.inter_center.order) {
                auto it = std::find_if(active.begin(), active.end(),
                                       [&](const CentreRanks* c) { return c->id == id; });
                if (it == active.end())
                    throw InputError(file, "/experiment/inter_center/order",
                                     "centre '" + id + "' has no GPUs");
                cs.order.push_back(static_cast<int>(it - active.begin()));
            }
        } else {
            cs.order = ringOrderFor(network, leads);
        }
        interDag = buildChecked(cs, file, "/experiment/inter_center/collective");
    }
    const double wanReduceRate = *std::min_element(reduceRate.begin(), reduceRate.end());

    for (const auto* c : active) {
        CenterResult cr;
        cr.id = c->id;
        cr.gpus = c->gpus;
        cr.gpu_model = c->gpu_model;
        results.centers.push_back(cr);
    }
    const int iterations = m_spec.iterations;
    phasesTotal = 1.0 + 4.0 * iterations;

    // ---- broadcast: model weights to every centre's lead rank, dataset shards in parallel.
    {
        const double start = engine.now();
        beginPhase("broadcast", -1);
        std::vector<NodeId> nodes{source->lead()};
        for (const auto* c : active)
            if (c != source)
                nodes.push_back(c->lead());
        bool modelDone = nodes.size() < 2;
        int shardsPending = 0;
        bool shardsDone = true;
        collective::CommDag broadcastDag; // outlives the executor below
        RunningCollective rc;
        if (!modelDone) {
            collective::CollectiveSpec bs;
            bs.operation = Operation::Broadcast;
            bs.algorithm =
                algorithmOf(t.broadcast_algorithm, file, "/experiment/broadcast/algorithm");
            bs.ranks = static_cast<int>(nodes.size());
            bs.bytes = gradBytes;
            bs.chunks = t.broadcast_chunks;
            broadcastDag = buildChecked(bs, file, "/experiment/broadcast/algorithm");
            rc = startCollective(engine, broadcastDag, nodes, t.broadcast_protocol, 0.0,
                                 [&modelDone] { modelDone = true; });
        }
        if (t.broadcast_dataset && t.dataset_bytes > 0 && active.size() > 1) {
            const double shard = t.dataset_bytes / static_cast<double>(active.size());
            shardsDone = false;
            for (std::size_t i = 1; i < nodes.size(); ++i) {
                ++shardsPending;
                engine.transfer(nodes[0], nodes[i], shard, t.broadcast_protocol, [&] {
                    if (--shardsPending == 0)
                        shardsDone = true;
                });
            }
        }
        engine.runUntil(modelDone);
        engine.runUntil(shardsDone);
        endPhase("broadcast", -1, start, engine.now());
    }

    // ---- iterations
    for (int it = 0; it < iterations; ++it) {
        const double t0 = engine.now();
        // Per centre: end of compute, of the intra-centre all-reduce, of the in-centre broadcast
        // of the inter-centre result, and of the optimiser step.
        std::vector<double> computeEnd(C, t0), intraEnd(C, t0), spreadEnd(C, t0), updateEnd(C, t0);
        std::size_t computesDone = 0, intraDone = 0, updatesDone = 0;
        bool allCompute = false, allIntra = false, interDone = false, iterationDone = false;
        double interStart = t0, interEnd = t0;
        std::vector<RunningCollective> running;
        running.reserve(3 * C + 1);

        std::function<void()> startUpdate = [&] {
            interEnd = engine.now();
            for (std::size_t i = 0; i < C; ++i) {
                auto step = [&, i] {
                    spreadEnd[i] = engine.now();
                    engine.sim().scheduleIn(sim::SimTime::fromSecondsCeil(updateS[i]), [&, i] {
                        updateEnd[i] = engine.now();
                        if (++updatesDone == C)
                            iterationDone = true;
                    });
                };
                if (updateDag[i].opCount() == 0)
                    step();
                else
                    running.push_back(startCollective(engine, updateDag[i], active[i]->ranks,
                                                      t.intra_center.protocol, reduceRate[i],
                                                      step));
            }
        };
        auto startInter = [&] {
            interStart = engine.now();
            allIntra = true;
            if (interDag.opCount() == 0) {
                interDone = true;
                startUpdate();
                return;
            }
            running.push_back(startCollective(engine, interDag, interNodes, t.inter_center.protocol,
                                              wanReduceRate, [&] {
                                                  interDone = true;
                                                  startUpdate();
                                              }));
        };
        auto intraFinished = [&](std::size_t i) {
            intraEnd[i] = engine.now();
            if (++intraDone == C)
                startInter();
        };
        beginPhase("compute", it);
        for (std::size_t i = 0; i < C; ++i) {
            engine.sim().scheduleIn(sim::SimTime::fromSecondsCeil(computeS[i]), [&, i] {
                computeEnd[i] = engine.now();
                if (++computesDone == C)
                    allCompute = true;
                if (intraDag[i].opCount() == 0)
                    intraFinished(i);
                else
                    running.push_back(startCollective(engine, intraDag[i], active[i]->ranks,
                                                      t.intra_center.protocol, reduceRate[i],
                                                      [&, i] { intraFinished(i); }));
            });
        }
        // The phases partition the iteration along its critical path: compute ends when the
        // slowest centre has computed, intra_center is the intra-centre time still exposed
        // after that, inter_center and update follow (docs/experiments.md, "Phases"). A centre
        // that finishes computing early starts its intra-centre all-reduce at once.
        engine.runUntil(allCompute);
        const double computePhaseEnd = *std::max_element(computeEnd.begin(), computeEnd.end());
        endPhase("compute", it, t0, computePhaseEnd);
        beginPhase("intra_center", it);
        engine.runUntil(allIntra);
        endPhase("intra_center", it, computePhaseEnd, interStart);
        beginPhase("inter_center", it);
        engine.runUntil(interDone);
        endPhase("inter_center", it, interStart, interEnd);
        beginPhase("update", it);
        engine.runUntil(iterationDone);
        const double t1 = engine.now();
        endPhase("update", it, interEnd, t1);

        IterationResult ir;
        ir.index = it;
        ir.start_s = t0;
        ir.compute_s = computePhaseEnd - t0;
        ir.intra_center_s = interStart - computePhaseEnd;
        ir.inter_center_s = interEnd - interStart;
        ir.update_s = t1 - interEnd;
        ir.total_s = t1 - t0;
        double gpuCompute = 0.0;
        for (std::size_t i = 0; i < C; ++i) {
            gpuCompute += active[i]->gpus * computeS[i];
            CenterResult& cr = results.centers[i];
            // Communication: the centre's own intra-centre all-reduce, the inter-centre
            // collective and the in-centre broadcast of its result. The optimiser step is local
            // work on the GPUs and is counted separately as update_s (docs/results-format.md).
            const double comm =
                (intraEnd[i] - computeEnd[i]) + (interEnd - interStart) + (spreadEnd[i] - interEnd);
            const double update = updateEnd[i] - spreadEnd[i];
            cr.compute_s += computeS[i];
            cr.communication_s += comm;
            cr.update_s += update;
            cr.idle_s += std::max(0.0, ir.total_s - computeS[i] - comm - update);
        }
        ir.gpu_effective_compute_ratio =
            ir.total_s > 0 ? gpuCompute / (totalGpus * ir.total_s) : 1.0;
        results.iterations.push_back(ir);
    }
    results.total_s = engine.now();
    addLinkResults(results, network, topo, userLinks);
    results.engine = {engine.sim().eventsExecuted(), engine.transfers()};
    return results;
}

} // namespace meridian::experiment
