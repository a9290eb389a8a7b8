// Per-link series in the results (RunOptions::link_series, docs/results-format.md "Link
// series"): kept by default for files of at most kAutoSeriesMaxLinks links, dropped above,
// forced either way by `full` and `summary`; the summaries are the same in every mode, and
// `meridian-cli run --link-series` takes the mode or refuses a bad one by name.
#include "StarRing.hpp"
#include "TestMain.hpp"
#include "meridian/experiment/Results.hpp"
#include "meridian/experiment/Runner.hpp"

#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <fstream>
#include <string>

using namespace meridian;
using nlohmann::json;

namespace {

/// A star of `links` hosts where four of them run a ring all-reduce of 8 MiB over UDP.
json starOf(int links)
{
    return test::star(links, 10.0, 1.0, 8.0 * 1024 * 1024, "udp",
                      {{"participants", {"h0", "h1", "h2", "h3"}}});
}

experiment::Results runWith(const json& j, experiment::LinkSeries mode)
{
    const io::Project p = io::parseProject(j.dump(), "star.topo");
    experiment::RunOptions opt;
    opt.topology_name = "star.topo";
    opt.link_series = mode;
    experiment::Runner runner(p, opt);
    return runner.run();
}

bool anySeries(const experiment::Results& r)
{
    for (const auto& l : r.links)
        if (!l.utilization_series.empty() || !l.queue_delay_s_series.empty() ||
            !l.loss_series.empty())
            return true;
    return false;
}

/// results.json without the per-link series and the "link_series" marker.
json withoutSeries(const experiment::Results& r)
{
    json j = json::parse(experiment::resultsToJson(r));
    for (auto& l : j["links"]) {
        l.erase("utilization_series");
        l.erase("queue_delay_s_series");
        l.erase("loss_series");
    }
    j.erase("link_series");
    return j;
}

} // namespace

class LinkSeriesTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void modeNamesParse()
    {
        using experiment::LinkSeries;
        QVERIFY(experiment::parseLinkSeries("auto") == LinkSeries::Auto);
        QVERIFY(experiment::parseLinkSeries("full") == LinkSeries::Full);
        QVERIFY(experiment::parseLinkSeries("summary") == LinkSeries::Summary);
        QVERIFY(!experiment::parseLinkSeries("Full"));
        QVERIFY(!experiment::parseLinkSeries(""));
        QCOMPARE(experiment::kAutoSeriesMaxLinks, std::size_t(512));
    }

    void autoKeepsSeriesUpToTheThreshold()
    {
        const auto r = runWith(starOf(512), experiment::LinkSeries::Auto);
        QVERIFY(r.link_series);
        QCOMPARE(r.links.size(), std::size_t(512));
        QVERIFY(!r.sample_times_s.empty());
        for (const auto& l : r.links) {
            QCOMPARE(l.utilization_series.size(), r.sample_times_s.size());
            QCOMPARE(l.queue_delay_s_series.size(), r.sample_times_s.size());
            QCOMPARE(l.loss_series.size(), r.sample_times_s.size());
        }
        // The ring's links carry bytes in some interval.
        double peak = 0.0;
        for (double u : r.links[0].utilization_series)
            peak = std::max(peak, u);
        QVERIFY2(peak > 0.5, qPrintable(QString::number(peak)));
        const json j = json::parse(experiment::resultsToJson(r));
        QVERIFY(!j.contains("link_series"));
        QVERIFY(j["links"][0].contains("utilization_series"));
    }

    void autoDropsSeriesAboveTheThreshold()
    {
        const auto r = runWith(starOf(513), experiment::LinkSeries::Auto);
        QVERIFY(!r.link_series);
        QCOMPARE(r.links.size(), std::size_t(513));
        QVERIFY(!anySeries(r));
        QVERIFY(r.links[0].bytes > 8.0 * 1024 * 1024);
        const json j = json::parse(experiment::resultsToJson(r));
        QCOMPARE(j["link_series"].get<std::string>(), std::string("summary"));
        for (const auto& l : j["links"]) {
            QVERIFY(!l.contains("utilization_series"));
            QVERIFY(!l.contains("queue_delay_s_series"));
            QVERIFY(!l.contains("loss_series"));
            QVERIFY(l.contains("utilization_mean") && l.contains("utilization_peak") &&
                    l.contains("lost_bytes") && l.contains("queue_delay_mean_s"));
        }
    }

    void fullAndSummaryForceEitherWay()
    {
        const auto full = runWith(starOf(513), experiment::LinkSeries::Full);
        QVERIFY(full.link_series);
        for (const auto& l : full.links)
            QCOMPARE(l.utilization_series.size(), full.sample_times_s.size());
        const auto summary = runWith(starOf(4), experiment::LinkSeries::Summary);
        QVERIFY(!summary.link_series);
        QVERIFY(!anySeries(summary));
    }

    void summariesAreTheSameInEveryMode_data()
    {
        QTest::addColumn<int>("links");
        QTest::newRow("4 links") << 4;
        QTest::newRow("513 links") << 513;
    }

    void summariesAreTheSameInEveryMode()
    {
        // Everything but the series, byte for byte: totals, means, peaks, lost bytes, queue
        // delays, the sample grid, the collective's times and the engine's event count.
        QFETCH(int, links);
        const json topo = starOf(links);
        const auto full = runWith(topo, experiment::LinkSeries::Full);
        const auto summary = runWith(topo, experiment::LinkSeries::Summary);
        QVERIFY(full.link_series && !summary.link_series);
        QVERIFY(full.links[0].bytes > 0.0);
        QCOMPARE(withoutSeries(summary).dump(), withoutSeries(full).dump());
        // Auto is one of the two, byte for byte.
        const auto automatic = runWith(topo, experiment::LinkSeries::Auto);
        QCOMPARE(experiment::resultsToJson(automatic),
                 experiment::resultsToJson(links <= 512 ? full : summary));
    }

    void cliFlagSelectsTheMode()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string file = dir.filePath("star.topo").toStdString();
        std::ofstream(file) << starOf(4).dump();
        const auto results = [&](const QString& out) {
            std::ifstream in((dir.filePath(out) + "/results.json").toStdString());
            return json::parse(in);
        };
        test::CliRun r = test::runCli({"run", QString::fromStdString(file), "--out",
                                       dir.filePath("s"), "--quiet", "--link-series", "summary"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QCOMPARE(results("s")["link_series"].get<std::string>(), std::string("summary"));
        QVERIFY(!results("s")["links"][0].contains("utilization_series"));
        r = test::runCli(
            {"run", QString::fromStdString(file), "--out", dir.filePath("a"), "--quiet"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY(!results("a").contains("link_series"));
        QVERIFY(!results("a")["links"][0]["utilization_series"].empty());

        r = test::runCli({"run", QString::fromStdString(file), "--out", dir.filePath("x"),
                          "--quiet", "--link-series", "some"});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("command line: --link-series"), qPrintable(r.err));
        QVERIFY2(r.err.contains("expected auto, full or summary, got 'some'"), qPrintable(r.err));
    }
};

MERIDIAN_TEST(LinkSeriesTest)
#include "LinkSeriesTest.moc"
