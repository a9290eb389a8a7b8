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
};

MERIDIAN_TEST(PublishedRunsValidationTest)
#include "PublishedRunsValidationTest.moc"
