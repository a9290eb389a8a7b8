#pragma once
// Replaces the project's "experiment" object (Experiment dock; one command per edit).

#include <QUndoCommand>
#include <nlohmann/json.hpp>

namespace meridian::ui {

class Document;

class ChangeExperimentCommand : public QUndoCommand
{
public:
    ChangeExperimentCommand(Document* doc, nlohmann::json before, nlohmann::json after,
                            const QString& text, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    Document* m_doc = nullptr;
    nlohmann::json m_before;
    nlohmann::json m_after;
};

} // namespace meridian::ui
