#pragma once
// The attributed topology graph G = (V, E, φv, φe) of seed 000 §2.1.1.
//
// Storage is a boost::adjacency_list (undirected, parallel edges allowed) whose bundled
// vertex property is NodeAttributes (H) and whose bundled edge property carries the
// LinkAttributes (L_t). NodeId is the vertex index and LinkId the position of a link in
// insertion order; both are dense and stay stable until a node or link is removed (removal
// renumbers later ids, so long-lived references — undo commands, files — use string ids).
//
// Structural invariants enforced here (they can never be violated in a Topology):
// unique node ids, unique link ids, link endpoints that exist. Everything else (ranges,
// self loops, parent chains, schedules) is checked by validate() in Validation.hpp, so a
// file can be loaded far enough to report all its problems at once.

#include "meridian/core/StrongId.hpp"
#include "meridian/topology/Attributes.hpp"

#include <boost/graph/adjacency_list.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace meridian::topology {

struct EdgeBundle
{
    LinkId id;
    LinkAttributes attrs;
};

class Topology
{
public:
    using Graph =
        boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS, NodeAttributes,
                              EdgeBundle, boost::no_property, boost::listS>;
    using Vertex = Graph::vertex_descriptor;
    using Edge = Graph::edge_descriptor;

    Topology() = default;
    Topology(const Topology& other);
    Topology& operator=(const Topology& other);
    Topology(Topology&& other) noexcept;
    Topology& operator=(Topology&& other) noexcept;

    /// Adds a node; throws InputError if its id is empty or already used.
    NodeId addNode(const NodeAttributes& attrs);
    /// Adds a link between the nodes named by attrs.a and attrs.b; throws InputError if an
    /// endpoint does not exist or the link id is empty/already used. Parallel links are fine.
    LinkId addLink(LinkAttributes attrs);
    /// Removes a node and every link touching it. Later NodeIds/LinkIds shift down.
    void removeNode(NodeId id);
    void clear();
    /// Reserves room for n nodes (generators call this for large topologies).
    void reserveNodes(std::size_t n);
    /// Reserves room for n links (avoids rehashing the id index while loading or generating).
    void reserveLinks(std::size_t n);

    std::size_t nodeCount() const { return boost::num_vertices(m_graph); }
    std::size_t linkCount() const { return m_edges.size(); }

    const NodeAttributes& node(NodeId id) const;
    const LinkAttributes& link(LinkId id) const;
    /// Replaces a node's attributes. An id change renames the node everywhere (links'
    /// endpoints, children's parent); throws InputError if the new id is taken.
    void updateNode(NodeId id, NodeAttributes attrs);
    /// Replaces a link's attributes; endpoint changes reconnect it; throws InputError if an
    /// endpoint does not exist or the new id is taken.
    void updateLink(LinkId id, LinkAttributes attrs);
    /// Sets only the canvas position (cheap; used by drags and layouts).
    void setNodePosition(NodeId id, double x, double y);

    std::optional<NodeId> findNode(std::string_view id) const;
    std::optional<LinkId> findLink(std::string_view id) const;
    /// Endpoints as ids: first = a, second = b.
    std::pair<NodeId, NodeId> endpoints(LinkId id) const;
    /// Links incident to a node, in insertion order of the adjacency list.
    std::vector<LinkId> linksOf(NodeId id) const;
    /// Nodes whose parent is `center` (direct children only).
    std::vector<NodeId> children(NodeId center) const;
    /// Nodes of one kind, in NodeId order.
    std::vector<NodeId> nodesOfKind(NodeKind kind) const;
    /// An id not used by any node, built from `stem` ("gpu" → "gpu", "gpu-2", ...).
    std::string uniqueNodeId(std::string_view stem) const;
    std::string uniqueLinkId(std::string_view stem) const;

    const Graph& graph() const { return m_graph; }
    Vertex vertex(NodeId id) const { return static_cast<Vertex>(id.value()); }
    Edge edge(LinkId id) const;

    bool operator==(const Topology& other) const;

private:
    void rebuildIndexes();
    void checkNode(NodeId id) const;
    void checkLink(LinkId id) const;

    Graph m_graph;
    std::vector<Edge> m_edges; ///< LinkId → edge descriptor
    std::unordered_map<std::string, NodeId> m_nodeById;
    std::unordered_map<std::string, LinkId> m_linkById;
};

/// Whether some link of `topo` drops packets at random: in either direction, or at some step
/// of its schedule.
bool hasRandomLoss(const Topology& topo);

} // namespace meridian::topology
