#pragma once
// The declarative experiment of a .topo file (the "experiment" object: docs/experiments.md,
// docs/file-format.md §2).
//
// Four kinds:
//  * "training" (default): data-parallel training of a model across compute centres:
//    broadcast of weights and dataset shards, then per iteration compute, intra-centre
//    collective, inter-centre collective and parameter update.
//  * "collective": one collective among explicit participants, repeated (compare nccl-tests).
//  * "p2p": one point-to-point transfer, repeated (compare iperf).
//  * "traffic": no training, only the background traffic of the "traffic" section (a WAN
//    map under load). Every kind may have a "traffic" section (docs/traffic.md).
// parseExperiment() validates everything against the topology and reports InputError with
// the JSON path ("/experiment/inter_center/collective") and the problem. Keys, defaults and
// ranges come from the option table (meridian/experiment/OptionTable.hpp); protocols and TCP
// settings are the network's own types (net::Protocol, net::NetworkConfig).

#include "meridian/collective/CommSettings.hpp"
#include "meridian/control/ControlPlane.hpp"
#include "meridian/control/Trigger.hpp"
#include "meridian/experiment/StrategySpec.hpp"
#include "meridian/net/NetworkConfig.hpp"
#include "meridian/net/Protocol.hpp"
#include "meridian/topology/Topology.hpp"
#include "meridian/traffic/TrafficSpec.hpp"

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace meridian::experiment {

enum class ExperimentKind
{
    Training,
    Collective,
    P2p,
    Traffic
};

struct CollectivePhaseSpec
{
    std::string collective = "ring"; ///< algorithm name (collective::algorithmFromString)
    net::Protocol protocol = net::Protocol::Tcp;
    int chunks = 0; ///< pipelining chunks per block; 0 = NCCL's (collective::applyCommSettings)
    /// inter_center only: explicit ring order of centre ids (empty = topology-aware). Rejected
    /// for intra_center, whose ranks run in node-id order.
    std::vector<std::string> order;
    /// inter_center "hierarchical" only: the WAN gateway rank (node id) of every centre with
    /// GPUs, in centre order; selects the gateway form. Empty = the builder's choice.
    std::vector<std::string> gateways;
};

struct TrainingSpec
{
    nlohmann::json model; ///< {"preset": "..."} or {"file": "..."} (relative to the .topo)
    std::string dataset_name;
    double dataset_bytes = 0.0; ///< total dataset size, split into equal shards per centre
    /// "data": every centre trains a replica; "pipeline": the model's layers are cut into
    /// stages, one per centre, and micro-batches flow through them (docs/strategies.md).
    std::string mode = "data";
    /// Pipeline: the stages' centres, stage 0 first (empty: placed by the helper,
    /// pipelineStageCentres in PipelinePlan.hpp, from stage_count).
    std::vector<std::string> stages;
    int stage_count = 0;   ///< pipeline: number of stages when `stages` is a count (0 = all)
    int micro_batches = 8; ///< pipeline: micro-batches per iteration (m)
    std::string schedule = "1f1b"; ///< pipeline: "1f1b" (PipeDream-Flush) or "gpipe"
    /// Tensor parallelism t (Megatron-LM) inside every server: each layer's matmuls split over
    /// t GPUs of one server; 1 = none (docs/strategies.md, "Tensor parallelism").
    int tensor = 1;
    double global_batch_tokens = 4194304.0;
    int seq_len = 8192;
    std::string dtype = "bf16"; ///< weights/gradients dtype on the wire
    int zero_stage = 0;
    double mfu = 0.4; ///< model FLOPs utilisation for the roofline compute model
    bool activation_recompute = false;
    /// "error": a model that does not fit a centre's GPU memory stops the run before it starts;
    /// "warn": it runs, with a warning (TrainingCheck.hpp).
    std::string memory_check = "error";
    std::string source;                       ///< centre that holds the model and dataset at t = 0
    std::string broadcast_algorithm = "ring"; ///< NCCL's broadcast (docs/collectives.md)
    net::Protocol broadcast_protocol = net::Protocol::Tcp;
    bool broadcast_dataset = true;
    int broadcast_chunks = 0; ///< pipelining chunks of the weight broadcast; 0 = NCCL's
    CollectivePhaseSpec intra_center{"ring", net::Protocol::Tcp, 0, {}, {}};
    CollectivePhaseSpec inter_center{"ring", net::Protocol::Tcp, 0, {}, {}};
    double update_s = -1.0; ///< optimizer step time; < 0 = from the compute model
    StrategySpec strategy;  ///< data (default), overlap, DiLoCo, compression (StrategySpec.hpp)

    bool pipeline() const { return mode == "pipeline"; }
};

struct MicroBenchmarkSpec
{
    std::string operation = "allreduce"; ///< collective kinds; "p2p" for point-to-point
    std::string algorithm = "ring";
    std::vector<std::string> participants; ///< node ids (collective) or {from, to} (p2p)
    double bytes = 0.0;
    net::Protocol protocol = net::Protocol::Tcp;
    int repeat = 1; ///< timed repetitions (nccl-tests -n)
    /// Repetitions run first and reported apart, not in the mean (nccl-tests -w).
    int warmup = 0;
    int chunks = 0; ///< 0 = NCCL's
    /// p2p only: parallel TCP connections sharing the bytes equally (iperf3 -P).
    int streams = 1;
};

struct ExperimentSpec
{
    ExperimentKind kind = ExperimentKind::Training;
    TrainingSpec training;
    MicroBenchmarkSpec bench;
    /// TCP settings of the hosts (the "transport" object sets mss_bytes,
    /// initial_window_segments, max_window_bytes, min_rto_s, slow_start_after_idle; the rest
    /// keeps the network's defaults). The runner adds the seed and sampling of the run.
    net::NetworkConfig transport;
    /// How collectives move their bytes (the "comm" object: NCCL's channels, buffer, steps,
    /// sockets; defaults are NCCL's).
    collective::CommSettings comm;
    /// The multi-centre control plane (training only): on when the experiment has a
    /// "control_plane" object (unless its "enabled" is false) or triggers.
    bool control_enabled = false;
    control::ControlSettings control;
    std::vector<control::Trigger> triggers;
    /// Background traffic generators (the "traffic" object; empty = none).
    traffic::TrafficSpec traffic;
    int iterations = 1;
    std::uint64_t seed = 1;
    /// Warnings about the experiment that the CLI prints and results record.
    std::vector<std::string> warnings;
};

std::string_view toString(ExperimentKind k);

/// Parses and checks the "experiment" object against the topology. `fileLabel` names the
/// file in errors. Throws InputError (file, "/experiment/...", problem).
ExperimentSpec parseExperiment(const nlohmann::json& experiment, const topology::Topology& topo,
                               const std::string& fileLabel);

} // namespace meridian::experiment
