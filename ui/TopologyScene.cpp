// The canvas scene's items (TopologyScene.hpp): building them from the document and keeping
// them in step with its signals (nodes, links, centres' boxes, collapse and GPU summaries),
// finding and selecting them, and the utilisation overlay. The user's gestures and the mouse are
// TopologySceneInteraction.cpp's, the grid and the labels TopologySceneLabels.cpp's.
#include "ui/TopologyScene.hpp"

#include "ui/Document.hpp"
#include "ui/LinkItem.hpp"
#include "ui/NodeItem.hpp"
#include "ui/StdText.hpp"

#include <algorithm>
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

// ---- utilisation overlay ------------------------------------------------------------------

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
