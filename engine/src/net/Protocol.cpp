#include "meridian/net/Protocol.hpp"

namespace meridian::net {

std::string_view toString(Protocol p)
{
    switch (p) {
    case Protocol::Tcp:
        return "tcp";
    case Protocol::Udp:
        return "udp";
    case Protocol::ReliableGbn:
        return "gbn";
    case Protocol::ReliableSr:
        return "sr";
    }
    return "tcp";
}

std::optional<Protocol> protocolFromString(std::string_view text)
{
    if (text == "tcp")
        return Protocol::Tcp;
    if (text == "udp")
        return Protocol::Udp;
    if (text == "gbn" || text == "custom-gbn" || text == "rdma" || text == "custom")
        return Protocol::ReliableGbn;
    if (text == "sr" || text == "custom-sr")
        return Protocol::ReliableSr;
    return std::nullopt;
}

} // namespace meridian::net
