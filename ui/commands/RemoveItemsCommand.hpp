#pragma once
// Removes nodes (with everything nested in removed centres and every incident link) and
// links. Undo puts each item back at its former engine index, so a save after undo is
// byte-identical to a save before the removal.

#include "meridian/topology/Attributes.hpp"

#include <QUndoCommand>
#include <string>
#include <utility>
#include <vector>

namespace meridian::ui {

class Document;

class RemoveItemsCommand : public QUndoCommand
{
public:
    RemoveItemsCommand(Document* doc, const std::vector<std::string>& nodeIds,
                       const std::vector<std::string>& linkIds, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

    bool isEmpty() const { return m_nodes.empty() && m_links.empty(); }

private:
    Document* m_doc = nullptr;
    std::vector<std::pair<std::size_t, topology::NodeAttributes>> m_nodes; ///< ascending index
    std::vector<std::pair<std::size_t, topology::LinkAttributes>> m_links; ///< ascending index
};

} // namespace meridian::ui
