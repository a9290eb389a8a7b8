#include "meridian/topology/Validation.hpp"

#include "meridian/core/Units.hpp"
#include "meridian/topology/AttributeTable.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

namespace meridian::topology {
namespace {

/// Collects issues; `who` prefixes each message ("link 'bj-hub'", "node 'c0'").
class Checker
{
public:
    explicit Checker(std::vector<ValidationIssue>& issues) : m_issues(issues) {}

    void add(std::string location, std::string message)
    {
        m_issues.push_back({std::move(location), std::move(message)});
    }

    /// Checks an engine-unit value against the table entry `info` (ranges in file units).
    void checkValue(const std::string& base, const std::string& who, const AttributeInfo& info,
                    double engine_value)
    {
        const double file_value = info.fromSi(engine_value);
        const std::string problem = info.problem(file_value);
        if (!problem.empty())
            add(base + "/" + info.key,
                who + ": " + info.key + " " + units::formatNumber(file_value) + " " + problem);
    }

private:
    std::vector<ValidationIssue>& m_issues;
};

std::string quoted(std::string_view kind, const std::string& id)
{
    return std::string(kind) + " '" + id + "'";
}

/// Checks every number `item` holds through the rows of `table` that `access` binds, in
/// table order (a choice held as an enum is valid by construction).
template <class Item>
void checkRows(Checker& c, const std::string& base, const std::string& who,
               const std::vector<AttributeInfo>& table,
               AttributeAccess<Item> AttributeInfo::*access, const Item& item)
{
    for (const AttributeInfo& a : table) {
        const AttributeAccess<Item>& field = a.*access;
        if (!field)
            continue;
        const auto v = field.get(item);
        if (const auto* number = v ? std::get_if<double>(&*v) : nullptr)
            c.checkValue(base, who, a, *number);
    }
}

void checkParams(Checker& c, const std::string& base, const std::string& who, const LinkParams& p)
{
    checkRows(c, base, who, linkAttributeTable(), &AttributeInfo::params, p);
}

/// A patch is checked field by field; a queue size without its own unit takes the unit of
/// the parameters it patches.
void checkPatch(Checker& c, const std::string& base, const std::string& who, const LinkPatch& p,
                QueueUnit inherited_queue_unit)
{
    checkRows(c, base, who, linkAttributeTable(), &AttributeInfo::patch,
              p.withQueueUnit(inherited_queue_unit));
}

void checkLink(Checker& c, const Topology& topo, LinkId id)
{
    const LinkAttributes& l = topo.link(id);
    const std::string base = "/links/" + std::to_string(id.index());
    const std::string who = quoted("link", l.id);

    if (l.a == l.b)
        c.add(base + "/b", who + ": both ends are node '" + l.a + "' (self loop)");

    checkParams(c, base, who, l.params);
    checkPatch(c, base + "/reverse", who + " (reverse b→a)", l.reverse, l.params.queue_unit);

    for (std::size_t k = 0; k < l.schedule.size(); ++k) {
        const ScheduleStep& step = l.schedule[k];
        const std::string sbase = base + "/schedule/" + std::to_string(k);
        const std::string swho = who + " schedule step " + std::to_string(k);
        if (!std::isfinite(step.at_s) || step.at_s < 0.0) {
            c.add(sbase + "/at_s",
                  swho + ": at_s " + units::formatNumber(step.at_s) + " must be a time >= 0 s");
        } else if (k > 0 && std::isfinite(l.schedule[k - 1].at_s) &&
                   step.at_s <= l.schedule[k - 1].at_s) {
            c.add(sbase + "/at_s", swho + ": at_s " + units::formatNumber(step.at_s) +
                                       " is not after step " + std::to_string(k - 1) + " (at_s " +
                                       units::formatNumber(l.schedule[k - 1].at_s) +
                                       "); schedule times must increase strictly");
        }
        checkPatch(c, sbase, swho, step.patch, l.params.queue_unit);
    }
}

void checkNodeAttributes(Checker& c, const Topology& topo, NodeId id)
{
    const NodeAttributes& n = topo.node(id);
    const std::string base = "/nodes/" + std::to_string(id.index());
    const std::string who = quoted("node", n.id);
    const std::string attrs = base + "/attrs";

    checkRows(c, attrs, who, nodeAttributeTable(), &AttributeInfo::node, n);
    if (n.fabric)
        checkRows(c, attrs + "/fabric", who + " fabric", fabricAttributeTable(),
                  &AttributeInfo::fabric, *n.fabric);
}

/// Parent rules: the parent exists; a gpu lives in a centre; parent chains have no cycle.
void checkParents(Checker& c, const Topology& topo)
{
    const std::size_t n = topo.nodeCount();
    constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
    std::vector<std::uint32_t> parentOf(n, kNone);

    for (std::size_t i = 0; i < n; ++i) {
        const NodeAttributes& node = topo.node(NodeId::fromIndex(i));
        if (node.parent.empty())
            continue;
        const std::string where = "/nodes/" + std::to_string(i) + "/parent";
        const std::string who = quoted("node", node.id);
        const auto parent = topo.findNode(node.parent);
        if (!parent) {
            c.add(where, who + ": parent '" + node.parent + "' does not exist");
            continue;
        }
        parentOf[i] = parent->value();
        const NodeAttributes& p = topo.node(*parent);
        if (node.kind == NodeKind::Gpu && p.kind != NodeKind::Center)
            c.add(where, who + ": a gpu's parent must be a center, but '" + p.id + "' is a " +
                             std::string(toString(p.kind)));
    }

    // Walk each chain once: 0 = unvisited, 1 = on the current walk, 2 = finished. Meeting a
    // node in state 1 closes a cycle, reported once at its lowest NodeId.
    std::vector<std::uint8_t> state(n, 0);
    std::vector<std::uint32_t> path;
    for (std::size_t start = 0; start < n; ++start) {
        if (state[start] != 0)
            continue;
        path.clear();
        auto v = static_cast<std::uint32_t>(start);
        while (v != kNone && state[v] == 0) {
            state[v] = 1;
            path.push_back(v);
            v = parentOf[v];
        }
        if (v != kNone && state[v] == 1) {
            const auto first = std::find(path.begin(), path.end(), v);
            const std::vector<std::uint32_t> cycle(first, path.end());
            const std::uint32_t lowest = *std::min_element(cycle.begin(), cycle.end());
            const auto at = std::find(cycle.begin(), cycle.end(), lowest) - cycle.begin();
            std::string chain;
            for (std::size_t k = 0; k <= cycle.size(); ++k) {
                const std::uint32_t u = cycle[(static_cast<std::size_t>(at) + k) % cycle.size()];
                chain += (k == 0 ? "" : " → ") + topo.node(NodeId(u)).id;
            }
            c.add("/nodes/" + std::to_string(lowest) + "/parent",
                  quoted("node", topo.node(NodeId(lowest)).id) + ": parent chain " + chain +
                      " is a cycle");
        }
        for (std::uint32_t u : path)
            state[u] = 2;
    }
}

} // namespace

std::vector<ValidationIssue> validate(const Topology& topology)
{
    std::vector<ValidationIssue> issues;
    Checker c(issues);
    for (std::size_t i = 0; i < topology.nodeCount(); ++i)
        checkNodeAttributes(c, topology, NodeId::fromIndex(i));
    checkParents(c, topology);
    // Keep nodes in NodeId order: parent issues were appended after attribute issues.
    std::stable_sort(issues.begin(), issues.end(), [](const auto& x, const auto& y) {
        auto index = [](const std::string& loc) {
            return std::stoul(loc.substr(7, loc.find('/', 7) - 7)); // "/nodes/<i>/..."
        };
        return index(x.location) < index(y.location);
    });
    for (std::size_t i = 0; i < topology.linkCount(); ++i)
        checkLink(c, topology, LinkId::fromIndex(i));
    return issues;
}

} // namespace meridian::topology
