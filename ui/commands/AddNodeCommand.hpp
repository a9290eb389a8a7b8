#pragma once
// Adds one node (palette drop). Holds the node's attributes, never an item pointer.

#include "meridian/topology/Attributes.hpp"

#include <QUndoCommand>

namespace meridian::ui {

class Document;

class AddNodeCommand : public QUndoCommand
{
public:
    AddNodeCommand(Document* doc, topology::NodeAttributes attrs, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    Document* m_doc = nullptr;
    topology::NodeAttributes m_attrs;
};

} // namespace meridian::ui
