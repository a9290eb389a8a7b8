// Shared by the ns-3 reference programs: times from the command line, TCP configured as
// Linux runs it, and the star of hosts that nccl_ring, nccl_broadcast and nccl_tree run on.
//
// Star: N hosts, each joined to one switch by a link of `bw_gbps` and one-way delay `delay_ms`
// (host to host = 2 x delay_ms one way). The switch's port towards each host has a drop-tail
// queue of `queue_pkts` packets; a host's own device queue never drops (Linux keeps unsent data
// in the socket, TCP small queues). The FqCoDel queue discs that address assignment installs
// are uninstalled. Optional random loss `loss` on every link in both directions (each device's
// receive side, ACKs included), off until enableLoss(), so that no SYN is lost.
#pragma once

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/traffic-control-module.h"

#include <cstdint>
#include <string>
#include <vector>

namespace reference {

// ns-3.37's MilliSeconds() takes an integer: MilliSeconds(0.5) is 0 and MilliSeconds(7.5) is
// 7 ms. Every time from the command line goes through this instead.
inline ns3::Time ms(double value)
{
    return ns3::Time::FromDouble(value, ns3::Time::MS);
}

// TCP as Linux runs it: 1448-byte segments (1500-byte IP packets with timestamps), the initial
// window, the socket buffers, MinRto (Linux: 200 ms + the path's RTT) and the 40 ms delayed ACK.
// Call before the internet stacks are installed.
inline void setLinuxTcpDefaults(uint32_t initial_cwnd, uint32_t sndbuf_bytes, uint32_t rcvbuf_bytes,
                                double min_rto_ms, double delack_ms)
{
    using namespace ns3;
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(1448));
    Config::SetDefault("ns3::TcpSocket::InitialCwnd", UintegerValue(initial_cwnd));
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(sndbuf_bytes));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(rcvbuf_bytes));
    Config::SetDefault("ns3::TcpSocketBase::MinRto", TimeValue(ms(min_rto_ms)));
    Config::SetDefault("ns3::TcpSocket::DelAckTimeout", TimeValue(ms(delack_ms)));
}

class Star
{
public:
    Star(uint32_t n, double bw_gbps, double delay_ms, uint32_t queue_pkts, double loss = 0.0)
    {
        using namespace ns3;
        hosts.Create(n);
        Ptr<Node> sw = CreateObject<Node>();
        InternetStackHelper stack;
        stack.Install(hosts);
        stack.Install(sw);

        PointToPointHelper link;
        link.SetDeviceAttribute("DataRate", StringValue(std::to_string(bw_gbps * 1e9) + "bps"));
        link.SetChannelAttribute("Delay", TimeValue(ms(delay_ms)));
        link.SetQueue("ns3::DropTailQueue<Packet>", "MaxSize",
                      StringValue(std::to_string(queue_pkts) + "p"));
        Ipv4AddressHelper addr;
        TrafficControlHelper tch;
        host_ip.resize(n);
        for (uint32_t r = 0; r < n; ++r) {
            NetDeviceContainer devs = link.Install(hosts.Get(r), sw);
            devs.Get(0)->GetObject<PointToPointNetDevice>()->GetQueue()->SetMaxSize(
                QueueSize("1000000p"));
            // Switch drops by accounting (ns-3.37 drops ahead of a full device queue without
            // counting it in the queue): packets the switch received - packets its port queues
            // accepted.
            devs.Get(1)->TraceConnectWithoutContext("MacRx",
                                                    MakeCallback(&Star::countSwitchRx, this));
            m_switchPorts.push_back(devs.Get(1)->GetObject<PointToPointNetDevice>());
            addr.SetBase(Ipv4Address((10u << 24) | ((r + 1) << 8)), "255.255.255.0");
            host_ip[r] = addr.Assign(devs).GetAddress(0);
            tch.Uninstall(devs);
            for (uint32_t d = 0; loss > 0.0 && d < 2; ++d) {
                Ptr<RateErrorModel> em = CreateObject<RateErrorModel>();
                em->SetUnit(RateErrorModel::ERROR_UNIT_PACKET);
                em->SetRate(loss);
                em->Disable();
                devs.Get(d)->SetAttribute("ReceiveErrorModel", PointerValue(em));
                m_loss.push_back(em);
            }
        }
        Ipv4GlobalRoutingHelper::PopulateRoutingTables();
    }
    Star(const Star&) = delete; // its trace callbacks hold `this`
    Star& operator=(const Star&) = delete;

    void enableLoss()
    {
        for (const auto& em : m_loss)
            em->Enable();
    }

    // Packets the switch dropped so far.
    uint64_t queueDrops() const
    {
        uint64_t accepted = 0;
        for (const auto& port : m_switchPorts)
            accepted += port->GetQueue()->GetTotalReceivedPackets();
        return m_switchRx - accepted;
    }

    ns3::NodeContainer hosts;
    std::vector<ns3::Ipv4Address> host_ip;

private:
    void countSwitchRx(ns3::Ptr<const ns3::Packet>) { ++m_switchRx; }

    uint64_t m_switchRx = 0;
    std::vector<ns3::Ptr<ns3::PointToPointNetDevice>> m_switchPorts;
    std::vector<ns3::Ptr<ns3::RateErrorModel>> m_loss;
};

} // namespace reference
