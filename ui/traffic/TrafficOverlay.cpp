#include "ui/traffic/TrafficOverlay.hpp"

#include "meridian/core/Error.hpp"
#include "meridian/topology/Router.hpp"
#include "ui/Document.hpp"
#include "ui/LinkItem.hpp"
#include "ui/NodeItem.hpp"
#include "ui/TopologyScene.hpp"
#include "ui/traffic/GeneratorFields.hpp"
#include "ui/traffic/TrafficCheck.hpp"

#include <QGraphicsObject>
#include <QPainter>
#include <QPainterPath>
#include <QTimer>
#include <cmath>
#include <vector>

namespace meridian::ui::traffic {

using nlohmann::json;

namespace {

constexpr qreal kRouteGap = 7.0;   ///< scene units between a link and the first route line
constexpr qreal kArrowSize = 7.0;  ///< scene units
constexpr qreal kPenWidthPx = 2.2; ///< device pixels (cosmetic pen)

struct TrafficStroke
{
    QPainterPath path;
    QColor colour;
    QString badge;
    QPointF badgeAt;
    std::vector<QLineF> arrows; ///< each: the hop's middle and its direction
};

class TrafficRouteItem : public QGraphicsObject
{
public:
    TrafficRouteItem()
    {
        setZValue(5.0); // above the links (0), below the nodes (10)
        setAcceptedMouseButtons(Qt::NoButton);
        setAcceptHoverEvents(false);
    }
    void setStrokes(std::vector<TrafficStroke> strokes)
    {
        prepareGeometryChange();
        m_strokes = std::move(strokes);
        m_bounds = QRectF();
        for (const TrafficStroke& s : m_strokes)
            m_bounds |= s.path.boundingRect() | QRectF(s.badgeAt, QSizeF(1, 1));
        m_bounds.adjust(-80, -30, 80, 30); // arrows and badges
    }
    QRectF boundingRect() const override { return m_bounds; }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) override
    {
        painter->setRenderHint(QPainter::Antialiasing);
        QFont font = painter->font();
        font.setPixelSize(11);
        font.setBold(true);
        painter->setFont(font);
        for (const TrafficStroke& s : m_strokes) {
            QPen pen(s.colour, kPenWidthPx, Qt::DashLine, Qt::RoundCap);
            pen.setCosmetic(true);
            painter->setPen(pen);
            painter->setBrush(Qt::NoBrush);
            painter->drawPath(s.path);
            painter->setPen(Qt::NoPen);
            painter->setBrush(s.colour);
            for (const QLineF& a : s.arrows) {
                const QPointF u = a.unitVector().p2() - a.unitVector().p1();
                const QPointF n(-u.y(), u.x());
                const QPointF tip = a.p1() + u * kArrowSize;
                painter->drawPolygon(QPolygonF{tip, a.p1() - u * kArrowSize + n * kArrowSize * 0.8,
                                               a.p1() - u * kArrowSize - n * kArrowSize * 0.8});
            }
            if (!s.badge.isEmpty()) {
                const QRectF text = painter->fontMetrics().boundingRect(s.badge);
                const QRectF box(s.badgeAt - QPointF(text.width() / 2 + 4, text.height() / 2 + 1),
                                 QSizeF(text.width() + 8, text.height() + 2));
                painter->setBrush(Qt::white);
                painter->setPen(QPen(s.colour, 1.2));
                painter->drawRoundedRect(box, 4, 4);
                painter->setPen(s.colour.darker(130));
                painter->drawText(box, Qt::AlignCenter, s.badge);
            }
        }
    }

private:
    std::vector<TrafficStroke> m_strokes;
    QRectF m_bounds;
};

std::vector<std::string> trafficNodeList(const json& v)
{
    std::vector<std::string> ids;
    if (v.is_string())
        ids.push_back(v.get<std::string>());
    else if (v.is_array())
        for (const json& e : v)
            if (e.is_string())
                ids.push_back(e.get<std::string>());
    return ids;
}

/// The hop's line shifted `offset` to the right of its direction.
QLineF shiftedHop(QLineF line, qreal offset)
{
    if (line.length() <= 0)
        return line;
    const QPointF u = (line.p2() - line.p1()) / line.length();
    const QPointF right(-u.y(), u.x());
    return line.translated(right * offset);
}

} // namespace

TrafficOverlay::TrafficOverlay(Document* doc, TopologyScene* scene, QObject* parent)
    : QObject(parent), m_doc(doc), m_scene(scene)
{
    m_pending = new QTimer(this);
    m_pending->setSingleShot(true);
    m_pending->setInterval(0);
    connect(m_pending, &QTimer::timeout, this, &TrafficOverlay::rebuild);
    const auto later = [this] { m_pending->start(); };
    connect(doc, &Document::experimentChanged, this, later);
    connect(doc, &Document::topologyReset, this, later);
    for (auto signal : {&Document::nodeAdded, &Document::nodeRemoved, &Document::nodeMoved,
                        &Document::linkAdded, &Document::linkRemoved, &Document::linkChanged})
        connect(doc, signal, this, later);
    // A trace or matrix read against other nodes may now be valid or refused.
    const auto forgetTraces = [this] { m_lists.clear(); };
    for (auto signal : {&Document::nodeAdded, &Document::nodeRemoved})
        connect(doc, signal, this, forgetTraces);
    connect(doc, &Document::topologyReset, this, forgetTraces);
    connect(doc, &Document::filePathChanged, this, forgetTraces);
    connect(scene, &TopologyScene::contentChanged, this, later);
    m_pending->start();
}

TrafficOverlay::~TrafficOverlay() = default;

QColor TrafficOverlay::colourOf(int index)
{
    // Paul Tol's "bright" scheme: distinct from the utilisation greens, yellows and reds.
    static const QColor colours[] = {QColor(0x44, 0x77, 0xAA), QColor(0xAA, 0x33, 0x77),
                                     QColor(0x66, 0xCC, 0xEE), QColor(0x22, 0x88, 0x33),
                                     QColor(0xEE, 0x66, 0x77), QColor(0x77, 0x44, 0x99)};
    return colours[static_cast<std::size_t>(std::max(index, 0)) % std::size(colours)];
}

void TrafficOverlay::setShown(bool on)
{
    m_shown = on;
    if (m_item)
        m_item->setVisible(on);
}

TrafficOverlay::Pairs TrafficOverlay::pairsOf(const json& g)
{
    Pairs pairs;
    const bool trace = g.value("kind", json()) == json("trace");
    const json* matrix = g.contains("matrix") ? &g["matrix"] : nullptr;
    if (!trace && !matrix) {
        for (const std::string& from : trafficNodeList(g.value("from", json())))
            for (const std::string& to : trafficNodeList(g.value("to", json())))
                if (from != to)
                    pairs.emplace_back(from, to);
        return pairs;
    }
    // A trace's flow file or a matrix (a CSV file, or a gravity model with none): the pairs a
    // run reads, read again only when the file changed.
    const json file = trace                                             ? g.value("file", json())
                      : matrix->is_object() && matrix->contains("file") ? (*matrix)["file"]
                                                                        : json();
    const std::filesystem::path dir = trafficProjectDir(m_doc);
    std::filesystem::file_time_type written{};
    std::uintmax_t size = 0;
    if (trace || !file.is_null()) {
        if (!file.is_string() || file.get<std::string>().empty())
            return pairs;
        std::error_code ec;
        const std::filesystem::path csv = dir / file.get<std::string>();
        written = std::filesystem::last_write_time(csv, ec);
        size = ec ? 0 : std::filesystem::file_size(csv, ec);
        if (ec)
            return pairs; // not there or not readable: the dock shows the run's error
    }
    const std::string key = g.dump() + '\n' + dir.string();
    auto it = m_lists.find(key);
    if (it == m_lists.end() || it->second.written != written || it->second.size_bytes != size) {
        ListRead read{written, size, {}};
        try {
            read.pairs = listedPairs(g, m_doc->topology(), m_doc->displayName().toStdString(), dir);
        } catch (const InputError&) {
            // Refused as a run refuses it: nothing drawn, the dock shows the error.
        }
        it = m_lists.insert_or_assign(key, std::move(read)).first;
    }
    return it->second.pairs;
}

void TrafficOverlay::rebuild()
{
    m_pairs = 0;
    m_crossed.clear();
    const topology::Topology& topo = m_doc->topology();
    const json generators = generatorsOf(m_doc->project().experiment);
    std::vector<TrafficStroke> strokes;
    topology::Router router(topo);
    for (std::size_t gi = 0; gi < generators.size(); ++gi) {
        const json& g = generators[gi];
        if (!g.is_object())
            continue;
        const qreal offset = kRouteGap * qreal(1 + gi % 4);
        int pairs = 0;
        for (const auto& [from, to] : pairsOf(g)) {
            const auto s = topo.findNode(from);
            const auto d = topo.findNode(to);
            if (!s || !d || pairs >= kMaxPairs)
                continue;
            TrafficStroke stroke;
            stroke.colour = colourOf(int(gi));
            std::vector<QLineF> hops;
            if (const auto route = router.route(*s, *d))
                for (const topology::RouteHop& hop : route->hops) {
                    const std::string& linkId = topo.link(hop.link).id;
                    LinkItem* item = m_scene->linkItem(QString::fromStdString(linkId));
                    if (!item || !item->isVisible())
                        continue; // inside a collapsed centre
                    m_crossed << QString::fromStdString(linkId);
                    const QLineF l = item->line();
                    hops.push_back(shiftedHop(hop.dir == 0 ? l : QLineF(l.p2(), l.p1()), offset));
                }
            if (hops.empty()) {
                NodeItem* a = m_scene->nodeItem(QString::fromStdString(from));
                NodeItem* b = m_scene->nodeItem(QString::fromStdString(to));
                if (!a || !b)
                    continue;
                hops.push_back(shiftedHop(
                    QLineF(a->sceneBoundingRect().center(), b->sceneBoundingRect().center()),
                    offset));
            }
            stroke.path.moveTo(hops.front().p1());
            for (const QLineF& h : hops) {
                stroke.path.lineTo(h.p1());
                stroke.path.lineTo(h.p2());
                stroke.arrows.push_back(QLineF(h.center(), h.center() + (h.p2() - h.p1())));
            }
            if (pairs == 0) {
                stroke.badge = QString::fromStdString(g.value("id", std::string()));
                stroke.badgeAt = hops.front().pointAt(0.25);
            }
            strokes.push_back(std::move(stroke));
            ++pairs;
            ++m_pairs;
        }
    }
    m_crossed.removeDuplicates();
    // A drawing without generators has no item at all: its scene is what it was without them.
    if (strokes.empty()) {
        delete m_item.data();
        return;
    }
    if (!m_item) {
        m_item = new TrafficRouteItem;
        m_scene->addItem(m_item);
    }
    m_item->setVisible(m_shown);
    static_cast<TrafficRouteItem*>(m_item.data())->setStrokes(std::move(strokes));
    m_item->update();
}

} // namespace meridian::ui::traffic
