// The canvas scene's drawing around its items (TopologyScene.hpp): the grid behind them and
// the labels in front — device names and link labels placed in device space without
// overlaps (docs/gui.md "Labels").
#include "ui/LinkItem.hpp"
#include "ui/NodeItem.hpp"
#include "ui/StdText.hpp"
#include "ui/TopologyScene.hpp"

#include <QPainter>
#include <QStyleOptionGraphicsItem>
#include <algorithm>
#include <array>
#include <cmath>

namespace meridian::ui {

void TopologyScene::drawBackground(QPainter* painter, const QRectF& rect)
{
    painter->fillRect(rect, QColor(0xfa, 0xfb, 0xfd));
    if (!m_gridVisible)
        return;
    // Grid lines at the snap step, coarsened by 5× until they are at least 8 px apart.
    const qreal scale = painter->worldTransform().m11();
    qreal step = gridSize();
    while (step * scale < 8.0)
        step *= 5.0;
    const qreal major = step * 5.0;
    QPen minorPen(QColor(0xec, 0xef, 0xf3), 0);
    QPen majorPen(QColor(0xdd, 0xe2, 0xe9), 0);
    QVector<QLineF> minor;
    QVector<QLineF> majorLines;
    const qreal left = std::floor(rect.left() / step) * step;
    const qreal top = std::floor(rect.top() / step) * step;
    for (qreal x = left; x <= rect.right(); x += step)
        (std::fmod(std::abs(x), major) < 1e-6 ? majorLines : minor)
            .append(QLineF(x, rect.top(), x, rect.bottom()));
    for (qreal y = top; y <= rect.bottom(); y += step)
        (std::fmod(std::abs(y), major) < 1e-6 ? majorLines : minor)
            .append(QLineF(rect.left(), y, rect.right(), y));
    painter->setPen(minorPen);
    painter->drawLines(minor);
    painter->setPen(majorPen);
    painter->drawLines(majorLines);
}

// ---- labels ------------------------------------------------------------------------------

namespace {
/// Screen-space occupancy of placed labels and tiles, in 4 px cells: conservative (a label
/// is refused if it touches an occupied cell) and O(label area) per test.
class Occupancy
{
public:
    explicit Occupancy(const QRectF& area) : m_origin(area.topLeft())
    {
        m_cols = std::max(1, static_cast<int>(std::ceil(area.width() / kCell)));
        m_rows = std::max(1, static_cast<int>(std::ceil(area.height() / kCell)));
        m_cells.assign(static_cast<std::size_t>(m_cols) * static_cast<std::size_t>(m_rows), 0);
    }
    bool isFree(const QRectF& r) const
    {
        int x0, y0, x1, y1;
        if (!cellsOf(r, x0, y0, x1, y1))
            return true;
        for (int y = y0; y <= y1; ++y)
            for (int x = x0; x <= x1; ++x)
                if (m_cells[static_cast<std::size_t>(y) * m_cols + x])
                    return false;
        return true;
    }
    void mark(const QRectF& r)
    {
        int x0, y0, x1, y1;
        if (!cellsOf(r, x0, y0, x1, y1))
            return;
        for (int y = y0; y <= y1; ++y)
            std::fill_n(m_cells.begin() + static_cast<std::ptrdiff_t>(y) * m_cols + x0, x1 - x0 + 1,
                        1);
    }

private:
    static constexpr qreal kCell = 4.0;
    static constexpr qreal kEdge = 0.01;
    bool cellsOf(const QRectF& r, int& x0, int& y0, int& x1, int& y1) const
    {
        x0 = std::max(0, static_cast<int>(std::floor((r.left() - m_origin.x()) / kCell)));
        y0 = std::max(0, static_cast<int>(std::floor((r.top() - m_origin.y()) / kCell)));
        // Right and bottom edges are exclusive: rects that only touch do not collide.
        x1 = std::min(m_cols - 1,
                      static_cast<int>(std::floor((r.right() - kEdge - m_origin.x()) / kCell)));
        y1 = std::min(m_rows - 1,
                      static_cast<int>(std::floor((r.bottom() - kEdge - m_origin.y()) / kCell)));
        return x0 <= x1 && y0 <= y1;
    }
    QPointF m_origin;
    int m_cols = 1;
    int m_rows = 1;
    std::vector<unsigned char> m_cells;
};

/// Labels further than this from the repainted area cannot touch it, but are still placed
/// so that a partial repaint (a scrolled-in strip) decides overlaps as the full paint did.
constexpr qreal kLabelMarginPx = 240.0;
} // namespace

void TopologyScene::labelGeometryChanged(QGraphicsScene* scene)
{
    if (auto* s = qobject_cast<TopologyScene*>(scene))
        s->m_labelGeometryDirty = true;
}

void TopologyScene::refreshLabelSlots() const
{
    if (m_labelOrderDirty) {
        m_linkSlots.clear();
        m_linkSlots.reserve(static_cast<std::size_t>(m_links.size()));
        for (LinkItem* l : std::as_const(m_links))
            m_linkSlots.push_back({l, {}, 0, l->labelWidthPx()});
        std::sort(m_linkSlots.begin(), m_linkSlots.end(), [](const LinkSlot& a, const LinkSlot& b) {
            if (a.item->bandwidthBps() != b.item->bandwidthBps())
                return a.item->bandwidthBps() > b.item->bandwidthBps();
            return a.item->linkId() < b.item->linkId();
        });
        m_nodeSlots.clear();
        m_nodeSlots.reserve(static_cast<std::size_t>(m_nodes.size()));
        for (NodeItem* n : std::as_const(m_nodes))
            m_nodeSlots.push_back({n, {}});
        // Id order: deterministic, so that partial repaints agree with full ones.
        std::sort(m_nodeSlots.begin(), m_nodeSlots.end(), [](const NodeSlot& a, const NodeSlot& b) {
            return a.item->nodeId() < b.item->nodeId();
        });
        m_labelOrderDirty = false;
        m_labelGeometryDirty = true;
    }
    if (m_labelGeometryDirty) {
        for (LinkSlot& l : m_linkSlots) {
            const QLineF line = l.item->line();
            l.mid = line.center();
            l.length = line.length();
        }
        for (NodeSlot& n : m_nodeSlots)
            n.pos = n.item->pos();
        m_labelGeometryDirty = false;
    }
}

QList<TopologyScene::Label> TopologyScene::layoutLabels(const QTransform& t,
                                                        const QRectF& deviceArea) const
{
    QList<Label> out;
    const qreal lod = QStyleOptionGraphicsItem::levelOfDetailFromTransform(t);
    if (lod <= 0 || deviceArea.isEmpty())
        return out;
    refreshLabelSlots();
    const QRectF area = deviceArea.adjusted(-kLabelMarginPx, -kLabelMarginPx / 4, kLabelMarginPx,
                                            kLabelMarginPx / 4);
    Occupancy occupied(area);
    const qreal tilePx = NodeItem::kTile * lod;
    const QFontMetricsF fm(NodeItem::labelFont());
    const qreal lineH = fm.height();
    // Nodes near the area: cheap position test first, the item itself only for those.
    // (Nodes are positioned at their tile's centre; centre boxes are tested whole.)
    const QRectF nearArea = area.adjusted(-tilePx, -tilePx - 3 * lineH, tilePx, tilePx);
    std::vector<const NodeItem*> nearNodes;
    // At every zoom: in a dense fabric seen whole, this keeps link labels off the rows of
    // switches and blocks of hosts (they would hide the structure).
    for (const NodeSlot& slot : m_nodeSlots) {
        const NodeItem* n = slot.item;
        if (!nearArea.contains(t.map(slot.pos)) && !n->isCenter())
            continue;
        if (!n->isVisible() || (n->isCenter() && !n->isCollapsed()))
            continue;
        // Node tiles (and collapsed centre cards) are not to be covered by labels.
        const QRectF r = t.mapRect(n->boxSceneRect());
        if (!r.intersects(area))
            continue;
        occupied.mark(r);
        if (!n->isCenter())
            nearNodes.push_back(n);
    }
    // Device names: under their tile, else above, right or left of it (the first free
    // place), else not drawn.
    if (tilePx >= kNameMinTilePx)
        for (const NodeItem* n : nearNodes) {
            const QPointF c = t.map(n->pos());
            const qreal half = tilePx / 2;
            const qreal w = n->labelWidthPx() + 8;
            const qreal h = lineH * n->labelLines() + 2;
            // A gap of one occupancy cell, so that the tile never blocks its own name.
            const std::array<QRectF, 4> candidates = {
                QRectF(c.x() - w / 2, c.y() + half + kNameGapPx, w, h),
                QRectF(c.x() - w / 2, c.y() - half - kNameGapPx - h, w, h),
                QRectF(c.x() + half + kNameGapPx, c.y() - h / 2, w, h),
                QRectF(c.x() - half - kNameGapPx - w, c.y() - h / 2, w, h)};
            for (const QRectF& r : candidates) {
                if (!r.intersects(area) || !occupied.isFree(r))
                    continue;
                occupied.mark(r);
                if (r.intersects(deviceArea)) {
                    const QString text = n->summary().isEmpty()
                                             ? n->name()
                                             : n->name() + QLatin1Char('\n') + n->summary();
                    out.append({false, qs(n->nodeId()), r, text, false});
                }
                break;
            }
        }
    // Link labels, trunks first.
    const QFontMetricsF lfm(LinkItem::labelFont());
    const qreal labelH = lfm.height() + 4;
    const QRectF midArea = area.adjusted(-kLabelMarginPx, -labelH * 8, kLabelMarginPx, labelH * 8);
    for (const LinkSlot& slot : m_linkSlots) {
        const qreal w = slot.labelWidthPx + 10;
        // Necessary conditions on the copies, before the item is touched.
        if (slot.length * lod < w + kLabelRoomPx || !midArea.contains(t.map(slot.mid)))
            continue;
        const LinkItem* l = slot.item;
        if (!l->isVisible())
            continue;
        const QLineF line = t.map(l->line());
        // The link must hold the label between its end tiles (centres: the line already
        // stops at their border).
        qreal usable = line.length();
        for (NodeItem* end : {l->nodeA()->visibleNode(), l->nodeB()->visibleNode()})
            if (!end->isCenter())
                usable -= tilePx / 2;
        if (usable < w + kLabelRoomPx)
            continue;
        QPointF c = line.center();
        if (l->parallelOffset() != 0) {
            // Parallel links: labels a label height apart along the normal.
            const QPointF n = QPointF(-line.dy(), line.dx()) / line.length();
            c += n * (l->parallelOffset() * (labelH + 2));
        }
        const QRectF r(c.x() - w / 2, c.y() - labelH / 2, w, labelH);
        if (!r.intersects(area) || !occupied.isFree(r))
            continue;
        occupied.mark(r);
        if (r.intersects(deviceArea))
            out.append({true, qs(l->linkId()), r, l->displayLabel(), l->isSelected()});
    }
    return out;
}

void TopologyScene::drawForeground(QPainter* painter, const QRectF& rect)
{
    if (!m_labelsVisible)
        return;
    const QTransform t = painter->worldTransform();
    const QList<Label> labels = layoutLabels(t, t.mapRect(rect));
    if (labels.isEmpty())
        return;
    // No filtering by the engine's system clip: it is in the coordinates of the device
    // being painted, which for QWidget::grab()/render() is the whole window's pixmap, not
    // the viewport (labels near the view's top-left edge vanished from screenshots). The
    // clip itself still keeps a scrolled view's repaint to the strips scrolled in.
    painter->save();
    // Device space: the font size on screen does not depend on the zoom.
    painter->setWorldTransform(QTransform());
    painter->setRenderHint(QPainter::Antialiasing, true);
    painter->setRenderHint(QPainter::TextAntialiasing, true);
    const QFont nodeFont = NodeItem::labelFont();
    const QFont linkFont = LinkItem::labelFont();
    const QFontMetricsF nfm(nodeFont);
    const QFontMetricsF lfm(linkFont);
    const QColor linkBorder(0xc8, 0xcf, 0xd8);
    const QColor selectedBorder(0xff, 0x8c, 0x00);
    for (const Label& l : labels) {
        const QRectF& r = l.deviceRect;
        if (l.isLink) {
            painter->setPen(QPen(l.selected ? selectedBorder : linkBorder, 1));
            painter->setBrush(QColor(255, 255, 255, 235));
            painter->drawRoundedRect(r, r.height() / 2, r.height() / 2);
            painter->setFont(linkFont);
            painter->setPen(QColor(0x2a, 0x33, 0x40));
            painter->drawText(QPointF(r.left() + 5, r.top() + 2 + lfm.ascent()), l.text);
        } else {
            painter->setPen(Qt::NoPen);
            painter->setBrush(QColor(255, 255, 255, 215));
            painter->drawRoundedRect(r, 3, 3);
            painter->setFont(nodeFont);
            painter->setPen(QColor(0x22, 0x28, 0x30));
            qreal y = r.top() + 1 + nfm.ascent();
            for (const QString& line : l.text.split(QLatin1Char('\n'))) {
                painter->drawText(QPointF(r.center().x() - nfm.horizontalAdvance(line) / 2, y),
                                  line);
                y += nfm.height();
            }
        }
    }
    painter->restore();
}

} // namespace meridian::ui
