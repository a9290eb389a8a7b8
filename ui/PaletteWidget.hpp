#pragma once
// The node palette: one entry per node kind, dragged onto the canvas to place a node
// (MIME type CanvasView::nodeKindMimeType(), payload = kind name).

#include <QListWidget>

namespace meridian::ui {

class PaletteWidget : public QListWidget
{
    Q_OBJECT
public:
    explicit PaletteWidget(QWidget* parent = nullptr);
    /// The MIME data a drag of row `row` carries (the tests drop it onto the canvas).
    QMimeData* mimeDataForRow(int row) const;

protected:
    QMimeData* mimeData(const QList<QListWidgetItem*>& items) const override;
    QStringList mimeTypes() const override;
    /// Drags only ever copy: a Move (Shift+drag) must not remove the row.
    void startDrag(Qt::DropActions supportedActions) override;
    Qt::DropActions supportedDropActions() const override;
};

} // namespace meridian::ui
