#pragma once
// Replaces the attributes of one or more links (property editor; one command per edit).

#include "meridian/topology/Attributes.hpp"

#include <QUndoCommand>
#include <vector>

namespace meridian::ui {

class Document;

class ChangeLinkAttributesCommand : public QUndoCommand
{
public:
    ChangeLinkAttributesCommand(Document* doc, std::vector<topology::LinkAttributes> before,
                                std::vector<topology::LinkAttributes> after, const QString& text,
                                QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    Document* m_doc = nullptr;
    std::vector<topology::LinkAttributes> m_before;
    std::vector<topology::LinkAttributes> m_after;
};

} // namespace meridian::ui
