// Result charts (ui/charts/ResultCharts): fed by a real run of the default preset, with full,
// partial and empty data, refilled without piling up items; saved as PNG, PDF and SVG.
#include "TestMain.hpp"
#include "UiTestSupport.hpp"
#include "meridian/experiment/Runner.hpp"
#include "meridian/io/ProjectFile.hpp"
#include "ui/charts/LiveCharts.hpp"
#include "ui/charts/QCustomPlot.hpp"
#include "ui/charts/SummaryCharts.hpp"

#include <QBarSet>
#include <QChart>
#include <QStackedBarSeries>
#include <QTemporaryDir>
#include <QToolTip>
#include <QXmlStreamReader>
#include <QtTest/QtTest>
#include <memory>
#include <set>

using namespace meridian;
using namespace meridian::ui;

namespace {

/// Gantt bars of the timeline.
int timelineBars(QCustomPlot& plot)
{
    return charts::timelineBarCount(&plot);
}

/// Names of the plottables shown in the legend.
QStringList legendEntries(QCustomPlot& plot)
{
    QStringList names;
    for (int i = 0; i < plot.legend->itemCount(); ++i)
        if (auto* item = qobject_cast<QCPPlottableLegendItem*>(plot.legend->item(i)))
            names << item->plottable()->name();
    return names;
}

int itemsOfType(QCustomPlot& plot, const char* className)
{
    int n = 0;
    for (int i = 0; i < plot.itemCount(); ++i)
        if (QString(plot.item(i)->metaObject()->className()) == QLatin1String(className))
            ++n;
    return n;
}

/// Bars plottables that hold data (the legend swatches of the timeline hold none).
int barsWithData(QCustomPlot& plot)
{
    int n = 0;
    for (int i = 0; i < plot.plottableCount(); ++i)
        if (auto* b = qobject_cast<QCPBars*>(plot.plottable(i)); b && !b->data()->isEmpty())
            ++n;
    return n;
}

QStringList legendNames(QCustomPlot& plot)
{
    QStringList names;
    for (int i = 0; i < plot.plottableCount(); ++i)
        names << plot.plottable(i)->name();
    return names;
}

} // namespace

class ResultChartsTest : public QObject
{
    Q_OBJECT

    io::Project m_project;
    experiment::Results m_results;

private Q_SLOTS:
    void initTestCase()
    {
        test::setUpGuiTestApp();
        m_project = test::readPreset("llama3-8b-star-wan.topo");
        m_results = test::runPreset(m_project, "llama3-8b-star-wan.topo", 2);
        QCOMPARE(m_results.iterations.size(), std::size_t(2));
    }

    void timelineHasARowPerCentreAndABarPerSpan()
    {
        QCustomPlot plot;
        charts::setupInteractive(&plot);
        charts::plotTimeline(&plot, m_results.center_phases, m_results.phases);
        // One bar per global phase (critical-path row) and per centre span.
        QCOMPARE(timelineBars(plot), int(m_results.phases.size() + m_results.center_phases.size()));
        // Rows: critical path + the four centres, labelled.
        auto ticker = plot.yAxis->ticker().dynamicCast<QCPAxisTickerText>();
        QVERIFY(ticker);
        QCOMPARE(ticker->ticks().size(), 5);
        const QStringList rows = ticker->ticks().values();
        for (const char* c : {"bj", "sh", "gz", "cd"})
            QVERIFY2(rows.contains(QString(c)), c);
        // A legend entry per phase, in timeline order.
        QCOMPARE(legendEntries(plot),
                 (QStringList{"broadcast", "compute", "intra-centre", "inter-centre", "update"}));
        // Each centre row holds its own spans: two compute bars on bj's row (row 1).
        auto* compute = qobject_cast<QCPFinancial*>(plot.plottable(1));
        QVERIFY(compute);
        int bjBars = 0;
        for (auto it = compute->data()->constBegin(); it != compute->data()->constEnd(); ++it)
            if (it->key == 1.0)
                ++bjBars;
        QCOMPARE(bjBars, 2);
        // The x range covers the run.
        QVERIFY(plot.xAxis->range().lower <= 0.0);
        QVERIFY(plot.xAxis->range().upper >= m_results.total_s);

        // Refilling replaces, it does not pile up.
        charts::plotTimeline(&plot, m_results.center_phases, m_results.phases);
        QCOMPARE(timelineBars(plot), int(m_results.phases.size() + m_results.center_phases.size()));
        QCOMPARE(plot.legend->itemCount(), 5);
        QCOMPARE(plot.plottableCount(), 10); // five bar sets, five legend swatches
    }

    void timelineTakesPartialAndEmptyData()
    {
        QCustomPlot plot;
        charts::setupInteractive(&plot);
        // What a live view has after the broadcast and the first compute phase.
        std::vector<experiment::PhaseResult> phases(m_results.phases.begin(),
                                                    m_results.phases.begin() + 2);
        std::vector<experiment::CenterPhaseSpan> spans;
        for (const auto& s : m_results.center_phases)
            if (s.iteration < 0)
                spans.push_back(s);
        charts::plotTimeline(&plot, spans, phases);
        QCOMPARE(timelineBars(plot), int(phases.size() + spans.size()));
        QCOMPARE(legendEntries(plot), (QStringList{"broadcast", "compute"}));

        charts::plotTimeline(&plot, {}, {});
        QCOMPARE(timelineBars(plot), 0);
        QCOMPARE(itemsOfType(plot, "QCPItemText"), 1); // the empty-state text
        QCOMPARE(plot.plottableCount(), 0);
        plot.replot(); // draws without data
    }

    void iterationsStackFourPhasesAndTheRatio()
    {
        QCustomPlot plot;
        charts::plotIterations(&plot, m_results.iterations);
        QCOMPARE(barsWithData(plot), 4);
        QStringList names = legendNames(plot);
        QCOMPARE(names, (QStringList{"compute", "intra-centre", "inter-centre", "update",
                                     "GPU effective compute ratio"}));
        for (int i = 0; i < 4; ++i) {
            auto* b = qobject_cast<QCPBars*>(plot.plottable(i));
            QCOMPARE(b->data()->size(), 2);
            QCOMPARE(b->barBelow() != nullptr, i > 0); // stacked
        }
        auto* compute = qobject_cast<QCPBars*>(plot.plottable(0));
        QCOMPARE(compute->data()->at(1)->value, m_results.iterations[1].compute_s);
        auto* ratio = qobject_cast<QCPGraph*>(plot.plottable(4));
        QVERIFY(ratio);
        QCOMPARE(ratio->valueAxis(), plot.yAxis2);
        QCOMPARE(ratio->data()->at(0)->value,
                 100.0 * m_results.iterations[0].gpu_effective_compute_ratio);
        QVERIFY(plot.yAxis2->visible());

        // Partial (one iteration) and empty.
        charts::plotIterations(&plot, {m_results.iterations.front()});
        QCOMPARE(qobject_cast<QCPBars*>(plot.plottable(0))->data()->size(), 1);
        charts::plotIterations(&plot, {});
        QCOMPARE(plot.plottableCount(), 0);
        QCOMPARE(itemsOfType(plot, "QCPItemText"), 1);
        QVERIFY(!plot.yAxis2->visible());
        plot.replot();
    }

    void wanLinksAreTheDefaultAndCarryTheirSeries()
    {
        const auto ids = charts::defaultPlottedLinks(m_project.topology);
        QCOMPARE(ids, (std::vector<std::string>{"bj-hub", "sh-hub", "gz-hub", "cd-hub"}));
        const auto series = charts::linkSeriesFromResults(m_results, m_project.topology,
                                                          {"cd-hub", "nonexistent", "bj-hub"});
        QCOMPARE(series.size(), std::size_t(2));
        QCOMPARE(series[0].id, std::string("cd-hub"));
        QCOMPARE(series[0].bandwidth_bps, 10e9);
        QCOMPARE(series[1].bandwidth_bps, 100e9);
        QVERIFY(!series[0].time_s.empty());
        QCOMPARE(series[0].time_s.size(), series[0].utilisation.size());

        QCustomPlot plot;
        charts::plotLinks(&plot, series, false);
        QCOMPARE(plot.graphCount(), 2);
        QCOMPARE(plot.graph(0)->name(), QString("cd-hub"));
        QVERIFY(plot.graph(0)->data()->size() >= int(series[0].time_s.size()));
        QVERIFY(plot.graph(0)->pen().color() != plot.graph(1)->pen().color());
        double peakPct = 0.0;
        for (auto it = plot.graph(0)->data()->constBegin(); it != plot.graph(0)->data()->constEnd();
             ++it)
            peakPct = std::max(peakPct, it->value);
        double peak = 0.0;
        for (double u : series[0].utilisation)
            peak = std::max(peak, u);
        QCOMPARE(peakPct, 100.0 * peak);
        // Throughput = utilisation × bandwidth, in Gbit/s.
        charts::plotLinks(&plot, series, true);
        double peakGbps = 0.0;
        for (auto it = plot.graph(0)->data()->constBegin(); it != plot.graph(0)->data()->constEnd();
             ++it)
            peakGbps = std::max(peakGbps, it->value);
        QCOMPARE(peakGbps, peak * 10.0);
        QCOMPARE(plot.yAxis->label(), QString("throughput (Gbit/s)"));

        charts::plotLinks(&plot, {}, false);
        QCOMPARE(plot.graphCount(), 0);
        QCOMPARE(itemsOfType(plot, "QCPItemText"), 1);
    }

    void explicitGpuChildrenAreNotWanLinks()
    {
        // A GPU inside a centre (parent) linked to it is intra-site; centre–router is WAN.
        topology::Topology t;
        topology::NodeAttributes c;
        c.id = "c";
        c.kind = topology::NodeKind::Center;
        t.addNode(c);
        auto g = test::hostAt("g", 0, 0);
        g.kind = topology::NodeKind::Gpu;
        g.parent = "c";
        t.addNode(g);
        auto r = test::hostAt("r", 100, 0);
        r.kind = topology::NodeKind::Router;
        t.addNode(r);
        topology::LinkAttributes l1;
        l1.id = "g-c";
        l1.a = "g";
        l1.b = "c";
        t.addLink(l1);
        topology::LinkAttributes l2;
        l2.id = "g-r";
        l2.a = "g";
        l2.b = "r";
        t.addLink(l2);
        QCOMPARE(charts::defaultPlottedLinks(t), (std::vector<std::string>{"g-r"}));
    }

    void qtChartsSummaries()
    {
        std::unique_ptr<QChart> totals(charts::phaseTotalsChart(m_results));
        QCOMPARE(totals->series().size(), 1);
        auto* s = qobject_cast<QStackedBarSeries*>(totals->series().front());
        QVERIFY(s);
        QCOMPARE(s->count(), 5); // one set per phase
        double sum = 0.0;
        for (QBarSet* set : s->barSets())
            for (int i = 0; i < set->count(); ++i)
                sum += set->at(i);
        double expected = 0.0;
        for (const auto& p : m_results.phases)
            expected += p.duration_s();
        QVERIFY(std::abs(sum - expected) < 1e-9 * expected);
        QCOMPARE(s->barSets()[3]->color(), charts::phaseColour("inter_center"));

        std::unique_ptr<QChart> centres(charts::centreBreakdownChart(m_results));
        auto* c = qobject_cast<QStackedBarSeries*>(centres->series().front());
        QCOMPARE(c->count(), 4);               // compute, communication, update, idle
        QCOMPARE(c->barSets()[0]->count(), 4); // four centres
        QCOMPARE(c->barSets()[0]->at(0), m_results.centers[0].compute_s);

        // Empty results: charts without bars, no crash.
        std::unique_ptr<QChart> e1(charts::phaseTotalsChart(experiment::Results{}));
        std::unique_ptr<QChart> e2(charts::centreBreakdownChart(experiment::Results{}));
        QCOMPARE(qobject_cast<QStackedBarSeries*>(e1->series().front())->count(), 0);
    }

    void microBenchmarkShowsRepetitionsAndPhases()
    {
        const auto p = test::readPreset("allreduce-4dc-ring.topo");
        const auto r = test::runPreset(p, "allreduce-4dc-ring.topo", std::nullopt);
        QVERIFY(r.iterations.empty());
        QVERIFY(r.center_phases.empty());
        QCustomPlot plot;
        charts::plotIterationsOf(&plot, r);
        QCOMPARE(barsWithData(plot), 1);
        QCOMPARE(qobject_cast<QCPBars*>(plot.plottable(0))->data()->size(),
                 int(r.collective.repetitions_s.size()));
        charts::plotTimeline(&plot, r.center_phases, r.phases);
        QCOMPARE(timelineBars(plot), int(r.phases.size()));
        QCOMPARE(legendEntries(plot).size(), 1); // the operation
        std::unique_ptr<QChart> totals(charts::phaseTotalsChart(r));
        std::unique_ptr<QChart> centres(charts::centreBreakdownChart(r));
    }

    void hoverNamesTheBarUnderTheMouse()
    {
        QCustomPlot plot;
        plot.resize(900, 400);
        charts::setupInteractive(&plot);
        charts::plotTimeline(&plot, m_results.center_phases, m_results.phases);
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        plot.replot();
        // The middle of the broadcast bar of the critical-path row (row 0).
        const auto& b = m_results.phases.front();
        const QPoint pos(int(plot.xAxis->coordToPixel((b.start_s + b.end_s) / 2)),
                         int(plot.yAxis->coordToPixel(0.0)));
        QTest::mouseMove(&plot, pos);
        QTRY_VERIFY(QToolTip::isVisible());
        QVERIFY2(QToolTip::text().contains("broadcast"), qPrintable(QToolTip::text()));
        QVERIFY(QToolTip::text().contains("critical path"));
        QVERIFY(QToolTip::text().contains("duration"));
        // A stacked bar of the iterations chart: series, iteration and value with its unit.
        charts::plotIterations(&plot, m_results.iterations);
        plot.replot();
        const auto& it = m_results.iterations[1];
        const QPoint barPos(int(plot.xAxis->coordToPixel(1.0)),
                            int(plot.yAxis->coordToPixel(it.compute_s + it.intra_center_s +
                                                         it.inter_center_s / 2)));
        QTest::mouseMove(&plot, barPos);
        QTRY_VERIFY(QToolTip::text().contains("inter-centre"));
        QVERIFY2(QToolTip::text().contains("iteration 1"), qPrintable(QToolTip::text()));
        QVERIFY(QToolTip::text().contains(" s"));
        // Zooming keeps the user's view across refills; double-click returns to the data.
        const QCPRange before = plot.xAxis->range();
        QWheelEvent wheel(QPointF(barPos), plot.mapToGlobal(QPointF(barPos)), QPoint(),
                          QPoint(0, 240), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
        QCoreApplication::sendEvent(&plot, &wheel);
        const QCPRange zoomed = plot.xAxis->range();
        QVERIFY(zoomed.size() < before.size());
        charts::plotIterations(&plot, m_results.iterations);
        QCOMPARE(plot.xAxis->range(), zoomed);
        QTest::mouseDClick(&plot, Qt::LeftButton, Qt::NoModifier, barPos);
        QCOMPARE(plot.xAxis->range(), before);
    }

    void timelineShowsTheControlPlane()
    {
        // The fail-over preset: the fastest WAN link is cut at 120 s, a down-event trigger
        // switches the inter-centre ring to a tree, the link is repaired at 330 s.
        const io::Project project = test::readPreset("failover-wan.topo");
        const experiment::Results r = test::runPreset(project, "failover-wan.topo");
        const auto& cp = r.control_plane;
        QVERIFY(cp.enabled);
        QCustomPlot plot;
        plot.resize(1100, 500);
        charts::setupInteractive(&plot);
        charts::plotTimeline(&plot, r.center_phases, r.phases, &cp);
        const charts::TimelineControlMarks marks = charts::timelineControlMarks(&plot);
        // Every recorded message copy is drawn, as a line or (lost) a cross.
        QVERIFY(marks.messages > 0);
        QCOMPARE(std::size_t(marks.messages + marks.lost), cp.message_spans.size());
        QCOMPARE(std::size_t(marks.triggers), cp.triggers.size());
        QCOMPARE(marks.triggers, 3);
        QCOMPARE(std::size_t(marks.adoptions), cp.adoptions.size());
        QVERIFY(marks.adoptions >= 4); // every centre adopts ring-to-tree
        QCOMPARE(marks.failures, 0);
        QVERIFY(!marks.stopped);
        QCOMPARE(itemsOfType(plot, "QCPItemStraightLine"), 3);
        // The phase bars are still all there, and the legend names the message kinds.
        QCOMPARE(timelineBars(plot), int(r.phases.size() + r.center_phases.size()));
        const QStringList legend = legendEntries(plot);
        for (const char* name :
             {"READY", "VOTE", "COMMIT", "APPLIED", "order adopted", "trigger fired"})
            QVERIFY2(legend.contains(QLatin1String(name)), qPrintable(legend.join(", ")));
        // Hover: a trigger line names the trigger, a message line its kind and ends.
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        plot.replot();
        const auto& fired = cp.triggers.front();
        const QPointF onTrigger(plot.xAxis->coordToPixel(fired.time_s),
                                plot.yAxis->coordToPixel(0.5));
        const QString triggerTip = charts::plotToolTipAt(&plot, onTrigger);
        QVERIFY2(triggerTip.contains(QString::fromStdString(fired.id)), qPrintable(triggerTip));
        QVERIFY(triggerTip.contains(QStringLiteral("Lamport")));
        // The first COMMIT copy: the mouse on its arrival point.
        const auto commit =
            std::find_if(cp.message_spans.begin(), cp.message_spans.end(),
                         [](const auto& m) { return m.kind == "COMMIT" && m.arrived_s >= 0.0; });
        QVERIFY(commit != cp.message_spans.end());
        const auto& ticks = plot.yAxis->ticker().dynamicCast<QCPAxisTickerText>()->ticks();
        const double toRow = ticks.key(QString::fromStdString(commit->to), -1);
        QVERIFY(toRow > 0);
        plot.xAxis->setRange(commit->sent_s - 0.05, commit->arrived_s + 0.05);
        plot.replot();
        const QString tip =
            charts::plotToolTipAt(&plot, QPointF(plot.xAxis->coordToPixel(commit->arrived_s),
                                                 plot.yAxis->coordToPixel(toRow)));
        QVERIFY2(tip.contains(QStringLiteral("COMMIT")) &&
                     tip.contains(QString::fromStdString(commit->to)) &&
                     tip.contains(QStringLiteral("arrived")),
                 qPrintable(tip));
        // Without the control plane (or with one that was off) the same chart has no marks.
        charts::plotTimeline(&plot, r.center_phases, r.phases);
        QCOMPARE(charts::timelineControlMarks(&plot).messages, 0);
        QCOMPARE(itemsOfType(plot, "QCPItemStraightLine"), 0);
    }

    void timelineDrawsLossFailureAndStop()
    {
        // A hand-made control plane: one delivered and one lost READY, a centre that failed
        // and was detected, and a stop.
        experiment::ControlPlaneResult cp;
        cp.enabled = true;
        cp.message_spans = {{"a", "b", "READY", 1.0, 1.02}, {"b", "a", "READY", 1.0, -1.0}};
        cp.failures = {{"b", 2.0, 4.1, "a", "stopped"}};
        cp.stopped = true;
        cp.stopped_s = 4.1;
        cp.stop_reason = "centre b failed";
        const std::vector<experiment::CenterPhaseSpan> spans = {{"a", "compute", 0, 0.0, 1.0},
                                                                {"b", "compute", 0, 0.0, 1.0}};
        QCustomPlot plot;
        plot.resize(800, 400);
        charts::plotTimeline(&plot, spans, {{"compute", 0, 0.0, 1.0}}, &cp);
        const auto marks = charts::timelineControlMarks(&plot);
        QCOMPARE(marks.messages, 1);
        QCOMPARE(marks.lost, 1);
        QCOMPARE(marks.failures, 1);
        QVERIFY(marks.stopped);
        const QStringList legend = legendEntries(plot);
        for (const char* name : {"lost message", "centre failed", "failure detected"})
            QVERIFY2(legend.contains(QLatin1String(name)), qPrintable(legend.join(", ")));
        // The stop line (one straight line, no trigger) names the reason; the time axis
        // reaches it.
        QCOMPARE(itemsOfType(plot, "QCPItemStraightLine"), 1);
        QVERIFY(plot.xAxis->range().upper >= 4.1);
        plot.replot();
        const QString tip = charts::plotToolTipAt(
            &plot, QPointF(plot.xAxis->coordToPixel(4.1), plot.yAxis->coordToPixel(1.5)));
        QVERIFY2(tip.contains(QStringLiteral("centre b failed")), qPrintable(tip));
    }

    void savesPngPdfSvg()
    {
        QTemporaryDir dir;
        QCustomPlot plot;
        plot.resize(800, 400);
        charts::setupInteractive(&plot);
        charts::plotTimeline(&plot, m_results.center_phases, m_results.phases);
        QString error;
        QVERIFY2(charts::savePlot(&plot, dir.filePath("t.png"), &error), qPrintable(error));
        QVERIFY2(charts::savePlot(&plot, dir.filePath("t.pdf"), &error), qPrintable(error));
        QVERIFY2(charts::savePlot(&plot, dir.filePath("t.svg"), &error), qPrintable(error));
        auto read = [&](const char* name) {
            QFile f(dir.filePath(name));
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        };
        QVERIFY(read("t.png").startsWith("\x89PNG\r\n\x1a\n"));
        const QImage png(dir.filePath("t.png"));
        QCOMPARE(png.size(), QSize(2400, 1400)); // at least 1200 × 700, at 2×
        QVERIFY(read("t.pdf").startsWith("%PDF"));
        QXmlStreamReader svg(read("t.svg"));
        QString root;
        int elements = 0;
        QString width;
        while (!svg.atEnd())
            if (svg.readNext() == QXmlStreamReader::StartElement && elements++ == 0) {
                root = svg.name().toString();
                width = svg.attributes().value("width").toString();
            }
        QVERIFY2(!svg.hasError(), qPrintable(svg.errorString()));
        QCOMPARE(root, QString("svg"));
        // Shown at its size in CSS pixels (96 dpi): 1200 px = 317.5 mm.
        QVERIFY2(width.startsWith("317.5"), qPrintable(width));
        QVERIFY(elements > 20);
        QVERIFY(read("t.svg").contains("<rect") || read("t.svg").contains("<path"));
        // Unknown suffix and unwritable folder: false with a reason, nothing written.
        QVERIFY(!charts::savePlot(&plot, dir.filePath("t.bmp"), &error));
        QVERIFY(error.contains(".png"));
        QVERIFY(!charts::savePlot(&plot, "/nonexistent-dir/t.png", &error));
        QVERIFY(error.contains("/nonexistent-dir/t.png"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 3);
    }
};

MERIDIAN_TEST(ResultChartsTest)
#include "ResultChartsTest.moc"
