// The Overview (MiniMap) after the document is replaced: File ▸ New must not leave the old
// drawing in it until its debounce timer fires (issue 34). The old picture is gone at once,
// and the new one is rendered in the next turn of the event loop, not 250 ms later.
#include "UiTestSupport.hpp"
#include "ui/Document.hpp"
#include "ui/MiniMap.hpp"

#include <QAction>
#include <cstdlib>

using namespace meridian;
using namespace meridian::ui;

namespace {

/// Pixels of the drawing in an Overview picture: neither its background nor the orange frame
/// of the visible area (and its faint fill), away from the 2 px border.
int drawingPixels(const QImage& image)
{
    const QColor background(0xf3, 0xf5, 0xf8);
    int n = 0;
    for (int y = 2; y < image.height() - 2; ++y)
        for (int x = 2; x < image.width() - 2; ++x) {
            const QColor c = image.pixelColor(x, y);
            const bool nearBackground = std::abs(c.red() - background.red()) < 24 &&
                                        std::abs(c.green() - background.green()) < 24 &&
                                        std::abs(c.blue() - background.blue()) < 24;
            const bool orange =
                c.red() > 200 && c.green() > 100 && c.green() < 200 && c.blue() < 120;
            n += !nearBackground && !orange;
        }
    return n;
}

} // namespace

class OverviewTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        test::setUpGuiTestApp();
        m_recovery = test::freshRecoveryDir();
    }

    void newShowsTheEmptyDrawingAtOnce()
    {
        auto w = test::makeShownWindow([](const QString& t, const QString& x) {
            QFAIL(qPrintable(t + QStringLiteral(": ") + x));
        });
        QVERIFY(w->applyGenerator(QStringLiteral("multi-centre"),
                                  {{"centres", "3"}, {"gpus-per-centre", "8"}}, 1, true));
        auto* map = w->findChild<MiniMap*>();
        QVERIFY(map && map->isVisible());
        map->refit();
        QVERIFY(drawingPixels(map->grab().toImage()) > 100); // the drawing is there
        const int renders = map->renderCount();

        w->action(QStringLiteral("file.new"))->trigger();
        QCOMPARE(w->document()->topology().nodeCount(), std::size_t(0));
        // Before any event is processed: nothing of the old drawing is painted.
        QCOMPARE(drawingPixels(map->grab().toImage()), 0);
        // One turn of the event loop, far less than the 250 ms debounce: rendered anew.
        QCoreApplication::processEvents();
        QVERIFY(map->renderCount() > renders);
        QCOMPARE(drawingPixels(map->grab().toImage()), 0);
    }

private:
    std::unique_ptr<QTemporaryDir> m_recovery;
};

MERIDIAN_TEST(OverviewTest)
#include "OverviewTest.moc"
