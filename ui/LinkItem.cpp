#include "ui/LinkItem.hpp"

#include "meridian/core/Units.hpp"
#include "ui/NodeItem.hpp"
#include "ui/TopologyScene.hpp"

#include <QHash>
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

constexpr qreal kParallelGap = 10.0;
constexpr qreal kClipPx = 2000.0; // lines longer than this on screen are clipped first

/// Width of a label in the label font. Labels repeat ("100 Gbit/s · 1 µs" on all 24,576
/// links of a fat-tree) and shaping one costs microseconds: 10 % of opening such a file.
qreal labelWidthOf(const QString& text)
{
    static QHash<QString, qreal> cache;
    auto it = cache.constFind(text);
    if (it != cache.constEnd())
        return *it;
    if (cache.size() > 4096)
        cache.clear();
    const qreal w = QFontMetricsF(LinkItem::labelFont()).horizontalAdvance(text);
    cache.insert(text, w);
    return w;
}
} // namespace

QFont LinkItem::labelFont()
{
    QFont f;
    f.setPixelSize(10);
    return f;
}

LinkItem::Detail LinkItem::detailFor(qreal lod, qreal deviceLength)
{
    if (lod < kDetailLod || deviceLength < kHairlinePx)
        return Detail::Hairline;
    if (deviceLength > kPlainPx)
        return Detail::Plain;
    return Detail::Full;
}

QString LinkItem::displayLabel() const
{
    return m_asymmetric ? m_label + QStringLiteral(" ⇄") : m_label;
}

LinkItem::LinkItem(const topology::LinkAttributes& attrs, NodeItem* a, NodeItem* b) : m_a(a), m_b(b)
{
    // No ItemUsesExtendedStyleOption: computing every item's exposed rectangle costs more
    // than the few long lines it would clip (paint() clips those to the device itself).
    setFlags(ItemIsSelectable);
    setZValue(0.0);
    m_a->links().append(this);
    if (m_b != m_a)
        m_b->links().append(this);
    setAttributes(attrs);
}

LinkItem::~LinkItem()
{
    if (m_a)
        m_a->links().removeOne(this);
    if (m_b)
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
    m_bandwidth_bps = bps;
    m_labelWidthPx = labelWidthOf(displayLabel());
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
    TopologyScene::labelGeometryChanged(scene());
    m_bounds =
        QRectF(pa, pb).normalized().adjusted(-m_width - 4, -m_width - 4, m_width + 4, m_width + 4);
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

void LinkItem::setUtilisation(double utilisation)
{
    const double u = utilisation < 0.0 ? -1.0 : std::min(utilisation, 1.0);
    if (u == m_utilisation)
        return;
    m_utilisation = u;
    update();
}

QColor LinkItem::utilisationColor(double utilisation)
{
    const double u = std::clamp(utilisation, 0.0, 1.0);
    // Two linear ramps in RGB: green (46,160,67) → amber (240,180,0) → red (215,38,38).
    auto mix = [](int a, int b, double t) {
        return static_cast<int>(std::lround(a + (b - a) * t));
    };
    if (u <= 0.5) {
        const double t = u / 0.5;
        return {mix(46, 240, t), mix(160, 180, t), mix(67, 0, t)};
    }
    const double t = (u - 0.5) / 0.5;
    return {mix(240, 215, t), mix(180, 38, t), mix(0, 38, t)};
}

void LinkItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*)
{
    const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
    const bool selected = isSelected();
    const bool overlay = m_utilisation >= 0.0;
    const QColor c = selected  ? QColor(0xff, 0x8c, 0x00)
                     : overlay ? utilisationColor(m_utilisation)
                               : QColor(0x55, 0x62, 0x73);
    const qreal deviceLength = m_line.length() * lod;
    QLineF visible = m_line;
    if (deviceLength > kClipPx) {
        // Long on screen: draw only the part over the paint device. The cost of a stroke
        // grows with its length in device pixels, and a WAN link can be 10⁵ px long at 800 %.
        const QRectF device(0, 0, painter->device()->width(), painter->device()->height());
        const QRectF r = painter->worldTransform().inverted().mapRect(device);
        if (!clipLine(visible, r.adjusted(-m_width, -m_width, m_width, m_width)))
            return;
    }
    const Detail detail = detailFor(lod, deviceLength);
    // Pens are cosmetic (width in device pixels): the raster engine strokes them with its
    // line rasteriser, whereas a scaled wide pen goes through the general path stroker —
    // 10–50× slower for the long trunk lines of a large fabric crossing the viewport.
    if (detail == Detail::Hairline) {
        painter->setRenderHint(QPainter::Antialiasing, false);
        painter->setPen(QPen(c, 0)); // nothing else is legible this far out / this short
        painter->drawLine(visible);
        return;
    }
    // Whole device pixels; 1 px is drawn as a width-0 cosmetic pen, which the raster engine
    // draws with its line rasteriser — a width of 1.04 would take the general stroker, at
    // 5–10× the cost, for no visible difference.
    // A run's overlay widens the line by up to 4 units at full utilisation (within bounds).
    const qreal base = (selected ? m_width + 1.5 : m_width) + (overlay ? 4.0 * m_utilisation : 0.0);
    const qreal widthPx = std::round(std::clamp(base * lod, overlay ? 2.0 : 1.0, 10.0));
    QPen pen(c, widthPx <= 1 ? 0.0 : widthPx);
    pen.setCosmetic(true);
    painter->setRenderHint(QPainter::Antialiasing, detail == Detail::Full);
    pen.setCapStyle(detail == Detail::Full ? Qt::RoundCap : Qt::FlatCap);
    if (m_scheduled)
        pen.setStyle(Qt::DashLine); // attributes change over time
    painter->setPen(pen);
    painter->drawLine(visible);
}

} // namespace meridian::ui
