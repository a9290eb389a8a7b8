// The embedded Chinese translation loads and translates the main window's menus.
#include "ui/Translations.hpp"

#include "TestMain.hpp"
#include "ui/HelpDialogs.hpp"
#include "ui/MainWindow.hpp"
#include "ui/Resources.hpp"

#include <QApplication>
#include <QFile>
#include <QMenuBar>
#include <QTranslator>
#include <QtTest/QtTest>

class TranslationsTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void chineseMenus()
    {
        meridian::ui::initResources();
        QTranslator* zh = meridian::ui::installTranslations(*QCoreApplication::instance(),
                                                            QLocale(QStringLiteral("zh_CN")));
        QVERIFY(zh != nullptr);
        // tr() in meridian::ui::MainWindow asks for the namespaced context.
        QCOMPARE(QCoreApplication::translate("meridian::ui::MainWindow", "&File"),
                 QStringLiteral("文件(&F)"));
        // Help ▸ User Guide opens the Chinese guide (docs/user-guide.zh_CN.md).
        QCOMPARE(meridian::ui::HelpDialogs::userGuidePage(), QStringLiteral("user-guide.zh_CN.md"));
        meridian::ui::MainWindow window;
        QStringList titles;
        for (QAction* a : window.menuBar()->actions())
            titles << a->text();
        QVERIFY2(titles.contains(QStringLiteral("文件(&F)")), qPrintable(titles.join(',')));
        QVERIFY2(titles.contains(QStringLiteral("帮助(&H)")), qPrintable(titles.join(',')));
        // English has no translation file entries to apply: the sources are English.
        QVERIFY(!meridian::ui::installTranslations(*QCoreApplication::instance(),
                                                   QLocale(QStringLiteral("fr_FR"))));
        QCoreApplication::removeTranslator(zh);
        delete zh;
        QCOMPARE(QCoreApplication::translate("meridian::ui::MainWindow", "&File"),
                 QStringLiteral("&File"));
    }

    void chineseIsComplete()
    {
        // docs/gui.md, "Languages": every user-visible string has its zh_CN translation.
        QFile ts(meridian::test::sourcePath(QStringLiteral("translations/meridian_zh_CN.ts")));
        QVERIFY(ts.open(QIODevice::ReadOnly));
        const QByteArray text = ts.readAll();
        QVERIFY(text.contains("<context>"));
        QCOMPARE(text.count("type=\"unfinished\""), 0);
    }
};

MERIDIAN_TEST(TranslationsTest)
#include "TranslationsTest.moc"
