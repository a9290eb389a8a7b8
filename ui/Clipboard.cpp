#include "ui/Clipboard.hpp"

#include "meridian/core/Error.hpp"
#include "ui/Document.hpp"
#include "ui/commands/PasteCommand.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace meridian::ui {

using topology::LinkAttributes;
using topology::NodeAttributes;

namespace {
/// "gpu-12" → "gpu"; "dc" → "dc".
std::string stemOf(const std::string& id)
{
    const auto dash = id.find_last_of('-');
    if (dash != std::string::npos && dash + 1 < id.size() &&
        id.find_first_not_of("0123456789", dash + 1) == std::string::npos)
        return id.substr(0, dash);
    return id;
}

/// First of stem, stem-2, stem-3, ... free in the document and in `taken`.
template <class Exists>
std::string freshId(const std::string& stem, std::set<std::string>& taken, Exists exists)
{
    std::string candidate = stem;
    for (int k = 2; exists(candidate) || taken.count(candidate); ++k)
        candidate = stem + "-" + std::to_string(k);
    taken.insert(candidate);
    return candidate;
}
} // namespace

QString Clipboard::mimeType()
{
    return QStringLiteral("application/x-meridian-subgraph");
}

QByteArray Clipboard::copy(const Document& doc, const std::vector<std::string>& nodeIds)
{
    const auto ids = doc.withDescendants(nodeIds);
    if (ids.empty())
        return {};
    const std::set<std::string> inSet(ids.begin(), ids.end());
    io::Project sub;
    sub.name = "clipboard";
    const auto& topo = doc.topology();
    for (std::size_t i = 0; i < topo.nodeCount(); ++i) {
        NodeAttributes n = topo.node(NodeId::fromIndex(i));
        if (!inSet.count(n.id))
            continue;
        if (!inSet.count(n.parent))
            n.parent.clear(); // the pasted copy is free-standing unless its centre came along
        sub.topology.addNode(n);
    }
    for (std::size_t i = 0; i < topo.linkCount(); ++i) {
        const LinkAttributes& l = topo.link(LinkId::fromIndex(i));
        if (inSet.count(l.a) && inSet.count(l.b))
            sub.topology.addLink(l);
    }
    return QByteArray::fromStdString(io::serializeProject(sub));
}

std::optional<QPointF> Clipboard::centreOf(const QByteArray& data)
{
    io::Project sub;
    try {
        sub = io::parseProject(data.toStdString(), "clipboard");
    } catch (const std::exception&) {
        return std::nullopt;
    }
    const auto& topo = sub.topology;
    if (topo.nodeCount() == 0)
        return std::nullopt;
    double minx = 1e300, miny = 1e300, maxx = -1e300, maxy = -1e300;
    for (std::size_t i = 0; i < topo.nodeCount(); ++i) {
        const auto& p = topo.node(NodeId::fromIndex(i)).pos;
        minx = std::min(minx, p[0]);
        maxx = std::max(maxx, p[0]);
        miny = std::min(miny, p[1]);
        maxy = std::max(maxy, p[1]);
    }
    return QPointF((minx + maxx) / 2, (miny + maxy) / 2);
}

PasteCommand* Clipboard::makePaste(Document& doc, const QByteArray& data, const QPointF& offset,
                                   const QString& text)
{
    io::Project sub;
    try {
        sub = io::parseProject(data.toStdString(), "clipboard");
    } catch (const std::exception&) {
        return nullptr;
    }
    const auto& topo = sub.topology;
    if (topo.nodeCount() == 0)
        return nullptr;
    std::set<std::string> takenNodes;
    std::set<std::string> takenLinks;
    std::map<std::string, std::string> rename;
    std::vector<NodeAttributes> nodes;
    std::vector<LinkAttributes> links;
    for (std::size_t i = 0; i < topo.nodeCount(); ++i) {
        NodeAttributes n = topo.node(NodeId::fromIndex(i));
        const std::string fresh = freshId(
            stemOf(n.id), takenNodes, [&](const std::string& s) { return doc.node(s) != nullptr; });
        if (n.name == n.id)
            n.name = fresh;
        rename[n.id] = fresh;
        n.id = fresh;
        n.pos = {n.pos[0] + offset.x(), n.pos[1] + offset.y()};
        nodes.push_back(std::move(n));
    }
    for (auto& n : nodes)
        if (!n.parent.empty())
            n.parent = rename.count(n.parent) ? rename[n.parent] : std::string();
    for (std::size_t i = 0; i < topo.linkCount(); ++i) {
        LinkAttributes l = topo.link(LinkId::fromIndex(i));
        l.a = rename[l.a];
        l.b = rename[l.b];
        l.id = freshId(l.a + "-" + l.b, takenLinks,
                       [&](const std::string& s) { return doc.link(s) != nullptr; });
        links.push_back(std::move(l));
    }
    return new PasteCommand(&doc, std::move(nodes), std::move(links), text);
}

} // namespace meridian::ui
