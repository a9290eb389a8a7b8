#pragma once
// Collectives named in an experiment (private to the experiment module): the algorithm of a
// name and the DAG of a spec, with errors attributed to the experiment's JSON path.

#include "meridian/collective/Algorithm.hpp"
#include "meridian/collective/CollectiveSpec.hpp"
#include "meridian/collective/CommDag.hpp"
#include "meridian/collective/CommSettings.hpp"
#include "meridian/collective/RingProgram.hpp"

#include <cstddef>
#include <optional>
#include <string>

namespace meridian::experiment {

/// The algorithm called `name`; InputError(file, path, "unknown collective algorithm") if none.
collective::Algorithm algorithmOf(const std::string& name, const std::string& file,
                                  const std::string& path);
struct ExperimentSpec;
/// Every algorithm an experiment names (training: broadcast, intra- and inter-centre; a
/// collective micro-benchmark: its own) resolves, else algorithmOf's InputError: the names the
/// run resolves, checked when the file is read.
void checkAlgorithmNames(const ExperimentSpec& spec, const std::string& file);
/// collective::buildCollective(spec) with NCCL's channels, slots, slices and (for chunks 0,
/// "auto") chunking from `comm`; its InputError re-attributed to (file, path).
collective::CommDag buildChecked(collective::CollectiveSpec spec,
                                 const collective::CommSettings& comm, const std::string& file,
                                 const std::string& path);

/// A collective's program: a flat ring (collective::hasRingProgram) as its implicit
/// RingProgram, anything else as its DAG. The same ops and times either way; the ring's ops are
/// not held in memory (docs/performance.md).
struct CheckedProgram
{
    collective::CommDag dag;                     ///< empty for a ring
    std::optional<collective::RingProgram> ring; ///< set for a flat ring
    double totalBytesSent() const { return ring ? ring->totalBytesSent() : dag.totalBytesSent(); }
    std::size_t opCount() const { return ring ? ring->opCount() : dag.opCount(); }
};
/// buildChecked(), or for a flat ring collective::buildRingProgram() under the same settings
/// and errors.
CheckedProgram buildCheckedProgram(collective::CollectiveSpec spec,
                                   const collective::CommSettings& comm, const std::string& file,
                                   const std::string& path);

} // namespace meridian::experiment
