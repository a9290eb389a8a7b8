// meridian-cli sweep (docs/sweeps.md), run as a real process on a tiny topology: three
// centres of two GPUs, ResNet-50, two iterations (a few milliseconds per point).
#include "SweepTestUtil.hpp"
#include "TestMain.hpp"
#include "meridian/experiment/Results.hpp"
#include "meridian/experiment/Runner.hpp"
#include "meridian/io/ProjectFile.hpp"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest/QtTest>
#include <cmath>
#include <csignal>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sys/types.h>
#include <unistd.h>

using namespace meridian;
using namespace meridian::test;

class SweepTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void tableOfA3x3x3SweepEqualsSeparateRuns()
    {
        // The expectation: each row holds exactly the numbers of `meridian-cli run` of the
        // point's own .topo (results.json byte for byte), and the figures are the means the
        // table documents, computed here from that run's results.json.
        QTemporaryDir dir;
        const QString out = dir.filePath("out");
        const CliRun r =
            runCli({"sweep", tinyTopo(), "--vary", "links.c-hub.loss=0,1e-6,1e-5", "--vary",
                    "experiment.inter_center.collective=ring,tree,hierarchical", "--vary",
                    "links.a-hub.bandwidth_gbps=log:1:100:3", "-j", "2", "--out", out});
        QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
        const CsvTable table = readCsv(out + "/sweep.csv");
        QCOMPARE(table.rows.size(), std::size_t{27});
        // The first axis varies slowest.
        QCOMPARE(table.cell(0, "links.c-hub.loss"), QStringLiteral("0"));
        QCOMPARE(table.cell(9, "links.c-hub.loss"), QStringLiteral("1e-06"));
        QCOMPARE(table.cell(1, "links.a-hub.bandwidth_gbps"), QStringLiteral("10"));
        QCOMPARE(table.cell(3, "experiment.inter_center.collective"), QStringLiteral("tree"));
        for (std::size_t i = 0; i < table.rows.size(); ++i) {
            QCOMPARE(table.cell(i, "status"), QStringLiteral("ok"));
            const QString point = out + "/points/" + table.cell(i, "point");
            const QString separate = dir.filePath("separate-%1").arg(i);
            const CliRun s = runCli({"run", point + "/point.topo", "--out", separate, "--quiet"});
            QVERIFY2(s.code == 0, qPrintable(s.err));
            QCOMPARE(readAll(point + "/results/results.json"), readAll(separate + "/results.json"));
            for (const char* csv : {"phases.csv", "iterations.csv", "centers.csv", "links.csv"})
                QCOMPARE(readAll(point + "/results/" + csv), readAll(separate + "/" + csv));
            QCOMPARE(table.cell(i, "results"), "points/" + table.cell(i, "point") + "/results");
            const nlohmann::json res =
                nlohmann::json::parse(readAll(separate + "/results.json").toStdString());
            const auto mean = [&](const char* key) {
                double sum = 0;
                for (const auto& it : res["iterations"])
                    sum += it[key].get<double>();
                return sum / static_cast<double>(res["iterations"].size());
            };
            QCOMPARE(table.number(i, "total_s"), res["total_s"].get<double>());
            QCOMPARE(table.number(i, "iteration_s"), mean("total_s"));
            QCOMPARE(table.number(i, "compute_s"), mean("compute_s"));
            QCOMPARE(table.number(i, "inter_center_s"), mean("inter_center_s"));
            double gpuCompute = 0, gpus = 0, total = 0; // Σ gpus·compute / (GPUs · Σ total)
            for (const auto& c : res["centers"]) {
                gpuCompute += c["gpus"].get<double>() * c["compute_s"].get<double>();
                gpus += c["gpus"].get<double>();
            }
            for (const auto& it : res["iterations"])
                total += it["total_s"].get<double>();
            QVERIFY(std::abs(table.number(i, "gpu_effective_compute_ratio") -
                             gpuCompute / (gpus * total)) < 1e-9);
            QCOMPARE(table.number(i, "broadcast_s"), res["phases"][0]["duration_s"].get<double>());
            // Every link of this star joins two sites: all three are WAN links.
            for (const auto& link : res["links"])
                QCOMPARE(table.number(i, "bytes." +
                                             QString::fromStdString(link["id"].get<std::string>())),
                         link["bytes"].get<double>());
            QCOMPARE(table.number(i, "seed"),
                     static_cast<double>(res["seed"].get<std::uint64_t>()));
        }
        // Different loss, bandwidth and collective give different times: the values arrived.
        QVERIFY(table.number(0, "inter_center_s") != table.number(2, "inter_center_s"));
        QVERIFY(table.number(0, "inter_center_s") != table.number(3, "inter_center_s"));
        // sweep.json holds the same rows.
        const nlohmann::json j = nlohmann::json::parse(readAll(out + "/sweep.json").toStdString());
        QCOMPARE(j["format"].get<std::string>(), std::string("meridian.sweep"));
        QCOMPARE(j["points"].size(), std::size_t{27});
        QCOMPARE(j["points"][5]["iteration_s"].get<double>(), table.number(5, "iteration_s"));
    }

    void gpuEffectiveComputeIsTimeWeightedUnderDiLoCo()
    {
        // OpenDiLoCo's run (docs/validation.md §4.4): 500 inner steps of 4.49 s, then an outer
        // sync of about a minute. The column is the share of GPU time spent computing over the
        // whole run — Σ_c gpus_c · compute_c / (GPUs · Σ iteration time), from the centres'
        // totals — not the mean of the 500 per-iteration ratios (≈ 99.6 %: the one long
        // iteration weighs 1/500 there).
        QTemporaryDir dir;
        const QString out = dir.filePath("out");
        const CliRun r = runCli(
            {"sweep", sourcePath("tests/validation/published/opendiloco-intercontinental.topo"),
             "--vary", "links.us-eu.bandwidth_gbps=0.25,0.5", "--quiet", "--out", out});
        QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
        const CsvTable table = readCsv(out + "/sweep.csv");
        QCOMPARE(table.rows.size(), std::size_t{2});
        for (std::size_t i = 0; i < table.rows.size(); ++i) {
            const nlohmann::json res = nlohmann::json::parse(
                readAll(out + "/" + table.cell(i, "results") + "/results.json").toStdString());
            double gpuCompute = 0, gpus = 0, total = 0, meanOfRatios = 0;
            for (const auto& c : res["centers"]) {
                gpuCompute += c["gpus"].get<double>() * c["compute_s"].get<double>();
                gpus += c["gpus"].get<double>();
            }
            for (const auto& it : res["iterations"]) {
                total += it["total_s"].get<double>();
                meanOfRatios += it["gpu_effective_compute_ratio"].get<double>();
            }
            meanOfRatios /= static_cast<double>(res["iterations"].size());
            const double timeWeighted = gpuCompute / (gpus * total);
            const double column = table.number(i, "gpu_effective_compute_ratio");
            QVERIFY2(std::abs(column - timeWeighted) < 1e-9,
                     qPrintable(QStringLiteral("%1 against %2").arg(column).arg(timeWeighted)));
            // The two measures differ by more than the outer sync's share of the run's time
            // less its 1/500 weight in the mean: 2–5 % here, against ≈ 0.4 %.
            QVERIFY2(
                meanOfRatios - column > 0.015,
                qPrintable(
                    QStringLiteral("mean of ratios %1, column %2").arg(meanOfRatios).arg(column)));
            // The column is the engine's figure (the run view's and the report's) to the bit:
            // the point's .topo run here in this process, its Results, runGpuEffectiveCompute.
            const std::string point = (out + "/points/" + table.cell(i, "point")).toStdString();
            experiment::RunOptions options;
            options.project_dir = point;
            options.topology_name = "point.topo";
            const io::Project project = io::readProject(point + "/point.topo");
            experiment::Runner runner(project, options);
            const double engine = experiment::runGpuEffectiveCompute(runner.run().iterations);
            QVERIFY2(column == engine, qPrintable(QStringLiteral("column %1, engine %2")
                                                      .arg(column, 0, 'g', 17)
                                                      .arg(engine, 0, 'g', 17)));
        }
        // Half the bandwidth between continents: a longer outer sync, less GPU compute.
        QVERIFY(table.number(0, "gpu_effective_compute_ratio") <
                table.number(1, "gpu_effective_compute_ratio"));
    }

    void jobsDoNotChangeTheTable()
    {
        QTemporaryDir dir;
        const QStringList axes = {"--vary", "links.c-hub.loss=1e-6,1e-5,1e-4",
                                  "--vary", "links.b-hub.delay_ms=1:21:3",
                                  "--vary", "experiment.inter_center.collective=ring,tree"};
        const CliRun one =
            runCli(QStringList{"sweep", tinyTopo(), "-j", "1", "--out", dir.filePath("j1")} + axes);
        const CliRun two =
            runCli(QStringList{"sweep", tinyTopo(), "-j", "2", "--out", dir.filePath("j2")} + axes);
        QVERIFY2(one.code == 0 && two.code == 0, qPrintable(one.err + two.err));
        QCOMPARE(readAll(dir.filePath("j1/sweep.csv")), readAll(dir.filePath("j2/sweep.csv")));
        QCOMPARE(readAll(dir.filePath("j1/sweep.json")), readAll(dir.filePath("j2/sweep.json")));
        QCOMPARE(readCsv(dir.filePath("j1/sweep.csv")).rows.size(), std::size_t{18});
    }

    void aSecondCallRunsOnlyWhatIsNotFinished()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath("out");
        const QStringList args = {"sweep",  tinyTopo(),
                                  "--vary", "links.c-hub.loss=0,1e-6,1e-5",
                                  "--vary", "links.a-hub.delay_ms=1,2,3",
                                  "--out",  out};
        const CliRun first = runCli(args);
        QVERIFY2(first.code == 0, qPrintable(first.err));
        QVERIFY(first.out.contains("9 run now, 0 finished before"));
        const QByteArray table = readAll(out + "/sweep.csv");
        // What a kill leaves: points missing, a half-written staging folder.
        const CsvTable t = readCsv(out + "/sweep.csv");
        for (std::size_t i : {std::size_t{2}, std::size_t{5}, std::size_t{7}})
            QVERIFY(QDir(out + "/points/" + t.cell(i, "point")).removeRecursively());
        QVERIFY(QDir().mkpath(out + "/.partial/x.999.3/results"));
        // A point whose inputs changed (its .topo differs) is run again.
        {
            std::ofstream(
                QString(out + "/points/" + t.cell(0, "point") + "/point.topo").toStdString(),
                std::ios::app)
                << " ";
        }
        const CliRun second = runCli(args);
        QVERIFY2(second.code == 0, qPrintable(second.err));
        QVERIFY2(second.out.contains("4 run now, 5 finished before"), qPrintable(second.out));
        QCOMPARE(readAll(out + "/sweep.csv"), table);
        const CliRun third = runCli(args);
        QVERIFY(third.out.contains("0 run now, 9 finished before"));
        QCOMPARE(readAll(out + "/sweep.csv"), table);
    }

    void aCompleteStagingFolderOfAKilledRunIsRedone()
    {
        // A sweep killed after writing and flushing a point's files but before the rename
        // that marks it finished leaves a folder holding everything (point.json, point.topo,
        // results/) under OUT/.partial/NAME.HOST.PID.INDEX. The next call must not take that
        // point as finished: it discards the folder (its process is gone) and runs the point
        // again, and the table is the one of the uninterrupted sweep.
        QTemporaryDir dir;
        const QString out = dir.filePath("out");
        const QStringList args = {"sweep", tinyTopo(), "--vary", "links.c-hub.loss=0,1e-6,1e-5",
                                  "--out", out};
        const CliRun first = runCli(args);
        QVERIFY2(first.code == 0, qPrintable(first.err));
        const QByteArray table = readAll(out + "/sweep.csv");
        const QString name = readCsv(out + "/sweep.csv").cell(1, "point");
        // A process id of this host that is gone, and the host as the executor names it.
        QProcess gone;
        gone.start(cliPath(), {"--help"});
        QVERIFY(gone.waitForStarted());
        const qint64 pid = gone.processId();
        QVERIFY(gone.waitForFinished());
        char host[256] = {};
        QCOMPARE(::gethostname(host, sizeof host - 1), 0);
        QString hostName = QString::fromLocal8Bit(host);
        hostName.replace('.', '_').replace('/', '_');
        const QString staging =
            out + "/.partial/" + name + "." + hostName + "." + QString::number(pid) + ".1";
        QVERIFY(QDir().mkpath(out + "/.partial"));
        QVERIFY(QDir().rename(out + "/points/" + name, staging));
        QVERIFY(QFileInfo::exists(staging + "/point.json"));
        const CliRun second = runCli(args);
        QVERIFY2(second.code == 0, qPrintable(second.err));
        QVERIFY2(second.out.contains("1 run now, 2 finished before"), qPrintable(second.out));
        QVERIFY(!QFileInfo::exists(out + "/.partial"));
        QVERIFY(QFileInfo::exists(out + "/points/" + name + "/results/results.json"));
        QCOMPARE(readAll(out + "/sweep.csv"), table);
    }

    void interruptedOrKilledThenRerunFinishesTheRest()
    {
        // Points of the default experiment take about a second each, so a signal sent when the
        // first point's folder appears lands while the second runs (-j 1).
        QTemporaryDir dir;
        const QString out = dir.filePath("out");
        const QStringList args = {"sweep",        sourcePath("presets/llama3-8b-star-wan.topo"),
                                  "--vary",       "links.cd-hub.loss=0,1e-6,1e-5,1e-4,1e-3",
                                  "--iterations", "1",
                                  "-j",           "1",
                                  "--out",        out};
        const auto finished = [&] {
            return QDir(out + "/points").entryList(QDir::Dirs | QDir::NoDotAndDotDot).size();
        };
        const auto runUntilOneMore = [&](int signal) {
            const qsizetype before = finished();
            QProcess p;
            p.start(cliPath(), args);
            QVERIFY(p.waitForStarted());
            QElapsedTimer t;
            t.start();
            while (finished() == before && p.state() == QProcess::Running && t.elapsed() < 120000)
                QThread::msleep(10);
            ::kill(static_cast<pid_t>(p.processId()), signal);
            QVERIFY(p.waitForFinished(60000));
            if (signal == SIGINT) {
                QCOMPARE(p.exitCode(), 130);
                QVERIFY(p.readAllStandardError().contains("interrupted: finished points are kept"));
                // The point in progress was discarded, not left half-written.
                QVERIFY(!QFileInfo::exists(out + "/.partial"));
            } else {
                QCOMPARE(p.exitStatus(), QProcess::CrashExit);
            }
            QVERIFY(!QFileInfo::exists(out + "/sweep.csv"));
        };
        runUntilOneMore(SIGINT);
        const qsizetype afterInt = finished();
        QVERIFY2(afterInt >= 1 && afterInt < 5, qPrintable(QString::number(afterInt)));
        runUntilOneMore(SIGKILL);
        const qsizetype afterKill = finished();
        QVERIFY2(afterKill > afterInt && afterKill < 5, qPrintable(QString::number(afterKill)));
        const CliRun rest = runCli(args);
        QVERIFY2(rest.code == 0, qPrintable(rest.err));
        QVERIFY2(
            rest.out.contains(
                QStringLiteral("%1 run now, %2 finished before").arg(5 - afterKill).arg(afterKill)),
            qPrintable(rest.out));
        // The killed run's staging folder is gone (its process is), the table complete.
        QVERIFY(!QFileInfo::exists(out + "/.partial"));
        QCOMPARE(readCsv(out + "/sweep.csv").rows.size(), std::size_t{5});
    }

    void badAxesAreRefusedBeforeAnythingRuns()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath("out");
        const auto refuse = [&](const QStringList& vary, const QString& expected) {
            const CliRun r = runCli(QStringList{"sweep", tinyTopo(), "--out", out} + vary);
            QVERIFY2(r.code == 2, qPrintable(r.out + r.err));
            QVERIFY2(r.err.contains(expected), qPrintable(r.err));
            QVERIFY(!QFileInfo::exists(out));
        };
        refuse(
            {"--vary", "links.zz.loss=0,1"},
            "command line: --vary links.zz.loss: no link id starts 'zz.loss' followed by '.' and a "
            "key (links: a-hub, b-hub, c-hub)");
        // A value goes through the reader's own check, named by the file's JSON path.
        refuse({"--vary", "links.c-hub.loss=0,3"},
               tinyTopo() + ": /links/2/loss: link 'c-hub': loss 3 is outside [0, 1) (point "
                            "links.c-hub.loss=3)");
        refuse({"--vary", "links.c-hub.bandwith_gbps=1,2"}, "/links/2/bandwith_gbps");
        refuse({"--vary", "experiment.inter_centre.collective=ring"},
               tinyTopo() + ": /experiment/inter_centre");
        // Checked by planning the run (`validate` does not plan): refused before any point runs.
        refuse({"--vary", "experiment.inter_center.collective=ring,bogus"},
               tinyTopo() + ": /experiment/inter_center/collective: unknown collective algorithm "
                            "'bogus' (point experiment.inter_center.collective=bogus)");
        refuse({"--vary", "links.a-hub.loss=log:0:1:3"},
               "a log range needs start and stop above 0");
        refuse({"--vary", "links.a-hub.loss=0,1e-6", "--vary", "links.b-hub.loss=0", "--zip"},
               "zipped axes need equal lengths");
        refuse({"--vary", "links.a-hub.id=x"}, "cannot be swept");
        refuse({"--vary", "format=2"}, "'format' is not a path: expected links.<id>.<key>");
        refuse({"--vary", "name.x=2"}, "'name' cannot be swept: a path starts with links, nodes or "
                                       "experiment");
        refuse({}, "nothing to vary");
    }

    void aTrafficGeneratorIsAddressedByIdOrIndex()
    {
        // docs/sweeps.md: an array of objects with ids (a traffic section's generators) is
        // addressed by id as links and nodes are, or by index; load 0 is a generator that
        // starts no flow, so a load axis can start from an empty link.
        QTemporaryDir dir;
        nlohmann::json topo = nlohmann::json::parse(readAll(tinyTopo()).toStdString());
        topo["experiment"]["traffic"] = {
            {"generators",
             {{{"id", "bg.web"},
               {"kind", "poisson"},
               {"from", "a"},
               {"to", "c"},
               {"stop_s", 60},
               {"load", 0.5},
               {"load_link", "c-hub"},
               {"size", {{"law", "exponential"}, {"mean_bytes", 1e6}}}}}}};
        const QString path = dir.filePath("traffic.topo");
        std::ofstream(path.toStdString()) << topo.dump(2);
        const QString out = dir.filePath("out");
        const CliRun r = runCli({"sweep", path, "--common-seed", "--vary",
                                 "experiment.traffic.generators.bg.web.load=0,0.5", "--out", out});
        QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
        const CsvTable t = readCsv(out + "/sweep.csv");
        QCOMPARE(t.rows.size(), std::size_t{2});
        QCOMPARE(t.cell(1, "experiment.traffic.generators.bg.web.load"), QStringLiteral("0.5"));
        const auto resultsOf = [&](std::size_t row) {
            return nlohmann::json::parse(
                readAll(out + "/" + t.cell(row, "results") + "/results.json").toStdString());
        };
        const nlohmann::json idle = resultsOf(0), loaded = resultsOf(1);
        // Load 0: no flow and no background byte; load 0.5: λ = 0.5 · 10 Gbit/s / (8 · 1 MB)
        // = 625 flows/s over the run, and c-hub carries them.
        QCOMPARE(idle["traffic"][0]["flows"].get<int>(), 0);
        QCOMPARE(idle["traffic"][0]["offered_bytes"].get<double>(), 0.0);
        QCOMPARE(idle["links"][2]["background_bytes"].get<double>(), 0.0);
        const double window_s = loaded["traffic"][0]["window_s"].get<double>();
        const double flows = loaded["traffic"][0]["flows"].get<double>();
        QVERIFY2(std::abs(flows - 625.0 * window_s) < 5.0 * std::sqrt(625.0 * window_s) + 1.0,
                 qPrintable(QString::number(flows) + " flows in " + QString::number(window_s)));
        QVERIFY(loaded["links"][2]["background_bytes"].get<double>() > 0.0);
        // The point's file has the value at the generator's index.
        const nlohmann::json point = nlohmann::json::parse(
            readAll(out + "/points/" + t.cell(1, "point") + "/point.topo").toStdString());
        QCOMPARE(point["experiment"]["traffic"]["generators"][0]["load"].get<double>(), 0.5);
        // By index: the same value, the same seed and the same point file.
        const CliRun byIndex = runCli({"sweep", path, "--dry-run", "--common-seed", "--vary",
                                       "experiment.traffic.generators.0.load=0,0.5"});
        QVERIFY2(byIndex.code == 0, qPrintable(byIndex.err));
        QCOMPARE(byIndex.out.count('\n'), 3);

        const auto refuse = [&](const QString& vary, const QString& expected) {
            const CliRun e = runCli({"sweep", path, "--dry-run", "--vary", vary});
            QVERIFY2(e.code == 2, qPrintable(e.out + e.err));
            QVERIFY2(e.err.contains(expected), qPrintable(e.err));
        };
        refuse("experiment.traffic.generators.zz.load=0.5",
               "command line: --vary experiment.traffic.generators.zz.load: no generator id "
               "starts 'zz.load' followed by '.' and a key (generators: bg.web)");
        refuse("experiment.traffic.generators.bg.web.id=x", "'id' names the generator");
        refuse("experiment.traffic.generators.3.load=0.5", "'3' is not an index of the array");
        // A value goes through the traffic reader's check, named by the file's JSON path.
        refuse("experiment.traffic.generators.bg.web.load=0,-1",
               path + ": /experiment/traffic/generators/0/load: must be a finite number ≥ 0, "
                      "got -1 (point experiment.traffic.generators.bg.web.load=-1)");
    }

    void seedsFollowTheDocumentedRule()
    {
        // docs/sweeps.md: FNV-1a-64 of "meridian.sweep\n<base>\n" + sorted "path=value\n",
        // SplitMix64's finaliser, the low 53 bits.
        const auto rule = [](std::uint64_t base, std::vector<std::string> pairs) {
            std::sort(pairs.begin(), pairs.end());
            std::string text = "meridian.sweep\n" + std::to_string(base) + "\n";
            for (const auto& p : pairs)
                text += p + "\n";
            std::uint64_t h = 14695981039346656037ull;
            for (unsigned char c : text)
                h = (h ^ c) * 1099511628211ull;
            std::uint64_t z = h + 0x9e3779b97f4a7c15ull;
            z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
            z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
            return (z ^ (z >> 31)) & ((std::uint64_t{1} << 53) - 1);
        };
        const CliRun r =
            runCli({"sweep", tinyTopo(), "--dry-run", "--vary", "links.c-hub.loss=0,1e-05",
                    "--vary", "experiment.inter_center.collective=ring"});
        QCOMPARE(r.code, 0);
        const QStringList lines = r.out.split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 3);
        QCOMPARE(lines[0], QStringLiteral("loss=0,collective=ring  seed %1")
                               .arg(rule(7, {"links.c-hub.loss=0",
                                             "experiment.inter_center.collective=\"ring\""})));
        QCOMPARE(lines[1], QStringLiteral("loss=1e-05,collective=ring  seed %1")
                               .arg(rule(7, {"links.c-hub.loss=1e-05",
                                             "experiment.inter_center.collective=\"ring\""})));
        // An axis on the seed is the seed.
        const CliRun seeds =
            runCli({"sweep", tinyTopo(), "--dry-run", "--vary", "experiment.seed=1:3:3"});
        QCOMPARE(seeds.out,
                 QStringLiteral("seed=1  seed 1\nseed=2  seed 2\nseed=3  seed 3\n3 points\n"));
        const CliRun common = runCli({"sweep", tinyTopo(), "--dry-run", "--common-seed", "--seed",
                                      "11", "--vary", "links.c-hub.loss=0,1e-05"});
        QVERIFY(common.out.startsWith("loss=0  seed 11\nloss=1e-05  seed 11\n"));
    }

    void theSweepSectionOfTheFileIsRead()
    {
        QTemporaryDir dir;
        nlohmann::json topo = nlohmann::json::parse(readAll(tinyTopo()).toStdString());
        topo["sweep"] = {{"axes",
                          {{{"path", "links.c-hub.loss"}, {"values", {0, 1e-5}}},
                           {{"path", "nodes.c.attrs.gpu_count"}, {"values", "2:4:2"}}}}};
        const QString path = dir.filePath("with-sweep.topo");
        std::ofstream(path.toStdString()) << topo.dump(2);
        const CliRun v = runCli({"validate", "--strict", path});
        QVERIFY2(v.code == 0, qPrintable(v.out));
        const CliRun r = runCli({"sweep", path, "--out", dir.filePath("out")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const CsvTable t = readCsv(dir.filePath("out/sweep.csv"));
        QCOMPARE(t.rows.size(), std::size_t{4});
        QCOMPARE(t.cell(3, "nodes.c.attrs.gpu_count"), QStringLiteral("4"));
        // The point files carry no sweep section: each is one run.
        QVERIFY(!readAll(dir.filePath("out/points/") + t.cell(0, "point") + "/point.topo")
                     .contains("\"sweep\""));
        // --vary replaces the file's axes.
        const CliRun c = runCli({"sweep", path, "--dry-run", "--vary", "links.a-hub.loss=0"});
        QCOMPARE(c.out.count('\n'), 2);

        topo["sweep"]["axes"][1]["path"] = "nodes.zz.attrs.gpu_count";
        std::ofstream(path.toStdString()) << topo.dump(2);
        const CliRun bad = runCli({"validate", path});
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.out.contains(path + ": /sweep/axes/1/path: no node id starts"),
                 qPrintable(bad.out));
    }

    void aFailedPointIsARowNotAnAbort()
    {
        // A link that fails for good at 0.5 s leaves centre c unreachable mid-run.
        QTemporaryDir dir;
        nlohmann::json topo = nlohmann::json::parse(readAll(tinyTopo()).toStdString());
        topo["links"][2]["schedule"] = {{{"at_s", 0.5}, {"up", false}}};
        const QString path = dir.filePath("fails.topo");
        std::ofstream(path.toStdString()) << topo.dump(2);
        const CliRun r = runCli(
            {"sweep", path, "--vary", "links.a-hub.loss=0,1e-6", "--out", dir.filePath("out")});
        QCOMPARE(r.code, 1);
        const CsvTable t = readCsv(dir.filePath("out/sweep.csv"));
        QCOMPARE(t.rows.size(), std::size_t{2});
        QCOMPARE(t.cell(0, "status"), QStringLiteral("failed"));
        QVERIFY2(t.cell(0, "error").contains("c-hub"), qPrintable(t.cell(0, "error")));
    }

    void plotsFollowTheNumberOfAxes()
    {
#ifdef MERIDIAN_CLI_HAS_PLOTS
        // One axis: lines; two: a heatmap; three: small multiples — files of each format.
        QTemporaryDir dir;
        const QStringList axes[] = {{"--vary", "links.c-hub.loss=log:1e-7:1e-5:3"},
                                    {"--vary", "links.c-hub.loss=0,1e-5", "--vary",
                                     "experiment.inter_center.collective=ring,tree"},
                                    { "--vary",
                                      "links.c-hub.loss=0,1e-5",
                                      "--vary",
                                      "links.a-hub.delay_ms=1,5",
                                      "--vary",
                                      "experiment.inter_center.collective=ring,tree" }};
        for (int k = 0; k < 3; ++k) {
            const QString out = dir.filePath(QString::number(k));
            const CliRun r =
                runCli(QStringList{"sweep", tinyTopo(), "--out", out, "--plot", "--plot-metric",
                                   "gpu_effective_compute_ratio,"
                                   "iteration_s,bytes.c-hub",
                                   "--plot-format", "png,svg,pdf"} +
                       axes[k]);
            QVERIFY2(r.code == 0, qPrintable(r.err));
            QVERIFY2(!r.err.contains("QCP"), qPrintable(r.err)); // no QCustomPlot complaint
            for (const char* metric :
                 {"gpu_effective_compute_ratio", "iteration_s", "bytes.c-hub"}) {
                const QString stem = out + "/plot-" + metric;
                QVERIFY(readAll(stem + ".png").startsWith("\x89PNG"));
                QVERIFY(readAll(stem + ".png").size() > 20000); // a drawn chart, not a blank
                QVERIFY(readAll(stem + ".svg").contains("<svg"));
                QVERIFY(readAll(stem + ".pdf").startsWith("%PDF"));
                QVERIFY(r.out.contains("plot: " + stem + ".png"));
            }
        }
        const CliRun bad = runCli({"sweep", tinyTopo(), "--out", dir.filePath("bad"), "--vary",
                                   "links.c-hub.loss=0,1e-5", "--plot-metric", "speed"});
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.contains("--plot-metric: 'speed' is not a figure of the table"),
                 qPrintable(bad.err));
#else
        const CliRun r = runCli({"sweep", tinyTopo(), "--vary", "links.c-hub.loss=0", "--plot"});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("has no plotting"));
#endif
    }
};

MERIDIAN_TEST(SweepTest)
#include "SweepTest.moc"
