#pragma once
// Overview of the whole drawing: the scene rendered once into a cached pixmap (refreshed,
// debounced, only when the content changes) with the main view's visible area outlined on
// top. Panning and zooming the main view only repaint the outline; clicking or dragging
// recentres the main view. A replaced document (New, Open, a recovered file) is not a
// change to debounce: the old picture goes at once and the new one follows as soon as the
// scene is rebuilt.

#include <QPixmap>
#include <QTransform>
#include <QWidget>

class QTimer;

namespace meridian::ui {

class CanvasView;

class MiniMap : public QWidget
{
    Q_OBJECT
public:
    explicit MiniMap(CanvasView* main, QWidget* parent = nullptr);
    QSize sizeHint() const override { return {220, 160}; }
    /// How many times the scene has been rendered into the cache (tests, benchmarks).
    int renderCount() const { return m_renders; }

public Q_SLOTS:
    /// Re-renders the cached overview now.
    void refit();
    /// The document was replaced: drops the cached picture now and re-renders once the
    /// document has rebuilt the scene (Document::adopt announces the replacement first), in
    /// the same turn of the event loop, not after the debounce.
    void documentReplaced();

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void recentre(const QPointF& widgetPos);

    CanvasView* m_main = nullptr;
    QTimer* m_timer = nullptr;
    QPixmap m_cache;
    QTransform m_toWidget; ///< scene → widget coordinates of the cached rendering
    int m_renders = 0;
};

} // namespace meridian::ui
