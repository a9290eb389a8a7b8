#include "meridian/workload/ModelLoader.hpp"

#include "JsonFile.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/workload/HfConfigImport.hpp"
#include "meridian/workload/ModelCatalogue.hpp"
#include "meridian/workload/OnnxImport.hpp"
#include "meridian/workload/SafetensorsImport.hpp"

#include <array>
#include <fstream>
#include <nlohmann/json.hpp>

namespace meridian::workload {

using nlohmann::json;

namespace {

ModelSpec loadJson(const std::filesystem::path& file, std::optional<double> seq_len)
{
    const json j = detail::readJsonFile(file);
    try {
        if (j.is_object() && j.contains("model_type"))
            return readHfConfig(file, seq_len);
        if (j.is_object() && (j.contains("layers") || j.contains("hf_config"))) {
            ModelSpec m = modelFromPresetJson(j);
            return seq_len ? m.withSeqLen(*seq_len) : m;
        }
        throw InputError({}, "",
                         "neither a Hugging Face config.json (\"model_type\") nor a "
                         "model preset (\"layers\" or \"hf_config\")");
    } catch (const InputError& e) {
        throw e.file().empty() ? e.withFile(file.string()) : e;
    }
}

} // namespace

ModelSpec loadModelFile(const std::filesystem::path& file, std::optional<double> seq_len)
{
    if (seq_len && !(*seq_len >= 1.0))
        throw InputError({}, "--seq-len", "must be at least 1");
    std::ifstream in(file, std::ios::binary);
    if (!in)
        throw InputError(file.string(), "", "cannot open file");
    std::array<char, 9> head{};
    in.read(head.data(), head.size());
    const auto got = in.gcount();
    in.close();

    const std::string ext = file.extension().string();
    auto withSeq = [&](const ModelSpec& m) { return seq_len ? m.withSeqLen(*seq_len) : m; };
    if (ext == ".safetensors")
        return withSeq(readSafetensors(file));
    if (ext == ".onnx")
        return withSeq(readOnnx(file));
    if (ext == ".json")
        return loadJson(file, seq_len);
    // No telling extension: JSON starts with '{'; safetensors puts '{' right after its
    // 8-byte length; anything else is tried as an ONNX protobuf.
    if (got >= 1 && head[0] == '{')
        return loadJson(file, seq_len);
    if (got == 9 && head[8] == '{')
        return withSeq(readSafetensors(file));
    return withSeq(readOnnx(file));
}

} // namespace meridian::workload
