#include "ui/commands/ChangeNodeAttributesCommand.hpp"

#include "ui/Document.hpp"

namespace meridian::ui {

ChangeNodeAttributesCommand::ChangeNodeAttributesCommand(
    Document* doc, std::vector<topology::NodeAttributes> before,
    std::vector<topology::NodeAttributes> after, const QString& text, QUndoCommand* parent)
    : QUndoCommand(text, parent), m_doc(doc), m_before(std::move(before)), m_after(std::move(after))
{}

void ChangeNodeAttributesCommand::redo()
{
    for (std::size_t i = 0; i < m_after.size(); ++i)
        m_doc->setNodeAttributes(m_before[i].id, m_after[i]);
}

void ChangeNodeAttributesCommand::undo()
{
    for (std::size_t i = m_after.size(); i-- > 0;)
        m_doc->setNodeAttributes(m_after[i].id, m_before[i]);
}

} // namespace meridian::ui
