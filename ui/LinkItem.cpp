#include "ui/LinkItem.hpp"

#include "meridian/core/Units.hpp"
#include "ui/NodeItem.hpp"

#include <QPainter>
#include <QStyleOptionGraphicsItem>
#include <algorithm>
#include <cmath>

namespace meridian::ui {

namespace {
/// Liang–Barsky clipping of a segment to a rectangle; false if nothing is inside. Drawing
/// only the visible part matters when zoomed in: the raster engine's cost of an antialiased
/// line grows with its length in device pixels, and a WAN link can be 10⁵ px long at 200 %.
bool clipLine(QLineF& line, const QRectF& r)
{
    qreal t0 = 0, t1 = 1;
    const qreal dx = line.dx(), dy = line.dy();
    const qreal p[4] = {-dx, dx, -dy, dy};
    const qreal q[4] = {line.x1() - r.left(), r.right() - line.x1(), line.y1() - r.top(),
                        r.bottom() - line.y1()};
    for (int i = 0; i < 4; ++i) {
        if (qFuzzyIsNull(p[i])) {
            if (q[i] < 0)
                return false;
            continue;
        }
        const qreal t = q[i] / p[i];
        if (p[i] < 0)
            t0 = std::max(t0, t);
        else
            t1 = std::min(t1, t);
        if (t0 > t1)
            return false;
    }
    const QPointF a = line.p1();
    line = QLineF(a + QPointF(dx, dy) * t0, a + QPointF(dx, dy) * t1);
    return true;
}

constexpr qreal kLabelMaxScale = 2.5; // same readable-size rule as node names
constexpr qreal kLabelLod = 0.4;
constexpr qreal kParallelGap = 10.0;

QFont linkFont()
{
    QFont f;
    f.setPointSizeF(7.5);
    return f;
}
} // namespace

LinkItem::LinkItem(const topology::LinkAttributes& attrs, NodeItem* a, NodeItem* b) : m_a(a), m_b(b)
{
    // Extended option: paint() receives the exposed rectangle, used to clip long lines.
    setFlags(ItemIsSelectable | ItemUsesExtendedStyleOption);
    setZValue(0.0);
    m_a->links().append(this);
    if (m_b != m_a)
        m_b->links().append(this);
    setAttributes(attrs);
}

LinkItem::~LinkItem()
{
    m_a->links().removeOne(this);
    m_b->links().removeOne(this);
}

void LinkItem::setAttributes(const topology::LinkAttributes& attrs)
{
    m_id = attrs.id;
    const double bps = attrs.params.bandwidth_bps;
    m_label = QString::fromStdString(units::formatBandwidth(bps));
    if (attrs.params.delay_s > 0)
        m_label += QStringLiteral(" · ") +
                   QString::fromStdString(units::formatDuration(attrs.params.delay_s));
    // Width: 1 px at ≤ 1 Gbit/s, +0.8 per decade, capped at 5.
    m_width = std::clamp(1.0 + 0.8 * std::log10(std::max(bps, 1e9) / 1e9), 1.0, 5.0);
    m_asymmetric = !attrs.reverse.empty();
    m_scheduled = !attrs.schedule.empty();
    adjust();
}

void LinkItem::setParallelOffset(int index)
{
    m_offset = index;
    adjust();
}

void LinkItem::adjust()
{
    NodeItem* va = m_a->visibleNode();
    NodeItem* vb = m_b->visibleNode();
    // Both ends inside the same collapsed centre: the link is internal to the card.
    setVisible(va != vb && va->isVisible() && vb->isVisible());
    const QPointF ca = va->anchor();
    const QPointF cb = vb->anchor();
    QPointF pa = va->isCenter() ? va->borderPoint(cb) : ca;
    QPointF pb = vb->isCenter() ? vb->borderPoint(ca) : cb;
    if (m_offset != 0) {
        QLineF l(pa, pb);
        const QPointF n = l.length() > 0 ? QPointF(-l.dy(), l.dx()) / l.length() : QPointF();
        pa += n * (m_offset * kParallelGap);
        pb += n * (m_offset * kParallelGap);
    }
    prepareGeometryChange();
    // Item coordinates are scene coordinates (pos stays 0): cheap, and BSP indexing sees the
    // true extent of the line.
    m_line = QLineF(pa, pb);
    const QFontMetricsF fm(linkFont());
    const qreal lw = (fm.horizontalAdvance(m_label) + 10) * kLabelMaxScale;
    const qreal lh = (fm.height() + 4) * kLabelMaxScale;
    const QPointF mid = m_line.center();
    m_bounds =
        QRectF(pa, pb).normalized().adjusted(-m_width - 4, -m_width - 4, m_width + 4, m_width + 4);
    // Labels of parallel links are pushed apart by up to one label height each.
    const qreal spread = std::abs(m_offset) * lh;
    m_bounds |= QRectF(mid.x() - lw / 2, mid.y() - lh / 2, lw, lh)
                    .adjusted(-spread, -spread, spread, spread);
}

QRectF LinkItem::boundingRect() const
{
    return m_bounds;
}

QPainterPath LinkItem::shape() const
{
    QPainterPath p(m_line.p1());
    p.lineTo(m_line.p2());
    QPainterPathStroker s;
    s.setWidth(std::max<qreal>(8.0, m_width + 6));
    return s.createStroke(p);
}

void LinkItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*)
{
    const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
    const bool selected = isSelected();
    QColor c = selected ? QColor(0xff, 0x8c, 0x00) : QColor(0x55, 0x62, 0x73);
    QLineF visible = m_line;
    if (!option->exposedRect.isEmpty() &&
        !clipLine(visible, option->exposedRect.adjusted(-m_width, -m_width, m_width, m_width)))
        visible = QLineF();
    if (lod < 0.15) {
        painter->setPen(QPen(c, 0)); // cosmetic hairline: nothing else is legible this far out
        if (!visible.isNull())
            painter->drawLine(visible);
        return;
    }
    // Width in device pixels, drawn with a cosmetic pen: the raster engine strokes cosmetic
    // lines with its fast line stroker, whereas a scaled wide pen goes through the general
    // path stroker and polygon rasteriser — 10–50× slower for the long trunk lines of a
    // large fabric crossing the whole viewport.
    const qreal deviceLength = m_line.length() * lod;
    painter->setRenderHint(QPainter::Antialiasing, deviceLength < 3000);
    QPen pen(c, std::clamp((selected ? m_width + 1.5 : m_width) * lod, 1.0, 8.0));
    pen.setCosmetic(true);
    pen.setCapStyle(Qt::RoundCap);
    if (m_scheduled)
        pen.setStyle(Qt::DashLine); // attributes change over time
    painter->setPen(pen);
    if (!visible.isNull())
        painter->drawLine(visible);
    if (lod < kLabelLod)
        return;
    const qreal s = std::clamp(1.0 / lod, 1.0, kLabelMaxScale);
    // Only label a link whose on-screen length leaves room around the label (the label is
    // about 9 px × characters wide at any zoom): short links in dense areas stay readable.
    if (deviceLength < QFontMetricsF(linkFont()).horizontalAdvance(m_label) * s * lod * 1.8)
        return;
    const QFontMetricsF fm(linkFont());
    QPointF centre = m_line.center();
    if (m_offset != 0 && m_line.length() > 0) {
        // Parallel links are kParallelGap apart; their labels need a whole label height
        // (on screen) between them, so move each label further out along the normal.
        const QPointF n = QPointF(-m_line.dy(), m_line.dx()) / m_line.length();
        const qreal labelH = (fm.height() + 6) * s;
        centre += n * (m_offset * std::max<qreal>(0.0, labelH - kParallelGap));
    }
    painter->save();
    painter->translate(centre);
    painter->scale(s, s);
    painter->setFont(linkFont());
    const QString text = m_asymmetric ? m_label + QStringLiteral(" ⇄") : m_label;
    const qreal w = fm.horizontalAdvance(text) + 10;
    const QRectF r(-w / 2, -(fm.height() + 4) / 2, w, fm.height() + 4);
    painter->setPen(QPen(selected ? c : QColor(0xc8, 0xcf, 0xd8), 1));
    painter->setBrush(QColor(255, 255, 255, 235));
    painter->drawRoundedRect(r, r.height() / 2, r.height() / 2);
    painter->setPen(QColor(0x2a, 0x33, 0x40));
    painter->drawText(r, Qt::AlignCenter, text);
    painter->restore();
}

} // namespace meridian::ui
