// meridian-cli solve, run as a real process over real runs of tests/data/solve/p2p-udp.topo:
// 1 GB over one UDP link of bandwidth B and one-way delay δ, whose transfer time is
//     t = 8 Gbit / B + δ        (UDP sends at its max-min share, the link's rate, and
//                                the last byte arrives δ later; as LinkAccountingTest's 0.81 s)
// so the bandwidth (or the delay) for a target time is known in closed form.
#include "TestMain.hpp"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <nlohmann/json.hpp>

using namespace meridian;
using namespace meridian::test;

namespace {

QString p2pTopo()
{
    return dataPath(QStringLiteral("solve/p2p-udp.topo"));
}

QByteArray readFile(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

nlohmann::json solveJson(const QString& out)
{
    return nlohmann::json::parse(readFile(out + "/solve.json").toStdString(), nullptr, false);
}

} // namespace

class SolveCommandTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void smallestBandwidthForATargetTimeIsTheClosedForm()
    {
        // 8 Gbit / B + 0.01 s ≤ 0.81 s  ⇔  B ≥ 10 Gbit/s.
        const double exact_gbps = 10.0;
        QTemporaryDir dir;
        const QString out = dir.filePath("out");
        const CliRun r =
            runCli({"solve", p2pTopo(), "--vary", "links.l.bandwidth_gbps", "--range", "1:1000",
                    "--log", "--target", "mean_s<=0.81", "--out", out, "--plot"});
        QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
        const nlohmann::json j = solveJson(out);
        QCOMPARE(j.value("outcome", ""), std::string("solved"));
        const double answer = j["answer"].get<double>();
        QVERIFY2(answer >= exact_gbps * (1 - 1e-6) && answer <= exact_gbps * 1.01,
                 qPrintable(QString::number(answer, 'g', 10)));
        const double lo = j["bracket"][0].get<double>(), hi = j["bracket"][1].get<double>();
        QVERIFY(lo < exact_gbps && hi == answer && (hi - lo) <= 0.01 * answer);
        // Every run is a row of solve.csv and a point of the sweep table, with its results.
        const std::size_t runs = j["runs"].get<std::size_t>();
        QCOMPARE(j["evaluations"].size(), runs);
        const QList<QByteArray> csv = readFile(out + "/solve.csv").trimmed().split('\n');
        QCOMPARE(static_cast<std::size_t>(csv.size()), runs + 1);
        QVERIFY(csv[0].startsWith("run,round,links.l.bandwidth_gbps,mean_s,meets"));
        const nlohmann::json sweep =
            nlohmann::json::parse(readFile(out + "/sweep.json").toStdString(), nullptr, false);
        QCOMPARE(sweep["points"].size(), runs);
        for (const auto& e : j["evaluations"]) {
            // The closed form at each evaluated bandwidth.
            const double b = e["value"].get<double>();
            QVERIFY(std::abs(e["mean_s"].get<double>() - (8.0 / b + 0.01)) < 2e-5);
            QCOMPARE(e["meets"].get<bool>(), e["mean_s"].get<double>() <= 0.81);
        }
        QVERIFY(r.out.contains("smallest value meeting mean_s<=0.81"));
#ifdef MERIDIAN_CLI_HAS_PLOTS
        QVERIFY(QFile::exists(out + "/solve-mean_s.png"));
#endif
        // The same file and seed: the same answer, byte for byte; a second call reuses the runs.
        const QString again = dir.filePath("again");
        const CliRun r2 =
            runCli({"solve", p2pTopo(), "--vary", "links.l.bandwidth_gbps", "--range", "1:1000",
                    "--log", "--target", "mean_s<=0.81", "--out", again, "--quiet"});
        QVERIFY2(r2.code == 0, qPrintable(r2.err));
        QCOMPARE(readFile(again + "/solve.json"), readFile(out + "/solve.json"));
        QCOMPARE(readFile(again + "/sweep.csv"), readFile(out + "/sweep.csv"));
    }

    void largestDelayThatStillMeetsTheTarget()
    {
        // 8 Gbit / 20 Gbit/s + δ ≤ 0.81 s  ⇔  δ ≤ 0.41 s = 410 ms; with two runs at once.
        const double exact_ms = 410.0;
        QTemporaryDir dir;
        const QString out = dir.filePath("out");
        const QString topo = dir.filePath("fast.topo");
        QByteArray text = readFile(p2pTopo());
        text.replace("\"bandwidth_gbps\": 10", "\"bandwidth_gbps\": 20");
        QFile f(topo);
        QVERIFY(f.open(QIODevice::WriteOnly) && f.write(text) == text.size());
        f.close();
        const CliRun r = runCli({"solve", topo, "--vary", "links.l.delay_ms", "--range", "0:2000",
                                 "--largest", "--target", "mean_s<=0.81", "-j", "2", "--tolerance",
                                 "0.005", "--out", out, "--quiet"});
        QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
        const nlohmann::json j = solveJson(out);
        const double answer = j["answer"].get<double>();
        QVERIFY2(answer <= exact_ms + 1e-3 && answer >= exact_ms * (1 - 0.005),
                 qPrintable(QString::number(answer, 'g', 10)));
        QCOMPARE(j.value("goal", ""), std::string("largest"));
    }

    void noAnswerIsAnErrorThatSaysWhy()
    {
        QTemporaryDir dir;
        // At 5 Gbit/s the transfer takes 1.61 s: 0.81 s is out of reach of [1, 5].
        CliRun r = runCli({"solve", p2pTopo(), "--vary", "links.l.bandwidth_gbps", "--range", "1:5",
                           "--target", "mean_s<=0.81", "--out", dir.filePath("a")});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("is not met anywhere in [1, 5]"), qPrintable(r.err));
        QCOMPARE(solveJson(dir.filePath("a")).value("outcome", ""), std::string("not_reached"));
        // Already met at 20 Gbit/s, the cheap end.
        r = runCli({"solve", p2pTopo(), "--vary", "links.l.bandwidth_gbps", "--range", "20:100",
                    "--target", "mean_s<=0.81", "--out", dir.filePath("b")});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("already met at the cheap end 20"), qPrintable(r.err));
    }

    void badArgumentsReadAsTheSweepsDo()
    {
        QTemporaryDir dir;
        // A path error is the sweep's own message.
        CliRun r = runCli({"solve", p2pTopo(), "--vary", "links.zz.bandwidth_gbps", "--range",
                           "1:5", "--target", "mean_s<=0.81", "--out", dir.filePath("a")});
        QCOMPARE(r.code, 2);
        const CliRun s = runCli({"sweep", p2pTopo(), "--vary", "links.zz.bandwidth_gbps=1,5",
                                 "--out", dir.filePath("s")});
        QCOMPARE(s.code, 2);
        QVERIFY2(r.err.contains("command line: --vary links.zz.bandwidth_gbps: no link id "
                                "starts 'zz.bandwidth_gbps'"),
                 qPrintable(r.err));
        QCOMPARE(r.err.trimmed(), s.err.trimmed());
        r = runCli({"solve", p2pTopo(), "--vary", "links.l.bandwidth_gbps", "--range", "0:5",
                    "--log", "--target", "mean_s<=0.81"});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("--range: a --log range needs LO above 0"), qPrintable(r.err));
        r = runCli({"solve", p2pTopo(), "--vary", "links.l.bandwidth_gbps", "--range", "1:5",
                    "--target", "speed>=3"});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("'speed' is not a figure of the table"), qPrintable(r.err));
        r = runCli({"solve", p2pTopo(), "--vary", "links.l.bandwidth_gbps", "--range", "1:5",
                    "--target", "mean_s<=0.81", "--monotone-slack", "2"});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("--monotone-slack: must be in [0, 1)"), qPrintable(r.err));
        // A value the file refuses, named as a sweep point would be.
        r = runCli({"solve", p2pTopo(), "--vary", "links.l.loss", "--range", "0:3", "--largest",
                    "--target", "mean_s<=0.81", "--out", dir.filePath("c")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("(point links.l.loss=3)"), qPrintable(r.err));
        QVERIFY(!QFile::exists(dir.filePath("c/solve.json")));
    }
};

MERIDIAN_TEST(SolveCommandTest)
#include "SolveCommandTest.moc"
