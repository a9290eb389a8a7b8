#pragma once
// Canvas item of one node. A pure view: it caches what it paints from NodeAttributes and
// is updated by TopologyScene when the Document announces a change.
//
// Nodes are drawn as an icon tile with the name below; a compute centre is a rounded
// container box around its children (or, collapsed/empty, a card showing GPU count and
// fabric). Level of detail (QStyleOptionGraphicsItem::levelOfDetailFromTransform) drops
// icons when zoomed out so that 10,000 nodes stay cheap to paint.
//
// A device's name (and GPU model) is drawn by the scene's label pass
// (TopologyScene::drawForeground) at a constant on-screen size, not by the item: the item's
// bounds are its tile, so the BSP index and the device-space cache cover only the tile.

#include "meridian/topology/Attributes.hpp"

#include <QGraphicsItem>
#include <QList>
#include <QPixmap>

namespace meridian::ui {

class LinkItem;

class NodeItem : public QGraphicsItem
{
public:
    enum
    {
        Type = UserType + 1
    };

    explicit NodeItem(const topology::NodeAttributes& attrs);

    int type() const override { return Type; }
    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

    void setAttributes(const topology::NodeAttributes& attrs);
    const std::string& nodeId() const { return m_id; }
    topology::NodeKind kind() const { return m_kind; }
    bool isCenter() const { return m_kind == topology::NodeKind::Center; }
    bool isCollapsed() const { return m_collapsed; }
    /// The text under the name (centre card: GPUs and fabric; GPU: its model).
    const QString& summary() const { return m_summary; }
    const QString& name() const { return m_name; }
    /// Width in device pixels of the name label (the wider of name and summary, in
    /// labelFont()), and its number of lines (1 or 2).
    qreal labelWidthPx() const;
    int labelLines() const { return m_summary.isEmpty() ? 1 : 2; }
    /// The font of device names (pixel-sized: the same in every paint device).
    static QFont labelFont();
    /// Edge of a device tile in scene units.
    static constexpr qreal kTile = 44.0;
    /// Below this level of detail a device is a flat coloured square (no icon, no frame).
    static constexpr qreal kDetailLod = 0.15;
    /// Below this, a device tile is drawn without antialiasing (square frame, icon), and
    /// nodes are not cached: thousands of tiles are visible, and creating a cache pixmap for
    /// each on every zoom step costs more than drawing them. From here up, nodes use
    /// DeviceCoordinateCache (few are visible; panning reuses their pixmaps).
    static constexpr qreal kCacheLod = 0.4;

    /// The centre item this node sits in (set by the scene), or nullptr.
    NodeItem* container() const { return m_container; }
    void setContainer(NodeItem* c) { m_container = c; }
    /// The item that stands for this node on screen: itself, or its outermost collapsed
    /// enclosing centre.
    NodeItem* visibleNode();
    /// Where links attach, in scene coordinates, and the point on this node's outline
    /// towards `towards` (links stop at a centre's border instead of crossing it).
    QPointF anchor() const;
    QPointF borderPoint(const QPointF& towards) const;

    /// For centres: the GPUs of explicit GPU nodes inside (count 0 = none: the centre's own
    /// gpu_count/gpu_model are shown instead).
    void setExplicitGpus(int count, const QStringList& models);
    /// For centres: the scene-space bounds of the visible children (null = none).
    void setChildrenBounds(const QRectF& sceneBounds);
    /// The box of a centre in scene coordinates (drop target test).
    QRectF boxSceneRect() const { return mapRectToScene(m_box); }

    QList<LinkItem*>& links() { return m_links; }

protected:
    QVariant itemChange(GraphicsItemChange change, const QVariant& value) override;

private:
    void updateGeometry();
    void updateSummary();
    void paintCenter(QPainter* painter, qreal lod);
    void paintDevice(QPainter* painter, qreal lod);

    std::string m_id;
    topology::NodeKind m_kind = topology::NodeKind::Host;
    QString m_name;
    QString m_summary;                 ///< centre card: GPUs and fabric; device: model or address
    mutable qreal m_labelWidthPx = -1; ///< computed on first use (shaping 10,000 names is slow)
    bool m_collapsed = false;
    int m_ownGpus = 0;      ///< centre attributes: gpu_count
    QString m_ownModel;     ///< centre attributes: gpu_model
    QString m_fabricText;   ///< centre attributes: fabric summary
    int m_explicitGpus = 0; ///< GPUs of explicit GPU nodes inside the centre
    QStringList m_explicitModels;
    QRectF m_childrenBounds; ///< scene coordinates
    QRectF m_box;            ///< item coordinates: the tile or the centre box
    QRectF m_bounds;         ///< item coordinates: box plus labels
    NodeItem* m_container = nullptr;
    QList<LinkItem*> m_links;
};

} // namespace meridian::ui
