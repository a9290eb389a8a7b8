#pragma once
// The canvas scene: a view of the Document, rebuilt incrementally from its signals.
// The scene owns no data the file does not: items cache what they paint, and every user
// gesture (drop, link drawing, drag, collapse, delete) becomes a QUndoCommand on the
// document, whose signals then update the items.
//
// Modes (after Qt's Diagram Scene example): Select (click, Ctrl+click, rubber band, drag to
// move) and Link (drag from one node to another; Shift+drag does the same in Select mode).

#include "meridian/topology/Attributes.hpp"

#include <QGraphicsScene>
#include <QHash>
#include <QSet>
#include <map>
#include <string>
#include <vector>

class QGraphicsLineItem;

namespace meridian::ui {

class Document;
class NodeItem;
class LinkItem;

class TopologyScene : public QGraphicsScene
{
    Q_OBJECT
public:
    enum class Mode
    {
        Select,
        Link
    };

    explicit TopologyScene(Document* doc, QObject* parent = nullptr);
    ~TopologyScene() override;

    Document* document() const { return m_doc; }
    Mode mode() const { return m_mode; }
    void setMode(Mode mode);

    bool gridVisible() const { return m_gridVisible; }
    void setGridVisible(bool on);
    bool snapToGrid() const { return m_snap; }
    void setSnapToGrid(bool on) { m_snap = on; }
    qreal gridSize() const { return 20.0; }
    /// Position rounded to the grid when snapping is on.
    QPointF snapped(const QPointF& p) const;

    NodeItem* nodeItem(const QString& id) const { return m_nodes.value(id); }
    LinkItem* linkItem(const QString& id) const { return m_links.value(id); }
    int nodeItemCount() const { return static_cast<int>(m_nodes.size()); }
    int linkItemCount() const { return static_cast<int>(m_links.size()); }
    /// Selected ids in document order (deterministic for commands and the clipboard).
    std::vector<std::string> selectedNodeIds() const;
    std::vector<std::string> selectedLinkIds() const;
    void selectIds(const std::vector<std::string>& nodes, const std::vector<std::string>& links);
    /// Selects every visible selectable item with one selectionChanged (Select All).
    void selectAllVisible();
    /// Topmost expanded centre whose box contains `p`, not counting `exclude`.
    NodeItem* centerAt(const QPointF& p, const QSet<NodeItem*>& exclude = {}) const;
    /// Topmost node item (shape hit) at a scene point.
    NodeItem* nodeAt(const QPointF& p) const;

    // ---- gestures: each pushes one undo command; they return the new id ("" = nothing) --
    QString addNodeAt(topology::NodeKind kind, const QPointF& scenePos);
    QString connectNodes(const std::string& a, const std::string& b);
    void deleteSelection();
    void toggleCollapsed(const std::string& centerId);
    /// True for a centre that has children to hide (or is collapsed and can be expanded).
    bool canCollapse(const std::string& nodeId) const;
    /// Moves the selected nodes by `delta` (keyboard nudge; consecutive nudges merge).
    void nudgeSelection(const QPointF& delta);

    /// Full rebuild from the document (load, reset). Also used by the benchmark.
    void rebuild();
    /// Drawings with more items than this get a BSP tree of fixed depth kLargeBspDepth
    /// instead of Qt's automatic depth (see rebuild()).
    static constexpr std::size_t kIndexedItemsMax = 6000;
    static constexpr int kLargeBspDepth = 8;
    /// Device-space caching of the node items: on when zoomed in (NodeItem::kCacheLod; the
    /// cache saves the antialiased tiles' repaint when panning), off below (cheaper than
    /// creating thousands of small cache pixmaps on every zoom step). The view sets it from
    /// its zoom.
    void setNodeCaching(bool on);
    bool nodeCaching() const { return m_nodeCaching; }
    /// Scene rect that fits all items plus a margin for panning.
    QRectF contentRect() const;
    /// Union of the visible nodes' boxes (without the room reserved for zoomed-out labels):
    /// what Fit to View frames. Null when there are no nodes.
    QRectF nodesRect() const;

    // ---- labels ------------------------------------------------------------------------
    // Device names and link labels are drawn by drawForeground() in device space, at a
    // constant on-screen font size whatever the zoom (docs/gui.md "Labels"):
    //  * a device's name is shown when its tile is at least kNameMinTilePx on screen;
    //  * a link's label is shown when the link, less its end tiles, is at least the label's
    //    width plus kLabelRoomPx on screen — i.e. when the link can hold it;
    //  * labels never overlap each other or a node tile: they are placed greedily (names
    //    first, then links by decreasing bandwidth) into a screen-space occupancy grid, and
    //    a label that would overlap something already placed is skipped.
    struct Label
    {
        bool isLink = false;
        QString id;
        QRectF deviceRect; ///< device (viewport) pixels
        QString text;
        bool selected = false;
    };
    static constexpr qreal kNameMinTilePx = 16.0;
    static constexpr qreal kLabelRoomPx = 16.0;
    static constexpr qreal kNameGapPx = 4.0; ///< between a tile and its name
    /// The labels drawn for a painter transform `sceneToDevice`, for the device area
    /// `deviceArea` (labels intersecting it), in drawing order.
    QList<Label> layoutLabels(const QTransform& sceneToDevice, const QRectF& deviceArea) const;
    /// Off for renderings that must not show labels (the overview's cached pixmap).
    void setLabelsVisible(bool on) { m_labelsVisible = on; }
    /// Colours and widens every link by its utilisation in a run (link id → 0..1); links
    /// not in the map keep their normal look. clearLinkUtilisation() removes the overlay.
    void setLinkUtilisation(const std::map<std::string, double>& utilisation);
    void clearLinkUtilisation();
    bool hasUtilisationOverlay() const { return m_utilisationOverlay; }
    bool labelsVisible() const { return m_labelsVisible; }
    /// Called by items whose position or line changed.
    static void labelGeometryChanged(QGraphicsScene* scene);

Q_SIGNALS:
    void modeChanged(meridian::ui::TopologyScene::Mode mode);
    void contentChanged();

protected:
    void mousePressEvent(QGraphicsSceneMouseEvent* event) override;
    void mouseMoveEvent(QGraphicsSceneMouseEvent* event) override;
    void mouseReleaseEvent(QGraphicsSceneMouseEvent* event) override;
    void mouseDoubleClickEvent(QGraphicsSceneMouseEvent* event) override;
    void drawBackground(QPainter* painter, const QRectF& rect) override;
    void drawForeground(QPainter* painter, const QRectF& rect) override;

private:
    void onNodeAdded(const QString& id);
    void onNodeRemoved(const QString& id);
    void onNodeChanged(const QString& id);
    void onNodeMoved(const QString& id);
    void onLinkAdded(const QString& id);
    void onLinkRemoved(const QString& id);
    void onLinkChanged(const QString& id);

    LinkItem* createLinkItem(const topology::LinkAttributes& attrs);
    void removeAllItems();
    /// Recomputes a centre's box from its visible children, then its own container's.
    void updateCenterBounds(NodeItem* center);
    /// Shows/hides everything below a centre after a collapse change and re-routes links.
    void applyCollapse(NodeItem* center);
    QList<NodeItem*> childItems(NodeItem* center) const;
    /// Recomputes the GPU summary of `from` (if a centre) and of every enclosing centre.
    void refreshSummaries(NodeItem* from);
    void growSceneRect(const QRectF& r);

    Document* m_doc = nullptr;
    Mode m_mode = Mode::Select;
    bool m_gridVisible = true;
    bool m_snap = true;
    QHash<QString, NodeItem*> m_nodes;
    QHash<QString, LinkItem*> m_links;
    QHash<NodeItem*, QList<NodeItem*>> m_children;
    bool m_labelsVisible = true;
    bool m_utilisationOverlay = false;
    std::map<std::string, double> m_utilisation; ///< the overlay's values, for links made later
    bool m_nodeCaching = true;
    /// Compact copies of what the label pass tests for every item (so that a paint does not
    /// touch 34,000 items scattered in memory): links in label priority order (decreasing
    /// bandwidth, then id), nodes in id order. The order is rebuilt when items come, go or
    /// change; the geometry when an item moves.
    struct LinkSlot
    {
        LinkItem* item;
        QPointF mid;
        qreal length;
        qreal labelWidthPx;
    };
    struct NodeSlot
    {
        NodeItem* item;
        QPointF pos;
    };
    void refreshLabelSlots() const;
    mutable std::vector<LinkSlot> m_linkSlots;
    mutable std::vector<NodeSlot> m_nodeSlots;
    mutable bool m_labelOrderDirty = true;
    mutable bool m_labelGeometryDirty = true;

    // Link drawing.
    QGraphicsLineItem* m_rubberLine = nullptr;
    NodeItem* m_linkFrom = nullptr;
    // Moving.
    NodeItem* m_dragPrimary = nullptr;
    QPointF m_dragStart;
    QList<NodeItem*> m_dragItems;
    QList<QPointF> m_dragStartPos;
    bool m_dragMoved = false;
};

} // namespace meridian::ui
