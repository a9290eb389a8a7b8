// Run ▸ Sweep… (docs/sweeps.md, "In the designer"): the dialog offers the selection's paths,
// refuses a bad axis inline with the command line's message, runs a 2 × 2 sweep of a tiny file
// in the background into the table meridian-cli writes for the same axes, cancels and resumes,
// and opens a point (a row, a point of the plot) as a run of the session.
#include "ui/sweep/SweepDialog.hpp"

#include "UiTestSupport.hpp"
#include "meridian/experiment/Results.hpp"
#include "ui/TopologyScene.hpp"
#include "ui/charts/QCustomPlot.hpp"
#include "ui/run/RunHistory.hpp"
#include "ui/sweep/SweepAxesEditor.hpp"
#include "ui/sweep/SweepJob.hpp"
#include "ui/sweep/SweepPointRun.hpp"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableWidget>
#include <utility>

using namespace meridian;
using namespace meridian::ui;

namespace {

QByteArray sweepTestRead(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll()
                                       : QByteArray("<missing " + path.toUtf8() + ">");
}

/// sweep.csv's rows as cells (RFC 4180: a point's name holds commas, so it is quoted).
QList<QStringList> sweepTestCsv(const QString& path)
{
    QList<QStringList> rows;
    for (const QString& line :
         QString::fromUtf8(sweepTestRead(path)).split('\n', Qt::SkipEmptyParts)) {
        QStringList cells;
        QString cell;
        bool quoted = false;
        for (int i = 0; i < line.size(); ++i) {
            const QChar c = line[i];
            if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"')
                cell += line[++i];
            else if (c == '"')
                quoted = !quoted;
            else if (c == ',' && !quoted)
                cells << std::exchange(cell, QString());
            else
                cell += c;
        }
        rows << (cells << cell);
    }
    return rows;
}

} // namespace

class SweepDialogTest : public QObject
{
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> m_recovery;
    QTemporaryDir m_tmp;
    QStringList m_errors;
    std::unique_ptr<MainWindow> m_window;
    QString m_topo;

    SweepDialog* dialogWithAxes(const QString& out, const QStringList& vary)
    {
        SweepDialog* d = m_window->runs()->showSweepDialog();
        d->axes()->clearAxes();
        for (const QString& v : vary) {
            SweepAxisRow* row = d->axes()->addAxis();
            row->setPath(v.section(QLatin1Char('='), 0, 0));
            row->setList(v.section(QLatin1Char('='), 1));
        }
        d->outEdit()->setText(out);
        d->jobsBox()->setValue(2);
        return d;
    }

private Q_SLOTS:
    void initTestCase()
    {
        test::setUpGuiTestApp();
        m_recovery = test::freshRecoveryDir();
        QVERIFY(m_tmp.isValid());
        m_topo = m_tmp.filePath(QStringLiteral("tiny.topo"));
        QVERIFY(QFile::copy(test::dataPath(QStringLiteral("sweep/tiny.topo")), m_topo));
        QFile::setPermissions(m_topo, QFile::ReadOwner | QFile::WriteOwner);
        m_window = test::makeShownWindow(
            [this](const QString& t, const QString& x) { m_errors << t + QLatin1Char('\n') + x; });
        QVERIFY(m_window->openFile(m_topo));
    }

    void offersTheSelectionsPathsAndRefusesBadAxesInline()
    {
        m_window->scene()->selectIds({"c"}, {"c-hub"});
        SweepDialog* d = m_window->runs()->showSweepDialog();
        d->axes()->clearAxes();
        SweepAxisRow* row = d->axes()->addAxis();
        QStringList offered;
        for (int i = 0; i < row->pathBox()->count(); ++i)
            offered << row->pathBox()->itemText(i);
        QVERIFY(offered.contains(QStringLiteral("links.c-hub.loss")));
        QVERIFY(offered.contains(QStringLiteral("links.c-hub.bandwidth_gbps")));
        QVERIFY(offered.contains(QStringLiteral("nodes.c.attrs.gpu_count")));
        QVERIFY(offered.contains(QStringLiteral("experiment.inter_center.collective")));
        QVERIFY(!offered.contains(QStringLiteral("links.a-hub.loss"))); // not selected

        // The command line's own messages, under the row.
        row->setPath(QStringLiteral("links.nope.loss"));
        row->setList(QStringLiteral("0,1e-5"));
        QVERIFY2(row->problem().contains(QStringLiteral("no link id starts 'nope.loss'")),
                 qPrintable(row->problem()));
        QVERIFY(!d->findChild<QPushButton*>(QStringLiteral("sweepRun"))->isEnabled());
        row->setPath(QStringLiteral("links.c-hub.loss"));
        row->setRange(SweepAxisRow::Mode::Log, 0.0, 1e-3, 3);
        QVERIFY2(
            row->problem().contains(QStringLiteral("a log range needs start and stop above 0")),
            qPrintable(row->problem()));
        row->setRange(SweepAxisRow::Mode::Log, 1e-6, 1e-4, 3);
        QCOMPARE(row->problem(), QString());
        QCOMPARE(row->valuesText(), QStringLiteral("log:1e-06:0.0001:3"));
        QCOMPARE(d->findChild<QLabel*>(QStringLiteral("sweepPointCount"))->text(),
                 QStringLiteral("3 points"));
        QVERIFY(d->findChild<QPushButton*>(QStringLiteral("sweepRun"))->isEnabled());
        // Two axes of different lengths cannot be zipped.
        SweepAxisRow* second = d->axes()->addAxis();
        second->setPath(QStringLiteral("experiment.inter_center.collective"));
        second->setList(QStringLiteral("ring,tree"));
        d->zipBox()->setChecked(true);
        QVERIFY(d->findChild<QLabel*>(QStringLiteral("sweepAxesProblem"))
                    ->text()
                    .contains(QStringLiteral("zipped axes need equal lengths")));
        d->zipBox()->setChecked(false);
        QCOMPARE(d->findChild<QLabel*>(QStringLiteral("sweepPointCount"))->text(),
                 QStringLiteral("6 points"));
    }

    void aTwoByTwoSweepGivesTheCommandLinesTable()
    {
        const QStringList vary = {QStringLiteral("links.c-hub.loss=0,1e-4"),
                                  QStringLiteral("experiment.inter_center.collective=ring,tree")};
        const QString guiOut = m_tmp.filePath(QStringLiteral("gui"));
        SweepDialog* d = dialogWithAxes(guiOut, vary);
        QSignalSpy finished(d->job(), &SweepJob::finished);
        QVERIFY(d->startSweep());
        QVERIFY(d->job()->waitForEnd(120000));
        QCOMPARE(finished.count(), 1);
        QCOMPARE(d->progressBar()->value(), 4);
        QCOMPARE(d->progressBar()->maximum(), 4);

        QStringList args = {QStringLiteral("sweep"), m_topo};
        for (const QString& v : vary)
            args << QStringLiteral("--vary") << v;
        args << QStringLiteral("--quiet") << QStringLiteral("--format")
             << QStringLiteral("csv,html") << QStringLiteral("--out")
             << m_tmp.filePath(QStringLiteral("cli"));
        const auto cli = test::runCli(args);
        QVERIFY2(cli.code == 0, qPrintable(cli.err));
        // The same files, byte for byte, and the dialog's table shows that table.
        QCOMPARE(sweepTestRead(guiOut + "/sweep.csv"),
                 sweepTestRead(m_tmp.filePath(QStringLiteral("cli/sweep.csv"))));
        QCOMPARE(sweepTestRead(guiOut + "/sweep.json"),
                 sweepTestRead(m_tmp.filePath(QStringLiteral("cli/sweep.json"))));
        const QList<QStringList> csv = sweepTestCsv(guiOut + "/sweep.csv");
        QCOMPARE(csv.size(), 5);
        QTableWidget* table = d->table();
        QCOMPARE(table->rowCount(), 4);
        QCOMPARE(table->columnCount(), static_cast<int>(csv[0].size()));
        for (int c = 0; c < table->columnCount(); ++c)
            QCOMPARE(table->horizontalHeaderItem(c)->text(), csv[0][c]);
        for (int r = 0; r < 4; ++r)
            for (int c = 0; c < table->columnCount(); ++c)
                QCOMPARE(table->item(r, c)->text(), csv[r + 1][c]);
        // Two axes: a heatmap, one cell per point.
        QVERIFY(d->plot());
        QCOMPARE(d->plot()->plottableCount(), 1);
        QVERIFY(qobject_cast<QCPColorMap*>(d->plot()->plottable(0)));
        QVERIFY(d->plotMap().cells);
        QCOMPARE(d->plotMap().marks.size(), std::size_t{4});
        // The report: the CLI's (--format html) and the dialog's, with the axes, table, plots.
        const QString cliReport =
            QString::fromUtf8(sweepTestRead(m_tmp.filePath(QStringLiteral("cli/report.html"))));
        QVERIFY(d->exportReport(m_tmp.filePath(QStringLiteral("gui/report.html"))));
        QVERIFY(d->exportReport(m_tmp.filePath(QStringLiteral("gui/report.pdf"))));
        QVERIFY(sweepTestRead(m_tmp.filePath(QStringLiteral("gui/report.pdf"))).startsWith("%PDF"));
        const QString guiReport =
            QString::fromUtf8(sweepTestRead(m_tmp.filePath(QStringLiteral("gui/report.html"))));
        for (const QString& html : {cliReport, guiReport}) {
            QVERIFY(html.contains(QStringLiteral("<h1>Sweep of tiny.topo</h1>")));
            QVERIFY(html.contains(QStringLiteral("<td>links.c-hub.loss</td><td>0, 0.0001</td>")));
            QCOMPARE(html.count(QStringLiteral("data:image/png;base64,")), 2);
            QCOMPARE(html.count(QStringLiteral(
                         "<tr><td class=\"num\">0.0001</td><td>tree</td><td>ok</td>")),
                     1);
        }
        if (const QByteArray dir = qgetenv("MERIDIAN_SCREENSHOT_DIR"); !dir.isEmpty())
            d->grab().save(QString::fromLocal8Bit(dir) + QStringLiteral("/sweep-dialog.png"));
    }

    void opensARowAndAPlotPointAsRuns()
    {
        SweepDialog* d = m_window->runs()->sweepDialog();
        QVERIFY(d && d->job()->hasOutcome());
        const std::size_t before = m_window->runs()->history().runs().size();
        QSignalSpy opened(d, &SweepDialog::runOpened);
        // A row: point 3 (loss 1e-4, tree).
        QVERIFY(d->openRow(3));
        QVERIFY(opened.wait(60000));
        QCOMPARE(m_window->runs()->history().runs().size(), before + 1);
        const auto& o = d->job()->outcome();
        const RunRecord& run = m_window->runs()->history().runs().back();
        QCOMPARE(QByteArray::fromStdString(experiment::resultsToJson(run.results)),
                 sweepTestRead(m_tmp.filePath(QStringLiteral("gui/points/")) +
                               QString::fromStdString(o.points[3].name) +
                               QStringLiteral("/results/results.json")));
        QVERIFY2(!opened.first().first().toString().contains(QStringLiteral("differ")),
                 qPrintable(opened.first().first().toString()));
        QCOMPARE(run.project.topology.linkCount(), std::size_t{3});

        // A point of the plot: the heatmap's cell of point 1 (loss 0, tree).
        const SweepPlotMap::Mark* mark = nullptr;
        for (const auto& m : d->plotMap().marks)
            if (m.row == 1)
                mark = &m;
        QVERIFY(mark);
        const QPoint pixel(static_cast<int>(mark->x->coordToPixel(mark->xCoord)),
                           static_cast<int>(mark->y->coordToPixel(mark->yCoord)));
        QTest::mouseClick(d->plot(), Qt::LeftButton, {}, pixel);
        QVERIFY(opened.wait(60000));
        QCOMPARE(m_window->runs()->history().runs().size(), before + 2);
        QCOMPARE(d->table()->currentRow(), 1);
        QCOMPARE(m_window->runs()->history().runs().back().results.seed, o.points[1].seed);
        QVERIFY2(m_errors.isEmpty(), qPrintable(m_errors.join('\n')));
    }

    void cancelKeepsFinishedPointsAndRunAgainFinishesTheRest()
    {
        const QString out = m_tmp.filePath(QStringLiteral("cancel"));
        SweepDialog* d =
            dialogWithAxes(out, {QStringLiteral("links.a-hub.bandwidth_gbps=1:20:40")});
        d->jobsBox()->setValue(1);
        QSignalSpy cancelled(d->job(), &SweepJob::cancelled);
        QSignalSpy progress(d->job(), &SweepJob::progress);
        QVERIFY(d->startSweep());
        // Cancel once the first point is done.
        QTRY_VERIFY_WITH_TIMEOUT(
            !progress.isEmpty() &&
                progress.last().first().value<sweep::ExecutorProgress>().done >= 1,
            60000);
        d->cancelSweep();
        QVERIFY(d->job()->waitForEnd(60000));
        QCOMPARE(cancelled.count(), 1);
        QVERIFY(!QFileInfo::exists(out + "/sweep.csv"));
        const int kept = static_cast<int>(
            QDir(out + "/points").entryList(QDir::Dirs | QDir::NoDotAndDotDot).size());
        QVERIFY2(kept >= 1 && kept < 40, qPrintable(QString::number(kept)));
        QVERIFY(!QFileInfo::exists(out + "/.partial"));

        QVERIFY(d->startSweep());
        QVERIFY(d->job()->waitForEnd(120000));
        QVERIFY(d->job()->hasOutcome());
        QCOMPARE(d->job()->outcome().report.skipped, static_cast<std::size_t>(kept));
        QCOMPARE(d->job()->outcome().report.ran, static_cast<std::size_t>(40 - kept));
        QCOMPARE(d->table()->rowCount(), 40);
        // One axis: lines.
        QVERIFY(!d->plotMap().cells);
        QCOMPARE(d->plotMap().marks.size(), std::size_t{40});
    }

    void cleanupTestCase() { m_window.reset(); }
};

MERIDIAN_TEST(SweepDialogTest)
#include "SweepDialogTest.moc"
