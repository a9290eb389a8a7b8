#include "ui/MiniMap.hpp"

#include "ui/CanvasView.hpp"
#include "ui/TopologyScene.hpp"

#include <QGraphicsItem>
#include <QMouseEvent>
#include <QPainter>
#include <QTimer>
#include <algorithm>

namespace meridian::ui {

namespace {
const QColor kBackground(0xf3, 0xf5, 0xf8);
}

MiniMap::MiniMap(CanvasView* main, QWidget* parent) : QWidget(parent), m_main(main)
{
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMinimumSize(80, 60);
    // Re-render at most a few times per second while the drawing changes.
    m_timer = new QTimer(this);
    m_timer->setSingleShot(true);
    m_timer->setInterval(250);
    connect(m_timer, &QTimer::timeout, this, &MiniMap::refit);
    TopologyScene* scene = m_main->topologyScene();
    connect(scene, &TopologyScene::contentChanged, m_timer, qOverload<>(&QTimer::start));
    connect(scene, &QGraphicsScene::sceneRectChanged, m_timer, qOverload<>(&QTimer::start));
    // Pan and zoom move the outline only: a repaint of the cached pixmap.
    connect(m_main, &CanvasView::viewportMoved, this, qOverload<>(&QWidget::update));
    connect(m_main, &CanvasView::zoomChanged, this, qOverload<>(&QWidget::update));
}

void MiniMap::refit()
{
    m_timer->stop();
    TopologyScene* scene = m_main->topologyScene();
    QRectF r = scene->nodesRect();
    if (r.isEmpty())
        r = QRectF(-300, -200, 600, 400);
    r.adjust(-20, -20, 20, 20);
    const QSizeF area = size();
    if (area.isEmpty())
        return;
    const qreal s = std::min(area.width() / r.width(), area.height() / r.height());
    const QPointF offset((area.width() - r.width() * s) / 2, (area.height() - r.height() * s) / 2);
    m_toWidget = QTransform::fromTranslate(offset.x(), offset.y())
                     .scale(s, s)
                     .translate(-r.left(), -r.top());

    const qreal dpr = devicePixelRatioF();
    QPixmap pm((area * dpr).toSize());
    pm.setDevicePixelRatio(dpr);
    pm.fill(kBackground);
    {
        QPainter p(&pm);
        p.setRenderHint(QPainter::Antialiasing, false);
        // The cache is only refreshed when the content changes, so it must not bake in the
        // selection highlight or the editing grid.
        const QSignalBlocker block(scene);
        const QList<QGraphicsItem*> selection = scene->selectedItems();
        for (QGraphicsItem* i : selection)
            i->setSelected(false);
        const bool grid = scene->gridVisible();
        scene->setGridVisible(false);
        scene->setLabelsVisible(false); // names are unreadable at overview scale
        const QRectF target = m_toWidget.mapRect(r);
        scene->render(&p, target, r, Qt::KeepAspectRatio);
        scene->setLabelsVisible(true);
        scene->setGridVisible(grid);
        for (QGraphicsItem* i : selection)
            i->setSelected(true);
    }
    m_cache = pm;
    ++m_renders;
    update();
}

void MiniMap::documentReplaced()
{
    m_cache = QPixmap();
    update();
    QMetaObject::invokeMethod(this, &MiniMap::refit, Qt::QueuedConnection);
}

void MiniMap::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    if (m_cache.isNull() || m_cache.deviceIndependentSize() != QSizeF(size()))
        p.fillRect(rect(), kBackground);
    if (!m_cache.isNull())
        p.drawPixmap(0, 0, m_cache);
    const QRectF visible = m_main->mapToScene(m_main->viewport()->rect()).boundingRect();
    QPen pen(QColor(0xff, 0x8c, 0x00), 2);
    p.setPen(pen);
    p.setBrush(QColor(0xff, 0x8c, 0x00, 14));
    p.drawRect(m_toWidget.mapRect(visible).intersected(QRectF(rect()).adjusted(1, 1, -1, -1)));
    p.setPen(palette().color(QPalette::Mid));
    p.setBrush(Qt::NoBrush);
    p.drawRect(QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5));
}

void MiniMap::recentre(const QPointF& widgetPos)
{
    bool ok = false;
    const QTransform back = m_toWidget.inverted(&ok);
    if (!ok)
        return;
    m_main->centerOn(back.map(widgetPos));
    update();
}

void MiniMap::mousePressEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton)
        recentre(event->position());
}

void MiniMap::mouseMoveEvent(QMouseEvent* event)
{
    if (event->buttons() & Qt::LeftButton)
        recentre(event->position());
}

void MiniMap::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    m_timer->start();
}

} // namespace meridian::ui
