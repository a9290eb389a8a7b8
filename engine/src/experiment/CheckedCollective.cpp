#include "CheckedCollective.hpp"

#include "meridian/collective/BuildCollective.hpp"
#include "meridian/core/Error.hpp"
#include "meridian/experiment/ExperimentSpec.hpp"

namespace meridian::experiment {

collective::Algorithm algorithmOf(const std::string& name, const std::string& file,
                                  const std::string& path)
{
    auto a = collective::algorithmFromString(name);
    if (!a)
        throw InputError(file, path, "unknown collective algorithm '" + name + "'");
    return *a;
}

void checkAlgorithmNames(const ExperimentSpec& spec, const std::string& file)
{
    if (spec.kind == ExperimentKind::Training) {
        const TrainingSpec& t = spec.training;
        algorithmOf(t.broadcast_algorithm, file, "/experiment/broadcast/algorithm");
        algorithmOf(t.intra_center.collective, file, "/experiment/intra_center/collective");
        algorithmOf(t.inter_center.collective, file, "/experiment/inter_center/collective");
    } else if (spec.kind == ExperimentKind::Collective) {
        algorithmOf(spec.bench.algorithm, file, "/experiment/algorithm");
    }
}

collective::CommDag buildChecked(collective::CollectiveSpec spec,
                                 const collective::CommSettings& comm, const std::string& file,
                                 const std::string& path)
{
    collective::applyCommSettings(spec, comm);
    try {
        return collective::buildCollective(spec);
    } catch (const InputError& e) {
        throw InputError(file, path, e.problem());
    }
}

CheckedProgram buildCheckedProgram(collective::CollectiveSpec spec,
                                   const collective::CommSettings& comm, const std::string& file,
                                   const std::string& path)
{
    collective::applyCommSettings(spec, comm);
    CheckedProgram program;
    try {
        if (collective::hasRingProgram(spec))
            program.ring.emplace(collective::buildRingProgram(spec));
        else
            program.dag = collective::buildCollective(spec);
    } catch (const InputError& e) {
        throw InputError(file, path, e.problem());
    }
    return program;
}

} // namespace meridian::experiment
