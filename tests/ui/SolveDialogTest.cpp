// Run ▸ Solve… (docs/strategies.md, "The solver"): the dialog refuses a bad path with the
// command line's message, then solves a tiny closed form in the background — 1 GB over one UDP
// link, t = 8 Gbit / B + 10 ms, so t ≤ 0.81 s needs B ≥ 10 Gbit/s — into the files
// `meridian-cli solve` writes for the same request, and shows the answer and the curve.
#include "ui/sweep/SolveDialog.hpp"

#include "UiTestSupport.hpp"
#include "ui/charts/QCustomPlot.hpp"
#include "ui/sweep/SolveJob.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <nlohmann/json.hpp>

using namespace meridian;
using namespace meridian::ui;

namespace {

QByteArray solveTestRead(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll()
                                       : QByteArray("<missing " + path.toUtf8() + ">");
}

} // namespace

class SolveDialogTest : public QObject
{
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> m_recovery;
    QTemporaryDir m_tmp;
    std::unique_ptr<MainWindow> m_window;
    QString m_topo;

    SolveDialog* dialogFor(const QString& path, const QString& out)
    {
        SolveDialog* d = m_window->runs()->showSolveDialog();
        d->pathBox()->setCurrentText(path);
        d->loEdit()->setText(QStringLiteral("1"));
        d->hiEdit()->setText(QStringLiteral("1000"));
        d->logBox()->setChecked(true);
        d->metricBox()->setCurrentText(QStringLiteral("mean_s"));
        d->opBox()->setCurrentIndex(1); // ≤
        d->targetEdit()->setText(QStringLiteral("0.81"));
        d->toleranceBox()->setValue(1.0);
        d->outEdit()->setText(out);
        return d;
    }

private Q_SLOTS:
    void initTestCase()
    {
        test::setUpGuiTestApp();
        m_recovery = test::freshRecoveryDir();
        QVERIFY(m_tmp.isValid());
        m_topo = m_tmp.filePath(QStringLiteral("p2p-udp.topo"));
        QVERIFY(QFile::copy(test::dataPath(QStringLiteral("solve/p2p-udp.topo")), m_topo));
        QFile::setPermissions(m_topo, QFile::ReadOwner | QFile::WriteOwner);
        m_window = test::makeShownWindow([](const QString&, const QString&) {});
        QVERIFY(m_window->openFile(m_topo));
    }

    void refusesABadPathWithTheCommandLinesMessage()
    {
        SolveDialog* d = dialogFor(QStringLiteral("links.nope.bandwidth_gbps"),
                                   m_tmp.filePath(QStringLiteral("bad")));
        QVERIFY(!d->startSolve());
        QVERIFY2(d->statusLabel()->text().contains(
                     QStringLiteral("--vary links.nope.bandwidth_gbps: no link id starts")),
                 qPrintable(d->statusLabel()->text()));
        QVERIFY(!d->job()->isRunning());
    }

    void solvesTheClosedFormAsTheCommandLineDoes()
    {
        const QString guiOut = m_tmp.filePath(QStringLiteral("gui"));
        SolveDialog* d = dialogFor(QStringLiteral("links.l.bandwidth_gbps"), guiOut);
        QSignalSpy finished(d->job(), &SolveJob::finished);
        QSignalSpy progress(d->job(), &SolveJob::progress);
        QVERIFY(d->startSolve());
        QVERIFY(d->job()->waitForEnd(120000));
        QCOMPARE(finished.count(), 1);
        QVERIFY(progress.count() >= 2); // the ends, then every round
        const auto& o = d->job()->outcome();
        QVERIFY2(o.result.solved(), o.result.message.c_str());
        QVERIFY(o.result.answer >= 10.0 && o.result.answer <= 10.1);
        QVERIFY2(d->answerLabel()->text().contains(QStringLiteral("smallest value meeting")),
                 qPrintable(d->answerLabel()->text()));
        // The curve, its points and the two marks (target, answer) with their labels.
        QCustomPlot* plot = d->findChild<QCustomPlot*>(QStringLiteral("solvePlot"));
        QVERIFY(plot);
        QCOMPARE(plot->graphCount(), 1);
        QCOMPARE(static_cast<std::size_t>(plot->graph(0)->dataCount()),
                 o.result.evaluations.size());
        QCOMPARE(plot->itemCount(), 4);
        // The command line, same request: the same files.
        const auto cli = test::runCli({QStringLiteral("solve"), m_topo, QStringLiteral("--vary"),
                                       QStringLiteral("links.l.bandwidth_gbps"),
                                       QStringLiteral("--range"), QStringLiteral("1:1000"),
                                       QStringLiteral("--log"), QStringLiteral("--target"),
                                       QStringLiteral("mean_s<=0.81"), QStringLiteral("--quiet"),
                                       QStringLiteral("--out"), m_tmp.filePath("cli")});
        QVERIFY2(cli.code == 0, qPrintable(cli.err));
        for (const char* name : {"solve.json", "solve.csv", "sweep.csv"})
            QCOMPARE(solveTestRead(guiOut + "/" + name),
                     solveTestRead(m_tmp.filePath(QStringLiteral("cli/")) + name));
        if (const QByteArray dir = qgetenv("MERIDIAN_SCREENSHOT_DIR"); !dir.isEmpty())
            d->grab().save(QString::fromLocal8Bit(dir) + QStringLiteral("/solve-dialog.png"));
    }

    void cleanupTestCase() { m_window.reset(); }
};

MERIDIAN_TEST(SolveDialogTest)
#include "SolveDialogTest.moc"
