#pragma once
// Transport protocols of the flow-level network (docs/network-model.md §5-7), and their one
// set of names: the names an experiment file accepts (docs/experiments.md), the results
// writer records and error messages list all come from toString()/protocolFromString().

#include <array>
#include <optional>
#include <string_view>

namespace meridian::net {

enum class Protocol
{
    Tcp,         ///< Reno-like: slow start, window cap, PFTK loss cap, queue/BDP bound
    Udp,         ///< no congestion control, sends at its max-min share, losses not repaired
    ReliableGbn, ///< RDMA/RoCE-like: line rate, go-back-N retransmission from the first loss
    ReliableSr   ///< RDMA-like with selective repeat: only lost packets are resent
};

/// Every protocol, in enum order (for listing the accepted names).
inline constexpr std::array<Protocol, 4> kAllProtocols = {
    Protocol::Tcp, Protocol::Udp, Protocol::ReliableGbn, Protocol::ReliableSr};

/// Canonical name: "tcp", "udp", "gbn", "sr".
std::string_view toString(Protocol p);
/// A canonical name, or one of the aliases "custom-gbn", "custom", "rdma" (go-back-N) and
/// "custom-sr" (selective repeat). Case-sensitive, like every other name in a .topo file.
std::optional<Protocol> protocolFromString(std::string_view text);

} // namespace meridian::net
