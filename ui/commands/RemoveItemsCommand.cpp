#include "ui/commands/RemoveItemsCommand.hpp"

#include "ui/Document.hpp"

#include <QCoreApplication>
#include <set>

namespace meridian::ui {

RemoveItemsCommand::RemoveItemsCommand(Document* doc, const std::vector<std::string>& nodeIds,
                                       const std::vector<std::string>& linkIds,
                                       QUndoCommand* parent)
    : QUndoCommand(parent), m_doc(doc)
{
    const auto allNodes = doc->withDescendants(nodeIds);
    const std::set<std::string> deadNodes(allNodes.begin(), allNodes.end());
    std::set<std::string> deadLinks(linkIds.begin(), linkIds.end());
    for (const auto& n : allNodes)
        for (auto& l : doc->linksOfNode(n))
            deadLinks.insert(l);
    // Record in engine index order so that restoreItems() can merge them back in place.
    const auto& topo = doc->topology();
    for (std::size_t i = 0; i < topo.nodeCount(); ++i) {
        const auto& n = topo.node(NodeId::fromIndex(i));
        if (deadNodes.count(n.id))
            m_nodes.emplace_back(i, n);
    }
    for (std::size_t i = 0; i < topo.linkCount(); ++i) {
        const auto& l = topo.link(LinkId::fromIndex(i));
        if (deadLinks.count(l.id))
            m_links.emplace_back(i, l);
    }
    setText(QCoreApplication::translate("Commands", "Delete %n node(s)", nullptr,
                                        static_cast<int>(m_nodes.size())) +
            QCoreApplication::translate("Commands", ", %n link(s)", nullptr,
                                        static_cast<int>(m_links.size())));
}

void RemoveItemsCommand::redo()
{
    std::vector<std::string> nodes;
    std::vector<std::string> links;
    for (const auto& [i, n] : m_nodes)
        nodes.push_back(n.id);
    for (const auto& [i, l] : m_links)
        links.push_back(l.id);
    m_doc->removeItems(nodes, links);
}

void RemoveItemsCommand::undo()
{
    m_doc->restoreItems(m_nodes, m_links);
}

} // namespace meridian::ui
