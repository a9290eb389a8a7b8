// meridian-cli validate / import / run, run as a real process.
#include "TestMain.hpp"
#include "meridian/io/ProjectFile.hpp"

#include <QDir>
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <fstream>

using namespace meridian;

namespace {

using Run = test::CliRun;

Run cli(const QStringList& args, const QString& workDir = {})
{
    return test::runCli(args, workDir);
}

} // namespace

class CliTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void validateGoodFilePrintsOneLine()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("good.topo");
        std::ofstream(path.toStdString())
            << R"({"format": "meridian.topo", "version": 1, "name": "g",
          "nodes": [{"id": "bj", "kind": "center", "attrs": {"gpu_count": 64}},
                    {"id": "sh", "kind": "center", "attrs": {"gpu_count": 32}},
                    {"id": "sh-g0", "kind": "gpu", "parent": "sh"},
                    {"id": "hub", "kind": "router"}],
          "links": [{"id": "l1", "a": "bj", "b": "hub", "bandwidth": "10G", "delay": "10ms"},
                    {"id": "l2", "a": "sh", "b": "hub"}],
          "experiment": {"kind": "collective", "participants": ["bj", "sh"], "bytes": "1MiB"}})";
        const Run r = cli({"validate", path});
        QCOMPARE(r.code, 0);
        // sh has an explicit gpu child, so its gpu_count is not added again: 64 + 1.
        QCOMPARE(r.out,
                 path + ": ok — 4 nodes (2 centres, 65 GPUs), 2 links, experiment: collective\n");
    }

    void validateWarnsAboutUnknownTopLevelKeys()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("typo.topo");
        std::ofstream(path.toStdString()) << R"({"format": "meridian.topo", "version": 1,
          "node": [{"id": "a", "kind": "router"}], "zz\nz": 1})";
        const Run r = cli({"validate", path});
        QCOMPARE(r.code, 0);
        const QStringList lines = r.out.split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 3);
        QCOMPARE(lines[0], path + ": /node: warning: unknown top-level key 'node' is not used by "
                                  "Meridian (kept unchanged when the file is saved); did you "
                                  "mean 'nodes'?");
        QVERIFY2(lines[1].startsWith(path + ": /zz\\nz: warning: unknown top-level key"),
                 qPrintable(lines[1]));
        QCOMPARE(lines[2], path + ": ok — 0 nodes (0 centres, 0 GPUs), 0 links");

        const Run strict = cli({"validate", "--strict", path});
        QCOMPARE(strict.code, 2);
        QVERIFY(strict.out.contains("warning: unknown top-level key 'node'"));
        QVERIFY(!strict.out.contains(": ok"));
    }

    void validateTakesADescriptionWithoutWarning()
    {
        // The presets state their sources in a top-level "description": a known key, so
        // `validate --strict` passes; a description that is not text still gets a warning.
        QTemporaryDir dir;
        const QString path = dir.filePath("described.topo");
        std::ofstream(path.toStdString()) << R"({"format": "meridian.topo", "version": 1,
          "description": "delays from fibre distance", "nodes": [{"id": "a", "kind": "router"}]})";
        const Run r = cli({"validate", "--strict", path});
        QCOMPARE(r.code, 0);
        QCOMPARE(r.out, path + ": ok — 1 nodes (0 centres, 0 GPUs), 0 links\n");

        const QString bad = dir.filePath("number.topo");
        std::ofstream(bad.toStdString())
            << R"({"format": "meridian.topo", "version": 1, "description": 3})";
        const Run b = cli({"validate", "--strict", bad});
        QCOMPARE(b.code, 2);
        QVERIFY2(b.out.contains("/description: warning: description is not a string"),
                 qPrintable(b.out));
    }

    void validateReportsMemoryErrorsAndBatchWarningsWithTheFix()
    {
        // docs/experiments.md, "Memory and batch": Llama-3-8B at ZeRO-0 needs 157.8 GiB per GPU
        // (an error per centre, with the stage that fits); at ZeRO-3 it fits, and 4194304
        // tokens over 24 GPUs are 21.33 sequences each (a warning with the batches that divide).
        QTemporaryDir dir;
        const auto write = [&](const QString& name, const char* parallelism) {
            const QString path = dir.filePath(name);
            std::ofstream(path.toStdString()) << R"({"format": "meridian.topo", "version": 1,
              "nodes": [{"id": "a", "kind": "center", "attrs": {"gpu_count": 8, "gpu_model": "H100-SXM"}},
                        {"id": "b", "kind": "center", "attrs": {"gpu_count": 16, "gpu_model": "A100-80GB"}}],
              "links": [{"id": "l", "a": "a", "b": "b"}],
              "experiment": {"model": {"preset": "llama-3-8b"}, "parallelism": )"
                                              << parallelism << "}}";
            return path;
        };
        const QString bad = write("zero0.topo", R"({"zero_stage": 0})");
        const Run r = cli({"validate", bad});
        QCOMPARE(r.code, 2);
        const QStringList lines = r.out.split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 2);
        QVERIFY2(lines[0].startsWith(bad + ": /experiment/parallelism/zero_stage: centre 'a' (8 × "
                                           "H100-SXM): Llama-3-8B needs 157.8 GiB per GPU at "
                                           "ZeRO-0 but the GPU has 80 GiB"),
                 qPrintable(lines[0]));
        QVERIFY(
            lines[0].endsWith("ZeRO-1 fits: 79.26 GiB per GPU (set parallelism.zero_stage to 1)"));
        QVERIFY(lines[1].contains("centre 'b' (16 × A100-80GB)"));

        const QString warn = write("zero3.topo", R"({"zero_stage": 3})");
        const Run w = cli({"validate", warn});
        QCOMPARE(w.code, 0);
        QVERIFY2(w.out.startsWith(warn + ": /experiment/parallelism/global_batch_tokens: warning: "
                                         "global_batch_tokens 4194304 over 24 GPUs"),
                 qPrintable(w.out));
        QVERIFY(w.out.contains("4128768 (21 per GPU) or 4325376 (22 per GPU)"));
        QVERIFY(w.out.contains(warn + ": ok"));
        QCOMPARE(cli({"validate", "--strict", warn}).code, 2);
        // The run refuses what validate calls an error, before writing anything.
        const Run run = cli({"run", bad, "--out", dir.filePath("out")});
        QCOMPARE(run.code, 2);
        QVERIFY(run.err.contains("ZeRO-1 fits"));
        QVERIFY(!QFileInfo::exists(dir.filePath("out")));
    }

    void validateChecksTheExperiment()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("exp.topo");
        std::ofstream(path.toStdString()) << R"({"format": "meridian.topo", "version": 1,
          "nodes": [{"id": "a", "kind": "router"}, {"id": "b", "kind": "router"}],
          "links": [{"id": "l", "a": "a", "b": "b"}],
          "experiment": {"kind": "p2p", "from": "a", "to": "ghost", "bytes": "1MiB"}})";
        const Run r = cli({"validate", path});
        QCOMPARE(r.code, 2);
        QCOMPARE(r.out, path + ": /experiment/to: unknown node 'ghost'\n");

        std::ofstream(path.toStdString()) << R"({"format": "meridian.topo", "version": 1,
          "nodes": [{"id": "a", "kind": "router"}, {"id": "b", "kind": "router"}],
          "links": [{"id": "l", "a": "a", "b": "b"}],
          "experiment": {"kind": "p2p", "from": "a", "to": "b", "bytes": "1MiB", "colour": 1}})";
        const Run bad = cli({"validate", path});
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.out.startsWith(path + ": /experiment/colour: "), qPrintable(bad.out));

        // An algorithm name the run would reject is an error when the file is validated.
        std::ofstream(path.toStdString()) << R"({"format": "meridian.topo", "version": 1,
          "nodes": [{"id": "a", "kind": "router"}, {"id": "b", "kind": "router"}],
          "links": [{"id": "l", "a": "a", "b": "b"}],
          "experiment": {"kind": "collective", "operation": "allreduce", "algorithm": "rign",
                         "participants": ["a", "b"], "bytes": "1MiB"}})";
        const Run typo = cli({"validate", path});
        QCOMPARE(typo.code, 2);
        QCOMPARE(typo.out, path + ": /experiment/algorithm: unknown collective algorithm 'rign'\n");

        std::ofstream(path.toStdString()) << R"({"format": "meridian.topo", "version": 1,
          "nodes": [{"id": "a", "kind": "router"}, {"id": "b", "kind": "router"}],
          "links": [{"id": "l", "a": "a", "b": "b"}],
          "experiment": {"kind": "p2p", "from": "a", "to": "b", "bytes": "1MiB"}})";
        const Run good = cli({"validate", path});
        QCOMPARE(good.code, 0);
        QCOMPARE(good.out, path + ": ok — 2 nodes (0 centres, 0 GPUs), 1 links, experiment: p2p\n");
    }

    void validateErrorsStayOnOneLine()
    {
        const QString path = test::dataPath("broken/newline-in-id.topo");
        const Run r = cli({"validate", path});
        QCOMPARE(r.code, 2);
        QCOMPARE(r.out, path + ": /links/0/b: link 'l' refers to unknown node 'gh\\nost'\n");
    }

    void validateBadFilePrintsEveryProblem()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("bad.topo");
        std::ofstream(path.toStdString()) << R"({"format": "meridian.topo", "version": 1,
          "nodes": [{"id": "a", "kind": "router"}, {"id": "b", "kind": "router"}],
          "links": [{"id": "l", "a": "a", "b": "b", "loss": 3, "jitter_ms": -2}]})";
        const Run r = cli({"validate", path});
        QCOMPARE(r.code, 2);
        const QStringList lines = r.out.split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 2);
        QVERIFY(lines[0].startsWith(path + ": /links/0/jitter_ms: "));
        QVERIFY(lines[1].startsWith(path + ": /links/0/loss: "));
    }

    void validateBrokenCorpusExitsTwo()
    {
        const QDir dir(test::dataPath("broken"));
        for (const QString& f : dir.entryList({"*.topo"}, QDir::Files, QDir::Name)) {
            const Run r = cli({"validate", dir.filePath(f)});
            QVERIFY2(r.code == 2, qPrintable(f));
            QVERIFY2(r.out.startsWith(dir.filePath(f) + ": "), qPrintable(r.out));
        }
    }

    void helpAndBadArguments()
    {
        QCOMPARE(cli({"validate", "--help"}).code, 0);
        QVERIFY(cli({"validate", "--help"}).out.contains("usage: meridian-cli validate"));
        QCOMPARE(cli({"import", "--help"}).code, 0);
        QVERIFY(cli({"import", "--help"}).out.contains("--route-factor"));
        QCOMPARE(cli({"validate"}).code, 2);
        QCOMPARE(cli({"import"}).code, 2);
        QCOMPARE(cli({"import", "x.graphml", "--bogus", "1"}).code, 2);
        QCOMPARE(cli({"import", test::sharedPath("data/topologyzoo/Abilene.graphml"),
                      "--default-bandwidth", "fast"})
                     .code,
                 2);
        QCOMPARE(cli({"validate", "/nonexistent/file.topo"}).code, 2);
    }

    void runWritesReportsBesideIdenticalResults()
    {
        // html,pdf add report.html and report.pdf; results.json stays byte-identical to a
        // json-only run of the same file and seed.
        QTemporaryDir dir;
        const QString preset = test::fastPresetPath("llama3-8b-star-wan.topo");
        const Run plain = cli({"run", preset, "--iterations", "2", "--format", "json", "--out",
                               dir.filePath("plain"), "--quiet"});
        QVERIFY2(plain.code == 0, qPrintable(plain.err));
        const Run all = cli({"run", preset, "--iterations", "2", "--format", "json,csv,html,pdf",
                             "--out", dir.filePath("all"), "--quiet"});
#ifdef MERIDIAN_CLI_HAS_REPORTS
        QVERIFY2(all.code == 0, qPrintable(all.err));
        // Nothing on stderr: no Qt platform chatter in a headless batch run.
        QVERIFY2(all.err.trimmed().isEmpty(), qPrintable(all.err));
        for (const char* f : {"results.json", "phases.csv", "iterations.csv", "centers.csv",
                              "links.csv", "run-info.json", "report.html", "report.pdf"})
            QVERIFY2(QFileInfo(dir.filePath(QStringLiteral("all/") + f)).size() > 0, f);
        auto read = [&](const QString& rel) {
            QFile f(dir.filePath(rel));
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        };
        QCOMPARE(read("all/results.json"), read("plain/results.json"));
        QVERIFY(read("all/report.pdf").startsWith("%PDF"));
        const QByteArray html = read("all/report.html");
        QVERIFY(html.contains("data:image/png;base64,"));
        QVERIFY(html.contains("inter-centre"));
        QVERIFY(html.contains("cd-hub"));
        QVERIFY(!QFileInfo::exists(dir.filePath("plain/report.html")));
#else
        QCOMPARE(all.code, 2);
        QVERIFY2(all.err.contains("no report support"), qPrintable(all.err));
        QVERIFY(!QFileInfo::exists(dir.filePath("all/results.json")));
#endif
        // An unknown format names the accepted ones.
        const Run bad = cli({"run", preset, "--format", "json,docx", "--out", dir.filePath("bad")});
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.contains("html, pdf"), qPrintable(bad.err));
        QVERIFY(cli({"run", "--help"}).out.contains("html"));
    }

    void importWritesAValidTopo()
    {
        if (!QFileInfo::exists(test::sharedPath("data/topologyzoo/Airtel.graphml")))
            QSKIP("the shared Topology Zoo samples (../shared/data) are not next to this checkout");
        QTemporaryDir dir;
        const QString out = dir.filePath("airtel.topo");
        const Run r = cli({"import", test::sharedPath("data/topologyzoo/Airtel.graphml"), "-o", out,
                           "--default-bandwidth", "2.5G", "--route-factor", "1.3"});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("note: "));
        QVERIFY(r.out.endsWith("wrote " + out + ": 16 nodes, 37 links\n"));
        const io::Project p = io::readProject(out.toStdString());
        QCOMPARE(p.topology.nodeCount(), std::size_t(16));
        bool sawDefault = false;
        for (std::size_t i = 0; i < p.topology.linkCount(); ++i)
            sawDefault =
                sawDefault || p.topology.link(LinkId::fromIndex(i)).params.bandwidth_bps == 2.5e9;
        QVERIFY(sawDefault);
        QCOMPARE(cli({"validate", out}).code, 0);
        // Default output name: <stem>.topo in the working directory.
        const Run r2 =
            cli({"import", test::sharedPath("data/topologyzoo/Abilene.graphml")}, dir.path());
        QCOMPARE(r2.code, 0);
        QVERIFY(QFile::exists(dir.filePath("Abilene.topo")));
        // Unwritable output: exit 1.
        QCOMPARE(
            cli({"import", test::sharedPath("data/topologyzoo/Abilene.graphml"), "-o", dir.path()})
                .code,
            1);
    }

    void importMalformedExitsTwo()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("bad.graphml");
        std::ofstream(path.toStdString()) << "<graphml><graph><node id=\"0\"></graph></graphml>";
        const Run r = cli({"import", path, "-o", dir.filePath("o.topo")});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains(path + ": line 1: malformed XML"));
        QVERIFY(!QFile::exists(dir.filePath("o.topo")));
    }
};

MERIDIAN_TEST(CliTest)
#include "CliTest.moc"
