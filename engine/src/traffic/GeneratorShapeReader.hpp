#pragma once
// The parts of a traffic generator that shape where and when it sends (docs/traffic.md §2.5,
// §2.6): its load profile over time and its traffic matrix. Private to TrafficSpec's reader.

#include "io/ObjectReader.hpp"
#include "meridian/topology/Topology.hpp"
#include "meridian/traffic/TrafficSpec.hpp"

namespace meridian::traffic::detail {

/// Reads the generator's "profile" object into g.profile (when present), and checks that the
/// kind can follow it.
void readProfile(io::ObjectReader& generator, GeneratorSpec& g);

/// Reads the generator's "matrix" object (present): a gravity model into g.demands, or the
/// CSV file's name into g.matrix_file; checks the kind takes a matrix and that "from", "to"
/// and the kind's own rate keys are absent.
void readMatrix(io::ObjectReader& generator, const topology::Topology& topo, GeneratorSpec& g);

} // namespace meridian::traffic::detail
