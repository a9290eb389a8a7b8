// Issue 32's acceptance test: a 3 × 3 × 3 sweep of the default preset gives a table equal,
// value for value, to 27 separate `meridian-cli run`s of its points.
#include "../sweep/SweepTestUtil.hpp"
#include "TestMain.hpp"

#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>

using namespace meridian::test;

class SweepPresetTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        if (qEnvironmentVariable("MERIDIAN_TEST_SLOW") != QLatin1String("1")) {
            std::puts("SKIP: set MERIDIAN_TEST_SLOW=1 to run the slow sweep test");
            std::fflush(stdout);
            std::exit(77); // CTest's SKIP_RETURN_CODE
        }
    }

    void defaultPreset3x3x3EqualsSeparateRuns()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath("out");
        const CliRun r =
            runCli({"sweep", sourcePath("presets/llama3-8b-star-wan.topo"), "--vary",
                    "links.cd-hub.loss=0,1e-6,1e-5", "--vary",
                    "experiment.inter_center.collective=ring,tree,hierarchical", "--vary",
                    "links.cd-hub.bandwidth_gbps=5,10,20", "--iterations", "1", "--out", out},
                   {}, 800000);
        QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
        const CsvTable t = readCsv(out + "/sweep.csv");
        QCOMPARE(t.rows.size(), std::size_t{27});
        for (std::size_t i = 0; i < t.rows.size(); ++i) {
            const QString point = out + "/points/" + t.cell(i, "point");
            const QString separate = dir.filePath("separate-%1").arg(i);
            const CliRun s = runCli({"run", point + "/point.topo", "--out", separate, "--quiet"});
            QVERIFY2(s.code == 0, qPrintable(s.err));
            QCOMPARE(readAll(point + "/results/results.json"), readAll(separate + "/results.json"));
            const nlohmann::json res =
                nlohmann::json::parse(readAll(separate + "/results.json").toStdString());
            const auto& it = res["iterations"][0];
            QCOMPARE(t.number(i, "iteration_s"), it["total_s"].get<double>());
            QCOMPARE(t.number(i, "inter_center_s"), it["inter_center_s"].get<double>());
            QCOMPARE(t.number(i, "gpu_effective_compute_ratio"),
                     it["gpu_effective_compute_ratio"].get<double>());
            QCOMPARE(t.number(i, "total_s"), res["total_s"].get<double>());
            for (const auto& link : res["links"])
                QCOMPARE(t.number(i, "bytes." + QString::fromStdString(link["id"])),
                         link["bytes"].get<double>());
        }
    }
};

MERIDIAN_TEST(SweepPresetTest)
#include "SweepPresetTest.moc"
