#pragma once
// Geography helpers for WAN links: great-circle distance, fibre delay, map projection.
//
// Great-circle distance by the haversine formula on a sphere of mean radius
// R = 6371.0088 km (IUGG mean Earth radius R1):
//   a = sin²(Δφ/2) + cos φ1 · cos φ2 · sin²(Δλ/2),   d = 2R · atan2(√a, √(1 − a))
// (φ latitude, λ longitude, radians). The spherical model differs from the WGS-84 ellipsoid
// by at most about 0.5 %, far below the uncertainty of real fibre routes.
//
// One-way fibre delay: d × route_factor × 4.9 µs/km. Light in silica fibre travels at about
// c / 1.47 ≈ 204,000 km/s (units::kFibreDelaySPerKm); real cable paths are longer than the
// great circle, by a route factor of typically 1.2 to 1.5.

#include <array>

namespace meridian::topology {

/// Mean Earth radius (IUGG R1), km.
inline constexpr double kEarthRadiusKm = 6371.0088;

/// Great-circle distance in km between two points given in degrees (latitude in [-90, 90],
/// longitude in [-180, 180]; values outside wrap naturally through sin/cos).
double greatCircleKm(double lat1_deg, double lon1_deg, double lat2_deg, double lon2_deg);

/// One-way propagation delay in seconds of a fibre `distance_km` long (great circle), with
/// the cable `route_factor` times longer than the great circle (route_factor >= 1 in practice).
double fibreDelayS(double distance_km, double route_factor = 1.0);

/// Equirectangular projection of (lat, lon) to canvas coordinates in km around a reference
/// point: x = R·Δλ·cos φ0 (east positive), y = −R·Δφ (north up, since canvas y grows
/// downwards). Distances are true along meridians and along the reference parallel; good for
/// regional maps (a country), misleading across continents.
std::array<double, 2> projectEquirectangularKm(double lat_deg, double lon_deg, double ref_lat_deg,
                                               double ref_lon_deg);

} // namespace meridian::topology
