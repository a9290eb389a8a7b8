// A sweep as a Slurm job array on a real one-node cluster (slurm-one-node.sh): the merged
// table equals the local run's, byte for byte, and merge refuses before the tasks ran.
#include "../sweep/SweepTestUtil.hpp"
#include "TestMain.hpp"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <cstdio>
#include <cstdlib>

using namespace meridian::test;

namespace {

struct Result
{
    int code = -1;
    QString out;
};

Result run(const QString& program, const QStringList& args, const QProcessEnvironment& env,
           int timeoutMs = 120000)
{
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(program, args);
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return {-1, QStringLiteral("timed out")};
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
            QString::fromUtf8(p.readAllStandardOutput() + p.readAllStandardError())};
}

} // namespace

class SweepSlurmTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        if (qEnvironmentVariable("MERIDIAN_TEST_SLURM") != QLatin1String("1")) {
            std::puts("SKIP: set MERIDIAN_TEST_SLURM=1 to run the Slurm test (docs/sweeps.md)");
            std::fflush(stdout);
            std::exit(77); // CTest's SKIP_RETURN_CODE
        }
        m_env = QProcessEnvironment::systemEnvironment();
        const Result start =
            run(QStringLiteral("bash"),
                {MERIDIAN_SLURM_SCRIPT, "start", m_cluster.filePath("slurm")}, m_env);
        QVERIFY2(start.code == 0, qPrintable(start.out));
        m_started = true;
        m_env.insert("SLURM_CONF", m_cluster.filePath("slurm/slurm.conf"));
    }

    void arrayThenMergeGivesTheLocalTable()
    {
        QTemporaryDir dir;
        const QStringList sweep = {"sweep",  tinyTopo(),
                                   "--vary", "links.c-hub.loss=0,1e-6,1e-5",
                                   "--vary", "experiment.inter_center.collective=ring,tree",
                                   "--out",  dir.filePath("out")};
        const QString job = dir.filePath("job");
        const Result write =
            run(cliPath(), sweep + QStringList{"--slurm-array", job, "--slurm-tasks", "3"}, m_env);
        QVERIFY2(write.code == 0, qPrintable(write.out));
        QVERIFY(write.out.contains("6 points in 3 array tasks of 1 CPU(s)"));
        QVERIFY(readAll(job + "/sweep.sbatch").contains("#SBATCH --array=0-2\n"));
        QVERIFY(!QFileInfo::exists(dir.filePath("out/points")));
        // Nothing ran yet: merge says so and writes no table.
        const Result early = run(cliPath(), {"sweep", "merge", job}, m_env);
        QCOMPARE(early.code, 1);
        QVERIFY2(early.out.contains("6 of 6 points are not finished"), qPrintable(early.out));

        const Result batch = run("sbatch", {"--wait", job + "/sweep.sbatch"}, m_env, 240000);
        QVERIFY2(batch.code == 0, qPrintable(batch.out + readAll(job + "/logs/task-0.out")));
        for (int t = 0; t < 3; ++t)
            QVERIFY(
                readAll(job + QStringLiteral("/logs/task-%1.out").arg(t))
                    .contains(QStringLiteral("share %1/3: 2 points (2 run now").arg(t).toUtf8()));
        const Result merge = run(cliPath(), {"sweep", "merge", job}, m_env);
        QVERIFY2(merge.code == 0, qPrintable(merge.out));

        const CliRun local = runCli(QStringList{
            "sweep", tinyTopo(), "--vary", "links.c-hub.loss=0,1e-6,1e-5", "--vary",
            "experiment.inter_center.collective=ring,tree", "--out", dir.filePath("local")});
        QVERIFY2(local.code == 0, qPrintable(local.err));
        QCOMPARE(readAll(dir.filePath("out/sweep.csv")), readAll(dir.filePath("local/sweep.csv")));
        QCOMPARE(readAll(dir.filePath("out/sweep.json")),
                 readAll(dir.filePath("local/sweep.json")));
    }

    void cleanupTestCase()
    {
        if (m_started)
            run(QStringLiteral("bash"),
                {MERIDIAN_SLURM_SCRIPT, "stop", m_cluster.filePath("slurm")}, m_env);
    }

private:
    QTemporaryDir m_cluster;
    QProcessEnvironment m_env;
    bool m_started = false;
};

MERIDIAN_TEST(SweepSlurmTest)
#include "SweepSlurmTest.moc"
