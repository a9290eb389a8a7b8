#include "meridian/topology/FabricShape.hpp"

#include <array>
#include <cstddef>

namespace meridian::topology {
namespace {

constexpr std::array<FabricShape, 5> kShapes = {FabricShape::FatTree, FabricShape::SpineLeaf,
                                                FabricShape::RailOptimised, FabricShape::Star,
                                                FabricShape::Ring};

} // namespace

std::string_view toString(FabricShape shape)
{
    switch (shape) {
    case FabricShape::FatTree:
        return "fat-tree";
    case FabricShape::SpineLeaf:
        return "spine-leaf";
    case FabricShape::RailOptimised:
        return "rail-optimised";
    case FabricShape::Star:
        return "star";
    case FabricShape::Ring:
        return "ring";
    }
    return "fat-tree";
}

std::optional<FabricShape> fabricShapeFromString(std::string_view text)
{
    for (FabricShape s : kShapes)
        if (toString(s) == text)
            return s;
    return std::nullopt;
}

const std::vector<std::string>& fabricShapeNames()
{
    static const std::vector<std::string> names = [] {
        std::vector<std::string> out;
        out.reserve(std::size(kShapes));
        for (FabricShape s : kShapes)
            out.emplace_back(toString(s));
        return out;
    }();
    return names;
}

} // namespace meridian::topology
