#include "meridian/experiment/OptionTable.hpp"

#include "meridian/core/Error.hpp"
#include "meridian/core/Units.hpp"

#include <algorithm>
#include <type_traits>

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
    o.whole = type == OptionType::Integer;
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

// ----------------------------------------------------------------------------------------
// Bindings: `ref` is a generic lambda that names the spec field, [](auto& s) -> auto& {
// return s.comm.channels; }, so the one expression serves the reader (a mutable spec) and
// the getter (a const one).

/// `o` bound to the plain spec field `ref` names: a number (int or double, in the spec's
/// unit), a bool, or a string (which, for a Choice, must be one of the row's choices).
template <class Ref> OptionInfo bound(OptionInfo o, Ref ref)
{
    o.bind.get = [ref](const ExperimentSpec& s) -> OptionValue {
        const auto& v = ref(s);
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, bool> || std::is_same_v<T, std::string>)
            return v;
        else
            return static_cast<double>(v);
    };
    o.bind.set = [ref, rule = static_cast<const ValueRule&>(o)](ExperimentSpec& s,
                                                                const OptionValue& v) {
        auto& field = ref(s);
        using T = std::decay_t<decltype(field)>;
        if constexpr (std::is_same_v<T, bool>) {
            field = std::get<bool>(v);
        } else if constexpr (std::is_same_v<T, std::string>) {
            if (!rule.acceptsText(std::get<std::string>(v)))
                return false;
            field = std::get<std::string>(v);
        } else {
            field = static_cast<T>(std::get<double>(v));
        }
        return true;
    };
    return o;
}

/// `o`, a Choice, bound to the field `ref` names: choice i is `values[i]`.
template <class Ref, class E> OptionInfo boundChoice(OptionInfo o, Ref ref, std::vector<E> values)
{
    MERIDIAN_ASSERT(values.size() == o.choices.size(), "one value per choice");
    o.bind.get = [ref, values, choices = o.choices](const ExperimentSpec& s) -> OptionValue {
        const auto it = std::find(values.begin(), values.end(), ref(s));
        return it == values.end() ? std::string() : choices[std::size_t(it - values.begin())];
    };
    o.bind.set = [ref, values, choices = o.choices](ExperimentSpec& s, const OptionValue& v) {
        const auto it = std::find(choices.begin(), choices.end(), std::get<std::string>(v));
        if (it == choices.end())
            return false;
        ref(s) = values[std::size_t(it - choices.begin())];
        return true;
    };
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

/// A protocol option bound to the field `ref` names; the network's parser also takes its
/// aliases ("rdma", "custom-gbn"), its canonical names are the choices.
template <class Ref>
OptionInfo protocol(std::string key, net::Protocol default_value, unsigned kinds, std::string help,
                    Ref ref)
{
    OptionInfo o = choice(std::move(key), "protocol", protocolChoices(),
                          std::string(net::toString(default_value)), kinds, std::move(help));
    o.bind.get = [ref](const ExperimentSpec& s) -> OptionValue {
        return std::string(net::toString(ref(s)));
    };
    o.bind.set = [ref](ExperimentSpec& s, const OptionValue& v) {
        const auto p = net::protocolFromString(std::get<std::string>(v));
        if (p)
            ref(s) = *p;
        return p.has_value();
    };
    return o;
}

constexpr double kMaxChunks = 4096;
constexpr double kMaxSeed = 9007199254740991.0; // 2^53 − 1: every seed survives JSON exactly

constexpr Range kChunks{0.0, true, kMaxChunks, true};

/// A phase's "chunks": 0 (the default) lets NCCL's slicing decide.
template <class Ref>
OptionInfo chunksOption(std::string key, int default_value, unsigned kinds, std::string help,
                        Ref ref)
{
    return bound(
        withRangeHint(derivedDefault(numeric(std::move(key), "chunks", OptionType::Integer, "",
                                             default_value, kChunks, kinds, std::move(help)),
                                     "NCCL's (0)"),
                      "0 = NCCL's slicing"),
        ref);
}
using T = OptionType;

/// Keys of every kind.
std::vector<OptionInfo> commonOptions()
{
    const ExperimentSpec e;
    return {
        choice("kind", "experiment kind", {"training", "collective", "p2p", "traffic"},
               std::string(toString(e.kind)), kAllKinds,
               "what runs: data-parallel training, one collective, one transfer, or only the "
               "background traffic"),
        bound(
            numeric("iterations", "iterations", T::Integer, "", e.iterations,
                    {1.0, true, 1e6, true}, kAllKinds,
                    "training iterations (--iterations overrides)"),
            [](auto& s) -> auto& { return s.iterations; }),
        bound(
            numeric("seed", "seed", T::Integer, "", static_cast<double>(e.seed),
                    {0.0, true, kMaxSeed, true}, kAllKinds,
                    "random seed of loss and jitter (--seed overrides)"),
            [](auto& s) -> auto& { return s.seed; }),
        other("traffic", "traffic", T::Object, "", kAllKinds,
              "background traffic generators on the links: cbr, poisson, on_off, bulk, trace "
              "(docs/traffic.md)"),
        other("triggers", "triggers", T::Any, "", kTraining,
              "control-plane event triggers: at a time, at an iteration or on a link condition, "
              "switch the collective or routing, change or fail a link or a centre "
              "(docs/control-plane.md)"),
    };
}

/// The model, the dataset and how the model is trained.
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
        bound(
            other("dataset.name", "dataset name", T::Text, t.dataset_name, kTraining, "label only"),
            [](auto& s) -> auto& { return s.training.dataset_name; }),
        bound(
            withScale(numeric("dataset.size_gb", "dataset size", T::Size, "GB",
                              t.dataset_bytes / 1e9, {0.0, true, std::nullopt, true}, kTraining,
                              "total dataset (a number is in GB, 1e9 bytes), sent as one equal "
                              "shard per other centre during broadcast"),
                      1e9),
            [](auto& s) -> auto& { return s.training.dataset_bytes; }),
        other("parallelism", "parallelism", T::Object, "", kTraining, "how the model is trained"),
        bound(
            choice("parallelism.mode", "parallelism mode", {"data", "pipeline"}, t.mode, kTraining,
                   "data: every centre trains a replica; pipeline: the layers cut into stages, "
                   "one per centre, micro-batches sent stage to stage over the WAN"),
            [](auto& s) -> auto& { return s.training.mode; }),
        other("parallelism.stages", "stages", T::NodeIds,
              "every centre with GPUs, the source first", kTraining,
              "pipeline: the centres of stages 0, 1, … (a list of centre ids), or a number of "
              "stages placed on the source centre and then the other centres with GPUs in file "
              "order"),
        bound(
            numeric("parallelism.micro_batches", "micro-batches", T::Integer, "", t.micro_batches,
                    {1.0, true, 1e5, true}, kTraining,
                    "pipeline: micro-batches m the global batch is cut into"),
            [](auto& s) -> auto& { return s.training.micro_batches; }),
        bound(
            choice("parallelism.schedule", "pipeline schedule", {"1f1b", "gpipe"}, t.schedule,
                   kTraining,
                   "pipeline: 1f1b (one forward, one backward; PipeDream-Flush / Megatron-LM) or "
                   "gpipe (all forwards, then all backwards)"),
            [](auto& s) -> auto& { return s.training.schedule; }),
        bound(
            numeric("parallelism.tensor", "tensor parallel", T::Integer, "", t.tensor,
                    {1.0, true, 64.0, true}, kTraining,
                    "t, GPUs of one server that split every layer (Megatron-LM tensor "
                    "parallelism; must divide the GPUs of every server); 1 = none"),
            [](auto& s) -> auto& { return s.training.tensor; }),
        bound(
            numeric("parallelism.global_batch_tokens", "global batch", T::Number, "tokens",
                    t.global_batch_tokens, {1.0, true, 1e15, true}, kTraining,
                    "tokens per iteration over all GPUs"),
            [](auto& s) -> auto& { return s.training.global_batch_tokens; }),
        bound(
            numeric("parallelism.seq_len", "sequence length", T::Integer, "tokens", t.seq_len,
                    {1.0, true, 1e7, true}, kTraining,
                    "sequence length of the compute and memory models"),
            [](auto& s) -> auto& { return s.training.seq_len; }),
        bound(
            choice("parallelism.dtype", "dtype", {"bf16", "fp16", "fp32", "fp8"}, t.dtype,
                   kTraining, "element type of weights and gradients on the wire"),
            [](auto& s) -> auto& { return s.training.dtype; }),
        bound(
            numeric("parallelism.zero_stage", "ZeRO stage", T::Integer, "", t.zero_stage,
                    {0.0, true, 3.0, true}, kTraining, "ZeRO stage inside a centre"),
            [](auto& s) -> auto& { return s.training.zero_stage; }),
        bound(
            numeric("parallelism.mfu", "MFU", T::Number, "", t.mfu, {0.0, false, 1.0, true},
                    kTraining, "model FLOPs utilisation of the roofline compute model"),
            [](auto& s) -> auto& { return s.training.mfu; }),
        bound(
            boolean("parallelism.activation_recompute", t.activation_recompute, kTraining,
                    "recompute activations in the backward pass"),
            [](auto& s) -> auto& { return s.training.activation_recompute; }),
        bound(
            choice("parallelism.memory_check", "memory check", {"error", "warn"}, t.memory_check,
                   kTraining,
                   "a model that does not fit a centre's GPU memory: error (the run does not "
                   "start) or warn (it runs, for what-if studies of the network)"),
            [](auto& s) -> auto& { return s.training.memory_check; }),
        other("source", "source centre", T::NodeId, "the first centre", kTraining,
              "the centre (node of kind center) that holds the weights and dataset at t = 0"),
    };
}

/// The broadcast, the two all-reduce phases and the optimiser step.
std::vector<OptionInfo> phaseOptions()
{
    const TrainingSpec t;
    return {
        other("broadcast", "broadcast", T::Object, "", kTraining,
              "the initial broadcast of weights and dataset"),
        bound(
            other("broadcast.algorithm", "broadcast algorithm", T::Text, t.broadcast_algorithm,
                  kTraining, "broadcast of the weights among the centres' lead ranks"),
            [](auto& s) -> auto& { return s.training.broadcast_algorithm; }),
        protocol(
            "broadcast.protocol", t.broadcast_protocol, kTraining,
            "protocol of the weight and dataset transfers",
            [](auto& s) -> auto& { return s.training.broadcast_protocol; }),
        bound(
            boolean("broadcast.dataset", t.broadcast_dataset, kTraining,
                    "also send the dataset shards"),
            [](auto& s) -> auto& { return s.training.broadcast_dataset; }),
        chunksOption(
            "broadcast.chunks", t.broadcast_chunks, kTraining,
            "pipelining chunks of the weight broadcast",
            [](auto& s) -> auto& { return s.training.broadcast_chunks; }),
        other("intra_center", "intra_center", T::Object, "", kTraining,
              "the gradient all-reduce among a centre's ranks"),
        bound(
            other("intra_center.collective", "collective", T::Text, t.intra_center.collective,
                  kTraining, "all-reduce algorithm among a centre's ranks"),
            [](auto& s) -> auto& { return s.training.intra_center.collective; }),
        protocol(
            "intra_center.protocol", t.intra_center.protocol, kTraining,
            "protocol inside a centre, also of the in-centre broadcast of the result",
            [](auto& s) -> auto& { return s.training.intra_center.protocol; }),
        chunksOption(
            "intra_center.chunks", t.intra_center.chunks, kTraining,
            "pipelining chunks of the intra-centre all-reduce",
            [](auto& s) -> auto& { return s.training.intra_center.chunks; }),
        other("inter_center", "inter_center", T::Object, "", kTraining,
              "the gradient all-reduce among the centres"),
        bound(
            other("inter_center.collective", "collective", T::Text, t.inter_center.collective,
                  kTraining, "all-reduce algorithm among the centres' lead ranks, or hierarchical"),
            [](auto& s) -> auto& { return s.training.inter_center.collective; }),
        protocol(
            "inter_center.protocol", t.inter_center.protocol, kTraining, "WAN protocol",
            [](auto& s) -> auto& { return s.training.inter_center.protocol; }),
        chunksOption(
            "inter_center.chunks", t.inter_center.chunks, kTraining,
            "pipelining chunks of the inter-centre all-reduce",
            [](auto& s) -> auto& { return s.training.inter_center.chunks; }),
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
        bound(
            other("operation", "collective operation", T::Text, b.operation, kCollective,
                  "allreduce, allgather, reducescatter, broadcast, reduce or alltoall"),
            [](auto& s) -> auto& { return s.bench.operation; }),
        other("algorithm", "algorithm", T::Text, b.algorithm, kCollective,
              "collective algorithm (default ring; binomial for broadcast and reduce, direct "
              "for alltoall)"),
        other("participants", "participants", T::NodeIds, "", kCollective,
              "the collective's ranks (at least two different nodes)"),
        other("from", "sender", T::NodeId, "", kP2p, "the sending node"),
        other("to", "receiver", T::NodeId, "", kP2p, "the receiving node"),
        bound(
            numeric("bytes", "size", T::Size, "bytes", b.bytes, {0.0, false, std::nullopt, true},
                    kMicroBenchmarks, "bytes of the collective or transfer (required)"),
            [](auto& s) -> auto& { return s.bench.bytes; }),
        protocol(
            "protocol", b.protocol, kMicroBenchmarks, "protocol of every transfer",
            [](auto& s) -> auto& { return s.bench.protocol; }),
        bound(
            numeric("repeat", "repetitions", T::Integer, "", b.repeat, {1.0, true, 1e5, true},
                    kMicroBenchmarks,
                    "timed repetitions, back to back (nccl-tests -n; its default is 20)"),
            [](auto& s) -> auto& { return s.bench.repeat; }),
        bound(
            numeric("warmup", "warm-up repetitions", T::Integer, "", b.warmup,
                    {0.0, true, 1e5, true}, kMicroBenchmarks,
                    "repetitions run first, on the same connections, and reported apart from "
                    "the timed ones (nccl-tests -w; its default is 5)"),
            [](auto& s) -> auto& { return s.bench.warmup; }),
        chunksOption(
            "chunks", b.chunks, kMicroBenchmarks, "pipelining chunks per block",
            [](auto& s) -> auto& { return s.bench.chunks; }),
        bound(
            numeric("streams", "parallel streams", T::Integer, "", b.streams,
                    {1.0, true, 128.0, true}, kP2p,
                    "parallel connections sharing the bytes equally (iperf3 -P)"),
            [](auto& s) -> auto& { return s.bench.streams; }),
    };
}

/// The "strategy" object: how training synchronises across centres (StrategySpec.hpp).
std::vector<OptionInfo> strategyOptions()
{
    const StrategySpec g;
    return {
        other("strategy", "strategy", T::Object, "", kTraining,
              "how training synchronises across centres: data parallel (with overlap), "
              "DiLoCo, compression of what crosses the WAN (docs/strategies.md)"),
        bound(
            choice("strategy.kind", "strategy", {"data", "diloco"}, g.kind, kTraining,
                   "data: every iteration all-reduces gradients across centres; diloco: "
                   "inner_steps local steps, then an outer sync of pseudo-gradients"),
            [](auto& s) -> auto& { return s.training.strategy.kind; }),
        bound(
            boolean("strategy.overlap", g.overlap, kTraining,
                    "data: all-reduce gradient buckets during the backward pass (PyTorch DDP)"),
            [](auto& s) -> auto& { return s.training.strategy.overlap; }),
        bound(
            numeric("strategy.bucket_bytes", "bucket size", T::Size, "bytes", g.bucket_bytes,
                    {1.0, true, std::nullopt, true}, kTraining,
                    "overlap: gradient bucket size (DDP bucket_cap_mb, 25 MiB)"),
            [](auto& s) -> auto& { return s.training.strategy.bucket_bytes; }),
        bound(
            numeric("strategy.inner_steps", "inner steps", T::Integer, "", g.inner_steps,
                    {1.0, true, 1e6, true}, kTraining,
                    "diloco: inner steps H between outer synchronisations"),
            [](auto& s) -> auto& { return s.training.strategy.inner_steps; }),
        bound(
            numeric("strategy.fragments", "fragments", T::Integer, "", g.fragments,
                    {1.0, true, 1e4, true}, kTraining,
                    "diloco: fragments F synchronised in turn, each overlapped with the next "
                    "inner steps (Streaming DiLoCo); 1 = the whole model at once"),
            [](auto& s) -> auto& { return s.training.strategy.fragments; }),
        bound(
            numeric("strategy.overlap_steps", "overlap steps", T::Integer, "", g.overlap_steps,
                    {1.0, true, 1e6, true}, kTraining,
                    "diloco with fragments: inner steps a fragment's sync may overlap (tau) "
                    "before it is merged; at most inner_steps / fragments"),
            [](auto& s) -> auto& { return s.training.strategy.overlap_steps; }),
        bound(
            choice("strategy.outer_optimizer", "outer optimiser", {"nesterov", "sgd", "none"},
                   g.outer_optimizer, kTraining,
                   "diloco: the outer step's HBM cost (Nesterov momentum, plain SGD, or none)"),
            [](auto& s) -> auto& { return s.training.strategy.outer_optimizer; }),
        bound(
            choice("strategy.compression", "compression",
                   {"none", "fp16", "bf16", "fp8", "int8", "int4", "topk"}, g.compression,
                   kTraining,
                   "what crosses the WAN: quantised, or top-k sparsified (values + 4-byte "
                   "indices, all-gathered); encode and decode cost HBM time"),
            [](auto& s) -> auto& { return s.training.strategy.compression; }),
        bound(
            numeric("strategy.topk_ratio", "top-k ratio", T::Number, "", g.topk_ratio,
                    {0.0, false, 1.0, true}, kTraining, "topk: fraction of the elements sent"),
            [](auto& s) -> auto& { return s.training.strategy.topk_ratio; }),
    };
}

/// The "transport" object: TCP settings of every host, defaults from net::NetworkConfig.
std::vector<OptionInfo> transportOptions()
{
    const net::NetworkConfig n;
    return {
        other("transport", "transport", T::Object, "", kAllKinds, "TCP settings of every host"),
        bound(
            numeric("transport.mss_bytes", "MSS", T::Size, "bytes", n.mss_bytes,
                    {64.0, true, 65495.0, true}, kAllKinds, "TCP segment payload"),
            [](auto& s) -> auto& { return s.transport.mss_bytes; }),
        bound(
            numeric("transport.initial_window_segments", "initial window", T::Integer, "segments",
                    n.initial_window_segments, {1.0, true, 1000.0, true}, kAllKinds,
                    "RFC 6928 initial window"),
            [](auto& s) -> auto& { return s.transport.initial_window_segments; }),
        bound(
            withRangeHint(numeric("transport.max_window_bytes", "window cap", T::Size, "bytes",
                                  n.max_window_bytes, {0.0, true, std::nullopt, true}, kAllKinds,
                                  "receive-window cap (Linux tcp_rmem[2]); 0 = unlimited"),
                          "0 = unlimited"),
            [](auto& s) -> auto& { return s.transport.max_window_bytes; }),
        bound(
            numeric("transport.min_rto_s", "minimum RTO", T::Duration, "s", n.min_rto_s,
                    {0.0, false, std::nullopt, true}, kAllKinds,
                    "minimum retransmission timeout (Linux)"),
            [](auto& s) -> auto& { return s.transport.min_rto_s; }),
        bound(
            numeric("transport.delayed_ack_b", "segments per ACK", T::Number, "", n.delayed_ack_b,
                    {1.0, true, 8.0, true}, kAllKinds,
                    "Reno: segments acknowledged per ACK that grows cwnd (b): 1 = Linux's byte "
                    "counting, 2 = one increment per delayed ACK (RFC 5681 without RFC 3465)"),
            [](auto& s) -> auto& { return s.transport.delayed_ack_b; }),
        bound(
            boolean("transport.slow_start_after_idle", n.slow_start_after_idle, kAllKinds,
                    "RFC 2861 / Linux tcp_slow_start_after_idle"),
            [](auto& s) -> auto& { return s.transport.slow_start_after_idle; }),
        boundChoice(
            choice("transport.congestion_control", "congestion control", {"cubic", "reno"},
                   n.congestion_control == net::CongestionControl::Cubic ? "cubic" : "reno",
                   kAllKinds,
                   "TCP congestion control (Linux tcp_congestion_control; cubic is Linux's)"),
            [](auto& s) -> auto& { return s.transport.congestion_control; },
            std::vector{net::CongestionControl::Cubic, net::CongestionControl::Reno}),
        boundChoice(
            choice("transport.loss_model", "random loss", {"sampled", "mean"},
                   n.loss_model == net::LossModel::Sampled ? "sampled" : "mean", kAllKinds,
                   "where random losses fall: sampled from the seed (one run), or every "
                   "loss at the mean spacing MSS/p (no run is unlucky)"),
            [](auto& s) -> auto& { return s.transport.loss_model; },
            std::vector{net::LossModel::Sampled, net::LossModel::Mean}),
    };
}

/// The "comm" object: how collectives move their bytes, NCCL's defaults (CommSettings.hpp).
std::vector<OptionInfo> commOptions()
{
    const collective::CommSettings c;
    return {
        other("comm", "comm", T::Object, "", kAllKinds,
              "how collectives move their bytes (NCCL's channels, buffers, sockets)"),
        bound(
            numeric("comm.channels", "channels", T::Integer, "", c.channels,
                    {1.0, true, double(collective::kMaxChannels), true}, kAllKinds,
                    "parallel rings/trees, each with its own connections (NCCL: 2 per NIC)"),
            [](auto& s) -> auto& { return s.comm.channels; }),
        bound(
            numeric("comm.buffsize_bytes", "buffer", T::Size, "bytes", c.buffsize_bytes,
                    {4096.0, true, 1073741824.0, true}, kAllKinds,
                    "per-connection buffer of the Simple protocol (NCCL_BUFFSIZE)"),
            [](auto& s) -> auto& { return s.comm.buffsize_bytes; }),
        bound(
            numeric("comm.steps", "steps", T::Integer, "", c.steps, {4.0, true, 64.0, true},
                    kAllKinds,
                    "slots of the buffer (NCCL_STEPS); ring operations send 2-slot slices"),
            [](auto& s) -> auto& { return s.comm.steps; }),
        bound(
            numeric("comm.sockets", "sockets", T::Integer, "", c.sockets, {1.0, true, 64.0, true},
                    kAllKinds,
                    "TCP sockets per connection (NCCL_SOCKET_NTHREADS × NCCL_NSOCKS_PERTHREAD)"),
            [](auto& s) -> auto& { return s.comm.sockets; }),
        boundChoice(
            choice("comm.merge_iterations", "merged iterations", {"auto", "never", "always"},
                   "auto", kAllKinds,
                   "a ring operation's NCCL loop iterations merged into one chunk per channel "
                   "(the fast path): auto beyond the DAG budget, never (NCCL's program "
                   "iteration by iteration, slower), always"),
            [](auto& s) -> auto& { return s.comm.merge; },
            std::vector{collective::MergeIterations::Auto, collective::MergeIterations::Never,
                        collective::MergeIterations::Always}),
    };
}

/// The "control_plane" object: the coordinators' protocol (control/ControlPlane.hpp).
std::vector<OptionInfo> controlOptions()
{
    using control::FailurePolicy;
    using control::SyncMode;
    const control::ControlSettings c;
    return {
        other("control_plane", "control plane", T::Object, "", kTraining,
              "centres coordinate each iteration by control messages over the WAN "
              "(docs/control-plane.md); absent = one global clock"),
        bound(
            boolean("control_plane.enabled", true, kTraining,
                    "simulate the control plane (false = one global clock)"),
            [](auto& s) -> auto& { return s.control_enabled; }),
        boundChoice(
            choice("control_plane.messages", "message path", {"network", "instant"}, "network",
                   kTraining,
                   "network: delay, jitter and loss of the route between coordinators; "
                   "instant: none (the global clock)"),
            [](auto& s) -> auto& { return s.control.instant; }, std::vector{false, true}),
        bound(
            numeric("control_plane.message_bytes", "message size", T::Size, "bytes",
                    c.message_bytes, {1.0, true, 65536.0, true}, kTraining,
                    "size of one control message on the wire"),
            [](auto& s) -> auto& { return s.control.message_bytes; }),
        boundChoice(
            choice("control_plane.sync", "synchronisation", {"barrier", "local"}, "barrier",
                   kTraining,
                   "barrier: every centre starts an iteration after all applied the last "
                   "update; local: a centre runs ahead up to max_lead_iterations"),
            [](auto& s) -> auto& { return s.control.sync; },
            std::vector{SyncMode::Barrier, SyncMode::Local}),
        bound(
            numeric("control_plane.max_lead_iterations", "lead", T::Integer, "",
                    c.max_lead_iterations, {0.0, true, 16.0, true}, kTraining,
                    "local sync: committed versions a centre may run ahead of its model"),
            [](auto& s) -> auto& { return s.control.max_lead_iterations; }),
        bound(
            numeric("control_plane.heartbeat_interval_s", "heartbeat interval", T::Number, "s",
                    c.heartbeat_interval_s, {0.001, true, 60.0, true}, kTraining,
                    "coordinators' heartbeat period (and the triggers' condition check)"),
            [](auto& s) -> auto& { return s.control.heartbeat_interval_s; }),
        bound(
            numeric("control_plane.failure_timeout_s", "failure timeout", T::Number, "s",
                    c.failure_timeout_s, {0.001, true, 3600.0, true}, kTraining,
                    "silence after which a centre is suspected failed"),
            [](auto& s) -> auto& { return s.control.failure_timeout_s; }),
        boundChoice(
            choice("control_plane.on_failure", "failure policy", {"reform", "stop"}, "reform",
                   kTraining,
                   "reform: continue without the failed centre (needs a majority); stop"),
            [](auto& s) -> auto& { return s.control.on_failure; },
            std::vector{FailurePolicy::Reform, FailurePolicy::Stop}),
        bound(
            numeric("control_plane.min_rto_s", "minimum RTO", T::Number, "s", c.min_rto_s,
                    {0.001, true, 10.0, true}, kTraining,
                    "floor of the control messages' retransmission timer (Linux TCP_RTO_MIN)"),
            [](auto& s) -> auto& { return s.control.min_rto_s; }),
    };
}

std::vector<OptionInfo> makeTable()
{
    std::vector<OptionInfo> table = commonOptions();
    for (auto part : {trainingOptions(), phaseOptions(), strategyOptions(), microBenchmarkOptions(),
                      transportOptions(), commOptions(), controlOptions()})
        table.insert(table.end(), part.begin(), part.end());
    return table;
}

} // namespace

std::string OptionInfo::rangeProblem(double value) const
{
    if (accepts(value))
        return {};
    return "must be " + std::string(min && max ? "within " : "") + rangeText() +
           (unit.empty() ? "" : " " + unit) + ", got " + units::formatNumber(value) +
           (range_hint.empty() ? "" : " (" + range_hint + ")");
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
