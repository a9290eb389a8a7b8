#pragma once
// The shape of a compute centre's internal network, and its one name <-> enum mapping: the
// .topo "fabric.topology" choices (fabricAttributeTable), the multi-centre generator's
// --fabric option and the run's fabric synthesis all read the names from here.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace meridian::topology {

enum class FabricShape
{
    FatTree,       ///< "fat-tree": k-ary fat-tree (Al-Fares 2008)
    SpineLeaf,     ///< "spine-leaf": two-tier Clos
    RailOptimised, ///< "rail-optimised": dual-plane multi-rail
    Star,          ///< "star": one switch
    Ring           ///< "ring": the GPUs in a ring
};

std::string_view toString(FabricShape shape);
/// The shape of that exact name, or nullopt.
std::optional<FabricShape> fabricShapeFromString(std::string_view text);
/// Every name, in enum order: fat-tree, spine-leaf, rail-optimised, star, ring.
const std::vector<std::string>& fabricShapeNames();

} // namespace meridian::topology
