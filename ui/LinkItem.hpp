#pragma once
// Canvas item of one link: a line between the visible stand-ins of its endpoints (a child of
// a collapsed centre attaches to the centre). Width grows with log10(bandwidth) so that WAN
// trunks and access links read at a glance.
//
// The item draws the line only. Its bandwidth/delay label is drawn by the scene's label pass
// (TopologyScene::drawForeground) at a constant on-screen size; the item's bounds hug the
// line, so the BSP index and the exposed-rect tests see only what the line covers.

#include "meridian/topology/Attributes.hpp"

#include <QGraphicsItem>

namespace meridian::ui {

class NodeItem;

class LinkItem : public QGraphicsItem
{
public:
    enum
    {
        Type = UserType + 2
    };

    LinkItem(const topology::LinkAttributes& attrs, NodeItem* a, NodeItem* b);
    ~LinkItem() override;

    int type() const override { return Type; }
    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

    void setAttributes(const topology::LinkAttributes& attrs);
    const std::string& linkId() const { return m_id; }
    NodeItem* nodeA() const { return m_a; }
    NodeItem* nodeB() const { return m_b; }
    /// Offset index among parallel links of the same pair (0, 1, -1, 2, ...).
    void setParallelOffset(int index);
    /// Recomputes the line from the endpoints' current positions and collapse state.
    void adjust();
    QString labelText() const { return m_label; }
    /// Forgets the endpoints without touching them (the scene deletes every item at once).
    void detach() { m_a = m_b = nullptr; }
    /// The label as drawn: labelText() plus " ⇄" for an asymmetric link.
    QString displayLabel() const;
    /// Width of displayLabel() in device pixels in the label font (cached).
    qreal labelWidthPx() const { return m_labelWidthPx; }
    /// Scene-space line between the endpoints (after parallel offset).
    QLineF line() const { return m_line; }
    int parallelOffset() const { return m_offset; }
    double bandwidthBps() const { return m_bandwidth_bps; }
    /// Utilisation overlay of a run (0..1): the line is coloured by utilisationColor() and
    /// widened with it; a negative value removes the overlay.
    void setUtilisation(double utilisation);
    double utilisation() const { return m_utilisation; }
    /// Colour of a utilisation in [0, 1]: green (idle) → yellow (half) → red (saturated).
    static QColor utilisationColor(double utilisation);

    /// Level of detail of the line (what paint() does at a zoom):
    /// Hairline — 1 px cosmetic pen, no antialiasing: zoomed out below kDetailLod, or the
    ///   link is shorter than kHairlinePx on screen (nothing more is visible anyway);
    /// Plain — width from bandwidth in device pixels, no antialiasing: long lines (more
    ///   than kPlainPx on screen), whose antialiased stroke costs by length;
    /// Full — antialiased, width from bandwidth, dashes for scheduled links.
    enum class Detail
    {
        Hairline,
        Plain,
        Full
    };
    static constexpr qreal kDetailLod = 0.15;
    static constexpr qreal kHairlinePx = 2.0;
    static constexpr qreal kPlainPx = 1500.0;
    static Detail detailFor(qreal lod, qreal deviceLength);
    /// The label font (pixel-sized: the same in every paint device).
    static QFont labelFont();

private:
    std::string m_id;
    NodeItem* m_a = nullptr;
    NodeItem* m_b = nullptr;
    QLineF m_line;
    QString m_label;
    qreal m_labelWidthPx = 0;
    double m_bandwidth_bps = 0;
    qreal m_width = 1.5;
    int m_offset = 0;
    bool m_asymmetric = false;
    bool m_scheduled = false;
    double m_utilisation = -1.0;
    QRectF m_bounds;
};

} // namespace meridian::ui
