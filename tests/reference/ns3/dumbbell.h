// One bottleneck with several sender hosts, for the ns-3 reference programs (cross_traffic; the
// same links as tcp_flows builds inline):
//
//   sender_i --access (10 x bw, 0 ms, never drops)-- rtr --bottleneck (bw, rtt/2, Q packets)-- rcv
//
// The bottleneck's drop-tail queue of `queue_pkts` packets sits in rtr's device; the ACK
// direction (rcv -> rtr) has a queue that never fills. Hosts' own device queues never drop
// (Linux keeps unsent data in the socket, TCP small queues). The FqCoDel queue discs that address
// assignment installs are uninstalled, so the device queue is the only buffer. Queue drops are
// counted by accounting (ns-3.37 drops ahead of a full, stopped device queue in the traffic-control
// layer, not in the queue): packets rtr received from the senders - packets its bottleneck queue
// accepted.
#pragma once

#include "star_net.h"

#include <cstdint>
#include <string>
#include <vector>

namespace reference {

class Dumbbell
{
public:
    Dumbbell(uint32_t n_senders, double bw_gbps, double rtt_ms, uint32_t queue_pkts)
    {
        using namespace ns3;
        senders.Create(n_senders);
        router = CreateObject<Node>();
        receiver = CreateObject<Node>();
        InternetStackHelper stack;
        stack.Install(senders);
        stack.Install(router);
        stack.Install(receiver);

        PointToPointHelper access;
        access.SetDeviceAttribute("DataRate",
                                  StringValue(std::to_string(10.0 * bw_gbps * 1e9) + "bps"));
        access.SetChannelAttribute("Delay", TimeValue(Seconds(0)));
        access.SetQueue("ns3::DropTailQueue<Packet>", "MaxSize", StringValue("1000000p"));
        PointToPointHelper bottleneck;
        bottleneck.SetDeviceAttribute("DataRate", StringValue(std::to_string(bw_gbps * 1e9) + "bps"));
        bottleneck.SetChannelAttribute("Delay", TimeValue(ms(rtt_ms / 2.0)));
        bottleneck.SetQueue("ns3::DropTailQueue<Packet>", "MaxSize",
                            StringValue(std::to_string(queue_pkts) + "p"));

        Ipv4AddressHelper addr;
        TrafficControlHelper tch;
        NetDeviceContainer bn = bottleneck.Install(router, receiver);
        bn.Get(1)->GetObject<PointToPointNetDevice>()->GetQueue()->SetMaxSize(QueueSize("1000000p"));
        addr.SetBase("10.1.0.0", "255.255.255.0");
        receiver_ip = addr.Assign(bn).GetAddress(1);
        tch.Uninstall(bn);
        m_bottleneck = bn.Get(0)->GetObject<PointToPointNetDevice>();
        for (uint32_t i = 0; i < n_senders; ++i) {
            NetDeviceContainer devs = access.Install(senders.Get(i), router);
            addr.SetBase(Ipv4Address((10u << 24) | ((2u + i / 250) << 16) | ((i % 250 + 1) << 8)),
                         "255.255.255.0");
            sender_ip.push_back(addr.Assign(devs).GetAddress(0));
            tch.Uninstall(devs);
            devs.Get(1)->TraceConnectWithoutContext("MacRx",
                                                    MakeCallback(&Dumbbell::countRouterRx, this));
        }
        Ipv4GlobalRoutingHelper::PopulateRoutingTables();
    }
    Dumbbell(const Dumbbell&) = delete; // its trace callbacks hold `this`
    Dumbbell& operator=(const Dumbbell&) = delete;

    // Packets dropped at the bottleneck so far.
    uint64_t queueDrops() const
    {
        return m_routerRx - m_bottleneck->GetQueue()->GetTotalReceivedPackets();
    }

    ns3::Ptr<ns3::PointToPointNetDevice> bottleneckDevice() const { return m_bottleneck; }

    ns3::NodeContainer senders;
    ns3::Ptr<ns3::Node> router;
    ns3::Ptr<ns3::Node> receiver;
    ns3::Ipv4Address receiver_ip;
    std::vector<ns3::Ipv4Address> sender_ip;

private:
    void countRouterRx(ns3::Ptr<const ns3::Packet>) { ++m_routerRx; }

    uint64_t m_routerRx = 0;
    ns3::Ptr<ns3::PointToPointNetDevice> m_bottleneck;
};

} // namespace reference
