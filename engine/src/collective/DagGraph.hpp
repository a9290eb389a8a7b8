#pragma once
// Private to the collective module: a materialised CommDag as an OpGraph (OpGraph.hpp), its
// successor lists built once into one CSR array (32-bit offsets and op indices).

#include "meridian/collective/CommDag.hpp"
#include "meridian/collective/OpGraph.hpp"

#include <cstdint>
#include <vector>

namespace meridian::collective {

class DagGraph final : public OpGraph
{
public:
    /// Throws InputError if the DAG has a cycle or a dependency index out of range.
    explicit DagGraph(const CommDag& dag);

    std::size_t opCount() const override { return m_dag.opCount(); }
    OpLaunch launch(std::size_t op) const override;
    std::uint32_t depCount(std::size_t op) const override
    {
        return static_cast<std::uint32_t>(m_dag.ops()[op].deps.size());
    }
    std::span<const std::uint32_t> successors(std::size_t op,
                                              std::vector<std::uint32_t>& scratch) const override;

private:
    const CommDag& m_dag;
    /// Successors of op i: m_successors[m_successorOffsets[i] … m_successorOffsets[i + 1]),
    /// in ascending op order.
    std::vector<std::uint32_t> m_successorOffsets;
    std::vector<std::uint32_t> m_successors;
};

} // namespace meridian::collective
