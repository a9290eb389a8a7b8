#pragma once
// Swaps the whole topology (generator, GraphML import, auto-layout): one undo step.

#include "meridian/topology/Topology.hpp"

#include <QUndoCommand>

namespace meridian::ui {

class Document;

class ReplaceTopologyCommand : public QUndoCommand
{
public:
    ReplaceTopologyCommand(Document* doc, topology::Topology after, const QString& text,
                           QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    Document* m_doc = nullptr;
    topology::Topology m_before;
    topology::Topology m_after;
};

} // namespace meridian::ui
