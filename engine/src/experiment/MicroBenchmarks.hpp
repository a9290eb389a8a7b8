#pragma once
// The micro-benchmark kinds (private to the experiment module): one collective among explicit
// participants ("collective", compare nccl-tests) or one point-to-point transfer ("p2p",
// compare iperf), `repeat` times back to back, each repetition one phase.
//
//   mean_s = Σ repetitions / repeat,   algbw = bytes · 8 / mean_s / 10⁹ (Gbit/s),
//   busbw = algbw × NCCL's bus factor of the operation over n ranks (2(n−1)/n all-reduce;
//           (n−1)/n all-gather, reduce-scatter, all-to-all; 1 broadcast, reduce, p2p).
// A ring or pipelined chain runs in topology-aware order; a hierarchical collective groups
// the participants by the centre they belong to (their parent, else themselves).

#include "PhaseDriver.hpp"
#include "RunEngine.hpp"
#include "meridian/experiment/ExperimentSpec.hpp"
#include "meridian/experiment/Results.hpp"

#include <string>

namespace meridian::experiment {

/// Runs the micro-benchmark of `spec` (kind Collective or P2p) and fills results.collective.
/// Throws InputError (file, JSON path, problem) for unreachable participants or a collective
/// the builder rejects, before the first repetition.
void runMicroBenchmark(const ExperimentSpec& spec, RunEngine& engine, PhaseDriver& phases,
                       Results& results, const std::string& file);

} // namespace meridian::experiment
