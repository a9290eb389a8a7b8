#include "ui/PaletteWidget.hpp"

#include "ui/CanvasView.hpp"
#include "ui/NodeStyle.hpp"

#include <QMimeData>

namespace meridian::ui {

namespace {
constexpr int kKindRole = Qt::UserRole + 1;
}

PaletteWidget::PaletteWidget(QWidget* parent) : QListWidget(parent)
{
    setDragEnabled(true);
    setDragDropMode(DragOnly);
    // Dragging copies a kind onto the canvas; the palette rows are never moved out.
    setDefaultDropAction(Qt::CopyAction);
    setIconSize(QSize(32, 32));
    setSpacing(2);
    setSelectionMode(SingleSelection);
    setViewMode(ListMode);
    for (topology::NodeKind kind : topology::kAllNodeKinds) {
        auto* item = new QListWidgetItem(NodeStyle::icon(kind), NodeStyle::label(kind), this);
        item->setData(kKindRole, QString::fromUtf8(topology::toString(kind)));
        item->setToolTip(tr("Drag onto the canvas to add a %1").arg(NodeStyle::label(kind)));
        item->setSizeHint(QSize(150, 40));
    }
}

void PaletteWidget::startDrag(Qt::DropActions)
{
    QListWidget::startDrag(Qt::CopyAction);
}

Qt::DropActions PaletteWidget::supportedDropActions() const
{
    return Qt::CopyAction;
}

QStringList PaletteWidget::mimeTypes() const
{
    return {CanvasView::nodeKindMimeType()};
}

QMimeData* PaletteWidget::mimeData(const QList<QListWidgetItem*>& items) const
{
    if (items.isEmpty())
        return nullptr;
    return mimeDataForRow(row(items.first()));
}

QMimeData* PaletteWidget::mimeDataForRow(int r) const
{
    const QListWidgetItem* it = item(r);
    if (!it)
        return nullptr;
    auto* data = new QMimeData;
    data->setData(CanvasView::nodeKindMimeType(), it->data(kKindRole).toString().toUtf8());
    return data;
}

} // namespace meridian::ui
