#include "ui/commands/PasteCommand.hpp"

#include "ui/Document.hpp"

namespace meridian::ui {

PasteCommand::PasteCommand(Document* doc, std::vector<topology::NodeAttributes> nodes,
                           std::vector<topology::LinkAttributes> links, const QString& text,
                           QUndoCommand* parent)
    : QUndoCommand(text, parent), m_doc(doc), m_nodes(std::move(nodes)), m_links(std::move(links))
{}

void PasteCommand::redo()
{
    for (const auto& n : m_nodes)
        m_doc->insertNode(n);
    for (const auto& l : m_links)
        m_doc->insertLink(l);
}

void PasteCommand::undo()
{
    std::vector<std::string> nodes;
    std::vector<std::string> links;
    for (const auto& n : m_nodes)
        nodes.push_back(n.id);
    for (const auto& l : m_links)
        links.push_back(l.id);
    m_doc->removeItems(nodes, links);
}

} // namespace meridian::ui
