// NodeStyle's vector icons (SVG/PDF exports) are drawn by QSvgRenderers kept for reuse. They
// must be owned by the application, so that they are freed with it: kept only in a function's
// static hash, LeakSanitizer reported every one of them (and all they hold) as leaked at exit,
// which failed the `ui` suite under the asan preset.
#include "ui/NodeStyle.hpp"

#include "TestMain.hpp"
#include "ui/Resources.hpp"

#include <QApplication>
#include <QPainter>
#include <QPicture>
#include <QSvgRenderer>
#include <QtTest/QtTest>

using meridian::topology::NodeKind;
using meridian::ui::NodeStyle;

class NodeStyleTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void vectorIconRenderersBelongToTheApplication()
    {
        meridian::ui::initResources();
        const NodeKind kinds[] = {NodeKind::Center, NodeKind::Gpu, NodeKind::Switch,
                                  NodeKind::Router, NodeKind::Host};
        QPicture picture; // a vector paint engine: drawIcon renders the SVG, not a pixmap
        QPainter painter(&picture);
        for (int round = 0; round < 2; ++round) // the second round reuses the renderers
            for (NodeKind kind : kinds)
                NodeStyle::drawIcon(&painter, kind, QRectF(0, 0, 32, 32), 32);
        painter.end();
        QVERIFY(picture.size() > 0);
        const auto renderers =
            qApp->findChildren<QSvgRenderer*>(QString(), Qt::FindDirectChildrenOnly);
        QCOMPARE(renderers.size(), static_cast<qsizetype>(std::size(kinds)));
        for (const QSvgRenderer* r : renderers)
            QVERIFY(r->isValid());
    }
};

MERIDIAN_TEST(NodeStyleTest)
#include "NodeStyleTest.moc"
