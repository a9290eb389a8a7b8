// The DiLoCo strategy against a published run (docs/validation.md, "Training strategies against
// published runs"): INTELLECT-1's three geographies (Jaghouar et al., INTELLECT-1 Technical
// Report, arXiv 2412.01152, Table 2), rebuilt from their stated set-up — the 10B model, nodes of
// 8 H100, H = 100 inner steps of 22.8 s (38 min per 100), an int8 ring all-reduce — with the
// bandwidths the report does not give per path assumed inside the range it reports.
// Each file runs in about a second; the test reads the figures the report compares:
//   * the all-reduce time: the outer sync (`strategy.communication_s`, one exchange);
//   * compute utilisation: "the proportion of time the training is not communicating with other
//     nodes" = 1 − Σ inter_center_s / Σ total_s over the 100 iterations.
// Tolerance 15 % (issue 31). The USA row's all-reduce time and every compute utilisation are
// within it; the two intercontinental all-reduce times are known off (Meridian fast: the report's
// times imply a bottleneck below the lowest bandwidth it reports, docs/validation.md) and are
// pinned to their band, so a change that moves them is noticed.
// OpenDiLoCo (arXiv 2407.07852; openDiLoCo below): its inner step and bandwidths are not
// published and are assumed before the run (mfu 0.4, the INTELLECT-1 WAN rule); compute
// utilisation is within 15 %, the share of the time in the all-reduce is pinned to its band.
#include "TestMain.hpp"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <cmath>

namespace {

struct Figures
{
    double allreduce_s = 0;
    double compute_utilisation = 0;
    double inner_step_s = 0;
    double wan_payload_bytes = 0;
    int exchanges = 0;
};

/// Runs FILE (source-relative) with meridian-cli and reads the figures the report compares.
Figures runFile(const QString& relative)
{
    Figures f;
    QTemporaryDir out;
    if (!out.isValid())
        return f;
    const meridian::test::CliRun r = meridian::test::runCli(
        {"run", meridian::test::sourcePath(relative), "--out", out.path(), "--quiet"});
    if (r.code != 0) {
        qWarning("%s", qPrintable(r.out + r.err));
        return f;
    }
    QFile file(out.filePath(QStringLiteral("results.json")));
    if (!file.open(QIODevice::ReadOnly))
        return f;
    const QJsonObject results = QJsonDocument::fromJson(file.readAll()).object();
    const QJsonObject strategy = results.value(QStringLiteral("strategy")).toObject();
    f.allreduce_s = strategy.value(QStringLiteral("communication_s")).toDouble();
    f.exchanges = strategy.value(QStringLiteral("exchanges")).toInt();
    f.wan_payload_bytes = strategy.value(QStringLiteral("wan_payload_bytes")).toDouble();
    double total_s = 0;
    double inter_s = 0;
    const QJsonArray iterations = results.value(QStringLiteral("iterations")).toArray();
    for (const QJsonValue& v : iterations) {
        const QJsonObject it = v.toObject();
        total_s += it.value(QStringLiteral("total_s")).toDouble();
        inter_s += it.value(QStringLiteral("inter_center_s")).toDouble();
    }
    if (total_s > 0)
        f.compute_utilisation = 1.0 - inter_s / total_s;
    if (!iterations.isEmpty())
        f.inner_step_s = iterations.first().toObject().value(QStringLiteral("total_s")).toDouble();
    return f;
}

double relativeError(double meridian, double published)
{
    return (meridian - published) / published;
}

} // namespace

class PublishedRunsValidationTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void intellect1_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<double>("published_allreduce_s");
        QTest::addColumn<double>("published_utilisation");
        // Band of the all-reduce time's relative error: [lo, hi].
        QTest::addColumn<double>("lo");
        QTest::addColumn<double>("hi");
        // INTELLECT-1 Technical Report, Table 2: median all-reduce time, compute utilisation.
        QTest::newRow("USA") << QStringLiteral("tests/validation/published/intellect-1-usa.topo")
                             << 103.0 << 0.957 << -0.15 << 0.15;
        // Known off: Meridian fast by about a quarter and a third (docs/validation.md).
        QTest::newRow("USA + Europe")
            << QStringLiteral("tests/validation/published/intellect-1-usa-europe.topo") << 382.0
            << 0.856 << -0.35 << -0.15;
        QTest::newRow("Global") << QStringLiteral("presets/intellect-1-global.topo") << 469.0
                                << 0.830 << -0.45 << -0.25;
    }

    void intellect1()
    {
        QFETCH(QString, file);
        QFETCH(double, published_allreduce_s);
        QFETCH(double, published_utilisation);
        QFETCH(double, lo);
        QFETCH(double, hi);
        const Figures f = runFile(file);
        QCOMPARE(f.exchanges, 1); // 100 iterations, H = 100: one outer synchronisation

        // The input taken from the report: 100 inner steps in 38 min (22.8 s each), within 1 %.
        QVERIFY2(
            std::abs(relativeError(f.inner_step_s, 22.8)) < 0.01,
            qPrintable(QStringLiteral("inner step %1 s, the report's 22.8 s").arg(f.inner_step_s)));

        const double e_ar = relativeError(f.allreduce_s, published_allreduce_s);
        QVERIFY2(e_ar >= lo && e_ar <= hi,
                 qPrintable(QStringLiteral("all-reduce %1 s against the report's %2 s: %3 %, "
                                           "outside [%4 %, %5 %]")
                                .arg(f.allreduce_s)
                                .arg(published_allreduce_s)
                                .arg(100 * e_ar, 0, 'f', 1)
                                .arg(100 * lo)
                                .arg(100 * hi)));

        const double e_cu = relativeError(f.compute_utilisation, published_utilisation);
        QVERIFY2(std::abs(e_cu) <= 0.15,
                 qPrintable(QStringLiteral("compute utilisation %1 against the report's %2: %3 %")
                                .arg(f.compute_utilisation)
                                .arg(published_utilisation)
                                .arg(100 * e_cu, 0, 'f', 1)));
    }

    void openDiLoCo()
    {
        // OpenDiLoCo (Jaghouar, Ong, Hagemann, arXiv 2407.07852): 4 workers of 8 H100 in
        // Canada, Finland and the USA, the 1.1B model, H = 500, fp16 all-reduce; the
        // all-reduce 6.9 % of the training time, so 93.1 % compute utilisation (the abstract:
        // 90–95 %). Inner step and WAN assumed, not fitted (docs/validation.md §4.4).
        const Figures f =
            runFile(QStringLiteral("tests/validation/published/opendiloco-intercontinental.topo"));
        QCOMPARE(f.exchanges, 1); // 500 iterations, H = 500: one outer synchronisation
        // fp16: 2 bytes for each of the 1,100,048,384 parameters.
        QCOMPARE(f.wan_payload_bytes, 2.0 * 1'100'048'384.0);

        // The inner step from the compute model at mfu 0.4 (Meridian's default, chosen before
        // the comparison): 6 · P · D / (8 · 989 TFLOPS · 0.4) with D = 2048 × 1024 tokens per
        // worker = 4.374 s; Meridian adds the attention's FLOPs and the optimiser step (+2.6 %).
        const double closed_form_s = 6.0 * 1'100'048'384.0 * 2048.0 * 1024.0 / (8.0 * 989e12 * 0.4);
        QVERIFY2(f.inner_step_s > closed_form_s && f.inner_step_s < 1.05 * closed_form_s,
                 qPrintable(QStringLiteral("inner step %1 s, closed form %2 s")
                                .arg(f.inner_step_s)
                                .arg(closed_form_s)));

        // Compute utilisation within 15 % of the paper's 93.1 %.
        const double e_cu = relativeError(f.compute_utilisation, 0.931);
        QVERIFY2(std::abs(e_cu) <= 0.15,
                 qPrintable(QStringLiteral("compute utilisation %1 against the paper's 0.931: %2 %")
                                .arg(f.compute_utilisation)
                                .arg(100 * e_cu, 0, 'f', 1)));

        // Known off: the share of the time in the all-reduce, 2.35 % against the paper's 6.9 %
        // (Meridian short by two thirds): with the assumed 0.5 Gbit/s between continents the
        // all-reduce takes about a minute; the paper's share implies about 166 s, a bottleneck
        // near 0.16 Gbit/s (docs/validation.md §4.4). Pinned to its band so a change is noticed.
        const double e_share = relativeError(1.0 - f.compute_utilisation, 0.069);
        QVERIFY2(e_share >= -0.75 && e_share <= -0.55,
                 qPrintable(QStringLiteral("all-reduce share %1 against the paper's 0.069: %2 %, "
                                           "outside [-75 %, -55 %]")
                                .arg(1.0 - f.compute_utilisation)
                                .arg(100 * e_share, 0, 'f', 1)));
    }
};

MERIDIAN_TEST(PublishedRunsValidationTest)
#include "PublishedRunsValidationTest.moc"
