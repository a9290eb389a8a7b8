#pragma once
// Replaces the attributes of one or more nodes (property editor; a multi-selection edit is
// one command).

#include "meridian/topology/Attributes.hpp"

#include <QUndoCommand>
#include <vector>

namespace meridian::ui {

class Document;

class ChangeNodeAttributesCommand : public QUndoCommand
{
public:
    /// `before[i]` and `after[i]` describe the same node (ids may differ for a rename).
    ChangeNodeAttributesCommand(Document* doc, std::vector<topology::NodeAttributes> before,
                                std::vector<topology::NodeAttributes> after, const QString& text,
                                QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    Document* m_doc = nullptr;
    std::vector<topology::NodeAttributes> m_before;
    std::vector<topology::NodeAttributes> m_after;
};

} // namespace meridian::ui
