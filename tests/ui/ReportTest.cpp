// Run reports (ui/report/Report): one self-contained HTML file and a multi-page PDF, written
// atomically; a failed write throws InputError and leaves nothing behind.
#include "ui/report/Report.hpp"

#include "TestMain.hpp"
#include "UiTestSupport.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/experiment/Runner.hpp"
#include "meridian/io/ProjectFile.hpp"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <algorithm>
#include <cmath>
#include <sys/stat.h>
#include <unistd.h>

using namespace meridian;

namespace {

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class ReportTest : public QObject
{
    Q_OBJECT

    io::Project m_project;
    experiment::Results m_results;

private Q_SLOTS:
    void initTestCase()
    {
        test::setUpGuiTestApp();
        m_project = test::readPreset("llama3-8b-star-wan.topo");
        m_results = test::runPreset(m_project, "llama3-8b-star-wan.topo", 2);
    }

    void htmlIsOneSelfContainedFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("report.html");
        ui::report::writeHtmlReport(m_project, m_results, "llama3-8b-star-wan.topo", path);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
                 QStringList{"report.html"});
        const QString html = QString::fromUtf8(readAll(path));
        QVERIFY(html.startsWith("<!DOCTYPE html>"));
        // Pictures: topology, timeline, iterations, links, phase totals, centre breakdown.
        QCOMPARE(html.count("src=\"data:image/png;base64,"), 6);
        // No external reference of any kind.
        static const QRegularExpression external("(src|href)\\s*=\\s*\"(?!data:)[^\"]*\"",
                                                 QRegularExpression::CaseInsensitiveOption);
        QVERIFY2(!external.match(html).hasMatch(), qPrintable(external.match(html).captured()));
        QVERIFY(!html.contains("http://") && !html.contains("https://") && !html.contains("file:"));
        for (const char* phase : {"broadcast", "compute", "intra-centre", "inter-centre", "update"})
            QVERIFY2(html.contains(phase), phase);
        for (const char* link : {"bj-hub", "sh-hub", "gz-hub", "cd-hub"})
            QVERIFY2(html.contains(link), link);
        QVERIFY(html.contains(QString::number(m_results.engine.events)));
        // Settings of the experiment: protocol and collective of every phase.
        // The preset's weight broadcast is NCCL's ring broadcast.
        QCOMPARE(m_project.experiment["broadcast"]["algorithm"].get<std::string>(), "ring");
        QVERIFY(html.contains("ring"));
        QVERIFY(html.contains("tcp"));
        // The data URIs decode to PNG images.
        static const QRegularExpression uri("data:image/png;base64,([A-Za-z0-9+/=]+)");
        auto it = uri.globalMatch(html);
        int images = 0;
        while (it.hasNext()) {
            const QByteArray png = QByteArray::fromBase64(it.next().captured(1).toLatin1());
            QVERIFY(png.startsWith("\x89PNG"));
            QVERIFY(!QImage::fromData(png, "PNG").isNull());
            ++images;
        }
        QCOMPARE(images, 6);
    }

    void userTextIsEscaped()
    {
        io::Project p = m_project;
        p.name = "<script>alert(1)</script> & co";
        const QString html = ui::report::htmlReport(p, m_results, "x<y>.topo");
        QVERIFY(!html.contains("<script>"));
        QVERIFY(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; co"));
        QVERIFY(html.contains("x&lt;y&gt;.topo"));
    }

    void pdfHasSeveralA4Pages()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("report.pdf");
        ui::report::writePdfReport(m_project, m_results, "llama3-8b-star-wan.topo", path);
        const QByteArray pdf = readAll(path);
        QVERIFY(pdf.startsWith("%PDF"));
        // Page objects ("/Type /Page", not "/Type /Pages").
        static const QRegularExpression page("/Type\\s*/Page(?!s)");
        const int pages = int(QString::fromLatin1(pdf).count(page));
        QVERIFY2(pages >= 2, qPrintable(QString::number(pages)));
        // A4 media box in points (595 × 842).
        QVERIFY(pdf.contains("/MediaBox [0 0 595") || pdf.contains("/MediaBox[0 0 595"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{"report.pdf"});
    }

    void microBenchmarkReport()
    {
        const auto p =
            io::readProject(test::sourcePath("presets/p2p-wan-iperf.topo").toStdString());
        experiment::RunOptions opt;
        opt.topology_name = "p2p-wan-iperf.topo";
        const auto r = experiment::Runner(p, opt).run();
        QTemporaryDir dir;
        ui::report::writeHtmlReport(p, r, "p2p-wan-iperf.topo", dir.filePath("r.html"));
        ui::report::writePdfReport(p, r, "p2p-wan-iperf.topo", dir.filePath("r.pdf"));
        const QString html = QString::fromUtf8(readAll(dir.filePath("r.html")));
        QVERIFY(html.contains("Repetitions"));
        QVERIFY(readAll(dir.filePath("r.pdf")).startsWith("%PDF"));
    }

    void tensorParallelSummaryRow()
    {
        auto p = test::readPreset("gpt3-175b-pipeline-two-centres.topo");
        p.experiment["parallelism"]["tensor"] = 4;
        const auto r = test::runPreset(p, "gpt3-175b-pipeline-two-centres.topo", 1);
        QVERIFY(r.tensor_parallel.enabled);
        double slowest_s = 0.0;
        for (const auto& c : r.tensor_parallel.centers)
            slowest_s = std::max(slowest_s, c.communication_s);
        QVERIFY(slowest_s > 0.0);
        const QString html = ui::report::htmlReport(p, r, "gpt3.topo");
        QVERIFY(html.contains("tensor parallel"));
        static const QRegularExpression row(
            "4 GPUs per group; NVLink all-reduces ([0-9.]+)[\\s\\x{00A0}]s per iteration");
        const auto m = row.match(html);
        QVERIFY2(m.hasMatch(), qPrintable(html.left(4000)));
        QVERIFY(std::abs(m.captured(1).toDouble() - slowest_s) <= 1e-3 * slowest_s);
        // The run's GPU effective compute, time-weighted, as the sweep reports it.
        QVERIFY(html.contains(QStringLiteral("GPU effective compute")));
        QVERIFY(
            !ui::report::htmlReport(m_project, m_results, "x.topo").contains("tensor parallel"));
    }

    void controlPlaneSection()
    {
        const auto p = test::readPreset("failover-wan.topo");
        const auto r = test::runPreset(p, "failover-wan.topo");
        QVERIFY(r.control_plane.enabled);
        const QString html = ui::report::htmlReport(p, r, "failover-wan.topo");
        QVERIFY(html.contains("<h3>Control plane</h3>"));
        // Every trigger firing and every adoption is a row; the summary names the counts.
        for (const auto& t : r.control_plane.triggers)
            QVERIFY2(
                html.contains(
                    QStringLiteral("<td align=\"left\">%1</td>").arg(QString::fromStdString(t.id))),
                t.id.c_str());
        QCOMPARE(html.count(QStringLiteral("<td align=\"left\">ring-to-tree</td>")),
                 1 + static_cast<int>(std::count_if(
                         r.control_plane.adoptions.begin(), r.control_plane.adoptions.end(),
                         [](const auto& a) { return a.trigger == "ring-to-tree"; })));
        QVERIFY(html.contains(
            QStringLiteral("%1 messages, 3 triggers fired").arg(r.control_plane.messages_sent)));
        QVERIFY(html.contains("trigger firings (dashed)"));
        // Without a control plane there is no such section.
        QVERIFY(!ui::report::htmlReport(m_project, m_results, "x.topo").contains("Control plane"));
        QVERIFY(ui::report::controlPlaneHtml(m_results.control_plane).isEmpty());
    }

    void failedWriteThrowsAndLeavesNothing()
    {
        if (::geteuid() == 0)
            QSKIP("root ignores directory permissions");
        QTemporaryDir dir;
        const QString ro = dir.filePath("ro");
        QVERIFY(QDir().mkdir(ro));
        QVERIFY(::chmod(QFile::encodeName(ro).constData(), 0555) == 0);
        for (bool pdf : {false, true}) {
            const QString path = ro + (pdf ? "/r.pdf" : "/r.html");
            try {
                if (pdf)
                    ui::report::writePdfReport(m_project, m_results, "x.topo", path);
                else
                    ui::report::writeHtmlReport(m_project, m_results, "x.topo", path);
                QFAIL("no InputError");
            } catch (const InputError& e) {
                QCOMPARE(QString::fromStdString(e.file()), path);
            }
            QVERIFY(QDir(ro).entryList(QDir::Files | QDir::Hidden).isEmpty());
        }
        ::chmod(QFile::encodeName(ro).constData(), 0755);
    }

    void missingFolderThrowsInputError()
    {
        // Also for root: a folder that does not exist.
        const QString path = "/nonexistent-meridian-dir/report.html";
        QVERIFY_THROWS_EXCEPTION(InputError,
                                 ui::report::writeHtmlReport(m_project, m_results, "x.topo", path));
        QVERIFY_THROWS_EXCEPTION(InputError,
                                 ui::report::writePdfReport(m_project, m_results, "x.topo",
                                                            "/nonexistent-meridian-dir/r.pdf"));
        QVERIFY(!QFileInfo::exists(path));
        // A read-only file system refuses even root: InputError naming the file, no file.
        for (const QString& ro :
             {QString("/proc/meridian-report.html"), QString("/proc/meridian-report.pdf")}) {
            try {
                if (ro.endsWith(".pdf"))
                    ui::report::writePdfReport(m_project, m_results, "x.topo", ro);
                else
                    ui::report::writeHtmlReport(m_project, m_results, "x.topo", ro);
                QFAIL("no InputError");
            } catch (const InputError& e) {
                QCOMPARE(QString::fromStdString(e.file()), ro);
            }
            QVERIFY(!QFileInfo::exists(ro));
        }
    }
};

MERIDIAN_TEST(ReportTest)
#include "ReportTest.moc"
