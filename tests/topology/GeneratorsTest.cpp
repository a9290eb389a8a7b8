// Generators: counts against closed forms, degrees, connectivity, validity, layout,
// determinism, option parsing and errors.
#include "meridian/topology/Generators.hpp"

#include "TestMain.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/topology/Geo.hpp"
#include "meridian/topology/Validation.hpp"

#include <QtTest/QtTest>
#include <cmath>
#include <deque>
#include <set>

using namespace meridian;
using namespace meridian::topology;

using Options = std::map<std::string, std::string>;
Q_DECLARE_METATYPE(Options)

namespace {

std::size_t degree(const Topology& t, std::string_view id)
{
    return t.linksOf(*t.findNode(id)).size();
}

/// Number of nodes reachable from node 0 (breadth-first over the links).
std::size_t reachable(const Topology& t)
{
    if (t.nodeCount() == 0)
        return 0;
    std::vector<std::vector<std::size_t>> adj(t.nodeCount());
    for (std::size_t i = 0; i < t.linkCount(); ++i) {
        const auto [a, b] = t.endpoints(LinkId::fromIndex(i));
        adj[a.index()].push_back(b.index());
        adj[b.index()].push_back(a.index());
    }
    std::vector<bool> seen(t.nodeCount(), false);
    std::deque<std::size_t> queue{0};
    seen[0] = true;
    std::size_t count = 1;
    while (!queue.empty()) {
        const std::size_t u = queue.front();
        queue.pop_front();
        for (std::size_t v : adj[u])
            if (!seen[v]) {
                seen[v] = true;
                ++count;
                queue.push_back(v);
            }
    }
    return count;
}

std::string issuesText(const std::vector<ValidationIssue>& issues)
{
    std::string out;
    for (const auto& i : issues)
        out += i.location + ": " + i.message + "\n";
    return out;
}

} // namespace

class GeneratorsTest : public QObject
{
    Q_OBJECT
private:
    /// Generated topology: counts match previewCounts, valid, connected.
    static Topology checked(const std::string& kind, const Options& options, std::uint64_t seed = 1)
    {
        Topology t = generate(kind, options, seed);
        const GeneratedCounts preview = previewCounts(kind, options, seed);
        if (preview.nodes != t.nodeCount() || preview.links != t.linkCount())
            qFatal("preview %zu/%zu differs from %zu/%zu", preview.nodes, preview.links,
                   t.nodeCount(), t.linkCount());
        const auto issues = validate(t);
        if (!issues.empty())
            qFatal("%s", issuesText(issues).c_str());
        if (reachable(t) != t.nodeCount())
            qFatal("%s is not connected", kind.c_str());
        return t;
    }

private Q_SLOTS:
    void registryIsComplete()
    {
        std::vector<std::string> names;
        for (const auto& g : generators()) {
            names.push_back(g.name);
            QVERIFY(!g.summary.empty());
            for (const auto& o : g.options) {
                QVERIFY(!o.help.empty());
                QVERIFY(!o.default_text.empty());
                if (o.type == OptionType::Choice)
                    QVERIFY(std::find(o.choices.begin(), o.choices.end(), o.default_text) !=
                            o.choices.end());
            }
            // Every kind works with its defaults.
            checked(g.name, {});
        }
        QCOMPARE(names,
                 (std::vector<std::string>{"star", "ring", "full-mesh", "fat-tree", "spine-leaf",
                                           "rail-optimised", "random-geo", "multi-centre"}));
        QVERIFY(findGenerator("mesh") == findGenerator("full-mesh"));
        QVERIFY(findGenerator("dual-plane") == findGenerator("rail-optimised"));
        QVERIFY(findGenerator("multi-center") == findGenerator("multi-centre"));
        QVERIFY(findGenerator("torus") == nullptr);
    }

    void star_data()
    {
        QTest::addColumn<int>("n");
        QTest::newRow("1") << 1;
        QTest::newRow("5") << 5;
        QTest::newRow("1000") << 1000;
    }
    void star()
    {
        QFETCH(int, n);
        const Topology t = checked("star", {{"n", std::to_string(n)}, {"node-kind", "center"}});
        // Expectation: n + 1 nodes, n links; the hub has degree n, every leaf 1.
        QCOMPARE(t.nodeCount(), std::size_t(n + 1));
        QCOMPARE(t.linkCount(), std::size_t(n));
        QCOMPARE(degree(t, "hub"), std::size_t(n));
        QVERIFY(t.node(*t.findNode("hub")).kind == NodeKind::Router);
        QCOMPARE(t.nodesOfKind(NodeKind::Center).size(), std::size_t(n));
        for (int i = 0; i < n; ++i)
            QCOMPARE(degree(t, "c" + std::to_string(i)), std::size_t(1));
        // Layout: leaves on a circle around the hub at the origin.
        const double r0 =
            std::hypot(t.node(*t.findNode("c0")).pos[0], t.node(*t.findNode("c0")).pos[1]);
        QVERIFY(r0 > 0);
        for (int i = 0; i < n; ++i) {
            const auto& p = t.node(*t.findNode("c" + std::to_string(i))).pos;
            QVERIFY(std::abs(std::hypot(p[0], p[1]) - r0) < 1e-6 * r0);
        }
    }

    void ring_data()
    {
        QTest::addColumn<int>("n");
        QTest::newRow("3") << 3;
        QTest::newRow("8") << 8;
        QTest::newRow("5000") << 5000;
    }
    void ring()
    {
        QFETCH(int, n);
        const Topology t = checked("ring", {{"n", std::to_string(n)}});
        QCOMPARE(t.nodeCount(), std::size_t(n));
        QCOMPARE(t.linkCount(), std::size_t(n));
        for (std::size_t i = 0; i < t.nodeCount(); ++i)
            QCOMPARE(t.linksOf(NodeId::fromIndex(i)).size(), std::size_t(2));
        QVERIFY(t.findNode("host-0"));
        QVERIFY(t.findLink("host-" + std::to_string(n - 1) + "~host-0"));
    }

    void fullMesh_data()
    {
        QTest::addColumn<int>("n");
        QTest::newRow("2") << 2;
        QTest::newRow("6") << 6;
        QTest::newRow("40") << 40;
    }
    void fullMesh()
    {
        QFETCH(int, n);
        const Topology t =
            checked("full-mesh", {{"n", std::to_string(n)}, {"node-kind", "router"}});
        // Expectation: n(n−1)/2 links, every node of degree n − 1.
        QCOMPARE(t.nodeCount(), std::size_t(n));
        QCOMPARE(t.linkCount(), std::size_t(n * (n - 1) / 2));
        for (std::size_t i = 0; i < t.nodeCount(); ++i)
            QCOMPARE(t.linksOf(NodeId::fromIndex(i)).size(), std::size_t(n - 1));
        QVERIFY(t.findNode("r0"));
    }

    void fatTree_data()
    {
        QTest::addColumn<int>("k");
        for (int k : {2, 4, 6, 8, 16})
            QTest::newRow(std::to_string(k).c_str()) << k;
    }
    void fatTree()
    {
        QFETCH(int, k);
        const Topology t = checked("fat-tree", {{"k", std::to_string(k)}});
        // Expectation (Al-Fares 2008): k³/4 hosts, 5k²/4 switches, 3k³/4 links; every switch
        // has k ports in use, every host one.
        const std::size_t hosts = std::size_t(k * k * k / 4);
        const std::size_t switches = std::size_t(5 * k * k / 4);
        QCOMPARE(t.nodesOfKind(NodeKind::Host).size(), hosts);
        QCOMPARE(t.nodesOfKind(NodeKind::Switch).size(), switches);
        QCOMPARE(t.linkCount(), std::size_t(3 * k * k * k / 4));
        for (NodeId id : t.nodesOfKind(NodeKind::Switch))
            QCOMPARE(t.linksOf(id).size(), std::size_t(k));
        for (NodeId id : t.nodesOfKind(NodeKind::Host))
            QCOMPARE(t.linksOf(id).size(), std::size_t(1));
        // Layered drawing: core above aggregation above edge above hosts.
        const double yCore = t.node(*t.findNode("core-0")).pos[1];
        const double yAgg = t.node(*t.findNode("agg-0-0")).pos[1];
        const double yEdge = t.node(*t.findNode("edge-0-0")).pos[1];
        const double yHost = t.node(*t.findNode("host-0")).pos[1];
        QVERIFY(yCore < yAgg && yAgg < yEdge && yEdge < yHost);
    }

    void fatTreeK4Figures()
    {
        const Topology t = checked("fat-tree", {{"k", "4"}});
        QCOMPARE(t.nodesOfKind(NodeKind::Host).size(), std::size_t(16));
        QCOMPARE(t.nodesOfKind(NodeKind::Switch).size(), std::size_t(20));
        QCOMPARE(t.linkCount(), std::size_t(48));
        QVERIFY(t.findNode("agg-3-1"));
        QVERIFY(t.findNode("host-12"));
        // host-12 is under edge 0 of pod 3; agg 1 of every pod reaches cores 2 and 3.
        QVERIFY(t.findLink("host-12~edge-3-0"));
        QVERIFY(t.findLink("agg-3-1~core-2"));
        QVERIFY(t.findLink("agg-0-1~core-3"));
        QCOMPARE(t.link(*t.findLink("host-12~edge-3-0")).params.bandwidth_bps, 100e9);
    }

    void fatTreeTenThousand()
    {
        // k = 32: 8192 hosts + 1280 switches = 9472 nodes, 24576 links.
        const GeneratedCounts c = previewCounts("fat-tree", {{"k", "32"}});
        QCOMPARE(c.nodes, std::size_t(9472));
        QCOMPARE(c.links, std::size_t(24576));
        const Topology t = generate("fat-tree", {{"k", "32"}});
        QCOMPARE(t.nodeCount(), c.nodes);
        QVERIFY(validate(t).empty());
    }

    void spineLeaf_data()
    {
        QTest::addColumn<int>("leaves");
        QTest::addColumn<int>("spines");
        QTest::addColumn<int>("hosts");
        QTest::newRow("1x1x1") << 1 << 1 << 1;
        QTest::newRow("4x2x8") << 4 << 2 << 8;
        QTest::newRow("16x4x32") << 16 << 4 << 32;
    }
    void spineLeaf()
    {
        QFETCH(int, leaves);
        QFETCH(int, spines);
        QFETCH(int, hosts);
        const Topology t = checked("spine-leaf", {{"leaves", std::to_string(leaves)},
                                                  {"spines", std::to_string(spines)},
                                                  {"hosts-per-leaf", std::to_string(hosts)},
                                                  {"uplink-bandwidth", "800G"}});
        // Expectation: S + L + L·H nodes, L·S + L·H links; leaf degree S + H, spine degree L.
        QCOMPARE(t.nodeCount(), std::size_t(spines + leaves + leaves * hosts));
        QCOMPARE(t.linkCount(), std::size_t(leaves * spines + leaves * hosts));
        for (int l = 0; l < leaves; ++l)
            QCOMPARE(degree(t, "leaf-" + std::to_string(l)), std::size_t(spines + hosts));
        for (int s = 0; s < spines; ++s)
            QCOMPARE(degree(t, "spine-" + std::to_string(s)), std::size_t(leaves));
        QCOMPARE(t.link(*t.findLink("leaf-0~spine-0")).params.bandwidth_bps, 800e9);
        QCOMPARE(t.link(*t.findLink("host-0~leaf-0")).params.bandwidth_bps, 100e9);
    }

    void railOptimised_data()
    {
        QTest::addColumn<int>("servers");
        QTest::addColumn<int>("gpus");
        QTest::addColumn<int>("planes");
        QTest::addColumn<int>("spines");
        QTest::addColumn<bool>("nvswitch");
        QTest::newRow("dual 4x8") << 4 << 8 << 2 << 2 << true;
        QTest::newRow("single 4x8") << 4 << 8 << 1 << 2 << true;
        QTest::newRow("dual 16x4 no nvs") << 16 << 4 << 2 << 3 << false;
        QTest::newRow("dual 1x1") << 1 << 1 << 2 << 1 << false;
    }
    void railOptimised()
    {
        QFETCH(int, servers);
        QFETCH(int, gpus);
        QFETCH(int, planes);
        QFETCH(int, spines);
        QFETCH(bool, nvswitch);
        const Topology t =
            checked("rail-optimised", {{"servers", std::to_string(servers)},
                                       {"gpus-per-server", std::to_string(gpus)},
                                       {"planes", std::to_string(planes)},
                                       {"spines", std::to_string(spines)},
                                       {"intra-server", nvswitch ? "nvswitch" : "none"}});
        const int s = servers, g = gpus, P = planes, S = spines, nv = nvswitch ? 1 : 0;
        // Expectation: s·g GPUs, P·g leaves, P·S spines, s NVSwitches (if any);
        // P·s·g + P·g·S + s·g (NVLink) links.
        QCOMPARE(t.nodesOfKind(NodeKind::Gpu).size(), std::size_t(s * g));
        QCOMPARE(t.nodeCount(), std::size_t(s * g + P * g + P * S + nv * s));
        QCOMPARE(t.linkCount(), std::size_t(P * s * g + P * g * S + nv * s * g));
        const char* plane[2] = {"A", "B"};
        for (int srv = 0; srv < s; ++srv)
            for (int i = 0; i < g; ++i) {
                const std::string gpu = "gpu-" + std::to_string(srv) + "-" + std::to_string(i);
                QCOMPARE(degree(t, gpu), std::size_t(P + nv));
                // GPU i of every server is on rail leaf i of every plane.
                for (int p = 0; p < P; ++p)
                    QVERIFY(t.findLink(gpu + "~leaf-" + plane[p] + "-" + std::to_string(i)));
            }
        // The planes share nothing: no link joins a plane-A switch to a plane-B switch.
        for (std::size_t i = 0; i < t.linkCount(); ++i) {
            const auto& l = t.link(LinkId::fromIndex(i));
            const bool aA = l.a.find("-A-") != std::string::npos;
            const bool bB = l.b.find("-B-") != std::string::npos;
            const bool aB = l.a.find("-B-") != std::string::npos;
            const bool bA = l.b.find("-A-") != std::string::npos;
            QVERIFY(!(aA && bB) && !(aB && bA));
        }
        for (NodeId id : t.nodesOfKind(NodeKind::Gpu)) {
            QCOMPARE(t.node(id).gpu_count, 1);
            QCOMPARE(t.node(id).gpu_model, std::string("H100-SXM"));
        }
    }

    void randomGeo_data()
    {
        QTest::addColumn<Options>("options");
        QTest::newRow("knn default") << Options{};
        QTest::newRow("knn 50 degree 3") << Options{{"n", "50"}, {"degree", "3"}};
        QTest::newRow("waxman 60") << Options{{"n", "60"}, {"method", "waxman"}};
        QTest::newRow("europe box")
            << Options{{"n", "30"},       {"lat-min", "40"}, {"lat-max", "55"},
                       {"lon-min", "-5"}, {"lon-max", "20"}, {"route-factor", "1.5"}};
        QTest::newRow("delay per km 4.9")
            << Options{{"n", "12"}, {"delay-per-km", "4.9"}, {"route-factor", "1.3"}};
    }
    void randomGeo()
    {
        QFETCH(Options, options);
        const Topology t = checked("random-geo", options, 7);
        const std::size_t n = options.count("n") ? std::stoul(options.at("n")) : 8;
        QCOMPARE(t.nodeCount(), n);
        QVERIFY(t.linkCount() >= n - 1); // at least a spanning tree
        const double rf =
            options.count("route-factor") ? std::stod(options.at("route-factor")) : 1.0;
        const double perKm =
            (options.count("delay-per-km") ? std::stod(options.at("delay-per-km")) : 5.0) * 1e-6;
        const double latMin = options.count("lat-min") ? std::stod(options.at("lat-min")) : 20;
        const double latMax = options.count("lat-max") ? std::stod(options.at("lat-max")) : 45;
        std::set<std::pair<std::string, std::string>> pairs;
        for (std::size_t i = 0; i < t.linkCount(); ++i) {
            const auto& l = t.link(LinkId::fromIndex(i));
            const auto& a = t.node(*t.findNode(l.a));
            const auto& b = t.node(*t.findNode(l.b));
            QVERIFY(a.latitude_deg && b.longitude_deg);
            // One-way delay = great-circle km × route factor × delay per km (default 5 µs/km).
            const double km =
                greatCircleKm(*a.latitude_deg, *a.longitude_deg, *b.latitude_deg, *b.longitude_deg);
            QVERIFY(std::abs(l.params.delay_s - km * rf * perKm) <= 1e-12);
            QVERIFY(pairs.insert({std::min(l.a, l.b), std::max(l.a, l.b)}).second); // no duplicates
        }
        for (std::size_t i = 0; i < t.nodeCount(); ++i) {
            const auto& node = t.node(NodeId::fromIndex(i));
            QVERIFY(node.kind == NodeKind::Center);
            QVERIFY(*node.latitude_deg >= latMin && *node.latitude_deg <= latMax);
        }
        // Positions are the projection: further north is further up (smaller y).
        const auto& p0 = t.node(NodeId(0));
        const auto& p1 = t.node(NodeId(1));
        QCOMPARE(*p0.latitude_deg > *p1.latitude_deg, p0.pos[1] < p1.pos[1]);
        QCOMPARE(*p0.longitude_deg > *p1.longitude_deg, p0.pos[0] > p1.pos[0]);
    }

    void knnDegreeLowerBound()
    {
        // Every site is linked to at least its `degree` nearest neighbours.
        const Topology t = checked("random-geo", {{"n", "40"}, {"degree", "4"}}, 3);
        for (std::size_t i = 0; i < t.nodeCount(); ++i)
            QVERIFY(t.linksOf(NodeId::fromIndex(i)).size() >= 4);
    }

    void determinism()
    {
        const Options geo{{"n", "100"}};
        QVERIFY(generate("random-geo", geo, 42) == generate("random-geo", geo, 42));
        QVERIFY(!(generate("random-geo", geo, 42) == generate("random-geo", geo, 43)));
        const Options multi{
            {"wan", "random-geo"}, {"centres", "12"}, {"explicit", "1"}, {"gpus-per-centre", "16"}};
        QVERIFY(generate("multi-centre", multi, 5) == generate("multi-centre", multi, 5));
        QVERIFY(generate("fat-tree", {{"k", "6"}}, 1) == generate("fat-tree", {{"k", "6"}}, 99));
    }

    void multiCentreDescribed_data()
    {
        QTest::addColumn<QString>("wan");
        QTest::addColumn<int>("extraNodes");
        QTest::addColumn<int>("links");
        // 5 centres: star adds a hub and 5 links; ring 5 links; full mesh 10 links.
        QTest::newRow("star") << "star" << 1 << 5;
        QTest::newRow("ring") << "ring" << 0 << 5;
        QTest::newRow("full-mesh") << "full-mesh" << 0 << 10;
    }
    void multiCentreDescribed()
    {
        QFETCH(QString, wan);
        QFETCH(int, extraNodes);
        QFETCH(int, links);
        const Topology t = checked("multi-centre", {{"centres", "5"},
                                                    {"wan", wan.toStdString()},
                                                    {"wan-delay", "12ms"},
                                                    {"gpus-per-centre", "128"},
                                                    {"fabric", "spine-leaf"},
                                                    {"gpu-model", "H800"}});
        QCOMPARE(t.nodeCount(), std::size_t(5 + extraNodes));
        QCOMPARE(t.linkCount(), std::size_t(links));
        for (int i = 0; i < 5; ++i) {
            const auto& c = t.node(*t.findNode("c" + std::to_string(i)));
            QVERIFY(c.kind == NodeKind::Center);
            QCOMPARE(c.gpu_count, 128);
            QCOMPARE(c.gpu_model, std::string("H800"));
            QVERIFY(c.fabric);
            QVERIFY(c.fabric->shape == FabricShape::SpineLeaf);
            QCOMPARE(c.fabric->link_bandwidth_bps, 200e9);
            QCOMPARE(c.fabric->latency_s, 2e-6);
        }
        for (std::size_t i = 0; i < t.linkCount(); ++i) {
            QCOMPARE(t.link(LinkId::fromIndex(i)).params.delay_s, 0.012);
            QCOMPARE(t.link(LinkId::fromIndex(i)).params.bandwidth_bps, 10e9);
        }
    }

    void multiCentreExplicit_data()
    {
        QTest::addColumn<QString>("fabric");
        QTest::addColumn<QString>("wan");
        QTest::addColumn<int>("gpus");
        QTest::addColumn<int>("fabricNodes"); // per centre, GPUs included
        QTest::addColumn<int>("fabricLinks"); // per centre, gateway links included
        // fat-tree, 64 GPUs: k = 8 (k³/4 = 128 ≥ 64); 64/16 = 4 pods of 8 switches + 16 cores
        // = 48 switches; links 64 + 4·8·4 = 192, + 16 gateway links to the cores.
        QTest::newRow("fat-tree") << "fat-tree"
                                  << "star" << 64 << 64 + 48 << 192 + 16;
        // spine-leaf, radix 64, 100 GPUs: 32 per leaf → 4 leaves, min(32, 4) = 4 spines;
        // links 100 + 16, + 4 gateway links.
        QTest::newRow("spine-leaf") << "spine-leaf"
                                    << "ring" << 100 << 100 + 8 << 116 + 4;
        // rail, 64 GPUs of 8: 8 servers, one group; 2 planes × 8 leaves, min(32, 8) = 8 spines
        // per plane, 8 NVSwitches; links 2·64 + 16·8 + 64 = 320, + 16 gateway links.
        QTest::newRow("rail") << "rail-optimised"
                              << "full-mesh" << 64 << 64 + 16 + 16 + 8 << 320 + 16;
        QTest::newRow("star") << "star"
                              << "random-geo" << 10 << 11 << 10 + 1;
        QTest::newRow("ring") << "ring"
                              << "star" << 10 << 10 << 10 + 1;
    }
    void multiCentreExplicit()
    {
        QFETCH(QString, fabric);
        QFETCH(QString, wan);
        QFETCH(int, gpus);
        QFETCH(int, fabricNodes);
        QFETCH(int, fabricLinks);
        const int centres = 3;
        const Options options{{"centres", std::to_string(centres)},
                              {"wan", wan.toStdString()},
                              {"fabric", fabric.toStdString()},
                              {"gpus-per-centre", std::to_string(gpus)},
                              {"explicit", "1"}};
        const Topology t = checked("multi-centre", options);
        const GeneratedCounts wanOnly = previewCounts(
            "multi-centre", {{"centres", std::to_string(centres)}, {"wan", wan.toStdString()}});
        QCOMPARE(t.nodeCount(), wanOnly.nodes + std::size_t(centres * fabricNodes));
        QCOMPARE(t.linkCount(), wanOnly.links + std::size_t(centres * fabricLinks));
        for (int i = 0; i < centres; ++i) {
            const std::string cid = "c" + std::to_string(i);
            const NodeId c = *t.findNode(cid);
            QVERIFY(!t.node(c).fabric);
            QCOMPARE(t.node(c).gpu_count, gpus);
            const auto kids = t.children(c);
            QCOMPARE(kids.size(), std::size_t(fabricNodes));
            int gpuKids = 0;
            for (NodeId k : kids) {
                QVERIFY(t.node(k).id.rfind(cid + "-", 0) == 0);
                if (t.node(k).kind == NodeKind::Gpu) {
                    ++gpuKids;
                    QCOMPARE(t.node(k).gpu_model, std::string("A100-80GB"));
                }
                // Children hang below their centre.
                QVERIFY(t.node(k).pos[1] > t.node(c).pos[1]);
            }
            QCOMPARE(gpuKids, gpus);
        }
    }

    void multiCentreTenThousand()
    {
        // 4 centres × 2048 GPUs on a spine-leaf of radix 64: 64 leaves + 32 spines each.
        const Options options{{"centres", "4"},
                              {"gpus-per-centre", "2048"},
                              {"fabric", "spine-leaf"},
                              {"explicit", "1"}};
        const GeneratedCounts c = previewCounts("multi-centre", options);
        QCOMPARE(c.nodes, std::size_t(4 + 1 + 4 * (2048 + 64 + 32)));
        QCOMPARE(c.links, std::size_t(4 + 4 * (2048 + 64 * 32 + 32)));
        checked("multi-centre", options);
    }

    void unitsInOptions()
    {
        Topology t = generate(
            "star", {{"n", "2"}, {"link-bandwidth", "400 Gbit/s"}, {"link-delay", "15ms"}});
        QCOMPARE(t.link(LinkId(0)).params.bandwidth_bps, 400e9);
        QCOMPARE(t.link(LinkId(0)).params.delay_s, 0.015);
        // A bare number is read in the option's unit (Gbit/s, ms).
        t = generate("star", {{"n", "2"}, {"link-bandwidth", "25"}, {"link-delay", "3"}});
        QCOMPARE(t.link(LinkId(0)).params.bandwidth_bps, 25e9);
        QCOMPARE(t.link(LinkId(0)).params.delay_s, 0.003);
        t = generate("fat-tree", {{"link-delay", "2"}});
        QCOMPARE(t.link(LinkId(0)).params.delay_s, 2e-6);
        t = generate("ring", {{"node-kind", "GPU"}});
        QVERIFY(t.node(NodeId(0)).kind == NodeKind::Gpu);
    }

    void badOptions_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<Options>("options");
        QTest::addColumn<QString>("location");
        QTest::newRow("odd k") << "fat-tree" << Options{{"k", "5"}} << "--k";
        QTest::newRow("k too big") << "fat-tree" << Options{{"k", "80"}} << "--k";
        QTest::newRow("k not a number") << "fat-tree" << Options{{"k", "four"}} << "--k";
        QTest::newRow("k fraction") << "fat-tree" << Options{{"k", "4.5"}} << "--k";
        QTest::newRow("unknown option") << "star" << Options{{"leaves", "3"}} << "--leaves";
        QTest::newRow("ring too small") << "ring" << Options{{"n", "2"}} << "--n";
        QTest::newRow("bad bandwidth")
            << "star" << Options{{"link-bandwidth", "fast"}} << "--link-bandwidth";
        QTest::newRow("bandwidth without unit, too small")
            << "star" << Options{{"link-bandwidth", "100bps"}} << "--link-bandwidth";
        QTest::newRow("negative delay")
            << "star" << Options{{"link-delay", "-1ms"}} << "--link-delay";
        QTest::newRow("bad choice") << "star" << Options{{"node-kind", "toaster"}} << "--node-kind";
        QTest::newRow("lat box") << "random-geo" << Options{{"lat-min", "50"}, {"lat-max", "10"}}
                                 << "--lat-max";
        QTest::newRow("route factor")
            << "random-geo" << Options{{"route-factor", "0.5"}} << "--route-factor";
        QTest::newRow("rail whole servers")
            << "multi-centre"
            << Options{{"explicit", "1"}, {"fabric", "rail-optimised"}, {"gpus-per-centre", "60"}}
            << "--gpus-per-centre";
        QTest::newRow("spine-leaf too big")
            << "multi-centre"
            << Options{{"explicit", "1"}, {"fabric", "spine-leaf"}, {"gpus-per-centre", "5000"}}
            << "--gpus-per-centre";
        QTest::newRow("odd radix")
            << "multi-centre" << Options{{"explicit", "1"}, {"fabric-radix", "63"}}
            << "--fabric-radix";
        QTest::newRow("unknown kind") << "torus" << Options{} << "KIND";
    }
    void badOptions()
    {
        QFETCH(QString, kind);
        QFETCH(Options, options);
        QFETCH(QString, location);
        QVERIFY_THROWS_EXCEPTION(InputError, generate(kind.toStdString(), options));
        try {
            previewCounts(kind.toStdString(), options);
            QFAIL("previewCounts accepted bad options");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.location()), location);
            QVERIFY(!e.problem().empty());
        }
    }
};

MERIDIAN_TEST(GeneratorsTest)
#include "GeneratorsTest.moc"
