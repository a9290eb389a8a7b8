#pragma once
// Transport protocols of the flow-level network (docs/network-model.md §5-7).

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

std::string_view toString(Protocol p);
/// "tcp", "udp", "gbn" / "reliable-gbn" / "rdma", "sr" / "reliable-sr".
std::optional<Protocol> protocolFromString(std::string_view text);

} // namespace meridian::net
