#pragma once
// Background traffic drawn on the canvas (docs/gui.md, "Background traffic"): each generator
// of the experiment is a dashed line in its own colour along the route its flows take from
// each source to each destination (the shortest route by delay, topology::Router — the one
// the engine takes without ECMP choices), arrows pointing downstream, and a badge with its id
// at the source end. A pair without a route is drawn as a straight dashed line between its
// nodes. A `trace` generator's pairs are the distinct (src, dst) pairs of its flow file, read
// as a run reads it; a file that cannot be read or is refused draws nothing (the dock shows
// the error). View ▸ Show Background Traffic hides it.
//
// The drawing is one item above the links and below the nodes; it takes no clicks. It
// follows the document (generators, links, moves, collapses) and is rebuilt once per batch
// of changes.

#include <QColor>
#include <QObject>
#include <QPointer>
#include <QString>
#include <cstdint>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

class QGraphicsObject;
class QTimer;

namespace meridian::ui {

class Document;
class TopologyScene;

namespace traffic {

class TrafficOverlay : public QObject
{
    Q_OBJECT
public:
    /// Most (source, destination) pairs drawn per generator (node sets can be large).
    static constexpr int kMaxPairs = 32;

    TrafficOverlay(Document* doc, TopologyScene* scene, QObject* parent = nullptr);
    ~TrafficOverlay() override;

    void setShown(bool on);
    bool shown() const { return m_shown; }
    /// Recomputes the drawing now (it is otherwise rebuilt after each batch of changes).
    void rebuild();
    /// Dashed route lines drawn (one per pair), and the link ids they cross, for tests.
    int drawnPairs() const { return m_pairs; }
    QStringList crossedLinks() const { return m_crossed; }
    /// The colour of generator `index` (the table and the report use the same).
    static QColor colourOf(int index);

private:
    using Pairs = std::vector<std::pair<std::string, std::string>>;
    /// The (source, destination) pairs of generator g (the first kMaxPairs with known nodes
    /// are drawn).
    Pairs pairsOf(const nlohmann::json& g);

    /// A trace's or a matrix's pairs as last read, kept while its file's time and size (a
    /// gravity matrix has no file) and the nodes stay (a canvas change rebuilds the drawing; a
    /// trace may hold millions of flows).
    struct ListRead
    {
        std::filesystem::file_time_type written;
        std::uintmax_t size_bytes = 0;
        Pairs pairs;
    };
    std::map<std::string, ListRead> m_lists; ///< by generator JSON and project directory

    Document* m_doc = nullptr;
    TopologyScene* m_scene = nullptr;
    QPointer<QGraphicsObject> m_item; ///< deleted by the scene's clear() on a reset
    QTimer* m_pending = nullptr;
    bool m_shown = true;
    int m_pairs = 0;
    QStringList m_crossed;
};

} // namespace traffic
} // namespace meridian::ui
