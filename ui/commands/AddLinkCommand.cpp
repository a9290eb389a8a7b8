#include "ui/commands/AddLinkCommand.hpp"

#include "ui/Document.hpp"

#include <QCoreApplication>

namespace meridian::ui {

AddLinkCommand::AddLinkCommand(Document* doc, topology::LinkAttributes attrs, QUndoCommand* parent)
    : QUndoCommand(parent), m_doc(doc), m_attrs(std::move(attrs))
{
    setText(QCoreApplication::translate("Commands", "Connect %1 – %2")
                .arg(QString::fromStdString(m_attrs.a), QString::fromStdString(m_attrs.b)));
}

void AddLinkCommand::redo()
{
    m_doc->insertLink(m_attrs);
}

void AddLinkCommand::undo()
{
    m_doc->removeItems({}, {m_attrs.id});
}

} // namespace meridian::ui
