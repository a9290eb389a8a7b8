// Exports lose nothing either: a PNG or SVG export that fails (full disk, read-only folder)
// keeps the previous export byte for byte, leaves no temporary behind, and says which file and
// why. QImage::save and QSvgGenerator wrote straight into the target, so a full disk left a
// truncated picture in place of the previous one and the dialog only said "Could not write".
#include "FaultInjection.hpp"
#include "TestMain.hpp"
#include "UiTestSupport.hpp"
#include "ui/MainWindow.hpp"
#include "ui/TopologyScene.hpp"

#include <QDir>
#include <QFile>
#include <QtTest/QtTest>
#include <cerrno>
#include <cstring>
#include <memory>

using namespace meridian;
using namespace meridian::ui;

class ExportFaultTest : public QObject
{
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> m_recovery;
    QStringList m_errors;

    static QByteArray contentsOf(const QString& path)
    {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }

    std::unique_ptr<MainWindow> drawing()
    {
        auto w = test::makeShownWindow([this](const QString& title, const QString& text) {
            m_errors << title + QLatin1Char('\n') + text;
        });
        w->scene()->addNodeAt(topology::NodeKind::Center, QPointF(0, 0));
        w->scene()->addNodeAt(topology::NodeKind::Router, QPointF(300, 0));
        return w;
    }

    /// Exports to `path`, changes the drawing, then exports again under a full disk.
    void fullDiskKeepsThePrevious(const QString& name, bool (MainWindow::*exportTo)(const QString&))
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(name);
        auto w = drawing();
        QVERIFY(((*w).*exportTo)(path));
        const QByteArray previous = contentsOf(path);
        QVERIFY(previous.size() > 100);
        w->scene()->addNodeAt(topology::NodeKind::Gpu, QPointF(0, 200));
        {
            test::FileSizeLimit limit(static_cast<rlim_t>(previous.size() / 2));
            QVERIFY(!((*w).*exportTo)(path));
        }
        QCOMPARE(m_errors.size(), 1);
        QVERIFY2(m_errors[0].contains(name), qPrintable(m_errors[0]));
        QVERIFY2(m_errors[0].contains(QString::fromUtf8(std::strerror(EFBIG))),
                 qPrintable(m_errors[0]));
        QCOMPARE(contentsOf(path), previous);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{name});
        // Room again: the export succeeds and shows the new node.
        QVERIFY(((*w).*exportTo)(path));
        QVERIFY(contentsOf(path) != previous);
    }

private Q_SLOTS:
    void initTestCase()
    {
        test::setUpGuiTestApp();
        m_recovery = test::freshRecoveryDir();
    }

    void init() { m_errors.clear(); }

    void pngOnFullDiskKeepsThePreviousFile()
    {
        fullDiskKeepsThePrevious(QStringLiteral("drawing.png"), &MainWindow::exportPng);
    }

    void svgOnFullDiskKeepsThePreviousFile()
    {
        fullDiskKeepsThePrevious(QStringLiteral("drawing.svg"), &MainWindow::exportSvg);
    }

    void exportIntoReadOnlyFolderSaysWhy()
    {
        QTemporaryDir dir;
        test::ReadOnlyFolder ro(dir.path());
        auto w = drawing();
        for (const QString& name : {QStringLiteral("drawing.png"), QStringLiteral("drawing.svg")}) {
            m_errors.clear();
            const QString path = ro.path() + QLatin1Char('/') + name;
            QVERIFY(
                !(name.endsWith(QLatin1String(".png")) ? w->exportPng(path) : w->exportSvg(path)));
            QCOMPARE(m_errors.size(), 1);
            QVERIFY2(m_errors[0].contains(name), qPrintable(m_errors[0]));
            QVERIFY2(m_errors[0].contains(QString::fromUtf8(std::strerror(EACCES))),
                     qPrintable(m_errors[0]));
            QVERIFY(!QFileInfo::exists(path));
        }
    }
};

MERIDIAN_TEST(ExportFaultTest)
#include "ExportFaultTest.moc"
