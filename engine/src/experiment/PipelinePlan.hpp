#pragma once
// Pipeline parallelism across centres (private to the experiment module; docs/strategies.md,
// "Pipeline parallelism"): where the stages run, which layers each holds, and the order in
// which a stage runs the forward and backward passes of the micro-batches.
//
//  * Placement: `parallelism.stages` lists the centres of stages 0, 1, …; a number p places
//    them on the source centre, then on the other centres with GPUs in file (node) order.
//  * Split: the layers, in order, are cut into p contiguous groups of about equal forward
//    FLOPs: layer i (forward FLOPs f_i, F_<i of the layers before it, F in all) goes to stage
//        min(p − 1, ⌊p · (F_<i + f_i / 2) / F⌋)
//    (the stage whose share holds the layer's midpoint); layers without FLOPs (embedding,
//    norms) go with the next layer that has FLOPs, the last stage after the last one.
//  * Schedules (m micro-batches, p stages, stage s): GPipe (Huang et al., arXiv 1811.06965)
//    runs F_0 … F_{m−1}, then B_0 … B_{m−1}; 1F1B (PipeDream-Flush, Narayanan et al., arXiv
//    2104.04473 §2.2) runs w = min(p − s − 1, m) warm-up forwards, then alternates F_{w+k},
//    B_k, then the last w backwards. A forward of stage s > 0 waits for the activation of
//    stage s − 1; a backward of stage s < p − 1 for the gradient of stage s + 1; the last
//    stage's backward for its own forward.

#include "FabricBuilder.hpp"
#include "meridian/experiment/ExperimentSpec.hpp"
#include "meridian/workload/ModelSpec.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace meridian::experiment {

/// Indexes into `centres` of the stages' centres, stage 0 first. Throws InputError (file,
/// "/experiment/parallelism/stages…") for a centre without GPUs or more stages than centres
/// with GPUs.
std::vector<std::size_t> pipelineStageCentres(const TrainingSpec& t,
                                              const std::vector<CentreRanks>& centres,
                                              const std::string& file);

/// `model` cut into `stages` contiguous groups of layers of about equal forward FLOPs (rule
/// above); each group is a model of its own (name "<model> stage s/p"). Throws InputError
/// (file, "/experiment/parallelism/stages") when a stage would hold no layer.
std::vector<workload::ModelSpec> splitModelIntoStages(const workload::ModelSpec& model, int stages,
                                                      const std::string& file);

/// One pass of one micro-batch on a stage.
struct PipelineOp
{
    bool forward = true;
    int micro_batch = 0;
};

/// The order in which stage `stage` of `stages` runs its 2·m passes under `schedule`
/// ("1f1b" or "gpipe").
std::vector<PipelineOp> pipelineSchedule(const std::string& schedule, int stage, int stages,
                                         int microBatches);

/// The pipeline's span under `schedule` when activations and gradients arrive at once:
/// compute and bubble only. Stage s takes forward_s[s] per forward and backward_s[s] per
/// backward. With equal stages, (m + p − 1) · (t_f + t_b) for both schedules.
double idealPipelineS(const std::string& schedule, const std::vector<double>& forward_s,
                      const std::vector<double>& backward_s, int microBatches);

} // namespace meridian::experiment
