// Background traffic in the designer (docs/gui.md, "Background traffic"): the Traffic dock
// adds, edits, duplicates and removes generators as undo steps and shows the engine's
// errors; the canvas proposes endpoints for a link, a node and a centre and draws the
// generators along their routes; a run with a traffic section feeds the Links chart the
// experiment's and the background's throughput.
#include "ui/traffic/TrafficDock.hpp"

#include "UiTestSupport.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/experiment/Results.hpp"
#include "meridian/experiment/RunObserver.hpp"
#include "ui/Document.hpp"
#include "ui/TopologyScene.hpp"
#include "ui/charts/QCustomPlot.hpp"
#include "ui/commands/ChangeExperimentCommand.hpp"
#include "ui/report/Report.hpp"
#include "ui/run/RunController.hpp"
#include "ui/run/RunView.hpp"
#include "ui/traffic/GeneratorEditor.hpp"
#include "ui/traffic/GeneratorFields.hpp"
#include "ui/traffic/TrafficCheck.hpp"
#include "ui/traffic/TrafficOverlay.hpp"
#include "ui/traffic/TrafficWorkbench.hpp"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QLineEdit>
#include <QMenu>
#include <QTableWidget>
#include <QUndoStack>

namespace meridian::test {

using nlohmann::json;
using ui::traffic::GeneratorEditor;

// Named, not anonymous: a lambda of the test class captures EditorScript, and GCC's
// -Wsubobject-linkage fires on that in the unity builds (the file is not the main file there).
namespace traffic_dock_test {

/// Two hosts joined by a 10 Gbit/s link "wan", 1 ms; a traffic experiment with `traffic`.
std::string twoHostTopo(const std::string& traffic)
{
    return R"({"format": "meridian.topo", "version": 1, "name": "two hosts",
  "nodes": [{"id": "a", "kind": "host", "name": "a", "pos": [0, 0]},
            {"id": "b", "kind": "host", "name": "b", "pos": [300, 0]}],
  "links": [{"id": "wan", "a": "a", "b": "b", "bandwidth_gbps": 10, "delay_ms": 1}],
  "experiment": {"kind": "traffic", "seed": 5)" +
           (traffic.empty() ? std::string() : ", \"traffic\": " + traffic) + "}}";
}

/// Three centres around a WAN router.
const char* const kThreeCentres = R"({"format": "meridian.topo", "version": 1, "name": "wan",
  "nodes": [{"id": "bj", "kind": "center", "name": "bj", "pos": [0, 0]},
            {"id": "sh", "kind": "center", "name": "sh", "pos": [500, 0]},
            {"id": "gz", "kind": "center", "name": "gz", "pos": [250, 400]},
            {"id": "hub", "kind": "router", "name": "hub", "pos": [250, 150]}],
  "links": [{"id": "bj-hub", "a": "bj", "b": "hub", "bandwidth_gbps": 100, "delay_ms": 5},
            {"id": "sh-hub", "a": "sh", "b": "hub", "bandwidth_gbps": 40, "delay_ms": 5},
            {"id": "gz-hub", "a": "gz", "b": "hub", "bandwidth_gbps": 40, "delay_ms": 5}],
  "experiment": {"kind": "traffic", "seed": 1}})";

QString writeTopo(const QTemporaryDir& dir, const QString& name, const std::string& text)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write(QByteArray::fromStdString(text));
    return path;
}

/// Answers the editor: applies `edits` (key → text) and accepts; remembers what it showed.
struct EditorScript
{
    explicit EditorScript(std::vector<std::pair<std::string, QString>> e = {}) : edits(std::move(e))
    {}
    std::vector<std::pair<std::string, QString>> edits;
    bool accept = true;
    json shown;
    QString problem;
    QString other; ///< the "Other keys" field as shown
    QString mode;  ///< the Mode row as shown (empty: no such row)
    bool operator()(GeneratorEditor& editor)
    {
        shown = editor.generator();
        other = editor.findChild<QLineEdit*>(QStringLiteral("traffic:other"))->text();
        const auto* modeRow = editor.findChild<QComboBox*>(QStringLiteral("traffic:mode"));
        mode = modeRow ? modeRow->currentText() : QString();
        for (const auto& [key, text] : edits)
            if (!editor.setFieldText(key, text))
                qWarning("no editor for %s", key.c_str());
        problem = editor.problem();
        return accept;
    }
};

} // namespace traffic_dock_test

using namespace traffic_dock_test;

class TrafficDockTest : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_recovery;
    QTemporaryDir m_dir;

    std::unique_ptr<ui::MainWindow> openWindow(const std::string& text, const QString& name)
    {
        auto w = makeShownWindow([](const QString& t, const QString& x) {
            QFAIL(qPrintable(t + QStringLiteral(": ") + x));
        });
        const QString path = writeTopo(m_dir, name, text);
        if (!w->openFile(path))
            return nullptr;
        return w;
    }

private Q_SLOTS:
    void initTestCase()
    {
        setUpGuiTestApp();
        m_recovery = freshRecoveryDir();
    }

    void addEditUndoRedoSaveReload()
    {
        auto w = openWindow(twoHostTopo(""), QStringLiteral("add.topo"));
        QVERIFY(w);
        ui::Document* doc = w->document();
        ui::traffic::TrafficDock* dock = w->traffic()->dock();
        const std::string before = doc->serialized().toStdString();
        // Add: the proposal for the first link, its rate changed to 4G in the editor.
        EditorScript script{{{"rate_bps", QStringLiteral("4G")}, {"stop_s", QStringLiteral("2")}}};
        dock->setEditorRunner(std::ref(script));
        dock->findChild<QPushButton*>(QStringLiteral("trafficAdd"))->click();
        QCOMPARE(script.shown.value("from", json()), json("a"));
        QCOMPARE(script.shown.value("to", json()), json("b"));
        QVERIFY2(script.problem.isEmpty(), qPrintable(script.problem));
        json generators = ui::traffic::generatorsOf(doc->project().experiment);
        QCOMPARE(generators.size(), std::size_t(1));
        QCOMPARE(generators[0], (json{{"id", "bg-wan"},
                                      {"kind", "cbr"},
                                      {"from", "a"},
                                      {"to", "b"},
                                      {"stop_s", 2},
                                      {"rate_bps", "4G"}}));
        QCOMPARE(dock->table()->rowCount(), 1);
        QCOMPARE(dock->table()->item(0, 3)->text(), QStringLiteral("4G bit/s"));
        QVERIFY(dock->problem().isEmpty());
        const std::string added = doc->serialized().toStdString();

        // Duplicate, then remove the copy: one undo step each.
        QVERIFY(dock->duplicateGenerator(0));
        generators = ui::traffic::generatorsOf(doc->project().experiment);
        QCOMPARE(generators[1].value("id", std::string()), std::string("bg-wan-2"));
        QVERIFY(dock->removeGenerator(1));
        QCOMPARE(doc->serialized().toStdString(), added);

        // Undo all three: the file is byte-identical to the one before; redo brings it back.
        QUndoStack* stack = doc->undoStack();
        stack->undo();
        stack->undo();
        QCOMPARE(dock->table()->rowCount(), 1);
        stack->undo();
        QCOMPARE(doc->serialized().toStdString(), before);
        QCOMPARE(dock->table()->rowCount(), 0);
        stack->redo();
        QCOMPARE(doc->serialized().toStdString(), added);

        // Save and reload: the generator comes back, valid for the engine.
        const QString saved = m_dir.filePath(QStringLiteral("saved.topo"));
        QVERIFY(w->saveAs(saved));
        const io::Project reread = io::readProject(saved.toStdString());
        QCOMPARE(ui::traffic::generatorsOf(reread.experiment),
                 generators.size() > 0 ? json::array({generators[0]}) : json::array());
        QVERIFY(w->openFile(saved));
        QCOMPARE(w->traffic()->dock()->table()->rowCount(), 1);
        QVERIFY(w->traffic()->dock()->problem().isEmpty());
    }

    void editorShowsTheEngineError()
    {
        auto w = openWindow(twoHostTopo(""), QStringLiteral("error.topo"));
        QVERIFY(w);
        ui::traffic::TrafficDock* dock = w->traffic()->dock();
        EditorScript negative{{{"rate_bps", QStringLiteral("-2000000000")}}};
        dock->setEditorRunner(std::ref(negative));
        const int steps = w->document()->undoStack()->count();
        QVERIFY(!dock->openEditor(
            json{{"id", "x"}, {"kind", "cbr"}, {"from", "a"}, {"to", "b"}, {"stop_s", 1}}));
        QVERIFY2(negative.problem.contains(
                     QStringLiteral("/experiment/traffic/generators/0/rate_bps: must be a "
                                    "finite number > 0")),
                 qPrintable(negative.problem));
        QCOMPARE(w->document()->undoStack()->count(), steps); // refused: nothing pushed
        // An unknown node, then a kind switch with the keys of the new kind.
        EditorScript unknown{{{"to", QStringLiteral("nowhere")}}};
        dock->setEditorRunner(std::ref(unknown));
        dock->openEditor(json{{"id", "x"},
                              {"kind", "cbr"},
                              {"from", "a"},
                              {"to", "b"},
                              {"stop_s", 1},
                              {"rate_bps", 1e9}});
        QVERIFY2(unknown.problem.contains(QStringLiteral("/to: unknown node 'nowhere'")),
                 qPrintable(unknown.problem));
        EditorScript poisson{{{"kind", QStringLiteral("poisson")},
                              {"load", QStringLiteral("0.3")},
                              {"load_link", QStringLiteral("wan")},
                              {"size.law", QStringLiteral("web-search")}}};
        dock->setEditorRunner(std::ref(poisson));
        QVERIFY(dock->openEditor(json{{"id", "web"},
                                      {"kind", "cbr"},
                                      {"from", "a"},
                                      {"to", "b"},
                                      {"stop_s", 1},
                                      {"rate_bps", "1G"}}));
        const json g = ui::traffic::generatorsOf(w->document()->project().experiment)[0];
        QCOMPARE(g, (json{{"id", "web"},
                          {"kind", "poisson"},
                          {"from", "a"},
                          {"to", "b"},
                          {"stop_s", 1},
                          {"load", 0.3},
                          {"load_link", "wan"},
                          {"size", {{"law", "web-search"}}}}));
        // A key the form does not show is kept (Other keys) and checked by the engine, which
        // does not take "note": OK is refused with its message.
        EditorScript keep;
        dock->setEditorRunner(std::ref(keep));
        QVERIFY(!dock->openEditor(json{{"id", "x"},
                                       {"kind", "cbr"},
                                       {"from", "a"},
                                       {"to", "b"},
                                       {"stop_s", 1},
                                       {"rate_bps", "1G"},
                                       {"note", "kept"}}));
        QCOMPARE(keep.shown.value("note", json()), json("kept"));
        QVERIFY2(keep.problem.contains(QStringLiteral("note")), qPrintable(keep.problem));
    }

    void editorEditsATrace()
    {
        // A trace generator (docs/traffic.md, trace) names its CSV of flows; its pairs are the
        // file's, so the editor's From and To rows are disabled and nothing of them is written.
        auto w = openWindow(twoHostTopo(""), QStringLiteral("trace.topo"));
        QVERIFY(w);
        {
            QFile csv(m_dir.filePath(QStringLiteral("flows.csv")));
            QVERIFY(csv.open(QIODevice::WriteOnly));
            csv.write("start_s,size_bytes,src,dst\n0.1,1000000,a,b\n0.2,2000000,b,a\n");
        }
        ui::traffic::TrafficDock* dock = w->traffic()->dock();
        const json log = {{"id", "log"}, {"kind", "trace"}, {"stop_s", 10}, {"file", "flows.csv"}};
        bool pairsDisabled = false;
        QString problem = QStringLiteral("not run");
        dock->setEditorRunner([&](GeneratorEditor& editor) {
            const auto* from = editor.findChild<QLineEdit*>(QStringLiteral("traffic:from"));
            const auto* to = editor.findChild<QLineEdit*>(QStringLiteral("traffic:to"));
            pairsDisabled = from && to && !from->isEnabled() && !to->isEnabled();
            problem = editor.problem();
            return true;
        });
        QVERIFY(dock->openEditor(log));
        QVERIFY(pairsDisabled);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QCOMPARE(ui::traffic::generatorsOf(w->document()->project().experiment).back(), log);
        QCOMPARE(ui::traffic::rateSummary(log), QStringLiteral("flows of flows.csv"));

        // A file that is not there: OK is refused with the engine's error naming it.
        json missing = log;
        missing["id"] = "log2";
        missing["file"] = "absent.csv";
        EditorScript bad;
        bad.accept = false;
        dock->setEditorRunner(std::ref(bad));
        QVERIFY(!dock->openEditor(missing));
        QVERIFY2(bad.problem.contains("absent.csv"), qPrintable(bad.problem));
    }

    void overlayDrawsATracesPairs()
    {
        // Issue 30: a trace generator's routes are the distinct (src, dst) pairs of its file —
        // bj→sh twice and gz→bj once are two pairs, along bj-hub, sh-hub and gz-hub.
        {
            QFile csv(m_dir.filePath(QStringLiteral("wan-flows.csv")));
            QVERIFY(csv.open(QIODevice::WriteOnly));
            csv.write("start_s,size_bytes,src,dst\n0.1,1000000,bj,sh\n0.2,2000000,gz,bj\n"
                      "0.3,500000,bj,sh\n");
        }
        json topo = json::parse(kThreeCentres);
        topo["experiment"]["traffic"] = {
            {"generators",
             {{{"id", "log"}, {"kind", "trace"}, {"stop_s", 10}, {"file", "wan-flows.csv"}}}}};
        auto w = openWindow(topo.dump(), QStringLiteral("trace-wan.topo"));
        QVERIFY(w);
        ui::traffic::TrafficWorkbench* traffic = w->traffic();
        QTRY_COMPARE(traffic->overlay()->drawnPairs(), 2);
        QStringList crossed = traffic->overlay()->crossedLinks();
        crossed.sort();
        QCOMPARE(crossed, (QStringList{QStringLiteral("bj-hub"), QStringLiteral("gz-hub"),
                                       QStringLiteral("sh-hub")}));
        QVERIFY(traffic->dock()->problem().isEmpty());
        QCOMPARE(traffic->dock()->table()->item(0, 2)->text(),
                 QStringLiteral("pairs of wan-flows.csv"));

        // The file grows a third pair: the next rebuild reads it again.
        {
            QFile csv(m_dir.filePath(QStringLiteral("wan-flows.csv")));
            QVERIFY(csv.open(QIODevice::Append));
            csv.write("0.4,1000000,sh,gz\n");
        }
        traffic->overlay()->rebuild();
        QCOMPARE(traffic->overlay()->drawnPairs(), 3);

        // A second trace whose file is missing, a third whose file names an unknown node: the
        // good one's pairs are still drawn, the others draw nothing, and the dock shows the
        // run's error on the first bad generator (no crash).
        {
            QFile csv(m_dir.filePath(QStringLiteral("bad-flows.csv")));
            QVERIFY(csv.open(QIODevice::WriteOnly));
            csv.write("0.1,1000000,bj,nowhere\n");
        }
        json e = w->document()->project().experiment;
        e["traffic"]["generators"].push_back(
            {{"id", "gone"}, {"kind", "trace"}, {"stop_s", 10}, {"file", "absent.csv"}});
        e["traffic"]["generators"].push_back(
            {{"id", "bad"}, {"kind", "trace"}, {"stop_s", 10}, {"file", "bad-flows.csv"}});
        w->document()->undoStack()->push(new ui::ChangeExperimentCommand(
            w->document(), w->document()->project().experiment, e, QStringLiteral("traces")));
        QTRY_VERIFY(traffic->dock()->problem().contains(QStringLiteral("absent.csv")));
        QVERIFY2(traffic->dock()->problem().contains(QStringLiteral("/generators/1/file")),
                 qPrintable(traffic->dock()->problem()));
        traffic->overlay()->rebuild();
        QCOMPARE(traffic->overlay()->drawnPairs(), 3);
        // Alone, the third is refused for its node, as a run refuses it.
        try {
            ui::traffic::listedPairs(e["traffic"]["generators"][2], w->document()->topology(),
                                     "trace-wan.topo", m_dir.path().toStdString());
            QFAIL("a trace naming an unknown node was read");
        } catch (const InputError& err) {
            QVERIFY2(std::string(err.what()).find("nowhere") != std::string::npos, err.what());
        }
    }

    void overlayDrawsAMatrixsPairs()
    {
        // Issue 30: a generator over a traffic matrix (docs/traffic.md §2.6) draws the matrix's
        // non-zero pairs: a gravity model over three centres is 3 × 2 pairs; a CSV matrix with
        // two non-zero demands is two; a zero weight leaves a centre out.
        json topo = json::parse(kThreeCentres);
        topo["experiment"]["traffic"] = {
            {"generators",
             {{{"id", "tm"},
               {"kind", "cbr"},
               {"stop_s", 10},
               {"matrix",
                {{"gravity",
                  {{"total_bps", "3G"}, {"weights", {{"bj", 1}, {"sh", 1}, {"gz", 1}}}}}}}}}}};
        auto w = openWindow(topo.dump(), QStringLiteral("matrix-wan.topo"));
        QVERIFY(w);
        ui::traffic::TrafficWorkbench* traffic = w->traffic();
        QTRY_COMPARE(traffic->overlay()->drawnPairs(), 6);
        QVERIFY2(traffic->dock()->problem().isEmpty(), qPrintable(traffic->dock()->problem()));
        QCOMPARE(traffic->dock()->table()->item(0, 2)->text(), QStringLiteral("gravity matrix"));
        QCOMPARE(traffic->dock()->table()->item(0, 3)->text(), QStringLiteral("total 3G bit/s"));

        {
            QFile csv(m_dir.filePath(QStringLiteral("peak.csv")));
            QVERIFY(csv.open(QIODevice::WriteOnly));
            csv.write(",bj,sh,gz\nbj,0,1G,0\nsh,0,0,0\ngz,2G,0,0\n");
        }
        json e = w->document()->project().experiment;
        e["traffic"]["generators"][0]["matrix"] = {{"file", "peak.csv"}};
        w->document()->undoStack()->push(new ui::ChangeExperimentCommand(
            w->document(), w->document()->project().experiment, e, QStringLiteral("matrix")));
        traffic->overlay()->rebuild();
        QCOMPARE(traffic->overlay()->drawnPairs(), 2);
        QTRY_COMPARE(traffic->dock()->table()->item(0, 2)->text(),
                     QStringLiteral("matrix peak.csv"));
        QCOMPARE(traffic->dock()->table()->item(0, 3)->text(),
                 QStringLiteral("the matrix's rates"));
        QStringList crossed = traffic->overlay()->crossedLinks();
        crossed.sort();
        QCOMPARE(crossed, (QStringList{QStringLiteral("bj-hub"), QStringLiteral("gz-hub"),
                                       QStringLiteral("sh-hub")}));

        // A zero weight: sh sends and receives nothing, bj ↔ gz remain.
        e["traffic"]["generators"][0]["matrix"] = {
            {"gravity", {{"total_bps", "3G"}, {"weights", {{"bj", 1}, {"sh", 0}, {"gz", 1}}}}}};
        w->document()->undoStack()->push(new ui::ChangeExperimentCommand(
            w->document(), w->document()->project().experiment, e, QStringLiteral("gravity")));
        traffic->overlay()->rebuild();
        QCOMPARE(traffic->overlay()->drawnPairs(), 2);
    }

    void editorEditsThePoissonMode()
    {
        // A poisson generator's mode (docs/traffic.md §2.7) has its own row, default auto
        // (written only when chosen or named by the file); other kinds have none.
        auto w = openWindow(twoHostTopo(""), QStringLiteral("mode.topo"));
        QVERIFY(w);
        ui::traffic::TrafficDock* dock = w->traffic()->dock();
        const auto last = [&] {
            return ui::traffic::generatorsOf(w->document()->project().experiment).back();
        };
        const json web = {{"id", "web"},        {"kind", "poisson"},
                          {"from", "a"},        {"to", "b"},
                          {"stop_s", 1},        {"load", 0.3},
                          {"load_link", "wan"}, {"size", {{"law", "web-search"}}}};
        EditorScript fluid{{{"mode", QStringLiteral("fluid")}}};
        dock->setEditorRunner(std::ref(fluid));
        QVERIFY(dock->openEditor(web));
        QCOMPARE(fluid.mode, QStringLiteral("auto"));
        QVERIFY(!fluid.shown.contains("mode")); // the default is not written
        QVERIFY2(fluid.problem.isEmpty(), qPrintable(fluid.problem));
        json expected = web;
        expected["mode"] = "fluid";
        QCOMPARE(last(), expected);

        // The file's mode shows in its row, not among the other keys; named by the file, the
        // default stays written when chosen.
        json flows = web;
        flows["id"] = "web2";
        flows["mode"] = "flows";
        EditorScript toAuto{{{"mode", QStringLiteral("auto")}}};
        dock->setEditorRunner(std::ref(toAuto));
        QVERIFY(dock->openEditor(flows));
        QCOMPARE(toAuto.mode, QStringLiteral("flows"));
        QVERIFY2(toAuto.other.isEmpty(), qPrintable(toAuto.other));
        QCOMPARE(last().value("mode", json()), json("auto"));

        // A mode the engine does not know stays selected, and OK is refused with its error.
        json bogus = web;
        bogus["id"] = "web3";
        bogus["mode"] = "bogus";
        EditorScript bad;
        dock->setEditorRunner(std::ref(bad));
        QVERIFY(!dock->openEditor(bogus));
        QCOMPARE(bad.mode, QStringLiteral("bogus"));
        QVERIFY2(bad.problem.contains(QStringLiteral("unknown mode 'bogus'")),
                 qPrintable(bad.problem));

        // A cbr generator has no mode row.
        EditorScript cbr;
        dock->setEditorRunner(std::ref(cbr));
        dock->openEditor(json{{"id", "v"},
                              {"kind", "cbr"},
                              {"from", "a"},
                              {"to", "b"},
                              {"stop_s", 1},
                              {"rate_bps", "1G"}});
        QVERIFY(cbr.mode.isEmpty());
    }

    void canvasProposesEndpointsAndDrawsRoutes()
    {
        auto w = openWindow(kThreeCentres, QStringLiteral("centres.topo"));
        QVERIFY(w);
        ui::traffic::TrafficWorkbench* traffic = w->traffic();
        EditorScript script;
        script.accept = false; // look at the proposals first
        traffic->dock()->setEditorRunner(std::ref(script));
        const auto proposalFor = [&](const std::vector<std::string>& nodes,
                                     const std::vector<std::string>& links) {
            w->scene()->selectIds(nodes, links);
            QMenu menu;
            QAction* add = traffic->addContextEntry(&menu);
            if (!add)
                return json();
            add->trigger();
            return script.shown;
        };
        // A link: its two ends, 10 % of its bandwidth.
        json p = proposalFor({}, {"sh-hub"});
        QCOMPARE(p.value("from", json()), json("sh"));
        QCOMPARE(p.value("to", json()), json("hub"));
        QCOMPARE(p.value("rate_bps", json()), json("4 Gbit/s"));
        // A centre: to the other centres.
        p = proposalFor({"bj"}, {});
        QCOMPARE(p.value("from", json()), json("bj"));
        QCOMPARE(p.value("to", json()), json::array({"sh", "gz"}));
        QCOMPARE(p.value("rate_bps", json()), json("10 Gbit/s"));
        // A plain node: to the far end of its first link.
        p = proposalFor({"hub"}, {});
        QCOMPARE(p.value("to", json()), json("bj"));
        // Two items selected: no entry.
        w->scene()->selectIds({"bj", "sh"}, {});
        QMenu menu;
        QVERIFY(!traffic->addContextEntry(&menu));

        // Accepted, the centre's generator is drawn along its routes bj→hub→sh, bj→hub→gz.
        script.accept = true;
        QVERIFY(proposalFor({"bj"}, {}).is_object());
        QCOMPARE(ui::traffic::generatorsOf(w->document()->project().experiment).size(),
                 std::size_t(1));
        QTRY_COMPARE(traffic->overlay()->drawnPairs(), 2);
        QStringList crossed = traffic->overlay()->crossedLinks();
        crossed.sort();
        QCOMPARE(crossed, (QStringList{QStringLiteral("bj-hub"), QStringLiteral("gz-hub"),
                                       QStringLiteral("sh-hub")}));
        // View ▸ Show Background Traffic hides the drawing.
        traffic->showAction()->trigger();
        QVERIFY(!traffic->overlay()->shown());
        traffic->showAction()->trigger();
        QVERIFY(traffic->overlay()->shown());
        QVERIFY(!traffic->showAction()->associatedObjects().isEmpty()); // in the View menu
        // Undo removes the drawing.
        w->document()->undoStack()->undo();
        QTRY_COMPARE(traffic->overlay()->drawnPairs(), 0);
    }

    void liveChartGetsLossAndQueueingDelay()
    {
        // A CBR source paced at 15 Gbit/s through the 10 Gbit/s link loses a third of what it
        // sends (traffic.md §5): live and after the run the Links chart's Loss view is at
        // 33.3 %; a UDP source alone builds no standing queue, so the delay view is at 0.
        // (The reply source starting at 0.5 s makes an event, hence a snapshot, mid-run.)
        auto w = openWindow(twoHostTopo(R"({"generators": [{"id": "flood", "kind": "cbr",
            "from": "a", "to": "b", "stop_s": 1, "rate_bps": "15G"},
            {"id": "reply", "kind": "cbr", "from": "b", "to": "a", "start_s": 0.5,
             "stop_s": 1, "rate_bps": "1G"}]})"),
                            QStringLiteral("loss.topo"));
        QVERIFY(w);
        QVERIFY(w->runs()->run());
        QVERIFY(w->runs()->controller()->waitForEnd(60000));
        const ui::LiveRun& live = w->runs()->controller()->live();
        const auto it = live.series.find("wan");
        QVERIFY(it != live.series.end());
        const ui::LiveRun::Series& s = it->second;
        QCOMPARE(s.loss.size(), s.time_s.size());
        QCOMPARE(s.queue_delay_s.size(), s.time_s.size());
        int lossy = 0;
        for (std::size_t i = 0; i < s.time_s.size(); ++i) {
            QCOMPARE(s.queue_delay_s[i], 0.0);
            if (s.time_s[i] > 0.01 && s.time_s[i] < 0.99) {
                QVERIFY2(std::abs(s.loss[i] - 1.0 / 3.0) < 1e-9,
                         qPrintable(QString::number(s.loss[i])));
                ++lossy;
            }
        }
        QVERIFY(lossy >= 1);
        ui::RunView* view = w->runs()->runView();
        view->tabs()->setCurrentWidget(view->linksPlot()->parentWidget());
        QComboBox* chooser = view->linksMetricChooser();
        chooser->setCurrentIndex(chooser->findData(QStringLiteral("loss")));
        QCustomPlot* plot = view->linksPlot();
        QCOMPARE(plot->graphCount(), 1);
        QCOMPARE(plot->graph(0)->name(), QStringLiteral("wan"));
        double top = 0.0;
        for (auto p = plot->graph(0)->data()->begin(); p != plot->graph(0)->data()->end(); ++p)
            top = std::max(top, p->value);
        QVERIFY2(std::abs(top - 100.0 / 3.0) < 1e-6, qPrintable(QString::number(top)));
        chooser->setCurrentIndex(chooser->findData(QStringLiteral("queue")));
        QCOMPARE(plot->graphCount(), 1);
        QVERIFY(plot->yAxis->label().contains(QStringLiteral("ms")));
    }

    void liveChartGetsBackgroundRates()
    {
        // A 4 Gbit/s CBR source on the 10 Gbit/s link for 1 s: the Links chart's background
        // line is at 4 Gbit/s, the experiment's at 0 (a traffic run has no other flows).
        auto w = openWindow(twoHostTopo(R"({"generators": [{"id": "video", "kind": "cbr",
            "from": "a", "to": "b", "stop_s": 1, "rate_bps": "4G"},
            {"id": "reply", "kind": "cbr", "from": "b", "to": "a", "start_s": 0.5,
             "stop_s": 1, "rate_bps": "1G"}]})"),
                            QStringLiteral("live.topo"));
        QVERIFY(w);
        QVERIFY(w->runs()->run());
        QVERIFY(w->runs()->controller()->waitForEnd(60000));
        const ui::LiveRun& live = w->runs()->controller()->live();
        const auto it = live.series.find("wan");
        QVERIFY(it != live.series.end());
        const ui::LiveRun::Series& s = it->second;
        // Snapshots come with events (starts and stops here): at least the one at 0.5 s.
        QVERIFY(!s.background_bps.empty());
        QCOMPARE(s.background_bps.size(), s.time_s.size());
        int atRate = 0;
        for (std::size_t i = 0; i < s.time_s.size(); ++i) {
            QVERIFY(s.experiment_bps[i] < 1.0);
            if (s.time_s[i] > 0.01 && s.time_s[i] < 0.99) {
                QCOMPARE(s.background_bps[i], 4e9);
                ++atRate;
            }
        }
        QVERIFY(atRate >= 1);
        // After the run the switch shows the kept series.
        ui::RunView* view = w->runs()->runView();
        QVERIFY(!view->linksBackgroundSwitch()->isHidden());
        view->tabs()->setCurrentWidget(view->linksPlot()->parentWidget());
        view->linksBackgroundSwitch()->setChecked(true);
        QCustomPlot* plot = view->linksPlot();
        QCOMPARE(plot->graphCount(), 2);
        QCOMPARE(plot->graph(1)->name(), QStringLiteral("wan background"));
        double top = 0.0;
        for (auto p = plot->graph(1)->data()->begin(); p != plot->graph(1)->data()->end(); ++p)
            top = std::max(top, p->value);
        QCOMPARE(top, 4.0);
        // … drawn from the results' background_utilization_series: one point per sample interval
        // (not per live snapshot), each 0.4 of the 10 Gbit/s link.
        const experiment::Results& done = *w->runs()->controller()->results();
        QCOMPARE(plot->graph(1)->data()->size(), int(done.sample_times_s.size()));
        QVERIFY(done.sample_times_s.size() != s.time_s.size());

        // The report's section and the Compare view's row name what the generator carried.
        const QString html = ui::report::htmlReport(*w->runs()->controller()->project(),
                                                    *w->runs()->controller()->results(),
                                                    QStringLiteral("live.topo"));
        QVERIFY(html.contains(QStringLiteral("Background traffic")));
        QVERIFY(html.contains(QStringLiteral("<td align=\"left\">video</td>")));
        QVERIFY(html.contains(QStringLiteral("4 Gbit/s")));
        QTableWidget* compare = view->compareTable();
        int row = -1;
        for (int r = 0; r < compare->rowCount(); ++r)
            if (compare->verticalHeaderItem(r) &&
                compare->verticalHeaderItem(r)->text() == QStringLiteral("background carried"))
                row = r;
        QVERIFY(row >= 0);
        QCOMPARE(compare->item(row, compare->columnCount() - 1)->text(),
                 QStringLiteral("5 Gbit/s")); // 4 + 1 Gbit/s, each over its window
    }

    void snapshotsLeaveResultsUnchanged()
    {
        // The rates are read without settling a flow: a run watched by an observer gives the
        // results.json of the same run without one, byte for byte; without a traffic section
        // the snapshots carry no rates.
        struct Counting : experiment::RunObserver
        {
            int snapshots = 0;
            std::size_t rates = 0;
            void snapshot(const experiment::RunSnapshot& s) override
            {
                ++snapshots;
                rates += s.link_rates.size();
            }
        };
        const io::Project withTraffic = io::parseProject(
            twoHostTopo(R"({"generators": [{"id": "web", "kind": "poisson", "from": "a",
                "to": "b", "stop_s": 0.5, "load": 0.5, "load_link": "wan",
                "size": {"law": "exponential", "mean_bytes": "1MB"}}]})"),
            "w.topo");
        experiment::RunOptions options;
        options.snapshot_interval_s = 0.01;
        Counting watcher;
        const std::string watched =
            experiment::resultsToJson(experiment::Runner(withTraffic, options).run(&watcher));
        const std::string alone =
            experiment::resultsToJson(experiment::Runner(withTraffic, options).run());
        QVERIFY(watcher.snapshots > 10);
        QCOMPARE(watcher.rates, std::size_t(watcher.snapshots));
        QCOMPARE(watched, alone);

        io::Project p2p = io::parseProject(twoHostTopo(""), "p.topo");
        p2p.experiment = json{{"kind", "p2p"}, {"from", "a"}, {"to", "b"}, {"bytes", "1GB"}};
        Counting plain;
        experiment::Runner(p2p, options).run(&plain);
        QVERIFY(plain.snapshots > 0);
        QCOMPARE(plain.rates, std::size_t(0));
    }
};

MERIDIAN_TEST(TrafficDockTest)

} // namespace meridian::test

#include "TrafficDockTest.moc"
