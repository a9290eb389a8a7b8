#include "TrainingPlan.hpp"

#include "CheckedCollective.hpp"
#include "PipelinePlan.hpp"
#include "meridian/collective/BuildCollective.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/experiment/TrainingCheck.hpp"
#include "meridian/workload/ComputeModel.hpp"
#include "meridian/workload/DeviceCatalogue.hpp"

#include <algorithm>
#include <cmath>
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

/// Pipeline: the active centres are the stages' centres, stage 0 first; centres with GPUs that
/// hold no stage do not train (a warning says so).
void selectStageCentres(TrainingPlan& plan, const TrainingSpec& t,
                        const std::vector<CentreRanks>& centres, const std::string& file,
                        Results& results)
{
    const std::vector<std::size_t> stages = pipelineStageCentres(t, centres, file);
    plan.active.clear();
    plan.total_gpus = 0;
    for (const std::size_t i : stages) {
        plan.active.push_back(&centres[i]);
        plan.total_gpus += centres[i].gpus;
    }
    for (const auto& c : centres)
        if (c.gpus > 0 &&
            std::find(plan.active.begin(), plan.active.end(), &c) == plan.active.end())
            results.warnings.push_back("centre '" + c.id +
                                       "' has GPUs but holds no pipeline stage; "
                                       "it does not train");
    plan.broadcast_nodes.resize(1); // the source's lead rank
    for (const auto* c : plan.active)
        if (c->lead() != plan.broadcast_nodes.front())
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
    // Tensor parallelism: a TP group of t GPUs computes t times a GPU's share of the batch,
    // each GPU 1/t of every layer's FLOPs and bytes.
    const double tp = t.tensor;
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
        plan.compute_s.push_back(
            computeModel.trainingStep(model, *device, tp * tokensPerGpu).time_s / tp);
        // ZeRO shards over the data-parallel ranks (GPUs / t) the 1/t of the states each holds.
        const double shard = t.zero_stage >= 1 ? c->gpus / tp : 1.0;
        plan.update_s.push_back(t.update_s >= 0 ? t.update_s
                                                : kAdamBytesPerParam * params / tp / shard /
                                                      device->memory_bandwidth_bytes_per_s);
        plan.reduce_rate_Bps.push_back(device->memory_bandwidth_bytes_per_s);
    }
    plan.wan_reduce_rate_Bps =
        *std::min_element(plan.reduce_rate_Bps.begin(), plan.reduce_rate_Bps.end());
}

/// Per centre: the all-reduce of `bytes` among its ranks (unless `broadcastOnly`; a flat
/// ring's as its RingProgram) and the in-centre broadcast of the result; none for a single
/// rank or under `hierarchical`.
struct CentreDags
{
    std::vector<std::shared_ptr<const CheckedProgram>> intra;
    std::vector<std::shared_ptr<const collective::CommDag>> update;
};

CentreDags buildCentreDags(const TrainingPlan& plan, const TrainingSpec& t,
                           const collective::CommSettings& comm, Algorithm intraAlg,
                           bool hierarchical, double bytes, bool broadcastOnly,
                           const std::string& file)
{
    const std::size_t C = plan.active.size();
    const auto empty = std::make_shared<const collective::CommDag>();
    const auto noProgram = std::make_shared<const CheckedProgram>();
    CentreDags out{std::vector(C, noProgram), std::vector(C, empty)};
    // By rank count: the DAGs of a centre depend on nothing else.
    std::map<int, std::pair<std::shared_ptr<const CheckedProgram>,
                            std::shared_ptr<const collective::CommDag>>>
        built;
    for (std::size_t i = 0; i < C; ++i) {
        const int ranks = static_cast<int>(plan.active[i]->ranks.size());
        if (ranks < 2 || hierarchical)
            continue;
        auto& [intra, update] = built[ranks];
        if (!update) {
            collective::CollectiveSpec cs;
            cs.operation = Operation::AllReduce;
            cs.algorithm = intraAlg;
            cs.ranks = ranks;
            cs.bytes = bytes;
            cs.chunks = t.intra_center.chunks;
            intra = broadcastOnly ? noProgram
                                  : std::make_shared<const CheckedProgram>(buildCheckedProgram(
                                        cs, comm, file, "/experiment/intra_center/collective"));
            collective::CollectiveSpec bs;
            bs.operation = Operation::Broadcast;
            bs.algorithm = Algorithm::BinomialTree;
            bs.ranks = ranks;
            bs.bytes = bytes;
            bs.chunks = 0; // NCCL's
            update = std::make_shared<const collective::CommDag>(
                buildChecked(bs, comm, file, "/experiment/intra_center"));
        }
        out.intra[i] = intra;
        out.update[i] = update;
    }
    return out;
}

/// One hierarchical all-reduce of `bytes` over every rank of every centre (plan.inter_nodes),
/// grouped by centre; with gateways, in the gateway form through the named ranks.
collective::CommDag buildHierarchicalDag(const TrainingPlan& plan, const TrainingSpec& t,
                                         const RunEngine& engine, double bytes,
                                         const std::string& file)
{
    const std::size_t C = plan.active.size();
    collective::CollectiveSpec cs;
    cs.operation = Operation::AllReduce;
    cs.algorithm = Algorithm::Hierarchical;
    cs.bytes = bytes;
    cs.chunks = t.inter_center.chunks;
    for (std::size_t i = 0; i < C; ++i)
        for (std::size_t r = 0; r < plan.active[i]->ranks.size(); ++r)
            cs.groups.push_back(static_cast<int>(i));
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
    return buildChecked(cs, engine.comm(), file, "/experiment/inter_center/collective");
}

/// The `operation` (all-reduce, or all-gather of the output `bytes`) among the centres' lead
/// ranks, in explicit or topology-aware ring order.
collective::CommDag buildLeadDag(const TrainingPlan& plan, const TrainingSpec& t,
                                 Algorithm interAlg, RunEngine& engine, Operation operation,
                                 double bytes, const std::string& file)
{
    const std::size_t C = plan.active.size();
    if (!t.inter_center.gateways.empty())
        throw InputError(file, "/experiment/inter_center/gateways",
                         "gateways apply to the \"hierarchical\" collective only");
    collective::CollectiveSpec cs;
    cs.operation = operation;
    cs.algorithm = interAlg;
    cs.ranks = static_cast<int>(C);
    cs.bytes = bytes;
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
    return buildChecked(cs, engine.comm(), file, "/experiment/inter_center/collective");
}

/// The inter-centre exchange of `elements` values: an all-reduce of the (quantised) payload,
/// or for top-k an all-gather of every centre's k entries (StrategySpec.hpp).
collective::CommDag buildInterDag(const TrainingPlan& plan, const TrainingSpec& t,
                                  Algorithm interAlg, RunEngine& engine, double elements,
                                  double dtypeBytes, const std::string& file)
{
    const StrategySpec& g = t.strategy;
    const double perSender = compressedBytes(g, elements, dtypeBytes);
    if (interAlg == Algorithm::Hierarchical) {
        if (exchangedByAllGather(g))
            throw InputError(file, "/experiment/strategy/compression",
                             "top-k entries are all-gathered, which the hierarchical collective "
                             "does not do (use ring, halving-doubling or direct)");
        return buildHierarchicalDag(plan, t, engine, perSender, file);
    }
    if (!exchangedByAllGather(g))
        return buildLeadDag(plan, t, interAlg, engine, Operation::AllReduce, perSender, file);
    if (!collective::isSupported(Operation::AllGather, interAlg))
        throw InputError(file, "/experiment/strategy/compression",
                         "top-k entries are all-gathered, which the inter-centre collective '" +
                             t.inter_center.collective +
                             "' does not do (use ring, halving-doubling or direct)");
    return buildLeadDag(plan, t, interAlg, engine, Operation::AllGather,
                        perSender * static_cast<double>(plan.active.size()), file);
}

/// Slowest centre's encode + decode of `elements` values, each GPU coding its 1/g share.
double codecOf(const TrainingPlan& plan, const TrainingSpec& t, double elements, double dtypeBytes)
{
    double slowest = 0.0;
    for (std::size_t i = 0; i < plan.active.size(); ++i)
        slowest = std::max(slowest, codecTimeS(t.strategy, elements / plan.active[i]->gpus,
                                               dtypeBytes, plan.reduce_rate_Bps[i], t.dtype));
    return slowest;
}

/// Overlap: the gradient cut into buckets of strategy.bucket_bytes (the last one holds the
/// rest), each with its own collectives; forward and backward time per centre.
void planBuckets(TrainingPlan& plan, const TrainingSpec& t, Algorithm intraAlg, Algorithm interAlg,
                 RunEngine& engine, double dtypeBytes, const std::string& file)
{
    const double fraction = backwardFraction(t.activation_recompute);
    for (const double c : plan.compute_s) {
        plan.backward_s.push_back(c * fraction);
        plan.forward_s.push_back(c - c * fraction);
    }
    const double bucket = std::min(t.strategy.bucket_bytes, plan.grad_bytes);
    const auto full = static_cast<std::size_t>(std::floor(plan.grad_bytes / bucket));
    plan.bucket_bytes.assign(full, bucket);
    const double rest = plan.grad_bytes - static_cast<double>(full) * bucket;
    if (rest > 0.0)
        plan.bucket_bytes.push_back(rest);
    const bool hierarchical = interAlg == Algorithm::Hierarchical;
    std::map<double, std::shared_ptr<const TrainingPlan::BucketDags>> built;
    for (const double bytes : plan.bucket_bytes) {
        auto& dags = built[bytes];
        if (!dags) {
            auto d = std::make_shared<TrainingPlan::BucketDags>();
            CentreDags centre =
                buildCentreDags(plan, t, engine.comm(), intraAlg, hierarchical, bytes, false, file);
            d->intra = std::move(centre.intra);
            d->update = std::move(centre.update);
            if (plan.active.size() >= 2)
                d->inter =
                    buildInterDag(plan, t, interAlg, engine, bytes / dtypeBytes, dtypeBytes, file);
            d->codec_s = codecOf(plan, t, bytes / dtypeBytes, dtypeBytes);
            dags = std::move(d);
        }
        plan.bucket_dags.push_back(dags);
    }
}

/// DiLoCo: the outer synchronisation of one fragment of params / F values.
void planOuterSync(TrainingPlan& plan, const TrainingSpec& t, const workload::ModelSpec& model,
                   Algorithm intraAlg, Algorithm interAlg, RunEngine& engine, double dtypeBytes,
                   const std::string& file)
{
    const StrategySpec& g = t.strategy;
    const double elements = static_cast<double>(model.parameterCount()) / g.fragments;
    const bool hierarchical = interAlg == Algorithm::Hierarchical;
    if (plan.active.size() >= 2)
        plan.outer_dag = buildInterDag(plan, t, interAlg, engine, elements, dtypeBytes, file);
    plan.wan_bytes = compressedBytes(g, elements, dtypeBytes);
    plan.outer_update_dag =
        buildCentreDags(plan, t, engine.comm(), intraAlg, hierarchical, plan.wan_bytes, true, file)
            .update;
    plan.outer_codec_s = codecOf(plan, t, elements, dtypeBytes);
    const double perParam = outerOptimizerBytesPerParam(g.outer_optimizer);
    for (std::size_t i = 0; i < plan.active.size(); ++i) {
        const double shard = t.zero_stage >= 1 ? plan.active[i]->gpus : 1.0;
        plan.outer_update_s.push_back(perParam * elements / shard / plan.reduce_rate_Bps[i]);
    }
}

/// Transformer blocks of `model` (its attention layers).
double blocksOf(const workload::ModelSpec& model)
{
    return static_cast<double>(
        std::count_if(model.layers.begin(), model.layers.end(), [](const workload::LayerSpec& l) {
            return l.kind == workload::LayerKind::Attention;
        }));
}

/// Tensor parallelism: the slowest NVLink; data parallelism: the TP all-reduces of an
/// iteration.
void planTensor(TrainingPlan& plan, const TrainingSpec& t, const workload::ModelSpec& model,
                double dtypeBytes)
{
    const std::size_t C = plan.active.size();
    plan.tensor = t.tensor;
    plan.tp_s.assign(C, 0.0);
    if (t.tensor <= 1)
        return;
    const int tp = t.tensor;
    // checkTraining (Runner's constructor) refused a t that does not divide every server or
    // the hidden size, a model without blocks and a device without an NVLink figure.
    plan.tp_link_Bps = 0.0;
    for (const CentreRanks* c : plan.active) {
        const double link =
            workload::DeviceCatalogue::builtin().find(c->gpu_model)->nvlink_bytes_per_s;
        MERIDIAN_ASSERT(link > 0.0, "NVLink bandwidth checked by checkTraining");
        plan.tp_link_Bps = plan.tp_link_Bps > 0.0 ? std::min(plan.tp_link_Bps, link) : link;
    }
    if (t.pipeline())
        return; // planPipeline: per stage and micro-batch
    // Megatron-LM: 2 all-reduces per block in the forward, 2 in the backward, 2 more when the
    // backward recomputes the forward; of the tokens a TP group computes in the iteration.
    const double perBlock = t.activation_recompute ? 6.0 : 4.0;
    const double tokens = t.global_batch_tokens / plan.total_gpus * tp;
    const double bytes = tokens * static_cast<double>(model.hidden_size) * dtypeBytes;
    for (const CentreRanks* c : plan.active) {
        const double link =
            workload::DeviceCatalogue::builtin().find(c->gpu_model)->nvlink_bytes_per_s;
        const double one = tensorAllReduceS(tp, bytes, link);
        plan.tp_bytes.push_back(bytes);
        plan.tp_allreduces.push_back(perBlock * blocksOf(model));
        plan.tp_allreduce_s.push_back(one);
    }
    for (std::size_t i = 0; i < C; ++i)
        plan.tp_s[i] = plan.tp_allreduces[i] * plan.tp_allreduce_s[i];
}

/// Pipeline: the model's layers split over the stages, each stage's forward and backward time
/// per micro-batch, optimiser step and gradient all-reduce inside its centre; the activation
/// bytes of a micro-batch; the schedule's span with instant transfers.
void planPipeline(TrainingPlan& plan, const TrainingSpec& t, const workload::ModelSpec& model,
                  const collective::CommSettings& comm, Algorithm intraAlg, double dtypeBytes,
                  const std::string& file)
{
    const auto p = static_cast<int>(plan.active.size());
    if (p >= 2 && model.hidden_size <= 0)
        throw InputError(file, "/experiment/model",
                         "pipeline parallelism sends activations of the hidden size between "
                         "stages, and " +
                             model.name + " has none (a transformer description is needed)");
    const std::vector<workload::ModelSpec> parts = splitModelIntoStages(model, p, file);
    const workload::ComputeModel computeModel(
        workload::ComputeOptions{t.mfu, t.activation_recompute, true});
    const double microTokens = t.global_batch_tokens / t.micro_batches;
    const double fraction = backwardFraction(t.activation_recompute);
    const auto empty = std::make_shared<const collective::CommDag>();
    std::vector<double> forward, backward;
    for (int s = 0; s < p; ++s) {
        const auto i = static_cast<std::size_t>(s);
        const CentreRanks& c = *plan.active[i];
        const workload::ModelSpec& part = parts[i];
        const workload::DeviceSpec& device =
            *workload::DeviceCatalogue::builtin().find(c.gpu_model);
        TrainingPlan::PipelineStage st;
        st.layers = static_cast<int>(part.layers.size());
        st.first_layer = part.layers.front().name;
        st.last_layer = part.layers.back().name;
        st.parameters = static_cast<double>(part.parameterCount());
        st.grad_bytes = st.parameters * dtypeBytes;
        // Tensor parallelism: a TP group computes t GPUs' share of the micro-batch, each GPU
        // 1/t of it; every block adds 2 all-reduces to the forward and 2 (4 with
        // recomputation) to the backward (planTensor checked t).
        const double tp = t.tensor;
        const double step =
            computeModel.trainingStep(part, device, tp * microTokens / c.gpus).time_s / tp;
        st.backward_s = step * fraction;
        st.forward_s = step - st.backward_s;
        if (t.tensor > 1) {
            const double blocks = blocksOf(part);
            const double bytes =
                tp * microTokens / c.gpus * static_cast<double>(model.hidden_size) * dtypeBytes;
            const double one = tensorAllReduceS(t.tensor, bytes, device.nvlink_bytes_per_s);
            const double backwardAllReduces = t.activation_recompute ? 4.0 : 2.0;
            st.forward_s += 2.0 * blocks * one;
            st.backward_s += backwardAllReduces * blocks * one;
            plan.tp_bytes.push_back(bytes);
            plan.tp_allreduces.push_back(t.micro_batches * (2.0 + backwardAllReduces) * blocks);
            plan.tp_allreduce_s.push_back(one);
            plan.tp_s[i] = plan.tp_allreduces.back() * one;
        }
        st.intra = std::make_shared<const CheckedProgram>();
        if (c.ranks.size() >= 2) {
            collective::CollectiveSpec cs;
            cs.operation = Operation::AllReduce;
            cs.algorithm = intraAlg;
            cs.ranks = static_cast<int>(c.ranks.size());
            cs.bytes = st.grad_bytes;
            cs.chunks = t.intra_center.chunks;
            st.intra = std::make_shared<const CheckedProgram>(
                buildCheckedProgram(cs, comm, file, "/experiment/intra_center/collective"));
        }
        // The run's per-centre figures: compute of all micro-batches, the stage's Adam step.
        plan.compute_s[i] = t.micro_batches * step;
        const double shard = t.zero_stage >= 1 ? c.gpus / tp : 1.0;
        plan.update_s[i] = t.update_s >= 0 ? t.update_s
                                           : kAdamBytesPerParam * st.parameters / tp / shard /
                                                 plan.reduce_rate_Bps[i];
        forward.push_back(st.forward_s);
        backward.push_back(st.backward_s);
        plan.stages.push_back(std::move(st));
    }
    plan.activation_bytes = microTokens * static_cast<double>(model.hidden_size) * dtypeBytes;
    plan.ideal_pipeline_s = idealPipelineS(t.schedule, forward, backward, t.micro_batches);
    plan.intra_dag.assign(plan.active.size(), std::make_shared<const CheckedProgram>());
    plan.update_dag.assign(plan.active.size(), empty);
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

/// Tensor parallelism's figures in the results.
void recordTensor(const TrainingPlan& plan, Results& results)
{
    if (plan.tensor <= 1)
        return;
    TensorParallelResult& r = results.tensor_parallel;
    r.enabled = true;
    r.tensor = plan.tensor;
    r.link_bytes_per_s = plan.tp_link_Bps;
    for (std::size_t i = 0; i < plan.active.size(); ++i) {
        const double grad =
            plan.stages.empty() ? plan.grad_bytes : plan.stages[i].grad_bytes; // the stage's
        r.centers.push_back({plan.active[i]->id, plan.active[i]->gpus / plan.tensor,
                             plan.tp_bytes[i], plan.tp_allreduces[i], plan.tp_allreduce_s[i],
                             plan.tp_s[i], grad / plan.tensor});
    }
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
    if (t.pipeline())
        selectStageCentres(plan, t, centres, file, results);
    planCompute(plan, t, model, file);

    const Algorithm intraAlg =
        algorithmOf(t.intra_center.collective, file, "/experiment/intra_center/collective");
    const Algorithm interAlg =
        algorithmOf(t.inter_center.collective, file, "/experiment/inter_center/collective");
    const bool hierarchical = interAlg == Algorithm::Hierarchical;
    const double dtypeBytes = workload::bytesPerElement(dtype);
    const StrategySpec& g = t.strategy;
    planTensor(plan, t, model, dtypeBytes);
    if (t.pipeline()) {
        planPipeline(plan, t, model, engine.comm(), intraAlg, dtypeBytes, file);
        for (const auto* c : plan.active)
            results.centers.push_back({c->id, c->gpus, c->gpu_model, 0.0, 0.0, 0.0, 0.0});
        buildBroadcastDag(plan, t, engine, file);
        recordTensor(plan, results);
        return plan;
    }
    // DiLoCo's inner steps all-reduce inside each centre even when the outer sync is
    // hierarchical; its outer sync replaces the per-iteration exchange.
    CentreDags centre = buildCentreDags(plan, t, engine.comm(), intraAlg,
                                        hierarchical && !g.diloco(), plan.grad_bytes, false, file);
    plan.intra_dag = std::move(centre.intra);
    plan.update_dag = std::move(centre.update);
    if (hierarchical) {
        for (const auto* c : plan.active)
            plan.inter_nodes.insert(plan.inter_nodes.end(), c->ranks.begin(), c->ranks.end());
    } else {
        for (const auto* c : plan.active)
            plan.inter_nodes.push_back(c->lead());
    }
    if (g.diloco()) {
        const auto empty = std::make_shared<const collective::CommDag>();
        plan.update_dag.assign(plan.active.size(), empty); // the inner all-reduce gave every rank
        planOuterSync(plan, t, model, intraAlg, interAlg, engine, dtypeBytes, file);
    } else {
        if (hierarchical || plan.active.size() >= 2)
            plan.inter_dag = buildInterDag(plan, t, interAlg, engine, params, dtypeBytes, file);
        plan.wan_bytes = compressedBytes(g, params, dtypeBytes);
        plan.codec_s = codecOf(plan, t, params, dtypeBytes);
        if (g.overlap)
            planBuckets(plan, t, intraAlg, interAlg, engine, dtypeBytes, file);
    }

    for (const auto* c : plan.active) {
        CenterResult cr;
        cr.id = c->id;
        cr.gpus = c->gpus;
        cr.gpu_model = c->gpu_model;
        results.centers.push_back(cr);
    }
    buildBroadcastDag(plan, t, engine, file);
    recordTensor(plan, results);
    return plan;
}

} // namespace meridian::experiment
