#include "ui/MiniMap.hpp"

#include "ui/CanvasView.hpp"
#include "ui/TopologyScene.hpp"

#include <QMouseEvent>
#include <QTimer>

namespace meridian::ui {

MiniMap::MiniMap(CanvasView* main, QWidget* parent)
    : QGraphicsView(main->scene(), parent), m_main(main)
{
    setInteractive(false);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setRenderHint(QPainter::Antialiasing, false);
    setViewportUpdateMode(BoundingRectViewportUpdate);
    setFrameShape(QFrame::StyledPanel);
    // Refit at most a few times per second while the drawing changes.
    auto* timer = new QTimer(this);
    timer->setSingleShot(true);
    timer->setInterval(250);
    connect(timer, &QTimer::timeout, this, &MiniMap::refit);
    connect(m_main->topologyScene(), &TopologyScene::contentChanged, timer,
            qOverload<>(&QTimer::start));
    connect(m_main, &CanvasView::viewportMoved, viewport(), qOverload<>(&QWidget::update));
    connect(m_main, &CanvasView::zoomChanged, viewport(), qOverload<>(&QWidget::update));
}

void MiniMap::refit()
{
    QRectF r = scene()->itemsBoundingRect();
    if (r.isEmpty())
        r = QRectF(-300, -200, 600, 400);
    fitInView(r.adjusted(-20, -20, 20, 20), Qt::KeepAspectRatio);
}

void MiniMap::drawBackground(QPainter* painter, const QRectF& rect)
{
    painter->fillRect(rect, QColor(0xf3, 0xf5, 0xf8));
}

void MiniMap::drawForeground(QPainter* painter, const QRectF&)
{
    const QRectF visible = m_main->mapToScene(m_main->viewport()->rect()).boundingRect();
    QPen pen(QColor(0xff, 0x8c, 0x00), 0);
    pen.setWidth(2);
    pen.setCosmetic(true);
    painter->setPen(pen);
    painter->setBrush(QColor(0xff, 0x8c, 0x00, 14));
    painter->drawRect(visible);
}

void MiniMap::mousePressEvent(QMouseEvent* event)
{
    m_main->centerOn(mapToScene(event->position().toPoint()));
    viewport()->update();
}

void MiniMap::mouseMoveEvent(QMouseEvent* event)
{
    if (event->buttons() & Qt::LeftButton) {
        m_main->centerOn(mapToScene(event->position().toPoint()));
        viewport()->update();
    }
}

void MiniMap::resizeEvent(QResizeEvent* event)
{
    QGraphicsView::resizeEvent(event);
    refit();
}

void MiniMap::wheelEvent(QWheelEvent*)
{
    // The overview always shows everything; the wheel does nothing here.
}

} // namespace meridian::ui
