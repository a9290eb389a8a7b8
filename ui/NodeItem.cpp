#include "ui/NodeItem.hpp"

#include "meridian/core/Units.hpp"
#include "ui/LinkItem.hpp"
#include "ui/NodeStyle.hpp"
#include "ui/TopologyScene.hpp"

#include <QPainter>
#include <QStyleOptionGraphicsItem>
#include <algorithm>
#include <cmath>

namespace meridian::ui {

namespace {
constexpr qreal kTile = NodeItem::kTile;
constexpr qreal kCenterW = 190.0; // centre card size when collapsed or empty
constexpr qreal kCenterH = 96.0;
constexpr qreal kCenterPad = 26.0;    // room around children inside a centre box
constexpr qreal kCenterHeader = 30.0; // title strip of an expanded centre
constexpr qreal kLabelLod = 0.25;     // below this zoom, centre titles are skipped
constexpr qreal kDetailLod = NodeItem::kDetailLod;

QFont titleFont()
{
    QFont f;
    f.setPointSizeF(8.5);
    return f;
}
} // namespace

QFont NodeItem::labelFont()
{
    QFont f;
    f.setPixelSize(11);
    return f;
}

NodeItem::NodeItem(const topology::NodeAttributes& attrs)
{
    setFlags(ItemIsSelectable | ItemSendsGeometryChanges);
    // The cache mode (device-space cache when zoomed in) is set by the scene: see
    // TopologyScene::setNodeCaching.
    setAttributes(attrs);
}

void NodeItem::setAttributes(const topology::NodeAttributes& attrs)
{
    m_id = attrs.id;
    m_kind = attrs.kind;
    m_name = QString::fromStdString(attrs.name.empty() ? attrs.id : attrs.name);
    m_collapsed = attrs.collapsed;
    if (isCenter()) {
        m_ownGpus = attrs.gpu_count;
        m_ownModel = QString::fromStdString(attrs.gpu_model);
        m_fabricText = attrs.fabric
                           ? QStringLiteral("%1 · %2").arg(
                                 QString::fromStdString(std::string(toString(attrs.fabric->shape))),
                                 QString::fromStdString(
                                     units::formatBandwidth(attrs.fabric->link_bandwidth_bps)))
                           : QString();
        updateSummary();
        setZValue(-10.0);
    } else {
        m_summary = attrs.kind == topology::NodeKind::Gpu && !attrs.gpu_model.empty()
                        ? QString::fromStdString(attrs.gpu_model)
                        : QString();
        setZValue(10.0);
    }
    m_labelWidthPx = -1;
    setPos(attrs.pos[0], attrs.pos[1]);
    updateGeometry();
}

qreal NodeItem::labelWidthPx() const
{
    if (m_labelWidthPx < 0) {
        const QFontMetricsF fm(labelFont());
        m_labelWidthPx = std::max(fm.horizontalAdvance(m_name), fm.horizontalAdvance(m_summary));
    }
    return m_labelWidthPx;
}

void NodeItem::setExplicitGpus(int count, const QStringList& models)
{
    if (count == m_explicitGpus && models == m_explicitModels)
        return;
    m_explicitGpus = count;
    m_explicitModels = models;
    updateSummary();
    updateGeometry();
}

void NodeItem::updateSummary()
{
    const auto gpuText = [](int n, const QString& model) {
        if (model.isEmpty())
            return n == 1 ? QStringLiteral("1 GPU") : QStringLiteral("%1 GPUs").arg(n);
        return QStringLiteral("%1 × %2").arg(n).arg(model);
    };
    QStringList parts;
    if (m_explicitGpus > 0)
        parts << gpuText(m_explicitGpus, m_explicitModels.isEmpty()
                                             ? m_ownModel
                                             : m_explicitModels.join(QStringLiteral(", ")));
    else if (m_ownGpus > 0)
        parts << gpuText(m_ownGpus, m_ownModel);
    if (!m_fabricText.isEmpty())
        parts << m_fabricText;
    m_summary = parts.join(QLatin1Char('\n'));
    m_labelWidthPx = -1;
}

void NodeItem::setChildrenBounds(const QRectF& sceneBounds)
{
    if (sceneBounds == m_childrenBounds)
        return;
    m_childrenBounds = sceneBounds;
    updateGeometry();
}

void NodeItem::updateGeometry()
{
    prepareGeometryChange();
    if (isCenter()) {
        QRectF box(-kCenterW / 2, -kCenterH / 2, kCenterW, kCenterH);
        if (!m_collapsed && m_childrenBounds.isValid()) {
            const QRectF inner = m_childrenBounds.translated(-pos());
            box = inner.adjusted(-kCenterPad, -kCenterPad - kCenterHeader, kCenterPad, kCenterPad);
            // Keep the title readable even around a single child.
            if (box.width() < kCenterW)
                box.adjust(-(kCenterW - box.width()) / 2, 0, (kCenterW - box.width()) / 2, 0);
        }
        m_box = box;
        m_bounds = box.adjusted(-3, -3, 3, 3);
    } else {
        m_box = QRectF(-kTile / 2, -kTile / 2, kTile, kTile);
        m_bounds = m_box.adjusted(-3, -3, 3, 3); // room for the selection frame
    }
    update();
}

QRectF NodeItem::boundingRect() const
{
    return m_bounds;
}

QPainterPath NodeItem::shape() const
{
    QPainterPath p;
    if (isCenter() && !m_collapsed && m_childrenBounds.isValid()) {
        // An expanded centre is picked by its frame and title, so that clicks inside reach
        // the children and rubber bands can start in the empty area of the box.
        QPainterPath outer;
        outer.addRoundedRect(m_box, 12, 12);
        QPainterPath inner;
        inner.addRect(m_box.adjusted(8, kCenterHeader, -8, -8));
        return outer.subtracted(inner);
    }
    p.addRoundedRect(m_box, 8, 8);
    return p;
}

void NodeItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*)
{
    const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
    if (isCenter())
        paintCenter(painter, lod);
    else
        paintDevice(painter, lod);
}

void NodeItem::paintDevice(QPainter* painter, qreal lod)
{
    const QColor c = NodeStyle::color(m_kind);
    const bool selected = isSelected();
    if (lod < kDetailLod) {
        painter->fillRect(m_box, selected ? QColor(0xff, 0x8c, 0x00) : c);
        return;
    }
    const bool fine = lod >= kCacheLod;
    painter->setRenderHint(QPainter::Antialiasing, fine);
    QPen frame(selected ? QColor(0xff, 0x8c, 0x00) : c.darker(130), selected ? 3 : 1.2);
    if (!fine) {
        frame.setWidthF(selected ? 2 : 0); // cosmetic: 1 px
        frame.setCosmetic(true);
    }
    painter->setPen(frame);
    painter->setBrush(Qt::white);
    if (fine)
        painter->drawRoundedRect(m_box, 8, 8);
    else
        painter->drawRect(m_box);
    const int px = std::clamp(static_cast<int>(std::ceil(kTile * lod * 0.8)), 8, 256);
    const QRectF iconRect = m_box.adjusted(5, 5, -5, -5);
    painter->setRenderHint(QPainter::SmoothPixmapTransform, fine);
    NodeStyle::drawIcon(painter, m_kind, iconRect, px);
}

void NodeItem::paintCenter(QPainter* painter, qreal lod)
{
    const QColor c = NodeStyle::color(m_kind);
    const bool selected = isSelected();
    const QColor border = selected ? QColor(0xff, 0x8c, 0x00) : c;
    if (lod < kDetailLod) {
        painter->setPen(QPen(border, 0));
        painter->setBrush(QColor(c.red(), c.green(), c.blue(), 40));
        painter->drawRect(m_box);
        return;
    }
    painter->setRenderHint(QPainter::Antialiasing);
    const bool card = m_collapsed || !m_childrenBounds.isValid();
    painter->setPen(QPen(border, selected ? 3 : 1.6, card ? Qt::SolidLine : Qt::SolidLine));
    painter->setBrush(card ? QColor(0xf4, 0xf8, 0xfd) : QColor(c.red(), c.green(), c.blue(), 22));
    painter->drawRoundedRect(m_box, 12, 12);
    // Title strip with icon and name.
    const QRectF header(m_box.left(), m_box.top(), m_box.width(), kCenterHeader);
    QPainterPath strip;
    strip.addRoundedRect(header, 12, 12);
    QPainterPath lower;
    lower.addRect(header.adjusted(0, header.height() / 2, 0, 0));
    painter->setPen(Qt::NoPen);
    painter->setBrush(c);
    painter->drawPath(strip.united(lower));
    const int px = std::clamp(static_cast<int>(std::ceil(22 * lod)), 8, 128);
    painter->setRenderHint(QPainter::SmoothPixmapTransform);
    const QRectF iconRect(header.left() + 6, header.top() + 4, 22, 22);
    painter->setBrush(QColor(255, 255, 255, 230));
    painter->drawRoundedRect(iconRect.adjusted(-1, -1, 1, 1), 4, 4);
    NodeStyle::drawIcon(painter, m_kind, iconRect, px);
    if (lod < kLabelLod)
        return;
    QFont bold = titleFont();
    bold.setBold(true);
    bold.setPointSizeF(9.5);
    painter->setFont(bold);
    painter->setPen(Qt::white);
    const QRectF titleRect = header.adjusted(34, 0, -24, 0);
    painter->drawText(titleRect, Qt::AlignVCenter | Qt::AlignLeft,
                      QFontMetricsF(bold).elidedText(m_name, Qt::ElideRight, titleRect.width()));
    // Collapse indicator ▸ / ▾.
    painter->drawText(header.adjusted(0, 0, -8, 0), Qt::AlignVCenter | Qt::AlignRight,
                      m_collapsed ? QStringLiteral("▸") : QStringLiteral("▾"));
    if (card && !m_summary.isEmpty()) {
        painter->setFont(titleFont());
        painter->setPen(QColor(0x22, 0x28, 0x30));
        painter->drawText(m_box.adjusted(10, kCenterHeader + 4, -10, -6),
                          Qt::AlignCenter | Qt::TextWordWrap, m_summary);
    }
}

NodeItem* NodeItem::visibleNode()
{
    NodeItem* shown = this;
    for (NodeItem* p = m_container; p; p = p->m_container)
        if (p->m_collapsed)
            shown = p;
    return shown;
}

QPointF NodeItem::anchor() const
{
    return mapToScene(m_box.center());
}

QPointF NodeItem::borderPoint(const QPointF& towards) const
{
    const QRectF r = mapRectToScene(m_box);
    const QPointF c = r.center();
    const QPointF d = towards - c;
    if (qFuzzyIsNull(d.x()) && qFuzzyIsNull(d.y()))
        return c;
    // Scale the direction so that it just reaches the box edge (ray/rectangle exit point).
    const qreal tx = qFuzzyIsNull(d.x()) ? 1e9 : (r.width() / 2) / std::abs(d.x());
    const qreal ty = qFuzzyIsNull(d.y()) ? 1e9 : (r.height() / 2) / std::abs(d.y());
    const qreal t = std::min({tx, ty, 1.0});
    return c + d * t;
}

QVariant NodeItem::itemChange(GraphicsItemChange change, const QVariant& value)
{
    if (change == ItemPositionHasChanged) {
        TopologyScene::labelGeometryChanged(scene());
        for (LinkItem* l : std::as_const(m_links))
            l->adjust();
        if (isCenter() && m_childrenBounds.isValid())
            updateGeometry(); // the box is stored relative to pos; children bounds are absolute
    }
    return QGraphicsItem::itemChange(change, value);
}

} // namespace meridian::ui
