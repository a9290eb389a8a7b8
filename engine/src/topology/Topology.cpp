#include "meridian/topology/Topology.hpp"

#include "meridian/core/Error.hpp"

#include <algorithm>

namespace meridian::topology {

Topology::Topology(const Topology& other) : m_graph(other.m_graph)
{
    rebuildIndexes();
}

Topology& Topology::operator=(const Topology& other)
{
    if (this != &other) {
        m_graph = other.m_graph;
        rebuildIndexes();
    }
    return *this;
}

// boost::adjacency_list (Boost 1.74) has no move constructor or move assignment, so
// std::move(graph) would copy it: swap the graphs instead.
Topology::Topology(Topology&& other) noexcept
{
    m_graph.swap(other.m_graph);
    rebuildIndexes();
    other.clear();
}

Topology& Topology::operator=(Topology&& other) noexcept
{
    if (this != &other) {
        m_graph.swap(other.m_graph);
        rebuildIndexes();
        other.clear();
    }
    return *this;
}

void Topology::rebuildIndexes()
{
    m_nodeById.clear();
    m_linkById.clear();
    m_nodeById.reserve(boost::num_vertices(m_graph));
    for (Vertex v = 0; v < boost::num_vertices(m_graph); ++v)
        m_nodeById.emplace(m_graph[v].id, NodeId::fromIndex(v));
    m_edges.assign(boost::num_edges(m_graph), Edge{});
    std::size_t i = 0;
    for (auto [it, end] = boost::edges(m_graph); it != end; ++it, ++i) {
        m_graph[*it].id = LinkId::fromIndex(i);
        m_edges[i] = *it;
        m_linkById.emplace(m_graph[*it].attrs.id, LinkId::fromIndex(i));
    }
}

void Topology::clear()
{
    m_graph.clear();
    m_edges.clear();
    m_nodeById.clear();
    m_linkById.clear();
}

void Topology::reserveNodes(std::size_t n)
{
    m_graph.m_vertices.reserve(n);
    m_nodeById.reserve(n);
}

void Topology::reserveLinks(std::size_t n)
{
    m_edges.reserve(n);
    m_linkById.reserve(n);
}

void Topology::checkNode(NodeId id) const
{
    MERIDIAN_ASSERT(id.valid() && id.index() < nodeCount(), "NodeId out of range");
}

void Topology::checkLink(LinkId id) const
{
    MERIDIAN_ASSERT(id.valid() && id.index() < m_edges.size(), "LinkId out of range");
}

NodeId Topology::addNode(const NodeAttributes& attrs)
{
    if (attrs.id.empty())
        throw InputError("node id is empty");
    if (m_nodeById.count(attrs.id) != 0)
        throw InputError("duplicate node id '" + attrs.id + "'");
    const NodeId id = NodeId::fromIndex(boost::num_vertices(m_graph));
    m_nodeById.emplace(attrs.id, id);
    boost::add_vertex(attrs, m_graph);
    return id;
}

LinkId Topology::addLink(LinkAttributes attrs)
{
    if (attrs.id.empty())
        throw InputError("link id is empty");
    if (m_linkById.count(attrs.id) != 0)
        throw InputError("duplicate link id '" + attrs.id + "'");
    const auto a = findNode(attrs.a);
    if (!a)
        throw InputError("link '" + attrs.id + "' refers to unknown node '" + attrs.a +
                         "' (endpoint a)");
    const auto b = findNode(attrs.b);
    if (!b)
        throw InputError("link '" + attrs.id + "' refers to unknown node '" + attrs.b +
                         "' (endpoint b)");
    const LinkId id = LinkId::fromIndex(m_edges.size());
    m_linkById.emplace(attrs.id, id);
    auto [e, ok] =
        boost::add_edge(vertex(*a), vertex(*b), EdgeBundle{id, std::move(attrs)}, m_graph);
    MERIDIAN_ASSERT(ok, "adjacency_list refused a parallel edge");
    m_edges.push_back(e);
    return id;
}

void Topology::removeNode(NodeId id)
{
    checkNode(id);
    const Vertex v = vertex(id);
    boost::clear_vertex(v, m_graph);
    boost::remove_vertex(v, m_graph);
    rebuildIndexes();
}

const NodeAttributes& Topology::node(NodeId id) const
{
    checkNode(id);
    return m_graph[vertex(id)];
}

const LinkAttributes& Topology::link(LinkId id) const
{
    checkLink(id);
    return m_graph[m_edges[id.index()]].attrs;
}

Topology::Edge Topology::edge(LinkId id) const
{
    checkLink(id);
    return m_edges[id.index()];
}

void Topology::updateNode(NodeId id, NodeAttributes attrs)
{
    checkNode(id);
    NodeAttributes& current = m_graph[vertex(id)];
    if (attrs.id != current.id) {
        if (attrs.id.empty())
            throw InputError("node id is empty");
        if (m_nodeById.count(attrs.id) != 0)
            throw InputError("duplicate node id '" + attrs.id + "'");
        const std::string old = current.id;
        m_nodeById.erase(old);
        m_nodeById.emplace(attrs.id, id);
        for (auto [it, end] = boost::out_edges(vertex(id), m_graph); it != end; ++it) {
            LinkAttributes& l = m_graph[*it].attrs;
            if (l.a == old)
                l.a = attrs.id;
            if (l.b == old)
                l.b = attrs.id;
        }
        for (Vertex v = 0; v < boost::num_vertices(m_graph); ++v)
            if (m_graph[v].parent == old)
                m_graph[v].parent = attrs.id;
    }
    current = std::move(attrs);
}

void Topology::updateLink(LinkId id, LinkAttributes attrs)
{
    checkLink(id);
    LinkAttributes& current = m_graph[m_edges[id.index()]].attrs;
    if (attrs.id != current.id) {
        if (attrs.id.empty())
            throw InputError("link id is empty");
        if (m_linkById.count(attrs.id) != 0)
            throw InputError("duplicate link id '" + attrs.id + "'");
    }
    if (attrs.a != current.a || attrs.b != current.b) {
        if (!findNode(attrs.a))
            throw InputError("link '" + attrs.id + "' refers to unknown node '" + attrs.a +
                             "' (endpoint a)");
        if (!findNode(attrs.b))
            throw InputError("link '" + attrs.id + "' refers to unknown node '" + attrs.b +
                             "' (endpoint b)");
        // Reconnect: rebuild the graph's edge list in the same order with the new endpoints.
        Graph rebuilt;
        rebuilt.m_vertices.reserve(nodeCount());
        for (Vertex v = 0; v < boost::num_vertices(m_graph); ++v)
            boost::add_vertex(m_graph[v], rebuilt);
        for (std::size_t i = 0; i < m_edges.size(); ++i) {
            EdgeBundle bundle = m_graph[m_edges[i]];
            if (i == id.index())
                bundle.attrs = attrs;
            const auto a = *findNode(bundle.attrs.a);
            const auto b = *findNode(bundle.attrs.b);
            boost::add_edge(vertex(a), vertex(b), bundle, rebuilt);
        }
        m_graph.swap(rebuilt);
        rebuildIndexes();
        return;
    }
    if (attrs.id != current.id) {
        m_linkById.erase(current.id);
        m_linkById.emplace(attrs.id, id);
    }
    current = std::move(attrs);
}

void Topology::setNodePosition(NodeId id, double x, double y)
{
    checkNode(id);
    m_graph[vertex(id)].pos = {x, y};
}

std::optional<NodeId> Topology::findNode(std::string_view id) const
{
    auto it = m_nodeById.find(std::string(id));
    if (it == m_nodeById.end())
        return std::nullopt;
    return it->second;
}

std::optional<LinkId> Topology::findLink(std::string_view id) const
{
    auto it = m_linkById.find(std::string(id));
    if (it == m_linkById.end())
        return std::nullopt;
    return it->second;
}

std::pair<NodeId, NodeId> Topology::endpoints(LinkId id) const
{
    const LinkAttributes& l = link(id);
    // Resolve through the index (cheap) so the answer is always a and b as declared, even
    // for an undirected edge whose stored source/target order differs.
    return {m_nodeById.at(l.a), m_nodeById.at(l.b)};
}

std::vector<LinkId> Topology::linksOf(NodeId id) const
{
    checkNode(id);
    std::vector<LinkId> out;
    for (auto [it, end] = boost::out_edges(vertex(id), m_graph); it != end; ++it)
        out.push_back(m_graph[*it].id);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end()); // self loops appear twice
    return out;
}

std::vector<NodeId> Topology::children(NodeId center) const
{
    const std::string& cid = node(center).id;
    std::vector<NodeId> out;
    for (Vertex v = 0; v < boost::num_vertices(m_graph); ++v)
        if (m_graph[v].parent == cid)
            out.push_back(NodeId::fromIndex(v));
    return out;
}

std::vector<NodeId> Topology::nodesOfKind(NodeKind kind) const
{
    std::vector<NodeId> out;
    for (Vertex v = 0; v < boost::num_vertices(m_graph); ++v)
        if (m_graph[v].kind == kind)
            out.push_back(NodeId::fromIndex(v));
    return out;
}

namespace {
template <class Map> std::string uniqueId(const Map& map, std::string_view stem)
{
    std::string base(stem.empty() ? std::string_view("n") : stem);
    if (map.count(base) == 0)
        return base;
    for (std::size_t i = 2;; ++i) {
        std::string candidate = base + "-" + std::to_string(i);
        if (map.count(candidate) == 0)
            return candidate;
    }
}
} // namespace

std::string Topology::uniqueNodeId(std::string_view stem) const
{
    return uniqueId(m_nodeById, stem);
}

std::string Topology::uniqueLinkId(std::string_view stem) const
{
    return uniqueId(m_linkById, stem);
}

bool Topology::operator==(const Topology& other) const
{
    if (nodeCount() != other.nodeCount() || linkCount() != other.linkCount())
        return false;
    for (Vertex v = 0; v < boost::num_vertices(m_graph); ++v)
        if (!(m_graph[v] == other.m_graph[v]))
            return false;
    for (std::size_t i = 0; i < m_edges.size(); ++i)
        if (!(m_graph[m_edges[i]].attrs == other.m_graph[other.m_edges[i]].attrs))
            return false;
    return true;
}

bool hasRandomLoss(const Topology& topo)
{
    for (std::size_t i = 0; i < topo.linkCount(); ++i) {
        const LinkAttributes& l = topo.link(LinkId::fromIndex(i));
        if (l.direction(0).loss > 0.0 || l.direction(1).loss > 0.0)
            return true;
        for (const ScheduleStep& step : l.schedule)
            if (step.patch.loss.value_or(0.0) > 0.0)
                return true;
    }
    return false;
}

} // namespace meridian::topology
