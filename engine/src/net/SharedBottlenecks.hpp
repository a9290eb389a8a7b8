#pragma once
// The rules of several TCP connections through one bottleneck (docs/network-model.md §5.6),
// kept per resource:
//   rank        a connection that starts sending takes its place behind the ones already
//               there: its slow-start rounds reach the queue behind their bursts (the
//               overshoot's `ahead`, TcpWindow);
//   FIFO shares windows beyond the pipe wait in the drop-tail queue, at most its buffer:
//               Q = clamp(ΣW − BDP, 0, B_q) and each connection gets W_i/(RTT + Q/C_b), i.e.
//               C_b·W_i/ΣW, the fluid model of a FIFO, not a max-min fair share;
//   overflow    a slow-start round that finds ΣW > BDP + B_q drops packets of every
//               connection sending there: each one not in its recovery is cut;
//   positional exit  HyStart's delay increase (tcp_cubic.c HYSTART_DELAY, η = clamp(RTT/8,
//               4 ms, 16 ms)) seen by one connection: its round's first ACKs come back behind
//               the bursts of the connections ahead of it still in slow start, Σ_ahead W/2 of
//               queue less 0.8 of its own burst's half (fitted to the kernel's traces); once
//               that is C_b·η it leaves slow start at its window, alone — the later ones in
//               the round first, one round apart;
//   delay exit  HyStart's delay increase for all: slow start ends for every connection
//               still in it once the windows a round ago (ΣW with slow-starting ones halved)
//               were BDP + C_b·η (the round's first ACKs see the queue that round left),
//               each leaving at an equal share of the slow-starting windows; beyond BDP + B_q
//               it is an overflow too;
//   standing queue (latency, §4) the bulk transfers' windows capped at W keep Σ(W − r·RTT)
//               queued while that fits B_q, else the sawtooth's B_q/2; a message following
//               on its connection's previous one is already delayed by its own
//               serialisation and adds none.
// Checked by tests/validation/CubicValidationTest.cpp (hystartDelayEndsParallelStreams...),
// tests/experiment/Ns3ReferenceTest.cpp (four flows into 1 BDP) and the P4 rows of
// docs/validation.md.

#include "TcpWindow.hpp"
#include "meridian/net/NetworkConfig.hpp"
#include "meridian/sim/SimTime.hpp"

#include <cstdint>
#include <vector>

namespace meridian::net {

struct Connection;

/// A connection's place among those sharing its bottleneck.
struct BottleneckPlace
{
    /// TCP connections already sending through the bottleneck when this one started.
    std::uint32_t rank = 0;
    /// HyStart's delay exit this connection's round found: the bytes the connections leaving
    /// slow start share, and how many they are.
    double delayExitShared_bytes = 0.0;
    double delayExitConnections = 0.0;
    /// This round found the windows above the pipe and the buffer: cut the others too.
    bool overflowed = false;
    /// This round ended slow start by the delay increase: the others leave too.
    bool delayExited = false;
    /// The connection (index) an overflow in congestion avoidance found by this round does
    /// not cut, the largest window's (drop-tail lock-out); kNoConnection for none.
    std::uint32_t spared = kNoConnection;
    static constexpr std::uint32_t kNoConnection = 0xffffffffU;
};

class SharedBottlenecks
{
public:
    SharedBottlenecks(const NetworkConfig& config, const std::vector<Connection>& connections,
                      std::size_t resourceCount);

    /// Connection ci (its tcpFlows already changed by delta) starts (+1) or stops (−1) a TCP
    /// message on its resources; a connection that starts takes its rank.
    void countTcpFlow(Connection& c, std::uint32_t ci, int delta);
    /// A TCP message of c starts (+1) or stops (−1) sending its last window as a burst.
    void countBurst(const Connection& c, int delta);
    /// The connections with a TCP message through `resource`.
    const std::vector<std::uint32_t>& members(std::uint32_t resource) const
    {
        return m_load[resource].members;
    }

    /// TCP connections with a message on `resource` (at least 1).
    double sharers(std::uint32_t resource) const;
    /// Connections whose slow-start rounds reach c's bottleneck queue ahead of c's, plus c.
    double slowStartOrder(const Connection& c) const;
    /// The windows through c's bottleneck (c's included), each at most its send limit.
    double windowsBytes(const Connection& c) const;
    /// The queue delay the windows through c's bottleneck keep there beyond its pipe, at most
    /// its buffer, when several connections share it (0 otherwise).
    double queueS(const Connection& c) const;
    /// The same for windows_bytes through the bottleneck in all (windowsBytes).
    double queueS(const Connection& c, double windows_bytes) const;
    /// Records queue_s as the queue the caps through `resource` were last set with; returns
    /// whether it changed.
    bool noteQueue(std::uint32_t resource, double queue_s);

    /// HyStart's delay increase found by c's slow-start round (a CUBIC connection sharing its
    /// bottleneck): whether it ends c's slow start (then c.place.delayExited, and
    /// c.place.overflowed where the windows are beyond the pipe and the buffer too).
    bool delayExit(Connection& c, sim::SimTime now) const;
    /// HyStart's delay increase c's slow-start round finds behind the bursts of the
    /// connections ahead of it (lower rank, still in slow start): whether it ends c's slow
    /// start at its window (c alone; the others go on).
    bool positionalExit(Connection& c, sim::SimTime now) const;
    /// Whether c's round finds the windows through its bottleneck above its pipe and buffer
    /// (in slow start; in congestion avoidance only into a queue that locks out: lockOut):
    /// c.place.overflowed set, and c cut unless it is the connection the lock-out spares
    /// (c.place.spared).
    bool overflow(Connection& c, sim::SimTime now) const;
    /// A loss-free bottleneck whose buffer cannot hold one ACK-clocked burst of every
    /// connection sending there, B_q < 2 segments × connections: an overflow of windows in
    /// congestion avoidance cuts all of them but the largest (network-model.md §5.6).
    bool lockOut(const Connection& c) const;
    /// Ends o's slow start for the delay exit `by` found, at its share, unless o is `by`, has
    /// another bottleneck or is not in slow start: whether it did.
    bool joinDelayExit(Connection& o, const Connection& by, sim::SimTime now) const;
    /// Cuts o for the overflow `by` found, unless o is `by`, has another bottleneck, is in
    /// its recovery or is the connection the lock-out spares: whether it was cut.
    bool cutForOverflow(Connection& o, const Connection& by, sim::SimTime now) const;

    /// TCP messages on `resource` that are not last-window bursts (they keep a standing queue).
    std::uint32_t queueingFlows(std::uint32_t resource) const
    {
        const Load& load = m_load[resource];
        return load.flows > load.bursts ? load.flows - load.bursts : 0;
    }
    /// Mean standing queue (bytes) the bulk TCP transfers in congestion avoidance keep on a
    /// saturated resource whose buffer holds queue_bytes and which carries alloc_bps.
    double standingQueueBytes(std::uint32_t resource, double queue_bytes, double alloc_bps) const;

private:
    /// η·C_b, the queue HyStart's delay rule detects, for a CUBIC connection c sharing its
    /// bottleneck past HyStart's low window with a buffer that can hold it; 0 otherwise.
    double hystartDelayBytesFor(const Connection& c) const;
    /// The most the receive window and the application (NCCL's slots) let c have in flight.
    double sendLimitBytes(const Connection& c) const;
    /// What c's window puts in flight now: its congestion window, at most its send limit.
    double inflightBytes(const Connection& c) const;
    /// o's window when `by`'s round ended slow start by the delay (its rank's share).
    double delayExitShare(const Connection& o, const Connection& by) const;
    TcpContext context(const Connection& c) const;

    struct Load
    {
        std::uint32_t flows = 0;
        std::uint32_t bursts = 0; ///< of which send their last window as a burst
        std::vector<std::uint32_t> members;
        double queue_s = 0.0; ///< the queue the members' caps were last set with
    };

    const NetworkConfig& m_config;
    const std::vector<Connection>& m_connections;
    std::vector<Load> m_load; ///< by resource
};

} // namespace meridian::net
