#include "PipelinePlan.hpp"

#include "meridian/core/Error.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace meridian::experiment {

namespace {

constexpr const char* kStagesPath = "/experiment/parallelism/stages";

} // namespace

std::vector<std::size_t> pipelineStageCentres(const TrainingSpec& t,
                                              const std::vector<CentreRanks>& centres,
                                              const std::string& file)
{
    std::vector<std::size_t> out;
    if (!t.stages.empty()) {
        for (std::size_t s = 0; s < t.stages.size(); ++s) {
            const auto it = std::find_if(centres.begin(), centres.end(),
                                         [&](const CentreRanks& c) { return c.id == t.stages[s]; });
            if (it == centres.end()) // parseExperiment names it first; the dock's check not
                throw InputError(file, std::string(kStagesPath) + "/" + std::to_string(s),
                                 "unknown centre '" + t.stages[s] + "'");
            if (it->gpus <= 0)
                throw InputError(file, std::string(kStagesPath) + "/" + std::to_string(s),
                                 "centre '" + t.stages[s] + "' has no GPUs to run stage " +
                                     std::to_string(s));
            out.push_back(static_cast<std::size_t>(it - centres.begin()));
        }
        return out;
    }
    // The helper: the source centre, then the other centres with GPUs in node order.
    std::vector<std::size_t> withGpus;
    for (std::size_t i = 0; i < centres.size(); ++i)
        if (centres[i].gpus > 0 && centres[i].id == t.source)
            withGpus.push_back(i);
    for (std::size_t i = 0; i < centres.size(); ++i)
        if (centres[i].gpus > 0 && centres[i].id != t.source)
            withGpus.push_back(i);
    const std::size_t want =
        t.stage_count > 0 ? static_cast<std::size_t>(t.stage_count) : withGpus.size();
    if (want > withGpus.size())
        throw InputError(file, kStagesPath,
                         std::to_string(want) + " stages but only " +
                             std::to_string(withGpus.size()) +
                             " centres have GPUs (each stage runs in a centre of its own)");
    withGpus.resize(want);
    return withGpus;
}

std::vector<workload::ModelSpec> splitModelIntoStages(const workload::ModelSpec& model, int stages,
                                                      const std::string& file)
{
    const auto p = static_cast<std::size_t>(stages);
    const double s = model.seq_len;
    double total = 0.0;
    for (const auto& l : model.layers)
        total += l.forwardFlopsPerToken(s);
    // The stage of every layer with FLOPs by its midpoint; a layer without FLOPs goes with the
    // next layer that has some (the last stage after the last one).
    const std::size_t L = model.layers.size();
    std::vector<std::size_t> stageOf(L, p - 1);
    std::size_t stage = 0;
    double before = 0.0;
    for (std::size_t i = 0; i < L; ++i) {
        const double f = model.layers[i].forwardFlopsPerToken(s);
        if (f > 0.0 && total > 0.0) {
            stage = std::max(
                stage, std::min(p - 1, static_cast<std::size_t>(std::floor(
                                           static_cast<double>(p) * (before + f / 2.0) / total))));
            stageOf[i] = stage;
        }
        before += f;
    }
    for (std::size_t i = L; i-- > 0;)
        if (model.layers[i].forwardFlopsPerToken(s) <= 0.0 && i + 1 < L)
            stageOf[i] = stageOf[i + 1];
    std::vector<workload::ModelSpec> out(p);
    for (std::size_t i = 0; i < L; ++i)
        out[stageOf[i]].layers.push_back(model.layers[i]);
    for (std::size_t i = 0; i < p; ++i) {
        workload::ModelSpec& m = out[i];
        if (m.layers.empty())
            throw InputError(file, kStagesPath,
                             std::to_string(stages) + " stages but " + model.name + " has " +
                                 std::to_string(model.layers.size()) +
                                 " layers whose FLOPs leave stage " + std::to_string(i) +
                                 " without a layer (use fewer stages)");
        m.name = model.name + " stage " + std::to_string(i + 1) + "/" + std::to_string(stages);
        m.family = model.family;
        m.dtype = model.dtype;
        m.seq_len = model.seq_len;
        m.hidden_size = model.hidden_size;
        m.unit = model.unit;
        m.source = model.source;
        m.num_blocks = model.num_blocks > 0
                           ? static_cast<int>(
                                 std::count_if(m.layers.begin(), m.layers.end(),
                                               [](const workload::LayerSpec& l) {
                                                   return l.kind == workload::LayerKind::Attention;
                                               }))
                           : 0;
    }
    return out;
}

std::vector<PipelineOp> pipelineSchedule(const std::string& schedule, int stage, int stages,
                                         int microBatches)
{
    std::vector<PipelineOp> ops;
    ops.reserve(2 * static_cast<std::size_t>(microBatches));
    if (schedule == "gpipe") {
        for (int j = 0; j < microBatches; ++j)
            ops.push_back({true, j});
        for (int j = 0; j < microBatches; ++j)
            ops.push_back({false, j});
        return ops;
    }
    const int warmup = std::min(stages - stage - 1, microBatches);
    for (int j = 0; j < warmup; ++j)
        ops.push_back({true, j});
    for (int k = 0; k < microBatches - warmup; ++k) {
        ops.push_back({true, warmup + k});
        ops.push_back({false, k});
    }
    for (int j = microBatches - warmup; j < microBatches; ++j)
        ops.push_back({false, j});
    return ops;
}

double idealPipelineS(const std::string& schedule, const std::vector<double>& forward_s,
                      const std::vector<double>& backward_s, int microBatches)
{
    const std::size_t p = forward_s.size();
    const auto m = static_cast<std::size_t>(microBatches);
    constexpr double kNotYet = std::numeric_limits<double>::infinity();
    // End of F_j and B_j on every stage (infinity: not run yet).
    std::vector<std::vector<double>> fEnd(p, std::vector<double>(m, kNotYet));
    std::vector<std::vector<double>> bEnd(p, std::vector<double>(m, kNotYet));
    std::vector<std::vector<PipelineOp>> ops(p);
    for (std::size_t s = 0; s < p; ++s)
        ops[s] = pipelineSchedule(schedule, static_cast<int>(s), static_cast<int>(p), microBatches);
    std::vector<std::size_t> next(p, 0);
    std::vector<double> free(p, 0.0);
    double end = 0.0;
    for (bool progress = true; progress;) {
        progress = false;
        for (std::size_t s = 0; s < p; ++s) {
            while (next[s] < ops[s].size()) {
                const PipelineOp op = ops[s][next[s]];
                const auto j = static_cast<std::size_t>(op.micro_batch);
                const double ready = op.forward ? (s == 0 ? 0.0 : fEnd[s - 1][j])
                                                : (s + 1 == p ? fEnd[s][j] : bEnd[s + 1][j]);
                if (ready == kNotYet)
                    break;
                const double start = std::max(free[s], ready);
                free[s] = start + (op.forward ? forward_s[s] : backward_s[s]);
                (op.forward ? fEnd : bEnd)[s][j] = free[s];
                end = std::max(end, free[s]);
                ++next[s];
                progress = true;
            }
        }
    }
    return end;
}

} // namespace meridian::experiment
