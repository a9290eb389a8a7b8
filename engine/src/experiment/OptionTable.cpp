#include "meridian/experiment/OptionTable.hpp"

#include "meridian/core/Error.hpp"
#include "meridian/core/Units.hpp"

#include <algorithm>
#include <cmath>

namespace meridian::experiment {
namespace {

struct Range
{
    std::optional<double> min;
    bool min_inclusive = true;
    std::optional<double> max;
    bool max_inclusive = true;
};

OptionInfo numeric(std::string key, std::string label, OptionType type, std::string unit,
                   double default_value, Range range, unsigned kinds, std::string help)
{
    OptionInfo o;
    o.key = std::move(key);
    o.label = std::move(label);
    o.type = type;
    o.unit = std::move(unit);
    o.default_value = default_value;
    o.min = range.min;
    o.min_inclusive = range.min_inclusive;
    o.max = range.max;
    o.max_inclusive = range.max_inclusive;
    o.kinds = kinds;
    o.help = std::move(help);
    return o;
}

OptionInfo other(std::string key, std::string label, OptionType type, std::string default_text,
                 unsigned kinds, std::string help)
{
    OptionInfo o;
    o.key = std::move(key);
    o.label = std::move(label);
    o.type = type;
    o.default_text = std::move(default_text);
    o.kinds = kinds;
    o.help = std::move(help);
    return o;
}

OptionInfo choice(std::string key, std::string label, std::vector<std::string> choices,
                  std::string default_text, unsigned kinds, std::string help)
{
    OptionInfo o = other(std::move(key), std::move(label), OptionType::Choice,
                         std::move(default_text), kinds, std::move(help));
    o.choices = std::move(choices);
    return o;
}

OptionInfo boolean(std::string key, bool default_value, unsigned kinds, std::string help)
{
    OptionInfo o = other(std::move(key), "", OptionType::Boolean, default_value ? "true" : "false",
                         kinds, std::move(help));
    o.default_value = default_value ? 1.0 : 0.0;
    return o;
}

/// `o` with a default that is derived at run time rather than a constant.
OptionInfo derivedDefault(OptionInfo o, std::string how)
{
    o.default_text = std::move(how);
    return o;
}

/// `o` whose file numbers are `si_scale` × the spec's unit.
OptionInfo withScale(OptionInfo o, double si_scale)
{
    o.si_scale = si_scale;
    return o;
}

/// `o` with a hint for values outside its range.
OptionInfo withRangeHint(OptionInfo o, std::string hint)
{
    o.range_hint = std::move(hint);
    return o;
}

std::vector<std::string> protocolChoices()
{
    std::vector<std::string> out;
    out.reserve(net::kAllProtocols.size());
    for (net::Protocol p : net::kAllProtocols)
        out.emplace_back(net::toString(p));
    return out;
}

OptionInfo protocol(std::string key, net::Protocol default_value, unsigned kinds, std::string help)
{
    return choice(std::move(key), "protocol", protocolChoices(),
                  std::string(net::toString(default_value)), kinds, std::move(help));
}

constexpr double kMaxChunks = 4096;
constexpr double kMaxSeed = 9007199254740991.0; // 2^53 − 1: every seed survives JSON exactly

constexpr Range kChunks{0.0, true, kMaxChunks, true};

/// A phase's "chunks": 0 (the default) lets NCCL's slicing decide.
OptionInfo chunksOption(std::string key, int default_value, unsigned kinds, std::string help)
{
    return withRangeHint(derivedDefault(numeric(std::move(key), "chunks", OptionType::Integer, "",
                                                default_value, kChunks, kinds, std::move(help)),
                                        "NCCL's (0)"),
                         "0 = NCCL's slicing");
}
using T = OptionType;

/// Keys of every kind.
std::vector<OptionInfo> commonOptions()
{
    const ExperimentSpec e;
    return {
        choice("kind", "experiment kind", {"training", "collective", "p2p"},
               std::string(toString(e.kind)), kAllKinds,
               "what runs: data-parallel training, one collective, or one transfer"),
        numeric("iterations", "iterations", T::Integer, "", e.iterations, {1.0, true, 1e6, true},
                kAllKinds, "training iterations (--iterations overrides)"),
        numeric("seed", "seed", T::Integer, "", static_cast<double>(e.seed),
                {0.0, true, kMaxSeed, true}, kAllKinds,
                "random seed of loss and jitter (--seed overrides)"),
        other("triggers", "triggers", T::Any, "", kTraining,
              "control-plane event triggers: at a time, at an iteration or on a link condition, "
              "switch the collective or routing, change or fail a link or a centre "
              "(docs/control-plane.md)"),
    };
}

std::vector<OptionInfo> trainingOptions()
{
    const TrainingSpec t;
    return {
        other("model", "model", T::Object, "", kTraining,
              R"(the model trained: exactly one of {"preset": NAME} or {"file": PATH})"),
        other("model.preset", "model preset", T::Text, "", kTraining, "a model of presets/models/"),
        other("model.file", "model file", T::Text, "", kTraining,
              "a model file (HF config.json, safetensors, ONNX), relative to the .topo"),
        other("dataset", "dataset", T::Object, "", kTraining, "the training data"),
        other("dataset.name", "dataset name", T::Text, t.dataset_name, kTraining, "label only"),
        withScale(numeric("dataset.size_gb", "dataset size", T::Size, "GB", t.dataset_bytes / 1e9,
                          {0.0, true, std::nullopt, true}, kTraining,
                          "total dataset (a number is in GB, 1e9 bytes), sent as one equal "
                          "shard per other centre during broadcast"),
                  1e9),
        other("parallelism", "parallelism", T::Object, "", kTraining, "how the model is trained"),
        choice("parallelism.mode", "parallelism mode", {"data"}, t.mode, kTraining,
               "parallelism simulated: only data parallelism"),
        numeric("parallelism.global_batch_tokens", "global batch", T::Number, "tokens",
                t.global_batch_tokens, {1.0, true, 1e15, true}, kTraining,
                "tokens per iteration over all GPUs"),
        numeric("parallelism.seq_len", "sequence length", T::Integer, "tokens", t.seq_len,
                {1.0, true, 1e7, true}, kTraining,
                "sequence length of the compute and memory models"),
        choice("parallelism.dtype", "dtype", {"bf16", "fp16", "fp32", "fp8"}, t.dtype, kTraining,
               "element type of weights and gradients on the wire"),
        numeric("parallelism.zero_stage", "ZeRO stage", T::Integer, "", t.zero_stage,
                {0.0, true, 3.0, true}, kTraining, "ZeRO stage inside a centre"),
        numeric("parallelism.mfu", "MFU", T::Number, "", t.mfu, {0.0, false, 1.0, true}, kTraining,
                "model FLOPs utilisation of the roofline compute model"),
        boolean("parallelism.activation_recompute", t.activation_recompute, kTraining,
                "recompute activations in the backward pass"),
        other("source", "source centre", T::NodeId, "the first centre", kTraining,
              "the centre (node of kind center) that holds the weights and dataset at t = 0"),
        other("broadcast", "broadcast", T::Object, "", kTraining,
              "the initial broadcast of weights and dataset"),
        other("broadcast.algorithm", "broadcast algorithm", T::Text, t.broadcast_algorithm,
              kTraining, "broadcast of the weights among the centres' lead ranks"),
        protocol("broadcast.protocol", t.broadcast_protocol, kTraining,
                 "protocol of the weight and dataset transfers"),
        boolean("broadcast.dataset", t.broadcast_dataset, kTraining,
                "also send the dataset shards"),
        chunksOption("broadcast.chunks", t.broadcast_chunks, kTraining,
                     "pipelining chunks of the weight broadcast"),
        other("intra_center", "intra_center", T::Object, "", kTraining,
              "the gradient all-reduce among a centre's ranks"),
        other("intra_center.collective", "collective", T::Text, t.intra_center.collective,
              kTraining, "all-reduce algorithm among a centre's ranks"),
        protocol("intra_center.protocol", t.intra_center.protocol, kTraining,
                 "protocol inside a centre, also of the in-centre broadcast of the result"),
        chunksOption("intra_center.chunks", t.intra_center.chunks, kTraining,
                     "pipelining chunks of the intra-centre all-reduce"),
        other("inter_center", "inter_center", T::Object, "", kTraining,
              "the gradient all-reduce among the centres"),
        other("inter_center.collective", "collective", T::Text, t.inter_center.collective,
              kTraining, "all-reduce algorithm among the centres' lead ranks, or hierarchical"),
        protocol("inter_center.protocol", t.inter_center.protocol, kTraining, "WAN protocol"),
        chunksOption("inter_center.chunks", t.inter_center.chunks, kTraining,
                     "pipelining chunks of the inter-centre all-reduce"),
        other("inter_center.gateways", "gateways", T::NodeIds, "", kTraining,
              "hierarchical only: the WAN gateway rank of every centre with GPUs"),
        other("inter_center.order", "order", T::NodeIds, "topology-aware", kTraining,
              "explicit ring / chain order of the centres"),
        withRangeHint(
            derivedDefault(numeric("update_s", "optimiser step", T::Duration, "s", t.update_s,
                                   {0.0, true, std::nullopt, true}, kTraining,
                                   "optimiser step time per iteration, replacing the estimate "
                                   "from the device's HBM bandwidth"),
                           "from the device"),
            "leave it out to derive the step from the device"),
    };
}

std::vector<OptionInfo> microBenchmarkOptions()
{
    const MicroBenchmarkSpec b;
    return {
        other("operation", "collective operation", T::Text, b.operation, kCollective,
              "allreduce, allgather, reducescatter, broadcast, reduce or alltoall"),
        other("algorithm", "algorithm", T::Text, b.algorithm, kCollective,
              "collective algorithm (default ring; binomial for broadcast and reduce, direct "
              "for alltoall)"),
        other("participants", "participants", T::NodeIds, "", kCollective,
              "the collective's ranks (at least two different nodes)"),
        other("from", "sender", T::NodeId, "", kP2p, "the sending node"),
        other("to", "receiver", T::NodeId, "", kP2p, "the receiving node"),
        numeric("bytes", "size", T::Size, "bytes", b.bytes, {0.0, false, std::nullopt, true},
                kMicroBenchmarks, "bytes of the collective or transfer (required)"),
        protocol("protocol", b.protocol, kMicroBenchmarks, "protocol of every transfer"),
        numeric("repeat", "repetitions", T::Integer, "", b.repeat, {1.0, true, 1e5, true},
                kMicroBenchmarks, "repetitions, back to back"),
        chunksOption("chunks", b.chunks, kMicroBenchmarks, "pipelining chunks per block"),
        numeric("streams", "parallel streams", T::Integer, "", b.streams, {1.0, true, 128.0, true},
                kP2p, "parallel connections sharing the bytes equally (iperf3 -P)"),
    };
}

/// The "transport" object: TCP settings of every host, defaults from net::NetworkConfig.
std::vector<OptionInfo> transportOptions()
{
    const net::NetworkConfig n;
    return {
        other("transport", "transport", T::Object, "", kAllKinds, "TCP settings of every host"),
        numeric("transport.mss_bytes", "MSS", T::Size, "bytes", n.mss_bytes,
                {64.0, true, 65495.0, true}, kAllKinds, "TCP segment payload"),
        numeric("transport.initial_window_segments", "initial window", T::Integer, "segments",
                n.initial_window_segments, {1.0, true, 1000.0, true}, kAllKinds,
                "RFC 6928 initial window"),
        withRangeHint(numeric("transport.max_window_bytes", "window cap", T::Size, "bytes",
                              n.max_window_bytes, {0.0, true, std::nullopt, true}, kAllKinds,
                              "receive-window cap (Linux tcp_rmem[2]); 0 = unlimited"),
                      "0 = unlimited"),
        numeric("transport.min_rto_s", "minimum RTO", T::Duration, "s", n.min_rto_s,
                {0.0, false, std::nullopt, true}, kAllKinds,
                "minimum retransmission timeout (Linux)"),
        numeric("transport.delayed_ack_b", "segments per ACK", T::Number, "", n.delayed_ack_b,
                {1.0, true, 8.0, true}, kAllKinds,
                "Reno: segments acknowledged per ACK that grows cwnd (b): 1 = Linux's byte "
                "counting, 2 = one increment per delayed ACK (RFC 5681 without RFC 3465)"),
        boolean("transport.slow_start_after_idle", n.slow_start_after_idle, kAllKinds,
                "RFC 2861 / Linux tcp_slow_start_after_idle"),
        choice("transport.congestion_control", "congestion control", {"cubic", "reno"},
               n.congestion_control == net::CongestionControl::Cubic ? "cubic" : "reno", kAllKinds,
               "TCP congestion control (Linux tcp_congestion_control; cubic is Linux's)"),
        choice("transport.loss_model", "random loss", {"sampled", "mean"},
               n.loss_model == net::LossModel::Sampled ? "sampled" : "mean", kAllKinds,
               "where random losses fall: sampled from the seed (one run), or every loss at "
               "the mean spacing MSS/p (no run is unlucky)"),
    };
}

/// The "comm" object: how collectives move their bytes, NCCL's defaults (CommSettings.hpp).
std::vector<OptionInfo> commOptions()
{
    const collective::CommSettings c;
    return {
        other("comm", "comm", T::Object, "", kAllKinds,
              "how collectives move their bytes (NCCL's channels, buffers, sockets)"),
        numeric("comm.channels", "channels", T::Integer, "", c.channels, {1.0, true, 64.0, true},
                kAllKinds, "parallel rings/trees, each with its own connections (NCCL: 2 per NIC)"),
        numeric("comm.buffsize_bytes", "buffer", T::Size, "bytes", c.buffsize_bytes,
                {4096.0, true, 1073741824.0, true}, kAllKinds,
                "per-connection buffer of the Simple protocol (NCCL_BUFFSIZE)"),
        numeric("comm.steps", "steps", T::Integer, "", c.steps, {4.0, true, 64.0, true}, kAllKinds,
                "slots of the buffer (NCCL_STEPS); ring operations send 2-slot slices"),
        numeric("comm.sockets", "sockets", T::Integer, "", c.sockets, {1.0, true, 64.0, true},
                kAllKinds,
                "TCP sockets per connection (NCCL_SOCKET_NTHREADS × NCCL_NSOCKS_PERTHREAD)"),
    };
}

/// The "control_plane" object: the coordinators' protocol (control/ControlPlane.hpp).
std::vector<OptionInfo> controlOptions()
{
    const control::ControlSettings c;
    return {
        other("control_plane", "control plane", T::Object, "", kTraining,
              "centres coordinate each iteration by control messages over the WAN "
              "(docs/control-plane.md); absent = one global clock"),
        boolean("control_plane.enabled", true, kTraining,
                "simulate the control plane (false = one global clock)"),
        choice("control_plane.messages", "message path", {"network", "instant"}, "network",
               kTraining,
               "network: delay, jitter and loss of the route between coordinators; instant: "
               "none (the global clock)"),
        numeric("control_plane.message_bytes", "message size", T::Size, "bytes", c.message_bytes,
                {1.0, true, 65536.0, true}, kTraining, "size of one control message on the wire"),
        choice("control_plane.sync", "synchronisation", {"barrier", "local"}, "barrier", kTraining,
               "barrier: every centre starts an iteration after all applied the last update; "
               "local: a centre runs ahead up to max_lead_iterations"),
        numeric("control_plane.max_lead_iterations", "lead", T::Integer, "", c.max_lead_iterations,
                {0.0, true, 16.0, true}, kTraining,
                "local sync: committed versions a centre may run ahead of its model"),
        numeric("control_plane.heartbeat_interval_s", "heartbeat interval", T::Number, "s",
                c.heartbeat_interval_s, {0.001, true, 60.0, true}, kTraining,
                "coordinators' heartbeat period (and the triggers' condition check)"),
        numeric("control_plane.failure_timeout_s", "failure timeout", T::Number, "s",
                c.failure_timeout_s, {0.001, true, 3600.0, true}, kTraining,
                "silence after which a centre is suspected failed"),
        choice("control_plane.on_failure", "failure policy", {"reform", "stop"}, "reform",
               kTraining, "reform: continue without the failed centre (needs a majority); stop"),
        numeric("control_plane.min_rto_s", "minimum RTO", T::Number, "s", c.min_rto_s,
                {0.001, true, 10.0, true}, kTraining,
                "floor of the control messages' retransmission timer (Linux TCP_RTO_MIN)"),
    };
}

std::vector<OptionInfo> makeTable()
{
    std::vector<OptionInfo> table = commonOptions();
    for (auto part : {trainingOptions(), microBenchmarkOptions(), transportOptions(), commOptions(),
                      controlOptions()})
        table.insert(table.end(), part.begin(), part.end());
    return table;
}

} // namespace

bool OptionInfo::accepts(double value) const
{
    if (!std::isfinite(value))
        return false;
    if (min && (min_inclusive ? value < *min : value <= *min))
        return false;
    return !(max && (max_inclusive ? value > *max : value >= *max));
}

bool OptionInfo::acceptsText(std::string_view text) const
{
    return type != OptionType::Choice ||
           std::find(choices.begin(), choices.end(), text) != choices.end();
}

std::string OptionInfo::rangeText() const
{
    return units::formatRange(min, min_inclusive, max, max_inclusive);
}

std::string OptionInfo::choicesText() const
{
    std::string out;
    for (std::size_t i = 0; i < choices.size(); ++i)
        out += (i == 0 ? "" : i + 1 == choices.size() ? " or " : ", ") + choices[i];
    return out;
}

const std::vector<OptionInfo>& experimentOptionTable()
{
    static const std::vector<OptionInfo> table = makeTable();
    return table;
}

const OptionInfo* findExperimentOption(std::string_view key)
{
    const auto& table = experimentOptionTable();
    auto it = std::find_if(table.begin(), table.end(), [&](const auto& o) { return o.key == key; });
    return it == table.end() ? nullptr : &*it;
}

const OptionInfo& experimentOption(std::string_view key)
{
    const OptionInfo* o = findExperimentOption(key);
    MERIDIAN_ASSERT(o != nullptr, "experiment option missing from the option table");
    return *o;
}

} // namespace meridian::experiment
