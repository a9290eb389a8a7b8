#pragma once
// The main canvas view: zoom (Ctrl+wheel or plain wheel, +/- keys), pan (middle drag or
// Space+drag), rubber-band selection, drops from the palette, keyboard nudges.

#include "meridian/topology/Attributes.hpp"

#include <QGraphicsView>
#include <functional>

class QMenu;

namespace meridian::ui {

class TopologyScene;

class CanvasView : public QGraphicsView
{
    Q_OBJECT
public:
    /// MIME type of a palette drag: the payload is the node kind's name ("gpu").
    static QString nodeKindMimeType();

    explicit CanvasView(TopologyScene* scene, QWidget* parent = nullptr);

    TopologyScene* topologyScene() const { return m_scene; }
    /// Current zoom as a factor (1 = 100 %).
    qreal zoom() const { return transform().m11(); }
    void setZoom(qreal factor);
    void zoomBy(qreal factor);
    /// Fits the drawing in the view (deferred until the view is shown and sized); an empty
    /// drawing is shown at 100 % around the origin.
    void fitAll();
    /// 100 % zoom centred on the scene origin.
    void showOrigin();
    /// Actions shown in the right-click menu (owned by the main window).
    void setContextActions(const QList<QAction*>& actions) { m_contextActions = actions; }
    /// Adds entries for the right-clicked item (selected by then) after the actions above.
    using ContextExtender = std::function<void(QMenu* menu)>;
    void setContextExtender(ContextExtender extender) { m_contextExtender = std::move(extender); }

Q_SIGNALS:
    void zoomChanged(qreal factor);
    void viewportMoved();

protected:
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void keyReleaseEvent(QKeyEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dragMoveEvent(QDragMoveEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    void scrollContentsBy(int dx, int dy) override;
    void paintEvent(QPaintEvent* event) override;

private:
    TopologyScene* m_scene = nullptr;
    bool m_spaceHeld = false;
    bool m_fitPending = false;
    bool m_panning = false;
    int m_pendingScroll = 0; ///< axes scrolled since the last paint: 1 horizontal, 2 vertical
    QRect m_pendingStrip;    ///< viewport strip the pending scroll exposed
    QPoint m_panLast;
    QList<QAction*> m_contextActions;
    ContextExtender m_contextExtender;
};

} // namespace meridian::ui
