#include "ui/PastePosition.hpp"

#include <QAbstractScrollArea>
#include <QApplication>
#include <QContextMenuEvent>
#include <QEnterEvent>
#include <QMouseEvent>

namespace meridian::ui {

PastePosition::PastePosition(QAbstractScrollArea* view, QObject* parent)
    : QObject(parent), m_viewport(view->viewport())
{
    view->viewport()->setMouseTracking(true);
    view->viewport()->installEventFilter(this);
}

bool PastePosition::eventFilter(QObject* watched, QEvent* event)
{
    if (watched != m_viewport)
        return false;
    switch (event->type()) {
    case QEvent::Enter:
        m_pos = static_cast<QEnterEvent*>(event)->position().toPoint();
        break;
    case QEvent::MouseMove:
    case QEvent::MouseButtonPress:
    case QEvent::MouseButtonRelease:
        m_pos = static_cast<QMouseEvent*>(event)->position().toPoint();
        break;
    case QEvent::ContextMenu:
        m_pos = static_cast<QContextMenuEvent*>(event)->pos();
        break;
    case QEvent::Leave:
        // Opening the context menu takes the pointer "out" of the viewport: keep the spot.
        if (!QApplication::activePopupWidget())
            m_pos.reset();
        break;
    default:
        break;
    }
    return false;
}

} // namespace meridian::ui
