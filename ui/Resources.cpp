#include "ui/Resources.hpp"

#include <QApplication>
#include <QFont>
#include <QPalette>
#include <QStyleFactory>
#include <QtGlobal>

// Q_INIT_RESOURCE must be used outside any namespace.
static void initMeridianResources()
{
    Q_INIT_RESOURCE(meridian);
}

namespace meridian::ui {

void initResources()
{
    static const bool done = [] {
        initMeridianResources();
        return true;
    }();
    (void)done;
}

void applyLook(QApplication& app)
{
    app.setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QPalette p = app.palette();
    p.setColor(QPalette::Window, QColor(0xf3, 0xf5, 0xf8));
    p.setColor(QPalette::Base, Qt::white);
    p.setColor(QPalette::AlternateBase, QColor(0xf6, 0xf8, 0xfb));
    p.setColor(QPalette::Button, QColor(0xf7, 0xf8, 0xfa));
    p.setColor(QPalette::Highlight, QColor(0x2f, 0x6f, 0xb5));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Mid, QColor(0x8a, 0x94, 0xa3));
    app.setPalette(p);
    QFont f = app.font();
    if (f.pointSizeF() < 9.5)
        f.setPointSizeF(9.5);
    app.setFont(f);
}

} // namespace meridian::ui
