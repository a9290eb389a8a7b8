#include "ui/TopologyScene.hpp"

#include "ui/Document.hpp"
#include "ui/LinkItem.hpp"
#include "ui/NodeItem.hpp"
#include "ui/NodeStyle.hpp"
#include "ui/StdText.hpp"
#include "ui/commands/AddLinkCommand.hpp"
#include "ui/commands/AddNodeCommand.hpp"
#include "ui/commands/ChangeNodeAttributesCommand.hpp"
#include "ui/commands/MoveNodesCommand.hpp"
#include "ui/commands/RemoveItemsCommand.hpp"

#include <QGraphicsLineItem>
#include <QGraphicsSceneMouseEvent>
#include <QPaintEngine>
#include <QPainter>
#include <QStyleOptionGraphicsItem>
#include <QUndoStack>
#include <algorithm>
#include <array>
#include <cmath>
#include <map>

namespace meridian::ui {

using topology::LinkAttributes;
using topology::NodeAttributes;
using topology::NodeKind;

namespace {
/// 0, 1, -1, 2, -2, ... : the k-th parallel link between a pair is offset to alternate sides.
int parallelOffset(int k)
{
    return (k % 2 == 1) ? (k + 1) / 2 : -(k / 2);
}
} // namespace

TopologyScene::TopologyScene(Document* doc, QObject* parent) : QGraphicsScene(parent), m_doc(doc)
{
    setItemIndexMethod(BspTreeIndex);
    connect(doc, &Document::nodeAdded, this, &TopologyScene::onNodeAdded);
    connect(doc, &Document::nodeRemoved, this, &TopologyScene::onNodeRemoved);
    connect(doc, &Document::nodeChanged, this, &TopologyScene::onNodeChanged);
    connect(doc, &Document::nodeMoved, this, &TopologyScene::onNodeMoved);
    connect(doc, &Document::linkAdded, this, &TopologyScene::onLinkAdded);
    connect(doc, &Document::linkRemoved, this, &TopologyScene::onLinkRemoved);
    connect(doc, &Document::linkChanged, this, &TopologyScene::onLinkChanged);
    connect(doc, &Document::topologyReset, this, &TopologyScene::rebuild);
    rebuild();
}

TopologyScene::~TopologyScene()
{
    removeAllItems();
}

void TopologyScene::setMode(Mode mode)
{
    if (mode == m_mode)
        return;
    m_mode = mode;
    Q_EMIT modeChanged(mode);
}

void TopologyScene::setGridVisible(bool on)
{
    m_gridVisible = on;
    update();
}

QPointF TopologyScene::snapped(const QPointF& p) const
{
    if (!m_snap)
        return p;
    const qreal g = gridSize();
    return {std::round(p.x() / g) * g, std::round(p.y() / g) * g};
}

// ---- building items ----------------------------------------------------------------------

void TopologyScene::removeAllItems()
{
    // QGraphicsScene::clear() drops the index before deleting the items, instead of taking
    // each of 34,000 items out of it one by one (that was 0.3 s for a k = 32 fat-tree). The
    // items must not reach each other while being deleted in any order.
    for (NodeItem* n : std::as_const(m_nodes))
        n->links().clear();
    for (LinkItem* l : std::as_const(m_links))
        l->detach();
    clear();
    m_links.clear();
    m_linkSlots.clear();
    m_nodeSlots.clear();
    m_labelOrderDirty = true;
    m_nodes.clear();
    m_children.clear();
    m_rubberLine = nullptr; // deleted by clear()
    m_linkFrom = nullptr;
    m_dragItems.clear();
    m_dragPrimary = nullptr;
}

void TopologyScene::rebuild()
{
    removeAllItems();
    const auto& topo = m_doc->topology();
    // The BSP index pays off for hit tests and partial repaints. Its automatic depth grows
    // with the item count, and in a large fabric the trunk links cross the whole drawing:
    // each sat in hundreds of leaves, and building the tree took 0.4–1 s at the first paint
    // of a k = 32 fat-tree (34,000 items). A tree of fixed depth kLargeBspDepth (256 leaves)
    // builds quickly and makes a pan frame ~40 % cheaper than no index (tests/perf/bench_canvas,
    // docs/gui.md).
    setItemIndexMethod(BspTreeIndex);
    setBspTreeDepth(topo.nodeCount() + topo.linkCount() > kIndexedItemsMax ? kLargeBspDepth : 0);
    m_nodes.reserve(static_cast<qsizetype>(topo.nodeCount()));
    std::vector<NodeItem*> ordered;
    ordered.reserve(topo.nodeCount());
    for (std::size_t i = 0; i < topo.nodeCount(); ++i) {
        auto* item = new NodeItem(topo.node(NodeId::fromIndex(i)));
        item->setCacheMode(m_nodeCaching ? QGraphicsItem::DeviceCoordinateCache
                                         : QGraphicsItem::NoCache);
        addItem(item);
        m_nodes.insert(qs(item->nodeId()), item);
        ordered.push_back(item);
    }
    for (std::size_t i = 0; i < topo.nodeCount(); ++i) {
        const std::string& parent = topo.node(NodeId::fromIndex(i)).parent;
        if (parent.empty())
            continue;
        if (NodeItem* c = m_nodes.value(qs(parent))) {
            ordered[i]->setContainer(c);
            m_children[c].append(ordered[i]);
        }
    }
    for (NodeItem* item : ordered) {
        if (item->visibleNode() != item)
            item->setVisible(false);
        if (item->isCenter() && m_children.contains(item)) {
            updateCenterBounds(item);
            refreshSummaries(item);
        }
    }
    // Parallel links: count per unordered endpoint pair, in link order (deterministic).
    std::map<std::pair<std::string, std::string>, int> pairCount;
    m_links.reserve(static_cast<qsizetype>(topo.linkCount()));
    for (std::size_t i = 0; i < topo.linkCount(); ++i) {
        const LinkAttributes& l = topo.link(LinkId::fromIndex(i));
        LinkItem* item = createLinkItem(l);
        if (!item)
            continue;
        auto key = std::minmax(l.a, l.b);
        const int k = pairCount[{key.first, key.second}]++;
        if (k > 0)
            item->setParallelOffset(parallelOffset(k));
    }
    setSceneRect(contentRect());
    Q_EMIT contentChanged();
}

void TopologyScene::setNodeCaching(bool on)
{
    if (on == m_nodeCaching)
        return;
    m_nodeCaching = on;
    for (NodeItem* n : std::as_const(m_nodes))
        n->setCacheMode(on ? QGraphicsItem::DeviceCoordinateCache : QGraphicsItem::NoCache);
}

QRectF TopologyScene::contentRect() const
{
    QRectF r = itemsBoundingRect();
    if (r.isNull())
        r = QRectF(-400, -300, 800, 600);
    const qreal m = std::max({r.width(), r.height(), 800.0}) * 0.5;
    return r.adjusted(-m, -m, m, m);
}

QRectF TopologyScene::nodesRect() const
{
    QRectF r;
    for (const NodeItem* n : std::as_const(m_nodes))
        if (n->isVisible())
            r |= n->boxSceneRect();
    return r;
}

void TopologyScene::growSceneRect(const QRectF& r)
{
    const QRectF current = sceneRect();
    if (!current.contains(r))
        setSceneRect(current.united(r.adjusted(-400, -400, 400, 400)));
}

LinkItem* TopologyScene::createLinkItem(const LinkAttributes& attrs)
{
    NodeItem* a = m_nodes.value(qs(attrs.a));
    NodeItem* b = m_nodes.value(qs(attrs.b));
    if (!a || !b)
        return nullptr;
    auto* item = new LinkItem(attrs, a, b);
    // A link that comes back (redo, undo of a delete) shows the overlay like the others.
    if (m_utilisationOverlay) {
        const auto u = m_utilisation.find(attrs.id);
        item->setUtilisation(u == m_utilisation.end() ? -1.0 : u->second);
    }
    addItem(item);
    m_links.insert(qs(attrs.id), item);
    m_labelOrderDirty = true;
    return item;
}

QList<NodeItem*> TopologyScene::childItems(NodeItem* center) const
{
    return m_children.value(center);
}

void TopologyScene::updateCenterBounds(NodeItem* center)
{
    for (NodeItem* c = center; c; c = c->container()) {
        QRectF bounds;
        for (NodeItem* child : m_children.value(c)) {
            if (!child->isVisible())
                continue;
            // Children contribute their tile plus room for the name under it.
            bounds |= child->boxSceneRect().adjusted(-20, 0, 20, 24);
        }
        c->setChildrenBounds(bounds);
        for (LinkItem* l : c->links())
            l->adjust();
    }
}

void TopologyScene::refreshSummaries(NodeItem* from)
{
    for (NodeItem* c = from; c; c = c->container()) {
        if (!c->isCenter())
            continue;
        // As the engine does: explicit GPU nodes inside a centre are its GPUs (each counts
        // max(1, gpu_count)); without any, the centre's own gpu_count/gpu_model apply.
        int gpus = 0;
        QStringList models;
        QList<NodeItem*> stack = m_children.value(c);
        while (!stack.isEmpty()) {
            NodeItem* n = stack.takeLast();
            stack.append(m_children.value(n));
            if (n->kind() != NodeKind::Gpu)
                continue;
            const NodeAttributes* a = m_doc->node(n->nodeId());
            if (!a)
                continue;
            gpus += std::max(1, a->gpu_count);
            const QString model = qs(a->gpu_model);
            if (!model.isEmpty() && !models.contains(model))
                models << model;
        }
        models.sort();
        c->setExplicitGpus(gpus, models);
    }
}

void TopologyScene::applyCollapse(NodeItem* center)
{
    // Visibility of every descendant follows the collapsed state of its ancestors.
    QList<NodeItem*> stack = m_children.value(center);
    QList<NodeItem*> all;
    while (!stack.isEmpty()) {
        NodeItem* n = stack.takeLast();
        all.append(n);
        stack.append(m_children.value(n));
    }
    for (NodeItem* n : all)
        n->setVisible(n->visibleNode() == n);
    for (NodeItem* n : all)
        for (LinkItem* l : n->links())
            l->adjust();
    updateCenterBounds(center);
}

// ---- document signals --------------------------------------------------------------------

void TopologyScene::onNodeAdded(const QString& id)
{
    const NodeAttributes* attrs = m_doc->node(id.toStdString());
    if (!attrs || m_nodes.contains(id))
        return;
    auto* item = new NodeItem(*attrs);
    item->setCacheMode(m_nodeCaching ? QGraphicsItem::DeviceCoordinateCache
                                     : QGraphicsItem::NoCache);
    addItem(item);
    m_nodes.insert(id, item);
    if (NodeItem* c = m_nodes.value(qs(attrs->parent))) {
        item->setContainer(c);
        m_children[c].append(item);
    }
    if (item->isCenter()) {
        // Children restored before their centre (undo merges by index) find it now.
        for (const auto& childId : m_doc->childrenOf(attrs->id)) {
            NodeItem* child = m_nodes.value(qs(childId));
            if (child && child->container() != item) {
                child->setContainer(item);
                m_children[item].append(child);
            }
        }
        applyCollapse(item);
    }
    item->setVisible(item->visibleNode() == item);
    if (item->container())
        updateCenterBounds(item->container());
    refreshSummaries(item);
    growSceneRect(item->sceneBoundingRect());
    m_labelOrderDirty = true;
    Q_EMIT contentChanged();
}

void TopologyScene::onNodeRemoved(const QString& id)
{
    NodeItem* item = m_nodes.take(id);
    if (!item)
        return;
    NodeItem* container = item->container();
    if (container)
        m_children[container].removeOne(item);
    for (NodeItem* child : m_children.take(item))
        child->setContainer(nullptr);
    // Links of a removed node have been announced first; drop any stragglers defensively.
    for (LinkItem* l : QList<LinkItem*>(item->links())) {
        m_links.remove(qs(l->linkId()));
        delete l;
        m_labelOrderDirty = true;
    }
    m_dragItems.removeAll(item);
    if (m_dragPrimary == item)
        m_dragPrimary = nullptr;
    if (m_linkFrom == item)
        m_linkFrom = nullptr;
    delete item;
    m_labelOrderDirty = true;
    if (container) {
        updateCenterBounds(container);
        refreshSummaries(container);
    }
    Q_EMIT contentChanged();
}

void TopologyScene::onNodeChanged(const QString& id)
{
    NodeItem* item = m_nodes.value(id);
    const NodeAttributes* attrs = m_doc->node(id.toStdString());
    if (!item || !attrs)
        return;
    const bool wasCollapsed = item->isCollapsed();
    item->setAttributes(*attrs);
    NodeItem* oldContainer = item->container();
    NodeItem* newContainer = m_nodes.value(qs(attrs->parent));
    if (oldContainer != newContainer) {
        if (oldContainer)
            m_children[oldContainer].removeOne(item);
        item->setContainer(newContainer);
        if (newContainer)
            m_children[newContainer].append(item);
        item->setVisible(item->visibleNode() == item);
        if (oldContainer) {
            updateCenterBounds(oldContainer);
            refreshSummaries(oldContainer);
        }
    }
    refreshSummaries(item);
    if (item->isCenter() && wasCollapsed != item->isCollapsed())
        applyCollapse(item);
    else if (item->isCenter())
        updateCenterBounds(item);
    if (newContainer)
        updateCenterBounds(newContainer);
    for (LinkItem* l : item->links())
        l->adjust();
    m_labelOrderDirty = true;
    Q_EMIT contentChanged();
}

void TopologyScene::onNodeMoved(const QString& id)
{
    NodeItem* item = m_nodes.value(id);
    const NodeAttributes* attrs = m_doc->node(id.toStdString());
    if (!item || !attrs)
        return;
    const QPointF p(attrs->pos[0], attrs->pos[1]);
    if (item->pos() != p)
        item->setPos(p);
    if (item->container())
        updateCenterBounds(item->container());
    growSceneRect(item->sceneBoundingRect());
}

void TopologyScene::onLinkAdded(const QString& id)
{
    const LinkAttributes* attrs = m_doc->link(id.toStdString());
    if (!attrs || m_links.contains(id))
        return;
    LinkItem* item = createLinkItem(*attrs);
    if (!item)
        return;
    // Offset by the number of links already joining the same pair.
    int k = 0;
    for (LinkItem* other : item->nodeA()->links())
        if (other != item &&
            ((other->nodeA() == item->nodeA() && other->nodeB() == item->nodeB()) ||
             (other->nodeA() == item->nodeB() && other->nodeB() == item->nodeA())))
            ++k;
    if (k > 0)
        item->setParallelOffset(parallelOffset(k));
    Q_EMIT contentChanged();
}

void TopologyScene::onLinkRemoved(const QString& id)
{
    delete m_links.take(id);
    m_labelOrderDirty = true;
    Q_EMIT contentChanged();
}

void TopologyScene::onLinkChanged(const QString& id)
{
    LinkItem* item = m_links.value(id);
    const LinkAttributes* attrs = m_doc->link(id.toStdString());
    if (item && attrs)
        item->setAttributes(*attrs);
    m_labelOrderDirty = true;
    Q_EMIT contentChanged();
}

// ---- selection helpers ---------------------------------------------------------------------

std::vector<std::string> TopologyScene::selectedNodeIds() const
{
    std::vector<std::pair<std::size_t, std::string>> ids;
    for (QGraphicsItem* i : selectedItems())
        if (i->type() == NodeItem::Type) {
            const auto& id = static_cast<NodeItem*>(i)->nodeId();
            if (auto n = m_doc->topology().findNode(id))
                ids.emplace_back(n->index(), id);
        }
    std::sort(ids.begin(), ids.end());
    std::vector<std::string> out;
    for (auto& p : ids)
        out.push_back(p.second);
    return out;
}

std::vector<std::string> TopologyScene::selectedLinkIds() const
{
    std::vector<std::pair<std::size_t, std::string>> ids;
    for (QGraphicsItem* i : selectedItems())
        if (i->type() == LinkItem::Type) {
            const auto& id = static_cast<LinkItem*>(i)->linkId();
            if (auto l = m_doc->topology().findLink(id))
                ids.emplace_back(l->index(), id);
        }
    std::sort(ids.begin(), ids.end());
    std::vector<std::string> out;
    for (auto& p : ids)
        out.push_back(p.second);
    return out;
}

void TopologyScene::selectAllVisible()
{
    // One selection change, not one per item: the property editor and the actions refresh
    // once (per-item signals made Select All quadratic).
    QSignalBlocker block(this);
    for (NodeItem* n : std::as_const(m_nodes))
        if (n->isVisible())
            n->setSelected(true);
    for (LinkItem* l : std::as_const(m_links))
        if (l->isVisible())
            l->setSelected(true);
    block.unblock();
    Q_EMIT selectionChanged();
}

void TopologyScene::selectIds(const std::vector<std::string>& nodes,
                              const std::vector<std::string>& links)
{
    QSignalBlocker block(this);
    clearSelection();
    for (const auto& n : nodes)
        if (NodeItem* i = m_nodes.value(qs(n)))
            i->setSelected(true);
    for (const auto& l : links)
        if (LinkItem* i = m_links.value(qs(l)))
            i->setSelected(true);
    block.unblock();
    Q_EMIT selectionChanged();
}

NodeItem* TopologyScene::centerAt(const QPointF& p, const QSet<NodeItem*>& exclude) const
{
    for (QGraphicsItem* i : items(p, Qt::IntersectsItemBoundingRect, Qt::DescendingOrder)) {
        if (i->type() != NodeItem::Type || !i->isVisible())
            continue;
        auto* n = static_cast<NodeItem*>(i);
        if (n->isCenter() && !n->isCollapsed() && !exclude.contains(n) &&
            n->boxSceneRect().contains(p))
            return n;
    }
    return nullptr;
}

NodeItem* TopologyScene::nodeAt(const QPointF& p) const
{
    for (QGraphicsItem* i : items(p, Qt::IntersectsItemShape, Qt::DescendingOrder))
        if (i->type() == NodeItem::Type && i->isVisible())
            return static_cast<NodeItem*>(i);
    return nullptr;
}

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

void TopologyScene::setLinkUtilisation(const std::map<std::string, double>& utilisation)
{
    m_utilisationOverlay = true;
    m_utilisation = utilisation;
    for (auto it = m_links.cbegin(); it != m_links.cend(); ++it) {
        const auto u = utilisation.find(it.key().toStdString());
        it.value()->setUtilisation(u == utilisation.end() ? -1.0 : u->second);
    }
}

void TopologyScene::clearLinkUtilisation()
{
    m_utilisationOverlay = false;
    m_utilisation.clear();
    for (LinkItem* link : std::as_const(m_links))
        link->setUtilisation(-1.0);
}

} // namespace meridian::ui
