#pragma once
// Planning of a data-parallel training run (private to the experiment module): everything a
// training run needs before its first event, checked up front so that bad input stops the
// run before it starts (docs/experiments.md, "Errors"):
//   * the model (preset or file) and its gradient bytes = parameters × dtype bytes;
//   * the centres with GPUs and the source centre, which must reach each other;
//   * per centre, the device's compute time of global_batch_tokens / total GPUs tokens
//     (workload::ComputeModel), its optimiser step (28 B × parameters / HBM bandwidth, divided
//     by the centre's GPUs under ZeRO ≥ 1, or the experiment's update_s), its reduction rate
//     (HBM bandwidth); its memory plan and the batch split are checked before, by Runner's
//     constructor (meridian/experiment/TrainingCheck.hpp);
//   * the collective DAGs, built once and reused every iteration: the weight broadcast among
//     lead ranks, per centre the gradient all-reduce and the in-centre broadcast of the
//     result, and the inter-centre all-reduce (ring among lead ranks in topology-aware or
//     explicit order, or one hierarchical DAG over every rank).

#include "CheckedCollective.hpp"
#include "FabricBuilder.hpp"
#include "RunEngine.hpp"
#include "meridian/collective/CommDag.hpp"
#include "meridian/experiment/ExperimentSpec.hpp"
#include "meridian/experiment/Results.hpp"
#include "meridian/workload/ModelSpec.hpp"

#include <memory>
#include <string>
#include <vector>

namespace meridian::experiment {

struct TrainingPlan
{
    double grad_bytes = 0.0; ///< bytes of the weights or gradients on the wire
    int total_gpus = 0;
    std::vector<const CentreRanks*> active; ///< centres with GPUs, NodeId order
    /// Per active centre: compute time per iteration, optimiser step, reduction rate (B/s).
    std::vector<double> compute_s, update_s, reduce_rate_Bps;
    /// Lead ranks of the broadcast: the source centre's first, then the others in order.
    std::vector<NodeId> broadcast_nodes;
    collective::CommDag broadcast_dag; ///< empty when only one centre has GPUs
    /// Per active centre: gradient all-reduce and in-centre broadcast of the result (empty
    /// for a single rank, or when the hierarchical inter-centre DAG covers the centre).
    /// Centres with as many ranks share one DAG (it depends on nothing else): 16 centres of
    /// 1,024 GPUs held 16 copies of a 2·10⁶-operation broadcast. The all-reduce is a program:
    /// a flat ring's is its RingProgram (no ops held; the same ops, in the same order, as its
    /// DAG), anything else its DAG.
    std::vector<std::shared_ptr<const CheckedProgram>> intra_dag;
    std::vector<std::shared_ptr<const collective::CommDag>> update_dag;
    collective::CommDag inter_dag;    ///< empty with fewer than two centres
    std::vector<NodeId> inter_nodes;  ///< rank i of inter_dag runs on inter_nodes[i]
    double wan_reduce_rate_Bps = 0.0; ///< slowest centre's reduction rate

    // --- the strategy (StrategySpec.hpp, docs/strategies.md) ------------------------------
    /// Bytes each centre sends into the inter-centre exchange (after compression).
    double wan_bytes = 0.0;
    /// Slowest centre's encode + decode of the WAN payload, charged before the exchange
    /// (0 without compression).
    double codec_s = 0.0;
    /// Overlap: one gradient bucket's collectives (inter-centre payload compressed).
    struct BucketDags
    {
        std::vector<std::shared_ptr<const CheckedProgram>> intra; ///< as intra_dag
        std::vector<std::shared_ptr<const collective::CommDag>> update;
        collective::CommDag inter;
        double codec_s = 0.0;
    };
    /// Overlap: bucket sizes in launch order (the last layers' first) and their DAGs.
    std::vector<double> bucket_bytes;
    std::vector<std::shared_ptr<const BucketDags>> bucket_dags;
    /// Per active centre: forward and backward time (overlap).
    std::vector<double> forward_s, backward_s;
    /// DiLoCo: the outer synchronisation of one fragment (the whole model when F = 1):
    /// the exchange among inter_nodes, per centre the in-centre broadcast of its result
    /// (empty for hierarchical) and the outer optimiser step.
    collective::CommDag outer_dag;
    std::vector<std::shared_ptr<const collective::CommDag>> outer_update_dag;
    std::vector<double> outer_update_s;
    double outer_codec_s = 0.0;

    // --- pipeline parallelism (PipelinePlan.hpp, docs/strategies.md) ----------------------
    /// Stage s runs on active[s] (the active centres are the stages' centres, in stage order).
    struct PipelineStage
    {
        std::string first_layer, last_layer;
        int layers = 0;
        double parameters = 0.0;
        double grad_bytes = 0.0; ///< the stage's gradients (parameters × dtype bytes)
        /// One micro-batch's forward and backward pass on every GPU of the centre (each GPU
        /// computes micro-batch tokens / GPUs).
        double forward_s = 0.0, backward_s = 0.0;
        /// The all-reduce of the stage's gradients among the centre's ranks (empty: one rank;
        /// a program, as intra_dag).
        std::shared_ptr<const CheckedProgram> intra;
    };
    // --- tensor parallelism (docs/strategies.md, "Tensor parallelism inside a server") -----
    int tensor = 1; ///< t; 1 = none
    /// Per active centre (empty without tensor parallelism):
    ///  * tp_bytes: A, bytes of one TP all-reduce per GPU = tokens · hidden · dtype bytes,
    ///    the tokens a TP group computes per pass (data: per iteration; pipeline: per
    ///    micro-batch);
    ///  * tp_allreduces: TP all-reduces per iteration (4 per block per pass, 6 with
    ///    recomputation; the pipeline: of the centre's stage, m passes);
    ///  * tp_allreduce_s: one of them (closed form, tensorAllReduceS);
    ///  * tp_s: their sum per iteration, exposed (on the critical path of every layer).
    std::vector<double> tp_bytes, tp_allreduces, tp_allreduce_s, tp_s;
    double tp_link_Bps = 0.0;          ///< slowest centre's NVLink bandwidth per direction (B/s)
    std::vector<PipelineStage> stages; ///< empty unless parallelism.mode is "pipeline"
    double activation_bytes = 0.0;     ///< one micro-batch's activations (and their gradients)
    double ideal_pipeline_s = 0.0;     ///< the schedule's span with instant transfers
};

/// Plans the training of `spec`'s `model` (as Runner loaded and checked it) on the resolved
/// `centres`; records the model and the centres in `results`. `engine` answers routes.
/// Throws InputError (file, JSON path, problem) for anything that would stop the run.
TrainingPlan planTraining(const TrainingSpec& spec, const workload::ModelSpec& model,
                          const std::vector<CentreRanks>& centres, RunEngine& engine,
                          const std::string& file, Results& results);

} // namespace meridian::experiment
