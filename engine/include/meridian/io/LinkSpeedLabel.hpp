#pragma once
// Link speeds from the free-text labels of WAN maps (Topology Zoo "LinkLabel"/"LinkType").
//
// Recognised (case-insensitive; spaces, "-" and a trailing "c" for concatenated SONET are
// optional; table in docs/file-format.md):
//   SONET OC-n / STS-n   n × 51.84 Mbit/s   (OC-3 155.52M, OC-12 622.08M, OC-48 2.48832G,
//                                            OC-192 9.95328G, OC-768 39.81312G; ITU-T G.707)
//   SDH STM-n            n × 155.52 Mbit/s  (STM-1, -4, -16, -64, -256)
//   T1/DS1 1.544M, T3/DS3 44.736M (ANSI T1.107); E1 2.048M, E2 8.448M, E3 34.368M,
//   E4 139.264M (ITU-T G.703)
//   Ethernet: FE 100M, GE/GigE/GbE 1G, 10GE/10GbE/10GigE 10G, 25GE, 40GE, 100GE, 400GE
//   numbers with a unit: "10 Gbps", "1G", "100 Mbps", "2.5 Gbit/s", "155 Mb/s"
//   ranges "100-155 Mbit/s": the LOWER bound (a conservative capacity)
//   multiples "2x10G", "4 x OC-48", "2*GE": count × the speed of the rest
//   free text then a speed, "DTP-Ring 2.5 Gbit/s": the number with a unit after a space
// Anything else ("Red Link", "High Bandwidth", a bare "10") is unknown: nullopt.

#include <optional>
#include <string_view>

namespace meridian::io {

/// Bit/s named by a link label, or nullopt if the label names no speed.
std::optional<double> parseLinkSpeedLabel(std::string_view label);

} // namespace meridian::io
