// validate(): every rule, with the JSON path and the node/link id in each issue.
#include "meridian/topology/Validation.hpp"

#include "TestMain.hpp"
#include "meridian/topology/AttributeTable.hpp"

#include <QtTest/QtTest>
#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

using namespace meridian;
using namespace meridian::topology;

class ValidationTest : public QObject
{
    Q_OBJECT
private:
    static NodeAttributes node(const std::string& id, NodeKind kind = NodeKind::Host,
                               const std::string& parent = {})
    {
        NodeAttributes n;
        n.id = id;
        n.kind = kind;
        n.parent = parent;
        return n;
    }

    /// Two centres "bj" and "sh" joined by link "bj-hub"... via a hub: bj, hub, sh.
    static Topology base()
    {
        Topology t;
        t.addNode(node("bj", NodeKind::Center));
        t.addNode(node("hub", NodeKind::Router));
        t.addNode(node("sh", NodeKind::Center));
        LinkAttributes l;
        l.id = "bj-hub";
        l.a = "bj";
        l.b = "hub";
        l.params.bandwidth_bps = 10e9;
        l.params.delay_s = 0.01;
        t.addLink(l);
        l.id = "sh-hub";
        l.a = "sh";
        t.addLink(l);
        return t;
    }

    static Topology withLink0(const std::function<void(LinkAttributes&)>& edit)
    {
        Topology t = base();
        LinkAttributes l = t.link(LinkId(0));
        edit(l);
        t.updateLink(LinkId(0), l);
        return t;
    }

    static Topology withNode0(const std::function<void(NodeAttributes&)>& edit)
    {
        Topology t = base();
        NodeAttributes n = t.node(NodeId(0));
        edit(n);
        t.updateNode(NodeId(0), n);
        return t;
    }

    /// The single issue; when there is not exactly one, a placeholder whose location
    /// ("<N issues>") makes the caller's QCOMPARE fail visibly.
    static ValidationIssue only(const std::vector<ValidationIssue>& issues)
    {
        if (issues.size() == 1)
            return issues.front();
        for (const auto& i : issues)
            qWarning("%s: %s", i.location.c_str(), i.message.c_str());
        return {"<" + std::to_string(issues.size()) + " issues>", {}};
    }

    static bool contains(const std::string& text, const std::string& part)
    {
        return text.find(part) != std::string::npos;
    }

private Q_SLOTS:
    void cleanTopologyHasNoIssues()
    {
        QVERIFY(validate(base()).empty());
        QVERIFY(validate(Topology{}).empty());
    }

    void selfLoop()
    {
        Topology t = base();
        LinkAttributes l;
        l.id = "loop";
        l.a = "hub";
        l.b = "hub";
        t.addLink(l);
        const auto issues = validate(t);
        QCOMPARE(issues.size(), std::size_t(1));
        QCOMPARE(issues[0].location, std::string("/links/2/b"));
        QVERIFY(contains(issues[0].message, "link 'loop'"));
        QVERIFY(contains(issues[0].message, "self loop"));
    }

    void bandwidthMustBePositive_data()
    {
        QTest::addColumn<double>("bps");
        QTest::addColumn<bool>("ok");
        QTest::newRow("zero") << 0.0 << false;
        QTest::newRow("negative") << -1e9 << false;
        QTest::newRow("NaN") << std::numeric_limits<double>::quiet_NaN() << false;
        QTest::newRow("infinite") << std::numeric_limits<double>::infinity() << false;
        QTest::newRow("1 bit/s") << 1.0 << true;
        QTest::newRow("400G") << 400e9 << true;
    }
    void bandwidthMustBePositive()
    {
        QFETCH(double, bps);
        QFETCH(bool, ok);
        const auto issues =
            validate(withLink0([&](LinkAttributes& l) { l.params.bandwidth_bps = bps; }));
        QCOMPARE(issues.empty(), ok);
        if (!ok) {
            QCOMPARE(only(issues).location, std::string("/links/0/bandwidth_gbps"));
            QVERIFY(contains(issues[0].message, "link 'bj-hub': bandwidth_gbps"));
        }
    }

    void delayAndJitterNonNegative()
    {
        auto d = validate(withLink0([](LinkAttributes& l) { l.params.delay_s = -0.001; }));
        QCOMPARE(only(d).location, std::string("/links/0/delay_ms"));
        QCOMPARE(d[0].message, std::string("link 'bj-hub': delay_ms -1 is outside [0, 1e+06]"));
        auto j = validate(withLink0([](LinkAttributes& l) { l.params.jitter_s = -1e-6; }));
        QCOMPARE(only(j).location, std::string("/links/0/jitter_ms"));
        QVERIFY(contains(j[0].message, "link 'bj-hub'"));
        QVERIFY(validate(withLink0([](LinkAttributes& l) {
                    l.params.delay_s = 0;
                    l.params.jitter_s = 0;
                })).empty());
    }

    void lossInHalfOpenUnitInterval_data()
    {
        QTest::addColumn<double>("loss");
        QTest::addColumn<bool>("ok");
        QTest::newRow("0") << 0.0 << true;
        QTest::newRow("0.999") << 0.999 << true;
        QTest::newRow("1") << 1.0 << false;
        QTest::newRow("1.2") << 1.2 << false;
        QTest::newRow("-0.1") << -0.1 << false;
    }
    void lossInHalfOpenUnitInterval()
    {
        QFETCH(double, loss);
        QFETCH(bool, ok);
        const auto issues = validate(withLink0([&](LinkAttributes& l) { l.params.loss = loss; }));
        QCOMPARE(issues.empty(), ok);
        if (!ok)
            QCOMPARE(only(issues).location, std::string("/links/0/loss"));
    }

    void lossMessageIsExact()
    {
        const auto issues = validate(withLink0([](LinkAttributes& l) { l.params.loss = 1.2; }));
        QCOMPARE(only(issues).message, std::string("link 'bj-hub': loss 1.2 is outside [0, 1)"));
    }

    void queueAtLeastOne()
    {
        auto p = validate(withLink0([](LinkAttributes& l) { l.params.queue = 0.5; }));
        QCOMPARE(only(p).location, std::string("/links/0/queue_pkts"));
        QVERIFY(contains(p[0].message, "link 'bj-hub': queue_pkts 0.5"));
        auto b = validate(withLink0([](LinkAttributes& l) {
            l.params.queue = 0;
            l.params.queue_unit = QueueUnit::Bytes;
        }));
        QCOMPARE(only(b).location, std::string("/links/0/queue_bytes"));
        QVERIFY(validate(withLink0([](LinkAttributes& l) { l.params.queue = 1; })).empty());
    }

    void jitterCorrelationInClosedUnitInterval()
    {
        QVERIFY(validate(withLink0([](LinkAttributes& l) {
                    l.params.jitter_correlation = 1.0;
                })).empty());
        QVERIFY(validate(withLink0([](LinkAttributes& l) {
                    l.params.jitter_correlation = 0.0;
                })).empty());
        for (double bad : {1.5, -0.1}) {
            auto issues =
                validate(withLink0([&](LinkAttributes& l) { l.params.jitter_correlation = bad; }));
            QCOMPARE(only(issues).location, std::string("/links/0/jitter_correlation"));
            QVERIFY(contains(issues[0].message, "is outside [0, 1]"));
        }
    }

    void reverseOverrideChecked()
    {
        auto issues = validate(withLink0([](LinkAttributes& l) {
            l.reverse.delay_s = -0.002;
            l.reverse.loss = 1.0;
            l.reverse.bandwidth_bps = 0.0;
            l.reverse.jitter_s = -1.0;
            l.reverse.jitter_correlation = 2.0;
            l.reverse.queue = 0.0;
        }));
        QCOMPARE(issues.size(), std::size_t(6));
        std::vector<std::string> locations;
        for (const auto& i : issues) {
            locations.push_back(i.location);
            QVERIFY(contains(i.message, "link 'bj-hub' (reverse"));
        }
        for (const char* key : {"bandwidth_gbps", "delay_ms", "jitter_ms", "jitter_correlation",
                                "loss", "queue_pkts"})
            QVERIFY2(std::count(locations.begin(), locations.end(),
                                std::string("/links/0/reverse/") + key) == 1,
                     key);
    }

    void reverseQueueUsesItsOwnUnit()
    {
        auto issues = validate(withLink0([](LinkAttributes& l) {
            l.reverse.queue = 0.0;
            l.reverse.queue_unit = QueueUnit::Bytes;
        }));
        QCOMPARE(only(issues).location, std::string("/links/0/reverse/queue_bytes"));
    }

    void schedulePatchChecked()
    {
        auto issues = validate(withLink0([](LinkAttributes& l) {
            ScheduleStep s0;
            s0.at_s = 10;
            s0.patch.bandwidth_bps = 5e9;
            ScheduleStep s1;
            s1.at_s = 20;
            s1.patch.bandwidth_bps = 0.0;
            s1.patch.loss = 1.5;
            l.schedule = {s0, s1};
        }));
        QCOMPARE(issues.size(), std::size_t(2));
        QCOMPARE(issues[0].location, std::string("/links/0/schedule/1/bandwidth_gbps"));
        QCOMPARE(issues[1].location, std::string("/links/0/schedule/1/loss"));
        QVERIFY(contains(issues[0].message, "link 'bj-hub' schedule step 1"));
    }

    void scheduleTimesNonNegative()
    {
        auto issues = validate(withLink0([](LinkAttributes& l) {
            ScheduleStep s;
            s.at_s = -5;
            s.up = false;
            l.schedule = {s};
        }));
        QCOMPARE(only(issues).location, std::string("/links/0/schedule/0/at_s"));
        QVERIFY(contains(issues[0].message, "link 'bj-hub'"));
    }

    void scheduleTimesStrictlyIncreasing_data()
    {
        QTest::addColumn<double>("t0");
        QTest::addColumn<double>("t1");
        QTest::addColumn<bool>("ok");
        QTest::newRow("increasing") << 0.0 << 1.0 << true;
        QTest::newRow("equal") << 10.0 << 10.0 << false;
        QTest::newRow("decreasing") << 10.0 << 5.0 << false;
    }
    void scheduleTimesStrictlyIncreasing()
    {
        QFETCH(double, t0);
        QFETCH(double, t1);
        QFETCH(bool, ok);
        auto issues = validate(withLink0([&](LinkAttributes& l) {
            ScheduleStep a;
            a.at_s = t0;
            a.up = false;
            ScheduleStep b;
            b.at_s = t1;
            b.up = true;
            l.schedule = {a, b};
        }));
        QCOMPARE(issues.empty(), ok);
        if (!ok) {
            QCOMPARE(only(issues).location, std::string("/links/0/schedule/1/at_s"));
            QVERIFY(contains(issues[0].message, "strictly"));
        }
    }

    void parentMustExist()
    {
        Topology t = base();
        t.addNode(node("g0", NodeKind::Gpu, "nowhere"));
        auto issues = validate(t);
        QCOMPARE(only(issues).location, std::string("/nodes/3/parent"));
        QCOMPARE(issues[0].message, std::string("node 'g0': parent 'nowhere' does not exist"));
    }

    void gpuParentMustBeACentre()
    {
        Topology t = base();
        t.addNode(node("g0", NodeKind::Gpu, "hub"));   // a router
        t.addNode(node("g1", NodeKind::Gpu, "bj"));    // fine
        t.addNode(node("s0", NodeKind::Switch, "bj")); // fine
        auto issues = validate(t);
        QCOMPARE(only(issues).location, std::string("/nodes/3/parent"));
        QVERIFY(contains(issues[0].message, "node 'g0'"));
        QVERIFY(contains(issues[0].message, "center"));
    }

    void parentCyclesReportedOnce()
    {
        Topology t;
        t.addNode(node("x", NodeKind::Center, "z"));
        t.addNode(node("y", NodeKind::Center, "x"));
        t.addNode(node("z", NodeKind::Center, "y"));
        t.addNode(node("w", NodeKind::Center, "x")); // leads into the cycle, not part of it
        auto issues = validate(t);
        QCOMPARE(only(issues).location, std::string("/nodes/0/parent"));
        QVERIFY(contains(issues[0].message, "node 'x'"));
        QVERIFY(contains(issues[0].message, "cycle"));
        QVERIFY(contains(issues[0].message, "x → z → y → x"));
    }

    void selfParentIsACycle()
    {
        auto issues = validate(withNode0([](NodeAttributes& n) { n.parent = "bj"; }));
        QCOMPARE(only(issues).location, std::string("/nodes/0/parent"));
        QVERIFY(contains(issues[0].message, "bj → bj"));
    }

    void nodeQuantitiesNonNegative_data()
    {
        QTest::addColumn<int>("cpu");
        QTest::addColumn<double>("memory");
        QTest::addColumn<int>("gpus");
        QTest::addColumn<QString>("location");
        QTest::newRow("cpu") << -1 << 0.0 << 0 << "/nodes/0/attrs/cpu_cores";
        QTest::newRow("memory") << 0 << -2.0 << 0 << "/nodes/0/attrs/memory_gb";
        QTest::newRow("gpus") << 0 << 0.0 << -8 << "/nodes/0/attrs/gpu_count";
        QTest::newRow("all fine") << 64 << 512.0 << 8 << "";
    }
    void nodeQuantitiesNonNegative()
    {
        QFETCH(int, cpu);
        QFETCH(double, memory);
        QFETCH(int, gpus);
        QFETCH(QString, location);
        auto issues = validate(withNode0([&](NodeAttributes& n) {
            n.cpu_cores = cpu;
            n.memory_gb = memory;
            n.gpu_count = gpus;
        }));
        if (location.isEmpty()) {
            QVERIFY(issues.empty());
            return;
        }
        QCOMPARE(QString::fromStdString(only(issues).location), location);
        QVERIFY(contains(issues[0].message, "node 'bj'"));
    }

    void fabricChecked()
    {
        auto issues = validate(withNode0([](NodeAttributes& n) {
            FabricSpec f;
            f.link_bandwidth_bps = 0;
            n.fabric = f;
        }));
        QCOMPARE(only(issues).location, std::string("/nodes/0/attrs/fabric/link_gbps"));
        QVERIFY(contains(issues[0].message, "node 'bj' fabric"));

        issues = validate(withNode0([](NodeAttributes& n) {
            FabricSpec f;
            f.latency_s = -1e-6;
            f.gpus_per_server = 0;
            n.fabric = f;
        }));
        QCOMPARE(issues.size(), std::size_t(2));
        QCOMPARE(issues[0].location, std::string("/nodes/0/attrs/fabric/latency_us"));
        QCOMPARE(issues[1].location, std::string("/nodes/0/attrs/fabric/gpus_per_server"));

        QVERIFY(validate(withNode0([](NodeAttributes& n) { n.fabric = FabricSpec{}; })).empty());
    }

    void allProblemsReportedInOrder()
    {
        Topology t = base();
        t.addNode(node("g0", NodeKind::Gpu, "nowhere"));
        NodeAttributes bj = t.node(NodeId(0));
        bj.gpu_count = -1;
        t.updateNode(NodeId(0), bj);
        LinkAttributes l = t.link(LinkId(1));
        l.params.loss = 2;
        l.params.delay_s = -1;
        t.updateLink(LinkId(1), l);
        auto issues = validate(t);
        QCOMPARE(issues.size(), std::size_t(4));
        QCOMPARE(issues[0].location, std::string("/nodes/0/attrs/gpu_count"));
        QCOMPARE(issues[1].location, std::string("/nodes/3/parent"));
        QCOMPARE(issues[2].location, std::string("/links/1/delay_ms"));
        QCOMPARE(issues[3].location, std::string("/links/1/loss"));
        QVERIFY(contains(issues[3].message, "link 'sh-hub'"));
    }

    void tableRangesDriveValidation()
    {
        // The table is the single declaration: loss is [0, 1), bandwidth bounded.
        const AttributeInfo& loss = linkAttribute("loss");
        QCOMPARE(loss.rangeText(), std::string("[0, 1)"));
        QVERIFY(loss.accepts(0.0));
        QVERIFY(!loss.accepts(1.0));
        // Bandwidth from 1 bit/s to 1 Pbit/s; delays and jitter up to 1000 s; whole packets.
        QCOMPARE(linkAttribute("bandwidth_gbps").rangeText(), std::string("[1e-09, 1e+06]"));
        QVERIFY(!linkAttribute("bandwidth_gbps").accepts(1e-320 / 1e9));
        QVERIFY(linkAttribute("bandwidth_gbps").accepts(1e-9));
        QCOMPARE(linkAttribute("delay_ms").rangeText(), std::string("[0, 1e+06]"));
        QVERIFY(!linkAttribute("jitter_ms").accepts(2e6));
        QVERIFY(linkAttribute("queue_pkts").type == AttributeType::Integer);
        QVERIFY(!linkAttribute("queue_pkts").accepts(1.5));
        QVERIFY(!linkAttribute("queue_pkts").accepts(2e9));
        QCOMPARE(linkAttribute("bandwidth_gbps").toSi(10), 10e9);
        QCOMPARE(linkAttribute("delay_ms").fromSi(0.015), 15.0);
        QVERIFY(nodeAttribute("gpu_count").accepts(8));
        QVERIFY(!nodeAttribute("gpu_count").accepts(1.5));
        QVERIFY(linkAttribute("jitter_distribution").acceptsText("pareto"));
        QVERIFY(!linkAttribute("jitter_distribution").acceptsText("cauchy"));
        std::vector<std::string> keys;
        for (const auto& a : linkAttributeTable())
            keys.push_back(a.key);
        QCOMPARE(keys,
                 (std::vector<std::string>{"bandwidth_gbps", "delay_ms", "jitter_ms",
                                           "jitter_distribution", "jitter_correlation", "loss",
                                           "queue_pkts", "queue_bytes", "mtu_bytes", "duplex"}));
        QCOMPARE(nodeAttributeTable().size(), std::size_t(5));
        QVERIFY(findAttribute(nodeAttributeTable(), "nope") == nullptr);
        for (const auto* table :
             {&linkAttributeTable(), &nodeAttributeTable(), &fabricAttributeTable()})
            for (const auto& a : *table) {
                QVERIFY(!a.label.empty());
                QVERIFY(!a.help.empty());
                if (a.type == AttributeType::Number || a.type == AttributeType::Integer)
                    QVERIFY2(a.accepts(a.default_value), a.key.c_str());
                else
                    QVERIFY2(a.acceptsText(a.default_text), a.key.c_str());
            }
    }

    void tableDrivesTheReader()
    {
        // The .topo reader's keys, aliases, spellings and conversions come from the table.
        using meridian::units::QuantityKind;
        const AttributeInfo& delay = linkAttribute("delay_ms");
        QCOMPARE(delay.alias, std::string("delay"));
        QVERIFY(delay.quantity == QuantityKind::Duration);
        QVERIFY(linkAttribute("bandwidth_gbps").quantity == QuantityKind::Bandwidth);
        QVERIFY(linkAttribute("loss").quantity == QuantityKind::Fraction);
        QVERIFY(linkAttribute("queue_bytes").quantity == QuantityKind::Bytes);
        QCOMPARE(fabricAttribute("latency_us").alias, std::string("latency"));
        QVERIFY(linkAttribute("loss").alias.empty());
        // One correctly rounded operation per conversion: 9 ms = 9 ÷ 1e3 s = 0.009 (9 × 1e-3
        // is 0.009000000000000001, which the writer could not write back as "9").
        QCOMPARE(delay.siDivisor(), 1e3);
        QCOMPARE(delay.siMultiplier(), 1.0);
        QVERIFY(delay.toSi(9) == 0.009);
        QCOMPARE(fabricAttribute("latency_us").siDivisor(), 1e6);
        QCOMPARE(linkAttribute("bandwidth_gbps").siMultiplier(), 1e9);
        for (const auto* table :
             {&linkAttributeTable(), &nodeAttributeTable(), &fabricAttributeTable()})
            for (const auto& a : *table)
                QVERIFY2(a.siDivisor() == std::floor(a.siDivisor()), a.key.c_str());
        // Validation's wording, from the table.
        QCOMPARE(linkAttribute("loss").problem(1.2), std::string("is outside [0, 1)"));
        QCOMPARE(linkAttribute("queue_pkts").problem(1.5), std::string("is not a whole number"));
        QCOMPARE(nodeAttribute("memory_gb").problem(0.5), std::string());
        // Choices are printed as the option table prints them (ValueRule::choicesText).
        QCOMPARE(linkAttribute("duplex").choicesText(), std::string("full or half"));
    }
};

MERIDIAN_TEST(ValidationTest)
#include "ValidationTest.moc"
