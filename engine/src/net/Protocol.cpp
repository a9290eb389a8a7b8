#include "meridian/net/Protocol.hpp"

#include <algorithm>
#include <cctype>
#include <string>

namespace meridian::net {

std::string_view toString(Protocol p)
{
    switch (p) {
    case Protocol::Tcp:
        return "tcp";
    case Protocol::Udp:
        return "udp";
    case Protocol::ReliableGbn:
        return "reliable-gbn";
    case Protocol::ReliableSr:
        return "reliable-sr";
    }
    return "tcp";
}

std::optional<Protocol> protocolFromString(std::string_view text)
{
    std::string t(text);
    std::transform(t.begin(), t.end(), t.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (t == "tcp")
        return Protocol::Tcp;
    if (t == "udp")
        return Protocol::Udp;
    if (t == "gbn" || t == "reliable-gbn" || t == "rdma" || t == "go-back-n")
        return Protocol::ReliableGbn;
    if (t == "sr" || t == "reliable-sr" || t == "selective-repeat")
        return Protocol::ReliableSr;
    return std::nullopt;
}

} // namespace meridian::net
