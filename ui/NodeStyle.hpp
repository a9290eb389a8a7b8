#pragma once
// Visual identity of the node kinds: colours, palette labels, SVG icons rendered once into
// pixmaps (rendering SVG in every paint() would dominate the frame time at 10,000 nodes).

#include "meridian/topology/Attributes.hpp"

#include <QColor>
#include <QIcon>
#include <QPixmap>
#include <QString>

class QPainter;

namespace meridian::ui {

class NodeStyle
{
public:
    static QColor color(topology::NodeKind kind);
    static QString label(topology::NodeKind kind);
    /// Stem of fresh ids ("gpu" → gpu, gpu-2, ...).
    static QString idStem(topology::NodeKind kind);
    static QString iconPath(topology::NodeKind kind);
    static QIcon icon(topology::NodeKind kind);
    /// The kind's icon as a square pixmap of `px` device pixels (cached per kind and size).
    static const QPixmap& pixmap(topology::NodeKind kind, int px);
    /// Draws the icon into `target`: the cached pixmap on screen and in PNGs, vectors when
    /// the painter writes SVG or PDF (no embedded bitmaps in exports).
    static void drawIcon(QPainter* painter, topology::NodeKind kind, const QRectF& target, int px);
};

} // namespace meridian::ui
