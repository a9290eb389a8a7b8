#include "meridian/topology/Generators.hpp"

#include "FabricBuilders.hpp"
#include "GeneratorOptions.hpp"
#include "MultiCentre.hpp"
#include "WanBuilders.hpp"
#include "meridian/core/Error.hpp"

#include <functional>

// The facade: the generator table (name → closed-form counts and builder) over the option
// registry (GeneratorOptions), the fabric builders (FabricBuilders), the WAN builders
// (WanBuilders) and multi-centre (MultiCentre).

namespace meridian::topology {
namespace {

using namespace gen;

/// Hard limits that keep a typo from exhausting memory.
constexpr std::size_t kMaxNodes = 2'000'000;
constexpr std::size_t kMaxLinks = 10'000'000;

struct Kind
{
    std::function<GeneratedCounts(const Values&, std::uint64_t)> counts;
    std::function<void(Topology&, const Values&, std::uint64_t)> build;
};

// --- star, ring, full mesh ------------------------------------------------------------------

Kind starKind()
{
    return {[](const Values& v, std::uint64_t) {
                return GeneratedCounts{v.count("n") + 1, v.count("n")};
            },
            [](Topology& t, const Values& v, std::uint64_t) {
                GraphBuilder b(t);
                b.node("hub", NodeKind::Router, 0.0, 0.0);
                linkStar(b, placeOnCircle(b, nodeKindOption(v), v.count("n")), "hub",
                         linkOption(v, "link-bandwidth", "link-delay"));
            }};
}

Kind ringKind()
{
    return {[](const Values& v, std::uint64_t) {
                return GeneratedCounts{v.count("n"), ringLinks(v.count("n"))};
            },
            [](Topology& t, const Values& v, std::uint64_t) {
                GraphBuilder b(t);
                linkRing(b, placeOnCircle(b, nodeKindOption(v), v.count("n")),
                         linkOption(v, "link-bandwidth", "link-delay"));
            }};
}

Kind meshKind()
{
    return {[](const Values& v, std::uint64_t) {
                const std::size_t n = v.count("n");
                return GeneratedCounts{n, n * (n - 1) / 2};
            },
            [](Topology& t, const Values& v, std::uint64_t) {
                GraphBuilder b(t);
                linkMesh(b, placeOnCircle(b, nodeKindOption(v), v.count("n")),
                         linkOption(v, "link-bandwidth", "link-delay"));
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
                GraphBuilder b(t);
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
                GraphBuilder b(t);
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
                GraphBuilder b(t);
                b.m_gpuModel = v.text("gpu-model");
                buildRail(b, railShape(v), linkOption(v, "link-bandwidth", "link-delay"),
                          linkOption(v, "uplink-bandwidth", "link-delay"),
                          linkOption(v, "nvlink-bandwidth", "link-delay"), 0.0, 0.0);
            }};
}

// --- random geographic WAN, multi-centre -----------------------------------------------------

GeoParams randomGeoParams(const Values& v)
{
    GeoParams p = geoBox("random-geo", v, v.count("n"));
    p.waxman = v.text("method") == "waxman";
    p.degree = v.count("degree");
    p.alpha = v.num("waxman-alpha");
    p.beta = v.num("waxman-beta");
    return p;
}

Kind randomGeoKind()
{
    return {[](const Values& v, std::uint64_t seed) {
                const GeoPlan plan = planGeo(randomGeoParams(v), seed);
                return GeneratedCounts{plan.lat.size(), plan.edges.size()};
            },
            [](Topology& t, const Values& v, std::uint64_t seed) {
                const GeoParams p = randomGeoParams(v);
                buildRandomGeo(t, p, planGeo(p, seed), nodeKindOption(v),
                               fibreOption(v, v.num("link-bandwidth")));
            }};
}

Kind multiCentreKind()
{
    return {multiCentreCounts, buildMultiCentre};
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
