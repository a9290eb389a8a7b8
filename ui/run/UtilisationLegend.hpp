#pragma once
// The legend of the canvas's utilisation overlay (docs/gui.md, "Running"): a colour ramp
// with its scale, at the top left of the canvas.
//
// It is a child of the canvas view, not of its viewport: QGraphicsView scrolls the
// viewport's pixels and child widgets together (QWidget::scroll), which left fragments of a
// viewport-child legend drawn over the drawing after opening a file or zooming.

#include <QLabel>

class QAbstractScrollArea;

namespace meridian::ui {

class UtilisationLegend : public QLabel
{
    Q_OBJECT
public:
    explicit UtilisationLegend(QAbstractScrollArea* view);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void place();
    QAbstractScrollArea* m_view = nullptr;
};

} // namespace meridian::ui
