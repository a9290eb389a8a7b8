#include "meridian/topology/Geo.hpp"

#include "meridian/core/Units.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace meridian::topology {
namespace {
constexpr double kRadPerDeg = std::numbers::pi / 180.0;
}

double greatCircleKm(double lat1_deg, double lon1_deg, double lat2_deg, double lon2_deg)
{
    const double phi1 = lat1_deg * kRadPerDeg;
    const double phi2 = lat2_deg * kRadPerDeg;
    const double dphi = (lat2_deg - lat1_deg) * kRadPerDeg;
    const double dlambda = (lon2_deg - lon1_deg) * kRadPerDeg;
    const double s1 = std::sin(dphi / 2.0);
    const double s2 = std::sin(dlambda / 2.0);
    // Clamp: rounding can push a slightly above 1 for antipodal points.
    const double a = std::clamp(s1 * s1 + std::cos(phi1) * std::cos(phi2) * s2 * s2, 0.0, 1.0);
    return 2.0 * kEarthRadiusKm * std::atan2(std::sqrt(a), std::sqrt(1.0 - a));
}

double fibreDelayS(double distance_km, double route_factor)
{
    return distance_km * route_factor * units::kFibreDelaySPerKm;
}

std::array<double, 2> projectEquirectangularKm(double lat_deg, double lon_deg, double ref_lat_deg,
                                               double ref_lon_deg)
{
    const double x =
        kEarthRadiusKm * (lon_deg - ref_lon_deg) * kRadPerDeg * std::cos(ref_lat_deg * kRadPerDeg);
    const double y = -kEarthRadiusKm * (lat_deg - ref_lat_deg) * kRadPerDeg;
    return {x, y};
}

} // namespace meridian::topology
