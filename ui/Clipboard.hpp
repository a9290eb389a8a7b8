#pragma once
// Copy/paste of subgraphs. A copied selection is stored as ordinary .topo text (the io
// writer's canonical form) holding the selected nodes, everything nested in selected
// centres, and the links whose both ends are copied. Pasting gives every node and link a
// fresh unique id, re-points links and parents, and offsets positions. MainWindow::paste()
// centres the copy on the mouse when the pointer is over the canvas (PastePosition), and
// otherwise offsets it from the originals by two grid steps per repeated paste.

#include <QByteArray>
#include <QPointF>
#include <QString>
#include <optional>
#include <string>
#include <vector>

class QMimeData;
class QUndoCommand;

namespace meridian::ui {

class Document;
class PasteCommand;

class Clipboard
{
public:
    static QString mimeType();
    /// .topo text of the subgraph induced by `nodeIds` (plus descendants); empty if none.
    static QByteArray copy(const Document& doc, const std::vector<std::string>& nodeIds);
    /// Builds the command that inserts `data` shifted by `offset`, or nullptr if `data` is not
    /// a readable subgraph. Does not push it.
    static PasteCommand* makePaste(Document& doc, const QByteArray& data, const QPointF& offset,
                                   const QString& text);
    /// Centre of the bounding box of the copied nodes' positions, or nullopt if `data` is not
    /// a readable, non-empty subgraph. Paste at the mouse shifts the copy by
    /// (mouse − centre), so the copy is centred under the pointer.
    static std::optional<QPointF> centreOf(const QByteArray& data);
};

} // namespace meridian::ui
