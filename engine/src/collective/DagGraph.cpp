#include "DagGraph.hpp"

#include "meridian/core/Error.hpp"

#include <limits>
#include <string>

namespace meridian::collective {

DagGraph::DagGraph(const CommDag& dag) : m_dag(dag)
{
    const auto& ops = dag.ops();
    const std::size_t n = ops.size();
    MERIDIAN_ASSERT(n < std::numeric_limits<std::uint32_t>::max(),
                    "a DAG of more than 2^32 ops (buildCollective stops at 2·10^7)");
    // m_successorOffsets[d] counts d's successors, then (inclusive prefix sums) the end of
    // d's list; filling the lists from the last op down leaves it at their start and each
    // list in ascending op order, with no second array of offsets.
    m_successorOffsets.assign(n + 1, 0);
    bool forward = true; // every dependency an earlier op: acyclic without a sort
    for (std::size_t i = 0; i < n; ++i) {
        for (const std::size_t d : ops[i].deps) {
            if (d >= n)
                throw InputError({}, "collective/ops/" + std::to_string(i),
                                 "dependency " + std::to_string(d) + " does not exist");
            forward = forward && d < i;
            ++m_successorOffsets[d];
        }
    }
    for (std::size_t i = 1; i < n; ++i)
        m_successorOffsets[i] += m_successorOffsets[i - 1];
    if (n > 0)
        m_successorOffsets[n] = m_successorOffsets[n - 1];
    m_successors.resize(m_successorOffsets[n]);
    for (std::size_t i = n; i-- > 0;)
        for (const std::size_t d : ops[i].deps)
            m_successors[--m_successorOffsets[d]] = static_cast<std::uint32_t>(i);
    if (!forward && !dag.isAcyclic())
        throw InputError({}, "collective", "the operation DAG has a dependency cycle");
}

OpLaunch DagGraph::launch(std::size_t op) const
{
    const CommOp& o = m_dag.ops()[op];
    return {o.kind, o.channel, o.src, o.dst, o.lanePrev, o.bytes};
}

std::span<const std::uint32_t> DagGraph::successors(std::size_t op,
                                                    std::vector<std::uint32_t>& /*scratch*/) const
{
    return {m_successors.data() + m_successorOffsets[op],
            m_successors.data() + m_successorOffsets[op + 1]};
}

} // namespace meridian::collective
