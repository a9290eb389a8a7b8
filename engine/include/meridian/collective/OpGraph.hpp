#pragma once
// What a DagExecutor runs: ops 0 … opCount()−1, each with what it takes to launch it, how
// many ops it waits for and which ops wait for it. Two implementations:
//   * DagGraph (private to the module): a materialised CommDag, its successor lists built once
//     into one CSR array (what DagExecutor(const CommDag&, …) builds for itself);
//   * RingProgram: the flat ring all-reduce, all-gather and reduce-scatter, whose ops and
//     dependencies are computed from (chunk, step, position, slice) instead of stored
//     (docs/performance.md, "Where a large run's memory goes").
// Both describe the same ops for the same spec, index for index (RingProgramTest).

#include "meridian/collective/CommDag.hpp"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace meridian::collective {

/// The fields of a CommOp the executor launches it with.
struct OpLaunch
{
    OpKind kind = OpKind::Send;
    std::int16_t channel = 0;   ///< Send: its connection's channel (CommOp::channel)
    int src = 0;                ///< sending rank (Reduce: the rank that reduces)
    int dst = 0;                ///< receiving rank (Reduce: same as src)
    std::int32_t lanePrev = -1; ///< CommOp::lanePrev
    double bytes = 0;           ///< payload (Send) or size reduced (Reduce)
};

class OpGraph
{
public:
    virtual ~OpGraph() = default;

    virtual std::size_t opCount() const = 0;
    virtual OpLaunch launch(std::size_t op) const = 0;
    /// Number of distinct ops `op` depends on (CommOp::deps after de-duplication).
    virtual std::uint32_t depCount(std::size_t op) const = 0;
    /// The ops that depend on `op`, in ascending order: a view into the graph or into
    /// `scratch` (which the call may overwrite), valid until the next call with that scratch.
    virtual std::span<const std::uint32_t>
    successors(std::size_t op, std::vector<std::uint32_t>& scratch) const = 0;

protected:
    OpGraph() = default;
    OpGraph(const OpGraph&) = default;
    OpGraph(OpGraph&&) = default;
    OpGraph& operator=(const OpGraph&) = default;
    OpGraph& operator=(OpGraph&&) = default;
};

} // namespace meridian::collective
