#include "ui/commands/MoveNodesCommand.hpp"

#include "ui/commands/CommandIds.hpp"

#include <QCoreApplication>

namespace meridian::ui {

MoveNodesCommand::MoveNodesCommand(Document* doc, std::vector<NodePlacement> before,
                                   std::vector<NodePlacement> after, bool mergeable,
                                   QUndoCommand* parent)
    : QUndoCommand(parent), m_doc(doc), m_before(std::move(before)), m_after(std::move(after)),
      m_mergeable(mergeable)
{
    setText(QCoreApplication::translate("Commands", "Move %n node(s)", nullptr,
                                        static_cast<int>(m_after.size())));
}

void MoveNodesCommand::redo()
{
    m_doc->placeNodes(m_after);
}

void MoveNodesCommand::undo()
{
    m_doc->placeNodes(m_before);
}

int MoveNodesCommand::id() const
{
    return kMoveNodesCommandId;
}

bool MoveNodesCommand::mergeWith(const QUndoCommand* other)
{
    const auto* o = static_cast<const MoveNodesCommand*>(other);
    if (!m_mergeable || !o->m_mergeable || o->m_after.size() != m_after.size())
        return false;
    for (std::size_t i = 0; i < m_after.size(); ++i)
        if (o->m_after[i].id != m_after[i].id)
            return false;
    m_after = o->m_after; // keep our `before`: one step back to where the series started
    return true;
}

} // namespace meridian::ui
