#include "TrainingPlan.hpp"

#include "CheckedCollective.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/experiment/TrainingCheck.hpp"
#include "meridian/workload/ComputeModel.hpp"
#include "meridian/workload/DeviceCatalogue.hpp"

#include <algorithm>
#include <map>

namespace meridian::experiment {

namespace {

using collective::Algorithm;
using collective::Operation;

/// HBM traffic of one mixed-precision Adam step per parameter: fp32 master weight, momentum
/// and variance read and written (24 B), bf16 gradient read (2 B), bf16 weight written (2 B).
constexpr double kAdamBytesPerParam = 28.0;

/// The centres with GPUs, which must all reach the source centre and be reached from it.
void selectCentres(TrainingPlan& plan, const TrainingSpec& t,
                   const std::vector<CentreRanks>& centres, RunEngine& engine,
                   const std::string& file)
{
    for (const auto& c : centres)
        if (c.gpus > 0) {
            plan.active.push_back(&c);
            plan.total_gpus += c.gpus;
        }
    if (plan.active.empty())
        throw InputError(
            file, "/nodes",
            "no compute centre has GPUs (set gpu_count or add GPU nodes inside a centre)");
    const CentreRanks* source = nullptr;
    for (const auto& c : centres)
        if (c.id == t.source)
            source = &c;
    MERIDIAN_ASSERT(source != nullptr, "source centre resolved by parseExperiment");
    topology::Router& router = engine.network().router();
    for (const auto* c : plan.active)
        if (!router.route(source->lead(), c->lead()) || !router.route(c->lead(), source->lead()))
            throw InputError(file, "/links",
                             "centre '" + c->id + "' is unreachable from the source centre '" +
                                 source->id + "'");
    plan.broadcast_nodes = {source->lead()};
    for (const auto* c : plan.active)
        if (c != source)
            plan.broadcast_nodes.push_back(c->lead());
}

/// Devices, compute and optimiser time per iteration, reduction rates. Memory and the batch
/// split were checked by Runner's constructor (TrainingCheck.hpp).
void planCompute(TrainingPlan& plan, const TrainingSpec& t, const workload::ModelSpec& model,
                 const std::string& file)
{
    const workload::ComputeModel computeModel(
        workload::ComputeOptions{t.mfu, t.activation_recompute, true});
    const auto params = static_cast<double>(model.parameterCount());
    const double tokensPerGpu = t.global_batch_tokens / plan.total_gpus;
    for (const auto* c : plan.active) {
        const std::string path = "/nodes/" + std::to_string(c->centre.index()) + "/attrs/gpu_model";
        if (c->gpu_model.empty())
            throw InputError(file, path, "centre '" + c->id + "' has GPUs but no gpu_model");
        const workload::DeviceSpec* device =
            workload::DeviceCatalogue::builtin().find(c->gpu_model);
        if (!device)
            throw InputError(file, path,
                             "unknown GPU model '" + c->gpu_model + "' (see presets/devices/)");
        plan.compute_s.push_back(computeModel.trainingStep(model, *device, tokensPerGpu).time_s);
        const double shard = t.zero_stage >= 1 ? c->gpus : 1.0;
        plan.update_s.push_back(t.update_s >= 0 ? t.update_s
                                                : kAdamBytesPerParam * params / shard /
                                                      device->memory_bandwidth_bytes_per_s);
        plan.reduce_rate_Bps.push_back(device->memory_bandwidth_bytes_per_s);
    }
    plan.wan_reduce_rate_Bps =
        *std::min_element(plan.reduce_rate_Bps.begin(), plan.reduce_rate_Bps.end());
}

/// Per centre: the gradient all-reduce among its ranks and the broadcast of the result.
void buildCentreDags(TrainingPlan& plan, const TrainingSpec& t,
                     const collective::CommSettings& comm, Algorithm intraAlg, bool hierarchical,
                     const std::string& file)
{
    const std::size_t C = plan.active.size();
    const auto empty = std::make_shared<const collective::CommDag>();
    plan.intra_dag.assign(C, empty);
    plan.update_dag.assign(C, empty);
    // By rank count: the DAGs of a centre depend on nothing else.
    std::map<int, std::pair<std::shared_ptr<const collective::CommDag>,
                            std::shared_ptr<const collective::CommDag>>>
        built;
    for (std::size_t i = 0; i < C; ++i) {
        const int ranks = static_cast<int>(plan.active[i]->ranks.size());
        if (ranks < 2 || hierarchical)
            continue;
        auto& [intra, update] = built[ranks];
        if (!intra) {
            collective::CollectiveSpec cs;
            cs.operation = Operation::AllReduce;
            cs.algorithm = intraAlg;
            cs.ranks = ranks;
            cs.bytes = plan.grad_bytes;
            cs.chunks = t.intra_center.chunks;
            intra = std::make_shared<const collective::CommDag>(
                buildChecked(cs, comm, file, "/experiment/intra_center/collective"));
            collective::CollectiveSpec bs;
            bs.operation = Operation::Broadcast;
            bs.algorithm = Algorithm::BinomialTree;
            bs.ranks = ranks;
            bs.bytes = plan.grad_bytes;
            bs.chunks = 0; // NCCL's
            update = std::make_shared<const collective::CommDag>(
                buildChecked(bs, comm, file, "/experiment/intra_center"));
        }
        plan.intra_dag[i] = intra;
        plan.update_dag[i] = update;
    }
}

/// One hierarchical all-reduce over every rank of every centre, grouped by centre; with
/// gateways, in the gateway form through the named ranks.
void buildHierarchicalDag(TrainingPlan& plan, const TrainingSpec& t, const RunEngine& engine,
                          const std::string& file)
{
    const std::size_t C = plan.active.size();
    collective::CollectiveSpec cs;
    cs.operation = Operation::AllReduce;
    cs.algorithm = Algorithm::Hierarchical;
    cs.bytes = plan.grad_bytes;
    cs.chunks = t.inter_center.chunks;
    for (std::size_t i = 0; i < C; ++i)
        for (NodeId r : plan.active[i]->ranks) {
            plan.inter_nodes.push_back(r);
            cs.groups.push_back(static_cast<int>(i));
        }
    cs.ranks = static_cast<int>(plan.inter_nodes.size());
    const auto& gw = t.inter_center.gateways;
    if (!gw.empty()) {
        if (gw.size() != C)
            throw InputError(file, "/experiment/inter_center/gateways",
                             "must list one gateway rank per centre with GPUs (" +
                                 std::to_string(C) + ")");
        std::size_t first = 0; // index in inter_nodes of centre i's first rank
        for (std::size_t i = 0; i < C; ++i) {
            const auto& ranks = plan.active[i]->ranks;
            auto it = std::find_if(ranks.begin(), ranks.end(),
                                   [&](NodeId n) { return engine.topology().node(n).id == gw[i]; });
            if (it == ranks.end())
                throw InputError(file, "/experiment/inter_center/gateways/" + std::to_string(i),
                                 "node '" + gw[i] + "' is not a rank of centre '" +
                                     plan.active[i]->id + "'");
            cs.gateways.push_back(
                static_cast<int>(first + static_cast<std::size_t>(it - ranks.begin())));
            first += ranks.size();
        }
    }
    plan.inter_dag = buildChecked(cs, engine.comm(), file, "/experiment/inter_center/collective");
}

/// The all-reduce among the centres' lead ranks, in explicit or topology-aware ring order.
void buildLeadDag(TrainingPlan& plan, const TrainingSpec& t, Algorithm interAlg, RunEngine& engine,
                  const std::string& file)
{
    const std::size_t C = plan.active.size();
    if (!t.inter_center.gateways.empty())
        throw InputError(file, "/experiment/inter_center/gateways",
                         "gateways apply to the \"hierarchical\" collective only");
    collective::CollectiveSpec cs;
    cs.operation = Operation::AllReduce;
    cs.algorithm = interAlg;
    cs.ranks = static_cast<int>(C);
    cs.bytes = plan.grad_bytes;
    cs.chunks = t.inter_center.chunks;
    if (!t.inter_center.order.empty()) {
        if (t.inter_center.order.size() != C)
            throw InputError(file, "/experiment/inter_center/order",
                             "must list every centre with GPUs exactly once (" + std::to_string(C) +
                                 " centres)");
        for (const auto& id : t.inter_center.order) {
            auto it = std::find_if(plan.active.begin(), plan.active.end(),
                                   [&](const CentreRanks* c) { return c->id == id; });
            if (it == plan.active.end())
                throw InputError(file, "/experiment/inter_center/order",
                                 "centre '" + id + "' has no GPUs");
            cs.order.push_back(static_cast<int>(it - plan.active.begin()));
        }
    } else {
        cs.order = engine.ringOrder(plan.inter_nodes);
    }
    plan.inter_dag = buildChecked(cs, engine.comm(), file, "/experiment/inter_center/collective");
}

/// The weight broadcast among the lead ranks, the source's first. NCCL's (ring, the default)
/// and the pipelined chain follow the ring order of the lead ranks, as NCCL's ring does.
void buildBroadcastDag(TrainingPlan& plan, const TrainingSpec& t, RunEngine& engine,
                       const std::string& file)
{
    if (plan.broadcast_nodes.size() < 2)
        return;
    collective::CollectiveSpec bs;
    bs.operation = Operation::Broadcast;
    bs.algorithm = algorithmOf(t.broadcast_algorithm, file, "/experiment/broadcast/algorithm");
    bs.ranks = static_cast<int>(plan.broadcast_nodes.size());
    bs.bytes = plan.grad_bytes;
    bs.chunks = t.broadcast_chunks;
    if (bs.algorithm == Algorithm::Ring || bs.algorithm == Algorithm::PipelinedChain)
        bs.order = engine.ringOrder(plan.broadcast_nodes);
    plan.broadcast_dag = buildChecked(bs, engine.comm(), file, "/experiment/broadcast/algorithm");
}

} // namespace

TrainingPlan planTraining(const TrainingSpec& t, const workload::ModelSpec& model,
                          const std::vector<CentreRanks>& centres, RunEngine& engine,
                          const std::string& file, Results& results)
{
    const workload::DType dtype = *workload::dtypeFromString(t.dtype);
    const auto params = static_cast<double>(model.parameterCount());
    TrainingPlan plan;
    plan.grad_bytes = params * workload::bytesPerElement(dtype);
    results.model = model.name;
    results.model_parameters = params;
    results.model_bytes = plan.grad_bytes;

    selectCentres(plan, t, centres, engine, file);
    planCompute(plan, t, model, file);

    const Algorithm intraAlg =
        algorithmOf(t.intra_center.collective, file, "/experiment/intra_center/collective");
    const Algorithm interAlg =
        algorithmOf(t.inter_center.collective, file, "/experiment/inter_center/collective");
    const bool hierarchical = interAlg == Algorithm::Hierarchical;
    buildCentreDags(plan, t, engine.comm(), intraAlg, hierarchical, file);
    if (hierarchical) {
        buildHierarchicalDag(plan, t, engine, file);
    } else {
        for (const auto* c : plan.active)
            plan.inter_nodes.push_back(c->lead());
        if (plan.active.size() >= 2)
            buildLeadDag(plan, t, interAlg, engine, file);
    }

    for (const auto* c : plan.active) {
        CenterResult cr;
        cr.id = c->id;
        cr.gpus = c->gpus;
        cr.gpu_model = c->gpu_model;
        results.centers.push_back(cr);
    }
    buildBroadcastDag(plan, t, engine, file);
    return plan;
}

} // namespace meridian::experiment
