#include "CheckedCollective.hpp"

#include "meridian/collective/BuildCollective.hpp"
#include "meridian/core/Error.hpp"

namespace meridian::experiment {

collective::Algorithm algorithmOf(const std::string& name, const std::string& file,
                                  const std::string& path)
{
    auto a = collective::algorithmFromString(name);
    if (!a)
        throw InputError(file, path, "unknown collective algorithm '" + name + "'");
    return *a;
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

} // namespace meridian::experiment
