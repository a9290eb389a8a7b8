#pragma once
// QUndoCommand::id() values of the commands that merge (QUndoStack calls mergeWith()).

namespace meridian::ui {

enum CommandId : int
{
    kMoveNodesCommandId = 1001
};

} // namespace meridian::ui
