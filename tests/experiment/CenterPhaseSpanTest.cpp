// Per-centre phase spans (Results::center_phases, RunObserver::centerPhases): one span per
// active centre and phase, nested in the iteration and in the global phases they belong to,
// and the observer sees exactly what Results holds.
#include "TestMain.hpp"
#include "meridian/experiment/Runner.hpp"
#include "meridian/io/ProjectFile.hpp"

#include <QtTest/QtTest>
#include <map>
#include <set>

using namespace meridian;

namespace {

/// Collects the spans and remembers, for each centerPhases call, which phaseFinished follows.
class SpanObserver : public experiment::RunObserver
{
public:
    std::vector<experiment::CenterPhaseSpan> spans;
    std::vector<std::size_t> callSizes;
    std::vector<std::string> finishedAfterCall; ///< name of the phaseFinished after each call
    bool pending = false;

    void centerPhases(const std::vector<experiment::CenterPhaseSpan>& s) override
    {
        spans.insert(spans.end(), s.begin(), s.end());
        callSizes.push_back(s.size());
        pending = true;
    }
    void phaseFinished(const experiment::PhaseResult& p) override
    {
        if (pending)
            finishedAfterCall.push_back(p.name);
        pending = false;
    }
};

bool sameSpan(const experiment::CenterPhaseSpan& a, const experiment::CenterPhaseSpan& b)
{
    return a.center == b.center && a.name == b.name && a.iteration == b.iteration &&
           a.start_s == b.start_s && a.end_s == b.end_s;
}

} // namespace

class CenterPhaseSpanTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void spansNestInTheGlobalPhasesOnePerCentreAndPhase()
    {
        // The default preset: four centres with four different GPU models, so the centres'
        // compute ends (and their intra-centre spans) differ.
        const io::Project p =
            io::readProject(test::sourcePath("presets/llama3-8b-star-wan.topo").toStdString());
        experiment::RunOptions opt;
        opt.iterations = 2;
        opt.topology_name = "llama3-8b-star-wan.topo";
        experiment::Runner runner(p, opt);
        SpanObserver obs;
        const experiment::Results r = runner.run(&obs);

        const std::set<std::string> centres{"bj", "sh", "gz", "cd"};
        QCOMPARE(r.centers.size(), centres.size());
        // Broadcast: one span per centre; per iteration: 4 phases × 4 centres.
        QCOMPARE(r.center_phases.size(), centres.size() * (1 + 4 * 2));

        // The observer got the same spans, in three calls (broadcast + 2 iterations), each
        // right before the phaseFinished of broadcast / update.
        QCOMPARE(obs.spans.size(), r.center_phases.size());
        for (std::size_t i = 0; i < obs.spans.size(); ++i)
            QVERIFY(sameSpan(obs.spans[i], r.center_phases[i]));
        QCOMPARE(obs.callSizes, (std::vector<std::size_t>{4, 16, 16}));
        QCOMPARE(obs.finishedAfterCall,
                 (std::vector<std::string>{"broadcast", "update", "update"}));

        std::map<std::pair<std::string, int>, experiment::PhaseResult> global;
        for (const auto& ph : r.phases)
            global[{ph.name, ph.iteration}] = ph;
        std::map<std::tuple<std::string, std::string, int>, int> count;
        std::set<double> computeEnds;
        for (const auto& s : r.center_phases) {
            QVERIFY2(centres.count(s.center), s.center.c_str());
            ++count[{s.center, s.name, s.iteration}];
            QVERIFY(s.end_s >= s.start_s);
            const double eps = 1e-12;
            const auto g = global.at({s.name, s.iteration});
            if (s.name == "intra_center") {
                // A centre reduces as soon as it has computed: inside [iteration start,
                // inter-centre start], ending no later than the global intra phase.
                const auto& it = r.iterations.at(std::size_t(s.iteration));
                QVERIFY(s.start_s >= it.start_s - eps);
                QVERIFY(s.end_s <= g.end_s + eps);
            } else {
                QVERIFY2(s.start_s >= g.start_s - eps && s.end_s <= g.end_s + eps,
                         qPrintable(QString("%1 %2 %3: [%4, %5] not in [%6, %7]")
                                        .arg(s.center.c_str(), s.name.c_str())
                                        .arg(s.iteration)
                                        .arg(s.start_s)
                                        .arg(s.end_s)
                                        .arg(g.start_s)
                                        .arg(g.end_s)));
            }
            if (s.name == "inter_center") {
                QCOMPARE(s.start_s, g.start_s);
                QCOMPARE(s.end_s, g.end_s);
            }
            if (s.name == "compute" && s.iteration == 0)
                computeEnds.insert(s.end_s);
        }
        for (const auto& c : centres)
            for (const std::string name : {"compute", "intra_center", "inter_center", "update"})
                for (int it = 0; it < 2; ++it)
                    QCOMPARE((count[{c, name, it}]), 1);
        for (const auto& c : centres)
            QCOMPARE((count[{c, "broadcast", -1}]), 1);
        // The slowest centre's compute end is the global compute phase's end.
        QVERIFY(computeEnds.size() > 1);
        QCOMPARE(*computeEnds.rbegin(), (global.at({"compute", 0}).end_s));
    }

    void microBenchmarksHaveNoSpans()
    {
        const io::Project p =
            io::readProject(test::sourcePath("presets/allreduce-4dc-ring.topo").toStdString());
        experiment::RunOptions opt;
        opt.topology_name = "allreduce-4dc-ring.topo";
        experiment::Runner runner(p, opt);
        SpanObserver obs;
        const experiment::Results r = runner.run(&obs);
        QVERIFY(r.center_phases.empty());
        QVERIFY(obs.spans.empty());
    }
};

MERIDIAN_TEST(CenterPhaseSpanTest)
#include "CenterPhaseSpanTest.moc"
