#include "meridian/topology/Generators.hpp"

#include "meridian/core/Error.hpp"
#include "meridian/core/Units.hpp"
#include "meridian/topology/Geo.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <limits>
#include <numbers>
#include <random>
#include <utility>

namespace meridian::topology {
namespace {

// ---------------------------------------------------------------------------------------------
// Layout constants (scene units). Endpoints sit kDx apart on a row, tiers kDy apart.
constexpr double kDx = 30.0;
constexpr double kDy = 150.0;
constexpr double kServerGap = 20.0; ///< extra space between the GPUs of two servers
constexpr double kCircleSpacing = 80.0;
constexpr double kMinCircleRadius = 200.0;

/// Hard limits that keep a typo from exhausting memory.
constexpr std::size_t kMaxNodes = 2'000'000;
constexpr std::size_t kMaxLinks = 10'000'000;

const std::vector<std::string> kNodeKindChoices = {"host", "center", "router", "switch", "gpu"};
// Names of the device catalogue (presets/devices/*.json "name").
const std::vector<std::string> kGpuModels = {"A100-80GB", "H100-SXM",    "H800",
                                             "H20",       "Ascend-910B", "TPU-v4-like"};
const std::vector<std::string> kFabricShapes = {"fat-tree", "spine-leaf", "rail-optimised", "star",
                                                "ring"};

// ---------------------------------------------------------------------------------------------
// Registry

GeneratorOption intOpt(std::string name, std::string def, double min, double max, std::string help)
{
    GeneratorOption o;
    o.name = std::move(name);
    o.type = OptionType::Int;
    o.default_text = std::move(def);
    o.min = min;
    o.max = max;
    o.help = std::move(help);
    return o;
}

GeneratorOption doubleOpt(std::string name, std::string def, double min, double max,
                          std::string unit, std::string help)
{
    GeneratorOption o = intOpt(std::move(name), std::move(def), min, max, std::move(help));
    o.type = OptionType::Double;
    o.unit = std::move(unit);
    return o;
}

GeneratorOption choiceOpt(std::string name, std::string def, std::vector<std::string> choices,
                          std::string help)
{
    GeneratorOption o;
    o.name = std::move(name);
    o.type = OptionType::Choice;
    o.default_text = std::move(def);
    o.choices = std::move(choices);
    o.help = std::move(help);
    return o;
}

/// Bandwidth: bare numbers in Gbit/s; from 1 kbit/s (a smaller value is almost always a
/// forgotten unit) to 1 Pbit/s.
GeneratorOption bandwidthOpt(std::string name, std::string def, std::string help)
{
    GeneratorOption o;
    o.name = std::move(name);
    o.type = OptionType::Bandwidth;
    o.default_text = std::move(def);
    o.min = 1e3;
    o.max = 1e15;
    o.unit = "Gbit/s";
    o.unit_scale = 1e9;
    o.help = std::move(help);
    return o;
}

/// Duration (one-way delay): bare numbers in `unit`; 0 to 60 s.
GeneratorOption durationOpt(std::string name, std::string def, std::string unit, double scale,
                            std::string help)
{
    GeneratorOption o;
    o.name = std::move(name);
    o.type = OptionType::Duration;
    o.default_text = std::move(def);
    o.min = 0.0;
    o.max = 60.0;
    o.unit = std::move(unit);
    o.unit_scale = scale;
    o.help = std::move(help);
    return o;
}

std::vector<GeneratorOption> geoBoxOptions()
{
    return {
        doubleOpt("lat-min", "20", -90, 90, "°", "southern edge of the box (degrees)"),
        doubleOpt("lat-max", "45", -90, 90, "°", "northern edge of the box (degrees)"),
        doubleOpt("lon-min", "100", -180, 180, "°", "western edge of the box (degrees)"),
        doubleOpt("lon-max", "125", -180, 180, "°", "eastern edge of the box (degrees)"),
        doubleOpt("delay-per-km", "5", 1.0, 20.0, "µs",
                  "one-way delay per km of great-circle distance (5 µs/km: light in fibre)"),
        doubleOpt("route-factor", "1", 1.0, 3.0, "",
                  "fibre route length / great-circle distance, multiplies the delay (1.2-1.5 "
                  "models real cable paths)"),
    };
}

std::vector<GeneratorInfo> makeRegistry()
{
    std::vector<GeneratorInfo> r;
    auto simple = [](std::string name, std::string summary, GeneratorOption n) {
        GeneratorInfo g{std::move(name), std::move(summary), {}};
        g.options.push_back(std::move(n));
        g.options.push_back(choiceOpt("node-kind", "host", kNodeKindChoices, "kind of the nodes"));
        g.options.push_back(bandwidthOpt("link-bandwidth", "10G", "bandwidth of every link"));
        g.options.push_back(
            durationOpt("link-delay", "1ms", "ms", 1e-3, "one-way delay of every link"));
        return g;
    };
    r.push_back(simple("star", "n leaves around a hub router",
                       intOpt("n", "8", 1, 100000, "number of leaves")));
    r.push_back(
        simple("ring", "n nodes in a ring", intOpt("n", "8", 3, 100000, "number of nodes")));
    r.push_back(simple("full-mesh", "n nodes, every pair linked",
                       intOpt("n", "6", 2, 500, "number of nodes")));
    {
        GeneratorInfo g{
            "fat-tree", "k-ary fat-tree: k³/4 hosts, 5k²/4 switches (Al-Fares 2008)", {}};
        g.options = {
            intOpt("k", "4", 2, 64,
                   "switch radix, even: k pods of k/2 edge + k/2 aggregation "
                   "switches, (k/2)² core switches"),
            bandwidthOpt("link-bandwidth", "100G", "bandwidth of every link"),
            durationOpt("link-delay", "1us", "µs", 1e-6, "one-way delay of every link"),
        };
        r.push_back(std::move(g));
    }
    {
        GeneratorInfo g{"spine-leaf", "two-tier Clos: every leaf linked to every spine", {}};
        g.options = {
            intOpt("leaves", "4", 1, 4096, "number of leaf switches"),
            intOpt("spines", "2", 1, 1024, "number of spine switches"),
            intOpt("hosts-per-leaf", "8", 1, 1024, "hosts under each leaf"),
            bandwidthOpt("link-bandwidth", "100G", "host-leaf bandwidth"),
            bandwidthOpt("uplink-bandwidth", "400G", "leaf-spine bandwidth"),
            durationOpt("link-delay", "1us", "µs", 1e-6, "one-way delay of every link"),
        };
        r.push_back(std::move(g));
    }
    {
        GeneratorInfo g{"rail-optimised",
                        "multi-rail servers on one or two planes (seed 001 §3.1.1): GPU i of "
                        "every server on rail leaf i of each plane, leaves to the plane's spines",
                        {}};
        g.options = {
            intOpt("servers", "4", 1, 4096, "number of servers"),
            intOpt("gpus-per-server", "8", 1, 64, "GPUs (and rails) per server"),
            intOpt("planes", "2", 1, 2, "1 = single plane, 2 = dual plane (planes A and B)"),
            intOpt("spines", "2", 1, 1024, "spine switches per plane"),
            choiceOpt("intra-server", "nvswitch", {"nvswitch", "none"},
                      "nvswitch: the GPUs of a server share an NVSwitch node"),
            choiceOpt("gpu-model", "H100-SXM", kGpuModels, "device catalogue name of the GPUs"),
            bandwidthOpt("link-bandwidth", "200G", "GPU NIC to rail leaf bandwidth"),
            bandwidthOpt("uplink-bandwidth", "400G", "leaf-spine bandwidth"),
            bandwidthOpt("nvlink-bandwidth", "3.6T",
                         "GPU-NVSwitch bandwidth per direction (H100: 450 GB/s)"),
            durationOpt("link-delay", "1us", "µs", 1e-6, "one-way delay of every link"),
        };
        r.push_back(std::move(g));
    }
    {
        GeneratorInfo g{"random-geo",
                        "random geographic WAN: n sites uniform in a lat/long box, k nearest "
                        "neighbours or Waxman links plus a minimum spanning tree; fibre delays",
                        {}};
        g.options = {
            intOpt("n", "8", 2, 2000, "number of sites"),
            choiceOpt("node-kind", "center", kNodeKindChoices, "kind of the sites"),
            choiceOpt("method", "knn", {"knn", "waxman"},
                      "knn: link each site to its `degree` nearest; waxman: link each pair "
                      "with probability beta·exp(−d/(alpha·L))"),
            intOpt("degree", "2", 1, 20, "neighbours per site (knn)"),
            doubleOpt("waxman-alpha", "0.4", 0.01, 1.0, "", "Waxman distance scale α"),
            doubleOpt("waxman-beta", "0.4", 0.01, 1.0, "", "Waxman link density β"),
            bandwidthOpt("link-bandwidth", "10G", "bandwidth of every link"),
        };
        for (auto& o : geoBoxOptions())
            g.options.push_back(std::move(o));
        r.push_back(std::move(g));
    }
    {
        GeneratorInfo g{"multi-centre",
                        "n compute centres joined by a WAN; each with a fabric description or "
                        "(explicit=1) its own generated GPU fabric",
                        {}};
        g.options = {
            intOpt("centres", "4", 1, 1000, "number of compute centres"),
            choiceOpt("wan", "star", {"star", "ring", "full-mesh", "random-geo"},
                      "shape of the WAN between the centres (star: around a hub router)"),
            bandwidthOpt("wan-bandwidth", "10G", "bandwidth of every WAN link"),
            durationOpt("wan-delay", "10ms", "ms", 1e-3,
                        "one-way delay of every WAN link (star, ring, full-mesh)"),
            intOpt("wan-degree", "2", 1, 20, "nearest neighbours per centre (random-geo)"),
            choiceOpt("gpu-model", "A100-80GB", kGpuModels, "device catalogue name of the GPUs"),
            intOpt("gpus-per-centre", "64", 1, 100000, "GPUs in each centre"),
            intOpt("gpus-per-server", "8", 1, 64, "GPUs per server (rails of rail-optimised)"),
            choiceOpt("fabric", "fat-tree", kFabricShapes, "internal network of each centre"),
            bandwidthOpt("fabric-bandwidth", "200G", "bandwidth of every fabric link"),
            durationOpt("fabric-latency", "2us", "µs", 1e-6, "one-way latency of a fabric hop"),
            intOpt("explicit", "0", 0, 1,
                   "0: describe each fabric (FabricSpec); 1: generate GPUs and switches"),
            intOpt("fabric-radix", "64", 4, 512,
                   "switch port count of explicit spine-leaf and rail-optimised fabrics (even)"),
            bandwidthOpt("nvlink-bandwidth", "3.6T",
                         "GPU-NVSwitch bandwidth of explicit rail-optimised fabrics"),
        };
        for (auto& o : geoBoxOptions())
            g.options.push_back(std::move(o));
        r.push_back(std::move(g));
    }
    return r;
}

// ---------------------------------------------------------------------------------------------
// Option parsing

std::string lower(std::string_view s)
{
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

std::string trim(std::string_view s)
{
    std::size_t b = 0;
    std::size_t e = s.size();
    while (b < e && std::isspace(static_cast<unsigned char>(s[b])))
        ++b;
    while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1])))
        --e;
    return std::string(s.substr(b, e - b));
}

std::string formatValue(const GeneratorOption& o, double v)
{
    switch (o.type) {
    case OptionType::Bandwidth:
        return units::formatBandwidth(v);
    case OptionType::Duration:
        return units::formatDuration(v);
    default:
        return units::formatNumber(v);
    }
}

[[noreturn]] void optionError(std::string_view kind, const std::string& option,
                              const std::string& problem)
{
    throw InputError({}, "--" + option, std::string(kind) + ": " + problem);
}

/// Parsed option values: numbers in SI units, choices as their canonical text.
class Values
{
public:
    double num(const std::string& name) const
    {
        auto it = m_numbers.find(name);
        MERIDIAN_ASSERT(it != m_numbers.end(), "generator read an undeclared numeric option");
        return it->second;
    }
    std::size_t count(const std::string& name) const { return static_cast<std::size_t>(num(name)); }
    int integer(const std::string& name) const { return static_cast<int>(num(name)); }
    const std::string& text(const std::string& name) const
    {
        auto it = m_texts.find(name);
        MERIDIAN_ASSERT(it != m_texts.end(), "generator read an undeclared choice option");
        return it->second;
    }

    std::map<std::string, double> m_numbers;
    std::map<std::string, std::string> m_texts;
};

Values parseOptions(const GeneratorInfo& g, const std::map<std::string, std::string>& given)
{
    for (const auto& entry : given) {
        const std::string& name = entry.first; // not a structured binding: lambdas capture it
        const bool known = std::any_of(g.options.begin(), g.options.end(),
                                       [&](const GeneratorOption& o) { return o.name == name; });
        if (!known) {
            std::string list;
            for (const auto& o : g.options)
                list += (list.empty() ? "" : ", ") + o.name;
            optionError(g.name, name, "unknown option (known: " + list + ")");
        }
    }
    Values v;
    for (const GeneratorOption& o : g.options) {
        const auto it = given.find(o.name);
        const std::string text = trim(it != given.end() ? it->second : o.default_text);
        std::optional<double> value;
        switch (o.type) {
        case OptionType::Choice: {
            const std::string t = lower(text);
            const auto c = std::find(o.choices.begin(), o.choices.end(), t);
            const auto exact = std::find(o.choices.begin(), o.choices.end(), text);
            if (exact != o.choices.end()) {
                v.m_texts[o.name] = *exact;
            } else if (c != o.choices.end()) {
                v.m_texts[o.name] = *c;
            } else {
                std::string list;
                for (const auto& ch : o.choices)
                    list += (list.empty() ? "" : ", ") + ch;
                optionError(g.name, o.name, "'" + text + "' is not one of " + list);
            }
            continue;
        }
        case OptionType::Int: {
            errno = 0;
            char* end = nullptr;
            const long long n = std::strtoll(text.c_str(), &end, 10);
            if (text.empty() || end != text.c_str() + text.size() || errno == ERANGE)
                optionError(g.name, o.name, "expected a whole number, got '" + text + "'");
            value = static_cast<double>(n);
            break;
        }
        case OptionType::Double: {
            char* end = nullptr;
            const double d = std::strtod(text.c_str(), &end);
            if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(d))
                optionError(g.name, o.name, "expected a number, got '" + text + "'");
            value = d;
            break;
        }
        case OptionType::Bandwidth:
            value = units::parseBandwidthBps(text, o.unit_scale);
            if (!value || !std::isfinite(*value))
                optionError(g.name, o.name,
                            "expected a bandwidth such as 100G, got '" + text + "'");
            break;
        case OptionType::Duration:
            value = units::parseDurationS(text, o.unit_scale);
            if (!value || !std::isfinite(*value))
                optionError(g.name, o.name, "expected a duration such as 15ms, got '" + text + "'");
            break;
        }
        if ((o.min && *value < *o.min) || (o.max && *value > *o.max))
            optionError(
                g.name, o.name,
                o.name + " = " + formatValue(o, *value) + " is outside [" +
                    formatValue(o, o.min.value_or(-std::numeric_limits<double>::infinity())) +
                    ", " + formatValue(o, o.max.value_or(std::numeric_limits<double>::infinity())) +
                    "]");
        v.m_numbers[o.name] = *value;
    }
    return v;
}

// ---------------------------------------------------------------------------------------------
// Deterministic randomness: mt19937_64's sequence is fixed by the standard; the conversion to
// [0, 1) is ours (53 high bits), so results do not depend on the standard library.

class Random
{
public:
    explicit Random(std::uint64_t seed) : m_engine(seed) {}
    double uniform() { return static_cast<double>(m_engine() >> 11) * 0x1.0p-53; }

private:
    std::mt19937_64 m_engine;
};

// ---------------------------------------------------------------------------------------------
// Building blocks

struct LinkSpec
{
    double bandwidth_bps = 10e9;
    double delay_s = 0.0;
};

/// Adds nodes/links with an id prefix and a parent (for fabrics inside a centre).
class Builder
{
public:
    explicit Builder(Topology& t) : m_topology(t) {}

    std::string m_prefix;   ///< prepended to every local id ("c0-")
    std::string m_parent;   ///< parent of every node added
    std::string m_gpuModel; ///< model of gpu nodes

    std::string id(std::string_view local) const { return m_prefix + std::string(local); }

    void node(std::string_view local, NodeKind kind, double x, double y)
    {
        NodeAttributes n;
        n.id = id(local);
        n.kind = kind;
        n.pos = {x, y};
        n.parent = m_parent;
        if (kind == NodeKind::Gpu) {
            n.gpu_count = 1;
            n.gpu_model = m_gpuModel;
        }
        m_topology.addNode(std::move(n));
    }

    /// Link between two full ids; its id is "a~b" (unique since generators never add
    /// parallel links and node ids never contain '~').
    void linkIds(const std::string& a, const std::string& b, const LinkSpec& s)
    {
        LinkAttributes l;
        l.id = a + "~" + b;
        l.a = a;
        l.b = b;
        l.params.bandwidth_bps = s.bandwidth_bps;
        l.params.delay_s = s.delay_s;
        m_topology.addLink(std::move(l));
    }
    void link(std::string_view a, std::string_view b, const LinkSpec& s)
    {
        linkIds(id(a), id(b), s);
    }

    Topology& m_topology;
};

std::string num(std::size_t i)
{
    return std::to_string(i);
}

/// Readable id of the i-th node of a kind: c0, r0, sw-0, host-0, gpu-0.
std::string kindId(NodeKind kind, std::size_t i)
{
    switch (kind) {
    case NodeKind::Center:
        return "c" + num(i);
    case NodeKind::Router:
        return "r" + num(i);
    case NodeKind::Switch:
        return "sw-" + num(i);
    case NodeKind::Gpu:
        return "gpu-" + num(i);
    case NodeKind::Host:
        return "host-" + num(i);
    }
    return "n" + num(i);
}

std::array<double, 2> onCircle(std::size_t i, std::size_t n, double radius)
{
    const double angle = 2.0 * std::numbers::pi * static_cast<double>(i) /
                             static_cast<double>(std::max<std::size_t>(n, 1)) -
                         std::numbers::pi / 2.0;
    return {radius * std::cos(angle), radius * std::sin(angle)};
}

double circleRadius(std::size_t n, double spacing)
{
    return std::max(kMinCircleRadius, static_cast<double>(n) * spacing / (2.0 * std::numbers::pi));
}

std::size_t ringLinks(std::size_t n)
{
    return n <= 1 ? 0 : (n == 2 ? 1 : n);
}

std::size_t ceilDiv(std::size_t a, std::size_t b)
{
    return (a + b - 1) / b;
}

// --- fat-tree (Al-Fares, Loukissas, Vahdat, SIGCOMM 2008) -----------------------------------
// k pods; pod p has k/2 edge switches "edge-p-e" and k/2 aggregation switches "agg-p-a";
// edge e of pod p serves hosts p·k²/4 + e·k/2 + j (j < k/2) and links to every agg of its pod;
// agg a links to cores a·k/2 + j (j < k/2); (k/2)² cores. With H < k³/4 endpoints only the
// ⌈H/(k²/4)⌉ pods that hold endpoints are built (all their switches), and all cores.

GeneratedCounts fatTreeCounts(std::size_t k, std::size_t hosts)
{
    const std::size_t half = k / 2;
    const std::size_t pods = ceilDiv(hosts, half * half);
    return {hosts + pods * k + half * half, hosts + pods * k * half};
}

/// Builds the fat-tree below (x0, y0); returns the ids of the top tier (cores).
std::vector<std::string> buildFatTree(Builder& b, std::size_t k, std::size_t hosts,
                                      NodeKind endpoint, const LinkSpec& link, double x0, double y0)
{
    const std::size_t half = k / 2;
    const std::size_t perPod = half * half;
    const std::size_t pods = ceilDiv(hosts, perPod);
    const std::string stem = endpoint == NodeKind::Gpu ? "gpu-" : "host-";
    const std::size_t cores = half * half;
    // Drawing: cores on top; pods in a grid of rows (so a k = 32 tree is not a 245,000-unit
    // strip); in a pod, aggregation over edge switches, each edge's hosts in a small block
    // of ⌈√(k/2)⌉ columns under it.
    const std::size_t cols = std::max<std::size_t>(
        1, static_cast<std::size_t>(std::ceil(std::sqrt(static_cast<double>(half)))));
    const std::size_t rows = ceilDiv(half, cols);
    const double blockWidth = static_cast<double>(cols) * kDx + kServerGap;
    const double podWidth = static_cast<double>(half) * blockWidth + 2 * kDx;
    const double podHeight = 2 * kDy + static_cast<double>(rows) * kDx + kDy;
    // Pods per row: total width ≈ 1.6 × total height.
    const std::size_t perRow = std::clamp<std::size_t>(
        static_cast<std::size_t>(
            std::ceil(std::sqrt(static_cast<double>(pods) * podHeight * 1.6 / podWidth))),
        1, pods);
    const double width = static_cast<double>(std::min(perRow, pods)) * podWidth;
    const auto podX = [&](std::size_t p) {
        return x0 + static_cast<double>(p % perRow) * podWidth;
    };
    const auto podY = [&](std::size_t p) {
        return y0 + kDy + static_cast<double>(p / perRow) * podHeight;
    };

    std::vector<std::string> top;
    top.reserve(cores);
    for (std::size_t c = 0; c < cores; ++c) {
        top.push_back(b.id("core-" + num(c)));
        b.node("core-" + num(c), NodeKind::Switch,
               x0 + (static_cast<double>(c) + 0.5) * width / static_cast<double>(cores), y0);
    }
    // Tier by tier (cores, aggregation, edge, hosts) so NodeIds of a tier are contiguous.
    for (std::size_t p = 0; p < pods; ++p) {
        for (std::size_t a = 0; a < half; ++a) {
            const std::string agg = "agg-" + num(p) + "-" + num(a);
            b.node(agg, NodeKind::Switch,
                   podX(p) + (static_cast<double>(a) + 0.5) * podWidth / static_cast<double>(half),
                   podY(p));
            for (std::size_t j = 0; j < half; ++j)
                b.link(agg, "core-" + num(a * half + j), link);
        }
    }
    for (std::size_t p = 0; p < pods; ++p) {
        for (std::size_t e = 0; e < half; ++e) {
            const std::string edge = "edge-" + num(p) + "-" + num(e);
            b.node(edge, NodeKind::Switch,
                   podX(p) + kDx + (static_cast<double>(e) + 0.5) * blockWidth, podY(p) + kDy);
            for (std::size_t a = 0; a < half; ++a)
                b.link(edge, "agg-" + num(p) + "-" + num(a), link);
        }
    }
    for (std::size_t h = 0; h < hosts; ++h) {
        const std::size_t p = h / perPod;
        const std::size_t e = (h % perPod) / half;
        const std::size_t i = h % half;
        const std::string host = stem + num(h);
        const double bx = podX(p) + kDx + static_cast<double>(e) * blockWidth + kServerGap / 2;
        b.node(host, endpoint, bx + (static_cast<double>(i % cols) + 0.5) * kDx,
               podY(p) + 2 * kDy + static_cast<double>(i / cols) * kDx);
        b.link(host, "edge-" + num(p) + "-" + num(e), link);
    }
    return top;
}

// --- spine-leaf -----------------------------------------------------------------------------
// Hosts i < H hang off leaf ⌊i / hosts_per_leaf⌋; every leaf links to every spine.

GeneratedCounts spineLeafCounts(std::size_t leaves, std::size_t spines, std::size_t hosts)
{
    return {hosts + leaves + spines, hosts + leaves * spines};
}

std::vector<std::string> buildSpineLeaf(Builder& b, std::size_t leaves, std::size_t spines,
                                        std::size_t perLeaf, std::size_t hosts, NodeKind endpoint,
                                        const LinkSpec& hostLink, const LinkSpec& upLink, double x0,
                                        double y0)
{
    const double width = static_cast<double>(leaves * perLeaf) * kDx;
    const std::string stem = endpoint == NodeKind::Gpu ? "gpu-" : "host-";
    std::vector<std::string> top;
    for (std::size_t s = 0; s < spines; ++s) {
        top.push_back(b.id("spine-" + num(s)));
        b.node("spine-" + num(s), NodeKind::Switch,
               x0 + (static_cast<double>(s) + 0.5) * width / static_cast<double>(spines), y0);
    }
    for (std::size_t l = 0; l < leaves; ++l) {
        const std::string leaf = "leaf-" + num(l);
        b.node(leaf, NodeKind::Switch,
               x0 + (static_cast<double>(l) + 0.5) * static_cast<double>(perLeaf) * kDx, y0 + kDy);
        for (std::size_t s = 0; s < spines; ++s)
            b.link(leaf, "spine-" + num(s), upLink);
    }
    for (std::size_t h = 0; h < hosts; ++h) {
        b.node(stem + num(h), endpoint, x0 + (static_cast<double>(h) + 0.5) * kDx, y0 + 2 * kDy);
        b.link(stem + num(h), "leaf-" + num(h / perLeaf), hostLink);
    }
    if (top.empty())
        top.push_back(b.id("leaf-0"));
    return top;
}

// --- rail-optimised, single or dual plane (seed 001 §3.1.1, Fig. 3) --------------------------
// Server s has GPUs "gpu-s-i" (i < g). Servers form groups of `groupSize`; each group has one
// rail leaf per GPU index per plane: GPU i of server s links to leaf "leaf-P-(grp·g + i)" of
// every plane P ∈ {A, B}. Every leaf of a plane links to every spine "spine-P-j" of that plane;
// the planes share nothing (no cross links). With intra-server NVSwitch, "nvs-s" links to the
// server's g GPUs.

struct RailShape
{
    std::size_t servers = 1;
    std::size_t gpusPerServer = 8;
    std::size_t planes = 2;
    std::size_t spines = 2; ///< per plane
    std::size_t groupSize = 1;
    bool nvswitch = true;

    std::size_t groups() const { return ceilDiv(servers, groupSize); }
};

GeneratedCounts railCounts(const RailShape& r)
{
    const std::size_t g = r.gpusPerServer;
    const std::size_t leaves = r.planes * r.groups() * g;
    return {r.servers * g + leaves + r.planes * r.spines + (r.nvswitch ? r.servers : 0),
            r.planes * r.servers * g + leaves * r.spines + (r.nvswitch ? r.servers * g : 0)};
}

std::vector<std::string> buildRail(Builder& b, const RailShape& r, const LinkSpec& gpuLink,
                                   const LinkSpec& upLink, const LinkSpec& nvLink, double x0,
                                   double y0)
{
    const std::size_t g = r.gpusPerServer;
    const char* planeName[2] = {"A", "B"};
    const double serverWidth = static_cast<double>(g) * kDx + kServerGap;
    const double width = static_cast<double>(r.servers) * serverWidth;
    // Tiers: spines A, leaves A, GPUs, NVSwitches, leaves B, spines B (plane B mirrored below).
    const double tierY[2][2] = {{y0, y0 + kDy}, {y0 + 4.2 * kDy, y0 + 3.2 * kDy}};
    const double gpuY = y0 + 2 * kDy;
    const double nvsY = y0 + 2.6 * kDy;
    const std::size_t leavesPerPlane = r.groups() * g;

    std::vector<std::string> top;
    for (std::size_t p = 0; p < r.planes; ++p) {
        const std::string P = planeName[p];
        for (std::size_t j = 0; j < r.spines; ++j) {
            top.push_back(b.id("spine-" + P + "-" + num(j)));
            b.node("spine-" + P + "-" + num(j), NodeKind::Switch,
                   x0 + (static_cast<double>(j) + 0.5) * width / static_cast<double>(r.spines),
                   tierY[p][0]);
        }
        for (std::size_t l = 0; l < leavesPerPlane; ++l) {
            const std::string leaf = "leaf-" + P + "-" + num(l);
            b.node(leaf, NodeKind::Switch,
                   x0 +
                       (static_cast<double>(l) + 0.5) * width / static_cast<double>(leavesPerPlane),
                   tierY[p][1]);
            for (std::size_t j = 0; j < r.spines; ++j)
                b.link(leaf, "spine-" + P + "-" + num(j), upLink);
        }
    }
    if (r.nvswitch)
        for (std::size_t s = 0; s < r.servers; ++s)
            b.node("nvs-" + num(s), NodeKind::Switch,
                   x0 + static_cast<double>(s) * serverWidth + static_cast<double>(g) * kDx / 2.0,
                   nvsY);
    for (std::size_t s = 0; s < r.servers; ++s) {
        const double sx = x0 + static_cast<double>(s) * serverWidth;
        const std::size_t group = s / r.groupSize;
        const std::string server = num(s) + "-";
        for (std::size_t i = 0; i < g; ++i) {
            const std::string gpu = "gpu-" + server + num(i);
            b.node(gpu, NodeKind::Gpu, sx + (static_cast<double>(i) + 0.5) * kDx, gpuY);
            for (std::size_t p = 0; p < r.planes; ++p)
                b.link(gpu, std::string("leaf-") + planeName[p] + "-" + num(group * g + i),
                       gpuLink);
            if (r.nvswitch)
                b.link(gpu, "nvs-" + num(s), nvLink);
        }
    }
    return top;
}

// --- small fabrics inside a centre -----------------------------------------------------------

std::vector<std::string> buildStarFabric(Builder& b, std::size_t gpus, const LinkSpec& link,
                                         double x0, double y0)
{
    const double width = static_cast<double>(gpus) * kDx;
    b.node("sw", NodeKind::Switch, x0 + width / 2.0, y0);
    for (std::size_t i = 0; i < gpus; ++i) {
        b.node("gpu-" + num(i), NodeKind::Gpu, x0 + (static_cast<double>(i) + 0.5) * kDx, y0 + kDy);
        b.link("gpu-" + num(i), "sw", link);
    }
    return {b.id("sw")};
}

std::vector<std::string> buildRingFabric(Builder& b, std::size_t gpus, const LinkSpec& link,
                                         double x0, double y0)
{
    const double r = circleRadius(gpus, kDx * 2);
    for (std::size_t i = 0; i < gpus; ++i) {
        const auto p = onCircle(i, gpus, r);
        b.node("gpu-" + num(i), NodeKind::Gpu, x0 + r + p[0], y0 + r + p[1]);
    }
    for (std::size_t i = 0; i < ringLinks(gpus); ++i)
        b.link("gpu-" + num(i), "gpu-" + num((i + 1) % gpus), link);
    return {b.id("gpu-0")};
}

// ---------------------------------------------------------------------------------------------
// Random geographic placement and edge choice (shared by random-geo and multi-centre).

struct GeoPlan
{
    std::vector<double> lat;
    std::vector<double> lon;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> edges; ///< i < j, sorted, unique
};

struct GeoParams
{
    std::size_t n = 8;
    double latMin = 20, latMax = 45, lonMin = 100, lonMax = 125;
    bool waxman = false;
    std::size_t degree = 2;
    double alpha = 0.4, beta = 0.4;
};

GeoParams geoBox(std::string_view kind, const Values& v, std::size_t n)
{
    GeoParams p;
    p.n = n;
    p.latMin = v.num("lat-min");
    p.latMax = v.num("lat-max");
    p.lonMin = v.num("lon-min");
    p.lonMax = v.num("lon-max");
    if (!(p.latMin < p.latMax))
        optionError(kind, "lat-max", "lat-max must be greater than lat-min");
    if (!(p.lonMin < p.lonMax))
        optionError(kind, "lon-max", "lon-max must be greater than lon-min");
    return p;
}

/// Positions uniform in latitude and longitude (not in area: the box is small enough that
/// this is what a user expects), then edges:
///  * knn: each site to its `degree` nearest sites by great-circle distance (ties → lower
///    index), O(n² log k);
///  * waxman (Waxman 1988): each pair with probability β·exp(−d / (α·L)), L = the largest
///    pairwise distance;
/// plus the edges of a minimum spanning tree (Prim, O(n²)) so the WAN is always connected.
GeoPlan planGeo(const GeoParams& p, std::uint64_t seed)
{
    Random rng(seed);
    GeoPlan plan;
    plan.lat.resize(p.n);
    plan.lon.resize(p.n);
    for (std::size_t i = 0; i < p.n; ++i) {
        plan.lat[i] = p.latMin + rng.uniform() * (p.latMax - p.latMin);
        plan.lon[i] = p.lonMin + rng.uniform() * (p.lonMax - p.lonMin);
    }
    auto dist = [&](std::size_t i, std::size_t j) {
        return greatCircleKm(plan.lat[i], plan.lon[i], plan.lat[j], plan.lon[j]);
    };
    auto addEdge = [&](std::size_t i, std::size_t j) {
        plan.edges.emplace_back(static_cast<std::uint32_t>(std::min(i, j)),
                                static_cast<std::uint32_t>(std::max(i, j)));
    };

    if (p.waxman) {
        double longest = 0.0;
        for (std::size_t i = 0; i < p.n; ++i)
            for (std::size_t j = i + 1; j < p.n; ++j)
                longest = std::max(longest, dist(i, j));
        const double scale = std::max(p.alpha * longest, 1e-9);
        for (std::size_t i = 0; i < p.n; ++i)
            for (std::size_t j = i + 1; j < p.n; ++j)
                if (rng.uniform() < p.beta * std::exp(-dist(i, j) / scale))
                    addEdge(i, j);
    } else {
        const std::size_t k = std::min(p.degree, p.n - 1);
        std::vector<std::pair<double, std::size_t>> near;
        for (std::size_t i = 0; i < p.n; ++i) {
            near.clear();
            for (std::size_t j = 0; j < p.n; ++j)
                if (j != i)
                    near.emplace_back(dist(i, j), j);
            std::partial_sort(near.begin(), near.begin() + static_cast<std::ptrdiff_t>(k),
                              near.end());
            for (std::size_t m = 0; m < k; ++m)
                addEdge(i, near[m].second);
        }
    }

    // Prim's minimum spanning tree over the complete great-circle graph.
    std::vector<double> best(p.n, std::numeric_limits<double>::infinity());
    std::vector<std::size_t> from(p.n, 0);
    std::vector<bool> inTree(p.n, false);
    best[0] = 0.0;
    for (std::size_t step = 0; step < p.n; ++step) {
        std::size_t u = p.n;
        for (std::size_t v = 0; v < p.n; ++v)
            if (!inTree[v] && (u == p.n || best[v] < best[u]))
                u = v;
        inTree[u] = true;
        if (step > 0)
            addEdge(from[u], u);
        for (std::size_t v = 0; v < p.n; ++v) {
            if (inTree[v])
                continue;
            const double d = dist(u, v);
            if (d < best[v]) {
                best[v] = d;
                from[v] = u;
            }
        }
    }
    std::sort(plan.edges.begin(), plan.edges.end());
    plan.edges.erase(std::unique(plan.edges.begin(), plan.edges.end()), plan.edges.end());
    return plan;
}

// ---------------------------------------------------------------------------------------------
// Generators

struct Kind
{
    std::function<GeneratedCounts(const Values&, std::uint64_t)> counts;
    std::function<void(Topology&, const Values&, std::uint64_t)> build;
};

NodeKind nodeKindOption(const Values& v)
{
    return nodeKindFromString(v.text("node-kind")).value_or(NodeKind::Host);
}

LinkSpec linkOption(const Values& v, const std::string& bw, const std::string& delay)
{
    return {v.num(bw), v.num(delay)};
}

// --- star, ring, full mesh ------------------------------------------------------------------

/// n nodes of the `node-kind` option on a circle, first at the top, clockwise in screen terms.
void buildCircle(Topology& t, const Values& v, std::size_t n)
{
    Builder b(t);
    const NodeKind kind = nodeKindOption(v);
    const double radius = circleRadius(n, kCircleSpacing);
    for (std::size_t i = 0; i < n; ++i) {
        const auto p = onCircle(i, n, radius);
        b.node(kindId(kind, i), kind, p[0], p[1]);
    }
}

Kind starKind()
{
    return {[](const Values& v, std::uint64_t) {
                return GeneratedCounts{v.count("n") + 1, v.count("n")};
            },
            [](Topology& t, const Values& v, std::uint64_t) {
                const std::size_t n = v.count("n");
                Builder b(t);
                b.node("hub", NodeKind::Router, 0.0, 0.0);
                buildCircle(t, v, n);
                const NodeKind kind = nodeKindOption(v);
                const LinkSpec link = linkOption(v, "link-bandwidth", "link-delay");
                for (std::size_t i = 0; i < n; ++i)
                    b.link(kindId(kind, i), "hub", link);
            }};
}

Kind ringKind()
{
    return {[](const Values& v, std::uint64_t) {
                return GeneratedCounts{v.count("n"), ringLinks(v.count("n"))};
            },
            [](Topology& t, const Values& v, std::uint64_t) {
                const std::size_t n = v.count("n");
                buildCircle(t, v, n);
                Builder b(t);
                const NodeKind kind = nodeKindOption(v);
                const LinkSpec link = linkOption(v, "link-bandwidth", "link-delay");
                for (std::size_t i = 0; i < n; ++i)
                    b.link(kindId(kind, i), kindId(kind, (i + 1) % n), link);
            }};
}

Kind meshKind()
{
    return {[](const Values& v, std::uint64_t) {
                const std::size_t n = v.count("n");
                return GeneratedCounts{n, n * (n - 1) / 2};
            },
            [](Topology& t, const Values& v, std::uint64_t) {
                const std::size_t n = v.count("n");
                buildCircle(t, v, n);
                Builder b(t);
                const NodeKind kind = nodeKindOption(v);
                const LinkSpec link = linkOption(v, "link-bandwidth", "link-delay");
                for (std::size_t i = 0; i < n; ++i)
                    for (std::size_t j = i + 1; j < n; ++j)
                        b.link(kindId(kind, i), kindId(kind, j), link);
            }};
}

// --- fat-tree, spine-leaf, rail-optimised ----------------------------------------------------

std::size_t evenK(std::string_view kind, const Values& v)
{
    const std::size_t k = v.count("k");
    if (k % 2 != 0)
        optionError(kind, "k", "k must be even, got " + num(k));
    return k;
}

Kind fatTreeKind()
{
    return {[](const Values& v, std::uint64_t) {
                const std::size_t k = evenK("fat-tree", v);
                return fatTreeCounts(k, k * k * k / 4);
            },
            [](Topology& t, const Values& v, std::uint64_t) {
                const std::size_t k = evenK("fat-tree", v);
                Builder b(t);
                buildFatTree(b, k, k * k * k / 4, NodeKind::Host,
                             linkOption(v, "link-bandwidth", "link-delay"), 0.0, 0.0);
            }};
}

Kind spineLeafKind()
{
    return {[](const Values& v, std::uint64_t) {
                return spineLeafCounts(v.count("leaves"), v.count("spines"),
                                       v.count("leaves") * v.count("hosts-per-leaf"));
            },
            [](Topology& t, const Values& v, std::uint64_t) {
                Builder b(t);
                const std::size_t leaves = v.count("leaves");
                const std::size_t perLeaf = v.count("hosts-per-leaf");
                buildSpineLeaf(b, leaves, v.count("spines"), perLeaf, leaves * perLeaf,
                               NodeKind::Host, linkOption(v, "link-bandwidth", "link-delay"),
                               linkOption(v, "uplink-bandwidth", "link-delay"), 0.0, 0.0);
            }};
}

RailShape railShape(const Values& v)
{
    RailShape r;
    r.servers = v.count("servers");
    r.gpusPerServer = v.count("gpus-per-server");
    r.planes = v.count("planes");
    r.spines = v.count("spines");
    r.groupSize = r.servers;
    r.nvswitch = v.text("intra-server") == "nvswitch";
    return r;
}

Kind railKind()
{
    return {[](const Values& v, std::uint64_t) { return railCounts(railShape(v)); },
            [](Topology& t, const Values& v, std::uint64_t) {
                Builder b(t);
                b.m_gpuModel = v.text("gpu-model");
                buildRail(b, railShape(v), linkOption(v, "link-bandwidth", "link-delay"),
                          linkOption(v, "uplink-bandwidth", "link-delay"),
                          linkOption(v, "nvlink-bandwidth", "link-delay"), 0.0, 0.0);
            }};
}

// --- random geographic WAN -------------------------------------------------------------------

GeoParams randomGeoParams(const Values& v)
{
    GeoParams p = geoBox("random-geo", v, v.count("n"));
    p.waxman = v.text("method") == "waxman";
    p.degree = v.count("degree");
    p.alpha = v.num("waxman-alpha");
    p.beta = v.num("waxman-beta");
    return p;
}

/// Links of a geographic plan; one-way delay = great-circle km × route factor × delay per
/// km (defaults: 1 × 5 µs/km).
void buildGeo(Builder& b, const GeoPlan& plan, const std::vector<std::string>& ids, const Values& v,
              double bandwidth_bps)
{
    const double perKmS = v.num("delay-per-km") * 1e-6;
    const double routeFactor = v.num("route-factor");
    for (const auto& [i, j] : plan.edges) {
        const double km = greatCircleKm(plan.lat[i], plan.lon[i], plan.lat[j], plan.lon[j]);
        b.linkIds(ids[i], ids[j], {bandwidth_bps, km * routeFactor * perKmS});
    }
}

Kind randomGeoKind()
{
    return {[](const Values& v, std::uint64_t seed) {
                const GeoPlan plan = planGeo(randomGeoParams(v), seed);
                return GeneratedCounts{plan.lat.size(), plan.edges.size()};
            },
            [](Topology& t, const Values& v, std::uint64_t seed) {
                const GeoParams p = randomGeoParams(v);
                const GeoPlan plan = planGeo(p, seed);
                const double refLat = (p.latMin + p.latMax) / 2.0;
                const double refLon = (p.lonMin + p.lonMax) / 2.0;
                const NodeKind kind = nodeKindOption(v);
                std::vector<std::string> ids;
                ids.reserve(p.n);
                for (std::size_t i = 0; i < p.n; ++i) {
                    NodeAttributes n;
                    n.id = kindId(kind, i);
                    n.kind = kind;
                    n.latitude_deg = plan.lat[i];
                    n.longitude_deg = plan.lon[i];
                    const auto xy =
                        projectEquirectangularKm(plan.lat[i], plan.lon[i], refLat, refLon);
                    n.pos = {xy[0], xy[1]};
                    ids.push_back(n.id);
                    t.addNode(std::move(n));
                }
                Builder b(t);
                buildGeo(b, plan, ids, v, v.num("link-bandwidth"));
            }};
}

// --- multi-centre ----------------------------------------------------------------------------

/// The explicit fabric of one centre, derived from the multi-centre options.
struct FabricPlan
{
    std::string shape;
    std::size_t gpus = 0;
    std::size_t k = 2;                  ///< fat-tree
    std::size_t leaves = 0, spines = 0; ///< spine-leaf
    std::size_t perLeaf = 0;            ///< spine-leaf
    RailShape rail;                     ///< rail-optimised
};

/// Sizes an explicit fabric for G GPUs (docs/topology.md "multi-centre"):
///  fat-tree:   the smallest even k with k³/4 >= G;
///  spine-leaf: R/2 GPUs per leaf, L = ⌈G/(R/2)⌉ leaves, S = min(R/2, L) spines (none if
///              L = 1); needs L <= R (a spine has R ports);
///  rail:       s = G/g servers (G must be a multiple of g) in groups of R/2; per plane one leaf
///              per rail per group; S = min(R/2, s) spines per plane; needs groups·g <= R;
///  star: one switch; ring: the GPUs in a ring.
FabricPlan planFabric(const Values& v, bool explicitFabric)
{
    FabricPlan f;
    f.shape = v.text("fabric");
    f.gpus = v.count("gpus-per-centre");
    const std::size_t radix = v.count("fabric-radix");
    const std::size_t g = v.count("gpus-per-server");
    if (!explicitFabric)
        return f; // only a FabricSpec is written; nothing to size
    if (radix % 2 != 0)
        optionError("multi-centre", "fabric-radix", "fabric-radix must be even, got " + num(radix));
    if (f.shape == "fat-tree") {
        f.k = 2;
        while (f.k * f.k * f.k / 4 < f.gpus)
            f.k += 2;
    } else if (f.shape == "spine-leaf") {
        f.perLeaf = radix / 2;
        f.leaves = ceilDiv(f.gpus, f.perLeaf);
        f.spines = f.leaves > 1 ? std::min(radix / 2, f.leaves) : 0;
        if (f.leaves > radix)
            optionError("multi-centre", "gpus-per-centre",
                        num(f.gpus) + " GPUs need " + num(f.leaves) +
                            " leaves, more than a two-tier spine-leaf of radix " + num(radix) +
                            " holds (" + num(radix * radix / 2) +
                            " GPUs); use --fabric fat-tree or a larger --fabric-radix");
    } else if (f.shape == "rail-optimised") {
        if (f.gpus % g != 0)
            optionError("multi-centre", "gpus-per-centre",
                        "a rail-optimised fabric needs whole servers: gpus-per-centre " +
                            num(f.gpus) + " is not a multiple of gpus-per-server " + num(g));
        f.rail.servers = f.gpus / g;
        f.rail.gpusPerServer = g;
        f.rail.planes = 2;
        f.rail.groupSize = radix / 2;
        f.rail.spines = std::min(radix / 2, f.rail.servers);
        f.rail.nvswitch = true;
        if (f.rail.groups() * g > radix)
            optionError("multi-centre", "gpus-per-centre",
                        num(f.gpus) + " GPUs need " + num(f.rail.groups() * g) +
                            " rail leaves per plane, more than a spine of radix " + num(radix) +
                            " connects; use fewer GPUs or a larger --fabric-radix");
    }
    return f;
}

GeneratedCounts fabricCounts(const FabricPlan& f)
{
    if (f.shape == "fat-tree")
        return fatTreeCounts(f.k, f.gpus);
    if (f.shape == "spine-leaf")
        return spineLeafCounts(f.leaves, f.spines, f.gpus);
    if (f.shape == "rail-optimised")
        return railCounts(f.rail);
    if (f.shape == "star")
        return {f.gpus + 1, f.gpus};
    return {f.gpus, ringLinks(f.gpus)};
}

/// Gateway links from the centre to the top tier of its fabric.
std::size_t gatewayLinks(const FabricPlan& f)
{
    if (f.shape == "fat-tree")
        return (f.k / 2) * (f.k / 2);
    if (f.shape == "spine-leaf")
        return std::max<std::size_t>(f.spines, 1);
    if (f.shape == "rail-optimised")
        return f.rail.planes * f.rail.spines;
    return 1;
}

struct CentrePlan
{
    std::size_t centres = 0;
    std::string wan;
    GeoParams geo;
    std::optional<GeoPlan> geoPlan;
    bool explicitFabric = false;
    FabricPlan fabric;

    std::size_t wanNodes() const { return wan == "star" ? 1 : 0; }
    std::size_t wanLinks() const
    {
        if (wan == "star")
            return centres;
        if (wan == "ring")
            return ringLinks(centres);
        if (wan == "full-mesh")
            return centres * (centres - 1) / 2;
        return geoPlan->edges.size();
    }
};

CentrePlan planCentres(const Values& v, std::uint64_t seed)
{
    CentrePlan c;
    c.centres = v.count("centres");
    c.wan = v.text("wan");
    c.explicitFabric = v.integer("explicit") == 1;
    c.fabric = planFabric(v, c.explicitFabric);
    c.geo = geoBox("multi-centre", v, c.centres);
    c.geo.degree = v.count("wan-degree");
    if (c.wan == "random-geo")
        c.geoPlan = planGeo(c.geo, seed);
    return c;
}

GeneratedCounts multiCentreCounts(const CentrePlan& c)
{
    GeneratedCounts out{c.centres + c.wanNodes(), c.wanLinks()};
    if (c.explicitFabric) {
        const GeneratedCounts f = fabricCounts(c.fabric);
        out.nodes += c.centres * f.nodes;
        out.links += c.centres * (f.links + gatewayLinks(c.fabric));
    }
    return out;
}

void buildMultiCentre(Topology& t, const Values& v, std::uint64_t seed)
{
    const CentrePlan c = planCentres(v, seed);
    const std::string gpuModel = v.text("gpu-model");
    const LinkSpec fabricLink{v.num("fabric-bandwidth"), v.num("fabric-latency")};

    // 1. Centres (NodeIds 0..n-1) and the WAN. Positions are set in step 3.
    std::vector<std::string> ids;
    ids.reserve(c.centres);
    for (std::size_t i = 0; i < c.centres; ++i) {
        NodeAttributes n;
        n.id = "c" + num(i);
        n.kind = NodeKind::Center;
        n.name = "Centre " + num(i);
        n.gpu_model = gpuModel;
        n.gpu_count = static_cast<int>(c.fabric.gpus);
        if (!c.explicitFabric) {
            FabricSpec spec;
            spec.topology = c.fabric.shape;
            spec.link_bandwidth_bps = fabricLink.bandwidth_bps;
            spec.latency_s = fabricLink.delay_s;
            spec.gpus_per_server = v.integer("gpus-per-server");
            n.fabric = spec;
        }
        if (c.geoPlan) {
            n.latitude_deg = c.geoPlan->lat[i];
            n.longitude_deg = c.geoPlan->lon[i];
        }
        ids.push_back(n.id);
        t.addNode(std::move(n));
    }
    Builder wan(t);
    const LinkSpec wanLink{v.num("wan-bandwidth"), v.num("wan-delay")};
    if (c.wan == "star") {
        wan.node("hub", NodeKind::Router, 0.0, 0.0);
        for (const auto& id : ids)
            wan.linkIds(id, "hub", wanLink);
    } else if (c.wan == "ring") {
        for (std::size_t i = 0; i < ringLinks(c.centres); ++i)
            wan.linkIds(ids[i], ids[(i + 1) % c.centres], wanLink);
    } else if (c.wan == "full-mesh") {
        for (std::size_t i = 0; i < c.centres; ++i)
            for (std::size_t j = i + 1; j < c.centres; ++j)
                wan.linkIds(ids[i], ids[j], wanLink);
    } else {
        buildGeo(wan, *c.geoPlan, ids, v, wanLink.bandwidth_bps);
    }

    // 2. Explicit fabrics, each built at the origin; remember their node ranges and extents.
    struct Range
    {
        std::size_t first = 0, last = 0;
        double minX = 0, maxX = 0, minY = 0;
    };
    std::vector<Range> ranges;
    double widest = 0.0;
    if (c.explicitFabric) {
        ranges.reserve(c.centres);
        for (std::size_t i = 0; i < c.centres; ++i) {
            Builder b(t);
            b.m_prefix = ids[i] + "-";
            b.m_parent = ids[i];
            b.m_gpuModel = gpuModel;
            Range r;
            r.first = t.nodeCount();
            const FabricPlan& f = c.fabric;
            std::vector<std::string> top;
            if (f.shape == "fat-tree")
                top = buildFatTree(b, f.k, f.gpus, NodeKind::Gpu, fabricLink, 0.0, 0.0);
            else if (f.shape == "spine-leaf")
                top = buildSpineLeaf(b, f.leaves, f.spines, f.perLeaf, f.gpus, NodeKind::Gpu,
                                     fabricLink, fabricLink, 0.0, 0.0);
            else if (f.shape == "rail-optimised")
                top = buildRail(b, f.rail, fabricLink, fabricLink,
                                {v.num("nvlink-bandwidth"), fabricLink.delay_s}, 0.0, 0.0);
            else if (f.shape == "star")
                top = buildStarFabric(b, f.gpus, fabricLink, 0.0, 0.0);
            else
                top = buildRingFabric(b, f.gpus, fabricLink, 0.0, 0.0);
            for (const auto& node : top)
                b.linkIds(ids[i], node, fabricLink);
            r.last = t.nodeCount();
            r.minX = r.minY = std::numeric_limits<double>::infinity();
            r.maxX = -r.minX;
            for (std::size_t n = r.first; n < r.last; ++n) {
                const auto& pos = t.node(NodeId::fromIndex(n)).pos;
                r.minX = std::min(r.minX, pos[0]);
                r.maxX = std::max(r.maxX, pos[0]);
                r.minY = std::min(r.minY, pos[1]);
            }
            widest = std::max(widest, r.maxX - r.minX);
            ranges.push_back(r);
        }
    }

    // 3. Centre positions: a circle (hub in the middle) or projected lat/long, spread so that
    // explicit fabrics hanging below their centres do not overlap.
    const double spacing = std::max(kCircleSpacing * 4, widest + 300.0);
    std::vector<std::array<double, 2>> pos(c.centres);
    if (c.geoPlan) {
        const double refLat = (c.geo.latMin + c.geo.latMax) / 2.0;
        const double refLon = (c.geo.lonMin + c.geo.lonMax) / 2.0;
        for (std::size_t i = 0; i < c.centres; ++i)
            pos[i] = projectEquirectangularKm(c.geoPlan->lat[i], c.geoPlan->lon[i], refLat, refLon);
        double scale = 1.0;
        if (c.explicitFabric && c.centres > 1) {
            double closest = std::numeric_limits<double>::infinity();
            for (std::size_t i = 0; i < c.centres; ++i)
                for (std::size_t j = i + 1; j < c.centres; ++j)
                    closest =
                        std::min(closest, std::hypot(pos[i][0] - pos[j][0], pos[i][1] - pos[j][1]));
            if (closest > 0.0)
                scale = std::clamp(spacing / closest, 1.0, 1e4);
        }
        for (auto& p : pos)
            p = {p[0] * scale, p[1] * scale};
    } else {
        const double radius = circleRadius(c.centres, spacing);
        for (std::size_t i = 0; i < c.centres; ++i)
            pos[i] = onCircle(i, c.centres, radius);
    }
    for (std::size_t i = 0; i < c.centres; ++i) {
        t.setNodePosition(NodeId::fromIndex(i), pos[i][0], pos[i][1]);
        if (!c.explicitFabric)
            continue;
        const Range& r = ranges[i];
        const double dx = pos[i][0] - (r.minX + r.maxX) / 2.0;
        const double dy = pos[i][1] + 150.0 - r.minY;
        for (std::size_t n = r.first; n < r.last; ++n) {
            const NodeId id = NodeId::fromIndex(n);
            const auto& p = t.node(id).pos;
            t.setNodePosition(id, p[0] + dx, p[1] + dy);
        }
    }
}

Kind multiCentreKind()
{
    return {
        [](const Values& v, std::uint64_t seed) { return multiCentreCounts(planCentres(v, seed)); },
        buildMultiCentre};
}

// ---------------------------------------------------------------------------------------------

const std::map<std::string, Kind>& kinds()
{
    static const std::map<std::string, Kind> table = {
        {"star", starKind()},
        {"ring", ringKind()},
        {"full-mesh", meshKind()},
        {"fat-tree", fatTreeKind()},
        {"spine-leaf", spineLeafKind()},
        {"rail-optimised", railKind()},
        {"random-geo", randomGeoKind()},
        {"multi-centre", multiCentreKind()},
    };
    return table;
}

const GeneratorInfo& requireGenerator(std::string_view kind)
{
    const GeneratorInfo* g = findGenerator(kind);
    if (g == nullptr) {
        std::string list;
        for (const auto& info : generators())
            list += (list.empty() ? "" : ", ") + info.name;
        throw InputError({}, "KIND",
                         "unknown generator '" + std::string(kind) + "' (known: " + list + ")");
    }
    return *g;
}

void checkSize(const GeneratorInfo& g, const GeneratedCounts& counts)
{
    if (counts.nodes > kMaxNodes || counts.links > kMaxLinks)
        throw InputError({}, {},
                         g.name + ": the options ask for " + num(counts.nodes) + " nodes and " +
                             num(counts.links) + " links, more than the limit of " +
                             num(kMaxNodes) + " nodes / " + num(kMaxLinks) + " links");
}

} // namespace

std::string_view toString(OptionType type)
{
    switch (type) {
    case OptionType::Int:
        return "int";
    case OptionType::Double:
        return "number";
    case OptionType::Choice:
        return "choice";
    case OptionType::Bandwidth:
        return "bandwidth";
    case OptionType::Duration:
        return "duration";
    }
    return "int";
}

const std::vector<GeneratorInfo>& generators()
{
    static const std::vector<GeneratorInfo> registry = makeRegistry();
    return registry;
}

const GeneratorInfo* findGenerator(std::string_view kind)
{
    std::string k = lower(kind);
    if (k == "mesh" || k == "fullmesh")
        k = "full-mesh";
    else if (k == "dual-plane" || k == "rail-optimized" || k == "rail")
        k = "rail-optimised";
    else if (k == "multi-center" || k == "multicentre" || k == "multicenter")
        k = "multi-centre";
    else if (k == "fattree")
        k = "fat-tree";
    else if (k == "spineleaf")
        k = "spine-leaf";
    for (const auto& g : generators())
        if (g.name == k)
            return &g;
    return nullptr;
}

GeneratedCounts previewCounts(std::string_view kind,
                              const std::map<std::string, std::string>& options, std::uint64_t seed)
{
    const GeneratorInfo& g = requireGenerator(kind);
    const Values v = parseOptions(g, options);
    return kinds().at(g.name).counts(v, seed);
}

Topology generate(std::string_view kind, const std::map<std::string, std::string>& options,
                  std::uint64_t seed)
{
    const GeneratorInfo& g = requireGenerator(kind);
    const Values v = parseOptions(g, options);
    const Kind& k = kinds().at(g.name);
    const GeneratedCounts expected = k.counts(v, seed);
    checkSize(g, expected);
    Topology t;
    t.reserveNodes(expected.nodes);
    t.reserveLinks(expected.links);
    k.build(t, v, seed);
    MERIDIAN_ASSERT(t.nodeCount() == expected.nodes && t.linkCount() == expected.links,
                    "generator built a different number of nodes/links than its closed form");
    return t;
}

} // namespace meridian::topology
