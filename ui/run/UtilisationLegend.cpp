#include "ui/run/UtilisationLegend.hpp"

#include "ui/LinkItem.hpp"

#include <QAbstractScrollArea>
#include <QCoreApplication>
#include <QEvent>
#include <QPainter>

namespace meridian::ui {

namespace {

/// A colour ramp with its scale, as the links are drawn.
QPixmap legendPixmap()
{
    const int w = 220;
    const int h = 44;
    QPixmap pm(w, h);
    pm.fill(QColor(255, 255, 255, 230));
    QPainter p(&pm);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QColor(0x33, 0x33, 0x33));
    QFont f = p.font();
    f.setPixelSize(11);
    p.setFont(f);
    p.drawText(QRect(8, 2, w - 16, 14), Qt::AlignLeft | Qt::AlignVCenter,
               QCoreApplication::translate("RunWorkbench", "Link utilisation (width and colour)"));
    for (int x = 0; x < w - 16; ++x) {
        const double u = static_cast<double>(x) / (w - 17);
        p.setPen(QPen(LinkItem::utilisationColor(u), 1 + 4 * u));
        p.drawLine(QPointF(8 + x, 24 - 2 * u), QPointF(8 + x, 26 + 2 * u));
    }
    p.setPen(QColor(0x33, 0x33, 0x33));
    p.drawText(QRect(8, 30, 40, 12), Qt::AlignLeft, QStringLiteral("0 %"));
    p.drawText(QRect(w / 2 - 20, 30, 40, 12), Qt::AlignHCenter, QStringLiteral("50 %"));
    p.drawText(QRect(w - 58, 30, 50, 12), Qt::AlignRight, QStringLiteral("100 %"));
    p.setPen(QColor(0xbb, 0xbb, 0xbb));
    p.drawRect(0, 0, w - 1, h - 1);
    return pm;
}

} // namespace

UtilisationLegend::UtilisationLegend(QAbstractScrollArea* view) : QLabel(view), m_view(view)
{
    setObjectName(QStringLiteral("utilisationLegend"));
    setPixmap(legendPixmap());
    adjustSize();
    setAttribute(Qt::WA_TransparentForMouseEvents);
    view->installEventFilter(this);
    place();
    setVisible(false);
}

bool UtilisationLegend::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_view && (event->type() == QEvent::Resize || event->type() == QEvent::Show))
        place();
    return QLabel::eventFilter(watched, event);
}

void UtilisationLegend::place()
{
    move(m_view->viewport()->geometry().topLeft() + QPoint(12, 12));
    raise();
}

} // namespace meridian::ui
