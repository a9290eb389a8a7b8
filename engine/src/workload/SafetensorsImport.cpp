// A safetensors header as a ModelSpec (docs/compute-model.md): tensors grouped into layers by
// name, buffers skipped. Checked by tests/workload/SafetensorsImportTest.cpp.
#include "meridian/workload/SafetensorsImport.hpp"

#include "meridian/core/Error.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <tuple>

namespace meridian::workload {

using nlohmann::json;

namespace {

constexpr std::uint64_t kMaxHeaderBytes = 100'000'000; // the format's own limit

std::optional<std::uint64_t> safetensorsDtypeBytes(std::string_view dtype)
{
    static const std::array<std::pair<std::string_view, std::uint64_t>, 17> kSizes{{
        {"F64", 8},
        {"F32", 4},
        {"F16", 2},
        {"BF16", 2},
        {"I64", 8},
        {"I32", 4},
        {"I16", 2},
        {"I8", 1},
        {"U64", 8},
        {"U32", 4},
        {"U16", 2},
        {"U8", 1},
        {"BOOL", 1},
        {"F8_E4M3", 1},
        {"F8_E5M2", 1},
        {"F8_E8M0", 1},
        {"C64", 8},
    }};
    for (const auto& [name, size] : kSizes)
        if (name == dtype)
            return size;
    return std::nullopt;
}

std::optional<DType> modelDtype(std::string_view dtype)
{
    if (dtype == "F32" || dtype == "F64")
        return DType::Fp32;
    if (dtype == "BF16")
        return DType::Bf16;
    if (dtype == "F16")
        return DType::Fp16;
    if (dtype.rfind("F8_", 0) == 0)
        return DType::Fp8;
    return std::nullopt;
}

/// Block index from "model.layers.12.mlp..." / "transformer.h.3.attn..." (−1 if none) and
/// the remainder after the index.
std::pair<long, std::string> blockOf(const std::string& name)
{
    for (const std::string_view marker : {"layers.", "h.", "blocks.", "layer."}) {
        std::size_t pos = 0;
        while ((pos = name.find(marker, pos)) != std::string::npos) {
            if (pos == 0 || name[pos - 1] == '.') {
                std::size_t p = pos + marker.size();
                std::size_t q = p;
                while (q < name.size() && std::isdigit(static_cast<unsigned char>(name[q])))
                    ++q;
                if (q > p && q < name.size() && name[q] == '.')
                    return {std::stol(name.substr(p, q - p)), name.substr(q + 1)};
            }
            pos += marker.size();
        }
    }
    return {-1, name};
}

bool contains(const std::string& s, std::string_view part)
{
    return s.find(part) != std::string::npos;
}

LayerKind subKind(const std::string& rest)
{
    if (contains(rest, "norm") || rest.rfind("ln", 0) == 0)
        return LayerKind::Norm;
    if (contains(rest, "attn") || contains(rest, "attention"))
        return LayerKind::Attention;
    if (contains(rest, "mlp") || contains(rest, "feed_forward") || contains(rest, "ffn"))
        return LayerKind::Mlp;
    return LayerKind::Other;
}

bool endsWith(const std::string& s, std::string_view suffix)
{
    return s.size() >= suffix.size() &&
           s.compare(s.size() - suffix.size(), suffix.size(), suffix.data(), suffix.size()) == 0;
}

/// Why a tensor is not a trainable parameter, or empty when it is one. Checkpoints written
/// from a state_dict also hold persistent buffers:
///  - integer / BOOL tensors (NeoX `attention.bias` causal mask, BERT `position_ids`);
///  - the causal-mask buffer of GPT-2 / GPT-J style attention, `<attn>.bias` of shape
///    [1, 1, n_ctx, n_ctx] (a real bias vector is 1-D) and its `masked_bias` scalar;
///  - rotary embedding frequencies `rotary_emb.inv_freq`.
std::string bufferReason(const SafetensorsTensor& t, const std::string& rest)
{
    if (!modelDtype(t.dtype))
        return "non-floating dtype";
    if (endsWith(t.name, "masked_bias") || endsWith(t.name, ".inv_freq") ||
        endsWith(t.name, "position_ids"))
        return "buffer";
    const bool maskShape =
        t.shape.size() == 4 && t.shape[0] == 1 && t.shape[1] == 1 && t.shape[2] == t.shape[3];
    if (maskShape && (rest == "attn.bias" || rest == "attention.bias" || rest == "self_attn.bias" ||
                      endsWith(t.name, ".attn.bias")))
        return "causal-mask buffer";
    return {};
}

std::string describe(const SafetensorsTensor& t)
{
    std::string shape;
    for (auto d : t.shape)
        shape += (shape.empty() ? "" : ",") + std::to_string(d);
    return t.name + " (" + t.dtype + " [" + shape + "])";
}

/// The tensor's shape into st.shape; returns its element count (at most 2^62).
std::uint64_t readShape(const std::string& name, const json& t, SafetensorsTensor& st)
{
    auto sh = t.find("shape");
    if (sh == t.end() || !sh->is_array())
        throw InputError({}, name + "/shape", "expected an array of sizes");
    std::uint64_t numel = 1;
    for (const auto& d : *sh) {
        if (!d.is_number_unsigned())
            throw InputError({}, name + "/shape", "sizes must be non-negative integers");
        const auto v = d.get<std::uint64_t>();
        if (v != 0 && numel > (std::uint64_t{1} << 62) / v)
            throw InputError({}, name + "/shape", "tensor too large");
        numel *= v;
        st.shape.push_back(static_cast<std::int64_t>(v));
    }
    return numel;
}

/// One header entry {dtype, shape, data_offsets}: its byte span must be exactly
/// shape × dtype size and lie within the data buffer of `buffer` bytes.
SafetensorsTensor readTensor(const std::string& name, const json& t, std::uint64_t buffer)
{
    if (!t.is_object())
        throw InputError({}, name, "expected {dtype, shape, data_offsets}");
    SafetensorsTensor st;
    st.name = name;
    auto dt = t.find("dtype");
    if (dt == t.end() || !dt->is_string())
        throw InputError({}, name + "/dtype", "missing");
    st.dtype = dt->get<std::string>();
    const auto elem = safetensorsDtypeBytes(st.dtype);
    if (!elem)
        throw InputError({}, name + "/dtype", "unknown dtype '" + st.dtype + "'");
    const std::uint64_t numel = readShape(name, t, st);
    auto off = t.find("data_offsets");
    if (off == t.end() || !off->is_array() || off->size() != 2 || !(*off)[0].is_number_unsigned() ||
        !(*off)[1].is_number_unsigned())
        throw InputError({}, name + "/data_offsets", "expected [begin, end]");
    st.begin = (*off)[0].get<std::uint64_t>();
    st.end = (*off)[1].get<std::uint64_t>();
    if (st.end < st.begin)
        throw InputError({}, name + "/data_offsets", "end before begin");
    if (st.end - st.begin != numel * *elem)
        throw InputError({}, name + "/data_offsets",
                         "spans " + std::to_string(st.end - st.begin) + " bytes but shape × " +
                             st.dtype + " needs " + std::to_string(numel * *elem));
    if (st.end > buffer)
        throw InputError({}, name + "/data_offsets",
                         "ends at byte " + std::to_string(st.end) + " beyond the data buffer of " +
                             std::to_string(buffer) + " bytes");
    return st;
}

/// No two tensors' byte spans overlap (checked in offset order).
void checkNoOverlap(const std::vector<SafetensorsTensor>& tensors)
{
    std::vector<const SafetensorsTensor*> byOffset;
    byOffset.reserve(tensors.size());
    for (const auto& t : tensors)
        byOffset.push_back(&t);
    std::sort(byOffset.begin(), byOffset.end(), [](const auto* a, const auto* b) {
        return std::tie(a->begin, a->end, a->name) < std::tie(b->begin, b->end, b->name);
    });
    for (std::size_t i = 1; i < byOffset.size(); ++i)
        if (byOffset[i]->begin < byOffset[i - 1]->end)
            throw InputError({}, byOffset[i]->name + "/data_offsets",
                             "overlaps tensor '" + byOffset[i - 1]->name + "'");
}

/// The layer a tensor belongs to. Keys order the layers: embeddings, blocks by index, other
/// tensors, final norm, head.
struct GroupKey
{
    int rank;
    long block;
    int sub;
    std::string name;
    // The literal 0 that a defaulted <=> compares with is flagged by clang-tidy before 18
    // (llvm/llvm-project#53961), a false positive: no 0 is written here.
    // NOLINTNEXTLINE(modernize-use-nullptr)
    auto operator<=>(const GroupKey&) const = default;
};

/// Groups a tensor by its name: a block's sub-layer ("layers.3.mlp…"), the head, the
/// embeddings, the final norm, or its own module (the name up to the last dot).
std::pair<GroupKey, LayerKind> groupOf(const std::string& name, long block, const std::string& rest)
{
    if (block >= 0) {
        const LayerKind kind = subKind(rest);
        const auto kindName = std::string(toString(kind));
        return {
            {1, block, static_cast<int>(kind), "layers." + std::to_string(block) + "." + kindName},
            kind};
    }
    if (contains(name, "lm_head") || contains(name, "embed_out"))
        return {{4, 0, 0, "lm_head"}, LayerKind::LmHead};
    if (contains(name, "embed") || contains(name, "wte") || contains(name, "wpe"))
        return {{0, 0, 0, "embedding"}, LayerKind::Embedding};
    if (contains(name, "norm") || contains(name, "ln_f"))
        return {{3, 0, 0, "final_norm"}, LayerKind::Norm};
    const auto dot = name.rfind('.');
    return {{2, 0, 0, dot == std::string::npos ? name : name.substr(0, dot)}, LayerKind::Other};
}

/// Adds a parameter tensor to its layer. A 2-D weight applied to every token
/// (y = x·Wᵀ) costs 2·rows·cols FLOPs per token.
void addTensor(LayerSpec& l, const SafetensorsTensor& t, double bytes)
{
    std::uint64_t numel = 1;
    for (auto d : t.shape)
        numel *= static_cast<std::uint64_t>(d);
    l.parameters += static_cast<std::int64_t>(numel);
    l.weight_bytes += bytes;
    if (t.shape.size() == 2 && l.kind != LayerKind::Embedding && l.kind != LayerKind::Norm)
        l.gemms.push_back(GemmSpec{1.0, static_cast<double>(t.shape[1]),
                                   static_cast<double>(t.shape[0]), 1.0, GemmScope::Batch});
}

/// The model dtype: the floating-point dtype holding most bytes (ties: the first by name).
void pickDType(const std::map<std::string, double>& bytesByDtype, ModelSpec& m)
{
    double best = -1.0;
    for (const auto& [dt, bytes] : bytesByDtype)
        if (auto d = modelDtype(dt); d && bytes > best) {
            best = bytes;
            m.dtype = *d;
        }
}

/// One note per reason a tensor was skipped, naming up to two of them.
void noteSkipped(const std::map<std::string, std::vector<std::string>>& skipped, ModelSpec& m)
{
    for (const auto& [why, names] : skipped) {
        std::string note = "not parameters, skipped (" + why +
                           "): " + std::to_string(names.size()) + " tensor" +
                           (names.size() == 1 ? "" : "s") + ", e.g. " + names.front();
        if (names.size() > 1)
            note += ", " + names[1];
        m.notes.push_back(note);
    }
}

} // namespace

std::vector<SafetensorsTensor> parseSafetensorsHeader(std::string_view header_json,
                                                      std::uint64_t file_size)
{
    json j;
    try {
        j = json::parse(header_json);
    } catch (const json::parse_error& e) {
        throw InputError({}, "header byte " + std::to_string(e.byte), "invalid JSON");
    } catch (const json::exception& e) {
        throw InputError({}, "header", std::string("invalid JSON: ") + e.what());
    }
    if (!j.is_object())
        throw InputError({}, "header", "expected a JSON object of tensors");
    if (file_size < 8 + header_json.size())
        throw InputError({}, "header", "header longer than the file");
    const std::uint64_t buffer = file_size - 8 - header_json.size();
    std::vector<SafetensorsTensor> out;
    for (const auto& [name, t] : j.items()) {
        if (name == "__metadata__") {
            if (!t.is_object())
                throw InputError({}, name, "expected an object of strings");
            continue;
        }
        out.push_back(readTensor(name, t, buffer));
    }
    checkNoOverlap(out);
    return out;
}

ModelSpec modelFromSafetensors(const std::vector<SafetensorsTensor>& tensors,
                               const std::string& name)
{
    std::map<GroupKey, LayerSpec> groups;
    std::map<std::string, double> bytesByDtype;
    long blocks = 0;
    bool head = false;
    std::map<std::string, std::vector<std::string>> skipped; // reason → tensors
    for (const auto& t : tensors) {
        const auto bytes = static_cast<double>(t.end - t.begin);
        const auto [block, rest] = blockOf(t.name);
        if (const std::string why = bufferReason(t, rest); !why.empty()) {
            skipped[why].push_back(describe(t));
            continue;
        }
        bytesByDtype[t.dtype] += bytes;
        const auto [key, kind] = groupOf(t.name, block, rest);
        if (block >= 0)
            blocks = std::max(blocks, block + 1);
        head = head || kind == LayerKind::LmHead;
        LayerSpec& l = groups[key];
        l.name = key.name;
        l.kind = kind;
        addTensor(l, t, bytes);
    }
    ModelSpec m;
    m.name = name;
    m.family = "safetensors";
    m.unit = "token";
    m.num_blocks = static_cast<int>(blocks);
    m.source = "safetensors header";
    pickDType(bytesByDtype, m);
    for (auto& [key, layer] : groups)
        m.layers.push_back(std::move(layer));
    if (m.layers.empty())
        throw InputError({}, "header", "the file holds no tensors");
    m.notes.emplace_back("attention score/context FLOPs are not included (no head count in a "
                         "safetensors header); activation sizes unknown");
    noteSkipped(skipped, m);
    if (!head)
        m.notes.emplace_back("no lm_head tensor: tied embeddings, logits FLOPs not included");
    return m;
}

ModelSpec readSafetensors(const std::filesystem::path& file)
{
    try {
        std::ifstream in(file, std::ios::binary);
        if (!in)
            throw InputError({}, "", "cannot open file");
        std::error_code ec;
        const std::uint64_t size = std::filesystem::file_size(file, ec);
        if (ec || size < 8)
            throw InputError({}, "header", "file shorter than the 8-byte header length");
        std::array<unsigned char, 8> raw{};
        in.read(reinterpret_cast<char*>(raw.data()), 8);
        std::uint64_t n = 0;
        for (int i = 7; i >= 0; --i) // little-endian
            n = (n << 8) | raw[static_cast<std::size_t>(i)];
        if (n > size - 8 || n > kMaxHeaderBytes)
            throw InputError({}, "header",
                             "header length " + std::to_string(n) + " exceeds the file (" +
                                 std::to_string(size) + " bytes) or the 100 MB limit");
        std::string header(static_cast<std::size_t>(n), '\0');
        in.read(header.data(), static_cast<std::streamsize>(n));
        if (!in)
            throw InputError({}, "header", "truncated header");
        const auto tensors = parseSafetensorsHeader(header, size);
        return modelFromSafetensors(tensors, file.stem().string());
    } catch (const InputError& e) {
        throw e.withFile(file.string());
    }
}

} // namespace meridian::workload
