// The Experiment dock tells the truth about memory and batch (docs/experiments.md, "Memory and
// batch"; issue 34): the newcomer's Llama-3-8B on 8 H100 + 16 A100 is an error with the ZeRO
// stage that fits, Run refuses it before anything starts, choosing the model in the dock picks
// values that pass, and a generated WAN comes with an experiment that runs.
#include "UiTestSupport.hpp"
#include "ui/Document.hpp"
#include "ui/commands/ChangeExperimentCommand.hpp"
#include "ui/commands/ReplaceTopologyCommand.hpp"
#include "ui/run/ExperimentDock.hpp"
#include "ui/run/RunController.hpp"
#include "ui/run/RunWorkbench.hpp"

#include <QComboBox>
#include <QLabel>
#include <QUndoStack>

using namespace meridian;
using nlohmann::json;

namespace {

/// `h100` × H100 and 16 × A100 behind a router, no experiment yet.
topology::Topology newcomerTopology(int h100 = 8)
{
    const io::Project p =
        io::parseProject(QStringLiteral(R"({"format": "meridian.topo", "version": 1,
      "nodes": [{"id": "dc-a", "kind": "center", "attrs": {"gpu_count": %1, "gpu_model": "H100-SXM"}},
                {"id": "dc-b", "kind": "center", "attrs": {"gpu_count": 16, "gpu_model": "A100-80GB"}},
                {"id": "r", "kind": "router"}],
      "links": [{"id": "dc-a-r", "a": "dc-a", "b": "r"}, {"id": "dc-b-r", "a": "dc-b", "b": "r"}]})")
                             .arg(h100)
                             .toStdString(),
                         "newcomer.topo");
    return p.topology;
}

} // namespace

class ExperimentCheckTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        test::setUpGuiTestApp();
        m_recovery = test::freshRecoveryDir();
    }

    void dockReportsMemoryAndBatchAndPicksValidDefaults()
    {
        QStringList errors;
        auto w = test::makeShownWindow(
            [&](const QString& t, const QString& x) { errors << t + QStringLiteral(": ") + x; });
        ui::Document* doc = w->document();
        doc->undoStack()->push(
            new ui::ReplaceTopologyCommand(doc, newcomerTopology(), QStringLiteral("t")));
        ui::ExperimentDock* dock = w->runs()->experimentDock();
        auto* status = dock->findChild<QLabel*>(QStringLiteral("experimentStatus"));
        QVERIFY(status);

        // The model as the issue's newcomer set it, defaults for the rest: an error per centre.
        doc->undoStack()->push(new ui::ChangeExperimentCommand(
            doc, doc->project().experiment,
            json{{"kind", "training"}, {"model", {{"preset", "llama-3-8b"}}}},
            QStringLiteral("newcomer")));
        QVERIFY2(dock->problem().contains(QStringLiteral("needs 157.8 GiB per GPU at ZeRO-0")),
                 qPrintable(dock->problem()));
        QVERIFY(dock->problem().contains(QStringLiteral("ZeRO-1 fits")));
        QCOMPARE(dock->problem().count(QStringLiteral("/experiment/parallelism/zero_stage")), 2);
        QVERIFY(!status->text().contains(QStringLiteral("Experiment valid.")));
        QVERIFY(dock->modelSummary().contains(QStringLiteral("does not fit")));

        // Run refuses before anything starts, with the same message.
        QVERIFY(!w->runs()->run());
        QCOMPARE(w->runs()->controller()->state(), ui::RunController::State::Idle);
        QVERIFY(!errors.isEmpty() && errors.back().contains(QStringLiteral("ZeRO-1 fits")));

        // A stage that fits: the batch warning remains (24 GPUs, 21.33 sequences each).
        QVERIFY(dock->setOption("parallelism.zero_stage", QStringLiteral("3")));
        QVERIFY(dock->problem().isEmpty());
        QVERIFY(dock->warning().contains(QStringLiteral("4128768 (21 per GPU)")));
        QVERIFY(status->text().contains(QStringLiteral("Runs, with a warning")));

        // Choosing the model on an experiment without those keys picks values that pass.
        QVERIFY(dock->setOption("parallelism.zero_stage", QString()));
        auto* preset = dock->findChild<QComboBox*>(QStringLiteral("option:model.preset"));
        QVERIFY(preset);
        const int llama = preset->findData(QStringLiteral("llama-3-8b"));
        QVERIFY(llama > 0);
        preset->setCurrentIndex(llama);
        Q_EMIT preset->activated(llama);
        const json& par = doc->project().experiment["parallelism"];
        QCOMPARE(par["zero_stage"].get<int>(), 1);
        QCOMPARE(par["global_batch_tokens"].get<double>(), 4128768.0);
        QVERIFY2(dock->problem().isEmpty(), qPrintable(dock->problem()));
        QVERIFY2(dock->warning().isEmpty(), qPrintable(dock->warning()));
        QVERIFY(status->text().contains(QStringLiteral("Experiment valid.")));

        // The topology decides too: with 2 H100s in dc-a, ZeRO-1 no longer fits there.
        doc->undoStack()->push(
            new ui::ReplaceTopologyCommand(doc, newcomerTopology(2), QStringLiteral("fewer")));
        QTRY_VERIFY(!dock->problem().isEmpty());
    }

    void generatedWanComesWithAnExperimentThatRuns()
    {
        auto w = test::makeShownWindow([](const QString& t, const QString& x) {
            QFAIL(qPrintable(t + QStringLiteral(": ") + x));
        });
        QVERIFY(w->applyGenerator(QStringLiteral("multi-centre"),
                                  {{"centres", "3"}, {"gpus-per-centre", "8"}}, 1, true));
        const json& e = w->document()->project().experiment;
        QCOMPARE(e["model"]["preset"].get<std::string>(), std::string("llama-3-8b"));
        ui::ExperimentDock* dock = w->runs()->experimentDock();
        QVERIFY2(dock->problem().isEmpty(), qPrintable(dock->problem()));
        QVERIFY2(dock->warning().isEmpty(), qPrintable(dock->warning()));
        // One undo step takes both back.
        w->document()->undoStack()->undo();
        QCOMPARE(w->document()->topology().nodeCount(), std::size_t(0));
        QVERIFY(w->document()->project().experiment.is_null());
    }

private:
    std::unique_ptr<QTemporaryDir> m_recovery;
};

MERIDIAN_TEST(ExperimentCheckTest)
#include "ExperimentCheckTest.moc"
