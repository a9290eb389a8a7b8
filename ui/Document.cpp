#include "ui/Document.hpp"

#include "meridian/core/Error.hpp"
#include "meridian/io/ProjectFile.hpp"

#include <QFileInfo>
#include <QUndoStack>
#include <algorithm>
#include <filesystem>
#include <set>

namespace meridian::ui {

using topology::LinkAttributes;
using topology::NodeAttributes;
using topology::Topology;

Document::Document(QObject* parent) : QObject(parent), m_undoStack(new QUndoStack(this))
{
    connect(m_undoStack, &QUndoStack::cleanChanged, this,
            [this](bool) { Q_EMIT modifiedChanged(isModified()); });
}

Document::~Document() = default;

QString Document::displayName() const
{
    if (m_filePath.isEmpty())
        return tr("Untitled");
    return QFileInfo(m_filePath).fileName();
}

bool Document::isModified() const
{
    return m_forcedModified || !m_undoStack->isClean();
}

void Document::setFilePath(const QString& path)
{
    if (path == m_filePath)
        return;
    m_filePath = path;
    Q_EMIT filePathChanged(path);
}

void Document::clear()
{
    adopt(io::Project{}, QString(), false);
}

void Document::load(const QString& path)
{
    // readProject either returns a complete project or throws: the current one stays intact.
    io::Project loaded;
    try {
        loaded = io::readProject(path.toStdString());
    } catch (const InputError&) {
        throw;
    } catch (const std::exception& e) {
        throw InputError(path.toStdString(), {}, e.what());
    }
    adopt(std::move(loaded), QFileInfo(path).absoluteFilePath(), false);
}

void Document::adopt(io::Project project, const QString& path, bool modified)
{
    m_undoStack->clear();
    m_project = std::move(project);
    m_forcedModified = modified;
    setFilePath(path);
    Q_EMIT documentReplaced();
    Q_EMIT topologyReset();
    Q_EMIT experimentChanged();
    Q_EMIT modifiedChanged(isModified());
}

QString Document::serialized() const
{
    return QString::fromStdString(io::serializeProject(m_project));
}

void Document::save(const QString& path)
{
    // Not QSaveFile: under a full disk (a short write, then ENOSPC/EFBIG) Qt 6.4's QSaveFile
    // committed the truncated text and reported success. writeFileAtomically checks every
    // write, fsyncs, and renames only a complete file (FaultRecoveryTest).
    io::writeFileAtomically(std::filesystem::path(path.toStdString()),
                            io::serializeProject(m_project));
    setFilePath(QFileInfo(path).absoluteFilePath());
    m_forcedModified = false;
    m_undoStack->setClean();
    Q_EMIT modifiedChanged(isModified());
}

const NodeAttributes* Document::node(const std::string& id) const
{
    const auto n = m_project.topology.findNode(id);
    return n ? &m_project.topology.node(*n) : nullptr;
}

const LinkAttributes* Document::link(const std::string& id) const
{
    const auto l = m_project.topology.findLink(id);
    return l ? &m_project.topology.link(*l) : nullptr;
}

std::vector<std::string> Document::linksOfNode(const std::string& id) const
{
    std::vector<std::string> out;
    const auto n = m_project.topology.findNode(id);
    if (!n)
        return out;
    for (LinkId l : m_project.topology.linksOf(*n))
        out.push_back(m_project.topology.link(l).id);
    return out;
}

std::vector<std::string> Document::childrenOf(const std::string& centerId) const
{
    std::vector<std::string> out;
    const auto n = m_project.topology.findNode(centerId);
    if (!n)
        return out;
    for (NodeId c : m_project.topology.children(*n))
        out.push_back(m_project.topology.node(c).id);
    return out;
}

std::vector<std::string> Document::withDescendants(const std::vector<std::string>& ids) const
{
    // Breadth-first over parent links; the set guards against (invalid) parent cycles.
    std::vector<std::string> out;
    std::set<std::string> seen;
    std::vector<std::string> queue = ids;
    for (std::size_t i = 0; i < queue.size(); ++i) {
        if (!seen.insert(queue[i]).second || !node(queue[i]))
            continue;
        out.push_back(queue[i]);
        for (auto& c : childrenOf(queue[i]))
            queue.push_back(c);
    }
    return out;
}

std::string Document::uniqueNodeId(const std::string& stem) const
{
    return m_project.topology.uniqueNodeId(stem);
}

std::string Document::uniqueLinkId(const std::string& stem) const
{
    return m_project.topology.uniqueLinkId(stem);
}

void Document::insertNode(const NodeAttributes& attrs)
{
    m_project.topology.addNode(attrs);
    Q_EMIT nodeAdded(QString::fromStdString(attrs.id));
}

void Document::insertLink(const LinkAttributes& attrs)
{
    m_project.topology.addLink(attrs);
    Q_EMIT linkAdded(QString::fromStdString(attrs.id));
}

void Document::removeItems(const std::vector<std::string>& nodeIds,
                           const std::vector<std::string>& linkIds)
{
    const Topology& old = m_project.topology;
    const std::set<std::string> deadNodes(nodeIds.begin(), nodeIds.end());
    std::set<std::string> deadLinks(linkIds.begin(), linkIds.end());
    for (const auto& n : nodeIds)
        for (auto& l : linksOfNode(n))
            deadLinks.insert(l);

    // One rebuild instead of k removals: Topology::removeNode re-indexes every time (O(k·n)).
    Topology next;
    next.reserveNodes(old.nodeCount());
    std::vector<QString> removedNodes;
    std::vector<QString> removedLinks;
    for (std::size_t i = 0; i < old.nodeCount(); ++i) {
        const NodeAttributes& n = old.node(NodeId::fromIndex(i));
        if (deadNodes.count(n.id))
            removedNodes.push_back(QString::fromStdString(n.id));
        else
            next.addNode(n);
    }
    for (std::size_t i = 0; i < old.linkCount(); ++i) {
        const LinkAttributes& l = old.link(LinkId::fromIndex(i));
        if (deadLinks.count(l.id))
            removedLinks.push_back(QString::fromStdString(l.id));
        else
            next.addLink(l);
    }
    m_project.topology = std::move(next);
    for (const auto& l : removedLinks)
        Q_EMIT linkRemoved(l);
    for (const auto& n : removedNodes)
        Q_EMIT nodeRemoved(n);
}

void Document::restoreItems(const std::vector<std::pair<std::size_t, NodeAttributes>>& nodes,
                            const std::vector<std::pair<std::size_t, LinkAttributes>>& links)
{
    const Topology& old = m_project.topology;
    Topology next;
    next.reserveNodes(old.nodeCount() + nodes.size());
    // Merge the restored items back at their recorded indices (both lists ascending).
    std::size_t from = 0;
    std::size_t r = 0;
    const std::size_t totalNodes = old.nodeCount() + nodes.size();
    for (std::size_t i = 0; i < totalNodes; ++i) {
        if (r < nodes.size() && (nodes[r].first == i || from >= old.nodeCount()))
            next.addNode(nodes[r++].second);
        else
            next.addNode(old.node(NodeId::fromIndex(from++)));
    }
    from = 0;
    r = 0;
    const std::size_t totalLinks = old.linkCount() + links.size();
    for (std::size_t i = 0; i < totalLinks; ++i) {
        if (r < links.size() && (links[r].first == i || from >= old.linkCount()))
            next.addLink(links[r++].second);
        else
            next.addLink(old.link(LinkId::fromIndex(from++)));
    }
    m_project.topology = std::move(next);
    for (const auto& [index, n] : nodes)
        Q_EMIT nodeAdded(QString::fromStdString(n.id));
    for (const auto& [index, l] : links)
        Q_EMIT linkAdded(QString::fromStdString(l.id));
}

void Document::setNodeAttributes(const std::string& id, const NodeAttributes& attrs)
{
    const auto n = m_project.topology.findNode(id);
    MERIDIAN_ASSERT(n.has_value(), "setNodeAttributes on a node that does not exist");
    const NodeAttributes before = m_project.topology.node(*n);
    m_project.topology.updateNode(*n, attrs);
    if (before.id != attrs.id) {
        // A rename touches links and children: let the views rebuild.
        Q_EMIT topologyReset();
        return;
    }
    Q_EMIT nodeChanged(QString::fromStdString(id));
    if (before.pos != attrs.pos)
        Q_EMIT nodeMoved(QString::fromStdString(id));
}

void Document::setLinkAttributes(const std::string& id, const LinkAttributes& attrs)
{
    const auto l = m_project.topology.findLink(id);
    MERIDIAN_ASSERT(l.has_value(), "setLinkAttributes on a link that does not exist");
    const LinkAttributes before = m_project.topology.link(*l);
    m_project.topology.updateLink(*l, attrs);
    if (before.id != attrs.id || before.a != attrs.a || before.b != attrs.b) {
        Q_EMIT linkRemoved(QString::fromStdString(before.id));
        Q_EMIT linkAdded(QString::fromStdString(attrs.id));
        return;
    }
    Q_EMIT linkChanged(QString::fromStdString(id));
}

void Document::placeNodes(const std::vector<NodePlacement>& placements)
{
    Topology& t = m_project.topology;
    std::vector<QString> reparented;
    for (const auto& p : placements) {
        const auto n = t.findNode(p.id);
        MERIDIAN_ASSERT(n.has_value(), "placeNodes on a node that does not exist");
        if (t.node(*n).parent != p.parent) {
            NodeAttributes a = t.node(*n);
            a.parent = p.parent;
            a.pos = {p.pos.x(), p.pos.y()};
            t.updateNode(*n, std::move(a));
            reparented.push_back(QString::fromStdString(p.id));
        } else {
            t.setNodePosition(*n, p.pos.x(), p.pos.y());
        }
    }
    for (const auto& p : placements)
        Q_EMIT nodeMoved(QString::fromStdString(p.id));
    for (const auto& id : reparented)
        Q_EMIT nodeChanged(id);
}

void Document::replaceTopology(Topology topology)
{
    m_project.topology = std::move(topology);
    Q_EMIT topologyReset();
}

void Document::setProjectName(const std::string& name)
{
    m_project.name = name;
}

void Document::setExperiment(const nlohmann::json& experiment)
{
    m_project.experiment = experiment;
    Q_EMIT experimentChanged();
}

} // namespace meridian::ui
