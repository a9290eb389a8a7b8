#include "ui/commands/ChangeLinkAttributesCommand.hpp"

#include "ui/Document.hpp"

namespace meridian::ui {

ChangeLinkAttributesCommand::ChangeLinkAttributesCommand(
    Document* doc, std::vector<topology::LinkAttributes> before,
    std::vector<topology::LinkAttributes> after, const QString& text, QUndoCommand* parent)
    : QUndoCommand(text, parent), m_doc(doc), m_before(std::move(before)), m_after(std::move(after))
{}

void ChangeLinkAttributesCommand::redo()
{
    for (std::size_t i = 0; i < m_after.size(); ++i)
        m_doc->setLinkAttributes(m_before[i].id, m_after[i]);
}

void ChangeLinkAttributesCommand::undo()
{
    for (std::size_t i = m_after.size(); i-- > 0;)
        m_doc->setLinkAttributes(m_after[i].id, m_before[i]);
}

} // namespace meridian::ui
