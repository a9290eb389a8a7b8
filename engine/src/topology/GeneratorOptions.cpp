// The generator option registry and its parser (GeneratorOptions.hpp); checked by
// tests/topology/GeneratorsTest.cpp and tests/topology/GenerateCommandTest.cpp.
#include "GeneratorOptions.hpp"

#include "meridian/core/Error.hpp"
#include "meridian/core/Units.hpp"
#include "meridian/topology/AttributeTable.hpp"
#include "meridian/topology/FabricShape.hpp"
#include "meridian/workload/DeviceCatalogue.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <optional>
#include <utility>

namespace meridian::topology::gen {
namespace {

const std::vector<std::string> kNodeKindChoices = {"host", "center", "router", "switch", "gpu"};
/// GPU-model choices: the names of the device catalogue (presets/devices/*.json "name").
std::vector<std::string> gpuModels()
{
    return workload::DeviceCatalogue::builtin().names();
}

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

/// Generator floor of a bandwidth: below 1 kbit/s a value is almost always a forgotten unit.
constexpr double kMinGeneratedBandwidthBps = 1e3;
/// Generator cap of a one-way delay.
constexpr double kMaxGeneratedDelayS = 60.0;

/// Bandwidth option that sets the link or fabric attribute `attr` (bandwidth_gbps,
/// link_gbps): bare numbers in the attribute's unit (Gbit/s), the attribute's range with the
/// generator floor.
GeneratorOption bandwidthOpt(std::string name, const AttributeInfo& attr, std::string def,
                             std::string help)
{
    GeneratorOption o;
    o.name = std::move(name);
    o.type = OptionType::Bandwidth;
    o.default_text = std::move(def);
    o.min = std::max(attr.toSi(attr.min.value_or(0.0)), kMinGeneratedBandwidthBps);
    if (attr.max)
        o.max = attr.toSi(*attr.max);
    o.unit = attr.unit;
    o.unit_scale = attr.si_scale;
    o.help = std::move(help);
    return o;
}

/// One-way delay option that sets the link or fabric attribute `attr` (delay_ms,
/// latency_us): the attribute's range capped at kMaxGeneratedDelayS; bare numbers in `unit`
/// (scale: SI value of one unit), by default the attribute's.
GeneratorOption durationOpt(std::string name, const AttributeInfo& attr, std::string def,
                            std::string help, const std::string& unit = {}, double scale = 0.0)
{
    GeneratorOption o;
    o.name = std::move(name);
    o.type = OptionType::Duration;
    o.default_text = std::move(def);
    o.min = attr.toSi(attr.min.value_or(0.0));
    o.max = std::min(attr.max ? attr.toSi(*attr.max) : kMaxGeneratedDelayS, kMaxGeneratedDelayS);
    o.unit = unit.empty() ? attr.unit : unit;
    o.unit_scale = scale > 0.0 ? scale : attr.si_scale;
    o.help = std::move(help);
    return o;
}

/// Link attributes set by the generators' options.
const AttributeInfo& linkBandwidth()
{
    return linkAttribute("bandwidth_gbps");
}
const AttributeInfo& linkDelay()
{
    return linkAttribute("delay_ms");
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

} // namespace

GeneratorInfo multiCentreGenerator()
{
    GeneratorInfo g{"multi-centre",
                    "n compute centres joined by a WAN; each with a fabric description or "
                    "(explicit=1) its own generated GPU fabric",
                    {}};
    g.options = {
        intOpt("centres", "4", 1, 1000, "number of compute centres"),
        choiceOpt("wan", "star", {"star", "ring", "full-mesh", "random-geo"},
                  "shape of the WAN between the centres (star: around a hub router)"),
        bandwidthOpt("wan-bandwidth", linkBandwidth(), "10G", "bandwidth of every WAN link"),
        durationOpt("wan-delay", linkDelay(), "10ms",
                    "one-way delay of every WAN link (star, ring, full-mesh)"),
        intOpt("wan-degree", "2", 1, 20, "nearest neighbours per centre (random-geo)"),
        choiceOpt("gpu-model", "A100-80GB", gpuModels(), "device catalogue name of the GPUs"),
        intOpt("gpus-per-centre", "64", 1, 100000, "GPUs in each centre"),
        intOpt("gpus-per-server", "8", 1, 64, "GPUs per server (rails of rail-optimised)"),
        choiceOpt("fabric", std::string(toString(FabricShape::FatTree)), fabricShapeNames(),
                  "internal network of each centre"),
        bandwidthOpt("fabric-bandwidth", fabricAttribute("link_gbps"), "200G",
                     "bandwidth of every fabric link"),
        durationOpt("fabric-latency", fabricAttribute("latency_us"), "2us",
                    "one-way latency of a fabric hop"),
        intOpt("explicit", "0", 0, 1,
               "0: describe each fabric (FabricSpec); 1: generate GPUs and switches"),
        intOpt("fabric-radix", "64", 4, 512,
               "switch port count of explicit spine-leaf and rail-optimised fabrics (even)"),
        bandwidthOpt("nvlink-bandwidth", linkBandwidth(), "3.6T",
                     "GPU-NVSwitch bandwidth of explicit rail-optimised fabrics"),
    };
    for (auto& o : geoBoxOptions())
        g.options.push_back(std::move(o));
    return g;
}

namespace {

/// A generator of n alike nodes: its size option `n`, then the node kind and one bandwidth
/// and delay for every link.
GeneratorInfo uniformGenerator(std::string name, std::string summary, GeneratorOption n)
{
    GeneratorInfo g{std::move(name), std::move(summary), {}};
    g.options.push_back(std::move(n));
    g.options.push_back(choiceOpt("node-kind", "host", kNodeKindChoices, "kind of the nodes"));
    g.options.push_back(
        bandwidthOpt("link-bandwidth", linkBandwidth(), "10G", "bandwidth of every link"));
    g.options.push_back(
        durationOpt("link-delay", linkDelay(), "1ms", "one-way delay of every link"));
    return g;
}

/// One-way delay of every link of a data-centre fabric, given in µs.
GeneratorOption fabricLinkDelay()
{
    return durationOpt("link-delay", linkDelay(), "1us", "one-way delay of every link", "µs", 1e-6);
}

GeneratorInfo fatTreeGenerator()
{
    GeneratorInfo g{"fat-tree", "k-ary fat-tree: k³/4 hosts, 5k²/4 switches (Al-Fares 2008)", {}};
    g.options = {
        intOpt("k", "4", 2, 64,
               "switch radix, even: k pods of k/2 edge + k/2 aggregation "
               "switches, (k/2)² core switches"),
        bandwidthOpt("link-bandwidth", linkBandwidth(), "100G", "bandwidth of every link"),
        fabricLinkDelay(),
    };
    return g;
}

GeneratorInfo spineLeafGenerator()
{
    GeneratorInfo g{"spine-leaf", "two-tier Clos: every leaf linked to every spine", {}};
    g.options = {
        intOpt("leaves", "4", 1, 4096, "number of leaf switches"),
        intOpt("spines", "2", 1, 1024, "number of spine switches"),
        intOpt("hosts-per-leaf", "8", 1, 1024, "hosts under each leaf"),
        bandwidthOpt("link-bandwidth", linkBandwidth(), "100G", "host-leaf bandwidth"),
        bandwidthOpt("uplink-bandwidth", linkBandwidth(), "400G", "leaf-spine bandwidth"),
        fabricLinkDelay(),
    };
    return g;
}

GeneratorInfo railOptimisedGenerator()
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
        choiceOpt("gpu-model", "H100-SXM", gpuModels(), "device catalogue name of the GPUs"),
        bandwidthOpt("link-bandwidth", linkBandwidth(), "200G", "GPU NIC to rail leaf bandwidth"),
        bandwidthOpt("uplink-bandwidth", linkBandwidth(), "400G", "leaf-spine bandwidth"),
        bandwidthOpt("nvlink-bandwidth", linkBandwidth(), "3.6T",
                     "GPU-NVSwitch bandwidth per direction (H100: 450 GB/s)"),
        fabricLinkDelay(),
    };
    return g;
}

GeneratorInfo randomGeoGenerator()
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
        bandwidthOpt("link-bandwidth", linkBandwidth(), "10G", "bandwidth of every link"),
    };
    for (auto& o : geoBoxOptions())
        g.options.push_back(std::move(o));
    return g;
}

} // namespace

std::vector<GeneratorInfo> makeRegistry()
{
    return {
        uniformGenerator("star", "n leaves around a hub router",
                         intOpt("n", "8", 1, 100000, "number of leaves")),
        uniformGenerator("ring", "n nodes in a ring",
                         intOpt("n", "8", 3, 100000, "number of nodes")),
        uniformGenerator("full-mesh", "n nodes, every pair linked",
                         intOpt("n", "6", 2, 500, "number of nodes")),
        fatTreeGenerator(),
        spineLeafGenerator(),
        railOptimisedGenerator(),
        randomGeoGenerator(),
        multiCentreGenerator(),
    };
}

[[noreturn]] void optionError(std::string_view kind, const std::string& option,
                              const std::string& problem)
{
    throw InputError({}, "--" + option, std::string(kind) + ": " + problem);
}

double Values::num(const std::string& name) const
{
    auto it = m_numbers.find(name);
    MERIDIAN_ASSERT(it != m_numbers.end(), "generator read an undeclared numeric option");
    return it->second;
}

const std::string& Values::text(const std::string& name) const
{
    auto it = m_texts.find(name);
    MERIDIAN_ASSERT(it != m_texts.end(), "generator read an undeclared choice option");
    return it->second;
}

namespace {

/// InputError naming the known options if `given` holds an option g does not declare.
void checkKnown(const GeneratorInfo& g, const std::map<std::string, std::string>& given)
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
}

/// The canonical text of a choice: the exact one, else the one equal ignoring case.
std::string parseChoice(const GeneratorInfo& g, const GeneratorOption& o, const std::string& text)
{
    const std::string t = lower(text);
    const auto c = std::find(o.choices.begin(), o.choices.end(), t);
    const auto exact = std::find(o.choices.begin(), o.choices.end(), text);
    if (exact != o.choices.end())
        return *exact;
    if (c != o.choices.end())
        return *c;
    std::string problem = "'" + text + "' is not one of ";
    for (std::size_t k = 0; k < o.choices.size(); ++k)
        problem.append(k == 0 ? "" : ", ").append(o.choices[k]);
    optionError(g.name, o.name, problem);
}

/// A numeric option's value in SI units (Int, Double, Bandwidth or Duration).
double parseNumber(const GeneratorInfo& g, const GeneratorOption& o, const std::string& text)
{
    std::optional<double> value;
    switch (o.type) {
    case OptionType::Choice:
        MERIDIAN_ASSERT(false, "parseNumber of a choice option");
        break;
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
            optionError(g.name, o.name, "expected a bandwidth such as 100G, got '" + text + "'");
        break;
    case OptionType::Duration:
        value = units::parseDurationS(text, o.unit_scale);
        if (!value || !std::isfinite(*value))
            optionError(g.name, o.name, "expected a duration such as 15ms, got '" + text + "'");
        break;
    }
    return *value;
}

void checkRange(const GeneratorInfo& g, const GeneratorOption& o, double value)
{
    if ((o.min && value < *o.min) || (o.max && value > *o.max))
        optionError(
            g.name, o.name,
            o.name + " = " + formatOptionValue(o, value) + " is outside [" +
                formatOptionValue(o, o.min.value_or(-std::numeric_limits<double>::infinity())) +
                ", " +
                formatOptionValue(o, o.max.value_or(std::numeric_limits<double>::infinity())) +
                "]");
}

} // namespace

Values parseOptions(const GeneratorInfo& g, const std::map<std::string, std::string>& given)
{
    checkKnown(g, given);
    Values v;
    for (const GeneratorOption& o : g.options) {
        const auto it = given.find(o.name);
        const std::string text(
            meridian::text::trim(it != given.end() ? it->second : o.default_text));
        if (o.type == OptionType::Choice) {
            v.m_texts[o.name] = parseChoice(g, o, text);
            continue;
        }
        const double value = parseNumber(g, o, text);
        checkRange(g, o, value);
        v.m_numbers[o.name] = value;
    }
    return v;
}

NodeKind nodeKindOption(const Values& v)
{
    return nodeKindFromString(v.text("node-kind")).value_or(NodeKind::Host);
}

LinkSpec linkOption(const Values& v, const std::string& bw, const std::string& delay)
{
    return {v.num(bw), v.num(delay)};
}

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

FibreSpec fibreOption(const Values& v, double bandwidth_bps)
{
    return {bandwidth_bps, v.num("delay-per-km") * 1e-6, v.num("route-factor")};
}

} // namespace meridian::topology::gen

namespace meridian::topology {

std::string formatOptionValue(const GeneratorOption& o, double value)
{
    switch (o.type) {
    case OptionType::Bandwidth:
        return units::formatBandwidth(value);
    case OptionType::Duration:
        return units::formatDuration(value);
    default:
        return units::formatNumber(value);
    }
}

} // namespace meridian::topology
