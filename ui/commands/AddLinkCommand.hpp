#pragma once
// Adds one link between two existing nodes (link tool).

#include "meridian/topology/Attributes.hpp"

#include <QUndoCommand>

namespace meridian::ui {

class Document;

class AddLinkCommand : public QUndoCommand
{
public:
    AddLinkCommand(Document* doc, topology::LinkAttributes attrs, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    Document* m_doc = nullptr;
    topology::LinkAttributes m_attrs;
};

} // namespace meridian::ui
