// meridian-cli model: parameters, FLOPs per token and the layer table of a model.
#include "Args.hpp"
#include "Commands.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/core/Units.hpp"
#include "meridian/workload/ModelCatalogue.hpp"
#include "meridian/workload/ModelLoader.hpp"

#include <cstdio>
#include <iostream>
#include <optional>
#include <string>

namespace meridian::cli {

namespace {

void help(std::ostream& out)
{
    out << "usage: meridian-cli model FILE [--json] [--seq-len N]\n"
           "       meridian-cli model --preset NAME [--json] [--seq-len N]\n"
           "       meridian-cli model --list\n\n"
           "Shows a model's parameter count, forward and training FLOPs per token and its\n"
           "layers. FILE is a Hugging Face config.json, a .safetensors checkpoint, an .onnx\n"
           "graph or a model preset JSON (detected by extension, then by content).\n\n"
           "options:\n"
           "  --preset NAME   a built-in preset (id or name, case-insensitive)\n"
           "  --list          list the built-in presets\n"
           "  --seq-len N     sequence length for attention FLOPs and activations\n"
           "  --json          print the model as JSON instead of a table\n"
           "  --help          this text\n\n"
           "exit codes: 0 printed, 1 unexpected failure, 2 unreadable model or bad arguments\n";
}

std::string fixed(double v, int digits)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    return buf;
}

/// 8030261248 → "8.03 B", 124439808 → "124.44 M".
std::string humanCount(double n)
{
    if (n >= 1e9)
        return fixed(n / 1e9, 2) + " B";
    if (n >= 1e6)
        return fixed(n / 1e6, 2) + " M";
    if (n >= 1e3)
        return fixed(n / 1e3, 2) + " k";
    return fixed(n, 0);
}

std::string humanFlops(double f)
{
    if (f >= 1e12)
        return fixed(f / 1e12, 3) + " TFLOP";
    if (f >= 1e9)
        return fixed(f / 1e9, 3) + " GFLOP";
    if (f >= 1e6)
        return fixed(f / 1e6, 3) + " MFLOP";
    return fixed(f, 0) + " FLOP";
}

std::string pad(std::string s, std::size_t width)
{
    if (s.size() < width)
        s.append(width - s.size(), ' ');
    return s;
}

std::string padLeft(const std::string& s, std::size_t width)
{
    return s.size() < width ? std::string(width - s.size(), ' ') + s : s;
}

} // namespace

int cmdModel(int argc, char** argv, int first)
{
    const Args args = parseArgs(argc, argv, first, {"help", "json", "list"}, {{"h", "help"}});
    if (args.has("help")) {
        help(std::cout);
        return kExitOk;
    }
    if (args.has("list")) {
        for (const auto& e : workload::ModelCatalogue::builtin().entries())
            std::cout << pad(e.id, 14) << pad(e.model.name, 14)
                      << padLeft(humanCount(static_cast<double>(e.model.parameterCount())), 10)
                      << "  " << e.model.family << "\n";
        return kExitOk;
    }
    std::optional<double> seq;
    if (args.get("seq-len")) {
        const long long s = intOption(args, "seq-len", 0);
        if (s < 1)
            throw InputError("command line", "--seq-len", "must be a positive integer");
        seq = static_cast<double>(s);
    }
    workload::ModelSpec model;
    if (auto preset = args.get("preset")) {
        if (!args.positional.empty())
            throw InputError("command line", "", "give either FILE or --preset, not both");
        model = workload::modelPreset(*preset);
        if (seq)
            model = model.withSeqLen(*seq);
    } else if (args.positional.size() == 1) {
        model = workload::loadModelFile(args.positional[0], seq);
    } else {
        help(std::cerr);
        return kExitBadInput;
    }

    if (args.has("json")) {
        std::cout << workload::toJson(model).dump(2) << "\n";
        return kExitOk;
    }
    const double params = static_cast<double>(model.parameterCount());
    const std::string per = "per " + model.unit;
    std::cout << "model:       " << model.name << " (" << model.family << ", "
              << workload::toString(model.dtype) << ")\n"
              << "parameters:  " << humanCount(params) << " (" << model.parameterCount() << ")\n"
              << "weights:     " << units::formatBytes(model.weightBytes()) << "\n";
    if (model.unit == "token")
        std::cout << "seq length:  " << fixed(model.seq_len, 0) << "\n";
    std::cout << "forward:     " << humanFlops(model.forwardFlopsPerToken()) << " " << per << "\n"
              << "training:    " << humanFlops(model.trainingFlopsPerToken()) << " " << per
              << " (3 x forward; " << humanFlops(model.trainingFlopsPerToken(true))
              << " with recomputation)\n";
    if (!model.source.empty())
        std::cout << "source:      " << model.source << "\n";
    std::cout << "\n"
              << pad("layer", 34) << pad("kind", 11) << padLeft("parameters", 16)
              << padLeft("fwd FLOP/" + model.unit, 18) << "\n";
    for (const auto& l : model.layers)
        std::cout << pad(l.name, 34) << pad(std::string(workload::toString(l.kind)), 11)
                  << padLeft(std::to_string(l.parameters), 16)
                  << padLeft(humanFlops(l.forwardFlopsPerToken(model.seq_len)), 18) << "\n";
    for (const auto& n : model.notes)
        std::cout << "note: " << n << "\n";
    return kExitOk;
}

} // namespace meridian::cli
