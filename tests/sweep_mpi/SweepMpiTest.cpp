// mpirun -np 2 meridian-cli sweep … writes the table of the local run, byte for byte.
#include "../sweep/SweepTestUtil.hpp"
#include "TestMain.hpp"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <cstdio>
#include <cstdlib>

using namespace meridian::test;

class SweepMpiTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        if (qEnvironmentVariable("MERIDIAN_TEST_MPI") != QLatin1String("1")) {
            std::puts("SKIP: set MERIDIAN_TEST_MPI=1 to run the MPI test (docs/sweeps.md)");
            std::fflush(stdout);
            std::exit(77); // CTest's SKIP_RETURN_CODE
        }
    }

    void mpiTableEqualsTheLocalTable()
    {
        QTemporaryDir dir;
        const QStringList sweep = {"sweep",  tinyTopo(),
                                   "--vary", "links.c-hub.loss=0,1e-6,1e-5",
                                   "--vary", "experiment.inter_center.collective=ring,tree",
                                   "--vary", "links.b-hub.delay_ms=1:9:3",
                                   "--plot"};
        const CliRun local = runCli(sweep + QStringList{"--out", dir.filePath("local")});
        QVERIFY2(local.code == 0, qPrintable(local.err));

        QProcess mpi;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        // Containers run tests as root, which OpenMPI refuses without both of these.
        env.insert("OMPI_ALLOW_RUN_AS_ROOT", "1");
        env.insert("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");
        mpi.setProcessEnvironment(env);
        mpi.start(MERIDIAN_MPIEXEC, QStringList{"-np", "2", "--oversubscribe", cliPath()} + sweep +
                                        QStringList{"--out", dir.filePath("mpi")});
        QVERIFY(mpi.waitForFinished(240000));
        const QString err = QString::fromUtf8(mpi.readAllStandardError());
        const QString out = QString::fromUtf8(mpi.readAllStandardOutput());
        QVERIFY2(mpi.exitCode() == 0, qPrintable(out + err));
        // Rank 0 alone writes the table and says how the points were spread.
        QVERIFY2(out.contains("18 points (18 ok, 0 failed; over 2 ranks)"), qPrintable(out));
        QCOMPARE(out.count(QStringLiteral("table in")), 1);
        QCOMPARE(readAll(dir.filePath("mpi/sweep.csv")), readAll(dir.filePath("local/sweep.csv")));
        QCOMPARE(readAll(dir.filePath("mpi/sweep.json")),
                 readAll(dir.filePath("local/sweep.json")));
        QVERIFY(QFileInfo(dir.filePath("mpi/plot-gpu_effective_compute_ratio.png")).size() > 0 ||
                !QFileInfo::exists(dir.filePath("local/plot-gpu_effective_compute_ratio.png")));
        // Both ranks wrote points: each point's results are those of the local run.
        const CsvTable t = readCsv(dir.filePath("mpi/sweep.csv"));
        QCOMPARE(t.rows.size(), std::size_t{18});
        for (std::size_t i = 0; i < t.rows.size(); ++i) {
            const QString results = "/" + t.cell(i, "results") + "/results.json";
            QCOMPARE(readAll(dir.filePath("mpi") + results),
                     readAll(dir.filePath("local") + results));
        }
    }
};

MERIDIAN_TEST(SweepMpiTest)
#include "SweepMpiTest.moc"
