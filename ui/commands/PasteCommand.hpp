#pragma once
// Inserts a copied subgraph (paste, duplicate). The caller has already given every node and
// link a fresh unique id and re-pointed links and parents at the new ids.

#include "meridian/topology/Attributes.hpp"

#include <QUndoCommand>
#include <vector>

namespace meridian::ui {

class Document;

class PasteCommand : public QUndoCommand
{
public:
    PasteCommand(Document* doc, std::vector<topology::NodeAttributes> nodes,
                 std::vector<topology::LinkAttributes> links, const QString& text,
                 QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

    const std::vector<topology::NodeAttributes>& nodes() const { return m_nodes; }

private:
    Document* m_doc = nullptr;
    std::vector<topology::NodeAttributes> m_nodes;
    std::vector<topology::LinkAttributes> m_links;
};

} // namespace meridian::ui
