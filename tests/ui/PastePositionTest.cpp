// PastePosition: the remembered paste spot follows the pointer over the canvas viewport, and
// the filter is safe while the view it watches is being destroyed (its viewport still gets
// Hide/Leave events then, when the view is no longer a QAbstractScrollArea; the asan preset's
// UBSan vptr check failed here before the filter stopped calling the view).
#include "ui/PastePosition.hpp"

#include "TestMain.hpp"

#include <QGraphicsScene>
#include <QGraphicsView>
#include <QtTest/QtTest>
#include <memory>

using namespace meridian::ui;

class PastePositionTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void remembersThePointerOverTheViewport()
    {
        QGraphicsScene scene;
        QGraphicsView view(&scene);
        PastePosition paste(&view);
        view.resize(300, 200);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTest::mouseMove(view.viewport(), QPoint(40, 30));
        QVERIFY(paste.viewportPos().has_value());
        QCOMPARE(*paste.viewportPos(), QPoint(40, 30));
        QEvent leave(QEvent::Leave);
        QCoreApplication::sendEvent(view.viewport(), &leave);
        QVERIFY(!paste.viewportPos().has_value());
    }

    void viewDestroyedWhileWatched()
    {
        // The filter outlives the view, as in MainWindow (both are children of the window,
        // the view is destroyed first).
        QObject owner;
        auto view = std::make_unique<QGraphicsView>();
        auto* paste = new PastePosition(view.get(), &owner);
        view->resize(300, 200);
        view->show();
        QVERIFY(QTest::qWaitForWindowExposed(view.get()));
        QTest::mouseMove(view->viewport(), QPoint(10, 10));
        view.reset(); // the shown viewport receives Hide while ~QAbstractScrollArea has run
        QVERIFY(paste->viewportPos().has_value());
    }
};

MERIDIAN_TEST(PastePositionTest)
#include "PastePositionTest.moc"
