#include "ui/commands/AddNodeCommand.hpp"

#include "ui/Document.hpp"

#include <QCoreApplication>

namespace meridian::ui {

AddNodeCommand::AddNodeCommand(Document* doc, topology::NodeAttributes attrs, QUndoCommand* parent)
    : QUndoCommand(parent), m_doc(doc), m_attrs(std::move(attrs))
{
    setText(QCoreApplication::translate("Commands", "Add %1 “%2”")
                .arg(QString::fromUtf8(topology::toString(m_attrs.kind)),
                     QString::fromStdString(m_attrs.id)));
}

void AddNodeCommand::redo()
{
    m_doc->insertNode(m_attrs);
}

void AddNodeCommand::undo()
{
    m_doc->removeItems({m_attrs.id}, {});
}

} // namespace meridian::ui
