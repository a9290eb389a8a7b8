#include "ui/NodeStyle.hpp"

#include <QCoreApplication>
#include <QHash>
#include <QPaintEngine>
#include <QPainter>
#include <QPointer>
#include <QSvgRenderer>

namespace meridian::ui {

using topology::NodeKind;

QColor NodeStyle::color(NodeKind kind)
{
    switch (kind) {
    case NodeKind::Center:
        return QColor(0x2f, 0x6f, 0xb5);
    case NodeKind::Gpu:
        return QColor(0x3a, 0x9a, 0x4a);
    case NodeKind::Switch:
        return QColor(0x7b, 0x5e, 0xa7);
    case NodeKind::Router:
        return QColor(0xd0, 0x7a, 0x1c);
    case NodeKind::Host:
        return QColor(0x5a, 0x67, 0x78);
    }
    return Qt::gray;
}

QString NodeStyle::label(NodeKind kind)
{
    switch (kind) {
    case NodeKind::Center:
        return QCoreApplication::translate("NodeStyle", "Compute centre");
    case NodeKind::Gpu:
        return QCoreApplication::translate("NodeStyle", "GPU");
    case NodeKind::Switch:
        return QCoreApplication::translate("NodeStyle", "Switch");
    case NodeKind::Router:
        return QCoreApplication::translate("NodeStyle", "Router");
    case NodeKind::Host:
        return QCoreApplication::translate("NodeStyle", "Host");
    }
    return {};
}

QString NodeStyle::idStem(NodeKind kind)
{
    switch (kind) {
    case NodeKind::Center:
        return QStringLiteral("dc");
    case NodeKind::Gpu:
        return QStringLiteral("gpu");
    case NodeKind::Switch:
        return QStringLiteral("sw");
    case NodeKind::Router:
        return QStringLiteral("r");
    case NodeKind::Host:
        return QStringLiteral("host");
    }
    return QStringLiteral("n");
}

QString NodeStyle::iconPath(NodeKind kind)
{
    return QStringLiteral(":/icons/%1.svg").arg(QString::fromUtf8(topology::toString(kind)));
}

QIcon NodeStyle::icon(NodeKind kind)
{
    return QIcon(iconPath(kind));
}

const QPixmap& NodeStyle::pixmap(NodeKind kind, int px)
{
    static QHash<quint64, QPixmap> cache;
    const quint64 key = (static_cast<quint64>(kind) << 32) | static_cast<quint32>(px);
    auto it = cache.find(key);
    if (it == cache.end()) {
        QPixmap pm(px, px);
        pm.fill(Qt::transparent);
        QSvgRenderer svg(iconPath(kind));
        QPainter p(&pm);
        p.setRenderHint(QPainter::Antialiasing);
        svg.render(&p);
        p.end();
        it = cache.insert(key, pm);
    }
    return *it;
}

} // namespace meridian::ui

namespace meridian::ui {

void NodeStyle::drawIcon(QPainter* painter, NodeKind kind, const QRectF& target, int px)
{
    const QPaintEngine* engine = painter->paintEngine();
    const bool vector =
        engine && (engine->type() == QPaintEngine::SVG || engine->type() == QPaintEngine::Pdf ||
                   engine->type() == QPaintEngine::Picture);
    if (!vector) {
        painter->drawPixmap(target, pixmap(kind, px), QRectF(0, 0, px, px));
        return;
    }
    // Exports (SVG, PDF) get the icon as vectors, not as an embedded bitmap. The renderers are
    // reused and owned by the application, which frees them (held only here, they outlived
    // the hash and were leaked at exit).
    static QHash<int, QPointer<QSvgRenderer>> renderers;
    QPointer<QSvgRenderer>& r = renderers[static_cast<int>(kind)];
    if (!r)
        r = new QSvgRenderer(iconPath(kind), QCoreApplication::instance());
    r->render(painter, target);
}

} // namespace meridian::ui
