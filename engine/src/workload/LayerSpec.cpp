#include "meridian/workload/LayerSpec.hpp"

#include <array>
#include <utility>

namespace meridian::workload {

namespace {
constexpr std::array<std::pair<LayerKind, std::string_view>, 8> kKindNames{{
    {LayerKind::Embedding, "embedding"},
    {LayerKind::Attention, "attention"},
    {LayerKind::Mlp, "mlp"},
    {LayerKind::Norm, "norm"},
    {LayerKind::LmHead, "lm_head"},
    {LayerKind::Conv, "conv"},
    {LayerKind::Gemm, "gemm"},
    {LayerKind::Other, "other"},
}};
} // namespace

std::string_view toString(LayerKind kind)
{
    for (const auto& [k, name] : kKindNames)
        if (k == kind)
            return name;
    return "other";
}

std::optional<LayerKind> layerKindFromString(std::string_view text)
{
    for (const auto& [k, name] : kKindNames)
        if (name == text)
            return k;
    return std::nullopt;
}

std::string_view toString(GemmScope scope)
{
    return scope == GemmScope::Batch ? "batch" : "sequence";
}

std::optional<GemmScope> gemmScopeFromString(std::string_view text)
{
    if (text == "batch")
        return GemmScope::Batch;
    if (text == "sequence")
        return GemmScope::Sequence;
    return std::nullopt;
}

double GemmSpec::flopsPerToken(double seq_len) const
{
    const double flops = 2.0 * mAt(seq_len) * kAt(seq_len) * nAt(seq_len) * instances;
    // A Sequence GEMM runs once per sequence, i.e. once per seq_len tokens.
    return scope == GemmScope::Batch ? flops : flops / seq_len;
}

double LayerSpec::forwardFlopsPerToken(double seq_len) const
{
    double flops = other_flops_per_token;
    for (const auto& g : gemms)
        flops += g.flopsPerToken(seq_len);
    return flops;
}

double LayerSpec::activationBytesPerToken(double seq_len, bool flash_attention) const
{
    // FlashAttention (Dao et al. 2022) never materialises the s×s score matrix, so the
    // 5·a·s term of Korthikanti et al. disappears.
    return activation_bytes_per_token +
           (flash_attention ? 0.0 : activation_bytes_per_token_per_seq * seq_len);
}

} // namespace meridian::workload
