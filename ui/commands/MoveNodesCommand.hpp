#pragma once
// Moves nodes (and may change their parent centre, e.g. a GPU dragged into a centre).
// Consecutive keyboard nudges of the same set of nodes merge into one undo step (id()/mergeWith()),
// so nudging with the arrow keys is undone at once.

#include "ui/Document.hpp"

#include <QUndoCommand>
#include <vector>

namespace meridian::ui {

class MoveNodesCommand : public QUndoCommand
{
public:
    /// `before` and `after` list the same ids in the same order.
    /// `mergeable` moves (keyboard nudges) fold into the previous mergeable move of the same
    /// nodes; mouse drags are never merged, each is its own undo step.
    MoveNodesCommand(Document* doc, std::vector<NodePlacement> before,
                     std::vector<NodePlacement> after, bool mergeable = false,
                     QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand* other) override;

private:
    Document* m_doc = nullptr;
    std::vector<NodePlacement> m_before;
    std::vector<NodePlacement> m_after;
    bool m_mergeable = false;
};

} // namespace meridian::ui
