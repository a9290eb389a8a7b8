#pragma once
// Overview of the whole drawing: a small, non-interactive QGraphicsView of the same scene
// that outlines the main view's visible area; clicking or dragging recentres the main view.

#include <QGraphicsView>

namespace meridian::ui {

class CanvasView;

class MiniMap : public QGraphicsView
{
    Q_OBJECT
public:
    explicit MiniMap(CanvasView* main, QWidget* parent = nullptr);
    QSize sizeHint() const override { return {220, 160}; }

public Q_SLOTS:
    void refit();

protected:
    void drawForeground(QPainter* painter, const QRectF& rect) override;
    void drawBackground(QPainter* painter, const QRectF& rect) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;

private:
    CanvasView* m_main = nullptr;
};

} // namespace meridian::ui
