// File ▸ Examples (ui/ExamplesMenu.hpp): the menu lists every project of presets/ under its
// readable title — in English and in zh_CN — and each entry opens its file in the window with
// every node and link of the file. (That every preset validates and runs in the CLI is
// tests/regression/PresetGoldenTest; that presets/README.md lists them all is
// tests/workload/PresetReadmeTest.)
#include "ui/ExamplesMenu.hpp"

#include "TestMain.hpp"
#include "UiTestSupport.hpp"
#include "meridian/io/ProjectFile.hpp"
#include "ui/Document.hpp"
#include "ui/Translations.hpp"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QMenu>
#include <QTemporaryDir>
#include <QTranslator>
#include <QtTest/QtTest>
#include <memory>

using namespace meridian;
using namespace meridian::ui;

class ExamplesMenuTest : public QObject
{
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> m_recovery;

    static QStringList presetFiles()
    {
        return QDir(test::sourcePath(QStringLiteral("presets")))
            .entryList({QStringLiteral("*.topo")}, QDir::Files, QDir::Name);
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_recovery = test::freshRecoveryDir();
        test::setUpGuiTestApp();
    }

    void everyPresetHasATitleAndEveryTitleAFile()
    {
        // A new preset needs a readable title (and its zh_CN translation); a removed one
        // must leave the table.
        QStringList known = ExamplesMenu::knownFiles();
        QStringList files = presetFiles();
        known.sort();
        QCOMPARE(known, files);
    }

    void theWindowsMenuOpensEveryPreset()
    {
        auto w = test::makeShownWindow([](const QString& t, const QString& text) {
            QFAIL(qPrintable(t + QStringLiteral(": ") + text));
        });
        auto* menu = w->findChild<QMenu*>(QStringLiteral("examplesMenu"));
        QVERIFY(menu);
        QVERIFY(menu->isEnabled());
        const QList<QAction*> actions = menu->actions();
        QCOMPARE(actions.size(), presetFiles().size());
        for (QAction* a : actions) {
            const QString path = a->data().toString();
            QVERIFY2(!a->text().endsWith(QStringLiteral(".topo")), qPrintable(a->text()));
            a->trigger();
            QCOMPARE(QFileInfo(w->document()->filePath()).canonicalFilePath(),
                     QFileInfo(path).canonicalFilePath());
            const io::Project p = io::readProject(path.toStdString());
            QCOMPARE(w->document()->topology().nodeCount(), p.topology.nodeCount());
            QCOMPARE(w->document()->topology().linkCount(), p.topology.linkCount());
        }
    }

    void titlesAreTranslatedToChinese()
    {
        QTranslator* zh =
            installTranslations(*QCoreApplication::instance(), QLocale(QStringLiteral("zh_CN")));
        QVERIFY(zh != nullptr);
        const QList<ExamplesMenu::Example> zhList =
            ExamplesMenu::examples(test::sourcePath(QStringLiteral("presets")));
        QCoreApplication::removeTranslator(zh);
        delete zh;
        const QList<ExamplesMenu::Example> enList =
            ExamplesMenu::examples(test::sourcePath(QStringLiteral("presets")));
        QCOMPARE(zhList.size(), enList.size());
        for (qsizetype i = 0; i < enList.size(); ++i) {
            QVERIFY(enList[i].known);
            QVERIFY2(zhList[i].title != enList[i].title, qPrintable(enList[i].title));
        }
        QCOMPARE(
            enList.front().title,
            QStringLiteral("Llama-3-8B over a star WAN of four centres (the seed's experiment)"));
        QCOMPARE(zhList.front().title,
                 QStringLiteral("Llama-3-8B：四个中心的星形广域网（种子论文的实验）"));
    }

    void aFileTheTableDoesNotKnowIsListedUnderItsName()
    {
        QTemporaryDir dir;
        QFile f(dir.filePath(QStringLiteral("mine.topo")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"format": "meridian.topo", "version": 1, "name": "My WAN"})");
        f.close();
        QFile::copy(test::sourcePath(QStringLiteral("presets/failover-wan.topo")),
                    dir.filePath(QStringLiteral("failover-wan.topo")));
        const QList<ExamplesMenu::Example> list = ExamplesMenu::examples(dir.path());
        QCOMPARE(list.size(), 2);
        QVERIFY(list[0].known); // the shipped preset first, under its title
        QCOMPARE(list[1].title, QStringLiteral("My WAN"));
        QVERIFY(!list[1].known);
    }
};

MERIDIAN_TEST(ExamplesMenuTest)
#include "ExamplesMenuTest.moc"
