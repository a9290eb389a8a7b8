#include "ui/commands/ChangeExperimentCommand.hpp"

#include "ui/Document.hpp"

namespace meridian::ui {

ChangeExperimentCommand::ChangeExperimentCommand(Document* doc, nlohmann::json before,
                                                 nlohmann::json after, const QString& text,
                                                 QUndoCommand* parent)
    : QUndoCommand(text, parent), m_doc(doc), m_before(std::move(before)), m_after(std::move(after))
{}

void ChangeExperimentCommand::redo()
{
    m_doc->setExperiment(m_after);
}

void ChangeExperimentCommand::undo()
{
    m_doc->setExperiment(m_before);
}

} // namespace meridian::ui
