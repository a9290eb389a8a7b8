// GraphML import (Internet Topology Zoo maps) with expat. Rules: docs/file-format.md.
//
// Parsing collects <key> declarations, nodes and edges with their <data> values; the graph
// is built afterwards, so edges may precede the nodes they name (GraphML allows it). Errors
// inside expat callbacks are stored and the parser is stopped (exceptions must not cross
// expat's C frames); they are thrown once XML_Parse has returned.

#include "meridian/io/GraphmlImport.hpp"

#include "io/ReadBounded.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/core/Text.hpp"
#include "meridian/core/Units.hpp"
#include "meridian/io/LinkSpeedLabel.hpp"
#include "meridian/topology/AttributeTable.hpp"
#include "meridian/topology/Geo.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstring>
#include <expat.h>
#include <fstream>
#include <limits>
#include <map>
#include <numbers>
#include <optional>
#include <sstream>

namespace meridian::io {
namespace {

using namespace meridian::topology;

constexpr std::uintmax_t kMaxGraphmlBytes = 256ull * 1024 * 1024;
/// Default one-way delay of a link with an endpoint of unknown location.
constexpr double kUnknownDelayS = 1e-3;
/// Scene units per degree of the equirectangular layout (x = lon × 10, y = −lat × 10).
constexpr double kSceneUnitsPerDegree = 10.0;

struct KeyInfo
{
    std::string domain; ///< node | edge | graph | all
    std::string name;
    std::string type;
    std::optional<std::string> defaultValue;
};

struct Element
{
    std::string id;
    std::string source; ///< edges only
    std::string target;
    long line = 0;
    std::map<std::string, std::string> data; ///< key id → text
};

/// Attribute value of `name` in a NUL-terminated expat attribute list.
const char* attribute(const XML_Char** atts, const char* name)
{
    for (int i = 0; atts[i] != nullptr; i += 2)
        if (std::strcmp(atts[i], name) == 0)
            return atts[i + 1];
    return nullptr;
}

/// Local part of a possibly namespace-qualified element name ("g:node" → "node").
std::string_view localName(const XML_Char* name)
{
    std::string_view n(name);
    if (auto c = n.rfind(':'); c != std::string_view::npos)
        n.remove_prefix(c + 1);
    return n;
}

class GraphmlReader
{
public:
    explicit GraphmlReader(std::string file) : m_file(std::move(file)) {}

    void parse(std::string_view text)
    {
        XML_Parser parser = XML_ParserCreate(nullptr);
        if (parser == nullptr)
            throw InputError(m_file, "", "cannot create an XML parser");
        m_parser = parser;
        XML_SetUserData(parser, this);
        XML_SetElementHandler(parser, &GraphmlReader::onStart, &GraphmlReader::onEnd);
        XML_SetCharacterDataHandler(parser, &GraphmlReader::onText);
        const auto status = XML_Parse(parser, text.data(), static_cast<int>(text.size()), XML_TRUE);
        const long line = static_cast<long>(XML_GetCurrentLineNumber(parser));
        const std::string xmlError =
            status == XML_STATUS_ERROR ? XML_ErrorString(XML_GetErrorCode(parser)) : "";
        XML_ParserFree(parser);
        m_parser = nullptr;
        if (m_error)
            throw *m_error;
        if (status == XML_STATUS_ERROR)
            throw InputError(m_file, "line " + std::to_string(line), "malformed XML: " + xmlError);
        if (!m_sawGraphml)
            throw InputError(m_file, "", "not a GraphML file (no <graphml> element)");
    }

    const std::map<std::string, KeyInfo>& keys() const { return m_keys; }
    const std::vector<Element>& nodes() const { return m_nodes; }
    const std::vector<Element>& edges() const { return m_edges; }
    const std::map<std::string, std::string>& graphData() const { return m_graphData; }
    const std::string& file() const { return m_file; }

private:
    static void onStart(void* self, const XML_Char* name, const XML_Char** atts)
    {
        static_cast<GraphmlReader*>(self)->start(localName(name), atts);
    }
    static void onEnd(void* self, const XML_Char* name)
    {
        static_cast<GraphmlReader*>(self)->end(localName(name));
    }
    static void onText(void* self, const XML_Char* s, int len)
    {
        auto* r = static_cast<GraphmlReader*>(self);
        if (r->m_inData || r->m_inDefault)
            r->m_text.append(s, static_cast<std::size_t>(len));
    }

    long line() const { return static_cast<long>(XML_GetCurrentLineNumber(m_parser)); }

    void stop(const std::string& problem)
    {
        if (!m_error)
            m_error = InputError(m_file, "line " + std::to_string(line()), problem);
        XML_StopParser(m_parser, XML_FALSE);
    }

    void start(std::string_view name, const XML_Char** atts)
    {
        if (m_error)
            return;
        if (name == "graphml") {
            m_sawGraphml = true;
        } else if (name == "key") {
            const char* id = attribute(atts, "id");
            if (id == nullptr)
                return stop("<key> without an id");
            KeyInfo k;
            const char* domain = attribute(atts, "for");
            const char* attrName = attribute(atts, "attr.name");
            const char* type = attribute(atts, "attr.type");
            k.domain = domain != nullptr ? domain : "all";
            k.name = attrName != nullptr ? attrName : id;
            k.type = type != nullptr ? type : "string";
            static const char* const kTypes[] = {"int",   "integer", "long",   "double",
                                                 "float", "string",  "boolean"};
            bool known = false;
            for (const char* t : kTypes)
                known = known || k.type == t;
            if (!known)
                return stop("key '" + std::string(id) + "' has unsupported attr.type '" + k.type +
                            "' (expected int, integer, long, double, float, string or boolean)");
            m_keys[id] = std::move(k);
            m_currentKey = id;
        } else if (name == "default") {
            m_inDefault = !m_currentKey.empty();
            m_text.clear();
        } else if (name == "graph") {
            ++m_graphDepth;
            m_open.push_back(Open{Open::Graph, m_graphDepth == 1, 0});
        } else if (name == "node") {
            const char* id = attribute(atts, "id");
            if (id == nullptr)
                return stop("<node> without an id");
            m_nodes.push_back(Element{id, {}, {}, line(), {}});
            m_open.push_back(Open{Open::Node, false, m_nodes.size() - 1});
        } else if (name == "edge") {
            const char* source = attribute(atts, "source");
            const char* target = attribute(atts, "target");
            if (source == nullptr || target == nullptr)
                return stop("<edge> without source and target");
            const char* id = attribute(atts, "id");
            m_edges.push_back(Element{id != nullptr ? id : "", source, target, line(), {}});
            m_open.push_back(Open{Open::Edge, false, m_edges.size() - 1});
        } else if (name == "data") {
            const char* key = attribute(atts, "key");
            if (key == nullptr)
                return stop("<data> without a key");
            m_dataKey = key;
            m_inData = true;
            m_text.clear();
        }
    }

    void end(std::string_view name)
    {
        if (m_error)
            return;
        if (name == "data") {
            m_inData = false;
            if (m_keys.find(m_dataKey) == m_keys.end())
                return stop("<data> refers to undeclared key '" + m_dataKey + "'");
            // The data belongs to the innermost open node, edge or graph (a node holding a
            // nested <graph> gets its later <data> back once that graph is closed).
            if (!m_open.empty()) {
                const Open& o = m_open.back();
                if (o.kind == Open::Node)
                    m_nodes[o.index].data[m_dataKey] = m_text;
                else if (o.kind == Open::Edge)
                    m_edges[o.index].data[m_dataKey] = m_text;
                else if (o.outermost)
                    m_graphData[m_dataKey] = m_text;
            }
        } else if (name == "default") {
            if (m_inDefault)
                m_keys[m_currentKey].defaultValue = m_text;
            m_inDefault = false;
        } else if (name == "key") {
            m_currentKey.clear();
        } else if (name == "node" || name == "edge" || name == "graph") {
            if (name == "graph")
                --m_graphDepth;
            if (!m_open.empty())
                m_open.pop_back();
        }
    }

    std::string m_file;
    XML_Parser m_parser = nullptr;
    std::optional<InputError> m_error;
    bool m_sawGraphml = false;
    std::map<std::string, KeyInfo> m_keys;
    std::vector<Element> m_nodes;
    std::vector<Element> m_edges;
    std::map<std::string, std::string> m_graphData;
    /// Open <graph>/<node>/<edge> elements, innermost last (indices: vectors may grow).
    struct Open
    {
        enum Kind
        {
            Graph,
            Node,
            Edge
        } kind;
        bool outermost; ///< a graph that is not nested in another
        std::size_t index;
    };
    std::vector<Open> m_open;
    std::string m_currentKey;
    std::string m_dataKey;
    std::string m_text;
    bool m_inData = false;
    bool m_inDefault = false;
    int m_graphDepth = 0;
};

/// Looks up attributes by (domain, attr.name) instead of key id (ids differ per file).
class Attributes
{
public:
    Attributes(const GraphmlReader& r, const std::string& domain,
               std::vector<std::string>* warnings = nullptr)
        : m_reader(r), m_warnings(warnings)
    {
        for (const auto& [id, k] : r.keys())
            if (k.domain == domain || k.domain == "all")
                m_byName.emplace(k.name, id); // first declaration wins
    }

    std::optional<std::string> text(const Element& e, const std::string& name) const
    {
        auto k = m_byName.find(name);
        if (k == m_byName.end())
            return std::nullopt;
        if (auto d = e.data.find(k->second); d != e.data.end())
            return d->second;
        return m_reader.keys().at(k->second).defaultValue;
    }

    /// A numeric attribute. Text that is not a finite number is ignored (nullopt) with a
    /// warning naming the line: one bad value must not abort the import of a whole map.
    std::optional<double> number(const Element& e, const std::string& name) const
    {
        auto t = text(e, name);
        if (!t)
            return std::nullopt;
        std::string s(text::trim(*t));
        if (s.empty())
            return std::nullopt;
        // from_chars: locale-independent (a GUI may run under a comma-decimal locale).
        double v = 0.0;
        const char* first = s.data();
        if (!s.empty() && s[0] == '+')
            ++first;
        const auto res = std::from_chars(first, s.data() + s.size(), v);
        if (res.ec != std::errc() || res.ptr != s.data() + s.size() || !std::isfinite(v)) {
            if (m_warnings != nullptr) {
                // The text is user data: keep it short and on one line.
                std::string shown = s.size() > 40 ? s.substr(0, 40) + "…" : s;
                for (char& c : shown)
                    if (static_cast<unsigned char>(c) < 0x20)
                        c = ' ';
                m_warnings->push_back("line " + std::to_string(e.line) + ": " + name + " '" +
                                      shown + "' is not a number; ignored");
            }
            return std::nullopt;
        }
        return v;
    }

private:
    const GraphmlReader& m_reader;
    std::vector<std::string>* m_warnings;
    std::map<std::string, std::string> m_byName;
};

/// "New York" → "new-york": lower-case ASCII letters/digits, other runs become one '-'.
std::string sanitize(std::string_view label)
{
    std::string out;
    for (unsigned char c : label) {
        if (std::isalnum(c) && c < 0x80)
            out.push_back(static_cast<char>(std::tolower(c)));
        else if (!out.empty() && out.back() != '-')
            out.push_back('-');
    }
    while (!out.empty() && out.back() == '-')
        out.pop_back();
    if (out.size() > 48)
        out.resize(48);
    return out;
}

std::string joinLimited(const std::vector<std::string>& items, std::size_t limit)
{
    std::string out;
    for (std::size_t i = 0; i < items.size() && i < limit; ++i)
        out += (i == 0 ? "" : ", ") + items[i];
    if (items.size() > limit)
        out += ", … (" + std::to_string(items.size() - limit) + " more)";
    return out;
}

std::string readFile(const std::filesystem::path& path)
{
    const std::string file = path.string();
    std::error_code ec;
    if (!std::filesystem::exists(path, ec))
        throw InputError(file, "", "cannot open: no such file");
    if (std::filesystem::is_directory(path, ec))
        throw InputError(file, "", "cannot open: is a directory");
    const auto size = std::filesystem::file_size(path, ec);
    if (!ec && size > kMaxGraphmlBytes)
        throw InputError(file, "", "file is too large for a GraphML map");
    // Read in chunks up to the cap + 1 byte: a device or FIFO (/dev/zero) has no size, and
    // must fail clearly instead of filling memory.
    const auto text = readBounded(path, kMaxGraphmlBytes);
    if (!text)
        throw InputError(file, "",
                         "input is larger than the " +
                             units::formatBytes(static_cast<double>(kMaxGraphmlBytes)) +
                             " a GraphML map may have (not a regular file?)");
    return *text;
}

/// Speed of one edge: LinkSpeedRaw (bit/s), else LinkSpeed × LinkSpeedUnits, else the
/// LinkLabel (then LinkType) through the label table.
/// Speeds outside the .topo range (1 bit/s … 1 Pbit/s) are treated as unknown.
bool plausibleSpeed(double bps)
{
    const auto& info = linkAttribute("bandwidth_gbps");
    return std::isfinite(bps) && info.accepts(info.fromSi(bps));
}

std::optional<double> edgeSpeedBps(const Attributes& ea, const Element& e)
{
    if (auto raw = ea.number(e, "LinkSpeedRaw"); raw && plausibleSpeed(*raw))
        return raw;
    if (auto speed = ea.number(e, "LinkSpeed"); speed && *speed > 0) {
        const std::string unit = ea.text(e, "LinkSpeedUnits").value_or("");
        std::ostringstream s;
        s << units::formatNumber(*speed) << unit;
        const double nan = std::numeric_limits<double>::quiet_NaN();
        if (auto v = units::parseBandwidthBps(s.str(), nan); v && plausibleSpeed(*v))
            return v;
    }
    for (const char* key : {"LinkLabel", "LinkType"})
        if (auto label = ea.text(e, key))
            if (auto v = parseLinkSpeedLabel(*label); v && plausibleSpeed(*v))
                return v;
    return std::nullopt;
}

/// Graph name: the graph's "label" or "Network" attribute, else the file stem.
std::string graphName(const GraphmlReader& reader, const std::filesystem::path& path)
{
    const Attributes ga(reader, "graph");
    Element g;
    g.data = reader.graphData();
    std::string name = ga.text(g, "label").value_or(ga.text(g, "Network").value_or(""));
    return name.empty() ? path.stem().string() : name;
}

/// Adds a router per GraphML node (placed by its coordinates when it has both) and returns
/// the map GraphML id → node id.
std::map<std::string, std::string> importNodes(const GraphmlReader& reader, const Attributes& na,
                                               const std::string& file, GraphmlImportResult& result)
{
    Topology& topo = result.topology;
    topo.reserveNodes(reader.nodes().size());
    std::map<std::string, std::string> idOf; // GraphML id → node id
    std::vector<std::string> external;
    for (const Element& e : reader.nodes()) {
        if (idOf.count(e.id) != 0)
            throw InputError(file, "line " + std::to_string(e.line),
                             "duplicate node id '" + e.id + "'");
        NodeAttributes n;
        n.kind = NodeKind::Router;
        const std::string label = na.text(e, "label").value_or("");
        n.name = label.empty() ? e.id : label;
        std::string stem = sanitize(label);
        if (stem.empty())
            stem = "n" + sanitize(e.id);
        n.id = topo.uniqueNodeId(stem);
        n.latitude_deg = na.number(e, "Latitude");
        n.longitude_deg = na.number(e, "Longitude");
        if (n.latitude_deg && (*n.latitude_deg < -90.0 || *n.latitude_deg > 90.0))
            throw InputError(file, "line " + std::to_string(e.line), "Latitude out of [-90, 90]");
        if (n.longitude_deg && (*n.longitude_deg < -180.0 || *n.longitude_deg > 180.0))
            throw InputError(file, "line " + std::to_string(e.line),
                             "Longitude out of [-180, 180]");
        if (!n.latitude_deg || !n.longitude_deg) {
            n.latitude_deg.reset();
            n.longitude_deg.reset();
        } else {
            n.pos = {*n.longitude_deg * kSceneUnitsPerDegree,
                     -*n.latitude_deg * kSceneUnitsPerDegree};
        }
        if (auto internal = na.number(e, "Internal"); internal && *internal == 0.0)
            external.push_back(n.name);
        idOf[e.id] = n.id;
        topo.addNode(n);
    }
    if (!external.empty())
        result.notes.push_back(
            std::to_string(external.size()) +
            " node(s) are marked external (Internal = 0) in the map: " + joinLimited(external, 8));

    return idOf;
}

/// Adds a link per GraphML edge (speed from its attributes, delay from the great-circle
/// distance of its endpoints) and returns each node's neighbours by index.
std::vector<std::vector<std::size_t>> importEdges(const GraphmlReader& reader, const Attributes& ea,
                                                  const std::map<std::string, std::string>& idOf,
                                                  const std::string& file,
                                                  const GraphmlImportOptions& options,
                                                  GraphmlImportResult& result)
{
    Topology& topo = result.topology;
    std::vector<std::vector<std::size_t>> neighbours(topo.nodeCount());
    std::size_t defaultSpeed = 0;
    std::size_t unknownDelay = 0;
    for (std::size_t i = 0; i < reader.edges().size(); ++i) {
        const Element& e = reader.edges()[i];
        const std::string where = "line " + std::to_string(e.line);
        const auto a = idOf.find(e.source);
        const auto b = idOf.find(e.target);
        if (a == idOf.end())
            throw InputError(file, where, "edge source '" + e.source + "' is not a node");
        if (b == idOf.end())
            throw InputError(file, where, "edge target '" + e.target + "' is not a node");
        if (e.source == e.target) {
            result.notes.push_back("self loop on node '" + a->second + "' (" + where + ") dropped");
            continue;
        }
        LinkAttributes l;
        l.id = "e" + std::to_string(i);
        l.a = a->second;
        l.b = b->second;
        l.label = ea.text(e, "LinkLabel").value_or("");
        if (auto bps = edgeSpeedBps(ea, e)) {
            l.params.bandwidth_bps = *bps;
        } else {
            l.params.bandwidth_bps = options.default_bandwidth_bps;
            ++defaultSpeed;
        }
        const NodeId na_ = *topo.findNode(l.a);
        const NodeId nb_ = *topo.findNode(l.b);
        const NodeAttributes& A = topo.node(na_);
        const NodeAttributes& B = topo.node(nb_);
        if (A.latitude_deg && B.latitude_deg) {
            const double km =
                greatCircleKm(*A.latitude_deg, *A.longitude_deg, *B.latitude_deg, *B.longitude_deg);
            // Rounded to whole nanoseconds (far below the uncertainty of a fibre route) and
            // formed as ms ÷ 1e3, the reader's own conversion, so files stay short and exact.
            const double delayMs = std::round(fibreDelayS(km, options.route_factor) * 1e9) / 1e6;
            l.params.delay_s = delayMs / 1e3;
        } else {
            l.params.delay_s = kUnknownDelayS;
            ++unknownDelay;
        }
        neighbours[na_.index()].push_back(nb_.index());
        neighbours[nb_.index()].push_back(na_.index());
        topo.addLink(std::move(l));
    }
    if (defaultSpeed > 0)
        result.notes.push_back(std::to_string(defaultSpeed) +
                               " link(s) have no known speed; they use the default " +
                               units::formatBandwidth(options.default_bandwidth_bps));
    if (unknownDelay > 0)
        result.notes.push_back(std::to_string(unknownDelay) +
                               " link(s) have an endpoint without coordinates; their delay is " +
                               units::formatDuration(kUnknownDelayS));

    return neighbours;
}

// The unplaced neighbours of `level`, in node order of discovery, each once (queued).
std::vector<std::size_t> nextLevel(const std::vector<std::size_t>& level,
                                   const std::vector<std::vector<std::size_t>>& neighbours,
                                   const std::vector<char>& placed, std::vector<char>& queued)
{
    std::vector<std::size_t> next;
    for (std::size_t v : level)
        for (std::size_t u : neighbours[v])
            if (!placed[u] && !queued[u]) {
                queued[u] = 1;
                next.push_back(u);
            }
    return next;
}

// Places v on a circle of radius r around the centroid of its placed neighbours, at the
// golden angle times its rank.
void placeAroundNeighbours(Topology& topo, std::size_t v,
                           const std::vector<std::vector<std::size_t>>& neighbours,
                           const std::vector<char>& placed, std::size_t rank)
{
    constexpr double kNeighbourRadius = 30.0; // scene units (3 degrees)
    const double goldenAngle = std::numbers::pi * (3.0 - std::sqrt(5.0));
    double sx = 0.0;
    double sy = 0.0;
    int count = 0;
    for (std::size_t u : neighbours[v])
        if (placed[u]) {
            const auto& p = topo.node(NodeId::fromIndex(u)).pos;
            sx += p[0];
            sy += p[1];
            ++count;
        }
    const double angle = goldenAngle * static_cast<double>(rank);
    topo.setNodePosition(NodeId::fromIndex(v), sx / count + kNeighbourRadius * std::cos(angle),
                         sy / count + kNeighbourRadius * std::sin(angle));
}

// Spreads the nodes never reached evenly on a circle around the centroid of everything
// placed.
void placeStranded(Topology& topo, const std::vector<char>& placed)
{
    std::vector<std::size_t> stranded;
    double cx = 0.0;
    double cy = 0.0;
    int placedCount = 0;
    for (std::size_t v = 0; v < topo.nodeCount(); ++v) {
        if (placed[v]) {
            cx += topo.node(NodeId::fromIndex(v)).pos[0];
            cy += topo.node(NodeId::fromIndex(v)).pos[1];
            ++placedCount;
        } else {
            stranded.push_back(v);
        }
    }
    if (placedCount > 0) {
        cx /= placedCount;
        cy /= placedCount;
    }
    const double ringRadius = 100.0 + 10.0 * static_cast<double>(stranded.size());
    for (std::size_t k = 0; k < stranded.size(); ++k) {
        const double angle =
            2.0 * std::numbers::pi * static_cast<double>(k) / static_cast<double>(stranded.size());
        topo.setNodePosition(NodeId::fromIndex(stranded[k]), cx + ringRadius * std::cos(angle),
                             cy + ringRadius * std::sin(angle));
    }
}

// Layout of nodes without coordinates. Pass after pass, a node with placed neighbours
// goes on a circle of radius r around their centroid, at the golden angle times its
// rank among such nodes (so siblings of one hub do not overlap); nodes never reached
// (no placed neighbour at all) are spread evenly on a circle around the centroid of
// everything placed.
void placeUncoordinated(const std::vector<std::vector<std::size_t>>& neighbours,
                        GraphmlImportResult& result)
{
    Topology& topo = result.topology;
    std::vector<char> placed(topo.nodeCount(), 0);
    std::vector<std::string> unplacedNames;
    std::vector<std::size_t> seeds;
    for (std::size_t v = 0; v < topo.nodeCount(); ++v) {
        placed[v] = topo.node(NodeId::fromIndex(v)).latitude_deg ? 1 : 0;
        if (placed[v])
            seeds.push_back(v);
        else
            unplacedNames.push_back(topo.node(NodeId::fromIndex(v)).id);
    }
    // Breadth-first from the placed nodes: level k+1 is the unplaced neighbours of level k,
    // in node order, each placed around the neighbours placed before its level. Same result
    // as repeated passes over all nodes, in O(nodes + links) instead of O(nodes × levels).
    std::size_t rank = 0;
    std::vector<char> queued(topo.nodeCount(), 0);
    std::vector<std::size_t> level = nextLevel(seeds, neighbours, placed, queued);
    while (!level.empty()) {
        std::sort(level.begin(), level.end());
        for (std::size_t v : level)
            placeAroundNeighbours(topo, v, neighbours, placed, rank++);
        // Mark after the level so the result does not depend on the order within it.
        for (std::size_t v : level)
            placed[v] = 1;
        level = nextLevel(level, neighbours, placed, queued);
    }
    placeStranded(topo, placed);
    if (!unplacedNames.empty())
        result.notes.push_back(
            std::to_string(unplacedNames.size()) +
            " node(s) have no coordinates and were placed by the fallback layout "
            "(around their neighbours): " +
            joinLimited(unplacedNames, 8));
}

} // namespace

GraphmlImportResult importGraphml(const std::filesystem::path& path,
                                  const GraphmlImportOptions& options)
{
    const std::string file = path.string();
    if (!(options.default_bandwidth_bps > 0.0) || !std::isfinite(options.default_bandwidth_bps))
        throw InputError(file, "", "default bandwidth must be a positive number");
    if (!(options.route_factor > 0.0) || !std::isfinite(options.route_factor))
        throw InputError(file, "", "route factor must be a positive number");

    GraphmlReader reader(file);
    try {
        reader.parse(readFile(path));
    } catch (const std::bad_alloc&) {
        throw InputError(file, "", "out of memory while reading the file");
    }

    GraphmlImportResult result;
    std::vector<std::string> badNumbers;
    const Attributes na(reader, "node", &badNumbers);
    const Attributes ea(reader, "edge", &badNumbers);
    result.name = graphName(reader, path);
    const auto idOf = importNodes(reader, na, file, result);
    // Edges after all nodes (GraphML allows forward references).
    const auto neighbours = importEdges(reader, ea, idOf, file, options, result);
    placeUncoordinated(neighbours, result);
    for (const std::string& w : badNumbers)
        result.notes.push_back(w);
    return result;
}

} // namespace meridian::io
