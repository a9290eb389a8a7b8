#include "ui/CanvasView.hpp"

#include "ui/NodeItem.hpp"
#include "ui/TopologyScene.hpp"

#include <QContextMenuEvent>
#include <QKeyEvent>
#include <QMenu>
#include <QMimeData>
#include <QScrollBar>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

namespace meridian::ui {

namespace {
constexpr qreal kMinZoom = 0.0005; // Fit to View must fit a 10,000-node drawing
constexpr qreal kMaxZoom = 8.0;
} // namespace

QString CanvasView::nodeKindMimeType()
{
    return QStringLiteral("application/x-meridian-node-kind");
}

CanvasView::CanvasView(TopologyScene* scene, QWidget* parent)
    : QGraphicsView(scene, parent), m_scene(scene)
{
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing |
                   QPainter::SmoothPixmapTransform);
    setDragMode(RubberBandDrag);
    setRubberBandSelectionMode(Qt::IntersectsItemShape);
    // Panning scrolls the viewport and repaints only the strip scrolled in; a change of the
    // drawing repaints only the changed items' regions...
    setViewportUpdateMode(SmartViewportUpdate);
    // ...plus, once per batch of changes, the whole viewport: the labels are placed over the
    // whole view (no overlaps, TopologyScene::layoutLabels), so a moved or re-labelled link
    // can show or hide labels outside its own bounds. Pans and zooms do not change the
    // scene and are not affected.
    connect(scene, &QGraphicsScene::changed, viewport(), qOverload<>(&QWidget::update));
    // Node icons are cached in device space only when they are drawn (see setNodeCaching).
    connect(this, &CanvasView::zoomChanged, this,
            [this](qreal factor) { m_scene->setNodeCaching(factor >= NodeItem::kCacheLod); });
    setOptimizationFlags(DontSavePainterState | DontAdjustForAntialiasing);
    setCacheMode(CacheBackground);
    setTransformationAnchor(AnchorUnderMouse);
    setResizeAnchor(AnchorViewCenter);
    setAcceptDrops(true);
    setFrameShape(QFrame::NoFrame);
    setMouseTracking(true);
}

void CanvasView::setZoom(qreal factor)
{
    factor = std::clamp(factor, kMinZoom, kMaxZoom);
    const ViewportAnchor anchor = transformationAnchor();
    setTransform(QTransform::fromScale(factor, factor));
    setTransformationAnchor(anchor);
    resetCachedContent();
    Q_EMIT zoomChanged(factor);
}

void CanvasView::zoomBy(qreal factor)
{
    const qreal target = std::clamp(zoom() * factor, kMinZoom, kMaxZoom);
    if (qFuzzyCompare(target, zoom()))
        return;
    scale(target / zoom(), target / zoom());
    resetCachedContent();
    Q_EMIT zoomChanged(zoom());
}

void CanvasView::showOrigin()
{
    m_fitPending = false;
    setZoom(1.0);
    centerOn(0, 0);
}

void CanvasView::fitAll()
{
    // Frame the nodes themselves (plus room for names below them), not the bounding rects
    // that reserve space for labels at the smallest zoom.
    QRectF r = m_scene->nodesRect();
    if (!r.isNull())
        r.adjust(-20, -20, 20, 50);
    if (r.isEmpty()) {
        // An empty drawing is shown at 100 % around the origin, so the first dropped node
        // has its real size.
        showOrigin();
        return;
    }
    const bool sized = isVisible() || testAttribute(Qt::WA_Resized); // offscreen: resize()
    if (!sized || viewport()->width() < 50 || viewport()->height() < 50) {
        // Before the window is shown the view has no size yet: fit once it has.
        m_fitPending = true;
        return;
    }
    m_fitPending = false;
    r.adjust(-40, -40, 40, 40);
    m_scene->setSceneRect(m_scene->sceneRect().united(m_scene->contentRect()));
    fitInView(r, Qt::KeepAspectRatio);
    if (zoom() > 1.5)
        setZoom(1.5); // a tiny drawing is shown at a comfortable size, not blown up
    if (zoom() < kMinZoom)
        setZoom(kMinZoom);
    centerOn(r.center());
    resetCachedContent();
    Q_EMIT zoomChanged(zoom());
}

void CanvasView::resizeEvent(QResizeEvent* event)
{
    QGraphicsView::resizeEvent(event);
    if (m_fitPending)
        fitAll();
}

void CanvasView::showEvent(QShowEvent* event)
{
    QGraphicsView::showEvent(event);
    if (m_fitPending)
        fitAll();
}

void CanvasView::wheelEvent(QWheelEvent* event)
{
    // Plain wheel and Ctrl+wheel both zoom around the cursor (diagram-editor convention);
    // Shift+wheel scrolls horizontally, Alt+wheel vertically.
    if (event->modifiers() & (Qt::ShiftModifier | Qt::AltModifier)) {
        QGraphicsView::wheelEvent(event);
        return;
    }
    const qreal steps = event->angleDelta().y() / 120.0;
    if (steps == 0)
        return;
    zoomBy(std::pow(1.15, steps));
    event->accept();
}

void CanvasView::keyPressEvent(QKeyEvent* event)
{
    const qreal g = m_scene->gridSize();
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomBy(1.25);
        return;
    case Qt::Key_Minus:
        zoomBy(1 / 1.25);
        return;
    case Qt::Key_Space:
        if (!event->isAutoRepeat()) {
            m_spaceHeld = true;
            viewport()->setCursor(Qt::OpenHandCursor);
        }
        return;
    case Qt::Key_Left:
        m_scene->nudgeSelection({-g, 0});
        return;
    case Qt::Key_Right:
        m_scene->nudgeSelection({g, 0});
        return;
    case Qt::Key_Up:
        m_scene->nudgeSelection({0, -g});
        return;
    case Qt::Key_Down:
        m_scene->nudgeSelection({0, g});
        return;
    case Qt::Key_Escape:
        m_scene->setMode(TopologyScene::Mode::Select);
        m_scene->clearSelection();
        return;
    default:
        QGraphicsView::keyPressEvent(event);
    }
}

void CanvasView::keyReleaseEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Space && !event->isAutoRepeat()) {
        m_spaceHeld = false;
        viewport()->unsetCursor();
        return;
    }
    QGraphicsView::keyReleaseEvent(event);
}

void CanvasView::mousePressEvent(QMouseEvent* event)
{
    if (event->button() == Qt::MiddleButton || (event->button() == Qt::LeftButton && m_spaceHeld)) {
        m_panning = true;
        m_panLast = event->position().toPoint();
        viewport()->setCursor(Qt::ClosedHandCursor);
        event->accept();
        return;
    }
    QGraphicsView::mousePressEvent(event);
}

void CanvasView::mouseMoveEvent(QMouseEvent* event)
{
    if (m_panning) {
        const QPoint p = event->position().toPoint();
        const QPoint d = p - m_panLast;
        m_panLast = p;
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() - d.x());
        verticalScrollBar()->setValue(verticalScrollBar()->value() - d.y());
        event->accept();
        return;
    }
    QGraphicsView::mouseMoveEvent(event);
}

void CanvasView::mouseReleaseEvent(QMouseEvent* event)
{
    if (m_panning) {
        m_panning = false;
        if (m_spaceHeld)
            viewport()->setCursor(Qt::OpenHandCursor);
        else
            viewport()->unsetCursor();
        event->accept();
        return;
    }
    QGraphicsView::mouseReleaseEvent(event);
}

void CanvasView::dragEnterEvent(QDragEnterEvent* event)
{
    if (event->mimeData()->hasFormat(nodeKindMimeType())) {
        // A palette item is always copied, never moved out of the palette.
        event->setDropAction(Qt::CopyAction);
        event->accept();
    } else
        QGraphicsView::dragEnterEvent(event);
}

void CanvasView::dragMoveEvent(QDragMoveEvent* event)
{
    if (event->mimeData()->hasFormat(nodeKindMimeType())) {
        // A palette item is always copied, never moved out of the palette.
        event->setDropAction(Qt::CopyAction);
        event->accept();
    } else
        QGraphicsView::dragMoveEvent(event);
}

void CanvasView::dropEvent(QDropEvent* event)
{
    if (!event->mimeData()->hasFormat(nodeKindMimeType())) {
        QGraphicsView::dropEvent(event);
        return;
    }
    const auto kind = topology::nodeKindFromString(
        QString::fromUtf8(event->mimeData()->data(nodeKindMimeType())).toStdString());
    if (!kind) {
        event->ignore();
        return;
    }
    const QPointF scenePos = mapToScene(event->position().toPoint());
    const QString id = m_scene->addNodeAt(*kind, scenePos);
    m_scene->selectIds({id.toStdString()}, {});
    event->setDropAction(Qt::CopyAction);
    event->accept();
    setFocus();
}

void CanvasView::contextMenuEvent(QContextMenuEvent* event)
{
    // Right-click selects what is under the cursor (if not already selected) and offers the
    // window's edit actions.
    const QPointF p = mapToScene(event->pos());
    QGraphicsItem* hit = nullptr;
    for (QGraphicsItem* i : m_scene->items(p, Qt::IntersectsItemShape, Qt::DescendingOrder))
        if (i->flags() & QGraphicsItem::ItemIsSelectable) {
            hit = i;
            break;
        }
    if (hit && !hit->isSelected()) {
        m_scene->clearSelection();
        hit->setSelected(true);
    }
    if (m_contextActions.isEmpty())
        return;
    QMenu menu(this);
    for (QAction* a : std::as_const(m_contextActions)) {
        if (a)
            menu.addAction(a);
        else
            menu.addSeparator();
    }
    if (m_contextExtender)
        m_contextExtender(&menu);
    menu.exec(event->globalPos());
}

void CanvasView::scrollContentsBy(int dx, int dy)
{
    // A diagonal move (one scroll per axis before a paint) exposes an L-shaped region, and
    // QGraphicsView draws the items of its bounding rectangle — most of the view — under a
    // two-rectangle clip. Painting the first axis's strip before the second scroll keeps
    // each paint to one thin rectangle.
    const int axes = (dx != 0 ? 1 : 0) | (dy != 0 ? 2 : 0);
    if (m_pendingScroll != 0 && (m_pendingScroll | axes) == 3 && !m_pendingStrip.isEmpty())
        viewport()->repaint(m_pendingStrip);
    QGraphicsView::scrollContentsBy(dx, dy);
    const QRect vp = viewport()->rect();
    if (axes == 1)
        m_pendingStrip =
            dx > 0 ? QRect(0, 0, dx, vp.height()) : QRect(vp.width() + dx, 0, -dx, vp.height());
    else if (axes == 2)
        m_pendingStrip =
            dy > 0 ? QRect(0, 0, vp.width(), dy) : QRect(0, vp.height() + dy, vp.width(), -dy);
    else
        m_pendingStrip = QRect();
    m_pendingScroll |= axes;
    Q_EMIT viewportMoved();
}

void CanvasView::paintEvent(QPaintEvent* event)
{
    m_pendingScroll = 0;
    QGraphicsView::paintEvent(event);
}

} // namespace meridian::ui
