#pragma once
// Canvas item of one link: a line between the visible stand-ins of its endpoints (a child of
// a collapsed centre attaches to the centre), with a bandwidth/delay label at the middle.
// Width grows with log10(bandwidth) so that WAN trunks and access links read at a glance.

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

private:
    std::string m_id;
    NodeItem* m_a = nullptr;
    NodeItem* m_b = nullptr;
    QLineF m_line;
    QString m_label;
    qreal m_width = 1.5;
    int m_offset = 0;
    bool m_asymmetric = false;
    bool m_scheduled = false;
    QRectF m_bounds;
};

} // namespace meridian::ui
