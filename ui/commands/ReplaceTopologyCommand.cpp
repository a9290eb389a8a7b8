#include "ui/commands/ReplaceTopologyCommand.hpp"

#include "ui/Document.hpp"

namespace meridian::ui {

ReplaceTopologyCommand::ReplaceTopologyCommand(Document* doc, topology::Topology after,
                                               const QString& text, QUndoCommand* parent)
    : QUndoCommand(text, parent), m_doc(doc), m_before(doc->topology()), m_after(std::move(after))
{}

void ReplaceTopologyCommand::redo()
{
    m_doc->replaceTopology(m_after);
}

void ReplaceTopologyCommand::undo()
{
    m_doc->replaceTopology(m_before);
}

} // namespace meridian::ui
