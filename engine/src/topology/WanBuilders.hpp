#pragma once
// The WAN builders: nodes on a circle joined as a star (around a hub), a ring or a full mesh,
// and the random geographic WAN (sites uniform in a lat/long box; k nearest neighbours or
// Waxman links plus a minimum spanning tree; fibre delays). The star, ring, full-mesh and
// random-geo generators and the WAN of multi-centre use them.
//
// Link delay of a geographic link: great-circle km × route factor × delay per km.
// Randomness: std::mt19937_64 (its sequence is fixed by the standard) turned into [0, 1) by
// our own code (53 high bits), so results do not depend on the standard library.

#include "GraphBuilder.hpp"

#include <cstdint>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace meridian::topology::gen {

/// Readable id of the i-th node of a kind: c0, r0, sw-0, host-0, gpu-0.
std::string kindId(NodeKind kind, std::size_t i);

/// n nodes of `kind` named kindId(kind, i) on a circle, first at the top, clockwise in screen
/// terms; returns their ids.
std::vector<std::string> placeOnCircle(GraphBuilder& b, NodeKind kind, std::size_t n);
/// Every node linked to `hub` (node → hub).
void linkStar(GraphBuilder& b, const std::vector<std::string>& ids, const std::string& hub,
              const LinkSpec& link);
/// Node i linked to node i + 1 (mod n), ringLinks(n) links.
void linkRing(GraphBuilder& b, const std::vector<std::string>& ids, const LinkSpec& link);
/// Every pair i < j linked.
void linkMesh(GraphBuilder& b, const std::vector<std::string>& ids, const LinkSpec& link);

// Deterministic randomness: mt19937_64's sequence is fixed by the standard; the conversion to
// [0, 1) is ours (53 high bits), so results do not depend on the standard library.

class Random
{
public:
    explicit Random(std::uint64_t seed) : m_engine(seed) {}
    double uniform() { return static_cast<double>(m_engine() >> 11) * 0x1.0p-53; }

private:
    std::mt19937_64 m_engine;
};

/// Sites of a geographic WAN and the edges chosen between them.
struct GeoPlan
{
    std::vector<double> lat;
    std::vector<double> lon;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> edges; ///< i < j, sorted, unique
};

struct GeoParams
{
    std::size_t n = 8;
    double latMin = 20, latMax = 45, lonMin = 100, lonMax = 125;
    bool waxman = false;
    std::size_t degree = 2;
    double alpha = 0.4, beta = 0.4;
};

/// Positions uniform in latitude and longitude (not in area: the box is small enough that
/// this is what a user expects), then edges:
///  * knn: each site to its `degree` nearest sites by great-circle distance (ties → lower
///    index), O(n² log k);
///  * waxman (Waxman 1988): each pair with probability β·exp(−d / (α·L)), L = the largest
///    pairwise distance;
/// plus the edges of a minimum spanning tree (Prim, O(n²)) so the WAN is always connected.
GeoPlan planGeo(const GeoParams& p, std::uint64_t seed);

/// Fibre of a geographic link: one-way delay = km × routeFactor × perKm_s.
struct FibreSpec
{
    double bandwidth_bps = 10e9;
    double perKm_s = 5e-6;
    double routeFactor = 1.0;
};

/// Links of a geographic plan between ids[i] and ids[j].
void buildGeo(GraphBuilder& b, const GeoPlan& plan, const std::vector<std::string>& ids,
              const FibreSpec& fibre);

/// The random-geo WAN: p.n sites of `kind` (kindId names, lat/long set, positions projected
/// around the box centre in km), then the plan's links.
void buildRandomGeo(Topology& t, const GeoParams& p, const GeoPlan& plan, NodeKind kind,
                    const FibreSpec& fibre);

} // namespace meridian::topology::gen
