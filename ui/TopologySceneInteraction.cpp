// The canvas scene's interaction (TopologyScene.hpp): the gestures that become undo commands
// (add, connect, delete, collapse, nudge) and the mouse — link drawing (Link mode, or Shift+drag),
// dragging the selection (a centre with everything inside it) and dropping devices into
// centres, double-click to collapse. Selection by click and rubber band is QGraphicsScene's;
// the context menus are CanvasView's.
#include "ui/Document.hpp"
#include "ui/NodeItem.hpp"
#include "ui/NodeStyle.hpp"
#include "ui/StdText.hpp"
#include "ui/TopologyScene.hpp"
#include "ui/commands/AddLinkCommand.hpp"
#include "ui/commands/AddNodeCommand.hpp"
#include "ui/commands/ChangeNodeAttributesCommand.hpp"
#include "ui/commands/MoveNodesCommand.hpp"
#include "ui/commands/RemoveItemsCommand.hpp"

#include <QGraphicsLineItem>
#include <QGraphicsSceneMouseEvent>
#include <QUndoStack>

namespace meridian::ui {

using topology::LinkAttributes;
using topology::NodeAttributes;
using topology::NodeKind;

// ---- gestures ------------------------------------------------------------------------------

QString TopologyScene::addNodeAt(NodeKind kind, const QPointF& scenePos)
{
    NodeAttributes a;
    a.kind = kind;
    a.id = m_doc->uniqueNodeId(NodeStyle::idStem(kind).toStdString());
    a.name = a.id;
    const QPointF p = snapped(scenePos);
    a.pos = {p.x(), p.y()};
    switch (kind) {
    case NodeKind::Center:
        a.fabric = topology::FabricSpec{};
        a.gpu_count = 8;
        break;
    case NodeKind::Gpu:
        a.gpu_count = 1;
        break;
    default:
        break;
    }
    if (kind != NodeKind::Center)
        if (NodeItem* c = centerAt(scenePos))
            a.parent = c->nodeId();
    m_doc->undoStack()->push(new AddNodeCommand(m_doc, a));
    return qs(a.id);
}

QString TopologyScene::connectNodes(const std::string& a, const std::string& b)
{
    if (a == b || !m_doc->node(a) || !m_doc->node(b))
        return {};
    LinkAttributes l;
    l.id = m_doc->uniqueLinkId(a + "-" + b);
    l.a = a;
    l.b = b;
    const bool wan =
        m_doc->node(a)->kind == NodeKind::Center || m_doc->node(b)->kind == NodeKind::Center ||
        m_doc->node(a)->kind == NodeKind::Router || m_doc->node(b)->kind == NodeKind::Router;
    // Sensible starting points: a WAN link (10 Gbit/s, 10 ms) or an intra-centre link
    // (100 Gbit/s, 1 µs); the user edits them in the property editor.
    l.params.bandwidth_bps = wan ? 10e9 : 100e9;
    l.params.delay_s = wan ? 10e-3 : 1e-6;
    m_doc->undoStack()->push(new AddLinkCommand(m_doc, l));
    return qs(l.id);
}

void TopologyScene::deleteSelection()
{
    const auto nodes = selectedNodeIds();
    const auto links = selectedLinkIds();
    if (nodes.empty() && links.empty())
        return;
    auto* cmd = new RemoveItemsCommand(m_doc, nodes, links);
    m_doc->undoStack()->push(cmd);
}

bool TopologyScene::canCollapse(const std::string& nodeId) const
{
    const NodeAttributes* n = m_doc->node(nodeId);
    if (!n || n->kind != NodeKind::Center)
        return false;
    return n->collapsed || !m_doc->childrenOf(nodeId).empty();
}

void TopologyScene::toggleCollapsed(const std::string& centerId)
{
    // A centre without children has nothing to hide: no command, no history entry.
    if (!canCollapse(centerId))
        return;
    const NodeAttributes* n = m_doc->node(centerId);
    NodeAttributes after = *n;
    after.collapsed = !n->collapsed;
    m_doc->undoStack()->push(new ChangeNodeAttributesCommand(
        m_doc, {*n}, {after},
        after.collapsed ? tr("Collapse %1").arg(qs(n->id)) : tr("Expand %1").arg(qs(n->id))));
}

void TopologyScene::nudgeSelection(const QPointF& delta)
{
    const auto ids = m_doc->withDescendants(selectedNodeIds());
    if (ids.empty())
        return;
    std::vector<NodePlacement> before;
    std::vector<NodePlacement> after;
    for (const auto& id : ids) {
        const NodeAttributes* n = m_doc->node(id);
        const QPointF p(n->pos[0], n->pos[1]);
        before.push_back({id, p, n->parent});
        after.push_back({id, p + delta, n->parent});
    }
    m_doc->undoStack()->push(new MoveNodesCommand(m_doc, before, after, true));
}

// ---- mouse ---------------------------------------------------------------------------------

void TopologyScene::mousePressEvent(QGraphicsSceneMouseEvent* event)
{
    NodeItem* hit = event->button() == Qt::LeftButton ? nodeAt(event->scenePos()) : nullptr;
    const bool linkGesture = m_mode == Mode::Link || (event->modifiers() & Qt::ShiftModifier) != 0;
    if (hit && linkGesture) {
        m_linkFrom = hit->visibleNode();
        m_rubberLine = new QGraphicsLineItem(QLineF(m_linkFrom->anchor(), event->scenePos()));
        QPen pen(QColor(0x2f, 0x6f, 0xb5), 2, Qt::DashLine);
        pen.setCosmetic(true);
        m_rubberLine->setPen(pen);
        m_rubberLine->setZValue(100);
        addItem(m_rubberLine);
        event->accept();
        return;
    }
    QGraphicsScene::mousePressEvent(event);
    if (hit && hit->isSelected() && m_mode == Mode::Select) {
        // Move the selection; a moving centre takes everything inside it along.
        m_dragPrimary = hit;
        m_dragStart = event->scenePos();
        m_dragMoved = false;
        m_dragItems.clear();
        m_dragStartPos.clear();
        for (const auto& id : m_doc->withDescendants(selectedNodeIds())) {
            NodeItem* n = m_nodes.value(qs(id));
            m_dragItems.append(n);
            m_dragStartPos.append(n->pos());
        }
        event->accept();
    }
}

void TopologyScene::mouseMoveEvent(QGraphicsSceneMouseEvent* event)
{
    if (m_rubberLine) {
        m_rubberLine->setLine(QLineF(m_rubberLine->line().p1(), event->scenePos()));
        return;
    }
    if (m_dragPrimary && (event->buttons() & Qt::LeftButton)) {
        const int i = static_cast<int>(m_dragItems.indexOf(m_dragPrimary));
        const QPointF start = i >= 0 ? m_dragStartPos[i] : m_dragPrimary->pos();
        const QPointF delta = snapped(start + event->scenePos() - m_dragStart) - start;
        if (!m_dragMoved && (event->scenePos() - m_dragStart).manhattanLength() < 3)
            return;
        m_dragMoved = true;
        QSet<NodeItem*> containers;
        for (int k = 0; k < m_dragItems.size(); ++k) {
            m_dragItems[k]->setPos(m_dragStartPos[k] + delta);
            if (m_dragItems[k]->container())
                containers.insert(m_dragItems[k]->container());
        }
        for (NodeItem* c : containers)
            updateCenterBounds(c);
        return;
    }
    QGraphicsScene::mouseMoveEvent(event);
}

void TopologyScene::mouseReleaseEvent(QGraphicsSceneMouseEvent* event)
{
    if (m_rubberLine) {
        delete m_rubberLine;
        m_rubberLine = nullptr;
        NodeItem* to = nodeAt(event->scenePos());
        if (to && m_linkFrom && to->visibleNode() != m_linkFrom)
            connectNodes(m_linkFrom->nodeId(), to->visibleNode()->nodeId());
        m_linkFrom = nullptr;
        return;
    }
    if (m_dragPrimary && m_dragMoved) {
        const QSet<NodeItem*> moving(m_dragItems.begin(), m_dragItems.end());
        std::vector<NodePlacement> before;
        std::vector<NodePlacement> after;
        for (int k = 0; k < m_dragItems.size(); ++k) {
            NodeItem* n = m_dragItems[k];
            const NodeAttributes* a = m_doc->node(n->nodeId());
            std::string parent = a->parent;
            // A dragged device that does not travel with its centre joins the centre it is
            // dropped in (or leaves its centre when dropped outside).
            if (!n->isCenter() && !(n->container() && moving.contains(n->container()))) {
                NodeItem* c = centerAt(n->pos(), moving);
                parent = c ? c->nodeId() : std::string();
            }
            before.push_back({n->nodeId(), m_dragStartPos[k], a->parent});
            after.push_back({n->nodeId(), n->pos(), parent});
        }
        m_dragPrimary = nullptr;
        m_dragItems.clear();
        m_dragStartPos.clear();
        m_doc->undoStack()->push(new MoveNodesCommand(m_doc, before, after));
        QGraphicsScene::mouseReleaseEvent(event);
        return;
    }
    m_dragPrimary = nullptr;
    m_dragItems.clear();
    m_dragStartPos.clear();
    QGraphicsScene::mouseReleaseEvent(event);
}

void TopologyScene::mouseDoubleClickEvent(QGraphicsSceneMouseEvent* event)
{
    NodeItem* hit = nodeAt(event->scenePos());
    if (hit && hit->isCenter()) {
        toggleCollapsed(hit->nodeId());
        event->accept();
        return;
    }
    QGraphicsScene::mouseDoubleClickEvent(event);
}

} // namespace meridian::ui
