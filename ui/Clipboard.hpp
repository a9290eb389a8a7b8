#pragma once
// Copy/paste of subgraphs. A copied selection is stored as ordinary .topo text (the io
// writer's canonical form) holding the selected nodes, everything nested in selected
// centres, and the links whose both ends are copied. Pasting gives every node and link a
// fresh unique id, re-points links and parents, and offsets positions.

#include <QByteArray>
#include <QPointF>
#include <QString>
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
};

} // namespace meridian::ui
